"""Parts of the machine the thread stated that a later question about the same machine leaves out.

Contract: each function takes the dialogue and the completed query and returns the query with the part the thread
stated put back, or the query unchanged:
- `machine_of_thread`: "is the psu enough" / "电源够吗" after "2x used 3090, 1200w psu, threadripper": the PSU and
  the CPU the user named for that machine are the ones weighed again (a question that names its own PSU or CPU, or
  other cards, keeps its own); with no such machine asked about, the PSU the user said they have in any turn
  (Context.psu_w: "my pc: ..., 850w seasonic", "450w电源 想换张卡").
- `limit_of_thread`: "ok and the electric cost at 0.29 for 10h a day" after "what if i power limit them to 300": the
  bill of those cards at the limit said (the power_limit target a one-message bill carries), not at stock power.
- `audio_of_thread`: "how long would 50 hours take on it", "那100小时要多久" in a thread about Whisper: those hours are
  audio, transcribed on the card asked or talked about (a Whisper fit timing them), not a spec sheet.
- `model_verdict_as_fit`: "what about for flux" after "would a used 3060 12gb do" (a verdict for image generation): a
  verdict that the thread now gives a model is that model on the card (a fit), as "is a 3060 good for flux" is
  read in one message.
- `rent_what_holds`: "那租呢 按小时算多少钱", "what about renting, how much per hour" right after a fit that did not fit
  ("4090跑70b显存不够吧": it would fit on 2): the rent of as many of that card as hold the model (`short_of` records
  them from the fit's figures), not of the one card that cannot run it.
- `rent_plural_holds`: "how much would that cost on rented h100s for 10 hours" after a full fine-tune of about 126 GB
  (`need_of`: Context.need_gb): as many of the card said in the plural as hold the need (2 x H100 80 GB), not one.
- `runs_on_more_cards`: "what about two of them" after "got a p40 for 180 bucks, what can i run on it" (a deal asked
  with what the card runs): what the set runs (a fit asked "what_runs"), not the same offer counted twice.
- `card_for_thread_work`: "那还是买a6000吧，怎么样", "how about an a6000 then" (a card's whole spec sheet asked of, no
  figure named) while the thread runs a model or size (a fine-tune, a model to serve): the thread's work on that card
  (a fit), not its spec sheet.
- `full_finetune_of_thread`: "那买两张4090够吗" after "主要跑7b到14b模型的全参微调": the fit of the thread's full
  fine-tune leads with it (FitQuery.full_stated), not with the lighter method that fits, as when "全参" is said.
- `users_of_thread`: "why not just one 4090?", "what if it's only 10 users" after serving gpt-oss 20b to 30 users at
  once: a comparison of that model serving the thread's users (Context.setup.targets), not one user's speed.
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import TYPE_CHECKING, Any

from assistant import i18n
from assistant.queries import FitQuery, Query, RigQuery, VerdictQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_LOOK_BACK = 4  # the last questions searched for the machine the user described


def machine_of_thread(dlg: Dialogue, query: Query) -> Query:
    if not isinstance(query, RigQuery) or (query.psu_w is not None and query.cpu is not None):
        return query
    ctx = dlg.context
    recent = [q for q in (*ctx.history, ctx.last_query) if q is not None][-_LOOK_BACK:]
    stated = next((q for q in reversed(recent) if isinstance(q, RigQuery) and (q.psu_w or q.cpu)), None)
    if stated is None:  # the PSU said in a turn about something else ("my pc: ..., 850w seasonic"): the user's own
        return dataclasses.replace(query, psu_w=ctx.psu_w) if ctx.psu_w and query.psu_w is None else query
    cards = {g.name for g in query.gpus if g.name}
    if cards and not cards <= {g.name for g in stated.gpus if g.name}:  # other cards: another machine, but the
        return dataclasses.replace(query, psu_w=ctx.psu_w) if ctx.psu_w and query.psu_w is None else query  # own PSU
    return dataclasses.replace(query, psu_w=query.psu_w or stated.psu_w, cpu=query.cpu or stated.cpu)


def model_verdict_as_fit(dlg: Dialogue, query: Query) -> Query:
    if not isinstance(query, VerdictQuery) or query.kind not in ("enough", "good") or query.offer or query.feature:
        return query
    cards = tuple(g for g in query.gpus if g.name)
    if (query.model is None and query.params_b is None) or not cards or len(cards) != len(query.gpus):
        return query
    setup = dlg.context.setup
    mode = setup.mode if (setup.model, setup.params_b) == (query.model, query.params_b) else None
    return FitQuery(
        text=query.text,
        model=query.model,
        params_b=query.params_b,
        gpus=cards,
        mode=mode or "inference",
        precision=setup.precision,
        settings=query.settings,
    )


def audio_of_thread(dlg: Dialogue, query: Query) -> Query:
    from assistant.dialogue.references import fill, focus_refs
    from assistant.queries import SpecQuery
    from assistant.query_talk import FollowUpQuery

    model = dlg.context.setup.model
    if model is None or not model.key.startswith("whisper") or not isinstance(query, (SpecQuery, FollowUpQuery)):
        return query
    if getattr(query, "want_speed", False):
        return query  # "一小时能转多少小时音频": the rate, read by its own reader
    asked = query.asked_figure == "time" or getattr(query, "want_time", False)
    hours = [s.value for s in query.stated if s.dim == "hours" and s.per is None]
    if not asked or len(hours) != 1:
        return query
    cards = fill(dlg, query.gpus) if query.gpus else focus_refs(dlg)
    if not cards:
        return query
    return FitQuery(
        text=query.text, model=model, gpus=cards, mode="inference", want_speed=True, audio_s=hours[0] * 3600
    )


def limit_of_thread(dlg: Dialogue, query: Query) -> Query:
    from assistant.queries import CostQuery, PowerLimitQuery

    if not isinstance(query, CostQuery) or any(kind == "power_limit" for kind, _ in query.targets):
        return query
    ctx = dlg.context
    recent = [q for q in (*ctx.history, ctx.last_query) if q is not None][-2:]
    limit = next((q for q in reversed(recent) if isinstance(q, PowerLimitQuery) and q.watts), None)
    cards = {g.name for g in query.gpus if g.name}
    if limit is None or not cards or cards != {g.name for g in limit.gpus if g.name}:
        return query
    return dataclasses.replace(query, targets=(*query.targets, ("power_limit", float(limit.watts or 0))))


def runs_on_more_cards(dlg: Dialogue, follow, merged: Query) -> Query:
    """See the module contract: `follow` is the follow-up as read, `merged` the deal it was merged into."""
    if not (isinstance(merged, VerdictQuery) and merged.kind == "deal") or not dlg.context.capability_said:
        return merged
    if (follow.gpu_count or 1) < 2 or follow.model or follow.workload or follow.ask:
        return merged
    count = max(g.count for g in merged.gpus) if merged.gpus else None
    return FitQuery(
        text=follow.text,
        model=None,
        gpus=merged.gpus,
        gpu_count=count,
        workload="llm_inference",
        asked="what_runs",
        settings=follow.settings,
    )


def full_finetune_of_thread(dlg: Dialogue, query: Query) -> Query:
    """See the module contract."""
    ctx = dlg.context
    if not (isinstance(query, FitQuery) and query.mode == "full_finetune" and ctx.full_said):
        return query
    if ctx.setup.mode != "full_finetune" or query.full_stated:
        return query
    return dataclasses.replace(query, full_stated=True)


def card_for_thread_work(dlg: Dialogue, query: Query) -> Query:
    """See the module contract."""
    from assistant.dialogue import thread
    from assistant.queries import SpecQuery

    setup = dlg.context.setup
    if not (isinstance(query, SpecQuery) and query.fields == ("all",) and query.asked_figure == "yes_no"):
        return query
    named = [g for g in query.gpus if g.name and not g.pronoun]
    if len(named) != 1 or len(query.gpus) != 1 or query.owned or not setup.named():
        return query
    fit = FitQuery(text=query.text, model=None, gpus=tuple(named), gpu_count=named[0].count, settings=query.settings)
    return thread.inherit(setup, fit)


def short_of(query: Query, figures: dict) -> tuple[str, int] | None:
    """The card of a fit that did not fit and how many of it would hold the model (figures min_gpus), else None."""
    said = figures.get("verdict")
    verdict: dict = said if isinstance(said, dict) else {}
    if query.intent != "fit" or figures.get("fits") is not False or not verdict.get("gpu"):
        return None
    need, had = int(figures.get("min_gpus") or 0), int(figures.get("gpu_count") or 1)
    return (verdict["gpu"], need) if need > had else None


def rent_what_holds(dlg: Dialogue, query: Query) -> Query:
    from assistant.queries import RatesQuery, RentOrBuyQuery

    short = dlg.context.short_of
    if short is None or not isinstance(query, RatesQuery | RentOrBuyQuery) or len(query.gpus) != 1:
        return query
    card = query.gpus[0]
    if card.name != short[0] or card.count >= short[1] or dlg.context.last_query is None:
        return query
    if dlg.context.last_query.intent != "fit":
        return query
    return dataclasses.replace(query, gpus=(dataclasses.replace(card, count=short[1]),))


def need_of(query: Query, figures: dict, kept: float | None) -> float | None:
    """The memory the answer's work needs (a fit's or a recommendation's, GB); a money answer keeps the one before."""
    if figures.get("serving_sets") or getattr(query, "targets", ()):
        return None  # sets that serve users at a speed: their count comes from the speed (dialogue/count_kept)
    need = figures.get("memory_need_gb") or figures.get("vram_required_gb")
    if isinstance(need, (int, float)) and need > 0:
        return float(need)
    return kept if query.intent in ("rates", "cost", "rent_or_buy", "set") else None


def rent_plural_holds(dlg: Dialogue, query: Query) -> Query:
    from assistant.queries import RatesQuery, RentOrBuyQuery

    need = dlg.context.need_gb
    if need is None or not isinstance(query, RatesQuery | RentOrBuyQuery) or len(query.gpus) != 1:
        return query
    card = query.gpus[0]
    memory = dlg.memory_of(card.name) if card.name and card.plural and card.count == 1 else None
    if not memory or need <= memory:
        return query
    return dataclasses.replace(query, gpus=(dataclasses.replace(card, count=math.ceil(need / memory)),))


def users_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "why not just one 4090?" after serving gpt-oss 20b to 30 users: the cards compared serving the thread's users at
    once (the same model), not one user's speed; a comparison with users or a model of its own is unchanged."""
    setup = dlg.context.setup
    if query.intent != "compare" or query.targets or not any(k == "users" for k, _ in setup.targets):
        return query
    model = getattr(query, "model", None)
    if model is None or setup.model is None or model.key != setup.model.key:
        return query
    return dataclasses.replace(query, targets=setup.targets)


def platform_count(query: Query) -> Query:
    """The board asked for the set talked about ("what motherboard do i need", "主板咋选" after 2 x RTX 5090): the
    machine for that many cards (the count the pronoun was filled with); other queries unchanged."""
    from assistant.queries import RigQuery

    if not (isinstance(query, RigQuery) and query.asked_figure == "platform" and query.gpu_count is None):
        return query
    if len(query.gpus) != 1 or not query.gpus[0].name:
        return query
    return dataclasses.replace(query, gpu_count=query.gpus[0].count)


_MONEY_FIELDS = ("shown_currency", "currency", "budget_currency", "electricity_currency", "money_currency")


def money_of_thread(dlg: Dialogue, query: Query, typed: Query, lang: str) -> Query:
    """ "compare with renting on vast.ai" after a TCO with uk electricity (answered in pounds): the follow-up's money
    in the thread's currency (Context.currency: its local electricity with it, respond/env.for_query), when it names no
    currency of its own and leaves something to the thread (a follow-up, or a question on the thread's cards)."""
    thread = dlg.context.currency
    if thread in (None, "USD", i18n.currency(lang)) or not hasattr(query, "shown_currency"):
        return query  # the language's own money: the answer's default already (a "刀" asked stays its own)
    if any(getattr(q, f, None) for f in _MONEY_FIELDS for q in (query, typed)):
        return query
    named = any(g.name and not g.pronoun for g in getattr(typed, "gpus", ()))
    took = not named and any(g.name for g in getattr(query, "gpus", ()))  # "compare with renting": the thread's cards
    if getattr(typed, "budget_usd", None):
        return query  # "best gpu for llms under 800": a budget typed bare is in the question's own money
    if not (isinstance(typed, FollowUpQuery) or took):
        return query
    return dataclasses.replace(query, shown_currency=thread)


def prefill_of_compared(dlg: Dialogue, query: Query) -> Query:
    """ "which is faster at prompt processing" (read as the prefill concept) right after two sets were compared: the
    comparison again, which leads with reading the prompt when the words ask it (respond/compare_model)."""
    from assistant.dialogue.from_context import last_comparison
    from assistant.query_talk import ExplainQuery

    if not (isinstance(query, ExplainQuery) and query.concept == "prefill-decode" and query.asked_figure == "which"):
        return query
    last = last_comparison(dlg)
    if last is None or len({g.name for g in last.gpus}) < 2:
        return query
    return dataclasses.replace(last, text=query.text, settings=query.settings)


_SETTING_CONCEPTS = frozenset({"batch-size", "context-length", "gradient-checkpointing", "lora-rank"})


def setting_of_fit(dlg: Dialogue, query: Query) -> Query:
    """ "what batch size / seq len can i use", "batch开多少合适" (read as the batch-size concept) right after a fit on a
    card: that fit again in these words, so the largest batch or sequence that fits is worked out for it
    (respond/asked.py); a concept asked without a setting word (lexicon [lists] setting_asked_words, read into
    asked_figure "setting") stays the page."""
    from assistant.query_talk import ExplainQuery

    last = dlg.context.last_query
    if not (isinstance(query, ExplainQuery) and query.concept in _SETTING_CONCEPTS and isinstance(last, FitQuery)):
        return query
    if not any(g.name for g in last.gpus) or query.asked_figure != "setting":
        return query
    return dataclasses.replace(last, text=query.text, settings=query.settings)


_SIZE_PART = re.compile(r"^a?(\d+(?:\.\d+)?)b$")


def size_of_thread_model(dlg: Dialogue, query: Query) -> Query:
    """ "显存按30b算还是3b算" while Qwen3 30B-A3B is talked about: a bare size that is the thread model's own (its total
    or its active parameters, as its name says them) is that model, not a new dense model of that size."""
    model = dlg.context.setup.model
    params = getattr(query, "params_b", None)
    if model is None or not params or getattr(query, "model", None) is not None or not hasattr(query, "model"):
        return query
    sizes = {float(m.group(1)) for part in model.key.split("-") if (m := _SIZE_PART.match(part))}
    if params not in sizes:
        return query
    changed: Any = query  # a query with model and params_b slots (checked)
    return dataclasses.replace(changed, model=model, params_b=None)


def ram_run_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "全放内存跑呢，ddr5 64g" (read as the system-RAM concept, its size and a word of [lists] ram_run_words said:
    asked_figure "cpu_only") while a language model is talked about: that model run from system RAM on the CPU, with
    that much RAM (respond/cpu_fit.py), not the concept page."""
    from assistant.query_talk import ExplainQuery

    model = dlg.context.setup.model
    if not (isinstance(query, ExplainQuery) and query.concept == "system-ram") or model is None:
        return query
    if query.asked_figure != "cpu_only":  # "内存32g够吗": the RAM beside the card, not a run without it
        return query
    ram = next((s.value for s in query.stated if s.dim == "gb"), None)
    if not ram:
        return query
    return FitQuery(text=query.text, model=model, system_ram_gb=float(ram), settings=query.settings)


def method_of_thread(dlg: Dialogue, query: Query) -> Query:
    """ "换qlora能省多少", "what if i use qlora" (read as the QLoRA / LoRA concept) right after a fine-tune was timed,
    priced or fitted: that same job with that method, not the concept page."""
    from assistant.queries import RatesQuery
    from assistant.query_talk import ExplainQuery

    last = dlg.context.last_query
    if not (isinstance(query, ExplainQuery) and query.concept in ("qlora", "lora") and dlg.context.setup.trains()):
        return query
    if isinstance(last, RatesQuery) and last.mode == "job":
        return dataclasses.replace(last, text=query.text, method=query.concept, settings=query.settings)
    if isinstance(last, FitQuery) and last.mode in ("lora", "qlora", "full_finetune"):
        return dataclasses.replace(last, text=query.text, mode=query.concept, precision=None, settings=query.settings)
    return query
