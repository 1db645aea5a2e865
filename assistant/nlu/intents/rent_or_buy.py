"""Rent or buy: "rent or buy a 4090 at 20 hours a week?", "租还是买".

Claims a question with a rent word or a rent-or-buy structure, unless it asks which GPU to
rent without naming one (that is a recommendation in the cloud).
"""

from __future__ import annotations

from assistant.nlu.intents.rates import provider
from assistant.nlu.reading import Reading
from assistant.queries import Query, RentOrBuyQuery


def read(r: Reading) -> Query | None:
    b = r.b
    if not (b.has("RENT") or b.struct("rent_buy")):
        return None
    if b.has("RECOMMEND") and not r.explicit and not b.has("BUY"):
        return None
    per_week, _ = r.hours()
    return RentOrBuyQuery(
        text=r.text,
        gpus=tuple(r.refs),
        hours_per_week=per_week,
        utilization=r.num("PERCENT"),
        months=r.months(),
        workload=r.workload,
        provider=provider(r),
    )
