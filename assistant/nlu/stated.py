"""Every number a question states, read with its unit and its role, as one list (`query_terms.Stated`) that every
reader and answer consumes instead of reading the text again.

Contract: `stated_quantities(tags, text, lex)` turns the tagger's number tags (in text order) into `Stated` values:
the unit comes from the tag kind (MONEY, RATE = money per GPU-hour, KWH = money per kWh, HOURS, WATTS, MEMORY,
COUNT ...); the role of an amount of money from the words around it, with lexicon [lists]:
- `direction(text, start, end, lex)`: a difference, not a price: -1 after "less" / "cheaper" (cheaper_words after
  the amount; "便宜" before it), +1 after "more" / "extra" / "+" glued before it / "贵" / "多花" (gap_more_after,
  gap_more_before), 0 otherwise ("less than $500" is a cap: the word stands BEFORE the amount);
- `whole_of(tags, k, text, lex)`: what the amount prices: "box" when a whole-machine word (box_price_words:
  box, server, 整机, prebuilt ...) stands between the card named last and the amount ("hgx h100 box for ~$280k",
  "4070 super的整机 9999") or before the card with "with" / "带" ("a prebuilt with a 4080 super for $2,200");
  "card" after a per-card word ("$650 each", "每张5000": rate_each_after / each_card_before); "set" beside a word of
  the set's total ("1250 total", "一共1200块": set_total_words); else None.
A number tag of no unit stays dim "number" unless a role above makes it money. Nothing here changes a tag.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag
from assistant.nlu.watts_role import watts_role
from assistant.query_terms import Stated

# tag kind -> (dim, per)
_UNITS = {
    "MONEY": ("money", None),
    "ITEM_PRICE": ("money", None),
    "BUDGET": ("money", None),
    "RATE": ("money", "gpu_hour"),
    "KWH": ("money", "kwh"),
    "WATTS": ("watts", None),
    "MEMORY": ("gb", None),
    "COUNT": ("count", None),
    "COUNTED": ("count", None),
    "USERS": ("users", None),
    "PERCENT": ("percent", None),
    "TOKENS": ("tokens", None),
    "CONTEXT": ("tokens", None),
    "NUMBER": ("number", None),
}
_MONEY_KINDS = frozenset({"MONEY", "NUMBER", "ITEM_PRICE"})
_MAX_BETWEEN = 5  # words between a card and the amount that prices the machine it is in
_MAX_CJK = 8  # characters, in Chinese
_LEAD_SKIP = re.compile(r"a|an|the|two|dual|\d+x?|x\d+")  # "a workstation w/ 2x 3090": between machine and card
_NEXT_WORD = re.compile(r"\s*([a-z]+)", re.IGNORECASE)
_WINDOW = 24  # characters before a card in which "a prebuilt with" / "一台带" names the machine it sits in


def stated_quantities(tags: list[Tag], text: str, lex: Lexicon) -> tuple[Stated, ...]:
    low = text.lower()
    out: list[Stated] = []
    for k, tag in enumerate(tags):
        read = _hours(tag) if tag.kind == "HOURS" else _plain(tag)
        if read is None:
            continue
        value, dim, per = read
        if tag.kind == "NUMBER" and tag.meanings.get("NOUN"):
            dim = "count"  # "1500 steps", "5万条": a count of what the noun names (tagging/counted_numbers.py)
        whole, sign = None, 0
        if tag.kind in _MONEY_KINDS:
            sign = direction(low, tag.start, tag.end, lex)
            whole = "budget" if tag.kind == "BUDGET" else whole_of(tags, k, low, lex)
            if dim == "number" and (sign or whole):
                dim = "money"  # "整机 9999", "差500": an amount of money said without its unit
        elif tag.kind == "BUDGET":
            whole = "budget"
        of = None
        if tag.kind == "WATTS":  # the card's draw, the machine's at the wall, idle, a PSU, a limit (nlu/watts_role.py)
            whole, of, sign = watts_role(tags, k, low, lex)
        currency = tag.meanings.get("CURRENCY") if dim == "money" else None
        typed = _with_word(text, tag) if sign else tag.text  # "$300 less": said back with its direction
        out.append(Stated(value, dim, typed, tag.start, tag.end, per, whole, sign, currency, of))
    return tuple(out)


def _with_word(text: str, tag: Tag) -> str:
    """The amount with the word after it ("$300 less", "500块"), or with "+" before it ("+$500")."""
    if text[tag.start - 1 : tag.start] == "+":
        return text[tag.start - 1 : tag.end]
    m = _NEXT_WORD.match(text, tag.end)
    return text[tag.start : m.end()] if m and m.group(1).isascii() else tag.text


def _plain(tag: Tag) -> tuple[float, str, str | None] | None:
    unit = _UNITS.get(tag.kind)
    if unit is None:
        return None
    try:
        value = tag.number()
    except (TypeError, ValueError):
        return None
    return value, unit[0], unit[1]


def _hours(tag: Tag) -> tuple[float, str, str | None] | None:
    """HOURS: hours in all, or hours a week (per "week")."""
    got = tag.mapping() if isinstance(tag.value, dict) else {}
    if got.get("total") is not None:
        return float(got["total"]), "hours", None
    if got.get("per_week") is not None:
        return float(got["per_week"]), "hours", "week"
    return None


def direction(low: str, start: int, end: int, lex: Lexicon) -> int:
    """-1: the amount is how much less something costs ("for $300 less", "便宜2000"); +1: how much more ("for +$500",
    "an extra $150", "贵800块"); 0: an amount."""
    after = low[end:].lstrip()
    before = low[:start].rstrip()
    if _starts(after, lex.listed("cheaper_words")) or _ends(before, lex.listed("cheaper_before")):
        return -1
    if low[start - 1 : start] == "+" or _starts(after, lex.listed("gap_more_after")):
        return 1
    return 1 if _ends(before, lex.listed("gap_more_before")) else 0


def whole_of(tags: list[Tag], k: int, low: str, lex: Lexicon) -> str | None:
    """ "box": the amount prices a whole machine; "card": one card of several; None: not said."""
    tag = tags[k]
    after = low[tag.end :].lstrip()
    before = low[: tag.start].rstrip()
    if _starts(after, lex.listed("rate_each_after")) or _ends(before, lex.listed("each_card_before")):
        return "card"
    totals = lex.listed("set_total_words")
    if _starts(after, totals) or _ends(before, totals):
        return "set"  # "2x 3090 1250 total", "4张p100 一共1200块": all the cards together
    card = next((t for t in reversed(tags[:k]) if t.kind == "GPU"), None)
    machines = lex.listed("box_price_words")
    between = low[card.end if card is not None else max(0, tag.start - _WINDOW) : tag.start]
    if _machine_priced(between, machines):
        return "box"
    if card is not None:
        lead = [w for w in low[max(0, card.start - _WINDOW) : card.start].split() if not _LEAD_SKIP.fullmatch(w)]
        if len(lead) >= 2 and lead[-2] in machines and lead[-1] in lex.listed("machine_with_words"):
            return "box"  # "a prebuilt with a 4080 super for $2,200"; not "my pc with a 3060, is a 4090 for $1,500"
    return None


def _machine_priced(between: str, machines: frozenset[str]) -> bool:
    """A whole-machine word right after the card and close before the amount ("h100 box for ~", "4070 super的整机 ",
    " server for "); "l4 24gb any good for a home server, saw one for $1,900" names a use, not what is priced."""
    words = between.replace("的", " ").split()
    if not words or len(words) > _MAX_BETWEEN:
        return False
    if any(w in machines for w in words[:2]) or any(w in machines for w in (" ".join(words[:2]),)):
        return True
    packed = "".join(words)  # Chinese: "服务器整机", "的整机"
    return not packed.isascii() and len(packed) <= _MAX_CJK and any(w in packed for w in machines)


def _starts(s: str, words: frozenset[str]) -> bool:
    return any(s.startswith(w) and (not w.isascii() or not s[len(w) : len(w) + 1].isalnum()) for w in words)


def _ends(s: str, words: frozenset[str]) -> bool:
    return any(s.endswith(w) and (not w.isascii() or not s[: -len(w)][-1:].isalnum()) for w in words)


def is_difference(tags: list[Tag], tag: Tag, text: str, lex: Lexicon) -> bool:
    """The amount is a difference ("for $300 less", "+$500"): never a card's price."""
    return tag.kind in _MONEY_KINDS and direction(text.lower(), tag.start, tag.end, lex) != 0


def box_cards(tags: list[Tag], tag: Tag, text: str, lex: Lexicon, counts: list[int]) -> int:
    """How many cards a whole machine's price pays for: the most of that card counted in the question (`counts`)
    when the amount prices a box ("reserve 8x h100 ... or buy an hgx h100 box for ~$280k": 8), else 1."""
    k = next((i for i, t in enumerate(tags) if t is tag), None)
    if k is None or whole_of(tags, k, text.lower(), lex) != "box":
        return 1
    return max([1, *counts])
