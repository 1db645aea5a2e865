"""Settings typed alone: "electricity is 0.30", "we run it 24/7", "use 2023-01 prices", "reset".

`reset` claims "reset" (without a GPU or model); `read` claims a question made of settings and
nothing that asks more; `leftover` claims settings nothing else took. `settings_of` reads every
setting a question states (electricity rate, exchange rate, utilization, years, budget, price
snapshot, new/used, currency, a GPU's price) and the GPU a price override names.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.bare_price import bare_price
from assistant.nlu.card_prices import clause_prices
from assistant.nlu.free_power import said_free
from assistant.nlu.intents.rates import period
from assistant.nlu.local_dollars import local_dollar
from assistant.nlu.price_gap import gap_tag
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading, gpu_ref
from assistant.nlu.stated import box_cards, is_difference
from assistant.nlu.stated_prices import CLAUSE_END, sold_for, stated_prices, total_asked
from assistant.queries import GpuRef, Query, Setting
from assistant.query_talk import SetQuery

# tag kinds that ask a question beyond stating settings
ASKS = (
    "MODEL",
    "PARAMS",
    "RECOMMEND",
    "COMPARE",
    "RENT",
    "SPEC",
    "FASTER",
    "VS",
    "WHY",
    "SPEED",
    "VALUE",
    "EXPLAIN",
    "SORT",
)


_SAVE = re.compile(
    r"\b(remember (this|that|it|these|those)|save (this|that|it|these|those)|save (it |this |that )?as (my )?defaults?"
    r"|keep (this|that|it|these|those) for (later|next time|good)|make (this|that|it) (my )?defaults?"
    r"|(set|use) (this|that|it) as (my )?defaults?|for next time|from now on)\b"
    r"|记住|记下来|保存|存为默认|设为默认|以后都(按|用)这个|下次也(按|用)",
    re.IGNORECASE,
)
_CONFIRM = re.compile(
    r"\b(yes,? really|really|i'?m sure|i mean it|for real|that'?s right)\b|确实|真的|确定|没错|就是这个价",
    re.IGNORECASE,
)
_ONLY_CONFIRM = re.compile(
    r"^\W*(yes|yeah|yep|ok)?\W*(really|i'?m sure|i mean it|for real|that'?s right|correct)\W*$"
    r"|^\W*(是的|对)?\W*(确实|真的|确定|没错|就是这个价)\W*$",
    re.IGNORECASE,
)
_FORGET = re.compile(
    r"\b(forget|clear|delete|remove|drop|erase|undo|reset)\b.*\b(prices?|overrides?)\b|(忘掉|忘记|清除|清空|删除|删掉|撤销).*价",
    re.IGNORECASE,
)
_FORGET_DEFAULTS = re.compile(
    r"\b(forget|clear|delete|remove|erase)\b.*\b(defaults|saved settings)\b"
    r"|(忘掉|忘记|清除|清空|删除|删掉).*(默认|保存的设置)",
    re.IGNORECASE,
)


def keep_flags(text: str) -> tuple[bool, bool]:
    """(save, confirmed): "remember this" / "save as default" and "yes, really" anywhere in the text."""
    return bool(_SAVE.search(text)), bool(_CONFIRM.search(text))


def _flags(r: Reading, query: SetQuery) -> SetQuery:
    save, confirmed = keep_flags(r.text)
    return dataclasses.replace(query, save=save, confirmed=confirmed) if save or confirmed else query


def keep_or_forget(r: Reading) -> Query | None:
    """ "forget the 4090 price", "clear my prices", "clear my saved settings", "remember this",
    "yes, really": commands about what is kept, read before "reset" (which they resemble)."""
    if _FORGET.search(r.text) and not r.lex.words_in("verdict_wait", r.text.lower()):  # "will it drop in price"
        gpus = [g for g in r.explicit if g.name]
        forget = tuple(Setting("forget_price", None, gpu=g.name) for g in gpus) or (Setting("forget_prices", None),)
        return SetQuery(text=r.text, settings=forget)
    if _FORGET_DEFAULTS.search(r.text):
        return SetQuery(text=r.text, settings=(Setting("forget_defaults", None),))
    settings, _ = settings_of(r)
    if settings:
        return None  # "the 4090 costs $1234, remember this": settings.read takes it, with the flags
    if _ONLY_CONFIRM.search(r.text):
        return SetQuery(text=r.text, settings=(Setting("confirm", None),), confirmed=True)
    if _SAVE.search(r.text) and not r.b.has("GPU", "MODEL", *ASKS):
        return SetQuery(text=r.text, settings=(Setting("remember", None),), save=True)
    return None


@needs(("RESET",))
def reset(r: Reading) -> Query | None:
    """ "reset", "恢复默认设置", "forget my settings": only a whole command; a reset word inside a question
    about something else ("清空显存的方法", "how to clear vram") is no command (other tags, or words that
    are not [lists] reset_objects)."""
    if not r.b.has("RESET") or any(t.kind not in _RESET_KINDS for t in r.b.tags):
        return None
    objects = r.lex.listed("reset_objects")
    if all(w in objects for w in r.b.unknown):
        return SetQuery(text=r.text, settings=(Setting("reset", None),))
    return None


_RESET_KINDS = frozenset({"RESET", "SET", "QUESTION", "PRONOUN", "AND", "FOLLOW"})


def read(r: Reading) -> Query | None:
    b = r.b
    settings, override = settings_of(r)
    others = [g for g in r.explicit if override is None or g.mention != override.mention]
    rate = r.rate_tags()
    alone = rate is not None and rate[0] is not rate[1] and len(b.tags) == 2  # "电费0.35": only the rate
    if (
        settings
        and not others
        and not b.has(*ASKS)
        # "run" is the use said ("i run it 4 h a day", "electricity is 0.30 and i run it 4h a day"), not a fit asked
        and not (b.has("FIT") and not any(s.key == "utilization" for s in settings))
        and not (
            b.has("COST") and not b.has("KWH", "SET") and not b.means("ELECTRICITY") and not override and not alone
        )
        and not (b.has("COST") and b.has("HOW_MUCH") and not override)  # "电费一年多少 一度6毛": a cost is asked
        and not (_budget(settings) and b.has("WORKLOAD", "MEMORY", "ORGANIZATION", "VENDOR", "GPU_WORD"))
        and not (_budget(settings) and r.said("condition_risk_words"))  # "预算2000 矿卡能买吗": what to buy, asked
        and not r.said("wear_words")  # "24小时跑训练会不会把显卡跑坏": whether the use wears the card, asked
        and not (override and b.has("COST"))  # "4090 at 1600, tco?": a cost question with the price stated
        and not (b.has("COST") and (b.has("HOW_MUCH") or period(r)))  # "cost per year at 0.28/kwh": a cost asked
        and not (b.has("COST") and b.has("FOLLOW", "PRONOUN"))  # "what about electricity, 6h a day at 0.20/kwh"
        and not (b.has("COST") and b.has("ON") and b.has("GPU_WORD", "GPU"))  # "electricity on the gpu one at 0.15"
        and not (override and _verdict_asked(r))  # "p40 for $200 in 2026 still a good deal": the offer weighed
        and not (override and b.has("BUY") and b.has("QUESTION"))  # "used 3090 around 650 usd, buy or wait?"
        and not (override and r.form.figure in ("time", "count"))  # "how many gpu hours can i get on an h100 for $500"
        and not _amount_per_period(r, settings)  # "how much per month if i use it 8h a day": that month's money
        and not (r.form.figure == "bill" and period(r) is not None)  # "电价5毛一度，电费一个月多少": the bill asked
    ):
        return _flags(r, SetQuery(text=r.text, settings=tuple(settings)))
    return None


def _amount_per_period(r: Reading, settings: list[Setting]) -> bool:
    """ "how much per month if i use it 8h a day": hours of use with an amount asked per period (no cost word) ask
    the thread's money for that period at that use (followup_costs.period_at_use), not a setting alone."""
    asked = r.b.has("HOW_MUCH") or r.b.meaning("FIELD") == "price"  # "按每天8小时算，一个月多少钱": 多少钱 is a price
    asked = asked or bool(r.said("money_asks"))  # "跑满一个月人民币大概几万": the money asked by its size
    # "per month if i run it 8h a day": the period first is the money of that period asked
    asked = asked or r.text.lower().lstrip().startswith(tuple(r.lex.listed("period_first_asks")))
    # "跑满一个月人民币大概几万": the currency said is the one to show that money in, no setting of its own
    return asked and all(s.key in ("utilization", "currency") for s in settings) and period(r) is not None


def _in_total(r: Reading, tag) -> bool:
    """ "2x 3090 for 1250 total", "two 3090s for 1300 for both": the amount is for the set (lexicon set_total_words)."""
    after = " ".join(re.sub(r"[^\w\s]", " ", r.text.lower()[tag.end :]).split()[:3]) + " "
    said = after.startswith(tuple(f"{w} " for w in r.lex.listed("set_total_words")))
    return said and not total_asked(r, tag)  # "一块四千五 总共多少钱": the total is asked, the amount is one card's


def _verdict_asked(r: Reading) -> bool:
    """A verdict word with a price stated ("still a good deal", "worth it", "fair?"): a question about the offer."""
    return any(r.said(name) for name in ("deal_words", "verdict_worth", "verdict_good"))


# with a span of time ("我每天跑5小时 跑半年"): the use, and how long it goes on (the years read beside it)
_SPAN = frozenset({"YEARS", "MONTHS"})
_USAGE_ALONE = frozenset({"HOURS", "FIT", "ON", "ONLY", "QUESTION", "FOLLOW", "AND", "PER", "PRONOUN"}) | _SPAN


def _usage_alone(r: Reading) -> bool:
    """Only how long the GPU is used is said ("每天就用3小时", "一周也就十来个小时", "10 hours a week then"): the
    usage as a setting, the last question answered again under it."""
    fillers = r.lex.listed("usage_fillers")  # "只在工作日白天用", "only on weekdays during the day"
    return {t.kind for t in r.b.tags} <= _USAGE_ALONE and all(
        w in fillers or (not w.isascii() and all(ch in fillers for ch in w)) for w in r.b.unknown
    )


def _budget(settings: list[Setting]) -> bool:
    """A budget with a workload, a memory floor, a vendor or a buyer ("预算8000，ai绘画用", "至少16g显存，
    预算4000左右", "实验室预算50万") asks what to buy: a recommendation, not a setting alone."""
    return any(s.key == "budget_usd" for s in settings)


def leftover(r: Reading) -> Query | None:
    settings, _ = settings_of(r)
    return _flags(r, SetQuery(text=r.text, settings=tuple(settings))) if settings else None


def _not_usd(currency: str | None) -> str | None:
    """A setting's currency: None for dollars (the settings are kept in USD)."""
    return None if currency == "USD" else currency


def settings_of(r: Reading) -> tuple[list[Setting], GpuRef | None]:
    """The settings the question states and the card whose price it sets (read once per question)."""
    settings, override = r.once("settings_of", lambda: _settings_of(r))
    return list(settings), override


_DURATION_AFTER = re.compile(r"\s*-?\s*(?:weeks?|months?|days?|years?|hours?|hrs?|周|个月|月|天|年|小时)(?![a-z])")


def _a_duration(text: str, tag) -> bool:
    """A bare number followed by a unit of time ("an a100 for a 6 week project"): how long, no card's price."""
    return tag.kind == "NUMBER" and _DURATION_AFTER.match(text.lower(), tag.end) is not None


def _settings_of(r: Reading) -> tuple[list[Setting], GpuRef | None]:
    b, out, override = r.b, [], None
    gap = gap_tag(r)  # "is the extra 2gb worth $60": the gap between the two cards (nlu/price_gap.py), no price
    for price in (s for s in b.structs if s.kind == "price"):  # each "GPU for $N" is that card's price
        if not price.refs or not any(t.kind in ("MONEY", "NUMBER") for t in price.parts) or _a_rate(r, price):
            continue
        tag = next(t for t in price.parts if t.kind in ("MONEY", "NUMBER"))
        card = price.refs[0].tag
        if card.end <= tag.start and CLAUSE_END.search(r.text[card.end : tag.start]):
            continue  # "AUD 1,299 for a 4070 ti super at pc case gear, AUD 3,999 for 5090": the next clause's price
        if sold_for(r, tag):
            continue  # "owning a 4090 for 18 months if i resell it for $1500": what it sells for (intents/resale.py)
        ref = gpu_ref(price.refs[0])
        override = override or ref
        dollars = tag.kind == "MONEY" and r.lex.words_in("dollar_marks", tag.text)
        cur = tag.meanings.get("CURRENCY") or ("USD" if dollars else r.unnamed_currency())
        if (
            tag is gap
            or is_difference(b.tags, tag, r.text, r.lex)
            or tag.meanings.get("NOUN")
            or _a_duration(r.text, tag)
        ):
            continue  # "a 4090 d for $300 less": a difference (nlu/price_gap.py); "for 1500 steps": a count
        counts = [g.count for g in r.explicit if g.name == ref.name]
        cards = ref.count if ref.count > 1 and _in_total(r, tag) else box_cards(b.tags, tag, r.text, r.lex, counts)
        each = float(tag.value) / cards
        out.append(Setting("price_override", each, gpu=ref.name, currency=_not_usd(cur)))
    offered = _offered_at(r) if override is None else None
    if offered is not None:
        override, tag = offered
        cur = _not_usd(r.currency("MONEY"))
        out.append(
            Setting("price_override", float(tag.value), gpu=override.name, condition=override.condition, currency=cur)
        )
    # "闲鱼3090 5000块 4090 13000", "if the 3090 is 600", "3090能买吗，闲鱼五千左右"; with one card priced already,
    # the others priced their own way ("if a 4090 costs 1600, is it better value than a 3090 at 700")
    priced = {x.gpu for x in out if x.key == "price_override"}
    for ref, tag, amount in stated_prices(r):
        if override is not None and (ref.name in priced or tag.kind != "NUMBER"):
            continue
        override = override or ref
        priced.add(ref.name)
        cur = _not_usd(tag.meanings.get("CURRENCY") or r.currency("MONEY") or r.unnamed_currency())
        out.append(Setting("price_override", amount, gpu=ref.name, condition=ref.condition, currency=cur))
    kwh, kwh_cur = b.first("KWH"), r.currency("KWH")
    if kwh is None and b.means("ELECTRICITY"):
        if b.has("MONEY"):  # a typed amount ("-5 dollars", "0.6元") is taken as typed
            kwh, kwh_cur = b.first("MONEY"), r.currency("MONEY")
        elif b.has("NUMBER"):
            v = b.first("NUMBER")
            kwh = v / 100.0 if v >= 5 else v
            kwh_cur = r.unnamed_currency()
    loose = _rate(r) if kwh is None and not r.refs else None  # "电费0.35", "electricity cost 0.15"
    if loose is not None:
        kwh, kwh_cur = loose
    if kwh is not None:
        out.append(Setting("electricity_usd_per_kwh", float(kwh), currency=_not_usd(kwh_cur)))
    if b.has("FX") and b.has("MONEY", "NUMBER"):
        vals = [(t.number(), t.meanings.get("CURRENCY")) for t in b.tags if t.kind in ("MONEY", "NUMBER")]
        cny = [v for v, c in vals if c == "CNY"] or [v for v, _ in vals if v > 1] or [v for v, _ in vals]
        usd = [v for v, c in vals if c is None and v != cny[0]]
        rate = cny[0] / usd[0] if usd and usd[0] else cny[0]
        out.append(Setting("cny_per_usd", 1.0 / rate if 0 < rate < 0.5 else rate))
    hours = b.first("HOURS")
    if (
        hours
        and (hours.get("full_time") or (hours.get("per_week") or 0) >= 168)
        and not b.has("UTILIZATION", "PERCENT")
        and not b.has("GPU", "COST", *ASKS)
    ):
        out.append(Setting("utilization", 1.0))  # "we run it 24/7"
    elif (
        hours
        and hours.get("per_week")
        and (b.has("SET") or _usage_alone(r) or kwh is not None)  # "electricity is 0.30, 8 hours a day": both
        and not b.has("GPU", "COST", "UTILIZATION", *ASKS)
    ):
        out.append(Setting("utilization", min(hours["per_week"] / 168.0, 1.0)))  # "按一天8小时算", "每天就用3小时"
    if b.has("CURRENCY") and not b.has("MONEY", "KWH", "RATE", "FX", "NUMBER"):
        out.append(Setting("currency", b.first("CURRENCY")))  # "show prices in yuan", "用人民币"
    if b.has("UTILIZATION") or (b.has("PERCENT") and b.has("SET")):
        v = b.first("PERCENT")
        if v is None and b.has("NUMBER"):
            v = float(b.first("NUMBER"))
            v = v / 100.0 if v > 1 else v
        if v is not None:
            out.append(Setting("utilization", float(v)))
    if b.has("YEARS") and (b.has("SET") or not question_like(r)):
        out.append(Setting("years", float(b.first("YEARS"))))
    elif b.has("MONTHS") and b.has("SET") and not question_like(r):  # "assume 18 months": 1.5 years of ownership
        out.append(Setting("years", round(float(b.first("MONTHS")) / 12.0, 2)))
    elif b.has(*_SPAN) and hours and hours.get("per_week") and _usage_alone(r):  # "我每天跑5小时 跑半年": that long
        span = b.first("YEARS") if b.has("YEARS") else round(float(b.first("MONTHS")) / 12.0, 2)
        out.append(Setting("years", float(span)))
    budget = r.money() if b.has("BUDGET") else None
    if budget is not None and not b.has("RECOMMEND"):
        # "预算改成4000": an amount with no money tag of its own is in the question's currency (yuan in Chinese)
        out.append(Setting("budget_usd", float(budget), currency=_not_usd(r.currency() or r.unnamed_currency())))
    if b.has("PRICES") or (b.has("SET") and b.has("CONDITION", "DATE")):
        if b.has("DATE"):
            out.append(Setting("snapshot", str(b.first("DATE"))))
        elif r.lex.listed("now").intersection(b.toks):
            out.append(Setting("snapshot", "current"))
        if b.has("CONDITION"):
            out.append(Setting("condition", b.first("CONDITION")))
    elif b.has("SET") and b.has("DATE"):
        out.append(Setting("snapshot", str(b.first("DATE"))))
    elif b.has("CONDITION") and not r.refs and not r.workload and not b.has("RECOMMEND", "FOLLOW", "AND", *ASKS):
        out.append(Setting("condition", b.first("CONDITION")))  # "only used please", "budget 1k, used is fine"
    if r.said("rig_build_asks") and any(s.key == "price_override" for s in out):
        # "can i build a 2x 3090 rig for $2500": the money is the machine's budget (intents/rig.read), no card's price
        out = [s for s in out if s.key != "price_override"]
        override = None
    return out, override


def _offered_at(r: Reading):
    """ "thinking about a used 3090 for around $700 to run ...": the card's price as the user was offered it (a GPU
    right before a price word of lexicon list `price_about` and an amount); None if the question has none."""
    tags = r.b.tags
    for k in range(1, len(tags) - 1):
        before, word, amount = tags[k - 1], tags[k], tags[k + 1]
        if before.kind == "GPU" and amount.kind == "MONEY" and word.text in r.lex.listed("price_about"):
            ref = next((g for g in r.explicit if g.mention == before.text and g.name), None)
            if ref is not None:
                return ref, amount
    return None


def _a_rate(r: Reading, price) -> bool:
    """ "tco of two 3090s at 0.25", "running cost of a 4090 at 30": in a cost question a bare number
    below 100 after the GPU is the electricity rate (Reading.rate_tags), not the GPU's price."""
    tag = next(t for t in price.parts if t.kind in ("MONEY", "NUMBER"))
    found = r.rate_tags()
    return tag.kind == "NUMBER" and found is not None and found[1] is tag


def question_like(r: Reading) -> bool:
    b = r.b
    if b.has("COST") and not (b.means("ELECTRICITY") and not b.has("GPU", "PRONOUN")):
        return True
    return b.has("GPU", "FIT", *ASKS)


# intents whose questions may state settings that then stay in force ("electricity is 0.12 here, tco of ...")
STATING = ("spec", "compare", "recommend", "fit", "cost", "rent_or_buy", "followup", "rig", "rates")
# intents for which "N years" is the ownership period (not "I've done ML for 2 years")
YEARS_OF = ("cost", "rent_or_buy", "compare", "followup")
# ... and "N months" too, of a total cost (a rent-or-buy's months are how long the card is needed:
# RentOrBuyQuery.months; a bill's months are the stretch it runs over: respond/calc.py)
MONTHS_OF = ("cost", "compare")


def _period_asked(b) -> bool:
    """ "电费一年多少 按0.6": one year asked about (the year tag right before the ask), the period the money is shown
    for, not an ownership of one year for the rest of the conversation (the "按" sets the electricity price)."""
    kinds = [t.kind for t in b.tags]
    pairs = zip(kinds, kinds[1:], strict=False)
    return b.first("YEARS") == 1 and any(k == "YEARS" and nxt == "HOW_MUCH" for k, nxt in pairs)


def stated_in(r: Reading, query: Query) -> tuple[Setting, ...]:
    """The settings a question of another intent states along the way: an electricity rate, hours
    a day or week, the ownership period, a price snapshot, used prices, a currency, an exchange
    rate, a budget, a GPU's price. A bare "25 hours" in a follow-up is per week."""
    if query.intent not in STATING:
        return ()
    b, out = r.b, []
    kwh = _rate(r)
    if kwh is not None:
        out.append(Setting("electricity_usd_per_kwh", kwh[0], currency=kwh[1]))
    hours = b.first("HOURS") or {}
    # "and at 25 hours?" (not "120 hours total", not "跑三天": days are hours in all)
    # "租的话多少钱一小时": the rate's hour; "一小时能出几张": the time things are made in; neither is a usage
    rate_unit = getattr(query, "ask", None) == "rates" or bool(getattr(query, "images_in_hours", None))
    rate_unit = rate_unit or bool(r.said("speech_rate_asks"))  # "一小时能转多少小时音频": the span of a speed asked
    in_all = r.said("total_words") or getattr(query, "hours_total", None)  # "i need 120 hours, what does that come to"
    in_all = in_all or getattr(query, "deadline_hours", None)  # "what if i only have 48 hours to finish": a time limit
    bare = query.intent == "followup" and not in_all and not hours.get("span") and not rate_unit
    per_week = hours.get("per_week") or (hours.get("total") if bare else None)
    busy = busy_share(r)
    if per_week and busy is not None:  # "steady ~70% utilization 24/7": that share of the hours
        out.append(Setting("utilization", min(per_week / 168.0, 1.0) * busy))
    elif per_week:
        out.append(Setting("utilization", min(per_week / 168.0, 1.0)))
    elif b.has("UTILIZATION") and b.has("PERCENT"):
        out.append(Setting("utilization", float(b.first("PERCENT"))))
    years = b.first("YEARS")
    if years is None and b.has("MONTHS") and query.intent in MONTHS_OF and getattr(query, "kind", "tco") == "tco":
        years = round(float(b.first("MONTHS")) / 12.0, 2)  # "tco of a 3090 for 18 months": 1.5 years of ownership
    if years is not None and query.intent in YEARS_OF and (years != 1 or b.has("SET")) and not _period_asked(b):
        out.append(Setting("years", float(years)))  # "一年电费", "a year": the period shown, not the ownership
    if b.has("DATE") and b.has("PRICES", "SET"):
        out.append(Setting("snapshot", str(b.first("DATE"))))
    if b.has("CONDITION") and (b.has("PRICES") or (query.intent == "followup" and not r.refs)):
        out.append(Setting("condition", b.first("CONDITION")))  # "and used?", "what if i buy used"
    if b.has("CURRENCY") and not b.has("MONEY", "KWH", "RATE", "FX"):
        out.append(Setting("currency", b.first("CURRENCY")))
    budget = r.money() if b.has("BUDGET") else None
    if budget is not None:
        # "预算改成4000": an amount with no money tag of its own is in the question's currency (yuan in Chinese)
        out.append(Setting("budget_usd", float(budget), currency=_not_usd(r.currency() or r.unnamed_currency())))
    settings, _ = settings_of(r)
    priced = query.intent != "rates"  # "a 4090 at 0.30" in a rent question: a rate (nlu/card_rates.py), no price
    out += [s for s in settings if s.key == "cny_per_usd" or (priced and s.key == "price_override" and s.gpu)]
    out += clause_prices(r, query, out)  # "AUD 2,999 for a 5080 ... vs AUD 1,499 for a used 3090": each card's
    spent = getattr(query, "rent_spend", None)  # "每个月花300": the rent paid (nlu/rent_spend.py), no card's price
    out = [s for s in out if not (spent and s.key == "price_override" and s.value == spent[0])]
    price = bare_price(r, query, out)  # "buying one costs 1800, break even when?": the one bare number, its price
    return (*out, price) if price is not None else tuple(out)


def _energy_cap(r: Reading) -> bool:
    """The kWh said is a cap's (nlu/caps.py) and carries no currency: no electricity price is stated."""
    cap = r.form.cap
    tag = r.b.kinds["KWH"][0]
    return bool(cap and cap.unit == "kWh" and "CURRENCY" not in tag.meanings and "$" not in tag.text)


def _rate(r: Reading) -> tuple[float, str | None] | None:
    """An electricity rate: a per-kWh amount, or an amount right after an electricity word
    ("electricity is 0.12 here", "一度电5毛"); a bare 5 or more is cents (in dollars), an amount
    without a unit is in the question's language's currency (yuan in Chinese); 0 when the power is said to be free
    (nlu/free_power.py)."""
    b = r.b
    if said_free(r.text, r.lex):  # "free electricity at the dorm", "电费不要钱", "实验室电费不用自己出": 0
        return 0.0, None
    if b.has("KWH"):
        if _energy_cap(r):
            return None  # "landlord caps me at 300 kwh a month": an amount of energy, no price
        return float(b.first("KWH")), _not_usd(r.currency("KWH") or local_dollar(r))  # "35c/kWh" in an AUD question
    found = r.rate_tags() or _power_rate(r)
    if found is None:
        return None
    amount = found[1]
    if amount.kind == "MONEY":
        cur = amount.meanings.get("CURRENCY") or r.unnamed_currency()
        return amount.number(), _not_usd(cur)
    v = amount.number()
    cur = r.unnamed_currency()
    return (v / 100.0 if v >= 5 and cur is None else v), cur


def _power_rate(r: Reading):
    """ "5080 at $1000 now ... incl. power at 0.16": a decimal below 2 with no unit right after the power field word
    (nothing between but "at" / "is" / "of", which the tagger drops) is the price of a kWh, also where a price in
    money stands elsewhere (Reading._loose_rate reads no rate then)."""
    tags = r.b.tags
    for word, amount in zip(tags, tags[1:], strict=False):
        if word.meanings.get("FIELD") != "power" or amount.kind != "NUMBER":
            continue
        v = amount.value if isinstance(amount.value, (int, float)) else 0.0
        if 0 < v < 2 and "." in amount.text:
            return word, amount
    return _bill_rate(r)


def _bill_rate(r: Reading):
    """ "24小时不关机 350w 0.6元 一个月电费多少": in a question asking a power bill (a running-cost word) with a draw
    said, the one amount of money below 2 with decimals is the price of a kWh."""
    b = r.b
    running = [
        t for t in b.kinds.get("COST", []) if t.meanings.get("COST_KIND") == "running" or r.form.figure == "bill"
    ]
    bill = running[0] if running else None
    if bill is None or not b.has("WATTS"):
        return None
    small = [t for t in b.kinds.get("MONEY", []) if isinstance(t.value, (int, float)) and 0 < t.value < 2]
    if len(small) == 1 and "." in small[0].text and len(b.kinds.get("MONEY", [])) == 1:
        return bill, small[0]
    return None


def busy_share(r: Reading) -> float | None:
    """ "steady ~70% utilization 24/7", "利用率大概60%": the share of the stated hours the cards are busy, when a
    utilization word and a percent are said (a fraction in (0, 1]); None otherwise."""
    b = r.b
    if not (b.has("UTILIZATION") and b.has("PERCENT")):
        return None
    share = float(b.first("PERCENT"))
    return share if 0 < share <= 1 else None
