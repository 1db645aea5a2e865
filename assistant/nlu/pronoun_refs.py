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


def the_one_card(b: Bag, before: list[Tag]) -> bool:
    return len(before) == 1 and sum(1 for t in b.tags if t.kind == "GPU") == 1
