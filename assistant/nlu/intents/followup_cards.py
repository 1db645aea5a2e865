"""Follow-ups that bring a card into what was talked about: "would a 4090 work", "switch to a 5090", "or a used
3090 for the same money?", "为啥不推荐4090", "how long would it take on a 4090", "which one would you get for 700",
"二手的话多少钱", "差价多少".

Each reader takes a `Reading` and returns the query it claims (a `FollowUpQuery` the dialogue merges into the
question it continues, a `CompareQuery` for a card set against the one favoured or two cards whose price gap is
asked) or None; what the card replaces or joins is the dialogue's to decide. The generic follow-up readers and
`build` are in intents/followup.py.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu import card_uses
from assistant.nlu.followup_details import _amount, mode_said
from assistant.nlu.intents import card_topic
from assistant.nlu.intents.followup import AROUND, _only, build
from assistant.nlu.intents.settings import settings_of
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query
from assistant.query_talk import FollowUpQuery


@needs(("GPU",), unless=("PARAMS", "WORKLOAD", "MONEY", "MEMORY", "HOURS", "VS", "OR", "THAN", "MODEL"))
def other_gpu(r: Reading) -> Query | None:
    """ "would a 4090 work", "switch to a 5090", "a secondhand 3090 instead?", "how does the 4070 ti super fit in
    there": the question talked about, asked of another card (the dialogue puts it in: in place of the card of a
    fit, beside those of a comparison; with nothing talked about it is that card's spec sheet)."""
    b = r.b
    if not r.explicit or r.model or b.has("PARAMS", "WORKLOAD", "MONEY", "MEMORY", "HOURS", "VS", "OR", "THAN"):
        return None
    if card_uses.asked(r):
        return None  # "what can i do with a 3090", "what's a p40 good for": what the card runs (fit.read)
    if card_topic.topic_of(r) in card_topic.CANNOT:
        return None  # "can i game on a p40": a topic of the card with no data here (card_topic), not a follow-up
    cues = ("join_words", "switch_words", "works_words", "instead_words")
    words = {w for name in cues for phrase in r.lex.listed(name) for w in phrase.split()}
    words |= {ch for w in words if not w.isascii() for ch in w}  # "撑得住" may be left as "撑", "住"
    if not _only(b.unknown, r.lex.listed("fragment_words") | r.lex.listed("switch_fillers") | words):
        return None  # "does flash attention 2 work on a 2080 ti": something else is asked of the card
    joins = said(r, "join_words")  # "how does the 4070 ti super fit in there": joins the comparison
    if not (joins or any(said(r, name) for name in cues) or card_cued(r)):
        return None
    # "would a single 5090 do the qlora then": a method said with the card (PER: "a single"); not a bare "training"
    method = {"MODE", "PER"} if mode_said(r) else {"PER"}
    if not {t.kind for t in b.tags} <= {"GPU", "COUNT", "NUMBER", "CONDITION", "SET", "FIT"} | method | AROUND | (
        {"EXPLAIN", "COMPARE"} if joins else set()
    ):
        return None
    return dataclasses.replace(build(r), ask="compare") if joins else build(r)


_PRICE_IN_CONDITION = {"CONDITION", "FIELD", "PRICES", "HOW_MUCH", "COST", "ON", "BUY"} | AROUND  # "在闲鱼上买二手的话"


@needs(("CONDITION",), unless=("MODEL",))
def price_in_condition(r: Reading) -> Query | None:
    """ "二手的话多少钱", "used price?", "how much used", "what do they go for used": the price, used (or new), of the
    cards talked about (the condition is said as a setting); with nothing talked about the dialogue asks which."""
    b = r.b
    if r.explicit or r.model or not b.has("CONDITION") or b.unknown:
        return None
    # a price asked ("多少钱", "how much", "used price?", "二手价呢"), not prices to use ("用二手价格": a setting)
    priced = (b.has("FIELD") and b.meaning("FIELD") == "price") or b.has("HOW_MUCH") or said(r, "price_now_words")
    priced = priced or (b.has("PRICES") and b.has("QUESTION", "FOLLOW"))
    if not priced or not {t.kind for t in b.tags} <= _PRICE_IN_CONDITION | {"EXPLAIN", "RECOMMEND"}:
        return None
    if b.has("RECOMMEND") and not said(r, "price_now_words"):
        return None  # "recommend something used": a pick
    return dataclasses.replace(build(r), fields=("price",))


_WHY_NOT = {"WHY", "NO", "RECOMMEND", "OVER", "BUY", "GPU"} | AROUND


@needs(("WHY",), ("GPU",), unless=("MODEL", "PARAMS", "MONEY", "WORKLOAD"))
def why_not_named(r: Reading) -> Query | None:
    """ "为啥不推荐4090", "why didnt you pick the 4090", "why not recommend a 4090": the card named against the one the
    conversation favoured (why that one and not this), as "why not the 4090?" is read."""
    from assistant.queries import CompareQuery

    b = r.b
    if not b.has("WHY") or len(r.explicit) != 1 or r.model or b.has("PARAMS", "MONEY", "WORKLOAD"):
        return None
    if not (b.has("RECOMMEND", "OVER", "BUY", "NO") or said(r, "why_not_cues")):
        return None
    if not {t.kind for t in b.tags} <= _WHY_NOT or not set(b.unknown) <= r.lex.listed("why_not_words"):
        return None
    other = GpuRef(mention="", pronoun="context")
    return CompareQuery(text=r.text, gpus=(r.explicit[0], other), premise="first")


def which_for_amount(r: Reading) -> Query | None:
    """ "which one would you get for 700", "700的话选哪个": which of the cards talked about, for a bare amount (a budget
    after a comparison; the dialogue decides what the number is)."""
    b = r.b
    if r.explicit or r.model or not (said(r, "which_words") or b.has("COMPARE")) or not b.has("NUMBER"):
        return None
    if not {t.kind for t in b.tags} <= {"NUMBER", "COMPARE", "RECOMMEND", "BUY"} | AROUND or b.unknown:
        return None
    amount = _amount(r)
    if amount is None or amount < 50:
        return None  # "which gpus should i buy for a 4 gpu build": a count, not a budget
    # a bare amount is in the question's language's currency ("7000的话选哪个": yuan)
    return dataclasses.replace(build(r), budget_currency=r.unnamed_currency())


def card_cued(r: Reading) -> bool:
    """A card brought in the way a reply brings one into the question talked about: opened by "with a" / "on" /
    "using" ("with a 4090", "on 2 4090s?") or closed by "then" ("4090 then?"). A name typed alone ("4090?") stays
    its spec sheet; with nothing talked about the dialogue answers these with the spec sheet too."""
    tags = [t for t in r.b.tags if t.kind != "QUESTION"]
    if not tags:
        return False
    return tags[0].kind == "ON" or tags[-1].kind == "FOLLOW"


@needs(("GPU",), said=("duration_words",), unless=("MODEL", "PARAMS", "WORKLOAD", "HOURS", "MONEY"))
def job_elsewhere(r: Reading) -> Query | None:
    """ "how long would it take on a 4090", "and on 2 3090s, how long?": the time of the job talked about on other
    GPUs (the dialogue asks back when nothing was talked about)."""
    b = r.b
    if not (r.explicit and said(r, "duration_words")) or r.model or b.has("PARAMS", "WORKLOAD", "HOURS", "MONEY"):
        return None
    kinds = {t.kind for t in b.tags}
    if not kinds <= {"GPU", "COUNT", "COUNTED", "NUMBER", "CONDITION", "MODE", "TOKENS", "FIT"} | AROUND:
        return None  # ("3 epochs on 20k rows": the job's data, COUNTED, that build's job_data keeps)
    return build(r)


# tag kinds that may come with a price gap asked ("how much more is it", "whats the difference in price", "差价多少")
_GAP = AROUND | {
    "CURRENCY",  # "and the price difference in yuan": the gap in that money (a setting the question states)
    "ON",
    "FIELD",
    "HOW_MUCH",
    "COMPARE",
    "EXPLAIN",
    "PRICES",
    "ASK",
    "COST",
    "THAN",
    "FASTER",
    "CONDITION",
    "GPU",
    "RENT",  # "rental price difference", "租金差多少": the gap of the rents talked about (ask "rent_gap")
}


@needs(unless=("MODEL",))
def price_gap(r: Reading) -> Query | None:
    """ "差价多少", "how much more is it", "whats the difference in price", "how much cheaper is the 3090", and "whats
    the difference" alone: the difference between the two cards talked about (or the one named and the one talked
    about), in money first (lexicon asked_price_gap / asked_difference). Two cards named: their comparison, which
    leads with that difference. Not a figure other than the price ("how much more vram"), a rental or a model."""
    b = r.b
    low = f" {r.text.lower()} "
    kinds = {t.kind for t in b.tags}
    if len(r.explicit) > 2 or r.model or kinds - _GAP or len(b.unknown) > 2:
        return None
    if len(r.explicit) == 1 and b.has("CONDITION"):
        return None  # "4090 price difference between new and used": one card's prices (the spec reader)
    if b.has("AND", "OR") and len(r.explicit) < 2:
        return None  # "公版和非公有什么区别": two things set against each other that are not cards (a concept)
    if b.has("FIELD") and b.meaning("FIELD") != "price" or b.meaning("ASK") not in (None, "cheaper"):
        return None
    gap = r.lex.words_in("asked_price_gap", low) or not r.explicit and r.lex.words_in("which_cheaper", low)
    plain = r.lex.words_in("asked_difference", low) and not r.explicit and kinds <= AROUND | {"COMPARE", "EXPLAIN"}
    if not (gap or plain) or (b.unknown and not gap):
        return None
    if b.has("RENT") and r.explicit:
        return None  # "autodl上租4090d和4090价格差多少": the cards' rents (rates)
    if len(r.explicit) == 2:
        from assistant.queries import CompareQuery  # "3090和4090差价多少": their comparison, the gap first

        return CompareQuery(text=r.text, gpus=tuple(r.explicit))
    if b.has("RENT") and b.has("BUY"):
        return None  # "price difference between renting and buying": rent or buy
    ask = "rent_gap" if b.has("RENT") else "price_gap"
    return FollowUpQuery(text=r.text, gpus=tuple(g for g in r.refs if g.pronoun is None), ask=ask)


_ALTERNATIVE = {"OR", "CONDITION", "GPU", "COUNT", "UNDER", "QUESTION", "BUY", "RECOMMEND", "FOLLOW", "PRONOUN"}


@needs(("OR",), ("GPU",), unless=("MODEL", "PARAMS", "WORKLOAD"))
def alternative(r: Reading) -> Query | None:
    """ "or a used 3090 for about the same money?", "or two 3060s instead?", "还是买二手3090": one card offered as the
    alternative to the one talked about (the dialogue compares the two for the work talked about)."""
    b = r.b
    if not b.tags or b.tags[0].kind != "OR" or len(r.explicit) != 1 or r.model or b.has("PARAMS", "WORKLOAD"):
        return None
    if {t.kind for t in b.tags} - _ALTERNATIVE or len(b.unknown) > 1:
        return None
    return FollowUpQuery(text=r.text, gpus=tuple(r.explicit), ask="or", settings=tuple(settings_of(r)[0]))
