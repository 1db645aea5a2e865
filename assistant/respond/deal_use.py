"""Whether an offer is a good buy for its use, not only a good price for that card: "is nvidia l4 24gb any good for a
home server, saw one for $1,900" (12 % under the L4's street price, yet a used 3090 at $824 is about 3x as fast for
one user's LLM), "quadro rtx 8000 48gb for $1800, smart buy for 70b inference?" (2 x used 3090 hold the same 48 GB
for less and run it faster).

Contract: `much_better(query, gpu, per_card_usd, better, env)` -> the sentence that leads a deal answer when a card in
`better` (deal_market.better_alternatives: faster with at least as much memory, at or under the offer) is
POOR_BUY_FASTER times as fast or more on the use's measure (one user's LLM tokens/s for LLM use or no use said, else
the workload's speed key), or
"" . `pair_instead(query, gpu, offer_usd, env)` -> the sentence naming two cards of one model that together hold at
least the card's memory for no more than the offer and are faster for one user's LLM, for LLM use on a card of 32 GB
or more (a model split by layers over two cards, docs/model.md §llm.decode); "" otherwise. Never raises.
"""

from __future__ import annotations

from assistant.queries import VerdictQuery
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_MODEL, chat_tokens_per_s, perf_workload, price_of, score, workload_title
from assistant.respond.variants import china_only, is_modified
from assistant.specs import GpuSpec

POOR_BUY_FASTER = 1.5  # [A] a card this many times as fast for the same money or less makes a fair price a poor buy
PAIR_FROM_GB = 32.0  # [A] a card this big is bought for its memory: two smaller cards that hold as much are the rival
PAIR_FASTER = 1.1  # [A] the pair must be clearly faster, not equal within rounding
PAIR_CONDITION = "used"  # the pair is priced used: the cheap way to that memory


def _llm_use(query: VerdictQuery) -> bool:
    return (query.workload or "llm_inference") == "llm_inference"


def _speed(query: VerdictQuery, gpu: GpuSpec, env: Env) -> float:
    """The use's speed of one card: one user's tokens/s on the common chat model for LLM use, else the key's score."""
    if _llm_use(query):
        chat = env.reader.model(CHAT_MODEL[0])
        if chat is not None:
            return chat_tokens_per_s(chat, CHAT_MODEL[1], gpu)
    return score(gpu, perf_workload(query.workload, None)).score


def _measure(query: VerdictQuery, env: Env) -> str:
    if _llm_use(query):
        return env.t("deal.use_llm")
    return workload_title(env, perf_workload(query.workload, None))


def much_better(query: VerdictQuery, gpu: GpuSpec, better: list, env: Env) -> str:
    mine = _speed(query, gpu, env)
    if mine <= 0:
        return ""
    rated = [
        (r, env.reader.known_gpu(r.gpu))
        for r in better
        if not is_modified(r.gpu) and not (china_only(r.gpu) and env.price_market() != "CN")
    ]
    best = max(rated, key=lambda t: _speed(query, t[1], env), default=None)
    if best is None:
        return ""
    ratio = _speed(query, best[1], env) / mine
    if ratio < POOR_BUY_FASTER:
        return ""
    return env.t(
        "deal.poor_buy",
        gpu=gpu.short_name,
        alt=best[1].short_name,
        price=env.money(best[0].price_usd),
        memory=f"{best[1].memory_gb or 0:g}",
        ratio=f"{ratio:.1f}",
        measure=_measure(query, env),
    )


def pair_instead(query: VerdictQuery, gpu: GpuSpec, offer_usd: float, env: Env) -> str:
    if not _llm_use(query) or (gpu.memory_gb or 0) < PAIR_FROM_GB or offer_usd <= 0:
        return ""
    mine = _speed(query, gpu, env)
    best = None
    for name in {q.gpu for q in env.reader.prices(env.assumptions.snapshot)}:
        other = env.reader.gpu(name)
        if other is None or other.name == gpu.name or other.vendor != "NVIDIA" or other.passively_cooled:
            continue
        mem = other.memory_gb or 0
        if other.is_mobile or is_modified(other.name) or not (gpu.memory_gb or 0) / 2 <= mem < (gpu.memory_gb or 0):
            continue  # two smaller cards that hold as much together; a modified card is no like-for-like rival
        if china_only(other.name) and env.price_market() != "CN":
            continue  # "l40s for $6,500": the China-only RTX 5090 D is no card a dollar buyer can get
        price = price_of(name, env, PAIR_CONDITION) or price_of(name, env)
        if price is None or 2 * price.usd > offer_usd:
            continue
        speed = _speed(query, other, env)  # layer split: one card works at a time, so about one card's speed
        if speed >= mine * PAIR_FASTER and (best is None or speed > best[2]):
            best = (other, price, speed)
    if best is None:
        return ""
    other, price, speed = best
    return env.t(
        "deal.pair_instead",
        alt=other.short_name,
        total=env.money(2 * price.usd),
        memory=f"{2 * (other.memory_gb or 0):g}",
        gpu=gpu.short_name,
        ratio=f"{speed / mine:.1f}",
        measure=_measure(query, env),
    )
