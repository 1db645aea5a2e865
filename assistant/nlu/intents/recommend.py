"""Recommendations: "best gpu for llms under $1500", "which card for stable diffusion", "预算一万".

Claims a recommendation word, or a question with no GPU named that states a workload, budget,
memory size or condition (new/used).
"""

from __future__ import annotations

from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import Query, RecommendQuery


def read(r: Reading) -> Query | None:
    b = r.b
    if not (
        b.has("RECOMMEND") or (not r.refs and (r.workload or b.has("MONEY", "UNDER", "BUDGET", "MEMORY", "CONDITION")))
    ):
        return None
    org = b.meaning("ORGANIZATION")
    return RecommendQuery(
        text=r.text,
        workload=r.workload,
        budget_usd=r.money(),
        condition=b.first("CONDITION"),
        vendor=b.first("VENDOR"),
        min_memory_gb=r.num("MEMORY"),
        gpu_count=r.total_count() or 1,
        model=r.model,
        precision=r.precision,
        max_power_w=r.num("WATTS"),
        cloud=True if b.has("RENT") else None,
        organization=None if org is None else org == "yes",
        budget_currency=r.currency() if b.has("MONEY") else None,
        sort=b.meaning("SORT"),
        params_b=r.num("PARAMS"),
        model_family=b.meaning("FAMILY"),
        laptop=bool(said(r, "laptop_words")),
    )
