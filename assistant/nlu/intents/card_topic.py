"""A topic asked of one named card that no other reader took: "how do i cool a p40", "p40需要什么供电线", "4090 功耗墙
设置多少合适", "can my home server take an a100 pcie", "a770 16g 跑ai", "p40 warranty", "my 3090 keeps crashing".

Contract: `read(r)` claims a question naming one card (any count; "X -> Y" / "X换Y" names the card moved to, the
last one) with no model, money, rent, hours or comparison, and returns SpecQuery(topic=...) for
respond/card_topic.py, which answers the topic for that card with the responders that exist (a concept, the
install check, the PSU check, the power-limit sweep, the verdict on AI use). The topic is the first of TOPICS
whose lexicon list `card_topic_<topic>` the question says; else a figure kind of nlu/asks.py no answer here
covers (CANNOT: warranty, gaming) is the topic, said to be outside the data; else, when words nothing read are
left and no spec word was said ("4090 lifespan", "my 3090 keeps crashing"), topic "other" with those words in
`unread`: the answer says what it did not understand and what it can answer about the card, never a spec sheet
as if it answered. `early(r)` claims, before the readers of verdicts and comparisons, the topics whose words
leave no doubt (a PSU with its watts after an upgrade "3080 -> 4090", a driver word of an AMD or Intel card, a
set-up topic with a recommendation word) and a set-up topic asked of "it" ("how do i cool it").
GPU memory more than the card has, asked as a count or the cheapest way ("how many p40s for 96gb") is topic
"memory_count". Placed right before spec.read (the spec sheet of a card named with nothing else asked).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu import asks
from assistant.nlu.intents import explain, spec
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import GpuRef, Query, SpecQuery

# tried in order, the first said wins: a power limit before the PSU ("功耗墙" holds 功耗), cooling before the
# install ("p40放在家用机箱里散热够吗" asks the cooling), the board and software before the AI-use verdict
TOPICS = (
    "power_limit",
    "psu",
    "crash",
    "noise",
    "cooling",
    "heat",
    "install",
    "board",
    "mining",
    "lifespan",
    "software",
    "buying",
    "ai_use",
)
EARLY = ("power_limit", "cooling", "heat", "board")
PLAIN_EARLY = ("crash", "power_limit")  # read early whatever else is said: their words name nothing else
# topics asked of "it" (the card talked about), read before the concept readers take their words ("how do i cool it")
SHORT_ALONE = 40  # [A] characters: a topic word alone in a short question asks it of the card talked about
OF_IT = (
    "power_limit",
    "cooling",
    "heat",
    "install",
    "board",
    "software",
)  # topics whose words leave no doubt, read before recommendations
CANNOT = ("warranty", "gaming")  # asked figure kinds answered by "not in my data" and the offer
_OTHER_ASK = ("MODEL", "PARAMS", "MONEY", "BUDGET", "RENT", "COST", "KWH", "HOURS", "RECOMMEND", "VS", "COMPARE")
_SPEC_ASKED = ("SPEC", "FIELD", "EXPLAIN")
_MOVE = re.compile(r"(?:->|→|=>|\bto\b(?:\s+(?:a|an|the))?|换成|换到|换|升级到|升级成|上)\s*$")


def read(r: Reading) -> Query | None:
    gpus = _card(r)
    if gpus is not None and _memory_target(r):  # "how many p40s for 96gb", "cheapest way to get 48gb, thinking p40s"
        return SpecQuery(text=r.text, gpus=gpus, topic="memory_count")
    if gpus is None or r.model or r.b.has(*_OTHER_ASK):
        return None
    sheet = spec.read(r)
    if not isinstance(sheet, SpecQuery) or set(sheet.fields) - {"all", "power"}:
        return None  # "俩4090 nvlink支持吗", "3090矿卡现在啥行情": a figure of the card is asked (spec.read)
    topic = topic_of(r)
    if topic is not None and topic not in CANNOT:
        return _asked(r, gpus, topic)
    if sheet.fields or r.b.has(*_SPEC_ASKED) or r.workload:
        # "tell me about the 4090", "how much can i sell my 3060 for": the spec reader's own answer; "m3 pro 18gb
        # macbook, any point doing local llms on it": the card judged for the work (respond/use_case.py)
        return None
    if topic is not None:
        return dataclasses.replace(sheet, topic=topic)
    if said(r, "add_card") and not said(r, "remove_card"):
        return None  # "would adding my old 3060 help": the card added to the set talked about (a follow-up)
    unread = tuple(w for w in r.b.unknown if not said_word(r, w))
    return dataclasses.replace(sheet, topic="other", unread=unread) if unread else None


def _asked(r: Reading, gpus, topic: str) -> SpecQuery:
    """The topic asked of the card; "will it fit in a corsair 4000d": the case named goes along (and a PSU said)."""
    case = r.b.first("CASE") if topic == "install" else None
    return SpecQuery(text=r.text, gpus=gpus, topic=topic, case=case, psu_w=r.psu_watts() if case else None)


@needs(unless=("MODEL", "MONEY", "BUDGET", "RENT", "COST", "KWH", "PARAMS"))
def early(r: Reading) -> Query | None:
    """ "upgrading 3080 -> 4090, is my 850w psu ok", "rx 6800 drivers for pytorch", "m40散热方案", "4090 best power
    limit for llm": a PSU with its watts, a driver word of an AMD or Intel card, or a set-up topic (EARLY) asked with a
    recommendation word, of one card (the card moved to), before a comparison, a recommendation or a verdict reads the
    cards."""
    if r.model or r.b.has("MONEY", "BUDGET", "RENT", "COST", "KWH", "PARAMS"):
        return None
    if said(r, "upgrade_ask_words") and r.workload:
        return None  # "i have a 3070 and a 750w psu, what should i upgrade to for local llms": a card is asked
    gpus = _card(r)
    topic = topic_of(r) if gpus is not None else None
    lasting = said(r, "card_topic_lifespan_strong") or said(r, "card_topic_how_long")
    if gpus is not None and topic == "lifespan" and lasting:
        return SpecQuery(text=r.text, gpus=gpus, topic=topic)  # "how long will a 3090 last run 24/7": not a job's time
    if gpus is None or (r.b.has("HOURS") and not said(r, "card_topic_power_limit")):
        return None  # hours are a bill or a job, except "3090 power limit for 24/7 inference"
    watts = r.psu_watts() is not None and not said(r, "power_limit_words")
    if topic is None and watts and said(r, "verdict_enough"):
        topic = "psu"  # "from a 2070 to a 3090, is 650w enough": the PSU the user has
    if topic == "psu" and watts:
        return SpecQuery(text=r.text, gpus=gpus, topic=topic)
    at = r.index._by_name.get(gpus[0].name or "")
    vendor = r.index.vendor[at] if at is not None else None
    if topic == "software" and vendor in ("AMD", "Intel") and said(r, "card_topic_software_strong"):
        return SpecQuery(text=r.text, gpus=gpus, topic=topic)
    if topic == "install":  # "a100 pcie放家里服务器行吗": what it takes to put it there, not a verdict on its speed
        return _asked(r, gpus, topic)
    asked = r.b.has("RECOMMEND", "SORT") or (topic == "power_limit" and said(r, "card_topic_limit_value"))
    if topic in PLAIN_EARLY and not r.b.has("WATTS", "PERCENT"):
        # "3090 black screen during training", "3090 power limit for 24/7 inference": not a verdict on the work
        return SpecQuery(text=r.text, gpus=gpus, topic=topic)
    if topic in EARLY and asked and not r.b.has("WATTS", "PERCENT"):
        return SpecQuery(text=r.text, gpus=gpus, topic=topic)
    return None


@needs(unless=("MODEL", "WATTS", "PERCENT", "MONEY", "BUDGET", "RENT", "PARAMS", "COUNT", "WORKLOAD"))
def of_it(r: Reading) -> Query | None:
    """ "how do i cool it", "它散热怎么办", "what power limit should i set": a topic of OF_IT asked of "it", or in a
    short question naming no card (SHORT_ALONE), of the card the conversation is about (the dialogue fills it)."""
    if r.explicit or r.model or r.b.has("WATTS", "PERCENT", "MONEY", "BUDGET", "RENT", "PARAMS", "COUNT", "WORKLOAD"):
        return None
    pronouns = [g for g in r.refs if g.pronoun in ("it", "that", "them")]  # "how do i cool them": the cards
    if len(r.refs) != len(pronouns) or len(pronouns) > 1:
        return None
    topic = topic_of(r)
    if topic is None and r.b.has("CASE") and len(r.text) <= SHORT_ALONE:
        topic = "install"  # "what about a corsair 4000d" after a card's size: that card in this case
    if topic not in OF_IT or (not pronouns and not _alone(r, topic)):
        return None
    return _asked(r, (pronouns[0] if pronouns else GpuRef(mention="", pronoun="it"),), topic)


def _alone(r: Reading, topic: str) -> bool:
    """A short question naming no card that can only be about one ("散热怎么办", "功耗墙设多少合适"): cooling or heat,
    or the power limit to set; not a concept asked ("什么是功耗限制", "显卡降功耗会掉多少性能")."""
    if len(r.text) > SHORT_ALONE or r.b.has("WHY", "GPU", "COMPARE", "VS", "OR", "RECOMMEND", "SORT"):
        return False
    if r.b.has("EXPLAIN") and not said(r, "card_topic_how_words"):
        return False  # "什么是功耗限制": the concept; "散热怎么办": what to do about the card
    words = set(r.lex.listed(f"card_topic_{topic}"))
    if any(text not in words for _, _, text in explain.mentions(r)):
        return False  # "计算卡被动散热怎么办": a concept named beside the topic word is the question
    if said(r, "concept_asked_words"):
        return False
    if topic == "install" and r.b.has("CASE"):
        return True  # "那能装进联力o11吗", "and in a corsair 4000d?": the card talked about, in the case named
    if topic == "software":  # "software support?", "drivers?", "生态呢": the software of the card talked about
        return bool(said(r, "card_topic_software_strong"))
    return topic in ("cooling", "heat") or (topic == "power_limit" and bool(said(r, "card_topic_set_words")))


def topic_of(r: Reading) -> str | None:
    """The first topic of TOPICS the question names a word of, else a CANNOT kind of its figure asked."""
    for topic in TOPICS:
        if said(r, f"card_topic_{topic}") and (topic != "install" or said(r, "card_topic_install_verbs")):
            return topic
    kind = asks.kind_of(r.text, r.b.lang)
    return kind if kind in CANNOT else None


def _memory_target(r: Reading) -> bool:
    """GPU memory to reach with the card named, more than one card holds ("96gb", "凑48g显存"), asked as a count or
    the cheapest way; no model, rent or budget (those are a fit, a rent or a recommendation)."""
    if r.model or r.system_ram() is not None or r.b.has("RENT", "BUDGET", "MONEY", "PARAMS", "COUNT"):
        return False
    target = r.num("MEMORY")
    memory = r.index.memory_of(r.explicit[0].name or "") if r.explicit else None
    if not target or not memory or target <= memory:
        return False
    return bool(said(r, "ask_count") or r.b.meaning("SORT") == "price" or said(r, "card_topic_memory_reach"))


def said_word(r: Reading, word: str) -> bool:
    """A chat word that asks nothing ("lol", "说说", "pls")."""
    return word.lower() in r.lex.listed("card_topic_ignored")


def _card(r: Reading) -> tuple[GpuRef, ...] | None:
    """The one card asked about: the only one named, or the one moved to ("3080 -> 4090", "3080换4090")."""
    named = [g for g in r.explicit if g.name]
    if len(r.explicit) != len(named) or not named:
        return None
    if len({g.name for g in named}) == 1:
        return (named[0],)
    tags = r.b.kinds.get("GPU", [])
    if len(named) == 2 and len(tags) == 2 and _MOVE.search(r.text[tags[0].end : tags[1].start].strip()):
        return (named[1],)
    return None
