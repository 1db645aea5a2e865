"""The thread of a conversation: the workload it is about, inherited by questions that leave it out.

Contract: `setup_after(old, query)` is the conversation's `Setup` after `query` was answered: a
question that names a model or a model size starts a new set-up (with its own workload,
precision, method, context and the data of a training job: samples, sample length, epochs,
tokens), one that names only another kind of work starts a set-up of that work alone, and one
that names none of these keeps the old set-up. `leaves_open(query)`
says whether a question read from one message is about the thread (a follow-up, a question
that refers to a GPU by a pronoun, or a pick / a build that names no workload). `inherit(setup, query)`
fills the workload fields the query leaves empty from the set-up; a query that names a model,
a size or a different kind of work is returned unchanged (it overrides the thread). The GPUs
with their counts are inherited through pronouns (`references`); settings (budget, new/used,
hours, years, electricity, currency) are assumptions and persist on their own.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from assistant.dialogue.state import Setup
from assistant.queries import Query
from assistant.query_talk import FollowUpQuery

Q = TypeVar("Q", bound=Query)
# the workload fields each kind of question can take from the thread (the same names as on the query classes)
_TAKES = {
    "recommend": ("model", "params_b", "workload", "precision", "mode", "context_tokens"),
    "compare": ("model", "params_b", "workload", "precision"),
    "rig": ("model", "params_b", "workload", "precision"),
    "fit": ("model", "params_b", "workload", "precision", "mode", "context_tokens", "images", "images_per"),
    "verdict": ("model", "params_b", "workload"),
}
_NAMING = ("model", "params_b")
# the data of a training job, as the queries of a job (fit, rates, rent or buy) and a follow-up name them
JOB_DATA = ("samples", "sample_tokens", "epochs", "tokens", "runs_per_month")


_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _field_names(kind: type) -> frozenset[str]:
    """The field names of a query class (read once per class: every answer asks)."""
    found = _FIELD_NAMES.get(kind)
    if found is None:
        found = _FIELD_NAMES[kind] = frozenset(f.name for f in dataclasses.fields(kind))
    return found


def setup_after(old: Setup, query: Query) -> Setup:
    """The set-up after `query` was answered (see the module contract)."""
    if not _field_names(type(query)) & {"model", "params_b", "workload"}:
        return old  # a spec sheet, a concept, a setting: the thread goes on
    model = getattr(query, "model", None)
    params = getattr(query, "params_b", None)
    workload = getattr(query, "workload", None)
    precision = getattr(query, "precision", None)
    if model is not None or params is not None:
        mode = getattr(query, "mode", None)
        if query.intent == "rates":
            mode = getattr(query, "method", None) if mode == "job" else None
        new = Setup(
            model=model,
            params_b=params,
            workload=workload,
            precision=precision,
            mode=None if mode == "inference" else mode,
            context_tokens=getattr(query, "context_tokens", None),
            targets=query.targets,
            batch=getattr(query, "batch", None),
            images=getattr(query, "images", None) if workload in (None, "image_generation") else None,
            images_per=getattr(query, "images_per", None) if workload in (None, "image_generation") else None,
            pretrain=bool(getattr(query, "pretrain", False)),
            audio_s=getattr(query, "audio_s", None),
            **{key: getattr(query, key, None) for key in JOB_DATA},
        )
        same = (model is not None and old.model is not None and model.key == old.model.key) or (
            model is None and params is not None and params == old.params_b
        )
        if same and (new.workload is None or old.workload in (None, new.workload)):
            # "anything cheaper that still works?" after a LoRA job's time: the same job, its method and data kept
            kept = {
                k: getattr(old, k)
                for k in ("mode", "context_tokens", "images", "images_per", "audio_s", *JOB_DATA)
                if getattr(new, k) is None
            }
            if not new.targets:  # "两张a6000够吗" after serving it to 20 users: still 20 users
                kept.update(targets=old.targets, batch=new.batch or old.batch)
            if old.pretrain and new.mode in (None, "full_finetune"):  # "how long on a 4090" after "from scratch"
                kept.update(pretrain=True)
            return dataclasses.replace(new, **kept)
        return new
    if workload is not None and workload != old.workload:
        return Setup(workload=workload, precision=precision)
    return dataclasses.replace(old, precision=precision) if precision else old


def leaves_open(query: Query) -> bool:
    """`query` (as read from one message) is about the thread: it names no GPU, model or work of its own."""
    if isinstance(query, FollowUpQuery):
        return True
    if any(getattr(query, k, None) is not None for k in (*_NAMING, "workload")):
        return False
    refs = getattr(query, "gpus", ())
    if refs:  # "is that enough?", "can it do it", "compare it with the 4070 ti super"
        return any(r.pronoun is not None for r in refs)
    return query.intent in ("recommend", "rig")  # "what's the best i can get for 1500 then"


def inherit(setup: Setup, query: Q) -> Q:
    """`query` with the workload fields it leaves empty taken from `setup` (unchanged when it names its own)."""
    takes = _TAKES.get(query.intent, ())
    if getattr(query, "asks_power", False):
        return query  # "what psu for that": the cards' power, whatever they run (a workload would filter the cards)
    if query.intent == "compare" and not setup.named() and setup.workload and getattr(query, "workload", 1) is None:
        # "how much faster is the 4090" after "m4 max 36gb vs 4090 for llms": faster at that work, not at training
        compared: Any = query  # a comparison (it has a workload slot)
        return dataclasses.replace(compared, workload=setup.workload)
    if query.intent == "verdict" and not setup.named() and setup.workload and _judges_use(query):
        # "二手3090不香吗" after "想买卡跑本地大模型": good for that work, not for training
        judged: Any = query  # a verdict (it has a workload slot)
        return dataclasses.replace(judged, workload=setup.workload)
    if query.intent == "recommend" and not setup.named() and setup.workload:
        # "what card" after "900 bucks, want to run local models": a pick for that work, not for the default work
        return _work_of_thread(setup, query)
    if not takes or not setup.named():
        return query
    if any(getattr(query, k, None) is not None for k in _NAMING):
        return query  # a model or size of its own: a new thread
    workload = getattr(query, "workload", None)
    if workload is not None and setup.workload is not None and workload != setup.workload:
        return query  # another kind of work: not this model's
    changes = {}
    for key in takes:
        value = getattr(setup, key)
        now = getattr(query, key, None)
        if value is not None and (now is None or (key == "mode" and now == "inference")):
            changes[key] = value
    if setup.pretrain and hasattr(query, "pretrain") and getattr(query, "mode", None) in (None, "full_finetune"):
        changes["pretrain"] = True  # "how long would that take on a 4090" after "a small gpt from scratch"
    if query.intent == "recommend" and setup.targets and not getattr(query, "targets", ()):
        changes["targets"] = setup.targets  # "and cheaper?" after serving 20 users: sets for the same users
    return dataclasses.replace(query, **changes) if changes else query


def names_no_work(query: Query) -> bool:
    """A comparison or a verdict that names cards but no model, size or work ("4080s和4090差多少", "why not a used
    3090 instead"): in a thread about a kind of work it is judged for that work (`inherit`), as a pronoun's is."""
    if query.intent not in ("compare", "verdict") or isinstance(query, FollowUpQuery):
        return False
    return all(getattr(query, k, None) is None for k in (*_NAMING, "workload"))


def _judges_use(query: Query) -> bool:
    """A verdict on a card's use (enough / good / worth / overkill), not a feature, an offer or a wait."""
    return (
        getattr(query, "kind", None) in ("enough", "good", "worth", "overkill")
        and getattr(query, "workload", 1) is None
    )


def _work_of_thread(setup: Setup, query: Q) -> Q:
    """A pick naming no work of its own, in a thread about a kind of work (no model): that work (a build of the
    thread's cards, "整套下来多少钱", prices those cards whatever they run)."""
    if getattr(query, "workload", None) is not None or getattr(query, "upgrade_from", None):
        return query
    return dataclasses.replace(query, workload=setup.workload)  # type: ignore[call-arg]
