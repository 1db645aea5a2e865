"""A worked bill in words: the sentence that leads with the total and its terms, the hours and the draw it was
worked from, and what was assumed (respond/calc.py works the bill; models/calc.py sums it).

Contract: `_sentence(calc, defaults, env)` -> the lead sentence of a `Calc` in the env's language and currency, with
its hours line, its draw line and a note for each value the KB stood in for (board power, electricity price, rental
rate with provider and date, the rate a converted amount was taken at); `_money` / `_num` format a sum and a
quantity as the bill shows them; `_term_text` is one term ("electricity 610 W x 7 h x $0.23/kWh = $1.00"). Pure.
"""

from __future__ import annotations

import math

from assistant import i18n
from assistant.models.calc import Calc, Factor, Hours, Term
from assistant.periods import PERIOD_HOURS
from assistant.respond.env import SYMBOLS, Env


def _rate_notes(defaults: dict, env: Env) -> list[str]:
    """ "$1 = ¥7.0197": the rate each converted amount was taken at (knowledge/exchange_rates.csv or the rate set)."""
    cur = env.currency
    notes = []
    for other in defaults.get("converted") or ():
        rate = (env.per_usd(cur) or 1.0) / (env.per_usd(other) or 1.0)
        one = f"{SYMBOLS.get(other, other + ' ')}1"
        notes.append(env.t("calc.converted", one=one, rate=f"{SYMBOLS.get(cur, cur + ' ')}{rate:,.4g}"))
    return notes


def _money(value: float, env: Env) -> str:
    symbol = SYMBOLS.get(env.currency, "$")
    decimals = 3 if value < 0.1 and f"{value:.3f}"[-1] != "0" else 2 if value < 1000 else 0
    if 0 < value < 0.01:  # "cost per image": a fraction of a cent, two significant digits ($0.00038), never $0.00
        decimals = max(3, 1 - math.floor(math.log10(value)))
    return f"{symbol}{value:,.{decimals}f}"


def _num(value: float) -> str:
    return (
        f"{value:,.0f}" if value >= 100 else f"{value:,.3g}" if value < 10 else f"{value:,.1f}".rstrip("0").rstrip(".")
    )


def _factor(f: Factor, term: Term, env: Env) -> str:
    if f.key == "rate":
        return env.t(f"calc.rate_{term.kind}", money=_money(f.value, env))
    if f.key == "rate_items":  # source: the items the price is per ("1e+06")
        return env.t("calc.rate_per_items", money=_money(f.value, env), n=_num(float(f.source)))
    if f.key == "rate_gb":
        return env.t("calc.rate_gb", money=_money(f.value, env))
    if f.key == "price_kwh":
        return env.t("calc.price_kwh", money=_money(f.value, env))
    key = "months_one" if f.key == "months" and f.value == 1 else f.key
    return env.t(f"calc.{key}", n=_num(f.value))


def _term_text(term: Term, env: Env, asked: str) -> str:
    value = env.t("calc.kwh", n=_num(term.value)) if asked == "kWh" else _money(term.value, env)
    parts = " x ".join(_factor(f, term, env) for f in term.factors)
    kind = "energy_kwh" if asked == "kWh" else term.kind
    if len(term.factors) == 1 and term.kind in ("part", "price"):  # "plus other parts ¥1,500"
        return env.t("calc.kind_" + kind) + parts
    return env.t("calc.term", kind=env.t(f"calc.kind_{kind}"), parts=parts, value=value)


_DIVIDE = ("speed", "realtime")  # parts the hours are divided by


def _hours_text(hours: Hours | None, env: Env) -> str:
    if hours is None or len(hours.parts) < 2:
        return ""
    parts = "".join(
        (" / " if k in _DIVIDE else " x " if i else "") + env.t(f"calc.h_{k}", n=_num(v))
        for i, (k, v) in enumerate(hours.parts)
    )
    return env.t("calc.hours_line", parts=parts, hours=_num(hours.value))


def _draw_text(calc: Calc, env: Env) -> str:
    if not calc.draw:
        return ""
    parts = {k: v for k, v in calc.draw}
    base = (
        env.t("calc.draw_each", n=_num(parts["cards"]), w=_num(parts["each"]))
        if "each" in parts
        else env.t("calc.watts", n=_num(parts["watts"]))
    )
    total = parts.get("cards", 1) * parts.get("each", 0) + parts.get("watts", 0) + parts.get("rest", 0)
    rest = env.t("calc.draw_rest", n=_num(parts["rest"])) if "rest" in parts else ""
    return env.t("calc.draw_line", parts=base + rest, w=_num(total))


def _assumed(calc: Calc, defaults: dict, env: Env) -> list[str]:
    notes = []
    for term in calc.terms:
        for f in term.factors:
            if f.key == "watts" and f.source == "default":
                notes.append(env.t("calc.assumed_watts", gpu=defaults.get("watts_of", ""), n=_num(defaults["watts"])))
            if f.key == "price_kwh" and f.source == "default":
                notes.append(env.t("calc.assumed_kwh", money=_money(f.value, env)))
            if f.key == "rate" and f.source == "default":
                rate = defaults.get("rent_of") or {}
                provider, date = rate.get("provider", ""), rate.get("observed", "")
                notes.append(env.t("calc.assumed_rent", provider=provider, date=date, money=_money(f.value, env)))
            if f.key == "cards" and f.source == "assumed":
                notes.append(env.t("calc.assumed_per_card"))
    notes += _rate_notes(defaults, env)
    if calc.hours is not None and "period" in calc.hours.assumed:
        notes.append(env.t("calc.assumed_month"))
    if calc.hours is not None and "round_clock" in calc.hours.assumed:
        notes.append(env.t("calc.assumed_round_clock", hours=_num(calc.hours.value)))
    return notes


def _sentence(calc: Calc, defaults: dict, env: Env) -> str:
    total = env.t("calc.kwh", n=_num(calc.total)) if calc.asked == "kWh" else _money(calc.total, env)
    # a time said that outlasts the period asked ("60 小时 ... 每天多少" asks of something else): no period
    longer = calc.period is not None and calc.hours is not None and calc.hours.value > PERIOD_HOURS[calc.period]
    timed = longer and calc.hours is not None and calc.hours.parts[0][0] in ("span", "runs", "items", "media")
    period = env.t(f"calc.period_{calc.period}") if calc.period and not timed else ""
    if calc.items is not None and not calc.period:  # "cost per 1000 images": for that many
        one = calc.items[0] == 1  # "cost per image": for one of them
        period = env.t(f"calc.for_{'one' if one else 'items'}_{calc.items[1]}", n=_num(calc.items[0]))
    terms = [_term_text(t, env, calc.asked) for t in calc.terms]
    key = "calc.lead_one" if len(terms) == 1 else "calc.lead_sum"
    text = env.t(key, total=total, period=period, terms=env.t("calc.plus").join(terms))
    if calc.also_kwh and calc.kwh:
        text += env.t("calc.kwh_also", n=_num(calc.kwh))
    extra = [p for p in (_hours_text(calc.hours, env), _draw_text(calc, env), *_assumed(calc, defaults, env)) if p]
    return i18n.gap(env.lang).join([text, *extra])
