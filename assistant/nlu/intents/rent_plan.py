"""A cloud's period plan against paying by the hour: "autodl 4090 按量和包月哪个划算 每天用6小时", "从按量换成包月
能省多少", "包月租两张a100 三个月 总共多少钱", "autodl 4090包月多少钱", "4090包周划算吗".

`read` claims a question that says a period plan (lexicon [lists] rent_plan_month / rent_plan_week: 包月, 月租,
包周 ...) with a GPU, a provider or a rent word. One that only weighs a plan's quote
("8卡a800包月12万 贵不贵", "阿里云 a100 包月报价¥2.1万 合理吗": one amount and a deal word, no hours and no
on-demand word: a VerdictQuery of kind "deal" with offer_period, respond/rent_quote.py). Otherwise it returns a
RatesQuery in mode "plan": the plan's period, the hours of use in that period the question states (hours a
week x 52 / 12 for a month), how many periods ("三个月"), a plan price stated ("包月要¥1052") and an hourly rate stated
("按量 ¥1.98一小时"). respond/rent_plan.py prices both ways.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.rates import provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.periods import CALENDAR_WEEKS
from assistant.queries import Query, RatesQuery, VerdictQuery

_MIN_PRICE = 100.0  # a bare number this large is an amount of money, smaller ones are rates, counts or hours [A]
_NEAR = 3  # characters between a plan / on-demand word and its amount ("包月要¥1052": "要")
_WEEKS = {p: CALENDAR_WEEKS[p] for p in ("month", "week")}  # weeks of use in the plan's period
_PERIODS = re.compile(
    r"([0-9]+|[一二两三四五六七八九十]+)\s*个\s*(月|星期|礼拜)|([0-9]+|[一二两三四五六七八九十]+)\s*(周)"
)


def read(r: Reading) -> Query | None:
    plan_word = said(r, "rent_plan_month") or _week_plan(r)
    plan = "month" if said(r, "rent_plan_month") else "week" if plan_word else None
    if plan is None:
        return None
    b = r.b
    if not (r.explicit or b.has("RENT") or provider(r) or said(r, "rent_ondemand_words")):
        return None  # "包月和按量哪个划算": the plan against paying by the hour says the rent itself
    per_week, total = r.hours()
    ondemand = said(r, "rent_ondemand_words")
    amounts = [t for t in b.tags if t.kind == "MONEY" or (t.kind == "NUMBER" and _value(t) >= _MIN_PRICE)]
    asked = said(r, "deal_words") or said(r, "verdict_worth")
    if len(amounts) == 1 and not (per_week or total or ondemand) and asked:
        # "8卡a800包月12万 贵不贵", "阿里云 a100 包月报价¥2.1万 合理吗": a quote for the period, weighed per GPU-hour
        if not r.explicit or len({g.name for g in r.explicit}) != 1:
            return None
        currency = r.currency("MONEY") if amounts[0].kind == "MONEY" else r.unnamed_currency()
        return VerdictQuery(
            text=r.text,
            gpus=(r.explicit[0],),
            kind="deal",
            offer=_value(amounts[0]),
            money_currency=currency,
            offer_period=plan,
        )
    used = total if total is not None and not per_week else (per_week * _WEEKS[plan] if per_week else None)
    price = _after(r, plan_word, amounts) or (amounts[-1] if amounts and b.has("MONEY") else None)
    rate = r.num("RATE")
    bare_rate = _after(r, ondemand, [t for t in b.tags if t.kind == "NUMBER"]) if ondemand and rate is None else None
    return RatesQuery(
        text=r.text,
        gpus=tuple(r.refs),
        provider=provider(r),
        mode="plan",
        period=plan,
        hours=used,
        plan_periods=_periods(r.text, plan),
        plan_price=_value(price) if price is not None else None,
        plan_price_currency=r.unnamed_currency()
        if price is not None and price.kind == "NUMBER"
        else r.currency("MONEY"),
        stated_rate=rate if rate is not None else (_value(bare_rate) if bare_rate is not None else None),
        stated_rate_currency=r.currency("RATE") if rate is not None else r.unnamed_currency(),
    )


def _week_plan(r: Reading):
    """A weekly plan word, not "每周租 ... 6个小时" (rents every week, for hours): 周租 right after 每 / 一 is a
    schedule."""
    word = said(r, "rent_plan_week")
    if word is None:
        return None
    low = r.text.lower()
    at = [i for i in range(len(low)) if low.startswith(str(word), i)]
    return word if any(i == 0 or low[i - 1] not in "每一" for i in at) else None


def _after(r: Reading, word: str | None, tags: list):
    """The amount right after `word` ("包月1052", "按量1.98", "包月要¥1052"): a few characters between at most."""
    at = r.text.find(word) if word else -1
    if word is None or at < 0:
        return None
    end = at + len(word)
    return next((t for t in tags if 0 <= t.start - end <= _NEAR), None)


def _value(tag) -> float:
    try:
        return float(tag.value)
    except (TypeError, ValueError):
        return 0.0


def _periods(text: str, plan: str) -> float | None:
    """ "三个月" -> 3 months of a month plan, "2周" -> 2 weeks of a week plan; None when no count is said."""
    for m in _PERIODS.finditer(text):
        number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if (unit == "月") != (plan == "month"):
            continue
        value = float(number) if number.isdigit() else cn_number(list(number))
        if value:
            return value
    return None
