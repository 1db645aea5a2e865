"""The cards an answer is about, for the asks of its message (respond/ask_lines): the card (its choice, first card or
cheapest set), how many of it, and those words for asking again ("2 x RTX 3090").

Contract: `card_of(answer)`, `subject_of(answer, env)`, `count_of(answer, name)`, `several_of(answer, env)` ("2 x RTX
3090" when the answer is about more than one of its card, else ""), `counted_subject(answer, subject, model)`,
`cheapest_set(answer)`. Pure reads of the answer's figures; never raise.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.env import Env


def counted_subject(answer: Answer, subject: str, thread_model: str = "") -> str:
    """The subject with the count of cards the answer is about ("2 x RTX 3090"), the subject alone for one card, and
    the model and training of a fit answer ("2 x RTX 3090 70b")."""
    n = cheapest_set(answer).get("gpu_count") or answer.figures.get("gpu_count")
    cards = f"{n} x {subject}" if isinstance(n, int) and n > 1 else subject
    setup, model = answer.figures.get("fit_setup"), answer.figures.get("model_key") or thread_model
    training = isinstance(setup, dict) and setup.get("mode") not in (None, "inference")
    # the model and the work of the fit go with the cards: the NVLink loss of a 70B split, of training
    return " ".join(p for p in (cards, "train" if training else "", model if isinstance(model, str) else "") if p)


def cheapest_set(answer: Answer) -> dict:
    """The first of the cheapest sets a fit of no named card lists ("qwen2.5 72b本地部署 需要几张卡": 3 x RTX 2080 Ti
    22 GB), {} when it lists none or the answer names a card."""
    sets = answer.figures.get("cheapest_sets")
    if answer.choice or answer.gpus or not isinstance(sets, list) or not sets or not isinstance(sets[0], dict):
        return {}
    return sets[0]


def card_of(answer: Answer) -> str | None:
    """The card the answer is about: its choice, its first card, else its cheapest set's."""
    return answer.choice or (answer.gpus[0] if answer.gpus else None) or cheapest_set(answer).get("gpu")


def subject_of(answer: Answer, env: Env) -> str:
    name = card_of(answer)
    spec = env.reader.gpu(name) if name else None
    return spec.short_name if spec is not None else ""


def count_of(answer: Answer, name: str) -> int:
    """How many of card `name` the answer is about: its counts, its card count, its build's (figures["rig"]) or its
    verdict's ("双3090训练值得吗": figures["verdict"])."""
    counts = answer.figures.get("counts") or {}
    rig = answer.figures.get("rig") or {}
    built = rig.get("gpu_count") if isinstance(rig, dict) and rig.get("gpu") == name else None
    verdict = answer.figures.get("verdict") or {}
    judged = verdict.get("gpu_count") if isinstance(verdict, dict) and verdict.get("gpu") == name else None
    counted = counts.get(name) if isinstance(counts, dict) else None
    listed = cheapest_set(answer).get("gpu_count")  # a fit of no named card: its cheapest set's count
    return int(counted or listed or answer.figures.get("gpu_count") or built or judged or 1)


def several_of(answer: Answer, env: Env) -> str:
    """ "2 x RTX 3090" when the answer is about more than one of its card, else ""."""
    name = card_of(answer)
    spec = env.reader.gpu(name) if name else None
    n = count_of(answer, spec.name) if spec is not None else 1
    return f"{n} x {spec.short_name}" if spec is not None and n > 1 else ""
