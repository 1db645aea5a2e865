"""A budget changed BY an amount in a thread: "预算再加2000呢", "i can spend 500 more", "add 500 to the budget",
"and with $500 less?" after a pick for a budget is the budget before plus (or minus) that amount, not a budget of the
amount itself (which read "预算再加2000" after a budget of ¥5,000 as ¥2,000).

Contract: `stepped(dlg, query)` returns `query` with its budget (the `budget_usd` setting, the `budget_usd` slot, or
a bare amount of a follow-up) made the thread's budget plus or minus the amount, when the question says a budget
amount with a direction (`Stated.direction`, read by nlu/stated.py: +1 "再加", "more", "extra", "add"; -1 "少",
"less") and the thread has a budget: the latest question of the thread with one, else the budget the user set.
The amount is in the thread budget's currency when the question names none of its own, and is left as said when
the two currencies differ. Otherwise `query` unchanged.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import Query
from assistant.query_base import Setting

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_MIN_BUDGET = 1.0  # a stepped budget never goes below this (a cut larger than the budget): nothing is left to spend


def stepped(dlg: Dialogue, query: Query) -> Query:
    out = _stepped(dlg, query)
    said = _said_budget(out)
    if said is not None:
        dlg.context.budget_said = said  # the budget a next change by an amount starts from
    return out


def _stepped(dlg: Dialogue, query: Query) -> Query:
    step = _step(query)
    if step is None:
        return query
    amount, sign = step
    thread = dlg.context.budget_said or _thread_budget(dlg)
    if thread is None:
        return query
    old, old_currency = thread
    said_currency = _said_currency(query)
    if said_currency is not None and said_currency != old_currency:
        return query  # "加1000块" after a budget in dollars: two currencies, left as said
    new = max(old + sign * amount, _MIN_BUDGET)
    settings = tuple(
        dataclasses.replace(s, value=new, currency=None if old_currency == "USD" else old_currency)
        if s.key == "budget_usd"
        else s
        for s in query.settings
    )
    if not any(s.key == "budget_usd" for s in settings):  # "再少1000呢": the new budget set, and said as changed
        settings = (*settings, Setting("budget_usd", new, currency=None if old_currency == "USD" else old_currency))
    changes: dict = {"settings": settings}
    if getattr(query, "budget_usd", None) is not None:
        changes.update(budget_usd=new, budget_currency=old_currency)
    elif getattr(query, "amount", None) == amount and "budget_usd" in _field_names(query):
        changes.update(amount=None, budget_usd=new, budget_currency=old_currency)  # "what if i add another 500"
    return dataclasses.replace(query, **changes)


def _said_budget(query: Query) -> tuple[float, str] | None:
    """The budget `query` says (a budget setting, else its budget slot), as said, else None."""
    budget = [s for s in query.settings if s.key == "budget_usd" and isinstance(s.value, (int, float))]
    if budget:
        return float(budget[-1].value), budget[-1].currency or "USD"  # type: ignore[arg-type]
    slot = getattr(query, "budget_usd", None)
    return (float(slot), getattr(query, "budget_currency", None) or "USD") if slot is not None else None


def _step(query: Query) -> tuple[float, int] | None:
    """The amount the question changes the budget by and its direction, else None."""
    stated = [s for s in getattr(query, "stated", ()) if s.dim == "money" and s.direction and s.whole is None]
    gpus: tuple = getattr(query, "gpus", ())
    if len(stated) != 1 or any(g.name for g in gpus):
        return None  # "a 4090 for $300 more": a price gap between cards, not a budget
    value = float(stated[0].value)
    budget = [s for s in query.settings if s.key == "budget_usd"]
    if budget and float(budget[0].value) == value:  # type: ignore[arg-type]
        return value, stated[0].direction
    slot = getattr(query, "budget_usd", None)
    amount = getattr(query, "amount", None)
    if (slot is not None and float(slot) == value) or (amount is not None and float(amount) == value):
        return value, stated[0].direction
    return None


def _thread_budget(dlg: Dialogue) -> tuple[float, str | None] | None:
    """The budget in force in the thread: the newest question's with one (its amount and currency), else the one set."""
    ctx = dlg.context
    for q in reversed([q for q in (*ctx.history, ctx.last_query) if q is not None]):
        if getattr(q, "budget_usd", None) is not None:
            return float(q.budget_usd), getattr(q, "budget_currency", None) or "USD"  # type: ignore[attr-defined]
    set_usd = getattr(dlg.assumptions, "budget_usd", None)
    return (float(set_usd), "USD") if set_usd is not None else None


def _said_currency(query: Query) -> str | None:
    budget = [s for s in query.settings if s.key == "budget_usd"]
    if budget:
        return budget[0].currency or "USD"
    return getattr(query, "budget_currency", None)


def _field_names(query: Query) -> set[str]:
    return {f.name for f in dataclasses.fields(query)}
