"""Two questions in one message: "h20一张多少钱 能训练吗", "fp8和int8有啥区别 4090支持fp8吗".

Contract: `two_questions(text, index)` returns the two clauses of a message that asks two different
things, each answerable (the second may lean on the first, as a follow-up does: "能训练吗" is about
the GPU the first clause named), or None. A clause ends where the first one closes with a question
word of lexicon list `clause_end_words` (吗, 多少钱, 有啥区别, ...) before a separator of list
`clause_separators` (a space, a comma, a question mark); the second must hold a word of that list
too, and must not open with a word of list `clause_relative_starts` ("和买3090比哪个划算" weighs the first
against something: one question). The message is split only when each clause alone is understood and they ask
different kinds of things (not when the second only asks why, or is a fragment completing the first that the
whole reading took in): the engine then answers both, one after the other in the conversation, as one answer. English
questions joined without a '?' are cut at a joiner of list `clause_joiners` when both sides open with a word of
list `clause_starts` ("what is fp4 and does the 5090 support it"), or the second asks whether buying beats it (list
`buy_instead_asks`) and the first holds such a word ("autodl 4090 24/7 for a month, how much, and is buying better").
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.index import NameIndex
from assistant.nlu.lexicon import lexicon
from assistant.nlu.parse import language
from assistant.queries import Clarification, Query
from assistant.query_talk import FollowUpQuery, UnknownQuery


def _split_points(text: str, lang: str) -> list[tuple[str, str]]:
    """Every (first, second) cut at a separator after which the first clause ends with a question word."""
    lex = lexicon(lang)
    seps = lex.listed("clause_separators")
    ends = sorted(lex.listed("clause_end_words"), key=len, reverse=True)
    out = []
    for k, ch in enumerate(text):
        if ch not in seps or k == 0:
            continue
        first, second = text[:k].strip(), text[k + 1 :].strip()
        closed = first.rstrip("".join(seps)).strip()
        if not second or not (ch in ends or any(closed.endswith(w) for w in ends)):
            continue
        if second.startswith(tuple(lex.listed("clause_relative_starts"))):
            continue  # "租卡一年多少钱 和买3090比哪个划算": the second weighs the first against something
        if any(w in second for w in ends):
            out.append((first, second))
    return out + _joined_questions(text, lex)


def _unjoined(second: str, lang: str) -> str:
    """A second question opened by "and" / "also" before a question word of list `clause_starts`, without it."""
    words = second.split(maxsplit=1)
    if len(words) == 2 and words[0].lower() in ("and", "also", "plus"):
        if words[1].lower().startswith(tuple(f"{w} " for w in lexicon(lang).listed("clause_starts"))):
            return words[1]
    return second


def _joined_questions(text: str, lex) -> list[tuple[str, str]]:
    """Cuts at a joiner of list `clause_joiners` (", and", " and ") where both sides open with a question word of
    list `clause_starts`: "what is fp4 and does the 5090 support it", "how much vram does flux need and is a 4070
    enough". A joiner inside one question ("llama 3 8b and 70b on a 3090", "is a 3090 and a 4090 enough") has
    no question word after it, so the message is not cut there."""
    starts = lex.listed("clause_starts")
    lowered = text.lower()
    if not starts:
        return []
    out = []
    for joiner in sorted(lex.listed("clause_joiners"), key=len, reverse=True):
        at = lowered.find(joiner)
        while at > 0:
            first, second = text[:at].strip(" ,"), text[at + len(joiner) :].strip()
            # the first asks something too: it opens with a question word, or (when the second asks whether buying
            # beats the rent: "autodl 4090 24/7 for a month, how much, and is buying better") holds one
            opens = first.lower().split(" ", 1)[0] in starts
            asks = opens or (lex.words_in("buy_instead_asks", second.lower()) and _holds(first, starts))
            if asks and second.split(" ", 1)[0].lower() in starts and (first, second) not in out:
                out.append((first, second))
            at = lowered.find(joiner, at + 1)
    return out


def _holds(text: str, words) -> bool:
    return any(w.strip("?,.") in words for w in text.lower().split())


def _asks_speed(q: Query | Clarification) -> bool:
    """The reading asks only for a speed ("how many tok/s would i get", "how fast would it be")."""
    return bool(getattr(q, "want_speed", False)) or getattr(q, "fields", None) == ("speed",)


def _asks_price(q: Query | Clarification) -> bool:
    """The reading asks only for money ("what's the total cost", "what would that pile of cards cost used")."""
    return getattr(q, "fields", None) == ("price",) or getattr(q, "intent", "") == "cost"


def _retail(first: str, about: str, named: list[str], lang: str, index: NameIndex) -> str:
    """ "5090国行京东现在多少钱，跑gpt-oss 120b够不够": the second clause about the 国行 version the first named
    (nlu/china_retail: the RTX 5090 D V2, not the 32 GB RTX 5090), for an ask of its own (a fit, a speed); a verdict
    ("值不值得等降价") stays as it was read (the whole message is then one verdict led by the price)."""
    from assistant.nlu import understand

    retail = next((w for w in lexicon(lang).listed("china_retail_words") if w in first.lower()), "")
    if not retail or len(named) != 1 or not about.startswith(named[0]):
        return about
    carried = named[0] + retail + about[len(named[0]) :]
    read = understand(carried, index)
    return carried if _answerable(read) and read.intent != "verdict" else about


def _answerable(q: Query | Clarification) -> bool:
    return isinstance(q, Query) and not isinstance(q, UnknownQuery)


def _kind(q: Query) -> tuple:
    """What a reading asks: its intent, for a follow-up what it asks about the last answer, and for a card's spec
    whether a memory size said is checked ("... power draw? and does it still have the full 96gb": two asks)."""
    sized = any(s.dim == "gb" for s in getattr(q, "stated", ()))
    check = q.intent == "spec" and getattr(q, "asked_figure", None) == "yes_no" and sized
    return (q.intent, getattr(q, "ask", None), getattr(q, "kind", None), check)


def _with_first_topic(a, second: str, b, index: NameIndex, lang: str):
    """The second clause in the light of the first's topic: the concept its pronoun stands for ("what is fp4 and
    does the 5090 support it" -> "... support fp4"), the model the first named ("how much vram does flux need and
    is a 4070 enough" -> "is a 4070 enough for flux"; a video model too: "what gpu for wan 2.1, is 16gb enough").
    (second, its reading), unchanged when nothing applies."""
    from assistant.nlu import understand
    from assistant.query_talk import ExplainQuery

    words = second.split()
    pronouns = lexicon(lang).listed("clause_pronouns")
    model = getattr(a, "model", None)
    topic = a.mention if isinstance(a, ExplainQuery) else (model.mention if model is not None else "")
    if topic and any(w.strip("?,.") in pronouns for w in words):
        # "does the 5090 support it" after "what is fp4"; "can two 3090s do it" after "how much vram does X need"
        about = " ".join(topic if w.strip("?,.") in pronouns else w for w in words)
        if _answerable(understand(about, index)):
            return about, understand(about, index)
    joiner = lexicon(lang).first_word("clause_model_join", "")
    mention = model.mention if model is not None else _video_named(a, lang)  # "wan 2.1 ..., is 16gb enough"
    if mention and joiner and getattr(b, "model", 1) is None:
        about = f"{second.rstrip('?？ ')}{joiner}{mention}"
        if _answerable(understand(about, index)):
            return about, understand(about, index)
    return second, b


def _video_named(a, lang: str) -> str:
    """The video model a first clause names, as typed ([lists] video_models; "" when it is no video question)."""
    if getattr(a, "intent", "") != "video":
        return ""
    low = a.text.lower()
    return max((w for w in lexicon(lang).listed("video_models") if w in low), key=len, default="")


def _rent_over(whole, first) -> bool:
    """The whole reads as one rent over a period or span longer than the first clause's: "4090租一小时多少钱
    跑一个月呢" asks the month's rent (intents/asked.rent_period), one question."""
    if whole.intent != "rates" or first.intent != "rates":
        return False
    if getattr(whole, "period", None) and getattr(whole, "hours", 0) is None and getattr(first, "period", None) is None:
        return True
    return (getattr(whole, "hours", None) or 0.0) > (getattr(first, "hours", None) or 1.0)


def _verdict_then_fit(first, whole) -> bool:
    """The first clause a bare verdict on a card ("还能战吗", "still good?", "值得买吗": no work, model or money) and
    the whole a fit of that card with a model, or a verdict on it with a use: the uses named say what the verdict
    is about."""
    if getattr(first, "intent", "") != "verdict" or getattr(whole, "intent", "") not in ("fit", "verdict"):
        return False
    if getattr(first, "workload", None) or getattr(first, "model", None) or getattr(first, "offer", None):
        return False
    mine = {g.name for g in getattr(first, "gpus", ()) if g.name}
    theirs = {g.name for g in getattr(whole, "gpus", ()) if g.name}
    used = getattr(whole, "model", None) or getattr(whole, "params_b", None)
    if whole.intent == "verdict":  # "5060ti 16g值得买吗 跑sdxl和本地大模型都行吗": the worth judged on the uses named
        used = used or getattr(whole, "workload", None)
    return bool(mine) and mine == theirs and bool(used)


def _need_then_card(first, whole) -> bool:
    """The first clause the memory a model needs (no card), the whole that model on a card: one fit, whose answer
    gives the memory needed beside the verdict (and keeps what the message says of the card: system RAM, count)."""
    if getattr(first, "intent", "") != "fit" or getattr(whole, "intent", "") != "fit" or getattr(first, "gpus", ()):
        return False
    model, whole_model = getattr(first, "model", None), getattr(whole, "model", None)
    same = model is not None and whole_model is not None and model.key == whole_model.key
    return same and any(g.name for g in getattr(whole, "gpus", ()))


def two_questions(text: str, index: NameIndex) -> tuple[str, str] | None:
    from assistant.nlu import understand

    cleaned = text.strip()
    lang = language(cleaned)
    cuts = _split_points(cleaned, lang) if len(cleaned) <= 200 else []
    if not cuts:
        return None
    whole = understand(cleaned, index)
    if whole.intent in ("fit", "rig") and len({g.name for g in getattr(whole, "gpus", ()) if g.name}) > 1:
        return None  # different cards in one machine ("have a 3090, would adding a p40 run 70b"): one question
    if getattr(whole, "asked", "") == "fix":
        return None  # "oom fine tuning whisper small on my 3060 ti. grad accumulation? fp16? help": one fix asked
    if "size" in getattr(whole, "fields", ()):
        return None  # "2x 3090 fe on a b650 board with x16/x4 slots, is spacing an issue": one size question
    if getattr(whole, "job_open", False):
        return None  # "那租a100呢 一共多少钱": the total of the job talked about, rented on that card (one question)
    if whole.intent == "rates" and getattr(whole, "mode", "") == "rent" and getattr(whole, "period", None):
        return None  # "a100一小时多少钱 连续跑一周要多少": the hourly rate and the period's rent, one rent answer
    job = getattr(whole, "mode", "") == "job" or getattr(whole, "kind", "") == "training_run"
    if (
        job
        and whole.intent in ("rates", "cost")
        and (getattr(whole, "provider", None) or getattr(whole, "deadline_hours", None))
    ):
        # "how long to finetune ... on 8x h100, and what would it cost on lambda": the job, priced there; "... by
        # tomorrow, 100k samples, what should i rent": the job, on rented GPUs by its deadline
        return None
    feature = getattr(whole, "feature", None) if getattr(whole, "kind", None) == "feature" else None
    for first, second in cuts:
        second = _unjoined(second, lang)  # "..., and does it still have the full 96gb?": the question after "and"
        a, b = understand(first, index), understand(second, index)
        if not _answerable(a) or isinstance(a, FollowUpQuery):
            continue
        if isinstance(whole, Query) and _rent_over(whole, a):
            return None
        one_card = len({g.name for g in getattr(whole, "gpus", ())}) == 1
        if job and whole.intent == "rates" and a.intent == "rates" and one_card:
            return None  # "4090租一小时要多少 跑个7b的qlora一共多少钱": the rate and the job total, one answer
        if feature and getattr(a, "concept", "") == feature and not getattr(a, "others", ()):
            return None  # "what is fp4 and does the 5090 support it": one feature verdict that explains fp4 too
        if _verdict_then_fit(a, whole):
            return None  # "3080 10g还能战吗，跑sd和7b模型够不够": whether it still does is the fit of those uses
        if lexicon(lang).words_in("kv_q8_words", second.lower()) and whole.intent == "fit":
            return None  # "上下文最多能开多长？kv cache 开 q8 呢": the longest context, with the 8-bit cache too
        if _need_then_card(a, whole):
            return None  # "GLM-4.5-Air q4 显存要多少？单张 4090 加 64g 内存能跑吗": the fit on the card says the need
        if a.intent == "fit" and _asks_speed(b) and isinstance(whole, Query) and whole.intent == "fit":
            continue  # "is a 5060 ti enough for qwen3 14b and how many tok/s": one fit, with its speed
        if a.intent == "fit" and _asks_price(b) and isinstance(whole, Query) and whole.intent == "fit":
            continue  # "how many used 3090s to run llama 3.3 70b, what's the total cost": the fit prices its cards
        # "双4090跑70b ... 电费一个月多少": the second clause is about the same count of cards ("2x 4090")
        named = [
            g.mention if g.count == 1 else f"{g.count}x {g.mention}"
            for g in getattr(a, "gpus", ())
            if g.name and g.mention
        ]
        waits = getattr(b, "kind", None) == "wait" and len([g for g in getattr(b, "gpus", ()) if g.name]) == 1
        # "还值得买吗 还是等5090d" after "4090d现在京东多少钱": the card bought now is the first clause's
        leans = isinstance(b, FollowUpQuery) and b.ask == "rent_or_buy"  # "is buying better": the dialogue's
        if named and not leans and (waits or not any(g.name or g.pronoun for g in getattr(b, "gpus", ()))):
            joiner = lexicon(lang).first_word("clause_subject_join", " and ")
            # "能训练吗" after "h20一张多少钱": about the H20 ("h20能训练吗", "3090 how much used?")
            subject = joiner.join(named)
            gap = i18n.gap(lang) or ("" if not (subject[-1:].isalnum() and second[:1].isascii()) else " ")
            about = f"{subject}{gap}{second}"  # "5090" + "1000w电源够吗": a space between two numbers
            about = _retail(first, about, named, lang, index)
            if _answerable(understand(about, index)):
                second, b = about, understand(about, index)
        second, b = _with_first_topic(a, second, b, index, lang)
        if not _answerable(b):
            continue
        if a.intent == "fit" and _asks_price(b) and isinstance(whole, Query) and whole.intent == "fit":
            continue  # "can 4x used 3090 run 70b q4, and what would the whole thing cost": the fit, with its money
        assert isinstance(a, Query) and isinstance(b, Query)
        if _kind(a) == _kind(b):
            continue  # "4090多少钱，3090多少钱": one question about two cards, read whole
        if isinstance(b, FollowUpQuery) and b.ask == "why":
            continue  # "3090和4090哪个好 为啥": the reasons of the same answer, read whole
        fragment = isinstance(b, FollowUpQuery) and not leans  # "is buying better" asks a question of its own
        if isinstance(whole, Query) and _kind(whole) not in (_kind(a), _kind(b)) and fragment:
            continue  # a fragment that only completes the first clause
        return first, second
    return None
