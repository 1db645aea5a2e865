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

from assistant.dialogue import about_last, bills, cloud, instead, job, measures, rent_context
from assistant.dialogue.adapters import adapters_of_follow
from assistant.dialogue.again import affected, latest_affected, search_behind, without_replaced
from assistant.dialogue.card_for_size import card_for_size, size_for_fit, size_for_rig
from assistant.dialogue.ellipsis_kinds import (
    FOLLOWUP_FIELDS,
    against_the_pick,
    alternative,
    amount_as_field,
    beside_owned,
    bills_power,
    buy_after_rent,
    carrier,
    more_of_the_pick,
    offer_again,
    offer_for_card,
    offer_not_a_price,
    one_card_against_rig,
    precision_kept,
    precision_of_last,
    sale_of_swap,
    same_words_on,
    slots,
    whole_machine,
)
from assistant.dialogue.money_k import budget_of_k
from assistant.dialogue.owned_machine import cpu_of_follow, work_on_owned
from assistant.dialogue.references import NothingToReferTo, fill, focus_refs, gpus_of, merged_gpus
from assistant.dialogue.side_question import past_side
from assistant.dialogue.swap import swap_for_one
from assistant.queries import (
    CostQuery,
    GpuRef,
    ModelRef,
    Query,
    RatesQuery,
    RecommendQuery,
    RentOrBuyQuery,
    Setting,
)
from assistant.query_talk import ExplainQuery, FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


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
        and all(getattr(follow, k) is None for k in FOLLOWUP_FIELDS)
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


def _model_variant(dlg: Dialogue, follow: FollowUpQuery) -> FollowUpQuery:
    """The thread's model set apart by a word the follow-up says ("换成turbo版呢", "the coder one?"), as the model."""
    key, variant = dlg.context.model, dlg.model_variant_of
    if follow.model is not None or follow.gpus or not key or variant is None:
        return follow
    other = variant(key, follow.text)
    return follow if other is None else dataclasses.replace(follow, model=ModelRef(mention=follow.text, key=other))


def merge(dlg: Dialogue, follow: FollowUpQuery) -> Query:
    """The query `follow` means, continuing the last question of the conversation."""
    base = dlg.context.last_query
    if base is not None and base.intent == "explain" and any(g.pronoun is None and g.name for g in follow.gpus):
        # "那7900xt呢 20g的" after "why not amd" (a concept) after a pick: that card in the pick's question
        base = next((q for q in reversed(dlg.context.history) if q.intent != "explain"), base)
    base = carrier(dlg, base, follow)  # "and for training?" after a side question: the question that has a workload
    base = past_side(dlg, base, follow)  # "两张3090呢" after "哪个显存大": the whole comparison again
    follow = adapters_of_follow(base, follow)  # "with a lora and a controlnet on top?" after an image fit
    follow = _model_variant(dlg, follow)  # "换成turbo版呢" after Whisper large-v3: its turbo
    follow = _months_owned(base, follow)  # "what about 18 months" after a total cost: the years of owning
    follow = budget_of_k(base, follow)  # "what about 2k" after a rig for $3,000: a budget, not a 2k context
    follow = cloud.hours_of_rent(base, follow)
    if isinstance(base, ExplainQuery) and base.precisions and follow.precision and not (follow.gpus or follow.model):
        # "那q3呢" after "量化到q4会不会变笨很多": the same concept at that precision
        return dataclasses.replace(base, text=follow.text, precisions=(follow.precision,), settings=follow.settings)
    with_cpu = cpu_of_follow(base, follow)  # "cpu is a 9950x btw" after a PSU question: that CPU counted
    if with_cpu is not None:
        return with_cpu
    on_owned = work_on_owned(dlg, base, follow)  # "stable diffusion?" after what the user's own card runs
    if on_owned is not None:
        return on_owned
    on_the_job = job.work_of_follow(dlg, base, follow)  # "h100 instead?", "only 48 hours to finish" after a rent
    if on_the_job is not None:
        return on_the_job
    # "i have a 4060 laptop" after "is 8gb enough for anything ai"; "what about q4 on a 16gb card" after a fit
    on_size = card_for_size(dlg, base, follow) or size_for_fit(base, follow) or size_for_rig(dlg, follow)
    if on_size is not None:
        return on_size
    sold = sale_of_swap(dlg, base, follow)  # "what if i get $700 for it" after selling a 3090 for a 5090 weighed
    if sold is not None:
        return sold
    if follow.hours_bare and not follow.gpus and measures.transcribes(base):
        # "我有300小时", "i have 300 hours" after Whisper's speed: hours of audio to transcribe, not hours of use a week
        audio = [s for s in follow.settings if s.key != "utilization"]
        return measures.speed_of_last(dlg, base, dataclasses.replace(follow, settings=tuple(audio)))
    bill = bills.bill_of_thread(dlg, base, follow) or bills.saving_of_swap(dlg, base, follow)  # "换成4张H100能省多少电"
    if bill is not None:
        return bill
    if follow.ask in ("mix", "video_time"):  # "第二张买4090混着用行不行": that card beside the thread's, whatever
        return about_last.about_last(dlg, base, follow)  # was asked last; "how long for a 5s clip": the video model
    if follow.ask == "whole_machine":
        return whole_machine(dlg, base, follow)
    if follow.ask in ("price_gap", "rent_gap"):
        rented = rent_context.rented_last(dlg)
        if rented is not None and rented.mode in ("rent", "job") and not follow.gpus:
            # "rental price difference", "贵多少" after the rent of two cards: that rent, its gap first
            return dataclasses.replace(rented, text=follow.text, settings=follow.settings)
        if follow.ask == "rent_gap":  # "rent price difference?" after a comparison: the rates of those cards
            talked = tuple(g for g in getattr(base, "gpus", ()) if g.name and not g.pronoun)
            gpus = talked if len(talked) > 1 else focus_refs(dlg)
            return RatesQuery(text=follow.text, gpus=gpus, mode="rates", settings=follow.settings)
        return about_last.gap_of_last(dlg, follow)  # "差价多少", "how much more is it": the two cards compared
    if follow.ask == "cost_of_that":
        rented = rent_context.rented_last(dlg)
        if rented is not None:  # "how much would that cost" after a rent: that rent
            each = [g for g in follow.gpus if g.pronoun in ("them", "both", "all")]
            if each and rented.mode == "job":  # "total cost each" after a job timed on two cards: on each of them
                on_each = fill(dlg, tuple(each), True)
                return dataclasses.replace(rented, text=follow.text, settings=follow.settings, gpus=on_each)
            if follow.period and follow.gpu_count and rented.mode in ("rates", "rent"):
                base = rented  # "8张跑满一周要花多少" after a rate: that many of the rented card for the period (below)
            else:
                return dataclasses.replace(rented, text=follow.text, settings=follow.settings)
        if isinstance(base, CostQuery) and base.kind == "training_run" and base.gpus:  # "cost?" after a run timed
            return rent_context.job_rates(follow, fill(dlg, base.gpus, True), None, base)  # on cards: its rent
        if follow.period and isinstance(base, (RatesQuery, RentOrBuyQuery)):  # "how much per month then" after a rent
            rent: Any = cloud.per_period(dlg, base, follow.period)  # a rent (RatesQuery) for that period
            if follow.gpu_count and not follow.gpus and rent.gpus:  # "8张跑满一周要花多少": that many of the card
                counted = (dataclasses.replace(rent.gpus[0], count=follow.gpu_count),)
                rent = dataclasses.replace(rent, gpus=counted, settings=follow.settings)  # not the rate's own currency
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
        bought = buy_after_rent(dlg, base, follow)
        if bought is not None:
            return bought
        follow = dataclasses.replace(follow, ask=None)  # "what if i just buy a 4060 ti" elsewhere: that card
    if follow.ask == "precision":
        return precision_of_last(dlg, base, follow)
    if follow.ask == "or":
        return alternative(dlg, base, follow)
    offer = offer_for_card(dlg, base, follow) or offer_again(dlg, follow)
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
    if follow.ask and follow.gpus and all(g.pronoun for g in follow.gpus) and isinstance(base, RecommendQuery):
        # "what about renting instead, per month if it's on 9 hours a day" after a pick: an ask of its own about the
        # pick ("it" is no other card to fit or weigh against it)
        follow = dataclasses.replace(follow, gpus=())
    if follow.gpus and isinstance(base, RecommendQuery) and base.add_to and not follow.model:
        return beside_owned(base, follow)  # "加4060ti 16g呢" after "手上有张3080，想再加张卡跑32b": the pair
    if follow.gpus and isinstance(base, RecommendQuery) and base.intent == "recommend" and sized:
        from assistant.queries import FitQuery  # "what about the 3090?" after "best gpu for llama 3 70b" or "for 32b"

        served = next((int(n) for kind, n in base.targets if kind == "users"), None)
        fit = FitQuery(
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
            # "how long would it take on a 3060" after "~500 hours of audio with whisper, what gpu": that audio
            audio_s=(follow.hours_total or 0) * 3600 or base.audio_s or None,
        )
        # "how about a mac studio m3 ultra for this instead" after serving 30 users: the users on it, decoded together
        return dataclasses.replace(fit, targets=base.targets, batch=served, want_speed=True) if served else fit
    if follow.gpus and isinstance(base, RecommendQuery) and base.intent == "recommend" and base.workload:
        return against_the_pick(dlg, base, follow)
    if base is not None and one_card_against_rig(base, follow):
        return against_the_pick(dlg, base, follow)  # "那4080呢" after a build around a 3090: the 4080 against it
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
        from assistant.query_talk import SetQuery  # "按3年算呢" with nothing before it: a setting

        return SetQuery(text=follow.text, settings=follow.settings)
    if base is None:
        raise NothingToReferTo(follow.text)
    power_before = base.intent == "spec" and tuple(getattr(base, "fields", ())) == ("power",)
    if power_before and dlg.context.focus and (follow.gpu_count or 0) > 1 and not follow.fields and not follow.gpus:
        from assistant.queries import SpecQuery  # "and 2 of them?" after a card's power: the draw of that many

        many = GpuRef(mention="", name=dlg.context.focus, count=follow.gpu_count or 2)
        return SpecQuery(text=follow.text, gpus=(many,), fields=("power",), settings=follow.settings)
    more = follow.of_them and base.intent == "recommend" or not follow.gpus and base.intent == "spec"
    if more and dlg.context.focus and (follow.gpu_count or 0) > 1 and not follow.fields:
        return more_of_the_pick(dlg, base, follow)  # "what about 2 of them" after a pick, "两张呢" after a spec sheet
    if only_settings(follow) and not affected(base, follow.settings):
        base = latest_affected(dlg.context, follow.settings) or base  # "what about used?" after the speed of a pick
    elif only_settings(follow):
        base = search_behind(dlg.context, follow.settings) or base  # "二手的呢" after "why not the 4070s": the search
    if follow.amount is not None:
        follow = amount_as_field(base, follow, bills_power(dlg, base))
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
    again = again or same_words_on(base, follow)  # "and on a 4090?" after YOLOv8m's training time on a 3060
    changes: dict = {"text": base.text if again else follow.text, "settings": follow.settings, "per_card_of": None}
    base = without_replaced(base, follow.settings)
    names = slots(base)
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
        changes["settings"] = offer_not_a_price(follow)
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
    for key in FOLLOWUP_FIELDS:
        value = getattr(follow, key)
        if value is not None and key in names:
            changes[key] = value
    if len(follow.providers) == 1 and "provider" in names and "providers" not in names:
        changes["provider"] = follow.providers[0]  # "how much would that cost on lambda" after a run timed
    if (
        isinstance(base, RecommendQuery)
        and base.cheaper_than
        and follow.workload is not None
        and follow.workload != base.workload
        and not follow.ask
    ):  # "那要是只跑SD出图呢" after "便宜点的？": another work is a new pick (within the budget said), not "cheaper"
        changes.update(cheaper_than=None, cheaper_than_count=1)
    if isinstance(base, RecommendQuery) and base.cheaper_than and follow.budget_usd and follow.ask != "cheaper":
        changes.update(cheaper_than=None, cheaper_than_count=1)  # "预算加到六千呢" after "有没有更便宜的": that budget
    if follow.targets and (getattr(base, "targets", ()) or base.intent in ("fit", "recommend")):
        kinds = {kind for kind, _ in follow.targets}  # "what about 8 users" after serving 30: 8 users, the rest kept
        changes["targets"] = (*((k, v) for k, v in base.targets if k not in kinds), *follow.targets)
        users, asked = dict(base.targets).get("users"), dict(follow.targets).get("users")
        batch = getattr(base, "batch", None)
        if users and batch == users:  # the batch was those users: it is the new number now
            changes["batch"] = int(asked or users)
        elif asked and hasattr(base, "batch") and batch is None and getattr(base, "mode", None) in (None, "inference"):
            changes["batch"] = int(asked)  # "what if 10 people use it at once" after a fit: 10 sequences' KV caches
    if _other_kind_of_work(follow.workload, getattr(base, "workload", None)) and follow.model is None:
        # "那出图呢" after Gemma 3 27B's speed on two machines: image generation on them, not the LLM again
        changes.update({k: None for k in ("model", "precision", "params_b") if k in names})
    if follow.video_use and follow.model is None and "model" in names:
        changes["model"] = (
            None  # "视频生成呢" after a pick for SDXL: the typical video model's pick, not the image model
        )
    if follow.params_b is not None and follow.model is None and "model" in names:
        # "what about 70b" after a fit of qwen2.5 32b: the line's model of that size (Qwen2.5 72B), else any of it
        before = getattr(getattr(base, "model", None), "key", None)
        line = dlg.sibling_of(before, follow.params_b) if before and dlg.sibling_of else None
        changes["model"] = ModelRef(mention=f"{follow.params_b:g}b", key=line, of_line=True) if line else None
    if "method" in names and follow.mode in ("lora", "qlora", "full_finetune"):
        changes.pop("mode", None)  # "and for a qlora of llama 3 70b?" after a job on rented GPUs: the job's method
        changes["method"] = follow.mode
    if _details(follow) and not any(getattr(follow, k) is not None for k in FOLLOWUP_FIELDS if k in names):
        return about_last.about_last(dlg, None, follow)  # "for llms?" after a spec sheet: nothing to change there
    if isinstance(base, RentOrBuyQuery) and follow.model and not follow.gpus:
        changes["gpus"] = ()  # "what about for llama 3 8b instead": the pick for that model, not the GPUs for the last
    elif follow.removes and "gpus" in names and gpus_of(base):
        # "what if i drop one card", "去掉一张呢": the set's last card, as many fewer as said (one when none)
        *rest, last = gpus_of(base)
        changes["gpus"] = (*rest, dataclasses.replace(last, count=max(1, last.count - (follow.gpu_count or 1))))
        changes.pop("gpu_count", None)
    elif _one_more_of_pick(dlg, base, follow, names):
        # "what if i add another one later", "以后再加一张同样的卡呢" after a build or pick for a budget: one more
        # (or as many as said) of the card it picked; the set is that many of it now
        name, n = dlg.context.pick or ("", 1)
        changes["gpus"] = (GpuRef(mention=name, name=name, count=n + (follow.gpu_count or 1)),)
        dlg.context.added_to = name
        changes.pop("gpu_count", None)
        if "gpu_count" in names:
            changes["gpu_count"] = n + (follow.gpu_count or 1)
    elif follow.adds and not follow.gpus and "gpus" in names and gpus_of(base):
        # "what if i get another one", "再加一张呢": one more (or as many as said) of the last card in the set
        added = dataclasses.replace(gpus_of(base)[-1], count=follow.gpu_count or 1)
        changes["gpus"] = merged_gpus(dlg, base, (added,), False, None, True)
        dlg.context.added_to = added.name  # a what-if set: "换成4090呢" next is one card (dialogue/swap.py)
        changes.pop("gpu_count", None)  # "再加一张": the one card added, not a count for the set
    elif follow.gpus and "gpus" in names and (weighed := instead.against_fit(dlg, base, follow)) is not None:
        return weighed  # "what about an m4 max 128gb instead?" after a fit on a dgx spark: the two for that model
    elif follow.gpus and "gpus" in names:
        changes["gpus"] = merged_gpus(dlg, base, follow.gpus, follow.replace, follow.gpu_count, follow.adds)
        changes["gpus"] = swap_for_one(dlg, base, follow, changes["gpus"])  # "换成4090呢" after one card was added
        if follow.asked_figure == "count" and not follow.gpu_count:  # "那要几张h20": how many is asked, not carried
            named = {r.name for r in follow.gpus}
            changes["gpus"] = tuple(dataclasses.replace(g, count=1) if g.name in named else g for g in changes["gpus"])
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
    picked = _one_picked(base, follow, changes)
    if picked is not None:
        return picked
    kept = precision_kept(dlg, base, follow, changes)
    if kept:  # the speed compares at the quant it was given at; the table still shows a larger one that now fits
        changes["kept_precision"] = kept
    if follow.one_asked and getattr(base, "mode", None) == "job" and getattr(base, "hours", None):
        changes["hours"] = None  # "can i do it on one or do i need 2" after a week rented for a job: the job on one
    if getattr(base, "idle_w", None) and {g.name for g in changes.get("gpus", ())} - {g.name for g in gpus_of(base)}:
        changes["idle_w"] = None  # "mostly idle ~60w each" was said of the cards before, not of the card swapped in
    return dataclasses.replace(base, **changes)


def _one_more_of_pick(dlg, base, follow, names) -> bool:
    """More of the card a build or pick chose, asked with no card ("add another one", "a second one", "再加一张"):
    the base named no card of its own (it searched), the thread has a pick."""
    from assistant.queries import RigQuery

    if not (follow.adds and "gpus" in names and dlg.context.pick) or gpus_of(base):
        return False
    if not isinstance(base, (RigQuery, RecommendQuery)):
        return False
    return all(g.pronoun == "second" and not g.name for g in follow.gpus)  # none, or "a second one"


def _one_picked(base, follow, changes) -> Query | None:
    """ "what about gemma 3 27b on the 48gb one" after two Macs compared: the one of them its size names, asked as a
    fit of the model (a comparison of one card is none); None otherwise."""
    from assistant.queries import CompareQuery, FitQuery

    gpus = changes.get("gpus", ())
    if not isinstance(base, CompareQuery) or len(gpus) != 1 or gpus[0].count != 1 or not follow.gpus:
        return None
    if not all(r.pronoun == "variant" for r in follow.gpus):
        return None
    model, params = changes.get("model", base.model), changes.get("params_b", base.params_b)
    if model is None and not params:
        return None
    mode = base.mode if base.mode in ("lora", "qlora", "full_finetune") else "inference"
    return FitQuery(
        text=follow.text,
        model=model,
        params_b=params,
        gpus=gpus,
        mode=mode,
        want_speed=mode == "inference",
        precision=changes.get("precision", base.precision),
        settings=follow.settings,
    )


_WORK_KINDS = {"llm_inference": "llm", "llm_finetune": "llm", "image_generation": "image"}


def _other_kind_of_work(asked: str | None, before: str | None) -> bool:
    """Work of another kind of model than the last question's (images after an LLM, an LLM after images): the
    model and precision of the last question do not carry over."""
    kinds = (_WORK_KINDS.get(asked or ""), _WORK_KINDS.get(before or ""))
    return None not in kinds and kinds[0] != kinds[1]
