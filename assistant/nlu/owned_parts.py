"""Parts of the machine a user has already, said beside a rig question ("spec out a 3k build, already have a case and
ssd", "reusing my old case, psu and ssd", "预算1w 配主机 机箱电源我有", "i already have a pc").

Contract: `owned_parts(r)` returns the part keys (cpu, board, ram, psu, storage, case: lexicon [lists] part_words_<key>,
a CPU tag counting as the cpu) said in a clause that also holds an ownership cue (owned_part_cues), an owned list going
on over commas ("reusing my old case, psu and ssd") until a clause with no part or with a need cue (part_need_cues:
"..., need a psu"); a motherboard chipset ("b660m", "b550") counts as the board; or ("pc",) when the whole computer is
owned (own_platform_words); ("pc", parts...) when a part is said as in the user's own machine (own_machine_cues: "my psu
is 750w", "我现在配置：...") and no budget is said; () when none.
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import has_word
from assistant.nlu.reading import Reading

PARTS = ("cpu", "board", "ram", "psu", "storage", "case")
# clause breaks: punctuation, "but" / "so" / "then", and a space beside a Chinese character ("电源 机箱都有了")
_CLAUSE = re.compile(r"[,.;!?，。；！？\n]|\b(?:but|so|then)\b|(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])")
_CHIPSET = re.compile(r"(?<![a-z0-9])(?:a[3-6]20|b[3-8][4-6]0|x[3-8][79]0|z[3-8][79]0|h[3-8][1-7]0)[a-z]?(?![a-z0-9])")
_NOT_A_CASE = re.compile(r"\b(?:use|in|worst|best|edge|any)\s+case\b")  # "my use case", "in case": no case owned


def owned_parts(r: Reading) -> tuple[str, ...]:
    if r.said("own_platform_words"):
        return ("pc",)
    low = r.text.lower()
    clauses = _CLAUSE.split(low)
    cpus = [t.text.lower() for t in r.b.kinds.get("CPU", [])]
    found: list[str] = []
    mine = False  # a part said as the user's own ("my psu is 550w", "我现在配置：..."): a machine they have
    found_in: list[list[str] | None] = []  # each clause's parts when it says nothing but parts (None otherwise)
    owning = False
    for clause in clauses:
        clause = _NOT_A_CASE.sub(" ", clause)
        parts = [p for p in PARTS if has_word(clause, r.lex.listed(f"part_words_{p}"))]
        parts += ["cpu"] if any(c in clause for c in cpus) else []
        parts += ["board"] if "board" not in parts and _CHIPSET.search(clause) else []  # "b660m", "b550 board"
        if has_word(clause, r.lex.listed("owned_part_cues")):
            owning = True
            mine = mine or (bool(parts) and has_word(clause, r.lex.listed("own_machine_cues")))
            found += _parts_before(found_in)
        elif not parts or has_word(clause, r.lex.listed("part_need_cues")):
            owning = False  # "reusing my old case, psu and ssd" goes on; "..., need a psu" or another clause ends it
        if owning:
            found += parts
        found_in.append(parts if clause.strip() and not _more_than_parts(clause, r) else None)
    found = list(dict.fromkeys(found))
    if mine and found and not r.b.has("BUDGET", "MONEY"):  # no budget to build with: the parts are in their machine
        return ("pc", *found)
    return tuple(found)


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
