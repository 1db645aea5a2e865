"""The bill a question's own numbers add up to, worked out line by line, for any wording (models/calc.py).

Contract: `lead(answer, query, env)` -> the sentence that leads the answer, "" when the question asks no money or
energy figure, states nothing to multiply, or the answer already gives that figure (a total within 2 % in its first
lines). It reads the quantities with their units from the typed text (nlu/amounts.py), in the answer's currency;
a follow-up that only changes some of them ("and if only weekends?", "电费按0.6算呢") is read over the last bill's
(Context.calc). KB values stand in for what is not said, each shown with where it comes from: the cards' board
power (spec sheet), the electricity price in force, the answer's own cheapest rental rate (provider, date).
figures["calc"] = {"total", "asked", "said", "period"} whenever a bill is worked out (also when the answer gave it),
so that the next follow-up can change one number of it.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models.calc import EACH_RATE_MAX, Calc, solve
from assistant.nlu.amount_asks import period_asked, unexplained
from assistant.nlu.amounts import Amount, amounts, normal
from assistant.nlu.amounts_work import with_items_asked
from assistant.nlu.asked_currency import asked_currency
from assistant.nlu.lexicon import lexicon
from assistant.nlu.schedule import job_weeks
from assistant.periods import PERIOD_HOURS
from assistant.respond import calc_compare
from assistant.respond.calc_words import _assumed, _money, _num, _sentence, _term_text
from assistant.respond.env import SYMBOLS, Env, place_asked

_COST = re.compile(
    r"\b(?:bill|total|cost|costs|cost me|spend|pay|price|charge|how much|what'?s that|damage|budget)\b"
    r"|\b(?:electricity|power) (?:for|of)\b"
    r"|多少钱|一共|总共|花多少|要多少|多少|费用|花费|成本|电费|账单"
)
_KWH_ASKED = re.compile(
    r"how many kwh|kwh (?:is|does|would|will|a|per)\b|how much energy|energy (?:use|used|usage|consumption)"
    r"|多少度|几度电|用电量|耗电量"
)
_SHOWN = re.compile(r"([$¥€£])\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*kWh|(\d[\d,]*(?:\.\d+)?)\s*度")
_STATED_UNITS = ("money", "W", "kWh")


# a yes / no question is no change to the last bill ("会跳闸吗 宿舍限1500w", "is that enough at 850w?")
_YES_NO = re.compile(r"吗|会不会|能不能|够不够|行不行|\b(?:is|will|can|does|would|should)\b[^?]*\?|\benough\b")
_OTHER_FIGURES = ("share", "clock", "cap", "minimum", "time", "count", "why", "watts", "which", "list")


# a share of a bill or a difference asked: their own answers (respond/limits.py, respond/two_costs.py)
_NOT_A_BILL = re.compile(
    r"%|percent|\bshare\b|\bsav(?:e|es|ing|ings)\b|difference|cheaper|more expensive|占|比例|省|差多少|便宜多少|贵多少"
)


# "monthly in CAD?", "yearly bill in euros": an amount of money asked in a currency
_IN_CURRENCY = re.compile(
    r"\b(?:in|how many) (?:cad|usd|eur|euros?|gbp|pounds|dollars|bucks|yen|jpy|rmb|yuan|inr|rupees|[$€£¥₹])(?![a-z])"
)
_PERIOD_LAST = re.compile(r"(?:monthly|yearly|weekly|daily|a month|per month|a year|per year|a week|a day)\s*\?+\s*$")
_TARIFF = re.compile(r"(?:电费|电价)\s*(?:按|是|为)?\s*[\d.]")


def _without_buffers(text: str) -> str:
    """The text with the margins it states blanked ("plus 15% for failed runs" is no share of a bill)."""
    low = normal(text)
    for a in amounts(text):
        if a.role == "buffer":
            low = low[: a.start] + " " * (a.end - a.start) + low[a.end :]
    return low


def _asked(query, text: str) -> str | None:
    """ "money" | "kWh" | "both" (an energy and its bill: "一年多少度电 多少钱"), None when no bill is asked."""
    low = _without_buffers(text)
    if query.asked_figure in _OTHER_FIGURES or _NOT_A_BILL.search(low):
        return None  # a share of a bill, a cap, a time, a saving ...: their own answers
    kwh = bool(_KWH_ASKED.search(low))
    rest = _TARIFF.sub(" ", _KWH_ASKED.sub(" ", low))  # "电费0.6" states a price, it asks none
    money = bool(_COST.search(rest) or _IN_CURRENCY.search(low))
    if kwh:
        return "both" if money else "kWh"
    if money or query.asked_figure in ("price", "bill"):
        return "money"
    return "kWh" if query.asked_figure == "energy" else None


def _to_dicts(said: list[Amount]) -> list[dict]:
    return [{k: v for k, v in dataclasses.asdict(a).items() if k not in ("start", "end")} for a in said]


def _merged(said: list[Amount], prior: list[Amount]) -> list[Amount]:
    """The last bill's quantities with the new ones in place of those of the same kind (a new time stated replaces a
    schedule and the other way round)."""
    kinds = {(a.unit, a.per, a.role) for a in said}
    if any(a.unit == "h" and a.role == "span" for a in said):
        kinds |= {("h", ("day",), ""), ("h", ("day",), "continuous"), ("day", ("week",), "")}
    if any(a.per in (("day",), ("week",)) and a.unit in ("h", "day") for a in said):
        kinds |= {("h", (), "span")}
    if any(a.unit == "h" and a.per == ("day",) for a in said):
        kinds |= {("h", ("day",), ""), ("h", ("day",), "continuous")}
    if any(a.role == "continuous" for a in said):  # "what if i run them 24/7": every day too
        kinds |= {("day", ("week",), "")}
    return [a for a in prior if (a.unit, a.per, a.role) not in kinds] + said


def _currency(said: list[Amount], env: Env, text: str = "") -> str:
    """The currency the figure is asked in ("多少人民币", "in euros"), else the one the question states its prices in
    (all in one), else the answer's."""
    asked = asked_currency(text, lexicon(env.lang))
    stated = {a.currency for a in said if a.unit == "money" and a.currency}
    cur = asked or (stated.pop() if len(stated) == 1 else None) or place_asked(text, env) or env.currency
    return cur if cur in SYMBOLS and env.per_usd(cur) else env.currency


def _converted(said: list[Amount], cur: str) -> list[str]:
    """The currencies of stated amounts the bill converts into `cur` (said with their rate)."""
    return sorted({a.currency for a in said if a.unit == "money" and a.currency and a.currency != cur})


def _in_currency(said: list[Amount], env: Env, cur: str) -> list[Amount]:
    out = []
    for a in said:
        if a.unit == "money" and a.currency and a.currency != cur and env.per_usd(a.currency):
            value = a.value * env.shown_per_usd(cur) / (env.per_usd(a.currency) or 1.0)
            a = dataclasses.replace(a, value=value, currency=cur)
        out.append(a)
    return out


def _cards(query, said: list[Amount]) -> int:
    counted = next((int(a.value) for a in said if a.unit == "gpu"), None)
    if counted:
        return counted
    refs = getattr(query, "gpus", ()) or ()
    named = [r for r in refs if getattr(r, "name", None)]
    return int(getattr(named[0], "count", 1) or 1) if len(named) == 1 else 1


def _defaults(answer: Answer, query, env: Env, cur: str) -> dict:
    per = env.shown_per_usd(cur)
    found: dict = {"kwh_price": env.assumptions.electricity_usd_per_kwh * per}
    refs = [r for r in getattr(query, "gpus", ()) or () if getattr(r, "name", None)]
    if len(refs) == 1:
        tdp = env.gpu(refs[0].name).tdp_w
        if tdp:
            found["watts"], found["watts_of"] = float(tdp), env.gpu(refs[0].name).short_name
    rates = answer.figures.get("rates")
    if isinstance(rates, list) and rates and isinstance(rates[0], dict):
        usd = rates[0].get("on_demand_usd_per_gpu_hour")
        if usd:
            # at the rate as shown (cents), so that rate x hours is the total the sentence states
            found["rent"], found["rent_of"] = round(usd * per, 2), rates[0]
    return found


def _read(query, typed: str, prior: dict | None) -> tuple[list[Amount], str | None, str | None]:
    """(quantities, figure asked, period) of the question typed; a follow-up's over the last bill's (Context.calc), or
    over the question it is answered again with when no bill was worked out for that one."""
    said, asked, period = with_items_asked(amounts(typed), typed), _asked(query, typed), period_asked(typed)
    term = job_weeks(normal(typed)) if period == "semester" else None
    if term is not None:  # "a 15-week semester", "一个学期大概四个月": the term said, not the table's 18 weeks
        period = None
        if not any(a.unit == "h" and a.role == "span" for a in said):
            said = [*said, Amount(term[0] * PERIOD_HOURS["week"], "h", role="span", start=len(typed) + 1)]
    if asked is None and period and any(a.unit == "money" and a.per for a in said) and _PERIOD_LAST.search(typed):
        asked = "money"  # "0.30/kwh, monthly?": the bill of that period
    again = bool(query.text) and typed != query.text  # answered again over an earlier question, settings changed
    cards = _cards(query, said)
    if prior and not any(a.unit == "gpu" for a in said) and cards != prior.get("cards", 1) and str(cards) in typed:
        said = [*said, Amount(float(cards), "gpu")]  # "and with 4 of them?": the cards the follow-up names
    if said and (again or not _solvable(said)) and not (asked is None and _YES_NO.search(typed.lower())):
        before = [Amount(**d) for d in prior.get("said", [])] if prior else amounts(query.text) if again else []
        if before:
            said = _merged(said, before)
            asked = asked or (prior or {}).get("asked") or _asked(query, query.text)
            period = period or (prior or {}).get("period") or period_asked(query.text)
    return said, asked, period


_TIMES = ("h", "day", "item", "x")  # a time stated, a schedule, or work that takes a time
_PERIODS = {PERIOD_HOURS[p]: p for p in ("day", "week", "month", "year")}  # a span said that is a whole period


def _with_usage(said: list[Amount], query, typed: str) -> list[Amount]:
    """No time or schedule in the question's numbers: the hours a week the usage reader found in its words
    (query.usage, nlu/usage_reader.py: "overnight every night", "3h every evening", "a lab of ten")."""
    usage = getattr(query, "usage", None)
    whole = [a for a in said if a.unit == "h" and a.role == "span" and a.value in _PERIODS]  # "for a month"
    if typed != query.text or any(a.unit in _TIMES for a in said if a not in whole):
        return said
    kept = [a for a in said if a not in whole]
    if usage is not None:
        return [*kept, Amount(float(usage.per_week), "h", ("week",), role="usage", start=len(typed) + 1)]
    billed = getattr(query, "hours", None) if getattr(query, "period", None) and whole else None
    if billed:  # a rent billed over the period said, its hours from the usage words (RatesQuery.hours)
        return [*kept, Amount(float(billed), "h", role="span", start=len(typed) + 1)]
    return said


def _agrees(said: list[Amount], per_week: float) -> bool:
    """The numbers' own hours a day x days a week are the usage's ("8 hours overnight": 56 h either way)."""
    day = next((a.value for a in said if a.unit == "h" and a.per == ("day",)), None)
    days = next((a.value for a in said if a.unit == "day" and a.per == ("week",)), 7.0)
    return day is not None and abs(day * days - per_week) < 0.5


def solved(answer: Answer, query, env: Env, typed: str | None = None) -> tuple[Calc, list[Amount], dict] | None:
    said, asked, period = _read(query, typed or query.text or "", env.context.calc)
    usage = getattr(query, "usage", None)  # hours of use read from the situation (nlu/usage_reader.py) over a time the
    situated = usage is not None and (usage.assumed or any(p.kind for p in usage.parts))  # numbers state ("24小时开着
    stated = any(a.unit in ("h", "day") and a.role != "span" for a in said)  # ... api给朋友用"), not a period's span
    if situated and typed in (None, query.text) and stated and not _agrees(said, getattr(usage, "per_week", 0.0)):
        return None  # the answer bills at the usage's hours, said with their words
    whole = next((a.value for a in said if a.unit == "h" and a.role == "span" and a.value in _PERIODS), None)
    with_usage = _with_usage(said, query, typed or query.text or "")
    if with_usage is not said and whole is not None and len(with_usage) <= len(said):
        period = period or _PERIODS[whole]  # "overnight every night for a month": the usage over that month
    said = with_usage
    if asked is None or not _solvable(said, answer, period):
        return None
    cur = _currency(said, env, typed or query.text or "")
    converted = _converted(said, cur)
    said = _in_currency(said, env, cur)
    cards = _cards(query, said)
    needed = answer.figures.get("gpu_count")  # "serve llama 3 70b on a rented 4090": the cards the answer rents
    if isinstance(needed, int) and needed > cards and not any(a.unit == "gpu" for a in said):
        cards = needed
    defaults = _defaults(answer, query, env, cur) | {"currency": cur, "energy_asked": query.asked_figure == "energy"}
    defaults["converted"] = converted
    calc = _solve(said, asked, period, cards, defaults)
    return (calc, said, defaults) if calc is not None else None


def _solve(said: list[Amount], asked: str, period: str | None, cards: int, defaults: dict) -> Calc | None:
    """models/calc.solve; an energy asked with its bill ("both") is the bill, the kWh said after it."""
    calc = solve(said, "money" if asked == "both" else asked, period, cards, defaults)
    if calc is not None:
        calc.also_kwh = asked == "both" or (asked == "money" and defaults.get("energy_asked", False))
    return calc


def _solvable(said: list[Amount], answer: Answer | None = None, period: str | None = None) -> bool:
    """Something stated to multiply: a price per unit, a draw or an energy, with a time or amount to multiply it by
    (a rental answer's own rate counts as the price when a time or schedule is stated; "一小时电费多少": one hour)."""
    priced = any(a.unit in _STATED_UNITS and (a.unit != "money" or a.per) for a in said)
    timed = period == "hour" or any(a.unit in ("h", "day", "GB", "kWh", "item") or a.role == "each" for a in said)
    rented = answer is not None and bool(answer.figures.get("rates")) and any(a.unit in ("h", "day") for a in said)
    parts = sum(1 for a in said if a.unit == "money" and a.role == "part")  # "显卡4500 主板1200 ...": a purchase
    return (priced and timed) or rented or parts >= 2


def compared(text: str, query, env: Env, defaults_of) -> tuple[str, dict] | None:
    """Two bills weighed against each other (respond/calc_compare.py): the sentence and its figures, or None."""
    if not calc_compare.asked(text):
        return None
    said = calc_compare.said_in(text)
    cur = _currency(said, env, text)
    converted = _converted(said, cur)
    said = _in_currency(said, env, cur)
    defaults = defaults_of(cur) | {"currency": cur, "converted": converted}
    pair = calc_compare.sides(text, said, query, defaults)
    if pair is None:
        return None
    first, second = pair
    shown = dataclasses.replace(env, question_currency=cur)
    diff = second.total - first.total
    parts = [_parts(first, shown), _parts(second, shown)]
    key = "calc.compare_more" if diff > 0 else "calc.compare_less"
    period = env.t(f"calc.period_{first.period}") if first.period else ""
    text = shown.t(
        key,
        period=period,
        first=_money(first.total, shown),
        second=_money(second.total, shown),
        first_terms=parts[0],
        second_terms=parts[1],
        diff=_money(abs(diff), shown),
    )
    notes = list(dict.fromkeys(n for c in pair for n in _assumed(c, defaults, shown)))
    figures: dict = {"first": round(first.total, 4), "second": round(second.total, 4), "difference": round(diff, 4)}
    figures["currency"] = cur
    return i18n.gap(env.lang).join([text, *notes]), figures


def _parts(calc: Calc, env: Env) -> str:
    return env.t("calc.plus").join(_term_text(t, env, "money") for t in calc.terms)


def lead(answer: Answer, query, env: Env, typed: str | None = None) -> str:
    found = _lead(answer, query, env, typed)
    once = _paid_once(typed or query.text or "", query, env) if found else ""
    return i18n.gap(env.lang).join(p for p in (found, once) if p)


def _paid_once(text: str, query, env: Env) -> str:
    """ "three used 3090s at $700 apiece ... whats my monthly bill": what the cards cost, said per card, is paid once
    and is no part of a bill per period (models/calc.EACH_RATE_MAX: never a rent an hour); the sentence says so."""
    period = period_asked(text)
    said = amounts(text)
    paid = next((a for a in said if a.unit == "money" and a.role == "each" and a.value > EACH_RATE_MAX), None)
    if paid is None or period is None:
        return ""
    cards = _cards(query, said)
    shown = dataclasses.replace(env, question_currency=paid.currency or i18n.currency(env.lang))
    each = shown.money(paid.value)
    return env.t(
        "calc.paid_once", each=each, cards=_num(cards), total=shown.money(paid.value * cards),
        period=env.t(f"cost.period_{period}"),
    )  # fmt: skip


def _lead(answer: Answer, query, env: Env, typed: str | None = None) -> str:
    text = typed or query.text or ""
    if getattr(query, "mode", None) == "job" and not getattr(query, "hours", None) and answer.figures.get("gpu_hours"):
        return ""  # "3090租一个小时多少钱？lora微调14b要花多少": the job sets the hours, the hour is the rate's
    pair = compared(text, query, env, lambda cur: _defaults(answer, query, env, cur))
    if pair is not None and not unexplained(text, _cards(query, amounts(text))):
        answer.figures["calc_compare"] = pair[1]
        return "" if _shown(answer.headline, abs(pair[1]["difference"]), "money", pair[1]["currency"]) else pair[0]
    found = solved(answer, query, env, typed) if "load_w" not in answer.figures else None  # draws split as said
    if found is None:
        return ""
    calc, said, defaults = found
    answer.figures["calc"] = {
        "total": round(calc.total, 4),
        "asked": calc.asked,
        "said": _to_dicts(said),
        "period": calc.period,
        "cards": _cards(query, said),
    }
    if _shown(answer.headline, calc.total, calc.asked, defaults["currency"]) or unexplained(
        typed or query.text or "", _cards(query, said)
    ):
        return ""  # given already, or a number of the question this bill leaves out (it may be misread)
    per_item = any(a.unit == "item" for a in said)  # "cost per image ... 7s an image": no period's bill gives it
    if _modelled(calc) and _gives_kind(answer.headline, calc.asked) and not _over_span(calc) and not per_item:
        return ""  # the answer's own model of the draw (utilization, idle) is better than a board power assumed
    _drop_other_total(answer)
    shown = dataclasses.replace(env, question_currency=defaults["currency"])
    per_gb = _per_vram_gb(calc, said, typed or query.text or "", shown)
    return i18n.gap(env.lang).join(p for p in (_sentence(calc, defaults, shown), per_gb) if p)


_PER_VRAM = re.compile(r"每\s*gb?\s*显存|显存每\s*gb?|per gb of vram|per gb vram|per vram gb|\$\s*/\s*gb of vram")


def _per_vram_gb(calc: Calc, said: list[Amount], text: str, env: Env) -> str:
    """ "平均每g显存多少钱": the total over the cards' memory (the GB said with the card x the cards bought)."""
    cards = next((f.value for t in calc.terms if t.kind == "items" for f in t.factors if f.key == "cards"), None)
    gb = next((a.value for a in said if a.unit == "GB"), None)
    if cards is None or not gb or not _PER_VRAM.search(text.lower()):
        return ""
    memory = cards * gb
    return env.t(
        "calc.per_vram_gb", money=_money(calc.total / memory, env), total=_money(calc.total, env), gb=_num(memory)
    )


def _drop_other_total(answer: Answer) -> None:
    """The rates answer's own total at the stated rate ("At your rate of $0.34 per GPU-hour, 18 GPU-hours ... come to
    about $6.12") goes when the bill of all the question's numbers leads: one total per answer."""
    line = answer.figures.get("stated_rate_line")
    if isinstance(line, str) and line in answer.headline:
        answer.headline = answer.headline.replace(line, "", 1).strip()


def _shown(headline: str, total: float, asked: str, currency: str | None = None) -> bool:
    """The answer's own headline already gives the total (within 2 %, or as rounded to whole units), in the currency
    of the bill ("$10.71" is not the C$10.71 asked)."""
    symbol = SYMBOLS.get(currency or "", "")
    for m in _SHOWN.finditer(headline):
        num = (
            m.group(2) if (asked == "money" and m.group(1)) else (m.group(3) or m.group(4)) if asked == "kWh" else None
        )
        if not num or (asked == "money" and symbol and headline[: m.start(2)].rstrip()[-len(symbol) :] != symbol):
            continue
        value = float(num.replace(",", ""))
        if abs(value - total) <= max(0.02 * total, 0.0 if "." in num else 0.5):
            return True
    return False


def _modelled(calc: Calc) -> bool:
    """The bill leans on a draw or a tariff the question did not state."""
    return any(f.source == "default" and f.key in ("watts", "price_kwh") for t in calc.terms for f in t.factors)


def _over_span(calc: Calc) -> bool:
    """The hours run over a stretch the question states ("寒假两个月 每天12小时", "a 6-week project, 6 h a day"): the
    total over it is asked, which the answer's own model (a period's cost) does not give."""
    return calc.hours is not None and any(part == "days" for part, _ in calc.hours.parts)


def _gives_kind(headline: str, asked: str) -> bool:
    """The headline gives a figure of the kind asked (an amount of money, an energy)."""
    return any((m.group(1) if asked == "money" else (m.group(3) or m.group(4))) for m in _SHOWN.finditer(headline))


def instead(answer: Answer, env: Env) -> Answer | None:
    """A question asked back only for a card ("墙插650w 一次训练要11个小时 电价0.7 一次多少钱": which GPU?) whose own
    numbers make the whole bill: that bill, worked out (no KB value stands in)."""
    from types import SimpleNamespace

    text = answer.question or ""
    query = SimpleNamespace(text=text, asked_figure=None, gpus=())
    per = env.shown_per_usd
    kb = {"kwh_price": env.assumptions.electricity_usd_per_kwh}
    card = _card_named(text, env)  # "千问 ... 我自己用4090": asked back for the model, the card is plain
    if card is not None and card.tdp_w:
        kb |= {"watts": float(card.tdp_w), "watts_of": card.short_name}
    pair = compared(text, query, env, lambda cur: kb | {"kwh_price": kb["kwh_price"] * per(cur)})
    if pair is not None and not unexplained(text):
        env.context.asked_back, env.context.pending = False, None
        figures = {"calc_compare": pair[1]}
        return Answer(question=text, intent="cost", headline=pair[0], figures=figures, lang=env.lang)
    said, asked, period = _read(query, text, env.context.calc)
    if asked is None or not _solvable(said, None, period) or unexplained(text):
        return None
    cur = _currency(said, env, text)
    converted = _converted(said, cur)
    said = _in_currency(said, env, cur)
    calc = _solve(said, asked, period, _cards(query, said), {"converted": converted})
    if calc is None:
        return None
    figures = {"calc": {"total": round(calc.total, 4), "asked": asked, "said": _to_dicts(said), "period": calc.period}}
    headline = _sentence(calc, {"converted": converted}, dataclasses.replace(env, question_currency=cur))
    env.context.asked_back, env.context.pending, env.context.calc = False, None, figures["calc"]
    return Answer(question=text, intent="cost", headline=headline, figures=figures, lang=env.lang)


def _card_named(text: str, env: Env):
    """The one desktop card whose model number the text names ("4090"), for its board power; None if not one."""
    found: set[str] = set()
    for token in set(re.findall(r"(?<![a-z\d])(\d{4})(?![\d])", text.lower())):
        names = [
            n.name
            for n in env.reader.name_entries
            if not n.is_mobile and token in n.name and re.search(rf"(?<![\d]){token}$", n.name.lower())
        ]
        found.update(names[:1] if len(names) == 1 else ())
    return env.gpu(found.pop()) if len(found) == 1 else None
