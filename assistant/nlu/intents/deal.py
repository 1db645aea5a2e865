"""A price offered for one GPU, asked about: "used 3090 for $650 a good deal rn", "is $1400 for a used
4090 worth it or should i wait", "guy on fb marketplace wants 500 for a 3080, fair?", "二手4090现在一万三能收吗",
"3090 6500收了值吗".

`read` claims a question naming one GPU (a count is fine: the amount is for all of them) with an
amount that is not a budget, and a word that asks for a verdict on it (lexicon [lists] deal_words,
verdict_worth, verdict_good) or names a second-hand marketplace (deal_places). The amount is the
offer (`VerdictQuery.offer`, kind "deal"), never a price setting: the answer weighs it against the
market. A bare number written like a GPU right after the GPU in such a question ("3090 6500收了值吗") is
the amount, not a second card; with any word between the two ("4090d和4090") both are cards. A price of one
card ("$650 each") with a count said apart from the card ("what about 2", "thinking 4 of them") is an offer for
that many.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.hosting_fee import hosting_fee
from assistant.nlu.intents import rig
from assistant.nlu.intents.verdict import said
from assistant.nlu.patterns import compiled
from assistant.nlu.price_gap import gap_amounts
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.stated import box_cards
from assistant.nlu.stated_prices import BARE_MIN
from assistant.queries import GpuRef, Query, VerdictQuery

_SIZE = re.compile(r"\d+(?:\.\d+)?\s*b\b")  # a model size in a mention ("qwen 32b")
MIN_AMOUNT = 20  # a smaller bare number is a count, a size or a rate, not a price [A]
_SELLER_GAP = 6  # characters between a seller word and the seller's card ("upgrading to a 5090")
MAX_CARDS = 16  # the most cards a count said apart from the card ("what about 2") is read as [A]
YEARS = (1990, 2040)  # a bare whole number in this range is read as a year, not a price


def _under_an_amount(r: Reading) -> bool:
    """An "under" word before an amount ("under $700", "about 650") or a cap after it ("5000以内"); not an
    approximation after it ("4500块左右"), not "thinking about grabbing a used 3090", nor
    one card's price said as "at most" ("p40 ... 一张不到1k", "a used 3090 goes for under 700 each")."""
    tags = r.b.tags
    # "4500块左右的能收吗": about that amount, asked of, an offer still ("闲鱼3090现在5000左右" tells the going price)
    around = r.lex.listed("price_around_words") if r.b.has("QUESTION") else frozenset()
    return any(
        t.kind == "UNDER"
        and (k + 1 < len(tags) and tags[k + 1].kind in ("MONEY", "NUMBER") or t.text not in around | {"about"})
        and not (r.explicit and _per_card_before(r, t))
        for k, t in enumerate(tags)
    )


def _per_card_before(r: Reading, tag) -> bool:
    """ "一张不到1k", "每张不到800": a word for one card right before the "under" word (the card's price, not a cap)."""
    before = r.text[: tag.start].rstrip().lower()
    return any(before.endswith(w) for w in r.lex.listed("per_card_price_words"))


@needs(unless=("BUDGET", "RENT", "HOURS", "KWH", "VS"))
def read(r: Reading) -> Query | None:
    b = r.b
    if b.has("BUDGET", "RENT", "HOURS", "KWH", "VS") or (b.has("MEMORY") and not _memory_priced(r)):
        return None
    if _under_an_amount(r) or hosting_fee(r) is not None:
        return None  # "my colo is $120/mo, 2x 4090, total monthly cost": a fee to host the cards, no offer for them
    if said(r, "rig_build_asks") and said(r, "rig_words") and not said(r, "deal_words"):
        return None  # "can i build a 4090 pc for $2500": the machine within that money (intents/rig.read), no offer
    if r.form.owned and said(r, "sell_owned_words") and not said(r, "seller_words"):
        return None  # "i already own four 3090s ... or do i sell them (~$700 each)": a sale of the user's, no offer
    asked = bool(said(r, "verdict_worth") or said(r, "verdict_good") or said(r, "what_for_words"))
    # "tesla k80 for $40 lol, any use or ewaste": a verdict asked the negative way round weighs the offer too
    asked = asked or bool(said(r, "verdict_good_asked") or said(r, "verdict_negative"))
    # "modded 3080 20gb for $450, is it trustworthy?": whether the card offered can be trusted weighs the offer too
    asked = asked or bool(said(r, "reliability_words") or said(r, "trust_words") or said(r, "modified_real_words"))
    if b.has("DATE") and (asked or b.has("PRICES", "SET")):
        return None  # a price snapshot, or "still worth it in 2026" (the verdict on the card, with the offer weighed)
    # "五百块 坑在哪": the offer weighed, and the card's catches said first; so when the card's condition is the
    # worry ("矿卡 能买吗", "会不会是翻新卡": lexicon condition_risk_words)
    risks = bool(said(r, "risk_words") or said(r, "condition_risk_words"))
    offered = bool(said(r, "deal_words") or said(r, "deal_places") or risks)
    offered = offered or (asked and (_priced(r) or _bare_priced(r))) or (b.has("MEMORY") and _memory_priced(r))
    priced_each = _each_offer(r)  # "used 3090 for $650 each, what about 2": a price of one card, with a count
    offered = offered or priced_each or _box_offer(r)  # "京东看了一台4070 super的整机 9999": a machine's price
    sized = r.num("PARAMS") if not r.model else None
    if sized and not (offered or _priced(r)):
        return None  # "is a 3090 worth it for 70b": a verdict on the card for that size, no offer
    if (r.model or sized) and r.form.owned and (r.precision or r.num("CONTEXT")) and not asked:
        return None  # "got a used 3090ti for 650, can it run qwen3 32b at q5 with 24k ctx": bought; the fit as set up
    if (r.model or sized) and _priced(r):
        offered = True  # "二手3090 5000块 跑qwen 32b够吗": an amount right after the card, and a model to run
    if offered and not asked and not risks and rig.psu_question(r):
        return None  # "mi50 32g 一张五六百 插四张要什么主板电源": the build's power asked, the price said on the way
    raised = said(r, "budget_raise_words") or said(r, "budget_had_words")
    if not (offered or asked) or (raised and not said(r, "deal_words")):
        return None  # "ok and if i stretch to 1500?", "ok what if i had 2k": more money for the pick, not an offer
    gpus, amount = _gpu_and_price_as_name(r) if offered else ([], None)
    if amount is None:
        gpus = _offered_card(r, [g for g in r.refs if g.pronoun is None]) if offered else []
        gpus = gpus or [g for g in r.refs if g.pronoun is None]
        alone = not gpus and not ({t.kind for t in b.tags} - _OFFER_ALONE) and not (r.model or sized)
        alone = alone and not (r.total_count() or 0) > 1  # "2 gpus for 3k total, what combo": a build, not an offer
        amount, currency = _amount(r, offered or (asked and alone))
        if alone and amount is not None:
            # "found one for 600, worth it?", "闲鱼上6500的能要吗": an offer for the card talked about (the dialogue
            # fills it; with nothing talked about it asks which)
            gpus = [GpuRef(mention="", pronoun="it", count_open=True)]
    else:
        currency = r.unnamed_currency()
    if amount is None or len({g.name or g.mention for g in gpus}) != 1:
        return None
    gpu = gpus[0]
    apart = _count_apart(r) if gpu.count <= 1 and _each(r, amount) else None
    if apart:  # "mi50 32gb going for $150 each, thinking 4 of them": the offer is for that many
        gpu = dataclasses.replace(gpu, count=apart)
    if gpu.count > 1 and _each(r, amount):
        amount = amount * gpu.count  # "2x used 3090 at $700 each": $1,400 for the two
    if gpu.condition is None and b.first("CONDITION") in ("new", "used"):
        gpu = dataclasses.replace(gpu, condition=b.first("CONDITION"))  # "l40s for $6,500 new": said after the price
    if gpu.condition is None and (said(r, "deal_places") or said(r, "deal_private_words")):
        # "fb marketplace", "ebay", "闲鱼", "from a guy upgrading": second-hand
        gpu = dataclasses.replace(gpu, condition="used")
    workload = r.workload or ("training" if "training" in b.meanings.get("MODE", []) else None)
    # "... worth it for running llama 3.3 70b?"; a family at one size ("qwen 32b") is resolved by the name check
    model = r.model if r.model and (r.model.key or _sized_family(r)) else None
    return VerdictQuery(
        text=r.text,
        gpus=(gpu,),
        offer_period=_rent_period(r),  # "8卡a800包月12万 贵不贵": a rent quote, weighed against cloud rates
        kind="deal",
        workload=workload,
        offer=amount,
        money_currency=currency,
        model=model,
        params_b=sized,  # "闲鱼3090 5000块 能跑70b吗": how a 70B model runs on it, with the verdict on the price
        risks=risks,
    )


@needs(("GPU",), said=("deal_words", "verdict_worth", "verdict_negative", "rate_quote_asks"), unless=("HOW_MUCH",))
def rate_quote(r: Reading) -> Query | None:
    """An hourly rent quoted for one card and asked whether it is fair ("tensordock quoted me $0.35/hr for a 4090.
    good price or meh", "runpod wants $0.69/hr for a 4090, rip off?", "autodl 4090一小时1.88 贵吗"): a deal on a
    rent for the hour (respond/rent_quote.py weighs it against the cloud rates), not the provider's rate table."""
    asked = said(r, "deal_words") or said(r, "verdict_worth") or said(r, "verdict_negative")
    named = {g.name for g in r.refs if g.pronoun is None and g.name}
    if not (asked or said(r, "rate_quote_asks")) or len(named) != 1 or r.b.has("HOW_MUCH"):
        return None  # "... how much do i save": a sum asked, not a quote judged
    if r.b.has("BUY") and r.b.has("RENT"):
        return None  # "worth buying a 4x4090 rig ... otherwise renting at ~$0.40/hr": renting weighed against buying
    rate = _quoted_rate(r)
    if rate is None:
        return None
    gpu = next(g for g in r.refs if g.name in named)
    return VerdictQuery(
        text=r.text,
        gpus=(gpu,),
        offer_period="hour",
        kind="deal",
        offer=rate,
        money_currency=r.currency("RATE") or r.currency() or r.unnamed_currency(),
    )


def _quoted_rate(r: Reading) -> float | None:
    """The one hourly rate said: a RATE ("$0.35/hr") with no other amount or hours of a job ("... needs ~40 hrs",
    "vast has one at $1.87"), or one amount beside one hour ("一小时30块", "一小时1.88"); None otherwise."""
    rates, hours = r.b.kinds.get("RATE", []), r.b.kinds.get("HOURS", [])
    amounts = r.b.kinds.get("MONEY", []) + r.b.kinds.get("NUMBER", [])
    if len(rates) == 1 and not hours and not amounts:
        value = rates[0].value
    elif not rates and hours and all(t.text in _ONE_HOUR for t in hours) and len(amounts) == 1:
        value = amounts[0].value
    else:
        return None
    return float(value) if isinstance(value, (int, float)) and value > 0 else None


_ONE_HOUR = ("一小时", "每小时", "1小时", "一个小时")


def _offered_card(r: Reading, named: list[GpuRef]) -> list[GpuRef]:
    """ "got offered a 4090 for $1,450 from a guy upgrading to a 5090": of several cards, the one the amount follows
    (GPU, then money, or a price word and an amount) is offered; a card named after a word of [lists]
    deal_seller_words ("upgrading to a 5090") is the seller's, not a second offer. [] when none is singled out."""
    tags, text = r.b.tags, r.text.lower()
    if len({g.name or g.mention for g in named}) < 2:
        return []
    cards = [t.start for t in r.b.kinds.get("GPU", [])]
    if any(t.kind in ("OR", "VS", "COMPARE", "OVER", "THAN") and cards[0] < t.start < cards[-1] for t in tags):
        # "2x 5060 ti 16gb or 1x 5080 16gb for $1000-ish", "a used 3090 ti for $900, worth it over a regular 3090":
        # cards set against each other, not an offer
        return []
    priced = {
        tags[k].text
        for k in range(len(tags) - 1)
        if tags[k].kind == "GPU"
        and (
            tags[k + 1].kind == "MONEY"
            or (k + 2 < len(tags) and tags[k + 1].kind == "COSTS" and tags[k + 2].kind in ("MONEY", "NUMBER"))
        )
    }
    priced |= {  # "wants $1300 for a 4090": the amount, "for", the card
        tags[k + 1].text for k in range(len(tags) - 1) if tags[k].kind == "MONEY" and tags[k + 1].kind == "GPU"
    }
    ends = [m.end() for w in r.lex.listed("deal_seller_words") for m in compiled(re.escape(w)).finditer(text)]
    sellers = {t.text for t in r.b.kinds.get("GPU", []) if any(0 <= t.start - e <= _SELLER_GAP for e in ends)}
    kept = [g for g in named if g.mention in priced and g.mention not in sellers]
    return kept if len({g.name or g.mention for g in kept}) == 1 else []


def _each_offer(r: Reading) -> bool:
    """A money amount for one card ("$650 each", "$700 a piece") beside one GPU and a count said apart from it
    ("what about 2", "thinking 4 of them"): an offer for that many cards, weighed as a deal."""
    amount, _ = _amount(r, offered=True)  # "$650 each", "650 a pop"
    if amount is None or amount < MIN_AMOUNT or not _each(r, float(amount)):
        return False
    return len({g.name for g in r.explicit}) == 1 and bool(_count_apart(r))


def _count_apart(r: Reading) -> int | None:
    """How many cards a question counts apart from the GPU's mention: "4 of them", "what about 2", "should i get
    3", "buying two" (a count after a word of lexicon [lists] deal_count_before); None if none is said."""
    count = r.total_count()
    if count and count > 1:
        return count
    text, b = r.text.lower(), r.b
    for tok, at in zip(b.toks, b.toks_pos, strict=False):
        v = int(tok) if tok.isdigit() else r.lex.numbers.get(tok)  # "what about 2", "buying two"
        before = " ".join(re.sub(r"[^\w\s]", " ", text[:at]).split())
        if v and 2 <= v <= MAX_CARDS and before.endswith(tuple(r.lex.listed("deal_count_before"))):
            return int(v)
    return None


# tag kinds of an offer that names no card ("found one for 600, worth it?", "6000能收吗"): nothing else asked
_OFFER_ALONE = {"NUMBER", "MONEY", "VALUE", "QUESTION", "GPU_WORD", "CONDITION", "ON", "FOLLOW", "AND", "PRONOUN"}
_OFFER_ALONE |= {"COSTS", "PRICES", "ONLY"}  # "seller wants $620, says it was only used for gaming"


def _each(r: Reading, amount: float) -> bool:
    """ "at $700 each", "600 a piece", "4500一张": the amount right before a word of lexicon card_each is the price of
    one card; so is one right after a word of each_card_before ("每张4500", "闲鱼一张4千5": the Chinese order)."""
    text, each = r.text.lower(), tuple(f"{w} " for w in r.lex.listed("card_each"))
    glued = tuple(w for w in r.lex.listed("card_each") if not w.isascii())
    before = tuple(r.lex.listed("each_card_before"))
    tags = [t for k in ("MONEY", "NUMBER") for t in r.b.kinds.get(k, []) if t.value == amount]
    return any(
        " ".join(re.sub(r"[^\w\s]", " ", text[t.end :]).split()[:3] + [""]).startswith(each)
        or text[t.end :].lstrip().startswith(glued)
        or text[: t.start].rstrip().endswith(before)
        or _before_its_count(r, t)
        for t in tags
    )


def _before_its_count(r: Reading, amount) -> bool:
    """ "二手3090 5000块 收两张": the amount right after the card and before the count of that card (a COUNT read after
    the card, meanings AFTER) was said for one card."""
    tags = r.b.tags
    k = tags.index(amount) if amount in tags else -1
    if k < 1 or tags[k - 1].kind != "GPU":
        return False
    return any(t.kind == "COUNT" and t.meanings.get("AFTER") for t in tags[k + 1 : k + 3])


def _sized_family(r: Reading) -> bool:
    """The model mention is a family at a size typed ("qwen 32b"): versions of one size the check resolves."""
    tags = r.b.kinds.get("MODEL", [])
    return bool(tags) and tags[0].model_match().status == "ambiguous" and bool(_SIZE.search(tags[0].text.lower()))


def _priced(r: Reading) -> bool:
    """A GPU, a price word and a number in a row ("ex-mining 3080 for 250 worth it"), or a GPU and an amount of money
    right after it ("二手3090 5000块"): an offer for that GPU."""
    tags = r.b.tags
    return any(
        tags[k].kind == "GPU" and tags[k + 1].kind == "COSTS" and tags[k + 2].kind in ("NUMBER", "MONEY")
        for k in range(len(tags) - 2)
    ) or any(tags[k].kind == "GPU" and tags[k + 1].kind == "MONEY" for k in range(len(tags) - 1))


def _memory_priced(r: Reading) -> bool:
    """ "intel arc b580 for llms?? 12gb for 250 seems like a steal": the one card's memory said, then "for" / "at" and
    an amount of a price's size: an offer for that card (its memory names it again)."""
    tags, low = r.b.tags, r.text.lower()
    if len({g.name for g in r.explicit}) != 1:
        return False
    for mem, amount in zip(tags, tags[1:], strict=False):
        if mem.kind != "MEMORY" or amount.kind not in ("NUMBER", "MONEY"):
            continue
        value = amount.value if isinstance(amount.value, (int, float)) else 0.0
        gap = low[mem.end : amount.start]
        if value >= BARE_MIN and (_FOR.fullmatch(gap) or (amount.kind == "MONEY" and _BESIDE.fullmatch(gap))):
            return True  # "12gb for 250", "12G显存2000块出头" (a money unit said, nothing between)
    return False


_BESIDE = re.compile(r"[\s,，、]*")
_FOR = re.compile(r"\s*(?:for|at|@|only|just|for only|for just)\s*(?:like\s*|about\s*|~\s*)?")


def _bare_priced(r: Reading) -> bool:
    """ "二手3060 12g 一千五 能干嘛": a number of stated_prices' size right after the card, in a question that asks
    whether it is worth it or what it is good for, is its price."""
    tags = r.b.tags
    return any(tags[k].kind == "GPU" and _price_sized(tags[k + 1]) for k in range(len(tags) - 1))


def _price_sized(tag) -> bool:
    value = tag.value
    return tag.kind == "NUMBER" and isinstance(value, (int, float)) and value >= BARE_MIN


def _box_offer(r: Reading) -> bool:
    """One amount that prices a whole machine with the card named in it ("4070 super的整机 9999", "hgx h100 box for
    $280k"; nlu/stated.py whole "box"): an offer for that machine, weighed by respond/box_offer.py."""
    tags = r.b.tags
    if r.b.has("RATE", "RENT"):
        return False  # "reserve 8x h100 at $2/gpu-hr or buy an hgx box for $280k": rent or buy, not an offer
    amounts = [t for t in tags if t.kind in ("MONEY", "NUMBER") and float(t.number()) >= MIN_AMOUNT]
    return len(amounts) == 1 and box_cards(tags, amounts[0], r.text, r.lex, [2]) > 1


def _amount(r: Reading, offered: bool) -> tuple[float | None, str | None]:
    """The amount asked for the GPU: money ("$650", "一万三千块"), or, with a word about an offer ("fair",
    "wants", "能收吗"), a bare number large enough to be a price that is not a year ("still usable in 2025")."""
    b = r.b
    gaps = gap_amounts(r)  # "闲鱼二手4800 差1500": the gap is no offer
    money = [t for t in b.kinds.get("MONEY", []) if t not in gaps]
    if money:
        value = money[0].value
        currency = money[0].meanings.get("CURRENCY") or (
            r.currency("MONEY") if money[0] is b.kinds["MONEY"][0] else None
        )
        currency = currency or r.unnamed_currency()
        return (float(value), currency) if isinstance(value, (int, float)) and value > 0 else (None, None)
    # a number that counts something ("at 30 steps": meanings NOUN) is no price
    for t in [t for t in b.kinds.get("NUMBER", []) if t not in gaps and not t.meanings.get("NOUN")] if offered else ():
        value = t.value if isinstance(t.value, (int, float)) else 0
        if value >= MIN_AMOUNT and not (float(value).is_integer() and YEARS[0] <= value <= YEARS[1]):
            return float(value), r.unnamed_currency()
    return None, None


def _gpu_and_price_as_name(r: Reading) -> tuple[list[GpuRef], float | None]:
    """ "3090 6500收了值吗": two GPU mentions, the second a bare number after the first; that number is
    the price (a deal word is said), the first the GPU. ([], None) otherwise."""
    named = [g for g in r.refs if g.pronoun is None]
    if len(named) != 2 or not named[1].mention.isdigit() or named[0].mention.isdigit() or r.b.has("MONEY", "NUMBER"):
        return [], None
    if r.b.has("OR", "VS", "COMPARE", "FASTER"):
        return [], None  # "two 4060 ti 16gb or a 3090, which should i buy": two GPUs set against each other
    gpus = r.b.kinds.get("GPU", [])
    tags = r.b.tags
    if len(gpus) != 2 or tags.index(gpus[1]) != tags.index(gpus[0]) + 1:
        return [], None  # "4090d和4090 ... 差价值不值": a word between the two names makes both of them cards
    if r.text[gpus[0].end : gpus[1].start].strip(" ,，、~～"):
        return [], None  # "3060 12g升级4090值得吗": a word no tag reads between them makes both cards too
    return [named[0]], float(named[1].mention)


def _rent_period(r: Reading) -> str | None:
    """The period an offer is a rent for: a word of lexicon [lists] rent_quote_<period> ("包月", "月租", "per month")
    in the question; None when the offer is a price to buy."""
    low = r.text.lower()
    return next((p for p in ("hour", "day", "month", "year") if r.lex.words_in(f"rent_quote_{p}", low)), None)
