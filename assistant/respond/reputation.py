"""Why a card is criticized, in numbers (nlu/intents/reputation.py compares it with its predecessor).

Contract: `lead(answer, query, env)` puts first, in a comparison whose question says a word of lexicon
reputation_asks and whose last card is the predecessor of each other card (nlu reputation.tier_before; two cards, or
three when a card's memory sizes are all compared), what each newer card gives up against the older one (memory
bandwidth, bus width, PCIe lanes, memory size: each only when lower) and gains (memory), from the KB specs; the
answer unchanged otherwise.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

_LANES = re.compile(r"x(\d+)")


def lead(answer: Answer, query, env: Env) -> Answer:
    names = [r.name for r in getattr(query, "gpus", ()) if r.name]
    if not 2 <= len(names) <= 3 or not lexicon(env.lang).words_in("reputation_asks", f" {query.text.lower()} "):
        return answer
    from assistant.nlu.intents.reputation import tier_before

    *news, before = names  # "the 4060 ti": each memory size against the one predecessor
    if not all(tier_before(before, n) for n in news):
        return answer
    old = env.reader.known_gpu(before)
    said: list[str] = []
    first: list[str] | None = None
    for name in news:
        new = env.reader.known_gpu(name)
        worse, better = _differences(new, old, env)
        if first is not None and worse == first:  # the 8 GB and the 16 GB give up the same: said once
            gains = i18n.comma(env.lang).join(better) if better else env.t("reputation.nothing")
            said.append(env.t("reputation.same", gpu=new.short_name, better=gains))
            continue
        first = worse
        said.append(_said(new, old, worse, better, env))
    answer.headline = i18n.gap(env.lang).join([*said, answer.headline])
    return answer


def _said(new, old, worse: list[str], better: list[str], env: Env) -> str:
    return env.t(
        "reputation.lead" if worse else "reputation.lead_none",
        gpu=new.short_name,
        old=old.short_name,
        worse=i18n.comma(env.lang).join(worse),
        better=i18n.comma(env.lang).join(better) if better else env.t("reputation.nothing"),
    )


def _differences(new, old, env: Env) -> tuple[list[str], list[str]]:
    worse: list[str] = []
    better: list[str] = []
    bw_new, bw_old = new.memory_bandwidth_gb_s or 0, old.memory_bandwidth_gb_s or 0
    if bw_new and bw_old and bw_new < bw_old:
        worse.append(env.t("reputation.bandwidth", new=f"{bw_new:,.0f}", old=f"{bw_old:,.0f}"))
    bus_new, bus_old = new.memory_bus_bits or 0, old.memory_bus_bits or 0
    if bus_new and bus_old and bus_new < bus_old:
        worse.append(env.t("reputation.bus", new=bus_new, old=bus_old))
    lanes_new, lanes_old = _lanes(new.bus_interface), _lanes(old.bus_interface)
    if lanes_new and lanes_old and lanes_new < lanes_old:
        worse.append(env.t("reputation.lanes", new=lanes_new, old=lanes_old))
    mem_new, mem_old = new.memory_gb or 0, old.memory_gb or 0
    if mem_new and mem_old and mem_new < mem_old:
        worse.append(env.t("reputation.memory", new=f"{mem_new:g}", old=f"{mem_old:g}"))
    elif mem_new > mem_old > 0:
        better.append(env.t("reputation.memory", new=f"{mem_new:g}", old=f"{mem_old:g}"))
    return worse, better


def _lanes(interface: str | None) -> int:
    found = _LANES.search(interface or "")
    return int(found.group(1)) if found else 0
