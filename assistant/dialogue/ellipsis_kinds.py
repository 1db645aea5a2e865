"""The kinds of follow-up that `ellipsis.merge` resolves by what the conversation asked before: a detail alone edits
the question that carries it, a sale after a swap, the whole machine, an offer for a card, buying after renting, the
precision of the last answer, an alternative or more of the pick, a card against a rig, an amount read as a field.

Contract: each function takes the dialogue, the last question and the follow-up and returns the query the follow-up
means (or None / False when it is not that kind); none changes the dialogue. `FOLLOWUP_FIELDS` are the fields a
follow-up can carry into the question it continues.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from assistant.dialogue import rent_context
from assistant.dialogue.budget_plan import budget_plan
from assistant.dialogue.references import NothingToReferTo, fill, focus_refs, gpus_of
from assistant.queries import GpuRef, Query, RatesQuery, RecommendQuery, RentOrBuyQuery
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


FOLLOWUP_FIELDS = (
    "workload",
    "precision",
    "gpu_count",
    "model",
    "context_tokens",
    "batch",
    "budget_usd",
    "budget_currency",
    "min_memory_gb",
    "mode",
    "organization",
    "period",
    "system_ram_gb",
    "params_b",
    "samples",
    "sample_tokens",
    "epochs",
    "resolution",
    "image_steps",
    "train_steps",
    "months",
    "addons",
)
# the details a follow-up can change in a question (a workload, a precision, a model, a context, a budget)
_DETAIL_SLOTS = ("workload", "precision", "model", "params_b", "context_tokens", "budget_usd", "mode")


def carrier(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """The question a follow-up of details alone edits: the last one, else the latest of the thread's last questions
    that has every slot it names ("and for training?" after "what about power draw", a spec sheet asked beside
    2 x RTX 4090 vs an RTX 6000 Ada: the comparison, for training), so a side question does not end the thread."""
    if getattr(base, "asked", "") == "need" and len(dlg.context.history) > 1:
        # "用qlora呢" after "不行的话最少得多大显存": the fit on the user's cards before that side question
        base = next((q for q in reversed(dlg.context.history[:-1]) if q.intent == "fit" and gpus_of(q)), base)
    if _side_rates(base) and (follow.model or any(g.name and not g.pronoun for g in follow.gpus)):
        # "what if we drop to qwen3 32b", "how about a mac studio" after "cheaper?" answered with the cheapest rentals
        # by memory: that side question is passed, the one before it goes on
        return next((q for q in reversed(dlg.context.history) if not _side_rates(q) and q.intent != "explain"), base)
    served = _served_before(dlg, base, follow)
    if served is not None:  # "what if its only 50 users" after renting the set sized for 200: that sizing again
        return served
    named = [k for k in _DETAIL_SLOTS if getattr(follow, k) is not None]
    plan = budget_plan(dlg.context.history, base, follow, named)
    if plan is not None:  # "预算改成15万呢" after a build for 30万 and questions about it: that build again
        return plan
    if base is None or not named or follow.gpus or follow.ask or follow.fields or follow.settings:
        return base
    if all(k in slots(base) for k in named):
        return base
    return next((q for q in reversed(dlg.context.history) if all(k in slots(q) for k in named)), base)


def _served_before(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """The question that sized a set for users, when a follow-up changes the users ("what if its only 50 users") and
    the last answer (its rent, its reasons) had none: that question, to size again; None otherwise."""
    kinds = {kind for kind, _ in follow.targets}
    if not kinds or base is None or {kind for kind, _ in base.targets} & kinds or follow.gpus or follow.model:
        return None
    return next((q for q in reversed(dlg.context.history) if {kind for kind, _ in q.targets} & kinds), None)


def _side_rates(query: Query | None) -> bool:
    from assistant.queries import RatesQuery

    return isinstance(query, RatesQuery) and query.mode == "by_memory" and not query.gpus


def slots(query: Query) -> set[str]:
    names = {f.name for f in dataclasses.fields(query)}
    return names - {"workload"} if query.intent == "spec" else names  # a spec sheet's work is the thread's memory


def same_words_on(base: Query, follow: FollowUpQuery) -> bool:
    """A follow-up that only puts other cards in ("and on a 4090?") after an answer read from its question's words (a
    spec answer's job: "yolov8m training time on a 3060 ... 100 epochs"): the same question on those cards, in its
    own words, so what the words asked is asked again, not the bare spec sheet of the new card."""
    if base.intent != "spec" or bool(getattr(base, "fields", None)) or not follow.gpus or follow.replace:
        return False
    if any(g.pronoun is not None for g in follow.gpus) or follow.fields or follow.ask or follow.settings:
        return False
    return all(getattr(follow, k) is None for k in FOLLOWUP_FIELDS if k != "gpu_count") and not follow.want_speed


def sale_of_swap(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "what if i get $700 for it", "要是能卖5000呢" after a swap weighed (selling one card for another): the same swap
    with that amount as what the sold card brings back, the cards and their order kept; None otherwise."""
    amount = follow.budget_usd if follow.budget_usd is not None else follow.amount
    named = any(g.pronoun is None for g in follow.gpus)  # "for it" is the card sold
    if not follow.sale or amount is None or base is None or "sale_amount" not in slots(base) or named:
        return None
    if len([g for g in gpus_of(base) if g.name]) != 2:
        return None
    thread = dlg.context.currency if dlg.context.currency not in (None, "USD") else None
    swap: Any = base  # a comparison (it has the sale slots, checked)
    return dataclasses.replace(
        swap, sale_amount=float(amount), sale_currency=follow.budget_currency or thread, settings=follow.settings
    )


def whole_machine(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "整机大概多少钱", "how much would the whole thing cost if i buy used": the build around the cards talked about
    (the last question's set, else the card favoured with its count), its total with the platform allowance."""
    from assistant.queries import RigQuery

    cards = tuple(g for g in gpus_of(base) if g.name) if base is not None else ()
    cards = cards if len({g.name for g in cards}) == 1 else focus_refs(dlg)
    if not cards:
        raise NothingToReferTo(follow.text)
    # the set the conversation has ("三张一起能跑多大的模型" kept 3 of the 3060 in its count, not in the card)
    cards = (dataclasses.replace(cards[0], count=max(cards[0].count, dlg.context.counts.get(cards[0].name or "", 1))),)
    condition = next((str(s.value) for s in follow.settings if s.key == "condition"), None)
    return RigQuery(
        text=follow.text,
        gpus=cards[:1],
        gpu_count=cards[0].count,  # the price of the machine whatever it runs (a workload's floor would drop the set)
        condition=condition or getattr(base, "condition", None),
        settings=follow.settings,
        usage=dlg.context.use,  # the machine of the thread, at the thread's use ("课题组想本地部署…" then its price)
    )


def precision_kept(dlg: Dialogue, base: Query, follow: FollowUpQuery, changes: dict) -> str | None:
    """The precision the last speed was answered at, kept when only the cards change ("and on two of them?" after
    "how fast would it be" for Llama 2 13B at q4_k_m on a 3080 Ti): the same quant on the new set, so the speeds
    compare, not the largest quant that now fits; None when the question asks a precision or changes the model."""
    from assistant.queries import FitQuery

    if not isinstance(base, FitQuery) or base.precision or follow.precision or follow.model or follow.params_b:
        return None
    if base.mode not in (None, "inference") or not base.want_speed or "gpus" not in changes and not follow.gpu_count:
        return None  # a fit weighs every precision on the new cards; a speed is compared at the one it was given
    said = dlg.context.precision
    return said if said and " " not in said else None  # a quant ("q4_k_m"), not a training method's label


# answers where a card named with an amount ("and a 3080 ti for 650?") is an offer for it, not an input of the answer
_OFFER_AFTER = ("spec", "verdict", "fit", "explain", "deal")


def offer_for_card(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "and a 3080 ti for 650?", "what about a 4090 at 1400", "那3080ti 三千五呢" after a spec sheet, a price, a
    verdict or a fit (or with nothing before): that card weighed at that price, an offer, not a price for the
    conversation. After a comparison, a cost or a pick the amount stays an input of that question (a price to use
    there); after an offer weighed, the merge below takes it. None when no one card is named with an amount."""
    from assistant.queries import VerdictQuery

    amount = follow.amount
    if amount is None or amount < 50 or len(follow.gpus) != 1 or follow.gpus[0].pronoun or not follow.gpus[0].name:
        return None
    if getattr(base, "kind", None) == "deal" or (base is not None and base.intent not in _OFFER_AFTER):
        return None
    currency = next((s.currency for s in follow.settings if s.key == "price_override"), None)
    return VerdictQuery(
        text=follow.text,
        gpus=fill(dlg, follow.gpus),
        kind="deal",
        offer=float(amount),
        money_currency=follow.budget_currency or currency,
        settings=offer_not_a_price(follow),
    )


def offer_again(dlg: Dialogue, follow: FollowUpQuery) -> Query | None:
    """ "and if he drops to $600?", "他要是降到5500呢" (an amount alone) while the conversation weighs an offer for a
    card (a deal in its last questions, other questions about it since): that offer again at the new amount, not a
    budget for a new search; None when no offer was weighed or the follow-up names a card, a period or hours."""
    from assistant.queries import VerdictQuery

    amount = follow.amount if follow.amount is not None else follow.budget_usd  # "$600" alone reads as a budget
    if amount is None or follow.gpus or follow.period or follow.hours_total or follow.workload or follow.model:
        return None
    recent = [q for q in [*dlg.context.history, dlg.context.last_query] if q is not None]
    deal = next((q for q in reversed(recent) if isinstance(q, VerdictQuery) and q.kind == "deal" and q.offer), None)
    if deal is None or amount < 50:
        return None
    currency = follow.budget_currency if follow.amount is None else None
    return dataclasses.replace(
        deal, text=follow.text, offer=float(amount), money_currency=currency or deal.money_currency, settings=()
    )


def buy_after_rent(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "那自己买张4060ti 16g呢", "what if i just buy a 4060 ti 16gb" while the conversation rents (a rate, hours or a
    job in the last questions): owning that card weighed against renting for the same work (its job, when it is a
    training job); None when nothing was rented."""

    named = [g for g in fill(dlg, follow.gpus) if g.name]
    if isinstance(base, RentOrBuyQuery) and len(named) == 1 and base.gpus:
        # "如果买5070 Ti呢" after "自己买4080 Super还是租AutoDL的4090": that card bought against the same rent
        rent_card = base.gpus[-1]
        return dataclasses.replace(base, text=follow.text, gpus=(named[0], rent_card), settings=follow.settings)
    rented = next((q for q in reversed(dlg.context.history) if isinstance(q, RatesQuery)), None)
    job = dlg.context.job  # a thread that rents ("我在autodl租4090 一个月花了八百多"): buying weighed against that rent
    if rented is None and not (job.rented and job.provider):
        return None  # nothing rented in the last questions: the card itself (merged below)
    provider = rented.provider if rented is not None else job.provider
    # "那自己买一张呢" with no card named: the card rented
    cards = fill(dlg, follow.gpus) or tuple(dataclasses.replace(g, count=1) for g in (rented.gpus if rented else ()))
    query = RentOrBuyQuery(text=follow.text, gpus=cards, provider=provider, settings=follow.settings)
    return rent_context.job_to_rent_or_buy(dlg, query)


def precision_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "at what quant" after a fit (or a comparison on a model): that question again with no precision of its own,
    so the answer weighs each precision and leads with the one that fits; after a pick for a model, that model on the
    pick. Raises `NothingToReferTo` when no model or card was talked about."""
    from assistant.queries import CompareQuery, FitQuery

    if isinstance(base, (FitQuery, CompareQuery)) and (base.model is not None or base.params_b):
        # "what quant would fit" after "yes, at a slightly smaller quantization": that quantization leads now
        fits_at = dlg.context.fits_at if isinstance(base, FitQuery) else None
        if fits_at:  # the cards' own need, not the user's choice: other cards named next are weighed at theirs
            dlg.context.fitted_precision = fits_at
        return dataclasses.replace(base, text=follow.text, precision=fits_at, settings=follow.settings)
    model = getattr(base, "model", None) or dlg.context.setup.model
    gpus = focus_refs(dlg)
    if model is None or not gpus:
        raise NothingToReferTo(follow.text)
    return FitQuery(text=follow.text, model=model, gpus=gpus, mode="inference", settings=follow.settings)


def alternative(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "or a used 3090 for about the same money?" after a fit on a 4070 Ti SUPER for an SDXL LoRA: the card talked
    about against the one offered, for the same work and model; after a pick, against the pick (for its work)."""
    from assistant.queries import CompareQuery

    if isinstance(base, RecommendQuery):
        return against_the_pick(dlg, base, follow)
    talked = focus_refs(dlg)
    if not talked:
        raise NothingToReferTo(follow.text)
    new = fill(dlg, follow.gpus)
    talked = tuple(g for g in talked if g.name not in {n.name for n in new}) or talked
    mode = getattr(base, "mode", None) or dlg.context.setup.mode
    return CompareQuery(
        text=follow.text,
        gpus=(*talked, *new),
        workload=getattr(base, "workload", None) or dlg.context.workload,
        precision=getattr(base, "precision", None),
        model=getattr(base, "model", None),
        params_b=getattr(base, "params_b", None),
        context_tokens=getattr(base, "context_tokens", None),
        mode=mode if mode in ("lora", "qlora", "full_finetune") else None,
        settings=follow.settings,
    )


def offer_not_a_price(follow: FollowUpQuery) -> tuple:
    """The follow-up's settings without the price it states for a card it names ("那3080ti 三千五呢" after an offer
    weighed): that amount is the card's offer, weighed now, not a price for the rest of the conversation."""
    named = {g.name for g in follow.gpus}
    return tuple(s for s in follow.settings if not (s.key == "price_override" and (s.gpu in named or not s.gpu)))


def more_of_the_pick(dlg: Dialogue, base: Query, follow: FollowUpQuery) -> Query:
    """ "and for two of them?" after a recommendation: N of the GPU it picked against one, for its workload
    or model (what the extra cards add: memory, speed, price)."""
    from assistant.queries import CompareQuery

    focus = dlg.context.focus or ""
    return CompareQuery(
        text=follow.text,
        gpus=(
            GpuRef(mention=focus, name=focus, count=follow.gpu_count or 2),
            GpuRef(mention=focus, name=focus, count=1),
        ),
        workload=getattr(base, "workload", None) or dlg.context.workload,
        model=getattr(base, "model", None),
        params_b=getattr(base, "params_b", None),  # "what about 2 of them" after "best card for 32b models"
        precision=getattr(base, "precision", None),
        settings=follow.settings,
    )


def one_card_against_rig(base: Query | None, follow: FollowUpQuery) -> bool:
    """One card named alone after a build was picked ("那4080呢" after "预算一万二 想配台主机 跑本地大模型"): that card
    set against the build's card for its work (two or more named, "那两张4080呢", are a build of them instead)."""
    if base is None or base.intent != "rig" or len(follow.gpus) != 1 or follow.gpus[0].pronoun:
        return False
    if any(g.name and g.count > 1 for g in getattr(base, "gpus", ())):
        return False  # "and if i swap to 5090s?" after the PSU of the user's 2 x 4090: the same build with them
    asked = (follow.gpu_count, follow.budget_usd, follow.model, follow.workload)
    return follow.gpus[0].count == 1 and not follow.adds and all(v is None for v in asked)


def against_the_pick(dlg: Dialogue, base: Query, follow: FollowUpQuery) -> Query:
    """ "what about the 4080?", "换成4080呢" after "best gpu for stable diffusion under 1000": the card named against
    the pick, for that work (a verdict for that work when it is the pick), not its spec sheet."""
    from assistant.queries import CompareQuery, VerdictQuery

    named = fill(dlg, follow.gpus)
    focus = dlg.context.focus
    others = tuple(g for g in named if g.name != focus)
    workload = getattr(base, "workload", None)
    if not focus or not others:
        return VerdictQuery(text=follow.text, gpus=named[:1], kind="good", workload=workload, settings=follow.settings)
    if follow.asked_figure == "yes_no" and len(others) == 1 and not getattr(base, "model", None):
        # "3060 12g能跑吗", "can a 3060 12gb run it" after a pick for stable diffusion: whether that card does the work
        return VerdictQuery(text=follow.text, gpus=others, kind="good", workload=workload, settings=follow.settings)
    pick = GpuRef(mention=focus, name=focus, count=dlg.context.focus_count)
    return CompareQuery(
        text=follow.text,
        gpus=(pick, *others),
        workload=workload,
        precision=getattr(base, "precision", None),
        model=getattr(base, "model", None) if base.intent == "rig" else None,
        settings=follow.settings,
    )


# the answers an electricity price goes into (a bare "and at 0.35" after one is that price)
_POWER_PRICED = ("cost", "rent_or_buy", "power_limit")
# the most a kWh costs in any currency the conversation can be in (a larger bare number is not a rate)
_MOST_PER_KWH = 3.0


def bills_power(dlg: Dialogue, base: Query) -> str | None:
    """The currency of the electricity price the last answer billed power at ("USD", "CNY", ...), or None when it
    billed no power (a bare fraction after it is no rate then)."""
    if base.intent not in _POWER_PRICED and not dlg.context.calc:
        return None
    if base.intent == "cost" and getattr(base, "kind", None) in ("perf_per_dollar", "training_run"):
        return None
    return dlg.context.currency or dlg.assumptions.currency or "USD"


def amount_as_field(base: Query, follow: FollowUpQuery, power_currency: str | None = None) -> FollowUpQuery:
    """A bare number after a question ("and if i only had 800?", "and with 4?"): a GPU count when
    small and the last question has one, a budget after a recommendation, an electricity price when the last
    answer billed power at one and the number is a fraction a kWh can cost ("and at 0.35" after a power bill, in the
    conversation's currency); else the dialogue asks."""
    v = follow.amount
    names = {f.name for f in dataclasses.fields(base)}
    if v is not None and power_currency and 0 < v <= _MOST_PER_KWH and not float(v).is_integer():
        from assistant.queries import Setting

        rate = Setting(
            "electricity_usd_per_kwh", float(v), currency=None if power_currency == "USD" else power_currency
        )
        return dataclasses.replace(follow, amount=None, settings=(*follow.settings, rate))
    if any(s.key == "price_override" and s.gpu and s.value == v for s in follow.settings):
        if getattr(base, "kind", None) != "deal":
            return dataclasses.replace(follow, amount=None)  # "what about a 4090 at 1400": its price, not a budget
    if v is not None and v >= 50 and getattr(base, "kind", None) == "deal":
        # "and 400?", "那3080ti 三千五呢" after an offer weighed: another offer, in the last offer's currency
        currency = follow.budget_currency or getattr(base, "money_currency", None)
        return dataclasses.replace(follow, amount=None, budget_usd=float(v), budget_currency=currency)
    if v is not None and float(v).is_integer() and 1 <= v <= 16 and ("gpu_count" in names or "gpus" in names):
        return dataclasses.replace(follow, amount=None, gpu_count=int(v))
    if v is not None and v >= 50 and ("budget_usd" in names or base.intent == "compare"):
        # a compare has no budget of its own: "which one would you get for 700" weighs the cards under the budget set
        from assistant.queries import Setting  # a budget said in passing is kept, as "my budget is 800"

        currency = follow.budget_currency or getattr(base, "budget_currency", None)
        budget = Setting("budget_usd", float(v), currency=currency)
        return dataclasses.replace(follow, amount=None, settings=(*follow.settings, budget))
    raise NothingToReferTo(f"{v:g}" if isinstance(v, float) else str(v))


def beside_owned(base, follow: FollowUpQuery) -> Query:
    """ "加4060ti 16g呢", "what about adding a 4060 ti 16gb" right after "which card should i add to my 3080 for 32b":
    the card named beside the one owned, as one machine, for that work (a fit on the mixed set, §llm.mixed)."""
    from assistant.queries import FitQuery, GpuRef

    owned = GpuRef(mention=base.add_to, name=base.add_to, count=base.add_to_count)
    named = tuple(g for g in follow.gpus if g.name and not g.pronoun)[:1]
    if not named:
        return follow
    return FitQuery(
        text=follow.text,
        gpus=(owned, *named),
        model=base.model,
        params_b=base.params_b,
        precision=follow.precision or base.precision,
        workload=base.workload or "llm_inference",
        want_speed=True,
        settings=follow.settings,
    )
