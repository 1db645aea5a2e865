"""What a question asked, part by part, and the check that its answer covers every part.

Contract: `parts(text, lang)` reads the parts a question asks besides its main intent (lexicon lists
`asked_*`): spec details ("bus", "memory_type", "bandwidth"), a time ("time": "how long", "多久"), the
link the user's cards have ("link": "pcie 4.0 x8", "no nvlink") and a baseline GPU count ("from 4 to 8",
"从4卡到8卡": `baseline(text)`). `cover(answer, text, env)` runs after a responder: a spec detail the
headline leaves out is added from the KB for the GPUs answered; a time the headline gives no duration for
gets a sentence saying it cannot be estimated here and why. `figures["asked"]` lists the parts and
`figures["not_covered"]` those the answer says it cannot give. Responders that answer a part themselves
(scaling: the baseline count and the lanes) read `link_of(text)` / `baseline(text)`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.models.constants import HOURS_PER_YEAR
from assistant.models.cost import electricity_usd
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words
from assistant.queries import FitQuery, Query
from assistant.respond import bandwidth_speed, image_power, ollama, trust_cover, usable_cover
from assistant.respond.env import Env
from assistant.respond.fit_batch import fit_limit
from assistant.respond.pricing import price_of
from assistant.respond.verdict_feature import format_matters
from assistant.respond.wording import counted

SPEC_PARTS = ("memory", "bus", "memory_type", "bandwidth", "power", "price", "clock", "cores", "l2", "tensor")
FIGURE_PARTS = ("fp16", "bf16", "tf32", "fp8", "int8", "fp4", "nvlink", "pcie", "slot")  # spec_figures fields
PRICE_INTENTS = ("compare", "spec", "verdict")  # the answers where a street price asked beside them is added
PRICED_VERDICTS = ("worth", "good", "enough")  # "二手3090现在什么价 值得入吗": the price, then whether to buy
_DURATION = re.compile(
    r"\d[\d,.]*\s*(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?|days?|weeks?|months?|秒|分钟|小时|天|周|个月)(?![a-z])",
    re.I,
)
_SPEED = re.compile(  # a speed given as a number ("about 31 tokens/s"), not the name of a measure ("batch-1 tokens/s")
    r"(?<![\w-])\d[\d,.]*\s*(?:tokens?/s|tok/s|token/秒|it/s|tokens? (?:per|a) second|s per image|秒/张|秒一张)"
    r"|每秒[^，。]{0,6}\d",
    re.I,
)
_PSU = re.compile(r"PSU|power supply|电源", re.I)
_CN_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "十六": 16}
_COUNT = r"(\d{1,2}|十六|[一两二三四五六七八])"
_BASELINE = (
    re.compile(rf"from\s+{_COUNT}\s*(?:x\s*)?(?:[a-z0-9]+\s+)?(?:to|->)\s+{_COUNT}\b", re.I),
    re.compile(rf"\b{_COUNT}\s*(?:->|to)\s*{_COUNT}\s*(?:x\s*)?(?:gpus?|cards?|[a-z]*\d+[a-z]*s)\b", re.I),
    re.compile(
        rf"\b{_COUNT}\s+[a-z0-9 ]*?s\b.{{0,20}}?\b(?:going|go|upgrad\w*|moving|move|scal\w*|expand\w*|jump\w*)\s+to\s+"
        rf"{_COUNT}\b",
        re.I,
    ),
    re.compile(rf"从\s*{_COUNT}\s*(?:张|块|卡|个)?.{{0,6}}?(?:到|加到|升到|扩到|换成)\s*{_COUNT}\s*(?:张|块|卡|个)"),
    re.compile(rf"{_COUNT}\s*(?:张|块|卡)\s*(?:到|加到|升到|扩到|变成)\s*{_COUNT}\s*(?:张|块|卡)"),
    re.compile(rf"{_COUNT}\s*(?:张|块|卡)[^，。,]{{0,12}}?(?:和|跟|与|对比|比)\s*{_COUNT}\s*(?:张|块|卡)"),
    re.compile(rf"\b{_COUNT}\s*(?:x\s*)?(?:vs\.?|versus|compared to)\s+{_COUNT}\b", re.I),
)
# "pcie 4.0 x8", "x8 slots"; "pcie 4x", "8x slot": the lanes written number first (group 2 the lanes in both)
_LANES = re.compile(
    r"(?:pci-?e\s*(?:gen\s*)?(\d)(?:\.0)?)?\s*x\s?(16|1|4|8)(?![0-9a-z])"
    r"|(?:pci-?e\s*|(?<![\d.]))()(?=(?:16|1|4|8)x)(?:(16|1|4|8)x)(?=\s*(?:slot|lane|槽|插槽|通道|的|$|[^0-9a-z]))",
    re.I,
)
_GEN = re.compile(r"pci-?e\s*(?:gen\s*)?(\d)(?:\.0)?(?!\d|\s?x)|gen\s?(\d)\b", re.I)


@dataclass(frozen=True)
class Link:
    """The link the question says the cards have: PCIe generation and lanes per card (None = not said)."""

    gen: int | None = None
    lanes: int | None = None


# "4-bit llms": a precision, not a memory bus ("-bit" of asked_bus)
_PRECISION_BITS = re.compile(r"(?<![\d.])(?:1\.58|1|2|3|4|5|6|8|16|32)[- ]?bits?(?![a-z])")


def _lowered(text: str) -> str:
    return f" {_PRECISION_BITS.sub(' ', text.lower())} "


def parts(text: str, lang: str) -> tuple[str, ...]:
    lex, low = lexicon(lang), _lowered(text)
    out = [
        p
        for p in (*SPEC_PARTS, "psu", "batch", "seqlen", "electricity", "speed", "time", "link", "matters")
        if lex.words_in(f"asked_{p}", low)
    ]
    end = low.rstrip(" ?？!。").split("vs")[-1]
    if not lex.words_in("asked_figure_has", low):
        out += [p for p in ("cores", "l2", "tensor") if p not in out and _ends_with(end, lex.listed(f"asked_{p}_end"))]
    if "memory" in out and lex.words_in("asked_memory_need", low):
        out.remove("memory")  # "需要多大显存": what the work needs, answered by the fit itself
    if "price" in out and lex.words_in("same_price_words", low):
        out.remove("price")  # "a6000 or 2x 3090, similar price": the prices said alike, not asked (respond/same_price)
    for part in ("price", "power"):
        if part in out and (_stated_same(low, lex, f"asked_{part}") or _stated_value(low, lex, f"asked_{part}")):
            out.remove(part)  # "价格差不多", "功耗差不多的话", "功耗才70w": said (equal, or its value), not asked
    if "bandwidth" in out and re.search(r"(?:nvlink|link|interconnect|pcie|nvswitch)\s+(?:bridge\s+)?bandwidth", low):
        out.remove("bandwidth")  # "nvlink bandwidth of the h100": the link's bandwidth, not the memory's
    for part in ("power", "electricity"):
        if part in out and lex.words_in("efficiency_words", low):
            out.remove(part)  # "功耗越低越好", "电费要省": a preference the pick follows, not a figure asked
    if "time" in out and _time_is_other_ask(text):
        out.remove("time")  # "多久能回本", "保修多久": the time words ask a payback or a warranty (respond/ask_lines)
    if "power" in out and lex.words_in("whole_draw_words", low) and lex.words_in("asked_electricity", low):
        out.remove("power")  # "整机功耗按每天10小时 ... 电费呢": the bill of the whole machine, no board power asked
    if "power" in out and _power_stated(low, lex.listed("asked_power")):
        out.remove("power")  # "功耗285w", "实测功耗280w": the user's own draw stated, not the board power asked
    if baseline(text):
        out.append("baseline")
    return (*out, *figure_parts(text, lang))


def _ends_with(low: str, figures: Iterable[str]) -> bool:
    """The question ends on one of the figure words, after a card ("4090 vs 3090 cuda cores"): that figure asked."""
    return any(low.endswith(f" {w}") or (not w.isascii() and low.endswith(w)) for w in figures)


def _stated_same(low: str, lex, words: str) -> bool:
    """Every word of list `words` in the question is followed closely (four characters, or four words in English) by
    a word of [lists] price_same_after ("价格差不多", "价钱都一样", "功耗差不多", "prices are about the same"): the
    figure is said to be equal for the choices, a setting of the pick, not a figure asked."""
    same = lex.listed("price_same_after")
    found = False
    for w in lex.listed(words):
        for m in re.finditer(re.escape(w), low):
            rest = low[m.end() :].lstrip()
            near = " ".join(rest.split()[:4]) if w.isascii() else rest[:6]
            if not any(n in near for n in same):
                return False
            found = True
    return found


def _time_is_other_ask(text: str) -> bool:
    """A message of several asks none of which asks a duration ("电费一年差多少 多久能回本"): its time words belong
    to another ask, which respond/ask_lines answers."""
    from assistant.nlu.asks import checklist

    asks = checklist(text)
    return bool(asks) and all(a.kind != "time" for a in asks)


_WATTS_AFTER = re.compile(r"[^\d。，,.?？]{0,4}\d+(?:\.\d+)?\s*(?:w|瓦|kw)(?![a-z])")


def _power_stated(low: str, words) -> bool:
    """Every power word of the question is followed by an amount of watts: the draw is stated, not asked."""
    ends = [m.end() for w in words for m in re.finditer(re.escape(w), low)]
    return bool(ends) and all(_WATTS_AFTER.match(low, end) for end in ends)


_VALUE_AFTER = re.compile(r"\s*(?:才|只有|就|按|是|约|大概|大约|也就|有|:|：|=|~|of|is|at|about|around)?\s*\d")


def _stated_value(low: str, lex, words: str) -> bool:
    """Every Chinese word of list `words` is followed by its value ("功耗才70w", "功耗按450w", "价格5000"): the
    question states the figure, it does not ask for it."""
    found = False
    for w in lex.listed(words):
        if w.isascii():
            continue
        for m in re.finditer(re.escape(w), low):
            if not _VALUE_AFTER.match(low, m.end()):
                return False
            found = True
    return found


def figure_parts(text: str, lang: str) -> tuple[str, ...]:
    """The single spec figures a question names by the spec vocabulary (lexicon [field]): "fp16 tflops",
    "tf32算力", "nvlink bandwidth", "slot width"; in the order asked."""
    lex = lexicon(lang)
    toks = words(text.lower())
    found: list[str] = []
    i = 0
    while i < len(toks):
        hit = lex.match(toks, i)
        field = hit[1].get("FIELD") if hit else None
        if isinstance(field, str) and field in FIGURE_PARTS and field not in found:
            found.append(field)
        i += hit[0] if hit else 1
    return tuple(found)


def baseline(text: str) -> tuple[int, int] | None:
    """(from, to) GPU counts of "going from 4 to 8 h100s", "从4卡加到8卡"; None when not said."""
    for pattern in _BASELINE:
        m = pattern.search(text)
        if m:
            a, b = (_number(g) for g in m.groups())
            if a and b and a != b and max(a, b) <= 64:
                return (a, b)
    return None


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _CN_DIGITS.get(word, 0)


def link_of(text: str) -> Link | None:
    """ "pcie4.0 x8", "x8 slots", "pcie 3": the generation and lanes the user's board gives each card. Of several
    lane counts ("one x16 and one x4 slot, will a second 3090 in the x4 slot hurt") the one the card is put in
    ("in the x4", "on an x8", "插在x4"), else the narrowest: the slot whose cost is asked."""
    lanes = _asked_lanes(text)
    gen = _GEN.search(text)
    g = next((int(x) for x in (gen.groups() if gen else ()) if x), None)
    n = _lane_count(lanes) if lanes else None
    return Link(gen=g, lanes=n) if g or n else None


_INTO = re.compile(r"(?:\b(?:in|into|on|onto|at|using)\s+(?:the|a|an|that|its|my)?\s*|插在|插到|插|放在|用)$", re.I)


def _asked_lanes(text: str) -> re.Match[str] | None:
    found = list(_LANES.finditer(text))
    if len(found) < 2:
        return found[0] if found else None
    put = [m for m in found if _INTO.search(text[max(0, m.start() - 16) : m.start()])]
    return (put or sorted(found, key=_lane_count))[0]


def _lane_count(m: re.Match[str]) -> int:
    return int(m.group(2) or m.group(4))


def _verdict_kind(answer: Answer) -> str:
    verdict = answer.figures.get("verdict")
    return str(verdict.get("kind") or "") if isinstance(verdict, dict) else ""


def cover(answer: Answer, text: str, env: Env) -> Answer:
    """Add what the answer leaves out of the parts the question asked (see the module contract)."""
    if not answer.understood:
        return answer
    answer = trust_cover.lead(answer, text, env)  # "4090 48g魔改版靠谱吗，能跑70b吗": the trust asked leads
    answer = ollama.cover(answer, text, env)  # "B580能跑ollama吗": how Ollama drives a card that is not NVIDIA's
    answer = usable_cover.lead(answer, text, env)  # "1080ti还能战吗，跑7B模型速度如何": the verdict asked leads
    asked = parts(text, env.lang)
    if not asked:
        return answer
    added: list[str] = []
    added_parts: list[str] = []
    missing: list[str] = []
    specs = [g for g in (env.reader.gpu(n) for n in answer.gpus) if g is not None]
    for part in asked:
        if part == "price" and not (
            answer.intent in PRICE_INTENTS
            or (
                answer.intent == "cost"
                and "electricity" not in asked
                and answer.figures.get("cost_kind") != "running"  # "how much is that per year" after a draw: the bill
                and "gpu_hours" not in answer.figures
                and "calc" not in answer.figures  # "待机每张30w 光待机多少钱": the bill worked from the user's numbers
            )
        ):  # a training run's cost ("预训练…要多少钱") is the money asked, not the card's price
            continue  # a rental rate, a bill asked, a deal or a build has its own money
        if part == "price" and answer.intent == "verdict" and _verdict_kind(answer) not in PRICED_VERDICTS:
            continue  # buy-now-or-wait and deals speak of prices already
        if part == "price" and answer.figures.get("stated_gap"):
            continue  # "价格差两千值得吗": the price words state the gap weighed, they do not ask the prices
        if part == "price" and "sell" in answer.figures:
            continue  # "keep my 4090 or sell it now for $1,800 before prices fall": the sale weighed is the price
        if (
            part == "power"
            and isinstance(answer.figures.get("circuit"), dict)
            and "cap_fits" in answer.figures["circuit"]
        ):
            continue  # "功率超过800w就跳闸 能带得动吗": the draw weighed against the cap answers the power asked
        if part == "memory" and (answer.intent == "spec" or "kv_bytes_per_token" in answer.figures):
            continue  # a spec answer states the memory itself ("4090显存多大"); the KV cache's size asked (fit_kv)
        if part == "power" and answer.intent == "rig" and _PSU.search(answer.headline):
            continue  # "how many watts from the wall for 2x 3090": the build's draw answers it, not one card's board
        if part in SPEC_PARTS and specs:
            # a price in the currency the question asked in ("how much is a 4090 in china": yuan)
            shown_in = env.for_query(Query(text=text)) if part == "price" else env
            line = _spec_line(part, specs, answer.headline, shown_in, _counts(answer))
            if part == "power" and line and _denoises(answer, text, env) and len(specs) == 1 and specs[0].tdp_w:
                line = image_power.draw_line(specs[0], env)  # "3090跑sdxl出图的时候功耗多少": the draw in that use
            if part == "bandwidth" and len(specs) == 1:  # "or is the bandwidth too low": what it means for LLMs
                line = i18n.gap(env.lang).join(x for x in (line, bandwidth_speed.implied(specs[0], text, env)) if x)
            if line:
                added.append(line)
                added_parts.append(part)
        elif part in FIGURE_PARTS and specs and answer.intent != "spec" and not _link_weighed(answer, part):
            line = _figure_line(part, specs, answer.headline, env)  # "fp16 tflops" asked inside a verdict
            if line:
                added.append(line)
                added_parts.append(part)
        elif part == "psu" and answer.figures.get("gpu_watts") and not _PSU.search(answer.headline):
            added.append(_psu_line(answer.figures, env))  # "四卡3090 电源要多大 ... 电费多少": the PSU as well
            added_parts.append(part)
        elif part in ("batch", "seqlen") and answer.intent == "fit" and _gpu_named(answer):
            limit = fit_limit(part, answer, env)  # "batch开多少", "what seq len can i use": the largest that fits
            if limit is not None:
                added.append(limit or env.t("asked.batch_none"))
                added_parts.append(part)
                if not limit:
                    missing.append(part)
        elif part == "electricity" and len(specs) > 1 and "cost" not in _intents(answer):
            added.append(_electricity_line(specs, env))
            added_parts.append(part)
        elif part == "speed" and not _SPEED.search(answer.headline) and figure_speed(answer, env):
            added.append(figure_speed(answer, env))  # "能出多少字每秒": the speed the answer worked out leads
            added_parts.append(part)
        elif part == "time" and answer.intent == "video" and answer.figures.get("video_time"):
            continue  # the minutes per clip lead the video answer
        elif part == "time" and "size" in answer.figures:
            continue  # "how long is a 4090, my case max is 340mm": the board's length, answered
        elif part == "time" and "support_years" in answer.figures:
            continue  # "安培架构还能用几年": the years of support the architecture lead gives (concept_leads_arch)
        elif part == "matters" and _format_verdict(answer) and specs:  # "does the 5090 have fp4 ... does it matter"
            verdict = answer.figures["verdict"]
            added.append(format_matters(specs[0], verdict["feature"], verdict.get("peak_tflops"), env))
            added_parts.append(part)
        elif part == "time" and (answer.intent == "video" or not _DURATION.search(answer.headline)):
            # a video answer's durations are clip lengths ("5 秒"), never a generation time
            # the seconds per image the answer worked out, else the range over cards of the memory named
            timed = figure_speed(answer, env, time=True) or _nameless_time(answer, text, env)
            key = "asked.time_video" if answer.intent == "video" else _no_time_key(answer)
            gpu = env.reader.gpu(answer.gpus[0]) if answer.gpus else None
            added.append(timed or env.t(key, gpu=gpu.short_name if gpu else ""))
            added_parts.append(part)
            if not timed:
                missing.append("time")
    if added:  # a spec detail or speed asked leads (it was the question); a time or a "cannot" follows the answer
        lead: tuple[str, ...] = (*SPEC_PARTS, *FIGURE_PARTS, "speed", "batch")
        if "power" in asked and "electricity" in added_parts:  # "power draw difference per year ... $0.25/kwh": the
            lead = ("electricity", *lead)  # bill the draw comes to is what was asked, the watts after it
        first = [
            a for a, p in sorted(zip(added, added_parts, strict=True), key=lambda x: _rank(lead, x[1])) if p in lead
        ]
        last = [a for a, p in zip(added, added_parts, strict=True) if p not in lead]
        answer.headline = i18n.gap(env.lang).join([*first, answer.headline.rstrip(), *last])
    answer.figures["asked"] = list(asked)
    if missing:
        answer.figures["not_covered"] = missing
        # the sentence that says so, taken back when a line of its own gives the figure (respond/ask_lines)
        answer.figures["cannot_said"] = {
            p: a for a, p in zip(added, added_parts, strict=True) if p in missing and a in answer.headline
        }
    declared = [p for p in added_parts if p not in missing]  # the parts this answer now gives (ask_lines.covers)
    if declared:
        answer.figures["covers"] = sorted({*answer.figures.get("covers", ()), *declared})
    return answer


def _denoises(answer: Answer, text: str, env: Env) -> bool:
    """An answer about an image or video model, or one the question says is for image generation."""
    timed = answer.figures.keys() & {"image_seconds", "image_steps_per_s", "video_time"} or answer.intent == "video"
    return bool(timed) or image_power.said(text, env.lang)


def _rank(lead: tuple, part: str) -> int:
    """A part's place among those that lead (the bill before the watts when both are asked); others keep theirs."""
    return 0 if lead[:1] == ("electricity",) and part == "electricity" else 1


def _format_verdict(answer: Answer) -> bool:
    """A yes on a low-precision tensor format (FP8, FP4): whether it matters for speed can be said."""
    verdict = answer.figures.get("verdict")
    return (
        isinstance(verdict, dict)
        and verdict.get("kind") == "feature"
        and verdict.get("answer") == "yes"
        and (verdict.get("feature") in ("fp8", "fp4"))
    )


def _link_weighed(answer: Answer, part: str) -> bool:
    """ "两张3090需要nvlink桥吗": the answer weighs the link itself (scaling's NVLink verdict), no bandwidth figure."""
    verdict = answer.figures.get("verdict")
    if part == "nvlink" and answer.figures.get("pooled"):
        return True  # "两张2080ti 22g nvlink桥能合成44g吗": the pooling asked is the answer, not the bridge's bandwidth
    pooled = answer.figures.get("concept") == "nvlink" and answer.figures.get("asked") == "pool"  # "能合成44g吗"
    return part == "nvlink" and (pooled or (isinstance(verdict, dict) and verdict.get("kind") == "nvlink"))


def _no_time_key(answer: Answer) -> str:
    """Why a time asked is not given: the set-up asked does not fit the GPU named, the GPU named has no speed model
    for the job, or no GPU is named."""
    verdict = answer.figures.get("verdict")
    if answer.gpus and isinstance(verdict, dict) and verdict.get("answer") == "no":
        return "asked.time_no_fit"
    return "asked.time_no_model" if answer.gpus else "asked.time_none"


def _spec_line(part: str, specs: list, headline: str, env: Env, counts: dict | None = None) -> str:
    """ "Memory bus: RTX 4060 Ti 128-bit, RTX 3060 192-bit." for the GPUs whose figure the headline lacks; the
    power of a side of several cards is the set's ("2 x RTX 3090 700 W", `counts`: GPU name -> count)."""
    values: list[tuple[str, str | None, bool]] = []
    counts = counts or {}
    for g in specs:
        if part == "bus":
            value = f"{g.memory_bus_bits}-bit" if g.memory_bus_bits else None
            shown = bool(value and re.search(rf"\b{g.memory_bus_bits}\s*-?\s*(bit|位)", headline))
        elif part == "price":  # a card without a price: the answer says so itself
            value = _price_text(g.name, env)
            shown = not value or all(m in headline for m in _moneys(g.name, env))
            if value and counts.get(g.name, 1) > 1:  # "what do they go for" after 2 x RTX 3090: the set, each
                values.append(
                    (f"{counts[g.name]} x {g.short_name}", _set_price(g.name, counts[g.name], value, env), shown)
                )
                continue
        elif part == "power":
            n = counts.get(g.name, 1)
            value = f"{g.tdp_w * n:,} W" if g.tdp_w else None
            shown = bool(value and value in headline)
            if value and hw.is_apple(g):  # a Mac's figure is the whole computer at the wall, Apple's maximum
                value += env.t("asked.power_mac_wall")
            if n > 1:
                values.append((f"{n} x {g.short_name}", value, shown))
                continue
        elif part == "clock":
            value = f"{g.boost_clock_mhz:,.0f} MHz" if g.boost_clock_mhz else None
            shown = bool(value and value in headline)
        elif part == "memory":  # "l20显存多大 跟4090比": the size asked leads, even where the answer names it later
            value = f"{g.memory_gb:g} GB {g.memory_type or ''}".strip() if g.memory_gb else None
            shown = bool(value and headline.startswith(f"{g.short_name}: {g.memory_gb:g} GB"))
        elif part in ("cores", "l2", "tensor"):  # "4090 vs 3090 cuda cores": the count asked leads
            value = _unit_value(part, g)
            shown = bool(value and value in headline)
        elif part == "memory_type":
            value = g.memory_type
            shown = bool(value and value.lower() in headline.lower())
        else:
            value = f"{g.memory_bandwidth_gb_s:,.0f} GB/s" if g.memory_bandwidth_gb_s else None
            shown = bool(value and value in headline)
        values.append((g.short_name, value, shown))
    if all(shown for _, _, shown in values):
        return ""
    items = i18n.comma(env.lang).join(f"{name} {value or env.t('asked.unknown')}" for name, value, _ in values)
    known = {v for _, v, _ in values if v}
    same = env.t("asked.same") if len(values) > 1 and len(known) == 1 and all(v for _, v, _ in values) else ""
    if part == "cores" and all(g.vendor == "NVIDIA" for g in specs):  # CUDA cores, NVIDIA's name for them
        part = "cores_nvidia"
    line = env.t(f"asked.{part}", items=items, same=same, snapshot=env.snapshot_label())
    watts = sorted(
        (g.tdp_w * counts.get(g.name, 1), name) for g, (name, _, _) in zip(specs, values, strict=True) if g.tdp_w
    )
    if part == "power" and len(watts) > 1 and watts[-1][0] > watts[0][0]:
        line += i18n.gap(env.lang) + env.t(
            "asked.power_diff", more=watts[-1][1], less=watts[0][1], watts=f"{watts[-1][0] - watts[0][0]:,}"
        )
    return line


def _unit_value(part: str, g) -> str | None:
    """A count of units or a cache size as a cell: "16,384 (128 SMs)", "72 MB", "512"; None when the KB lacks it."""
    if part == "cores":
        return f"{g.shading_units:,}" if g.shading_units else None
    if part == "l2":
        return f"{g.l2_cache_mb:g} MB" if g.l2_cache_mb else None
    return f"{g.tensor_cores:,}" if g.tensor_cores else None


def _figure_line(part: str, specs: list, headline: str, env: Env) -> str:
    """The figure's sentence from the spec answer ("L40S: 362 TFLOPS of dense FP16 tensor throughput") unless the
    headline already gives it; "" then."""
    from assistant.respond import spec_figures

    line = spec_figures.headline(part, specs, env)
    shown = [v for v in spec_figures.values(part, specs, env) if v]
    return "" if shown and all(v in headline for v in shown) else line


def _electricity_line(specs: list, env: Env) -> str:
    """ "Electricity a year at 15 % use and $0.175/kWh: RTX 5090 $X, RTX 4090 $Y; $Z apart" (§cost.electricity)."""
    a = env.for_query(Query(text="")).assumptions  # the household price of the answer's currency unless one was set
    # beside a Mac (its figure is the whole computer at the wall) a card's side counts the rest of its PC too (§cost)
    mac = any(hw.is_apple(g) for g in specs) and not all(hw.is_apple(g) for g in specs)
    rest = {g.short_name: C.SYSTEM_BASE_POWER_W if mac and not hw.is_apple(g) else 0.0 for g in specs}
    years = {
        g.short_name: electricity_usd(
            (g.tdp_w or 0) + rest[g.short_name], a.utilization, HOURS_PER_YEAR, a.electricity_usd_per_kwh
        )
        for g in specs
    }
    items = i18n.comma(env.lang).join(f"{name} {env.money(usd)}" for name, usd in years.items())
    diff = max(years.values()) - min(years.values())
    line = env.t(
        "asked.electricity",
        share=f"{a.utilization * 100:.0f}",
        kwh=env.money(a.electricity_usd_per_kwh, 3),  # shown in the answer's currency
        items=items,
        diff=env.money(diff),
    )
    step = env.t("cost.pc_beside_mac_step", watts=f"{C.SYSTEM_BASE_POWER_W:,.0f}") if mac else ""
    return i18n.gap(env.lang).join(p for p in (line, step) if p)


def _nameless_time(answer: Answer, text: str, env: Env) -> str:
    """A fit on a card named only by its memory, of an image model: the seconds per image over the priced cards of
    that memory (respond/image_fit_speed.nameless_range); "" for anything else."""
    verdict = answer.figures.get("verdict")
    key = answer.figures.get("model_key")
    if answer.intent != "fit" or answer.gpus or not isinstance(verdict, dict) or not key:
        return ""
    model = env.reader.model(key)
    if model is None or not verdict.get("memory_gb"):
        return ""
    from assistant.respond.image_fit_speed import nameless_range

    timed, figures = nameless_range(env, FitQuery(text=text, model=None), model, float(verdict["memory_gb"]))
    answer.figures |= figures
    return timed


def _intents(answer: Answer) -> set[str]:
    """The intents an answer gave: its own and, for a message that asked two things, each part's."""
    parts = answer.figures.get("parts")
    return (
        {answer.intent} | {p.get("intent", "") for p in parts if isinstance(p, dict)}
        if isinstance(parts, list)
        else {answer.intent}
    )


def figure_speed(answer: Answer, env: Env, time: bool = False) -> str:
    """The speed a fit answer worked out but left out of its headline: tokens/s for one user of an LLM, seconds per
    image of an image model (only the latter for a time asked); "" when the answer has neither or names no GPU."""
    figures, gpu = answer.figures, answer.gpus[0] if answer.gpus else (answer.choice or "")
    spec = env.reader.gpu(gpu) if gpu else None
    if spec is None:
        return ""
    n = int(figures.get("gpu_count") or 1)  # "两块3090 跑72b q4": the speed is the set's, named as the set
    name = counted(env, spec, n, article=False)
    if isinstance(figures.get("set_name"), str):  # "那速度多少" after two 3090s and a 3060: the mixed set's name
        name = figures["set_name"]
    seconds = figures.get("image_seconds")  # (a comparison's, by GPU, are in its headline: respond/compare_model)
    if isinstance(seconds, (int, float)) and seconds:
        return env.t("asked.image_seconds", gpu=name, sec=f"{seconds:.1f}")
    if figures.get("tokens_per_second") and not time:
        # "cheapest card that runs qwen3 32b at a usable speed": the pick named first, with its speed
        key = "asked.tokens_per_second_pick" if answer.intent == "recommend" else "asked.tokens_per_second"
        return env.t(key, gpu=name, tps=f"{figures['tokens_per_second']:,.0f}")
    return ""


def _moneys(gpu: str, env: Env) -> list[str]:
    """The new and used street prices of a GPU as the answer would write them."""
    return [env.money(p.usd) for p in (price_of(gpu, env, c) for c in ("new", "used")) if p is not None]


def _counts(answer) -> dict:
    """GPU name -> how many of it the answer is about: its counts, or the count of its one card ("2 x RTX 3090")."""
    counts = answer.figures.get("counts")
    if isinstance(counts, dict) and counts:
        return counts
    n = answer.figures.get("gpu_count")
    return {answer.gpus[0]: n} if isinstance(n, int) and n > 1 and len(answer.gpus) == 1 else {}


def _set_price(gpu: str, n: int, each: str, env: Env) -> str:
    """ "2 x RTX 3090 要多少钱": the set at the price in force (docs/model.md §cost.price), then each card's."""
    from assistant.respond.pricing import purchase_price

    price = purchase_price(gpu, env)
    if price is None:
        return env.t("asked.price_each", price=each)
    return env.t("asked.price_set", total=env.money(price.usd * n), price=each)


def _price_text(gpu: str, env: Env) -> str | None:
    """ "$2,500 new / $1,910 used" (None without a price)."""
    found = [(c, price_of(gpu, env, c)) for c in ("new", "used")]
    parts = [f"{env.money(p.usd)} {env.t(f'cond.{c}')}" for c, p in found if p is not None]
    return " / ".join(parts) or None


def _psu_line(figures: dict, env: Env) -> str:
    """The power supply for the cards of a cost answer (builds.psu_sizing, docs/model.md §rig)."""
    from assistant.respond.builds import psu_sizing

    n = int(figures.get("gpu_count") or 1)
    return psu_sizing(float(figures["gpu_watts"]), n, env)[0]


def _gpu_named(answer) -> bool:
    """A fit answer for a GPU: "vram needed to train whisper base with batch size 32" names none, so there is no
    largest batch to give (the batch said is the set-up)."""
    return answer.figures.get("fits") is not None or bool(answer.figures.get("gpu"))
