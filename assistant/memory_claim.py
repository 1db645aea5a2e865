"""A claim that some amount of GPU memory is enough for the thread's model, made as pushback:
"不对吧，我看别人说24g显存就够了" after a pick that said QLoRA of Qwen2.5 14B at seq 4096 needs 25.1 GB,
"but i heard 16gb is plenty for this".

Contract: `claimed_gb(text, lang)` is the memory the message says is enough (a number with GB / G, beside a word of the
lexicon list `claim_enough`, said as a statement), None otherwise ("is 12gb enough tho" is a question, read as one).
`fit_of_claim(dialogue, text, gb)` is the thread's model, with its method and context, asked on that much memory (a
FitQuery with `memory_gb`, asked yes or no), or None when the thread names no model: the fit answer then says whether
and how it fits there, and `lead(answer, gb, env)` puts the verdict on the claim first ("Right: 24 GB is enough for
this, ...", "Right, with one condition: ...", "Not as set up: ...").
With no model in the thread, `card_of_claim(dialogue, gb, reader)` is the card talked about that has that memory
("可是3090要五千多啊，我觉得22g够用了" after the 2080 Ti 22 GB and the RTX 3090 were weighed) and the other one, and
`what_runs(text, card)` asks what that card runs: the claim agreed with (lead key pushback.memory_card), its
limits shown.
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import has_word
from assistant.queries import FitQuery

_ASKED = re.compile(r"[?？吗]|^(?:is|are|would|will|does|do|can|could|isn'?t|wouldn'?t|should)\b")
_GB = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d+)?)\s*(?:gb|g|gig|gigs)(?![a-z])", re.IGNORECASE)


def claimed_gb(text: str, lang: str) -> float | None:
    from assistant.nlu.lexicon import lexicon

    low = text.lower().strip()
    if _ASKED.search(low):  # "is 12gb enough tho": a question, answered as one (the fit the thread asks)
        return None
    found = _GB.search(low)
    if found is None or not has_word(low, lexicon(lang).listed("claim_enough")):
        return None
    gb = float(found.group(1))
    return gb if 1 <= gb <= 512 else None


def fit_of_claim(dialogue, text: str, gb: float) -> FitQuery | None:
    setup = dialogue.context.setup
    if setup.model is None and not setup.params_b:
        return None
    if setup.mode is None and setup.workload not in (None, "llm_inference", "image_generation", "llm_finetune"):
        return None  # a training of another kind: its own method is not known here
    return FitQuery(
        text=text,
        model=setup.model,
        params_b=setup.params_b,
        mode=setup.mode or ("qlora" if setup.workload == "llm_finetune" else "inference"),
        workload=setup.workload,
        context_tokens=setup.context_tokens,
        memory_gb=gb,
        asked_figure="yes_no",
    )


def lead(answer, gb: float, env) -> str:
    verdict = answer.figures.get("verdict")
    said = verdict.get("answer") if isinstance(verdict, dict) else None
    fits = answer.figures.get("fits")
    if said == "yes_if":  # "yes with a fused cross-entropy loss": enough, on the condition the answer names
        key = "pushback.memory_if"
    elif said in ("yes", "no") or isinstance(fits, bool):
        key = "pushback.memory_right" if (said == "yes" if said else fits) else "pushback.memory_wrong"
    else:
        return ""
    return env.t(key, gb=f"{gb:g}")


def card_of_claim(dialogue, gb: float, reader) -> tuple[str, str | None] | None:
    """(the card talked about with `gb` GB, the other card talked about or None), latest first; None if none has."""
    talked = list(reversed(dialogue.context.recent)) or list(dialogue.context.gpus)
    cards = [(name, reader.known_gpu(name)) for name in talked]
    match = next((name for name, g in cards if g is not None and g.memory_gb and abs(g.memory_gb - gb) < 0.5), None)
    if match is None:
        return None
    other = next((name for name, _ in cards if name != match), None)
    return match, other


def what_runs(text: str, card: str) -> FitQuery:
    from assistant.queries import GpuRef

    return FitQuery(
        text=text,
        model=None,
        gpus=(GpuRef(mention=card, name=card),),
        mode="inference",
        workload="llm_inference",
        asked="what_runs",
    )
