"""Where the GPU a verdict is about stands among the cards priced in the snapshot in force: "is a 3090 worth it",
"is the 4060 ti 16gb good value for llms", "is a p40 a good buy".

Contract: `Speeds` is the speed a verdict divides by price (the roofline score for the workload, or single-user
tokens/s of the common chat model when the verdict is about running LLMs: `chat_basis`, §llm.decode);
`alternatives` the cards in the asker's price class (at most BAND x its price; datacenter and modified cards only
against their own kind); `nvidia_near` the best-value NVIDIA card at about its price (NEAR_PRICE);
`why_not_ranked` why the card has no place in the ranking; `value_table_row` its row of the value table (§rec).
Called by respond/verdict.py.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.respond.env import Env
from assistant.respond.pricing import (
    CHAT_MODEL,
    ValueRow,
    chat_score,
    chat_tokens_per_s,
    price_text,
    value_row,
    workload_title,
)
from assistant.respond.recommend_need import exclusion_reason
from assistant.respond.variants import is_modified
from assistant.respond.wording import counted
from assistant.specs import GpuSpec

BAND = 2.0  # alternatives cost at most this many times the asked GPU (its price class) [A]


def chat_basis(env: Env, workload: str | None):
    """(model, quant, RTX 3090 tokens/s) when the verdict is about running LLMs: one person chatting
    waits on batch-1 decode (§llm.decode), so that speed decides, not batched throughput."""
    if workload != "llm_inference":
        return None
    model, ref = env.reader.model(CHAT_MODEL[0]), env.reader.gpu(C.REF_NAME)
    if model is None or ref is None:
        return None
    return model, CHAT_MODEL[1], chat_tokens_per_s(model, CHAT_MODEL[1], ref)


class Speeds:
    """The speed a verdict divides by price: the roofline score for the workload, or single-user tokens/s."""

    def __init__(self, env: Env, key: str, chat) -> None:
        self.env, self.key, self.chat = env, key, chat

    def title(self) -> str:
        if self.chat:
            return self.env.t("rec.chat_title", model=self.chat[0].name, quant=self.chat[1])
        return workload_title(self.env, self.key)

    def row(self, gpu: GpuSpec, n: int) -> ValueRow:
        perf = chat_score(*self.chat, gpu, "chat", n) if self.chat else None
        return value_row(gpu, self.env, self.key, n, perf=perf)

    def tokens_per_s(self, gpu: GpuSpec) -> float | None:
        return chat_tokens_per_s(self.chat[0], self.chat[1], gpu) if self.chat else None


def value_table_row(env: Env, label: str, v: ValueRow, rank: str) -> list[str]:
    mem = (v.gpu.memory_gb or 0) * v.n_gpus
    per = f"{env.per_money(v.per_tco):.2f}" if v.per_tco is not None else env.term("n/a")
    return [label, f"{mem:g} GB", f"{v.perf.score:.2f}", price_text(v.price, env), per, rank]


def alternatives(rows, gpu: GpuSpec, n: int, mine: ValueRow, env: Env):
    """(price ceiling, best value at most that much, cheapest that does it): alternatives in the asker's
    price class. The ceiling is twice what the asked GPU(s) cost, or twice the cheapest that does it
    when the asked GPU has no price (a P40 shopper is not shown a 5090). Passively cooled datacenter
    cards are alternatives only to another such card (they need a server chassis); so are modified cards."""

    modified = is_modified(gpu.name)

    def comparable(r) -> bool:
        other = env.reader.gpu(r.gpu)
        # a modified card (2080 Ti 22 GB: no vendor warranty, no BF16) is an alternative only to another such card
        return (
            other is not None
            and (gpu.passively_cooled or not other.passively_cooled)
            and (modified or not is_modified(r.gpu))
        )

    others = [r for r in rows if not (r.gpu == gpu.name and r.n_gpus == n) and comparable(r)]
    cheapest = min(others, key=lambda r: r.price_usd * r.n_gpus, default=None)
    if mine.price is not None:
        ceiling = mine.price.usd * n * BAND
    elif cheapest is not None:
        ceiling = cheapest.price_usd * cheapest.n_gpus * BAND
    else:
        return None, None, None
    in_band = [r for r in others if r.price_usd * r.n_gpus <= ceiling]  # rows come best value first
    return ceiling, (in_band[0] if in_band and mine.price is not None else None), cheapest


def excluded(ranking, gpu: GpuSpec) -> bool:
    """The ranking left this card out for a reason of its own (memory, power, vendor ...), not for want of a price."""
    return any(g == gpu.name and "no price" not in r for g, r in ranking.excluded)


def why_not_ranked(env: Env, ranking, gpu: GpuSpec, mine: ValueRow) -> str:
    found = next((r for g, r in ranking.excluded if g == gpu.name), None)
    if mine.price is None:
        return env.t("verdict.missing_price", snapshot=env.snapshot_label())
    return exclusion_reason(found, env) if found else env.t("verdict.missing_rank")


def nvidia_near(rows, mine: ValueRow, env: Env) -> str:
    """The NVIDIA card with the most value in the ranking at up to NEAR_PRICE x the asked card's price, worded with its
    memory and price; "" when the asked card has no price or none is that close."""
    if mine.price is None:
        return ""
    cap = mine.price.usd * mine.n_gpus * NEAR_PRICE
    mem = (mine.gpu.memory_gb or 0) * mine.n_gpus
    near = []
    for r in rows:  # best value first
        other = env.reader.gpu(r.gpu)
        if other is None or other.vendor != "NVIDIA" or other.passively_cooled or r.price_usd * r.n_gpus > cap:
            continue
        near.append((r, other))
    # as much memory as the asked card first (a 24 GB card's alternative is not a 16 GB one), else the best value
    r, other = next(
        ((r, o) for r, o in near if (o.memory_gb or 0) * r.n_gpus >= mem), near[0] if near else (None, None)
    )
    if r is None or other is None:
        return ""
    return env.t(
        "verdict.nvidia_near",
        gpu=counted(env, other, r.n_gpus, article=False),
        mem=f"{(other.memory_gb or 0) * r.n_gpus:g}",
        price=env.money(r.price_usd * r.n_gpus),
    )


NEAR_PRICE = 1.25  # "at about its price": up to 25 % dearer, as the worth verdict's "better value" band [A]
