"""The options an answer showed, for ordinals asked later ("the second one", "第二个", "go back to the first one",
"最后一个呢") and for "why?" about the one picked from them.

Contract: `listed(gpus, figures)` is the list an answer about `gpus` showed (its whole ranking table when they lead
it). `remember(ctx, query, gpus, choice)` keeps the list after an answer about `gpus`: a ranking, a top-N list,
a build or a comparison of two or more cards is the new list (with the question and the card its answer picked); an
answer about cards all on the list (one of them picked by an ordinal, its verdict, its specs) keeps it; any other
card ends it. `ordinal_cards(ctx)` is what an ordinal counts in: the list when the last answer was about some of its
cards, else the cards of the last answer. `why_of_listed(dlg, base)` is the question "why?" means after the spec
sheet of a card taken from the list: why the list's pick over it ("why not X" against the pick), or the list's own
question again when it is the pick; None when the spec sheet was not of a listed card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.queries import CompareQuery, GpuRef, Query, SpecQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue
    from assistant.dialogue.state import Context

_LISTS = ("recommend", "rig", "compare")


def remember(ctx: Context, query: Query, gpus: list[str], choice: str | None) -> None:
    if ctx.shown and set(gpus) <= set(ctx.shown) and (len(gpus) < len(ctx.shown) or query.intent not in _LISTS):
        return  # one of the cards shown, or a few of them weighed ("why?" after "the second one"): the list stays
    if query.intent in _LISTS and len(gpus) > 1:
        ctx.shown, ctx.shown_by = list(gpus), (query, choice if choice in gpus else None)
    elif gpus and not set(gpus) <= set(ctx.shown):
        ctx.shown, ctx.shown_by = [], None


def listed(gpus: list[str], figures: dict) -> list[str]:
    """The cards an answer showed: every row of its ranking table when the cards it is about lead that table (a pick
    and its runners-up: "the fifth one", "显存哪个大" count in all the rows), else `gpus`."""
    names = [row.get("gpu") for row in figures.get("ranking") or [] if isinstance(row, dict)]
    rows: list[str] = list(dict.fromkeys(r for r in names if isinstance(r, str)))
    return rows if len(rows) > len(gpus) and rows[: len(gpus)] == list(gpus) else list(gpus)


def ordinal_cards(ctx: Context) -> list[str]:
    if ctx.gpus and len(ctx.shown) > len(ctx.gpus) and set(ctx.gpus) <= set(ctx.shown):
        return list(ctx.shown)
    return list(ctx.gpus)


def why_of_listed(dlg: Dialogue, base: Query | None) -> Query | None:
    ctx = dlg.context
    if not isinstance(base, SpecQuery) or base.fields or len(base.gpus) != 1 or ctx.shown_by is None:
        return None
    card = base.gpus[0].name
    asked, pick = ctx.shown_by
    if card not in ctx.shown or pick is None:
        return None
    if card == pick:
        return asked  # "the first one" then "why?": why the list's question picked it
    return CompareQuery(
        text=base.text,
        gpus=(GpuRef(mention=card, name=card), GpuRef(mention=pick, name=pick)),
        workload=getattr(asked, "workload", None),
        premise="first",
        asked_figure="why",
    )
