"""Ellipsis: a follow-up that is only part of a question ("and the 3090?", "what about for training?",
"two of them?", "and per month?", "and with 4?", "what about used?") merged into the question it continues.

Contract: `merge(dialogue, follow)` returns the full typed query the follow-up means: the last
question with the follow-up's fields (GPUs, workload, precision, count, model, budget, spec
fields, period, settings) put in, or the query of the follow-up family it belongs to (speed
and time in `measures`, why / cheaper / worth in `about_last`, clouds in `cloud`). Raises
`NothingToReferTo` when there is no question to continue.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from assistant.dialogue import about_last, bills, cloud, job, measures, rent_context
from assistant.dialogue.again import affected, latest_affected, search_behind, without_replaced
from assistant.dialogue.money_k import budget_of_k
from assistant.dialogue.references import NothingToReferTo, fill, focus_refs, gpus_of, merged_gpus
from assistant.dialogue.swap import swap_for_one
from assistant.queries import (
    FollowUpQuery,
    GpuRef,
    ModelRef,
    Query,
    RatesQuery,
    RecommendQuery,
    RentOrBuyQuery,
    Setting,
)

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_FOLLOWUP_FIELDS = (
    "workload",
    "precision",
    "gpu_count",
    "model",
    "context_tokens",
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
)


def _details(follow: FollowUpQuery) -> bool:
    """The follow-up names a detail a recommendation can take ("for llms?", "with at least 16gb")."""
    keys = ("workload", "budget_usd", "min_memory_gb", "organization", "precision")
    return any(getattr(follow, k) is not None for k in keys) and not follow.gpus and follow.model is None


def only_settings(follow: FollowUpQuery) -> bool:
    """The follow-up only changes settings ("what about used?", "and at 0.30 a kwh?"): nothing else asked."""
    asked = (follow.gpus, follow.ask, follow.want_speed, follow.vendor, follow.providers, follow.fields, follow.period)
    return (
        bool(follow.settings)
        and not any(asked)
        and follow.amount is None
        and all(getattr(follow, k) is None for k in _FOLLOWUP_FIELDS)
    )


def _months_owned(base, follow: FollowUpQuery) -> FollowUpQuery:
    """Months said in a follow-up of a cost question are its ownership period, as years said there would be (a
    rent-or-buy's months stay how long the card is needed)."""
    if not (follow.months and base is not None and base.intent == "cost"):
        return follow
    if any(s.key == "years" for s in follow.settings):
        return follow
    years = Setting("years", round(follow.months / 12.0, 2))
    return dataclasses.replace(follow, settings=(*follow.settings, years), months=None)


def merge(dlg: Dialogue, follow: FollowUpQuery) -> Query:
    """The query `follow` means, continuing the last question of the conversation."""
    base = dlg.context.last_query
    if base is not None and base.intent == "explain" and any(g.pronoun is None and g.name for g in follow.gpus):
        # "那7900xt呢 20g的" after "why not amd" (a concept) after a pick: that card in the pick's question
        base = next((q for q in reversed(dlg.context.history) if q.intent != "explain"), base)
    base = _carrier(dlg, base, follow)  # "and for training?" after a side question: the question that has a workload
    follow = _months_owned(base, follow)  # "what about 18 months" after a total cost: the years of owning
    follow = budget_of_k(base, follow)  # "what about 2k" after a rig for $3,000: a budget, not a 2k context
    follow = cloud.hours_of_rent(base, follow)
    on_the_job = job.work_of_follow(dlg, base, follow)  # "h100 instead?", "only 48 hours to finish" after a rent
    if on_the_job is not None:
        return on_the_job
    sold = _sale_of_swap(dlg, base, follow)  # "what if i get $700 for it" after selling a 3090 for a 5090 weighed
    if sold is not None:
        return sold
    if follow.hours_bare and not follow.gpus and measures.transcribes(base):
        # "我有300小时", "i have 300 hours" after Whisper's speed: hours of audio to transcribe, not hours of use a week
        audio = [s for s in follow.settings if s.key != "utilization"]
        return measures.speed_of_last(dlg, base, dataclasses.replace(follow, settings=tuple(audio)))
    bill = bills.bill_of_thread(dlg, base, follow)  # "what about power per year" after a PSU answer: that bill
    if bill is not None:
        return bill
    if follow.ask == "mix":  # "第二张买4090混着用行不行": that card beside the thread's, whatever was asked last
        return about_last.about_last(dlg, base, follow)
    if follow.ask == "whole_machine":
        return _whole_machine(dlg, base, follow)
    if follow.ask == "price_gap":
        return about_last.gap_of_last(dlg, follow)  # "差价多少", "how much more is it": the two cards compared
    if follow.ask == "cost_of_that":
        rented = rent_context.rented_last(dlg)
        if rented is not None:  # "how much would that cost" after a rent: that rent
            return dataclasses.replace(rented, text=follow.text, settings=follow.settings)
        if follow.period and isinstance(base, (RatesQuery, RentOrBuyQuery)):  # "how much per month then" after a rent
            rent: Any = cloud.per_period(dlg, base, follow.period)  # a rent (RatesQuery) for that period
            return dataclasses.replace(rent, text=follow.text, period=follow.period)
        if follow.gpus:
            from assistant.queries import SpecQuery  # "how much is that" after a spec sheet: its price

            return SpecQuery(
                text=follow.text, gpus=fill(dlg, follow.gpus, True), fields=("price",), settings=follow.settings
            )
        follow = dataclasses.replace(follow, ask=None)  # "那要多少钱": the price of what was talked about
    if follow.ask == "rent_or_buy" and follow.providers and base is not None:
        return cloud.cloud_of_last(dlg, base, follow)  # "vs renting one on runpod for the same hours": there
    if follow.ask == "buy":
        bought = _buy_after_rent(dlg, base, follow)
        if bought is not None:
            return bought
        follow = dataclasses.replace(follow, ask=None)  # "what if i just buy a 4060 ti" elsewhere: that card
    if follow.ask == "precision":
        return _precision_of_last(dlg, base, follow)
    if follow.ask == "or":
        return _alternative(dlg, base, follow)
    offer = _offer_for_card(dlg, base, follow) or _offer_again(dlg, follow)
    if offer is not None:
        return offer
    if follow.ask == "compare":
        if follow.gpus and base is not None and base.intent == "spec" and gpus_of(base):
            from assistant.queries import CompareQuery  # "4070ti super也比一下" after the 4090's spec sheet: both

            shown = tuple(g for g in gpus_of(base) if g.name)
            return CompareQuery(text=follow.text, gpus=(*shown, *fill(dlg, follow.gpus)), settings=follow.settings)
        follow = dataclasses.replace(follow, ask=None)  # after a comparison: one more card in it (merged below)
    if follow.want_speed:
        return measures.speed_of_last(dlg, base, follow)
    timed = follow.want_time or follow.tokens or (follow.hours_total and follow.ask != "rates")
    if timed and all(g.pronoun for g in follow.gpus):  # not "how much would renting that cost for 20 hours"
        return measures.time_of_last(dlg, base, follow)  # "how long would 100m tokens take on it"
    if (follow.want_time or measures.changes_job(follow)) and not follow.ask and dlg.context.setup.trains():
        # "how long would it take on a 4090", "if i do 3 epochs instead": the training job talked about, on those
        # GPUs or that data (its time, or its rent when the conversation was renting it)
        return measures.time_of_last(dlg, base, follow)
    sized = isinstance(base, RecommendQuery) and (base.model is not None or bool(base.params_b))
    if follow.gpus and isinstance(base, RecommendQuery) and base.intent == "recommend" and sized:
        from assistant.queries import FitQuery  # "what about the 3090?" after "best gpu for llama 3 70b" or "for 32b"

        return FitQuery(
            text=follow.text,
            model=follow.model or base.model,  # "what about flux dev on it": that model on the pick
            params_b=None if follow.model else base.params_b,
            gpus=fill(dlg, follow.gpus, counted=True),
            gpu_count=follow.gpu_count,
            precision=follow.precision or base.precision,
            # "那4090呢" after "预算1万 想微调7b模型 买啥卡": fine-tuning it on the 4090, as "4090能微调7b模型吗" reads
            mode=follow.mode or base.mode or ("full_finetune" if base.workload == "llm_finetune" else "inference"),
            workload=base.workload if base.workload == "llm_finetune" else None,
            settings=follow.settings,
        )
    if follow.gpus and isinstance(base, RecommendQuery) and base.intent == "recommend" and base.workload:
        return _against_the_pick(dlg, base, follow)
    if base is not None and _one_card_against_rig(base, follow):
        return _against_the_pick(dlg, base, follow)  # "那4080呢" after a build around a 3090: the 4080 against it
    if follow.gpus and (base is None or "gpus" not in {f.name for f in dataclasses.fields(base)}):
        from assistant.queries import SpecQuery

        return SpecQuery(text=follow.text, gpus=fill(dlg, follow.gpus))
    if follow.providers and not follow.gpus:
        return cloud.at_providers(dlg, base, follow)
    if follow.ask or (follow.vendor and not follow.gpus):
        return about_last.about_last(dlg, base, follow)
    if base is None and _details(follow):
        return about_last.about_last(dlg, None, follow)  # "for llms?" with nothing before it: a recommendation
    if base is None and follow.fields:
        raise NothingToReferTo(follow.text)  # "二手多少钱" with nothing before it: which card? (the reply completes it)
    if base is None and follow.settings:
        from assistant.queries import SetQuery  # "按3年算呢" with nothing before it: a setting

        return SetQuery(text=follow.text, settings=follow.settings)
    if base is None:
        raise NothingToReferTo(follow.text)
    more = follow.of_them and base.intent == "recommend" or not follow.gpus and base.intent == "spec"
    if more and dlg.context.focus and (follow.gpu_count or 0) > 1 and not follow.fields:
        return _more_of_the_pick(dlg, base, follow)  # "what about 2 of them" after a pick, "两张呢" after a spec sheet
    if only_settings(follow) and not affected(base, follow.settings):
        base = latest_affected(dlg.context, follow.settings) or base  # "what about used?" after the speed of a pick
    elif only_settings(follow):
        base = search_behind(dlg.context, follow.settings) or base  # "二手的呢" after "why not the 4070s": the search
    if follow.amount is not None:
        follow = _amount_as_field(base, follow, _bills_power(dlg, base))
    if follow.period:
        base = cloud.per_period(dlg, base, follow.period, follow.settings)
    # a follow-up that only changes settings asks the same question again, in its words ("renting h100s or buying
    # 2 4090s" keeps which side is rented when "what if i only train 10h a week" follows)
    again = only_settings(follow) or (
        bool(follow.settings)
        and not follow.gpus
        and follow.model is None
        and not follow.fields
        and not follow.ask
        and follow.workload is not None
        and follow.workload == getattr(base, "workload", None)
    )  # "what if i only train 10h a week" after a rent-or-buy for training
    again = again or _same_words_on(base, follow)  # "and on a 4090?" after YOLOv8m's training time on a 3060
    changes: dict = {"text": base.text if again else follow.text, "settings": follow.settings, "per_card_of": None}
    base = without_replaced(base, follow.settings)
    names = _slots(base)
    if follow.fields and base.intent != "spec" and not follow.gpus and dlg.context.gpus:
        from assistant.queries import SpecQuery  # "and its power?" after a comparison: the specs asked

        # each with the count the conversation has of it ("待机功耗呢" after 3 x RTX 3090: the three)
        shown = tuple(GpuRef(mention="", name=g, count=dlg.context.counts.get(g, 1)) for g in dlg.context.gpus[:4])
        # "how many watts" after a pick: the pick (as many as it picked), not every card of the ranking
        # ("国内能买到吗" asks it of every card the ranking showed)
        one = base.intent in ("recommend", "rig") and "china" not in follow.fields
        gpus = focus_refs(dlg) if one else shown
        said = follow.gpu_count or 0
        if said > 1 and len(gpus or shown) >= 1:  # "total power for 4 of them": 4 of the device
            gpus = (dataclasses.replace((gpus or shown)[0], count=said),)
        return SpecQuery(text=follow.text, gpus=gpus or shown, fields=follow.fields)
    if follow.fields and "fields" in names:
        changes["fields"] = follow.fields
    if "offer" in names and follow.budget_usd is not None and getattr(base, "kind", None) == "deal":
        # "what about 650 for a 3080 ti" after "is a used 3090 a good deal at 700": that offer for that card
        changes.update(offer=follow.budget_usd, money_currency=follow.budget_currency)
        changes["settings"] = _offer_not_a_price(follow)
        follow = dataclasses.replace(follow, budget_usd=None, budget_currency=None)
    elif (
        "offer" in names
        and getattr(base, "kind", None) == "deal"
        and {g.name for g in follow.gpus} - {g.name for g in gpus_of(base)}
    ):
        from assistant.queries import SpecQuery  # "4090呢" after an offer for a 3090: that offer was the 3090's

        return SpecQuery(
            text=follow.text, gpus=fill(dlg, follow.gpus, True), fields=("price",), settings=follow.settings
        )
    for key in _FOLLOWUP_FIELDS:
        value = getattr(follow, key)
        if value is not None and key in names:
            changes[key] = value
    if follow.targets and (getattr(base, "targets", ()) or base.intent in ("fit", "recommend")):
        kinds = {kind for kind, _ in follow.targets}  # "what about 8 users" after serving 30: 8 users, the rest kept
        changes["targets"] = (*((k, v) for k, v in base.targets if k not in kinds), *follow.targets)
        users = dict(base.targets).get("users")
        if users and getattr(base, "batch", None) == users:  # the batch was those users: it is the new number now
            changes["batch"] = int(dict(follow.targets).get("users", users))
    if follow.params_b is not None and follow.model is None and "model" in names:
        # "what about 70b" after a fit of qwen2.5 32b: the line's model of that size (Qwen2.5 72B), else any of it
        before = getattr(getattr(base, "model", None), "key", None)
        line = dlg.sibling_of(before, follow.params_b) if before and dlg.sibling_of else None
        changes["model"] = ModelRef(mention=f"{follow.params_b:g}b", key=line, of_line=True) if line else None
    if "method" in names and follow.mode in ("lora", "qlora", "full_finetune"):
        changes.pop("mode", None)  # "and for a qlora of llama 3 70b?" after a job on rented GPUs: the job's method
        changes["method"] = follow.mode
    if _details(follow) and not any(getattr(follow, k) is not None for k in _FOLLOWUP_FIELDS if k in names):
        return about_last.about_last(dlg, None, follow)  # "for llms?" after a spec sheet: nothing to change there
    if isinstance(base, RentOrBuyQuery) and follow.model and not follow.gpus:
        changes["gpus"] = ()  # "what about for llama 3 8b instead": the pick for that model, not the GPUs for the last
    elif follow.removes and "gpus" in names and gpus_of(base):
        # "what if i drop one card", "去掉一张呢": the set's last card, as many fewer as said (one when none)
        *rest, last = gpus_of(base)
        changes["gpus"] = (*rest, dataclasses.replace(last, count=max(1, last.count - (follow.gpu_count or 1))))
        changes.pop("gpu_count", None)
    elif follow.adds and not follow.gpus and "gpus" in names and gpus_of(base):
        # "what if i get another one", "再加一张呢": one more (or as many as said) of the last card in the set
        added = dataclasses.replace(gpus_of(base)[-1], count=follow.gpu_count or 1)
        changes["gpus"] = merged_gpus(dlg, base, (added,), False, None, True)
        dlg.context.added_to = added.name  # a what-if set: "换成4090呢" next is one card (dialogue/swap.py)
        changes.pop("gpu_count", None)  # "再加一张": the one card added, not a count for the set
    elif follow.gpus and "gpus" in names:
        changes["gpus"] = merged_gpus(dlg, base, follow.gpus, follow.replace, follow.gpu_count, follow.adds)
        changes["gpus"] = swap_for_one(dlg, base, follow, changes["gpus"])  # "换成4090呢" after one card was added
    elif follow.gpu_count and "gpus" in names and base.intent != "fit":
        changes["gpus"] = tuple(dataclasses.replace(g, count=follow.gpu_count) for g in gpus_of(base))
        if isinstance(base, RatesQuery) and base.mode == "rates" and follow.gpu_count > 1 and not follow.period:
            changes.update(mode="rent", hours=1.0)  # "what about 2 of them?" after an hourly rate: an hour of both
        offer, before = getattr(base, "offer", None), max((g.count for g in gpus_of(base)), default=1)
        if getattr(base, "kind", None) == "deal" and offer and "offer" not in changes:
            changes["offer"] = offer * follow.gpu_count / before  # "and with 2 of them?" after $650 for one: $1,300
    one_kind = len({g.name for g in changes.get("gpus", ())}) == 1
    if one_kind and getattr(base, "gpu_count", None) and (follow.adds or follow.removes or not follow.gpu_count):
        # "what if i add a third 3090" after a fit on 2 x RTX 3090: the set's count is now 3, not the 2 asked before
        changes["gpu_count"] = changes["gpus"][0].count
    kept = _precision_kept(dlg, base, follow, changes)
    if kept:  # the speed compares at the quant it was given at; the table still shows a larger one that now fits
        changes["kept_precision"] = kept
    return dataclasses.replace(base, **changes)


# the details a follow-up can change in a question (a workload, a precision, a model, a context, a budget)
_DETAIL_SLOTS = ("workload", "precision", "model", "params_b", "context_tokens", "budget_usd", "mode")


def _carrier(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """The question a follow-up of details alone edits: the last one, else the latest of the thread's last questions
    that has every slot it names ("and for training?" after "what about power draw", a spec sheet asked beside
    2 x RTX 4090 vs an RTX 6000 Ada: the comparison, for training), so a side question does not end the thread."""
    named = [k for k in _DETAIL_SLOTS if getattr(follow, k) is not None]
    if base is None or not named or follow.gpus or follow.ask or follow.fields or follow.settings:
        return base
    if all(k in _slots(base) for k in named):
        return base
    return next((q for q in reversed(dlg.context.history) if all(k in _slots(q) for k in named)), base)


def _slots(query: Query) -> set[str]:
    names = {f.name for f in dataclasses.fields(query)}
    return names - {"workload"} if query.intent == "spec" else names  # a spec sheet's work is the thread's memory


def _same_words_on(base: Query, follow: FollowUpQuery) -> bool:
    """A follow-up that only puts other cards in ("and on a 4090?") after an answer read from its question's words (a
    spec answer's job: "yolov8m training time on a 3060 ... 100 epochs"): the same question on those cards, in its
    own words, so what the words asked is asked again, not the bare spec sheet of the new card."""
    if base.intent != "spec" or bool(getattr(base, "fields", None)) or not follow.gpus or follow.replace:
        return False
    if any(g.pronoun is not None for g in follow.gpus) or follow.fields or follow.ask or follow.settings:
        return False
    return all(getattr(follow, k) is None for k in _FOLLOWUP_FIELDS if k != "gpu_count") and not follow.want_speed


def _sale_of_swap(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "what if i get $700 for it", "要是能卖5000呢" after a swap weighed (selling one card for another): the same swap
    with that amount as what the sold card brings back, the cards and their order kept; None otherwise."""
    amount = follow.budget_usd if follow.budget_usd is not None else follow.amount
    named = any(g.pronoun is None for g in follow.gpus)  # "for it" is the card sold
    if not follow.sale or amount is None or base is None or "sale_amount" not in _slots(base) or named:
        return None
    if len([g for g in gpus_of(base) if g.name]) != 2:
        return None
    thread = dlg.context.currency if dlg.context.currency not in (None, "USD") else None
    swap: Any = base  # a comparison (it has the sale slots, checked)
    return dataclasses.replace(
        swap, sale_amount=float(amount), sale_currency=follow.budget_currency or thread, settings=follow.settings
    )


def _whole_machine(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
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
    )


def _precision_kept(dlg: Dialogue, base: Query, follow: FollowUpQuery, changes: dict) -> str | None:
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


def _offer_for_card(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
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
        settings=_offer_not_a_price(follow),
    )


def _offer_again(dlg: Dialogue, follow: FollowUpQuery) -> Query | None:
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


def _buy_after_rent(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """ "那自己买张4060ti 16g呢", "what if i just buy a 4060 ti 16gb" while the conversation rents (a rate, hours or a
    job in the last questions): owning that card weighed against renting for the same work (its job, when it is a
    training job); None when nothing was rented."""
    from assistant.queries import RentOrBuyQuery

    rented = next((q for q in reversed(dlg.context.history) if isinstance(q, RatesQuery)), None)
    job = dlg.context.job  # a thread that rents ("我在autodl租4090 一个月花了八百多"): buying weighed against that rent
    if rented is None and not (job.rented and job.provider):
        return None  # nothing rented in the last questions: the card itself (merged below)
    provider = rented.provider if rented is not None else job.provider
    # "那自己买一张呢" with no card named: the card rented
    cards = fill(dlg, follow.gpus) or tuple(dataclasses.replace(g, count=1) for g in (rented.gpus if rented else ()))
    query = RentOrBuyQuery(text=follow.text, gpus=cards, provider=provider, settings=follow.settings)
    return rent_context.job_to_rent_or_buy(dlg, query)


def _precision_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "at what quant" after a fit (or a comparison on a model): that question again with no precision of its own,
    so the answer weighs each precision and leads with the one that fits; after a pick for a model, that model on the
    pick. Raises `NothingToReferTo` when no model or card was talked about."""
    from assistant.queries import CompareQuery, FitQuery

    if isinstance(base, (FitQuery, CompareQuery)) and (base.model is not None or base.params_b):
        # "what quant would fit" after "yes, at a slightly smaller quantization": that quantization leads now
        fits_at = dlg.context.fits_at if isinstance(base, FitQuery) else None
        return dataclasses.replace(base, text=follow.text, precision=fits_at, settings=follow.settings)
    model = getattr(base, "model", None) or dlg.context.setup.model
    gpus = focus_refs(dlg)
    if model is None or not gpus:
        raise NothingToReferTo(follow.text)
    return FitQuery(text=follow.text, model=model, gpus=gpus, mode="inference", settings=follow.settings)


def _alternative(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "or a used 3090 for about the same money?" after a fit on a 4070 Ti SUPER for an SDXL LoRA: the card talked
    about against the one offered, for the same work and model; after a pick, against the pick (for its work)."""
    from assistant.queries import CompareQuery

    if isinstance(base, RecommendQuery):
        return _against_the_pick(dlg, base, follow)
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


def _offer_not_a_price(follow: FollowUpQuery) -> tuple:
    """The follow-up's settings without the price it states for a card it names ("那3080ti 三千五呢" after an offer
    weighed): that amount is the card's offer, weighed now, not a price for the rest of the conversation."""
    named = {g.name for g in follow.gpus}
    return tuple(s for s in follow.settings if not (s.key == "price_override" and (s.gpu in named or not s.gpu)))


def _more_of_the_pick(dlg: Dialogue, base: Query, follow: FollowUpQuery) -> Query:
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


def _one_card_against_rig(base: Query | None, follow: FollowUpQuery) -> bool:
    """One card named alone after a build was picked ("那4080呢" after "预算一万二 想配台主机 跑本地大模型"): that card
    set against the build's card for its work (two or more named, "那两张4080呢", are a build of them instead)."""
    if base is None or base.intent != "rig" or len(follow.gpus) != 1 or follow.gpus[0].pronoun:
        return False
    asked = (follow.gpu_count, follow.budget_usd, follow.model, follow.workload)
    return follow.gpus[0].count == 1 and not follow.adds and all(v is None for v in asked)


def _against_the_pick(dlg: Dialogue, base: Query, follow: FollowUpQuery) -> Query:
    """ "what about the 4080?", "换成4080呢" after "best gpu for stable diffusion under 1000": the card named against
    the pick, for that work (a verdict for that work when it is the pick), not its spec sheet."""
    from assistant.queries import CompareQuery, VerdictQuery

    named = fill(dlg, follow.gpus)
    focus = dlg.context.focus
    others = tuple(g for g in named if g.name != focus)
    workload = getattr(base, "workload", None)
    if not focus or not others:
        return VerdictQuery(text=follow.text, gpus=named[:1], kind="good", workload=workload, settings=follow.settings)
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


def _bills_power(dlg: Dialogue, base: Query) -> str | None:
    """The currency of the electricity price the last answer billed power at ("USD", "CNY", ...), or None when it
    billed no power (a bare fraction after it is no rate then)."""
    if base.intent not in _POWER_PRICED and not dlg.context.calc:
        return None
    if base.intent == "cost" and getattr(base, "kind", None) in ("perf_per_dollar", "training_run"):
        return None
    return dlg.context.currency or dlg.assumptions.currency or "USD"


def _amount_as_field(base: Query, follow: FollowUpQuery, power_currency: str | None = None) -> FollowUpQuery:
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
