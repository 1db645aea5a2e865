"""The other maker's card a comparison with one card names ("7900xtx跑sd和n卡比慢多少", "rx 9070 xt vs nvidia for llms",
"4090 vs amd for sd"): that maker's card at about the named card's price, so the comparison has two cards.

Contract: `filled(query, env)` -> (the query with its "vendor_peer" reference (nlu/intents/compare._vendor_peer)
replaced by that maker's desktop card (no laptop part, server card or unified-memory box), priced in the current
snapshot, with at least the named card's memory and at most NEAR_PRICE x its price (beside several named cards, the
dearest of them), the dearest of those (the nearest in class); the sentence that says so), or (query, "") when the
query holds no such reference, or (query with the reference left, "") when the named card has no price or no card
qualifies (the dialogue's question back follows from it).
"""

from __future__ import annotations

import dataclasses

from assistant.queries import GpuRef
from assistant.respond.env import Env
from assistant.respond.pricing import price_of, snapshot_quotes
from assistant.respond.verdict_value import NEAR_PRICE

_MAKER = {"nvidia": "NVIDIA", "amd": "AMD", "intel": "Intel"}


def filled(query, env: Env):
    ref = next((g for g in query.gpus if g.pronoun == "vendor_peer"), None)
    priced = [(p, g) for g in query.gpus if g.name and (p := price_of(g.name, env)) is not None]
    if ref is None or not priced or ref.mention not in _MAKER:
        return query, ""
    own_price, card = max(priced, key=lambda pg: pg[0].usd)  # beside several cards: the dearest one's class
    mine = env.reader.gpu(card.name or "")
    if mine is None:
        return query, ""
    peer = _peer(_MAKER[ref.mention], mine, own_price.usd, env)
    if peer is None:
        return query, ""
    gpu, usd = peer
    gpus = tuple(GpuRef(mention=gpu.short_name, name=gpu.name) if g is ref else g for g in query.gpus)
    said = env.t(
        "compare.vendor_peer",
        maker=_MAKER[ref.mention],
        peer=gpu.short_name,
        price=env.money(usd),
        gpu=mine.short_name,
        own=env.money(own_price.usd),
        gb=f"{mine.memory_gb or 0:g}",
    )
    return dataclasses.replace(query, gpus=gpus), said


def _peer(maker: str, mine, usd: float, env: Env):
    """(GpuSpec, price) of the maker's dearest priced desktop card within NEAR_PRICE x `usd` holding at least `mine`'s
    memory, or None."""
    names = dict.fromkeys(q.gpu for q in snapshot_quotes(env.reader, env.assumptions.snapshot, env.price_market()))
    found = []
    for name in names:
        gpu = env.reader.gpu(name)
        if gpu is None or gpu.vendor != maker or gpu.is_mobile or gpu.passively_cooled or gpu.unified_memory:
            continue
        if (gpu.memory_gb or 0) < (mine.memory_gb or 0):
            continue
        price = price_of(name, env)
        if price is not None and price.usd <= usd * NEAR_PRICE:
            found.append((price.usd, gpu.memory_gb or 0, gpu))
    if not found:
        return None
    usd_found, _mem, gpu = max(found, key=lambda f: (f[0], f[1]))
    return gpu, usd_found
