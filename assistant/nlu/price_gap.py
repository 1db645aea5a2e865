"""A price gap the question states between the two cards it compares: "5060ti 16g和4060ti 16g 差两百块 选哪个",
"5080比5070ti贵两千 值吗", "4070s和4070ti s差价800", "the 5060 ti is only $50 more than the 4060 ti".

Contract: `gap_tag(r)` is the amount tag said as a gap (right after a word of lexicon [lists] gap_before: "差",
"差价", "贵", "便宜", "相差"; or right before a word of [lists] gap_after: "more", "的差价"), None when none; only in a
question naming exactly two different GPUs. `price_gap(r)` gives (amount, currency or None = USD, the dearer GPU's
name or None when the question does not say which: "A比B贵" -> A, "A比B便宜" -> B). The amount is never a card's
price (stated_prices skips it); the answer prices the dearer card at the cheaper one's market price plus the gap.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.nlu.stated import direction
from assistant.nlu.tagger import Tag

_MIN = 10.0  # a smaller number after a gap word is not money ("差2倍")
_FILLER = ("大概", "大约", "约", "也就", "就", "才", "只", "了", "个", " ", "~", "$")
_WORD_FILLER = ("like", "about", "around", "roughly", "approx", "approximately", "only", "just", "maybe", "nearly")


def gap_tag(r: Reading) -> Tag | None:
    if len({g.name for g in r.explicit if g.name}) != 2:
        return None
    found = gap_amounts(r)
    return found[0] if found else None


def gap_amounts(r: Reading) -> list[Tag]:
    """Every amount said as a gap ("差1500", "贵两千", "only $50 more"), whatever the cards named: never a price or an
    offer ("京东4070ti super 6299 闲鱼二手4800 差1500": the offer is not ¥1,500)."""
    text = r.text.lower()
    out = []
    before = r.lex.listed("gap_before")
    after = r.lex.listed("gap_after")
    for tag in r.b.tags:
        if tag.kind not in ("MONEY", "NUMBER") or not isinstance(tag.value, (int, float)) or tag.value < _MIN:
            continue
        head = _strip_end(text[: tag.start])
        tail = text[tag.end :].lstrip()
        plus = text[tag.start - 1 : tag.start] == "+"  # "the 5080 laptop for +$500": a difference
        if plus or any(head.endswith(w) for w in before) or any(tail.startswith(w) for w in after):
            out.append(tag)
        elif _worth_gap(head, r):
            out.append(tag)
    return out


def _worth_gap(head: str, r: Reading) -> bool:
    """ "is the extra 2gb worth $60": an amount after "worth" is the price of the extra the question names (lexicon
    gap_worth_before, gap_worth_marks); "is the 4090 worth $1600" is a price."""
    if not any(head.endswith(w) for w in r.lex.listed("gap_worth_before")):
        return False
    return any(w in head for w in r.lex.listed("gap_worth_marks"))


def price_gap(r: Reading) -> tuple[float, str | None, str | None] | None:
    tag = gap_tag(r)
    if tag is None or not isinstance(tag.value, (int, float)):
        return None
    currency = tag.meanings.get("CURRENCY") or r.unnamed_currency()
    return float(tag.value), str(currency) if currency else None, _dearer(r, tag)


def _strip_end(head: str) -> str:
    """The text before an amount without the hedges between the gap word and it ("差价大概500")."""
    changed = True
    while changed:
        changed = False
        for w in _FILLER:
            if head.endswith(w):
                head, changed = head[: -len(w)], True
        for w in _WORD_FILLER:  # English hedges: whole words only ("save like $80", "an extra ~$60")
            if head.endswith(w) and not head[: -len(w)][-1:].isalnum():
                head, changed = head[: -len(w)], True
    return head


def _dearer(r: Reading, tag: Tag) -> str | None:
    """ "A比B贵500" -> A, "A比B便宜500" -> B: the card said to cost more; without "than", the card named last before
    the amount is cheaper or dearer by the amount's direction (nlu/stated.py: "4090 vs 4090 d ... a 4090 d for $300
    less" -> the 4090, "or the 5080 laptop for +$500" -> the 5080); None when not said."""
    gpus = [t for t in r.b.kinds.get("GPU", []) if t.start < tag.start]
    if len(gpus) < 2:
        return None
    first, second = gpus[0], gpus[1]
    between = r.text[first.end : second.start]
    if not any(w in between for w in r.lex.listed("than_words")):
        return _by_direction(r, tag, gpus[-1])
    words = r.text[second.end : tag.start]
    cheaper = any(w in words for w in r.lex.listed("cheaper_words"))
    match = second if cheaper else first
    return match.value.name if hasattr(match.value, "name") else None


def _by_direction(r: Reading, tag: Tag, near: Tag) -> str | None:
    sign = direction(r.text.lower(), tag.start, tag.end, r.lex)
    names = list(dict.fromkeys(g.name for g in r.explicit if g.name))
    named = near.value.name if hasattr(near.value, "name") else None
    named = (
        _variant_said(r, near.end, tag.start, names) or named
    )  # "4090d vs 4090, is the d worth it if its 300 cheaper"
    if not sign or named not in names or len(names) != 2:
        return None
    return named if sign > 0 else next(n for n in names if n != named)


def _variant_said(r: Reading, start: int, end: int, names: list[str]) -> str | None:
    """The one of two cards a variant word said between the last card and the amount names ("is the d worth it if its
    300 cheaper": the RTX 4090 D), None when no such word or both or neither card carry it."""
    words = set(r.text.lower()[start:end].replace(",", " ").split())
    said = words & set(r.lex.listed("variant"))
    carried = [n for n in names if said & set(n.lower().split())]
    return carried[0] if len(carried) == 1 else None
