"""Each thing an answer says, said once: the last step before an answer is shown.

Contract: `said_once(answer)` changes the answer in place and returns it: a headline sentence said twice in one
paragraph, a step or note given twice keep their first place only; a step the headline already says word for word (a
"why?" follow-up leads with the deciding reason, a verdict on an offer and one on the card's use both carry the card's
catches) is not repeated under "Why"; a note that is a step too is left to the steps; a table identical to an earlier
one (same headers and rows) is shown once. Nothing else changes. Answers that combine parts (answer.joined,
verdict_reply.both_verdicts, deal_runs) say each part's lines once themselves (`unsaid(text, said)`: a part's sentences
the other part said); this keeps the whole kind at zero (scripts/answer_defects.py counts it)."""

from __future__ import annotations

import re

from assistant.answer import Answer

_MIN = 20  # shorter lines ("Yes.", a one-word step) may stand twice on purpose
_SENTENCE_END = re.compile(r"(?<=[。！？!?])|(?<=\.)(?=\s)")  # after 。！？!? or a full stop before a space


def unsaid(text: str, said: str) -> str:
    """`text` without its sentences (of _MIN characters or more) that `said` holds word for word, and without a
    sentence it says twice itself; nothing else of it is dropped."""
    kept, seen = [], set()
    for part in _SENTENCE_END.split(text):
        key = part.strip()
        if len(key) >= _MIN and (key in said or key in seen):
            continue
        seen.add(key)
        kept.append(part)
    return "".join(kept).strip()


def said_once(answer: Answer) -> Answer:
    answer.headline = "\n\n".join(p for p in (unsaid(p, "") for p in (answer.headline or "").split("\n\n")) if p)
    headline = answer.headline
    steps = list(dict.fromkeys(answer.steps))
    answer.steps = [s for s in steps if len(s.strip()) < _MIN or s.strip() not in headline]
    notes = list(dict.fromkeys(answer.notes))
    answer.notes = [n for n in notes if len(n.strip()) < _MIN or (n not in answer.steps and n.strip() not in headline)]
    kept, seen = [], set()
    for table in answer.tables:
        key = (tuple(table.headers), tuple(tuple(r) for r in table.rows))
        if key not in seen:
            seen.add(key)
            kept.append(table)
    answer.tables = kept
    return answer
