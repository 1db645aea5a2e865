"""Parts of the machine a user has already, said beside a rig question ("spec out a 3k build, already have a case and
ssd", "reusing my old case, psu and ssd", "预算1w 配主机 机箱电源我有", "i already have a pc").

Contract: `owned_parts(r)` returns the part keys (cpu, board, ram, psu, storage, case: lexicon [lists]
part_words_<key>, a CPU tag counting as the cpu) said in a clause that also holds an ownership cue (owned_part_cues),
an owned list going on over commas ("reusing my old case, psu and ssd") until a clause with no part or with a need
cue (part_need_cues: "..., need a psu"); or ("pc",) when the whole computer is owned (own_platform_words); () when none.
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import has_word
from assistant.nlu.reading import Reading

PARTS = ("cpu", "board", "ram", "psu", "storage", "case")
# clause breaks: punctuation, "but" / "so" / "then", and a space beside a Chinese character ("电源 机箱都有了")
_CLAUSE = re.compile(r"[,.;!?，。；！？\n]|\b(?:but|so|then)\b|(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])")
_NOT_A_CASE = re.compile(r"\b(?:use|in|worst|best|edge|any)\s+case\b")  # "my use case", "in case": no case owned


def owned_parts(r: Reading) -> tuple[str, ...]:
    if r.said("own_platform_words"):
        return ("pc",)
    low = r.text.lower()
    clauses = _CLAUSE.split(low)
    cpus = [t.text.lower() for t in r.b.kinds.get("CPU", [])]
    found: list[str] = []
    found_in: list[list[str] | None] = []  # each clause's parts when it says nothing but parts (None otherwise)
    owning = False
    for clause in clauses:
        clause = _NOT_A_CASE.sub(" ", clause)
        parts = [p for p in PARTS if has_word(clause, r.lex.listed(f"part_words_{p}"))]
        parts += ["cpu"] if any(c in clause for c in cpus) else []
        if has_word(clause, r.lex.listed("owned_part_cues")):
            owning = True
            found += _parts_before(found_in)
        elif not parts or has_word(clause, r.lex.listed("part_need_cues")):
            owning = False  # "reusing my old case, psu and ssd" goes on; "..., need a psu" or another clause ends it
        if owning:
            found += parts
        found_in.append(parts if clause.strip() and not _more_than_parts(clause, r) else None)
    return tuple(dict.fromkeys(found))


def _more_than_parts(clause: str, r: Reading) -> bool:
    """Whether the clause says something besides part words ("电源" alone does not)."""
    rest = clause
    for p in PARTS:
        for w in r.lex.listed(f"part_words_{p}"):
            rest = rest.replace(w, " ")
    return bool(re.sub(r"[\s和跟与及、/+&]|and", "", rest))


def _parts_before(found_in: list[list[str] | None]) -> list[str]:
    """ "电源 机箱都有了", "case and psu i have": the clauses right before the cue naming nothing but parts are owned
    too."""
    out: list[str] = []
    for parts in reversed(found_in):
        if not parts:
            break
        out += parts
    return out
