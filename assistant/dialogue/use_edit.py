"""A statement of use typed in a thread is a change of that setting, not a new question.

Contract: `use_edit(dlg, query)` returns the query the thread means, or `query` unchanged:
- "i'd train about 10 hours a week", "i only train on weekends, like 6 hours", "我一周大概训练10个小时" after a
  rent-or-buy or a running cost (a reader took it as a pick for training: a work word and hours, nothing else) is the
  hours set: a `SetQuery` of the question's own settings, so the last answer is given again under them (the
  engine's `answer_again`), not a ranking of training cards. After a comparison or a pick it is so only when the work
  is the thread's own (another work asks for that work's pick or comparison).
- "and for fine tuning it", "那微调它呢" after "how much vram for qwen 2.5 14b" (a thread about a model that has talked
  about no card): "it" is the model, not a card to ask for; the follow-up without it (`model_it`).
- "what about 24", "and 24gb?", "24g呢" after "is 16gb enough for llm fine tuning" (a fit of a memory size, no card):
  the same question of that memory (`memory_of_fit`), not a card of that size to name.
- "how long on 8 of them" after the rent of a job on a card ("rent h100 to pretrain a 7b model": 2 x H100): the
  job on that many of the card the answer rented (`count_of_them`), as "what about on 8 h100s" is.
- "what if i keep it 3 years", "and if i use it 4 hours a day" after a pick for a budget or a build (a follow-up of
  settings of running cost and "it"): the pick again under them, as "what if 3 years" is, not a fit or a verdict of
  the card picked.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.dialogue import schedule_rent
from assistant.queries import Query

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_USE_KEYS = frozenset({"utilization", "years", "electricity_usd_per_kwh"})  # the settings of running cost
_USE_OF_ANY_WORK = ("rent_or_buy", "cost")  # answers the hours change whatever the work said with them
_USE_OF_SAME_WORK = ("compare", "recommend")  # answers ranked for a work: changed by the hours of that work
_PICKS = ("recommend", "rig")
_STATEMENT = frozenset({"settings", "stated", "workload"})  # all a statement of use says
_PRONOUN_FOLLOW = frozenset({"settings", "stated", "gpus"})  # all "what if i keep it 3 years" says


def use_edit(dlg: Dialogue, query: Query) -> Query:
    last = dlg.context.last_query
    if last is None or dlg.context.pending is not None or not _use_settings(query):
        return query
    if schedule_rent.reweighs(last, query):
        return query  # "i'd train maybe 2 hours a day for 6 months": the rent-or-buy over that span (schedule_rent)
    said = _said_fields(query)
    if query.intent == "recommend" and said <= _STATEMENT and _work_fits(dlg, last, query):
        from assistant.query_talk import SetQuery

        return SetQuery(text=query.text, settings=query.settings)
    gpus = getattr(query, "gpus", ())
    if query.intent == "followup" and said <= _PRONOUN_FOLLOW and last.intent in _PICKS:
        if gpus and all(g.pronoun and not g.name for g in gpus):
            return dataclasses.replace(query, gpus=())  # type: ignore[call-arg]
    return query


def _use_settings(query: Query) -> bool:
    keys = {s.key for s in query.settings}
    return bool(keys) and keys <= _USE_KEYS


def _work_fits(dlg: Dialogue, last: Query, query: Query) -> bool:
    if last.intent in _USE_OF_ANY_WORK:
        return True
    thread_work = getattr(last, "workload", None) or dlg.context.workload
    return last.intent in _USE_OF_SAME_WORK and getattr(query, "workload", None) == thread_work


def _said_fields(query: Query) -> set[str]:
    """The fields of `query` that differ from their defaults (what the question said), its text and intent aside."""
    out = set()
    for f in dataclasses.fields(query):
        if f.name in ("text", "intent"):
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            continue
        if getattr(query, f.name) != default:
            out.add(f.name)
    return out


def model_it(dlg: Dialogue, query: Query) -> Query:
    """A follow-up whose only card is "it" in a thread about a model and no card: without the card (see above)."""
    ctx = dlg.context
    gpus = getattr(query, "gpus", ())
    if query.intent != "followup" or not gpus or ctx.gpus or ctx.recent or not ctx.setup.named():
        return query
    if all(g.pronoun == "it" and not g.name for g in gpus):
        return dataclasses.replace(query, gpus=())  # type: ignore[call-arg]
    return query


_MEMORY_SAID = frozenset({"stated", "amount", "gpus", "replace"})  # all "what about 24" / "24g呢" says
_MEMORY_RANGE = (2.0, 1024.0)  # [A] GB: a bare number in it, after a fit of a memory size, is another size


def memory_of_fit(dlg: Dialogue, query: Query) -> Query:
    """A memory size alone after a fit of a memory size with no card: that fit of this size (see above)."""
    from assistant.queries import FitQuery

    last = dlg.context.last_query
    if not isinstance(last, FitQuery) or last.memory_gb is None or any(g.name for g in last.gpus):
        return query
    if query.intent != "followup" or not _said_fields(query) <= _MEMORY_SAID or query.settings:
        return query
    gpus = getattr(query, "gpus", ())
    if any(g.name or g.pronoun != "variant" for g in gpus):
        return query  # "what about a 3090": a card
    sizes = [s.value for s in getattr(query, "stated", ()) if s.dim in ("gb", "number")]
    if len(sizes) != 1 or not _MEMORY_RANGE[0] <= float(sizes[0]) <= _MEMORY_RANGE[1]:
        return query
    return dataclasses.replace(last, text=query.text, memory_gb=float(sizes[0]))


def count_of_them(dlg: Dialogue, query: Query) -> Query:
    """ "N of them" with no card after the rent of a job: N of the card the answer rented (see above)."""
    from assistant.queries import GpuRef

    ctx = dlg.context
    last = ctx.last_query
    n = getattr(query, "gpu_count", None)
    said_gpus: tuple = getattr(query, "gpus", ())
    if query.intent != "followup" or not getattr(query, "of_them", False) or said_gpus:
        return query
    if last is None or getattr(last, "mode", None) != "job" or not ctx.focus or not n or n < 2:
        return query
    named = list(dict.fromkeys(g.name for g in getattr(last, "gpus", ()) if g.name)) or [ctx.focus]
    gpus = tuple(GpuRef(mention="them", name=name, count=n) for name in named)  # "a100 or h100": N of each
    return dataclasses.replace(query, gpus=gpus, of_them=False)  # type: ignore[call-arg]
