"""The PC case and system RAM the user said their machine has, kept through the thread: "my rig: ..., 32gb ddr4, 600w
bronze psu, corsair 4000d" then "would a 3090 fit in that case", "will a 4090 fit in my case", "3090能装进我的机箱吗"
weighs that case (and the thread's PSU), not a case the answer knows nothing of; "do i need to upgrade my ram for flux
dev too", "跑flux dev要不要加内存" weighs the RAM said and the thread's card.

Contract: the case is the one a message named (Query.case_said, a CASE tag the reader found; kept as Context.case);
`case_of_thread(dlg, query)` -> a size question (SpecQuery with fields ("size",), its topic "install" as in "换4090呢，
装得下吗", or a bare spec sheet asked with a fit word: "will a 5090 fit") that names no case and no clearance with the
thread's case (`Context.case`) put in, and the thread's PSU (`Context.psu_w`) when it names none; any other query, or
a thread with no case said, unchanged. `psu_of(query)` -> the PSU watts a build or size question's machine has.
`ram_named(text)` -> the system RAM a message says, in GB (None when none). `ram_of_thread(dlg, query)` -> a
system-RAM question (FitQuery asked "system_ram") with the RAM the user said (`Context.system_ram_gb`) and the
thread's card put in where it names none.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.queries import FitQuery, GpuRef, Query, RigQuery, SpecQuery

# a fit word of a card in a case ("will a 5090 fit", "4080塞得下吗"): the size asked, in a thread with a case
_FIT = re.compile(r"\bfits?\b|[装塞放](?:得下|不下|得进|进去)")
_RAM = re.compile(r"(?<![\d.])(\d{1,3})\s*g(?:b)?\s*(?:of\s+)?(?:system\s+)?(?:ddr[45]|ram|内存|运存)")

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def psu_of(query: Query) -> float | None:
    """The PSU a machine described in a build or size question has ("my rig: i5-12400f, ..., 600w bronze psu": 600)."""
    return getattr(query, "psu_w", None) if isinstance(query, (RigQuery, SpecQuery)) else None


def case_of_thread(dlg: Dialogue, query: Query) -> Query:
    ctx = dlg.context
    if not isinstance(query, SpecQuery) or ctx.case is None:
        return query
    if not ("size" in query.fields or query.topic == "install" or _fit_asked(query)):  # "装得下吗", "will a 5090 fit"
        return query
    if query.case is not None or query.clearance_mm is not None or query.spacing:
        return query
    return dataclasses.replace(query, fields=("size",), topic=None, case=ctx.case, psu_w=query.psu_w or ctx.psu_w)


def _fit_asked(query: SpecQuery) -> bool:
    """A bare spec sheet asked with a fit word ("will a 5090 fit", "4080塞得下吗"): its size, with the thread's case."""
    if query.fields or query.topic is not None:
        return False
    text = query.text.lower()
    return bool(_FIT.search(text))


def ram_named(text: str) -> float | None:
    """The system RAM a message says the machine has ("32gb ddr4", "64gb ram", "16g内存"), in GB; None when none."""
    found = _RAM.search(text.lower())
    return float(found.group(1)) if found else None


def ram_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "do i need to upgrade my ram for flux dev too" after "my rig: ..., 32gb ddr4 ... a 5070 ti": the system RAM
    asked of the RAM and the card the thread stated (a question naming its own RAM or card keeps it)."""
    ctx = dlg.context
    if not isinstance(query, FitQuery) or query.asked != "system_ram":
        return query
    ram = query.system_ram_gb or ctx.system_ram_gb
    card = ctx.focus_or_first()
    gpus = query.gpus or ((GpuRef(mention="", name=card, count=ctx.counts.get(card, 1)),) if card else ())
    return dataclasses.replace(query, system_ram_gb=ram, gpus=gpus)


def case_fit_follow(dlg: Dialogue, query: Query) -> Query:
    """ "4080装得下吗" read as the thread's model on that card (a FollowUpQuery asking "fit") while a case is talked
    about and no model is: the card in that case (its size), not a model to ask for."""
    from assistant.query_talk import FollowUpQuery

    ctx = dlg.context
    if not isinstance(query, FollowUpQuery) or query.ask != "fit" or ctx.case is None or not query.gpus:
        return query
    if getattr(ctx.last_query, "model", None) is not None or ctx.setup.model is not None:
        return query
    return SpecQuery(text=query.text, gpus=query.gpus, fields=("size",), case=ctx.case, psu_w=ctx.psu_w)
