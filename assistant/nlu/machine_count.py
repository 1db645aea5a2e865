"""A count of machines, each with the card named: "9 workstations each w/ a 4080 super", "8台工作站 每台一张3090",
"我们工作室6台电脑 都是4070", "6台4090主机", "3 servers with 2x a100 each": the cards are counted over the machines
(9 x 4080 SUPER; 3 x 2 = 6 A100), so every bill, TCO and break-even of the question counts the fleet, not one card.

Contract: `fleet(reading)` -> (canonical GPU name, machines) pairs; `counted(reading, query)` -> the query with the
count of that card's GpuRef multiplied by the machines (a count said per machine, "2x a100 each", is kept and
multiplied); with no machines counted, one node of a card sold on 8-GPU boards ("the b200 ... on one node") is 8 of
it. Read by STRUCTURE: a number, then a machine noun (lexicon [lists] machine_words and their plurals;
Chinese 台 is itself the classifier of machines), then, in the same clause, either a word that spreads the card over
them ([lists] machine_each_words: each, every, all, w/, with; 每台, 都是, 各) or the card right after; the card is
the first GPU named after it. A question naming a different card before that one in the clause is left alone.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.reading import Reading
from assistant.nlu.tagging.cn_numerals import cn_number

_GAP = 40  # characters from the machine noun to the card it holds
_STOP = re.compile(r"[。！？；;!?]|\.\s|\b(?:but|or|vs|versus)\b|还是|或者")
_BETWEEN = (
    r"(?:(?:separate|individual|identical|dedicated|personal|small|single|similar)\s+)?"  # "8 separate workstations"
)
_EN_NUMBER = re.compile(r"(?<![\w.$€£¥])(\d{1,3})\s+" + _BETWEEN + r"([a-z][a-z-]*)")
_ZH_NUMBER = re.compile(r"(\d{1,3}|[一二两三四五六七八九十]{1,3})\s*台")
_ONE = re.compile(r"\bone\b|一台|其中")
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_EN_WORD_NUMBER = re.compile(r"(?<![\w])(" + "|".join(sorted(_WORDS)) + r")\s+" + _BETWEEN + r"([a-z][a-z-]*)")
_EACH_AFTER = re.compile(r"^\s*(?:each|apiece|per (?:machine|box|person|workstation))\b")


def _plural_forms(words: frozenset[str]) -> frozenset[str]:
    out = set()
    for w in words:
        if " " in w or not w.isascii():
            continue
        out |= {w, w + "s", w + "es"}
    return frozenset(out)


def _machines(r: Reading) -> list[tuple[int, int]]:
    return machines_in(r.text, r.lex)


def machines_in(text: str, lex) -> list[tuple[int, int]]:
    """(end of the machine noun, machines) for each "N <machine>" / "N台" of the text (2 to 500 machines)."""
    low = text.lower()
    out = []
    nouns = _plural_forms(lex.listed("machine_words"))
    for pattern in (_EN_NUMBER, _EN_WORD_NUMBER):
        for m in pattern.finditer(low):
            if m.group(2) in nouns:
                n = int(m.group(1)) if m.group(1).isdigit() else _WORDS[m.group(1)]
                out.append((m.end(), n))
    for m in _ZH_NUMBER.finditer(low):
        got = int(m.group(1)) if m.group(1).isdigit() else cn_number(list(m.group(1)))
        if got:
            out.append((m.end(), int(got)))
    return [(end, n) for end, n in out if 2 <= n <= 500]


_EACH_COUNT = re.compile(r"\d+\s*x\b|\bx\s*\d+|\b(?:dual|two|three|four|quad)\b|[\d两二三四五六七八]\s*[张块卡]")


def fleet(r: Reading) -> list[tuple[str, int, bool]]:
    """(card, machines, whether a count per machine is said between them: "each with 2x 3090")."""
    low = r.text.lower()
    cards = [t for t in r.b.tags if t.kind == "GPU" and t.gpu_match().status == "ok"]
    each_words = r.lex.listed("machine_each_words")
    out = []
    for end, n in _machines(r):
        card = next((t for t in cards if t.start >= end), None)
        if card is None or card.start - end > _GAP:
            continue
        between = low[end : card.start]
        if _STOP.search(between):
            continue
        spread = any(
            (w in between) if not w.isascii() else re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", between)
            for w in each_words
        )
        if _ONE.search(between) and not _EACH_AFTER.match(low[card.end :]):
            continue  # "2 pcs, one with a 3090 and one with a 4090": not each ("with one 4090 each" is)
        each_count = bool(_EACH_COUNT.search(between))  # "10台8卡4090": the cards of each machine said between
        if spread or each_count or not between.strip(" ,，的放装配上插"):  # "6台4090主机": the card right after
            out.append((str(card.gpu_match().name), n, bool(_EACH_COUNT.search(between + card.text))))
    return out


def counted(r: Reading, query):
    gpus = getattr(query, "gpus", None)
    if not gpus:
        return query
    found = {name: (n, each) for name, n, each in fleet(r)}
    if not found:
        return _per_node(r, _dual_after(r, query))
    refs = tuple(_spread(g, *found[g.name]) if g.name in found and not g.pronoun else g for g in gpus)
    return dataclasses.replace(query, gpus=refs)


def _spread(g, machines: int, each_said: bool):
    if g.count == machines and not each_said:  # "6台4090主机": the tagger counted the six already
        return dataclasses.replace(g, machines=machines)
    return dataclasses.replace(g, count=(g.count or 1) * machines, machines=machines)


_NODE = re.compile(
    r"\b(?:one|a|an|single|1)\s+(?:[\w-]+\s+){0,2}node\b|\bper node\b|\bnode of\b|一个节点|单节点|一台服务器|单台服务器"
)


def _per_node(r: Reading, query):
    """ "does the b200 fit deepseek v3 at fp8 on one node", "can one node of h100s run deepseek r1": one server node of
    a card sold as a board of eight (lexicon node_boards: SXM / OAM parts), named without a count, is 8 of it (an
    HGX / DGX / OAM node); anything else is left alone."""
    if not _NODE.search(r.text.lower()) or r.total_count():
        return query
    boards = tuple(r.lex.listed("node_boards"))
    refs = tuple(
        dataclasses.replace(g, count=8)
        if g.name and g.count == 1 and not g.pronoun and g.name.startswith(boards)
        else g
        for g in query.gpus
    )
    return dataclasses.replace(query, gpus=refs)


_DUAL_AFTER = re.compile(
    r"^\s*(?:-\s*)?dual\b(?!\s*-?\s*(?:slots?|fans?|channel|bios|width|link|boot|monitors?))", re.I
)


def _dual_after(r: Reading, query):
    """ "arc pro b60 dual 48gb", "maxsun b60 dual": a board carrying two of the GPU named right before "dual" is two
    of it (the "dual 3090" before the name the tagger counts already)."""
    tags = r.b.kinds.get("GPU", [])
    duals = {getattr(t.value, "name", None) for t in tags if _DUAL_AFTER.match(r.text[t.end :])} - {None}
    if not duals:
        return query
    refs = tuple(
        dataclasses.replace(g, count=2) if g.name in duals and g.count == 1 and not g.pronoun else g for g in query.gpus
    )
    return dataclasses.replace(query, gpus=refs)
