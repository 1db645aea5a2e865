"""The electricity bill a follow-up asks of the cards talked about: "what about power per year" after a PSU answer,
"how much is that per year at 12 hours a day" after a card's draw or two cards' draws compared.

Contract: `bill_of_thread(dlg, base, follow)` gives the CostQuery (kind "running") of the thread's cards over the
period said, or None when the follow-up asks something else (dialogue/ellipsis.py tries it among the follow-ups);
`bill_of_comparison(dlg, query)` bills each card of the comparison just made when the bill names none;
`costs_of_talked(dlg, query)` weighs the costs of the two sets of cards just asked about one after the other when a
cost asks which ("那三年下来哪个总成本低"); `saving_of_swap(dlg, base, follow)`: other cards named with a saving on
power asked ("换成4张H100能省多少电", "how much power would we save with 4 h100s instead") after the thread's cards
were billed or power-limited: both sets' bills side by side (the difference said), or None.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.dialogue.references import fill
from assistant.queries import GpuRef, Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_BILLED = ("cost", "rent_or_buy", "rates")  # answers that already bill the cards: a period or a rate edits them


def bill_of_thread(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "what about power per year", "and the electricity per month" after an answer that billed nothing (a PSU, a
    fit, a comparison): the electricity bill of the cards talked about, with their counts, over the period said.
    None when the follow-up asks more than the bill, names cards, or the last answer was a bill already."""
    after_power = follow.asked_figure is None and follow.period and not follow.fields and _about_power(base)
    if not (follow.asked_figure == "bill" or after_power) or base is None or not dlg.context.gpus:
        return None  # "how much is that per year at 12 hours a day" after a draw or a PSU: the bill of that draw
    if base.intent in _BILLED and not (follow.gpu_count or 0) > 1:  # "per year for two of them" after a bill: two
        return None
    if any(not g.pronoun for g in follow.gpus) or follow.ask or follow.model is not None:
        return None
    if set(follow.fields) - {"power"}:
        return None
    from assistant.queries import CostQuery

    n = follow.gpu_count or 1  # "for two of them": two of the card
    them = follow.gpus or (GpuRef(mention="", pronoun="it", count=n, count_open=n < 2),)
    named = tuple(g for g in getattr(base, "gpus", ()) if g.name)
    if after_power and len(named) > 1 and all(g.pronoun for g in them):
        them = named  # "that" after two cards' draws (compared, or "how much power does each draw"): both bills
    return CostQuery(
        text=follow.text, gpus=fill(dlg, them, True), kind="running", period=follow.period, settings=follow.settings
    )


_DIFFERENCE = re.compile(r"\bdiff\b|\bdifference\b|相差|差多少|差价|差额")


def bill_of_comparison(dlg: Dialogue, query: Query) -> Query:
    """ "电费一个月多少", "power bill per month?" right after two cards compared, naming no card: the bill of each card
    compared (with its count), not of the side the comparison picked; a difference asked ("yearly power cost diff")
    reaches back to the thread's last comparison past questions about it. Other questions pass unchanged."""
    from assistant.queries import CostQuery

    last = dlg.context.last_query
    if last is not None and last.intent != "compare" and _DIFFERENCE.search(query.text.lower()):
        # "yearly power cost diff" after the comparison and a question about it: the cards compared
        last = next((q for q in reversed(dlg.context.history) if q.intent == "compare"), last)
    if not isinstance(query, CostQuery) or query.kind != "running" or last is None or last.intent != "compare":
        return query
    if query.gpus and (len(query.gpus) != 1 or query.gpus[0].pronoun != "it" or query.gpus[0].mention):
        return query  # a card named, or "it" typed ("what does it cost to run"): that one
    named = tuple(g for g in getattr(last, "gpus", ()) if g.name and not g.pronoun)
    if len(named) < 2:
        return query
    return dataclasses.replace(query, gpus=fill(dlg, named, True))


_SAVE_POWER = re.compile(
    r"省.{0,3}电|电费.{0,6}省|少.{0,3}电费|\bsav(?:e|es|ing|ings)\b.{0,25}\b(?:power|electricity|energy|bill)"
    r"|\b(?:power|electricity|energy)\b.{0,20}\bsav(?:e|ed|ing|ings)\b"
)
_POWER_BEFORE = ("cost", "power_limit")


def saving_of_swap(dlg: Dialogue, base: Query | None, follow: Query) -> Query | None:
    from assistant.queries import CostQuery

    named = tuple(g for g in getattr(follow, "gpus", ()) if g.name and not g.pronoun)
    if not named or base is None or base.intent not in _POWER_BEFORE or not _SAVE_POWER.search(follow.text.lower()):
        return None
    if base.intent == "cost" and getattr(base, "kind", None) != "running":
        return None
    had = tuple(g for g in getattr(base, "gpus", ()) if g.name)
    if not had or {g.name for g in had} == {g.name for g in named}:
        return None
    return CostQuery(text=follow.text, gpus=(*had, *named), kind="running", settings=follow.settings)


def build_of(figures: dict) -> tuple[str, int, float] | None:
    """The build a rig answer settled on (its `figures.rig`): GPU, count and the draw at the wall under load; a
    machine of different cards ("mixed set", its cards, the load it stated)."""
    rig = figures.get("rig") or {}
    if not rig and figures.get("mixed_set") and figures.get("load_w"):  # "2 x 3090 + a 4090": the machine's load
        return "mixed set", int(figures.get("gpu_count") or 2), float(figures["load_w"])
    if not rig.get("wall_w") or not rig.get("gpu"):
        return None
    return str(rig["gpu"]), int(rig.get("gpu_count") or 1), float(rig["wall_w"])


def build_bill(dlg: Dialogue, query: Query) -> Query:
    """ "and the power bill?", "那电费呢", "how much per month in power" right after a build (a rig or PSU answer),
    naming no card of its own: the bill of the whole machine at the draw that answer stated at the wall under load
    (`Context.build_wall`), not of the cards' board power alone; not when the cards or their count changed ("and with
    a third card?"). Other questions pass unchanged."""
    from assistant.queries import CostQuery

    last, build = dlg.context.last_query, dlg.context.build_wall
    if not isinstance(query, CostQuery) or query.kind != "running" or build is None:
        return query
    said = query.text.lower()  # the cards may be filled in from the thread already: named only when typed here
    typed = any(_typed(g, said) for g in query.gpus)
    other = any((g.name and g.name != build[0]) or (g.count != build[1] and not g.count_open) for g in query.gpus)
    if other and last is not None and last.intent == "rig":  # a mixed machine (2 x 3090 + a 4090): the rig's own set
        other = {(g.name, g.count) for g in query.gpus} != {(g.name, g.count) for g in getattr(last, "gpus", ())}
    if query.build_draw and (typed or other):  # "and with a third card?" after the build's bill: those cards' own
        return dataclasses.replace(query, watts=None, build_draw=False)
    if (
        query.watts
        or typed
        or other
        or last is None
        or not (last.intent == "rig" or getattr(last, "build_draw", False))
    ):
        return query
    return dataclasses.replace(query, watts=build[2], build_draw=True)


def _typed(gpu: GpuRef, said: str) -> bool:
    """Is the card named in the question typed: its mention in the text and a word of its name ("5070 ti"), not a
    pronoun the thread filled in ("that", "它")?"""
    mention = (gpu.mention or "").lower()
    named = any(c.isdigit() for c in mention) or set(mention.split()) & set((gpu.name or "").lower().split())
    return bool(mention) and mention in said and bool(named)


def _about_power(base: Query | None) -> bool:
    """Was the last question about power: a card's draw, a PSU or a set's draw, or cards compared by their watts?"""
    fields = getattr(base, "fields", None) or ()
    return bool(
        (base is not None and base.intent == "spec" and tuple(fields) == ("power",))
        or getattr(base, "asks_power", False)
        or getattr(base, "asked_figure", None) == "watts"
    )


_WHICH = re.compile(r"\bwhich\b|哪个|哪台|哪种|哪套|谁")


def costs_of_talked(dlg: Dialogue, query: Query) -> Query:
    """ "那三年下来哪个总成本低", "which is cheaper over 3 years then" (a cost naming no card, asking which) right after
    the costs of two different sets of cards were asked one after the other: the cost of each of them, side by side."""
    from assistant.queries import CostQuery

    if not isinstance(query, CostQuery) or not _WHICH.search(query.text.lower()):
        return query
    if any(g.name and not g.pronoun for g in query.gpus) and not all(g.pronoun for g in query.gpus):
        return query
    recent = list(dlg.context.history)
    last = dlg.context.last_query
    recent = [q for q in (recent if recent and recent[-1] is last else [*recent, last]) if q is not None][-2:]
    sets = [tuple(g for g in getattr(q, "gpus", ()) if g.name) for q in recent if isinstance(q, CostQuery)]
    if len(sets) != 2 or not all(sets) or {g.name for g in sets[0]} == {g.name for g in sets[1]}:
        return query
    return dataclasses.replace(query, gpus=(*sets[0], *sets[1]))
