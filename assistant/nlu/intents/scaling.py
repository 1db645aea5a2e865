"""More cards of the same kind: "does a second 4090 help?", "two 3090s vs one", "is a third 3090
worth it", "再加一张4090有用吗", "两张3090比一张快多少".

Claims exactly one GPU reference (no model-fit or cost question) when the words add a card of that
kind ("a second", "another", "one more": lexicon lists scale_second / scale_third / scale_fourth /
scale_more) or set a count against one card ("than one", "比一张": scale_than_one). Answers with a
CompareQuery naming the same GPU twice with the two counts (more first), which the compare
responder hands to the multi-GPU scaling answer (docs/model.md §perf.multigpu).
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.reading import Reading
from assistant.queries import CompareQuery, Query

_ORDINALS = (("scale_fourth", 4), ("scale_third", 3), ("scale_second", 2))


def read(r: Reading) -> Query | None:
    refs = r.refs
    if len(refs) != 1 or not refs[0].name or (r.model and r.b.has("FIT")) or r.b.has("COST"):
        return None
    ref, text = refs[0], r.text.lower()
    counts = _counts(r, text, max(ref.count, 1))
    if counts is None:
        return None
    more, fewer = counts
    gpus = (dataclasses.replace(ref, count=more), dataclasses.replace(ref, count=fewer))
    workload = r.workload or ("llm_inference" if r.model else None)
    # an ambiguous name ("llama 70b") does not hold up the scaling answer: it leads with the defaults
    model = r.model if r.model and r.model.key else None
    return CompareQuery(text=r.text, gpus=gpus, workload=workload, precision=r.precision, aspect="speed", model=model)


def _counts(r: Reading, text: str, count: int) -> tuple[int, int] | None:
    for name, n in _ORDINALS:
        if r.lex.words_in(name, text):
            return n, n - 1
    if r.lex.words_in("scale_more", text):
        return count + 1, count
    if count >= 2 and r.lex.words_in("scale_than_one", text):
        return count, 1
    return None
