"""What a pronoun of a question stands for when the question itself says it (read by Reading.refs).

Contract: `stands_for_plan(bag, lex, tag)`: "is that even possible", "is it doable": a pronoun right before a word of
[lists] plan_after_pronoun in a question that names a model stands for the plan asked about, not for a GPU of an
earlier answer. `the_one_card(bag, before)`: a singular "it" after the one GPU a question names is that GPU ("is
rtx4o90 a typo or a chinese version, saw it on aliexpress"), never a second card to compare with.
"""

from __future__ import annotations

from assistant.nlu.bag import Bag
from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagger import Tag


def stands_for_plan(b: Bag, lex: Lexicon, pronoun: Tag) -> bool:
    at = next((i for i, pos in enumerate(b.toks_pos) if pos == pronoun.start), None)
    if at is None or at + 1 >= len(b.toks) or not b.has("MODEL", "PARAMS"):  # "what would it cost to train a 1b"
        return False
    return b.toks[at + 1].lower() in lex.listed("plan_after_pronoun")


def no_gpu(b: Bag, lex: Lexicon, pronoun: Tag, named: bool) -> bool:
    """A pronoun that stands for no GPU: a relative one (`relative`), or the plan asked about (`stands_for_plan`)
    when the question names no GPU."""
    return relative(b, lex, pronoun) or (not named and stands_for_plan(b, lex, pronoun))


def relative(b: Bag, lex: Lexicon, pronoun: Tag) -> bool:
    """ "best gpu under 1000 that supports bf16", "a card which has 24gb": "that" / "which" after a noun or number
    and before a verb of lexicon list relative_clause_verbs opens a clause about the cards asked for; it stands for
    no GPU of an earlier answer ("does that support bf16" and "is that enough" still do: a verb or nothing before)."""
    if pronoun.value not in ("that", "which"):
        return False
    at = next((i for i, pos in enumerate(b.toks_pos) if pos == pronoun.start), None)
    if at is None or at == 0 or at + 1 >= len(b.toks):
        return False
    before, after = b.toks[at - 1].lower(), b.toks[at + 1].lower()
    return after in lex.listed("relative_clause_verbs") and before not in lex.listed("relative_clause_not_after")


def the_one_card(b: Bag, before: list[Tag]) -> bool:
    return len(before) == 1 and sum(1 for t in b.tags if t.kind == "GPU") == 1
