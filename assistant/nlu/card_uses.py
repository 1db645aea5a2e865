"""What a named card does, asked as such, with no work or model named: "what can a 4060 ti 16gb run", "what can i
actually do with a 3060 12gb", "what is the rtx a6000 good for", "what are 3090s good for these days", "tesla p40
good for what", "what would i use a p40 for", "a6000适合干什么". Answered as what the card runs (a FitQuery asked
"what_runs", respond/capability.py), not as a yes/no verdict nor as its spec sheet.

Contract: `asked(r)` says whether the question is of that kind; nothing else is read here.
"""

from __future__ import annotations

import re

from assistant.nlu.reading import Reading

_WHAT_CAN = ("what can ", "what could ", "what will ", "what would ")
_WHAT_MODAL = re.compile(r"\bwhat\s+(?:else\s+)?(?:can|could|will|would)\b(?:\s+(?:i|we|you|it|this|that|they))?")
_DO_AFTER = re.compile(r"^\s*(?:(?:actually|realistically|really|even|reasonably|comfortably)\s+)?do\b")
_RUN_GAP = 24  # characters between "what can i" and its run word ("what can i actually run")


def what_can_run(r: Reading) -> bool:
    """ "what can a 4060 ti 16gb run", "what could two 3090s run", "what can they run": the card (or a pronoun for the
    cards talked about) between "what can" and a run word."""
    gpus, runs = r.b.kinds.get("GPU", []) or r.b.kinds.get("PRONOUN", []), r.b.kinds.get("FIT", [])
    if r.text.lower().lstrip().startswith(_WHAT_CAN) and bool(gpus and runs) and runs[-1].start > gpus[0].end:
        return True
    # "what can i realistically run on a 4060 8gb laptop", "so what could i run on it": "what" + a modal, then a run
    # word in the same clause, the card anywhere
    low = r.text.lower()
    asked = _WHAT_MODAL.search(low)
    if asked and gpus and _DO_AFTER.match(low[asked.end() : asked.end() + _RUN_GAP]):
        return True  # "what can i actually do with a 3060 12gb for ai": what it does is what it runs
    return bool(asked and gpus and any(0 <= t.start - asked.end() <= _RUN_GAP for t in runs))


_GOOD_FOR = re.compile(
    r"\bwhat(?:'s|s|\s+is|\s+are|\s+were)?\b.*\bgood\s+for"
    r"(?:\W+(?:these\s+days|nowadays|now|today|rn|anymore|in\s+20\d\d|exactly|actually|really))?\W*$"
    r"|\bgood\s+for\s+what\b"
    r"|^\W*what\s+(?:would|could|should|do|does|can)\s+(?:i|you|people|one|we)\s+use\b.*\bfor\W*$"
    r"|适合(?:干|做|跑)(?:什么|啥)|适合什么|用来干(?:嘛|啥|什么)"
)


def asked(r: Reading) -> bool:
    """What one named card (or the cards talked about) does: run (`what_can_run`), or is good for with no work,
    model or second card named ("what is the 4090 good for, llms?" is a verdict on that work)."""
    if what_can_run(r):
        return True
    if r.workload or r.model or r.b.has("VS", "COMPARE", "PARAMS") or not r.b.kinds.get("GPU"):
        return False
    if r.fields():  # "L20多少钱，适合干啥": its price with what it suits, a verdict that says both
        return False
    return bool(_GOOD_FOR.search(r.text.lower()))
