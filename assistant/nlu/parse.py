"""Parse a tagged question with the Lark grammar and build exactly one typed Query.

Contract: `parse(text, index)` -> `Query | Clarification`. The tagged token stream goes
through `grammar/en.lark` (its LALR table computed by Lark once and kept, `nlu.lalr`); each rule's
value is built as it is reduced (`_ToItems`: plain items, no parse tree); the intent readers
(`assistant.nlu.intents`, tried in one order) pick the intent and build the frozen Query, and
`assistant.nlu.checks` turns unresolved GPU and model mentions into clarifications.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant import i18n, mig_profiles
from assistant.nlu import budget_split, cloud_instances, intents, lalr, laptop_names, messages, mig_said, video_work
from assistant.nlu.asks import gpu_tags, gpu_tags_key
from assistant.nlu.bag import Bag, Ref, Struct
from assistant.nlu.bracketed import bracketed_unknown
from assistant.nlu.checks import check
from assistant.nlu.china_retail import retail_version
from assistant.nlu.index import NameIndex
from assistant.nlu.intents import currency_ask
from assistant.nlu.lexicon import lexicon
from assistant.nlu.owned_gpus import owned_gpus
from assistant.nlu.owned_parts import owned_parts
from assistant.nlu.pick_job_data import with_samples
from assistant.nlu.plural_sets import sized_plurals
from assistant.nlu.reading import Reading
from assistant.nlu.request_rate import request_load
from assistant.nlu.runs import runs_per_month
from assistant.nlu.said_once import one_card_once
from assistant.nlu.schedule import job_weeks
from assistant.nlu.stated import stated_quantities
from assistant.nlu.stray_words import without_stray
from assistant.nlu.tagger import Tag, tag
from assistant.nlu.text import clean, tokenize
from assistant.nlu.usage_apply import capacity_asked, over_job, picked_for_use, rent_of_job, weighs_use, with_usage
from assistant.nlu.usage_reader import hours_in_all, read_usage
from assistant.queries import Clarification, FitQuery, Query, RatesQuery, SpecQuery
from assistant.query_talk import FollowUpQuery, said_fields
from assistant.read_once import remember

language = i18n.language_of  # the question's language (one rule for the whole program)


# tag kinds the grammar reads; every other tag is passed as KW (the token's value is the tag itself)
STRUCTURAL = frozenset(
    {
        "GPU",
        "PRONOUN",
        "COUNT",
        "NUMBER",
        "CONDITION",
        "OF",
        "VS",
        "OR",
        "AND",
        "WHY",
        "OVER",
        "THAN",
        "FASTER",
        "QUESTION",
        "RECOMMEND",
        "BUY",
        "COMPARE",
        "FIT",
        "VALUE",
        "RENT",
        "COSTS",
        "MONEY",
    }
)


# tree -> items ------------------------------------------------------------------------------
class _ToItems:
    """Each grammar rule's value from its children (tags, and the values of the rules inside it)."""

    def __init__(self, text: str):
        self.text = text

    def __call__(self, rule: str, children: list):
        return getattr(self, rule)(children)

    def gpu_ref(self, children):
        return Ref(children[-1])

    def _struct(self, kind, children):
        attach_counts(children, self.text)
        return Struct(
            kind, [c for c in children if isinstance(c, Ref)], [c.kind for c in children if isinstance(c, Tag)]
        )

    def versus(self, c):
        return self._struct("versus", c)

    def why(self, c):
        return self._struct("why", c)

    def faster(self, c):
        return self._struct("faster", c)

    def than(self, c):
        return self._struct("faster", c)  # "X 比 Y 快": the same pair as "X faster than Y"

    def rent_buy(self, c):
        return self._struct("rent_buy", c)

    def price(self, c):
        s = self._struct("price", c)
        s.parts = [c for c in c if isinstance(c, Tag)]
        return s

    def count_of(self, c):
        s = self._struct("count_of", c)
        s.parts = [x for x in c if isinstance(x, Tag)]
        return s

    def start(self, children):
        return attach_counts(children, self.text)


def _last_ref(item):
    if isinstance(item, Ref):
        return item
    if isinstance(item, Struct) and item.refs and item.kind not in ("count_of",):
        return item.refs[-1]
    return None


def _first_ref(item):
    if isinstance(item, Ref):
        return item
    if isinstance(item, Struct) and item.refs and item.kind not in ("count_of",):
        return item.refs[0]
    return None


def _count_back(items: list, k: int, of: Struct) -> None:
    """ "my 3090s ..., two of them", "i have 3090s, three of them": a count of "them" after exactly one card named
    before it (and not counted) is that card's count."""
    nums = [t for t in of.parts if t.kind in ("COUNT", "NUMBER")]
    them = any(t.kind == "PRONOUN" and t.value == "them" for t in of.parts)
    refs = [r for it in items[:k] if (r := _last_ref(it)) is not None and r.tag.kind == "GPU"]
    if not (nums and them and len(refs) == 1 and refs[0].count is None):
        return
    v = nums[0].number()
    if float(v).is_integer() and 2 <= v <= 64:
        refs[0].count = int(v)


# what may stand between a count and its GPU besides "x" ("两张3090", "2块4090", "3个4090", "2 x 3090")
_COUNT_GAPS = frozenset({"", "x", "×", "*", "张", "块", "个", "片", "台", "张卡", "块卡"})


_TO_THE_CARD = frozenset({"BUY", "COSTS", "MONEY"})  # what may stand between a card and its count after a verb


def attach_counts(items: list, text: str = "") -> list:
    """COUNT / NUMBER and CONDITION right before a GPU belong to it: "two used 3090s"; not across a
    comma ("electricity is 30, 4090 tco"). A COUNT read right after a GPU ("3090 x4", "3090四卡", "3090 两张跑";
    meanings["AFTER"], tagging/counts.py) is its, unless a count before it was said."""
    for k, item in enumerate(items):
        if isinstance(item, Tag) and item.kind == "COUNT" and item.meanings.get("AFTER"):
            back = k - 1  # "3090 x4": the card right before; "3090收十张", "3090 5000块 收两张": before the verb too
            while back > 0 and k - back <= 3 and isinstance(items[back], Tag) and items[back].kind in _TO_THE_CARD:
                back -= 1
            ref = _last_ref(items[back]) if back >= 0 else None
            if ref is not None and ref.count is None:
                ref.count = int(item.number())
            continue
        if isinstance(item, Struct) and item.kind == "count_of":
            _count_back(items, k, item)  # "power limited my 3090s to 70%, two of them": the card named before
            continue
        if not isinstance(item, Tag) or item.kind not in ("COUNT", "NUMBER", "CONDITION"):
            continue
        nxt = items[k + 1] if k + 1 < len(items) else None
        before = item  # the tag right before the GPU: the count itself, or "used" in "4 used 3090s"
        if isinstance(nxt, Tag) and nxt.kind == "CONDITION" and item.kind != "CONDITION":
            before, nxt = nxt, items[k + 2] if k + 2 < len(items) else None
        ref = _first_ref(nxt)
        gap = text[before.end : ref.tag.start] if ref is not None else ""
        if ref is None or ref.tag.end < item.start or any(c in gap for c in ",，;；"):
            continue
        if item.kind == "NUMBER" and any(w != "x" for w in re.findall(r"[a-z]+", gap.lower())):
            continue  # "wants 500 for a 3080", "跑3个epoch 4090": not 500 / 3 cards ("2 x 3090", "4 used 3090s" count)
        if item.kind == "NUMBER" and re.sub(r"\s+", "", re.sub(r"[a-z]+", "", gap.lower())) not in _COUNT_GAPS:
            continue  # "三千条数据 ... 3轮 4090": a Chinese word between is what the number counts, unless a classifier
        if item.kind == "CONDITION":
            ref.condition = item.value
            continue
        try:
            v = item.number()
        except (TypeError, ValueError, OverflowError):
            continue
        if v.is_integer() and 1 <= v <= 1024:
            ref.count = int(v)
    _count_after_price(items, text)
    _trailing_condition(items, text)
    return items


_WHICH_AFTER = re.compile(r"^\W*(?:哪个|哪张|哪块|选哪|谁|which|what's better|whats better)", re.I)


def _trailing_condition(items: list, text: str) -> None:
    """ "2080ti 11g 和 3060 12g 二手哪个值", "3090 vs 4090 used, which is better": one condition said after every card
    named and right before the "which" applies to each card that has none of its own ("4060ti 16g 还是 3090 二手，
    预算5000": the 3090's alone)."""
    conditions = [k for k, it in enumerate(items) if isinstance(it, Tag) and it.kind == "CONDITION"]
    refs = [(k, r) for k, it in enumerate(items) for r in _all_refs(it) if r.tag.kind == "GPU"]
    if len(conditions) != 1 or len(refs) < 2 or conditions[0] < refs[-1][0]:
        return
    if not _WHICH_AFTER.search(text[items[conditions[0]].end :]):
        return
    if any(r.condition for _, r in refs):
        return
    for _, r in refs:
        r.condition = items[conditions[0]].value


def _all_refs(item) -> list:
    if isinstance(item, Ref):
        return [item]
    return list(item.refs) if isinstance(item, Struct) and item.refs else []


# a count said after a card's price per card ("p40三百多一张 四张组96g", "2080ti 22g 2600一张 买四张"): its count
_PRICED_COUNT = re.compile(
    r"(?:一张|每张|/张)[^，。,;；？?！!]{0,12}?(?:买|搞|插|组|来|收|上|入|要|凑|共)?\s*"
    r"([两二三四五六七八九十]|\d{1,2})\s*张(?!\s*(?:图|照|卡的图))"
)
_CN_COUNT = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _count_after_price(items: list, text: str) -> None:
    refs = [it for it in items if isinstance(it, Ref) and it.tag.kind == "GPU"]
    for k, ref in enumerate(refs):
        if ref.count is not None:
            continue
        end = refs[k + 1].tag.start if k + 1 < len(refs) else len(text)
        m = _PRICED_COUNT.search(text[ref.tag.end : end])
        if m is not None:
            word = m.group(1)
            n = int(word) if word.isdigit() else _CN_COUNT[word]
            if 2 <= n <= 64:
                ref.count = n


# a comparison or a look at a covered card beside an uncovered device answers the covered card alone
_SIDE_INTENTS = ("compare", "spec", "verdict")


def uncovered_devices(tags: list[Tag], generic: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The accelerators left out on purpose, as typed; adjacent parts are one ("摩尔线程 mtt s4000"). A word for
    all of them (`generic`: lexicon list uncovered_generic, "国产卡") is dropped beside a named one ("天垓150 国产卡",
    "公司要求用国产卡，昇腾910b和a100差多少"), and is the mention when none is named ("国产显卡能替代英伟达吗")."""
    groups: list[list[str]] = []
    last = None
    for t in tags:
        if t.kind == "UNCOVERED" and last is not None and last.kind == "UNCOVERED":
            groups[-1].append(t.text)
        elif t.kind == "UNCOVERED":
            groups.append([t.text])
        last = t
    named = [[w for w in g if _squashed(w) not in generic] for g in groups]
    if any(named):
        return tuple(" ".join(g) for g in named if g)
    return tuple(" ".join(g) for g in groups)


def _squashed(text: str) -> str:
    return "".join(text.lower().split())


def _without_product(text: str, cleaned: str, product: str, reread) -> Query | Clarification:
    """The question read without a product's name whose card is in brackets; the answer says the name was not used."""
    rest = re.sub(rf"(?<![\w-]){re.escape(product)}(?![\w-])", " ", cleaned, count=1, flags=re.IGNORECASE)
    found = reread(" ".join(rest.replace("()", " ").split()))
    if isinstance(found, Clarification):
        return found
    return dataclasses.replace(found, text=text, ignored_words=(*found.ignored_words, product))


def _as_instances(text: str, expanded: str, instances: list, reread) -> Query | Clarification:
    """The question read with each cloud instance named as its GPUs at its provider; the answer says which."""
    found = reread(expanded)
    if isinstance(found, Clarification):
        return found
    said = tuple(cloud_instances.stand_in(i, text) for i in instances)
    return dataclasses.replace(found, text=text, stand_ins=(*said, *found.stand_ins))


_SLICED = frozenset({"fit", "verdict", "spec", "compare", "speed"})


def _as_slices(text: str, found: Query | Clarification, said: mig_said.Said, index: NameIndex) -> Query | None:
    """The question read with each MIG-capable card named as the slice said ("A100 SXM4 80 GB MIG 1g.10gb"); None
    when no card named can be split so or the question is not about what a card holds or does."""
    if isinstance(found, Clarification) or found.intent not in _SLICED:
        return None
    gpus, changed = [], False
    for ref in getattr(found, "gpus", ()):
        profile = mig_said.profile_of(said, ref.name, index.memory_of(ref.name) or 0) if ref.name else None
        if profile:
            ref = dataclasses.replace(ref, name=mig_profiles.slice_name(ref.name, profile), count=1)
            changed = True
        gpus.append(ref)
    changes: dict[str, Any] = {"text": text, "gpus": tuple(gpus)}  # every intent of _SLICED has gpus
    return dataclasses.replace(found, **changes) if changed else None


def parse(
    text: str, index: NameIndex, lang: str | None = None, retry: bool = True, slices: bool = True
) -> Query | Clarification:
    """`lang` None: Chinese when the question has Chinese characters (English words still work), else English.
    `retry`: a question not understood for a stray word or two is read again without them (nlu/stray_words.py).
    `slices`: a MIG slice said is read as that slice of the card (nlu/mig_said.py)."""
    cleaned, cut = clean(text)
    lang = lang or language(cleaned)
    cleaned = laptop_names.as_laptops(cleaned, lang)  # "幻16 4070": a laptop, not 16 cards
    expanded, instances = cloud_instances.expand(cleaned)
    if instances:  # "p4d.24xlarge按需一小时多少钱": 8 x A100 SXM4 40 GB at AWS, read in those words, said so
        return _as_instances(text, expanded, instances, lambda rest: parse(rest, index, lang, retry))
    said_slice = mig_said.read(cleaned, lang) if slices else None
    if said_slice is not None:  # "what can a 1g.10gb slice of an a100 run": the slice, not the whole card
        found = parse(mig_said.without(text, said_slice), index, lang, retry, slices=False)
        return _as_slices(text, found, said_slice, index) or parse(text, index, lang, retry, slices=False)
    lex = lexicon(lang)
    toks = lex.respell(tokenize(cleaned), index.name_words)  # "electricty bill": the word meant
    tags, unknown = tag(toks, cleaned, index, lex)
    if retry and (product := bracketed_unknown(tags, cleaned)):
        return _without_product(text, cleaned, product, lambda rest: parse(rest, index, lang, retry=False))
    remember(gpu_tags_key(cleaned, lang, index), gpu_tags(tags))  # asks.gpus_named of the same text: not tagged again
    stream = [(t.kind if t.kind in STRUCTURAL else "KW", t) for t in tags]
    try:  # one grammar: the Chinese lexicon maps its words onto the same terminals
        items = lalr.parse(lalr.table("en"), stream, _ToItems(cleaned))
    except lalr.ParseError:  # a safety net: read the stream flat rather than fail
        items = attach_counts([Ref(t) if t.kind in ("GPU", "PRONOUN") else t for t in tags], cleaned)
    text = text if isinstance(text, str) else cleaned
    bag = Bag(text, tags, items, unknown, [t.text for t in toks], [t.start for t in toks], lang=lang)
    reading = Reading(bag, index, lex)
    result = retail_version(intents.read(reading), cleaned, lex)  # "5090国行": the RTX 5090 D
    result = video_work.rented_clips(result, reading)  # "租5090跑一百段要花多少钱": the hours those clips take
    generic = frozenset(_squashed(w) for w in lex.listed("uncovered_generic"))
    devices = uncovered_devices(tags, generic)
    # "国产卡有推荐的吗，能跑大模型的", "预算5万 国产卡推荐": a recommendation, the domestic cards said to be left
    # out of it; "国产gpu现在能跑大模型吗", "昇腾的cann和cuda差多少" are about the devices (what is known of their
    # software)
    asks_pick = bag.has("RECOMMEND", "BUDGET", "MONEY")
    concept = result.intent == "recommend" and asks_pick and all(_squashed(d) in generic for d in devices)
    # "orange pi 5 max vs jetson orin nano for a chatbot": a board that is no GPU stays the concept it asks
    domestic = any(messages.is_uncovered(d, lang) for d in devices)
    concept = concept or (result.intent == "explain" and not bag.has("FIELD") and not domestic)
    model = getattr(result, "model", None)
    covered = any(g.name and not g.pronoun for g in getattr(result, "gpus", ()))
    # a family beside a covered card ("昇腾910b能训llama吗 跟a100比") is answered on that card, as before
    named_model = model is not None and bool(
        getattr(model, "key", "") or getattr(result, "family_models", ()) or covered
    )
    # "摩尔线程mtt s4000能跑llama吗": a family without a size is not a model to answer for; the device is the question
    if devices and not concept and not (named_model or getattr(result, "params_b", None)):
        known = tuple(g for g in getattr(result, "gpus", ()) if g.name and not g.pronoun)
        if known and result.intent in _SIDE_INTENTS:
            # "华为昇腾910b和a100比怎么样": the side that is covered (the device is said not to be, below)
            result = SpecQuery(text=text, gpus=known)
        else:
            # nothing to answer without the device ("寒武纪mlu370能跑大模型吗" is about the device, not a ranking)
            intent = "compare" if result.intent == "compare" else "spec"
            return messages.uncovered(text, devices[0], intent, lang, devices, field=messages.sheet_asked(bag))
    if isinstance(result, Clarification) and result.kind == "unrated_currency" and retry:
        # "4090 大概 S$3200，5090 S$4500，选哪张": the rest of the question answered, the amounts said to be unused
        return _without_unrated(text, result, lambda rest: parse(rest, index, lang, retry=False))
    if isinstance(result, Clarification):
        paced = runs_per_month(cleaned) if result.kind == "unparsed" else None
        # "maybe twice a month", "每个月大概跑4次": only how often the job talked about runs (dialogue/pace.py)
        if paced:
            return FollowUpQuery(text=text, runs_per_month=paced)
        if result.kind != "unparsed" or not retry:
            return result
        # "how much for 48h straight": read again without the stray words, which the answer names
        return without_stray(text, unknown, lambda rest: parse(rest, index, lang, retry=False)) or result
    # a video model's name is read by its own reader (intents/video.py), not an unknown LLM
    unrecognized = tuple(t.text for t in tags if t.kind == "UNKNOWN_MODEL") if result.intent != "video" else ()
    if result.intent == "spec":  # "yolov8m ... training time": a vision network the training time reads (vision_train)
        unrecognized = tuple(u for u in unrecognized if not lex.words_in("vision_train_models", u.lower()))
    if getattr(result, "embed", None) is not None:  # "embed 5M documents": a count of documents, not an LLM's name
        unrecognized = ()
    unrecognized += devices  # "昇腾910b能跑qwen 72b吗": the model's memory, and the device said not covered
    result = budget_split.split(result, cleaned, lex)  # "3台出图机，每台一张卡，总预算2w": one machine's share
    if unrecognized:  # "falcon 180b": answered for its parameter count, and the answer says so
        result = dataclasses.replace(result, unrecognized=unrecognized)
    load = (
        request_load(Reading(bag, index, lex)) if any(t.kind in ("COUNTED", "NUMBER", "USERS") for t in tags) else None
    )
    if load is not None:  # "每天1万次请求": sized as users at once, which serving answers weigh
        users = tuple(t for t in result.targets if t[0] != "users") + (("users", float(load[3])),)
        result = dataclasses.replace(result, targets=users, requests_day=load)
        if isinstance(result, FitQuery) and (result.batch is None or r_users(tags)):
            result = dataclasses.replace(result, batch=load[3])  # decoded together, as "并发20个用户" is
    if weighs_use(result) and not (
        isinstance(result, RatesQuery) and hours_in_all(tags, cleaned.lower())
    ):  # "a 30 hour run": its own
        result = with_usage(result, read_usage(tags, cleaned, lex))  # how much the cards run, where it is weighed
    result = picked_for_use(result, tags, cleaned, lex)  # "想搞一台常开的推理机": the pick's use kept by the thread
    result = rent_of_job(result, tags, cleaned)  # "renting an a100 for a 6 week project ... total cost?": a rent
    stretch = job_weeks(cleaned.lower()) if isinstance(result, RatesQuery) and result.mode == "rent" else None
    if stretch is not None:  # "a 6-week project, 5 h a day": the rent over the project
        result = over_job(result, read_usage(tags, cleaned, lex), stretch[0], stretch[1])
    result = capacity_asked(result, tags, cleaned, lex)  # "4 of us ~3 h each on one 3090, is one card enough"
    if isinstance(result, SpecQuery) and bag.has("WORKLOAD") and result.workload != "llm_inference":
        # "she has a 3050 4gb, wants stable diffusion": the thread's work ("for inference" read as an LLM's speed stays)
        result = dataclasses.replace(result, workload=Reading(bag, index, lex).workload)
    stated = stated_quantities(tags, cleaned, lex)  # every number with its unit and role, for every answer
    if stated:
        result = dataclasses.replace(result, stated=stated)
    runs = None if not isinstance(result, Query) or result.runs_per_month else runs_per_month(cleaned)
    if runs:  # "probably 3 runs a month": the pace of the job talked about, kept by the thread
        result = dataclasses.replace(result, runs_per_month=runs)
    result = with_samples(result, Reading(bag, index, lex))  # "on 30k samples, what gpu": the job's data kept
    case = next((t.text for t in tags if t.kind == "CASE"), None)
    if case is not None:  # "my rig: ..., corsair 4000d": the user's case, kept by the thread
        result = dataclasses.replace(result, case_said=case)
    cpu = next((t.text for t in tags if t.kind == "CPU"), None)
    if cpu is not None and isinstance(result, Query):  # "i5-12400f，b660m，550w电源": the user's CPU, in PSU weighings
        result = dataclasses.replace(result, cpu_said=cpu)
    owned = owned_parts(Reading(bag, index, lex)) if isinstance(result, Query) else ()
    if owned:  # "我现在配置：i5-12400f，b660m，550w电源" in a recommendation: the machine the thread keeps
        result = dataclasses.replace(result, owned_said=owned)
    mine = owned_gpus(Reading(bag, index, lex)) if isinstance(result, Query) else ()
    if mine:  # "我有一张3060 12g，想玩ai绘画": the user's card, kept by the thread ("旧卡能卖多少" later)
        result = dataclasses.replace(result, owned_gpus=mine)
    board = next((t.value for t in tags if t.kind == "BOARD"), None)
    if board is not None and isinstance(result, Query):  # "my b550 board": how a second card is wired on it
        result = dataclasses.replace(result, board_said=str(board))
    said = tuple((t.kind, t.number(), _said_text(t, cleaned)) for t in tags if _said(t))
    if said:  # "10,000 hours of audio", "ddr5-6000": said back when the answer does not use them
        result = dataclasses.replace(result, said=said)
    return check(sized_plurals(one_card_once(result), index.memory_of), bag, index)


def _said(t: Tag) -> bool:
    """A number few answers use, said back when unused: the kinds of SAID_KINDS, and counts of steps ("for 1500
    steps": a NUMBER marked with the noun it counts, tagging/counted_numbers.py)."""
    return t.kind in SAID_KINDS or (t.kind == "NUMBER" and bool(t.meanings.get("NOUN")))


def _said_text(t: Tag, text: str) -> str:
    """A number as typed, with the noun it counts ("100 compute units", "1500 images"), to say back."""
    noun = str(t.meanings.get("NOUN") or "")
    at = text.lower().find(noun.lower(), t.end) if noun and t.kind in ("COUNTED", "NUMBER") else -1
    if 0 <= at - t.end <= 12:
        return text[t.start : at + len(noun)]
    glued = text[t.end : t.end + 1]  # "30步", "5万条": the Chinese classifier glued to the number
    return t.text + glued if noun and "\u4e00" <= glued <= "\u9fff" else t.text


def r_users(tags) -> bool:
    """A USERS tag said (the people, replaced by the users at once a load a day works out to)."""
    return any(t.kind == "USERS" for t in tags)


# the tags of numbers few answers use, kept on the query so an answer that drops one says so
SAID_KINDS = ("COUNTED", "RAM_SPEED", "ITEM_PRICE")


__all__ = ["parse"]


def _without_unrated(text: str, asked: Clarification, reread) -> Query | Clarification:
    """The question read again without its amounts in a currency that has no rate on record, when the rest asks
    something of its own (the answer says which amounts it left out); else the clarification asking for them."""
    rest, amounts = currency_ask.without_amounts(text, asked.extras.get("currency", ""))
    if not amounts or len(rest.split()) < 2:
        return asked
    found = reread(" ".join(rest.split()))
    if not isinstance(found, Query) or isinstance(found, FollowUpQuery) and not said_fields(found):
        return asked
    return dataclasses.replace(found, text=text, unrated_amounts=(amounts, asked.extras.get("currency", "")))
