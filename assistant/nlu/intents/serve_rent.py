"""Serving a model for a time with no GPU named: "serve a 70b model for a month, what does it cost", "how much to rent
gpus to serve llama 3 70b for a week", "云上部署qwen2.5 72b
一个月多少钱", "租卡部署llama3 70b 跑一个月 大概多少钱".

Contract: `read(r)` claims a question that names a model (or a size) and serves it (lexicon [lists] serve_words),
asks what it costs (a cost word, "how much", money_asks) over a time (a period asked, months, or hours), and names no
GPU, buys nothing, weighs no renting against buying, serves no number of users (respond/serving_sets.py answers
those) and is not deployed at home (local_deploy_words without a rent word; an electricity word or a draw):
RatesQuery(mode="serve") with no GPUs, whose answer is the cheapest set of rented cards that holds the model over
that time (respond/rates_serve.py); None otherwise.
"""

from __future__ import annotations

from assistant.nlu.intents.rates import period, provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.periods import CALENDAR_WEEKS, HOURS_PER_MONTH, HOURS_PER_WEEK
from assistant.queries import Query, RatesQuery

_NOT = ("BUY", "WATTS", "KWH", "USERS", "BUDGET", "RECOMMEND", "COMPARE")


@needs(("MODEL", "PARAMS"), said=("serve_words",), unless=_NOT)
def read(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or not (r.model or b.has("PARAMS")) or b.has(*_NOT) or b.struct("rent_buy"):
        return None
    rented = b.has("RENT") or provider(r) is not None
    if not said(r, "serve_words") or (said(r, "local_deploy_words") and not rented) or b.means("ELECTRICITY"):
        return None
    if said(r, "verdict_worth") or said(r, "rent_vs_buy") or dict(r.targets()).get("users", 0) > 1:
        return None
    asked = b.has("COST", "HOW_MUCH") or "price" in b.meanings.get("FIELD", []) or bool(said(r, "money_asks"))
    per_week, total = r.hours()
    months = r.months()
    if not asked or not (period(r) or months or per_week or total):
        return None
    hours = total or (months * HOURS_PER_MONTH if months else None)
    # "8 hours a day for a month": those hours over the period asked (24/7: the period's hours, all day)
    if hours is None and per_week and per_week < HOURS_PER_WEEK:
        hours = per_week * CALENDAR_WEEKS.get(period(r) or "month", CALENDAR_WEEKS["month"])
    return RatesQuery(
        text=r.text,
        provider=provider(r),
        mode="serve",
        hours=hours,
        period=period(r),
        model=r.model,
        params_b=r.num("PARAMS") if not r.model else None,
        precision=r.precision,
        workload=r.workload,
    )
