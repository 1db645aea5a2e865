"""A comparison for an LLM that no side holds on one card: "4090 or 3090 for running 70b?", "4090和3090哪个跑70b快".

Contract: `sets_that_hold(model, prec, names, env)` returns {GPU name: Held} for each side whose fewest cards holding
the model (memory §mem, layer split over identical cards) are at most MAX_CARDS, with that set's single-user speed
(§llm.decode) and its cards' price (`pricing.price_of`, None when unpriced). `pick(held, model, env)` returns
(name, sentence) for the set to get: the cheaper one unless the other is FASTER_BY times as fast (then the faster
one, the extra money said); unpriced, the faster one when SAME_SPEED or more apart; None when nothing decides.
`line(held, env)` is the sentence that lists every set. A picked set with less than HEADROOM_WARN of each card
left is said to be tight (short context, a lower quantization for room).
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant import i18n
from assistant.models import constants as C
from assistant.models import hardware, llm, memory, scaling
from assistant.respond.builds import MAX_GPUS, SERVER_GPUS
from assistant.respond.compare_pick import FASTER_BY, SAME_SPEED
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.respond.wording import counted
from assistant.specs import GpuSpec

MAX_CARDS = MAX_GPUS  # more cards than a workstation holds (§rig) is a server build, not a set to compare


@dataclass(frozen=True)
class Held:
    """A set of cards that holds a model: its speed and price."""

    gpu: GpuSpec
    count: int
    tokens_per_s: float
    usd: float | None  # the cards of the set, None when unpriced
    tight: bool = False  # less than HEADROOM_WARN of each card left (§mem.units): said with the pick

    def label(self, env: Env) -> str:
        return counted(env, self.gpu, self.count)


def _fewest(model, prec: str, gpu) -> tuple[int, bool] | None:
    """(the fewest cards that hold the model, whether that set is tight: under HEADROOM_WARN of a card left); a
    server board (no fan of its own, or an SXM / OAM module) up to one server's SERVER_GPUS, others a workstation's."""
    limit = hardware.gpu_memory_limit_gb(gpu)
    most = SERVER_GPUS if gpu.passively_cooled else MAX_CARDS
    for n in range(2, most + 1):
        f = memory.fit(memory.inference_memory(model, prec, n_gpus=n), limit, n)
        if f.fits:
            return n, f.headroom_gb < C.HEADROOM_WARN * f.available_gb
    return None


def sets_that_hold(model, prec: str, names: list[str], env: Env, served: bool = False) -> dict[str, Held]:
    """`served` (vLLM): each set rounded up to one that splits the attention heads evenly (tensor parallel)."""
    from assistant.respond.serving import tensor_parallel_count

    held = {}
    for name in names:
        gpu = env.reader.known_gpu(name)
        if gpu.unified_memory:  # a Mac is one machine: no set of them
            continue
        fewest = _fewest(model, prec, gpu)
        if fewest is None:
            continue
        n, tight = fewest
        if served and (split := tensor_parallel_count(model.attention_heads, n, model.kv_heads)) != n:
            n, tight = split, False
        if served:  # vLLM splits each layer across the set (tensor parallel, on the serving engine's bandwidth)
            link = scaling.link(gpu, n)
            speed = llm.decode_speed(
                gpu, model, prec, context=1024, batch=1, n_gpus=n, split="tensor", interconnect=link, engine="vllm"
            ).tokens_per_s
        else:
            speed = llm.decode_speed(gpu, model, prec, context=1024, batch=1, n_gpus=n).tokens_per_s
        price = price_of(name, env)
        held[name] = Held(gpu, n, speed, price.usd * n if price else None, tight)
    return held


def line(held: dict[str, Held], env: Env) -> str:
    items = [
        env.t(
            "compare.set_item",
            label=h.label(env),
            total=f"{h.count * (h.gpu.memory_gb or 0):g}",
            tps=f"{h.tokens_per_s:,.0f}",
            price=env.t("compare.set_price", money=env.money(h.usd)) if h.usd else "",
        )
        for h in held.values()
    ]
    return env.t("compare.sets_line", items=env.t("compare.model_sep").join(items))


def pick(held: dict[str, Held], model: str, env: Env) -> tuple[str, str] | None:
    if len(held) == 1:
        name, h = next(iter(held.items()))
        key = "compare.set_only_server" if h.gpu.passively_cooled else "compare.set_only"
        return name, env.t(key, label=h.label(env), model=model)
    if len(held) != 2:
        return None
    (na, a), (nb, b) = held.items()
    if a.usd and b.usd:
        cheap, dear = (na, nb) if a.usd <= b.usd else (nb, na)
        ratio = held[dear].tokens_per_s / held[cheap].tokens_per_s if held[cheap].tokens_per_s else 0.0
        name, other = (dear, cheap) if ratio >= FASTER_BY else (cheap, dear)
    else:
        name, other = (na, nb) if a.tokens_per_s >= b.tokens_per_s else (nb, na)
        if held[name].tokens_per_s < SAME_SPEED * held[other].tokens_per_s:
            return None
    me, them = held[name], held[other]
    if me.usd and them.usd and me.usd <= them.usd:
        key = "compare.set_pick_both" if me.tokens_per_s >= them.tokens_per_s else "compare.set_pick_cheaper"
    else:
        key = "compare.set_pick_faster" if me.usd and them.usd else "compare.set_pick_speed"
    fast, slow = max(me.tokens_per_s, them.tokens_per_s), min(me.tokens_per_s, them.tokens_per_s)
    said = env.t(
        key,
        label=me.label(env),
        model=model,
        money=env.money(me.usd) if me.usd else "?",
        tps=f"{me.tokens_per_s:,.0f}",
        other=them.label(env),
        other_money=env.money(them.usd) if them.usd else "?",
        ratio=f"{fast / slow if slow else 0:.1f}",
        other_tps=f"{them.tokens_per_s:,.0f}",
    )
    if me.tight:  # "两张呢，能跑70b吗": 42.8 of 44 GB holds, but only just
        said += i18n.gap(env.lang) + env.t("compare.set_tight", label=me.label(env), pct=f"{C.HEADROOM_WARN * 100:.0f}")
    return name, said
