"""The user's own machine kept through a thread: the CPU, the motherboard and the parts they said they have ("i
already have a ryzen 5 5600, b550 board and 32gb ram", "my psu is a 750w gold and cpu is a 5700x",
"我现在配置：i5-12400f， b660m，16g内存") are used by what is asked later: "what psu do i need for that" counts that CPU
at its own power and prices none of the parts owned; "will my b550 board and a mid tower handle two" weighs that
board.

Contract: `remember(ctx, query)` keeps a message's CPU (Query.cpu_said, RigQuery.cpu), board (Query.board_said)
and owned parts (RigQuery.owned_parts, else Query.owned_said) in Context.cpu / board / owned_parts.
`machine_of_thread(dlg, query)` -> a RigQuery with no CPU, or no parts owned, given the thread's (a RAM asked
after a PSU answer, "内存16g够不够", is no PSU question any more, and is weighed for the thread's work); a size
question (SpecQuery fields ("size",)) with no board given the thread's board and CPU (and, for several cards,
its PSU); any other query unchanged. `board_card(dlg, query)` -> "will my board handle two"
(nlu/intents/board_fit.py: one GpuRef standing for the thread's card) made of the card the thread picked to buy
(Context.pick: the build or recommendation's pick, not a card a "why not" brought in), when it has one; else
unchanged.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.queries import GpuRef, Query, RecommendQuery, RigQuery, SpecQuery
from assistant.query_talk import FollowUpQuery, said_fields

_PSU = re.compile(r"\bpsu\b|power supply|电源|\d{3,4}\s*w\b")  # a PSU still asked beside the RAM

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue
    from assistant.dialogue.state import Context


def remember(ctx: Context, query: Query) -> None:
    ctx.cpu = query.cpu_said or getattr(query, "cpu", None) or ctx.cpu
    ctx.board = query.board_said or ctx.board
    ctx.owned_parts = getattr(query, "owned_parts", ()) or query.owned_said or ctx.owned_parts


def machine_of_thread(dlg: Dialogue, query: Query) -> Query:
    ctx = dlg.context
    if isinstance(query, RigQuery):
        cpu = query.cpu or ctx.cpu
        owned = query.owned_parts or query.owned_said or (ctx.owned_parts if query.budget_usd is None else ())
        power = query.asks_power and not (query.system_ram_gb and _ram_only(query.text))
        work = query.workload or (
            ctx.setup.workload or ctx.workload if query.system_ram_gb else None
        )  # the thread work
        return dataclasses.replace(query, cpu=cpu, owned_parts=owned, asks_power=power, workload=work)
    if isinstance(query, SpecQuery) and "size" in query.fields:
        board = query.board_said or ctx.board
        psu = query.psu_w or (ctx.psu_w if query.spacing else None)  # "我的b550主板能再插一张吗": that PSU for both
        cpu = query.cpu_said or ctx.cpu
        return dataclasses.replace(query, board_said=board, psu_w=psu, cpu_said=cpu)
    return query


def _ram_only(text: str) -> bool:
    """ "内存16g够不够，要不要加" after a PSU answer: the RAM is asked, not the PSU again (no PSU word said)."""
    return not _PSU.search(text.lower())


def board_card(dlg: Dialogue, query: Query) -> Query:
    pick = dlg.context.pick
    if not isinstance(query, SpecQuery) or not query.spacing or pick is None or len(query.gpus) != 1:
        return query
    ref = query.gpus[0]
    if ref.name or ref.pronoun != "it" or ref.mention != query.text.strip(" ?!.？！。"):
        return query  # not the GPU-less board question of board_fit.of_thread
    return dataclasses.replace(query, gpus=(GpuRef(mention=pick[0], name=pick[0], count=ref.count),))


def cpu_of_follow(base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "cpu is a 9950x btw" (a follow-up naming only a CPU) after a power question: that question again with the
    CPU counted at its own power (a card's power sheet becomes the power of the machine around it); after a build,
    the build again with that CPU; after anything else the last question with the CPU kept for the machine; None
    when `follow` says more than a CPU or nothing was asked before."""
    cpu = follow.cpu_said
    if cpu is None or base is None or follow.gpus or follow.model is not None:
        return None
    if isinstance(base, RigQuery):
        return dataclasses.replace(base, text=follow.text, cpu=cpu, cpu_said=cpu)
    power = isinstance(base, SpecQuery) and ({"power", "psu"} & set(base.fields) or base.topic == "psu")
    named = tuple(g for g in getattr(base, "gpus", ()) if g.name)
    if power and len({g.name for g in named}) == 1:
        count = max(g.count for g in named)
        return RigQuery(text=follow.text, gpus=named[:1], gpu_count=count, asks_power=True, cpu=cpu, cpu_said=cpu)
    return dataclasses.replace(base, text=follow.text, cpu_said=cpu)


_WORK_ONLY = frozenset({"text", "intent", "workload", "settings", "stated"})


def work_on_owned(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "stable diffusion?", "llms?" (a work alone) right after what the user's own card runs ("got a 1660 super 6gb,
    can i do anything ai with it"): whether that card does that work (a verdict), not a ranking of cards to buy; None
    otherwise."""
    from assistant.queries import VerdictQuery

    owned = dlg.context.owned
    if follow.workload is None or len(owned) != 1 or base is None or isinstance(base, RecommendQuery):
        return None
    if said_fields(follow) - _WORK_ONLY:
        return None
    name, count = owned[0]
    if name not in {g.name for g in getattr(base, "gpus", ())}:
        return None  # the thread moved on from the user's card
    card = GpuRef(mention=name, name=name, count=count)
    return VerdictQuery(text=follow.text, gpus=(card,), workload=follow.workload, settings=follow.settings)


_SET_WORKS = (None, "llm_inference", "inference", "image_generation")


def verdict_with_added(follow: FollowUpQuery, merged: Query) -> Query:
    """ "would adding my 3060 help", "what if i add my old 2060" after a verdict on one card ("is a 1080 ti ok for
    llms"): the two cards as one machine (a mixed set's fit: an LLM split by layers, an image model on one card), not
    the verdict on the first card again; `merged` unchanged otherwise."""
    from assistant.queries import FitQuery, VerdictQuery

    if not follow.adds or not isinstance(merged, VerdictQuery) or merged.kind not in ("good", "enough"):
        return merged
    if len({g.name for g in merged.gpus if g.name}) < 2 or merged.workload not in _SET_WORKS:
        return merged
    work = merged.workload if merged.workload == "image_generation" else "llm_inference"
    return FitQuery(
        text=merged.text, gpus=merged.gpus, model=None, mode="inference", workload=work, settings=merged.settings
    )
