"""Cards of the class a recommendation asks for: "not a gaming card", "workstation gpu", "datacenter card", "需要ECC"
(RecommendQuery.card_class): the ranking is limited to them and the answer says so first.

Contract: `limit(query, env)` gives the query with `among` set to the KB's desktop cards whose architecture's product
class (knowledge/architectures.toml `product_class`) is in the asked class — "pro": workstation or datacenter (no
GeForce or consumer Radeon/Arc); "workstation"; "datacenter" — modified cards and laptop parts left out, and
`among_label` naming the class; the query as it is when no class is asked or a family is already named (a family
named is narrower: "rtx a-series" keeps its own list). `of_class(gpu, classes)`: one card's test, also for rigs.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.variants import is_modified

CLASSES = {"pro": ("workstation", "datacenter"), "workstation": ("workstation",), "datacenter": ("datacenter",)}


def limit(query: RecommendQuery, env: Env) -> RecommendQuery:
    classes = CLASSES.get(query.card_class or "")
    if not classes or query.among:
        return query
    names = tuple(g.name for g in env.reader.all_gpus() if of_class(g, classes))
    return dataclasses.replace(query, among=names, among_label=env.t(f"rec.card_class_{query.card_class}"))


def of_class(gpu, classes: tuple[str, ...]) -> bool:
    """Is `gpu` a desktop card of one of `classes` (its architecture's product class; no laptop part, unified-memory
    device or modified card)? Also the rig's candidate filter (respond/rig_rating.priced_builds)."""
    return (
        gpu.arch is not None
        and gpu.arch.product_class in classes
        and not gpu.is_mobile
        and not gpu.unified_memory
        and not is_modified(gpu.name)
    )
