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
from dataclasses import dataclass

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

SPEC_PARTS = ("bus", "memory_type", "bandwidth")
_DURATION = re.compile(
    r"\d[\d,.]*\s*(?:s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?|days?|秒|分钟|小时|天)(?![a-z])", re.I
)
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
)
_LANES = re.compile(r"(?:pci-?e\s*(?:gen\s*)?(\d)(?:\.0)?)?\s*x\s?(1|4|8|16)\b", re.I)
_GEN = re.compile(r"pci-?e\s*(?:gen\s*)?(\d)(?:\.0)?|gen\s?(\d)\b", re.I)


@dataclass(frozen=True)
class Link:
    """The link the question says the cards have: PCIe generation and lanes per card (None = not said)."""

    gen: int | None = None
    lanes: int | None = None


def _lowered(text: str) -> str:
    return f" {text.lower()} "


def parts(text: str, lang: str) -> tuple[str, ...]:
    lex, low = lexicon(lang), _lowered(text)
    out = [p for p in (*SPEC_PARTS, "time", "link") if lex.words_in(f"asked_{p}", low)]
    if baseline(text):
        out.append("baseline")
    return tuple(out)


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
    """ "pcie4.0 x8", "x8 slots", "pcie 3": the generation and lanes the user's board gives each card."""
    lanes = _LANES.search(text)
    gen = _GEN.search(text)
    g = next((int(x) for x in (gen.groups() if gen else ()) if x), None)
    n = int(lanes.group(2)) if lanes else None
    return Link(gen=g, lanes=n) if g or n else None


def cover(answer: Answer, text: str, env: Env) -> Answer:
    """Add what the answer leaves out of the parts the question asked (see the module contract)."""
    if not answer.understood:
        return answer
    asked = parts(text, env.lang)
    if not asked:
        return answer
    added: list[str] = []
    added_parts: list[str] = []
    missing: list[str] = []
    specs = [g for g in (env.reader.gpu(n) for n in answer.gpus) if g is not None]
    for part in asked:
        if part in SPEC_PARTS and specs:
            line = _spec_line(part, specs, answer.headline, env)
            if line:
                added.append(line)
                added_parts.append(part)
        elif part == "time" and not _DURATION.search(answer.headline):
            key = "asked.time_video" if answer.intent == "video" else "asked.time_none"
            added.append(env.t(key))
            added_parts.append(part)
            missing.append("time")
    if added:  # a spec detail asked leads (it was the question); a time that cannot be given follows the answer
        first = [a for a, p in zip(added, added_parts, strict=True) if p in SPEC_PARTS]
        last = [a for a, p in zip(added, added_parts, strict=True) if p not in SPEC_PARTS]
        answer.headline = i18n.gap(env.lang).join([*first, answer.headline.rstrip(), *last])
    answer.figures["asked"] = list(asked)
    if missing:
        answer.figures["not_covered"] = missing
    return answer


def _spec_line(part: str, specs: list, headline: str, env: Env) -> str:
    """ "Memory bus: RTX 4060 Ti 128-bit, RTX 3060 192-bit." for the GPUs whose figure the headline lacks."""
    values = []
    for g in specs:
        if part == "bus":
            value = f"{g.memory_bus_bits}-bit" if g.memory_bus_bits else None
            shown = bool(value and re.search(rf"\b{g.memory_bus_bits}\s*-?\s*(bit|位)", headline))
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
    return env.t(f"asked.{part}", items=items, same=same)
