"""Several cards of one kind against "one better card" for the same money: "is it dumb to buy 2 3060s instead of one
better card", "两张3060还是一张好点的卡". The unnamed card is the fastest single card the set's money buys, and the
two are compared as any two named sets are.

Contract: `named_card(query, env)` -> the query with the unnamed single card filled in, or None when the question
does not ask that: a phrase of lexicon [lists] one_better_card_words, one card kind named, counted two or more, with
a price. The single card: the NVIDIA desktop card (not passive, not a module, not a laptop part or a whole system)
that is fastest for the question's work (pricing.perf_workload; more memory breaks a tie) at a price no higher than
the set's (`price_of` with the set's condition, times its count). `lead(env, query)` is the sentence that names it.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, GpuRef
from assistant.respond import builds
from assistant.respond.env import Env
from assistant.respond.pricing import perf_workload, price_of, score


def named_card(query: CompareQuery, env: Env) -> tuple[CompareQuery, str] | None:
    """(the query with the single card named, the sentence that says which card and why) or None."""
    if not lexicon(env.lang).words_in("one_better_card_words", query.text.lower()):
        return None
    refs = [r for r in query.gpus if r.name]
    names = {r.name for r in refs}
    if len(names) != 1:
        return None
    counted = max(refs, key=lambda r: r.count)
    price = price_of(counted.name or "", env, counted.condition)
    if counted.count < 2 or price is None:
        return None
    total = price.usd * counted.count
    key = perf_workload(query.workload, query.precision)
    best = None
    for gpu in env.reader.all_gpus():
        if gpu.name == counted.name or (gpu.vendor or "").lower() != "nvidia" or gpu.passively_cooled:
            continue
        if builds.fits_a_workstation(gpu):
            continue
        found = price_of(gpu.name, env)
        if found is None or found.usd > total:
            continue
        rank = (score(gpu, key, 1).score, gpu.memory_gb or 0.0)
        if best is None or rank > best[0]:
            best = (rank, gpu, found.usd)
    if best is None:
        return None
    _, gpu, usd = best
    single = GpuRef(mention=gpu.short_name, name=gpu.name, count=1)
    lead = env.t(
        "one_card.lead",
        n=counted.count,
        gpu=env.gpu(counted.name).short_name,
        total=env.money(total),
        other=gpu.short_name,
        price=env.money(usd),
    )
    return dataclasses.replace(query, gpus=(counted, single)), lead
