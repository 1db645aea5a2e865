"""What a stated amount of watts is, read from where it stands (the shape of the question, not a phrase list per
example): the user's own measure of a card's draw ("it does about 340w under load", "功耗250w", "each around 170w",
"at 420w"), the whole machine's draw at the wall ("750w wall draw", "整机墙上测的580w"), an idle draw ("60w idle",
"空闲也有80w"), a power supply ("1000w psu", "650w金牌电源"), a power limit ("limited to 250w"), or a difference
("pulls ~100w more").

Contract: `watts_role(tags, k, low, lex)` -> (role, card, sign) for the WATTS tag `tags[k]` in the lowered text `low`:
role "card" | "wall" | "idle" | "psu" | "limit" | "cap" (a circuit's or socket's most) | "rest" (the machine around
the cards: a word of [lists] rest_draw_words, "~180w for the rest of the box"); card the canonical name of
the GPU the amount is said of (the card named last before it in the clause, else the first after it in the same
clause; None when no card is named); sign -1 / +1 for a
difference (lexicon cheaper_words / gap_more_after right after it), else 0. Roles are decided by the small closed
word sets around the amount (rig_psu, psu_brands after it, wall_words, system_draw_words, idle words,
power_limit_words), never by the verb before it: an amount of watts beside a card is that card's draw unless a word
says otherwise.
`wall_tags(tags, low, lex)`: the WATTS tags whose role is "wall" (never a PSU's size: Reading.psu_watts).
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.patterns import compiled
from assistant.nlu.tagging.base import Tag

_BEFORE = 28  # characters before the amount its clause's role words are looked for in
_AFTER = 16  # characters after it
_CLAUSE = re.compile(r"[，。；！？;!?]|[,.](?:\s|$)|\b(?:but|and then|while)\b")


def _clause_before(low: str, start: int) -> str:
    window = low[max(0, start - _BEFORE) : start]
    cut = None
    for m in _CLAUSE.finditer(window):
        cut = m.end()
    return window[cut:] if cut is not None else window


def _clause_after(low: str, end: int) -> str:
    window = low[end : end + _AFTER]
    m = _CLAUSE.search(window)
    return window[: m.start()] if m else window


def _has(text: str, words) -> bool:
    for w in words:
        if w not in text:  # the pattern needs the word itself
            continue
        if w.isascii():
            if compiled(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])").search(text):
                return True
        elif w in text:
            return True
    return False


def _starts(text: str, words) -> bool:
    s = text.lstrip(" ~≈")
    return any(s.startswith(w) and (not w.isascii() or not s[len(w) : len(w) + 1].isalnum()) for w in words)


def _idle_words(lex: Lexicon) -> frozenset[str]:
    return lex.listed("idle_words") | lex.listed("asked_idle")


def role_of(tag: Tag, low: str, lex: Lexicon) -> str:
    before, after = _clause_before(low, tag.start), _clause_after(low, tag.end)
    socket = _has(before, lex.listed("wall_words"))  # "插座限功率1000w": the socket's limit, not a card's
    capped = _has(before, lex.listed("watts_cap_words"))
    if capped and (socket or not _has(before, lex.listed("power_limit_words"))):
        return "cap"  # "一个插座最多800w", "the breaker is limited to 1500w": what the circuit allows, no draw
    psu_words = lex.listed("rig_psu")
    supply = frozenset(w for w in psu_words if not _has(w, lex.listed("wall_words")))  # not "at the wall"
    if tag.meanings.get("PSU") or _starts(after, supply | lex.listed("psu_brands")) or _ends_near(before, supply):
        return "psu"  # "1600w电源 会不会跳闸 16a插座": the PSU word beside it wins over a socket word further on
    if _has(after, lex.listed("wall_words")) or _has(before, lex.listed("wall_words")):
        return "wall"  # "750w wall draw", "620 at the wall", "墙上测的580w"
    if _psu_asked(before, psu_words):
        return "psu"
    if _has(before[-12:], _idle_words(lex)) or _starts(after, _idle_words(lex)):
        return "idle"  # "60w idle", "空闲也有80w"
    rest = lex.listed("rest_draw_words")
    if _starts(after, rest) or _ends_near(before, rest):
        return "rest"  # "~180w for the rest of the box", "其他部分150w": the machine around the cards
    if _has(before, lex.listed("power_limit_words")):
        return "limit"
    machines = lex.listed("machine_words")
    if _has(before, lex.listed("system_draw_words")) and _has(before, machines):
        return (
            "wall"  # "整机 ... 580w", "the whole system draws 600w", "my 3090 box pulls 420w" (not "the 4090 pulls ~")
        )
    if _machine_subject(low[max(0, tag.start - 2 * _BEFORE) : tag.start], machines):
        return "wall"  # "my 2x 3090 rig idles at 120w and pulls 700w under load": the rig's draw, said of the rig
    return "card"


_CARD_AFTER = re.compile(r"\b\d{3,4}\b(?!\s*(?:w|watts?|瓦))|[a-z]\d{2,3}\b")


def _machine_subject(before: str, machines) -> bool:
    """A machine word is the last thing named before the amount, with a draw verb after it and no card between ("rig
    idles at 120w and pulls"), so the amount is the machine's; "my pc has a 4090 that pulls 450w" names the card after
    the machine, "my rig: ..., 600w bronze psu" draws nothing."""
    last = -1
    for w in machines:
        for m in compiled(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])").finditer(before):
            last = max(last, m.end())
    return last >= 0 and not _CARD_AFTER.search(before[last:]) and bool(_DRAW_VERB.search(before[last:]))


_DRAW_VERB = re.compile(r"\b(?:pulls?|draws?|idles?|idling|pulling|drawing|uses?|using|consumes?|consuming)\b")


def _psu_asked(before: str, words) -> bool:
    """A PSU word earlier in the clause with no card or number between it and the amount ("电源要多大 1300w够不够",
    "psu size? would 1000w do"): the amount is the supply asked about."""
    last = max((before.rfind(w) + len(w) for w in words if w in before), default=-1)
    return last >= 0 and not any(c.isdigit() for c in before[last:])


def _ends_near(before: str, words) -> bool:
    """A PSU word right before the amount ("电源850w", "psu is 850w"), a few joining characters apart."""
    s = before.rstrip(" :：~≈是大概约为")
    s = re.sub(r"\s+(?:is|of|at|about|around|~)$", "", s)
    return any(s.endswith(w) for w in words)


def sign_of(tag: Tag, low: str, lex: Lexicon) -> int:
    after = low[tag.end :]
    if _starts(after, lex.listed("cheaper_words")):
        return -1
    return 1 if _starts(after, lex.listed("gap_more_after")) else 0


def card_of(tags: list[Tag], k: int, low: str) -> str | None:
    """The GPU the amount is said of: the card named last before it in its sentence, else the next one named."""
    tag = tags[k]
    named = [t for t in tags if t.kind == "GPU" and _name(t)]
    before = [t for t in named if t.end <= tag.start]
    if before and not re.search(r"[。！？!?]|\.\s", low[before[-1].end : tag.start]):
        return _name(before[-1])
    after = [t for t in named if t.start >= tag.end and not _CLAUSE.search(low[tag.end : t.start])]
    if after:  # "功耗250w的v100"; not "1U with 500w included, i'd put 2x L40S in it" (another clause)
        return _name(after[0])
    return _name(before[-1]) if before else None


def _name(t: Tag) -> str | None:
    m = t.gpu_match()
    return m.name if m.status == "ok" else None


def watts_role(tags: list[Tag], k: int, low: str, lex: Lexicon) -> tuple[str, str | None, int]:
    tag = tags[k]
    return role_of(tag, low, lex), card_of(tags, k, low), sign_of(tag, low, lex)


def wall_tags(tags: list[Tag], low: str, lex: Lexicon) -> list[Tag]:
    """The WATTS tags said of the whole machine at the wall ("my rig pulls 650w at the wall", "墙上测得整机450w")."""
    return [t for k, t in enumerate(tags) if t.kind == "WATTS" and watts_role(tags, k, low, lex)[0] == "wall"]
