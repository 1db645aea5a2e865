"""The conversation: completes each question from what came before and remembers what it was about.

Contract: `Dialogue` holds the `Assumptions` in force and the `Context` of the last answers.
`complete(query, lang)` returns the query with pronouns filled, ellipsis merged into the
question it continues and the open parts taken from the conversation, or a `Clarification`
when a reference has nothing to point at. `remember(...)` records what an answered query was
about. `answer_again(settings)` / `answer_again_as_is()` give the question to answer again when
settings change. Nothing here computes an answer.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from assistant.dialogue import (
    about_last,
    again,
    base_card,
    bills,
    budget_after_card,
    count_kept,
    counted_rival,
    format_asked,
    from_context,
    job,
    machine_case,
    measured_set,
    measures,
    method_choice,
    method_switch,
    model_line,
    owned_machine,
    pace,
    price_said,
    rate_edits,
    rent_context,
    rent_use,
    schedule_rent,
    shown,
    speech_job,
    subject,
    thread,
    thread_edits,
    thread_keeps,
    thread_use,
    usage,
    video_thread,
)
from assistant.dialogue.card_for_size import size_for_rig
from assistant.dialogue.ellipsis import merge
from assistant.dialogue.feature_asked import feature_asked, feature_of_thread_card
from assistant.dialogue.references import (
    COUNTED,
    FewerShown,
    NoModelYet,
    NoSecondGpu,
    NoSuchVariant,
    NothingToReferTo,
    OnlyOneShown,
    fill,
)
from assistant.dialogue.state import Assumptions, Context
from assistant.queries import (
    TOPIC_CONCEPTS,
    Clarification,
    GpuRef,
    PowerLimitQuery,
    Query,
    RatesQuery,
    RecommendQuery,
    SpecQuery,
)
from assistant.query_talk import ExplainQuery, FollowUpQuery

_ASKED_OF_US = re.compile(r"\b(?:you|recommend|recommended|pick|picked|choose|chose|suggest|suggested)\b", re.I)
_WHY_NOT = re.compile(r"\bnot\b|n't|nt\b|\bavoid|\bskip|别|不|劝退", re.I)
REFERENCE_GPU = "GeForce RTX 3090"  # a power-limit share with no card named is shown on it (the speed reference)
WATTS_EXAMPLE_GPU = "GeForce RTX 4090"  # a limit in watts with no card named is shown on it, said an example [A]


def asked_counts(query: Query, before: dict[str, int]) -> dict[str, int]:
    """How many of each card `query` was about. A comparison of two counts of one card ("what about 2 of them":
    2 x RTX 4080 vs 1 x RTX 4080) is about the set it just brought in, the count the conversation did not have
    before (else the first named): "can that run 70b" next means the 2 cards."""
    asked: dict[str, int] = {}
    for g in getattr(query, "gpus", ()):
        if not g.name:
            continue
        if g.name in asked and (asked[g.name] != before.get(g.name) or g.count == before.get(g.name)):
            continue  # the first count named stays unless it is the one the conversation already had
        asked[g.name] = g.count
    return asked


def _stand_ins_kept(follow: FollowUpQuery, merged):
    """The cards the follow-up named that are not in the data and were answered as a real card ("what about the rtx
    4070 ultra": the RTX 4070, respond/stand_ins says so) stay noted on the merged question; never a silent swap."""
    if not hasattr(merged, "stand_ins"):
        return merged
    before = merged.stand_ins
    if any(g.name and not g.pronoun for g in follow.gpus):  # "ok what about the 5090 then" after the RTX 6090 (not in
        before = ()  # the data, answered as the 5090): the cards now named are asked for themselves
    kept = tuple(s for s in follow.stand_ins if s not in before)
    if before == merged.stand_ins and not kept:
        return merged
    return dataclasses.replace(merged, stand_ins=(*before, *kept))


def _brought_in(ctx: Context, gpus: list[str]) -> str | None:
    """The card a follow-up just brought into the comparison ("what about two 3090s" after 3090 vs 4090), which
    "that" / "it" means next; None when the comparison was asked in full."""
    return next((g for g in ctx.brought_in if g in gpus), None)


def _measured(query: Query) -> bool:
    """ "how fast vs a 4090", "how much faster is the 4090 than the 3090": a speed measured, not which card to get
    ("which is faster" picks one)."""
    return getattr(query, "aspect", None) == "speed" and query.asked_figure != "which"


class Dialogue:
    def __init__(self, assumptions: Assumptions | None = None, variant_of=None, memory_of=None):
        self.assumptions = assumptions or Assumptions()
        self.context = Context()
        # (GPU name, "ti" | "laptop" | "16gb" ...) -> the sibling product's name, or None
        self.variant_of = variant_of
        # GPU name -> its memory in GB, or None ("anything with more vram?")
        self.memory_of = memory_of
        self.vendor_of: Callable[[str], str | None] | None = None  # GPU name -> its maker ("the amd ones")
        self.sibling_of: Callable[[str, float], str | None] | None = (
            None  # (model key, size in B) -> the key of that line's model of that size (model_sibling)
        )
        # (model key, text) -> the model of that family a word of the text sets apart ("换成turbo版呢")
        self.model_variant_of: Callable[[str, str], str | None] | None = None

    def answer_again(self, settings) -> Query | None:
        """The last question `settings` change the answer of (see `again.answer_again`)."""
        return again.answer_again(self.context, settings)

    def answer_again_as_is(self) -> Query | None:
        """The last question, to answer again under the assumptions in force now."""
        return again.answer_again_as_is(self.context)

    def asked_back(self, query: Query) -> None:
        """The answer to `query` asked back for what it lacks ("pretraining a 350m model on 10b tokens": which GPU?):
        the question stays the one talked about, with its job as the thread, so the reply ("how long on one 4090",
        "4090", "two a100s") completes it instead of starting over."""
        ctx = self.context
        ctx.last_query = query
        ctx.setup = thread.setup_after(ctx.setup, query)
        ctx.history = [q for q in ctx.history if q is not query][-2:] + [query]
        ctx.asked_back = True

    def settle_method(self, mode: str | None) -> None:
        """The fine-tuning method a fit answer found to fit ("want to finetune qwen2.5 14b" on a 4090: "Yes with
        QLoRA") is the thread's method from now on ("what about on an h100 rented" rents that QLoRA), where the
        question named no method or a full fine-tune by a bare training word (the engine checks the words)."""
        setup = self.context.setup
        if mode in ("lora", "qlora") and setup.trains() and setup.mode in (None, "full_finetune"):
            self.context.setup = dataclasses.replace(setup, mode=mode)

    def timed_in_steps(self, figures: dict | None) -> None:
        """The hours a rent of the job the last answer timed in steps takes (an image LoRA: "47 minutes-1.2 hours" on a
        4060 Ti), the middle of the range it said (`job_hours_expected`), else its compute floor; None (no `figures`)
        when the last answer timed no such job."""
        span = (figures or {}).get("job_hours_expected")
        floor = (figures or {}).get("job_hours")
        self.context.job_hours = sum(span) / len(span) if span else floor

    def settle_full_finetune(self) -> None:
        """A full fine-tune said in so many words ("need a full finetune of llama 3.1 8b on 200M tokens", "全参") is
        the thread's method: "how long on 8x h100" next times that full fine-tune, not a LoRA."""
        setup = self.context.setup
        if setup.named() and setup.workload == "llm_finetune" and setup.mode in (None, "inference"):
            self.context.setup = dataclasses.replace(setup, mode="full_finetune")
        self.context.full_said = self.context.setup.mode == "full_finetune"

    def _from_context(self, query: Query) -> tuple[Query, bool]:
        """`query` completed by the whole questions that leave something to the conversation (from_context,
        rent_context, job, usage, measures), and whether it is about the thread (`thread.leaves_open`)."""
        typed, last = query, self.context.last_query
        typed_open = thread.leaves_open(query)  # as typed: "what if i only use it on weekends" is about the thread
        query = from_context.reply_to_ask_back(self, thread_keeps.audio_of_thread(self, query))  # 50 h of audio
        query = thread_edits.card_against_bill(self, thread_edits.budget_of_pick(self, query))  # "vs one 5090"
        query = thread_edits.against_owned(self, query)  # "the first one, how much faster" after upgrades: than mine
        query = usage.days_at_thread_hours(self, query)  # "what if only weekends" after 24/7: 48 hours a week
        query = usage.days_of_the_job(self, query)  # "每天只用4小时呢" after a rented job: the days it takes
        query = usage.total_hours_again(self, query)  # "what if its 500 hours" after 200 hours in all: the new total
        query = usage.slower_after_limit(self, usage.limit_in_bill_thread(self, query))
        self.context.asked_back = False
        open_ended = thread.leaves_open(query)
        # a setting typed alone ("only weekends?", "按0.8一度呢") answers the last question again: about the thread too
        # "how much slower is training then" after a power limit in euros: the last question again, a thread question
        again = query is not typed and last is not None and type(query) is type(last)
        self.context.about_thread = open_ended or typed_open or again or query.intent == "set"  # money: the thread's
        if query.intent == "set":  # "electricity here is 0.27 €/kwh": the thread's money is euros from now on
            self.context.currency = _money_said(query) or self.context.currency
        # "ok which would you pick", "which one should i buy": after the answer "it" is the GPU it picks
        self.context.pick_asked = isinstance(query, RecommendQuery) or any(
            g.pronoun == "implicit" for g in getattr(query, "gpus", ())
        )
        query = about_last.cheaper_than_pick(self, about_last.rig_at_new_budget(self, query))  # "cheaper? like 1000"
        query = about_last.which_of_last(self, query)  # "ok which card" after a ranking for a budget: that ranking
        query = from_context.which_without_context(self, from_context.memory_of_the_card(self, query))
        query = from_context.mac_memory_of_thread(self, query)  # "how much ram should i get" about a Mac
        query = measures.speed_of_fit(self, from_context.among_compared(self, query))
        query = thread_keeps.prefill_of_compared(self, query)  # "which is faster at prompt processing" after a compare
        query = thread_keeps.setting_of_fit(self, query)  # "what batch size / seq len can i use" after a fit
        query = feature_of_thread_card(self, query)  # "支持flash attention吗" after a card
        query = thread_keeps.size_of_thread_model(self, query)  # "按30b算还是3b算" while Qwen3 30B-A3B is talked about
        query = thread_keeps.method_of_thread(self, query)  # "换qlora能省多少" after a LoRA job: that job with QLoRA
        query = rate_edits.cloud_beside_rate(self, rate_edits.plan_of_rate(self, query))  # "跟vast比差多少", "按月租呢"
        query = rent_context.use_of_plan(self, query)  # "我一个月实际只用 60 小时" after a month plan's price
        query = rent_context.rent_of_compared(self, query)  # "vs an h100" after a week's rent of an A100: both
        query = rent_context.buy_instead(self, query)  # "这样的话自己买一张划算吗" after a month of renting at AutoDL
        query = thread_edits.payback_of_rent(self, query)  # "那买一张多久回本" after a rent: that card against it
        query = from_context.value_among_talked(self, query)  # "跑qwen2.5 32b买哪个划算" after two prices
        query = rent_context.cost_of_the_rent(self, query)  # "how much would that cost" after a rent: that rent
        query = bills.costs_of_talked(self, query)  # "那三年下来哪个总成本低" after two sets' bills: both
        query = job.time_of_the_job(self, job.work_on_the_rented(self, query))  # "how long would that take": the job
        query = job.on_owned(self, query)  # "how long to finetune llama 3 8b on 100m tokens" after "we have 4 a100s"
        query = job.buy_for_the_job(self, job.same_work_on(self, job.run_on_named(self, query)))  # other cards
        query = job.rent_for_the_fit(self, query)  # "would renting an h100 be faster" after a LoRA timed on a 4090
        query = rent_context.job_cost_of_context(self, query)  # before cost_of_context fills the GPUs
        query = rent_context.rent_cost_of_the_job(self, query)  # "不够的话租云的要多少钱" in a full fine-tune thread
        query = rent_context.break_even_of_context(self, from_context.fit_at_context(self, query))
        query = method_choice.method_of_the_fit(self, query)  # "full finetune or lora?" about the thread's model
        query = method_choice.memory_of_the_fit(self, query)  # "how much vram would i need" after a model's fit
        query = method_choice.context_of_the_fit(self, query)  # "what context length could i get" after a fit
        query = rent_context.rent_of_the_job(self, rent_context.pick_for_the_job(self, query))  # "what gpu to rent"
        query = rent_context.job_to_rent_or_buy(self, rent_context.rent_or_buy_of_context(self, query))
        query = rent_context.schedule_of_rent(self, query)  # "自己买划算吗" after a month of 24/7: at 168 h a week
        query = from_context.cost_of_context(self, from_context.worth_among_compared(self, query))
        query = from_context.model_of_context(self, from_context.model_among_compared(self, query))
        query = from_context.model_of_concept(self, query)  # "它是moe吧，激活多少" after Llama 4 Scout's memory
        query = from_context.verdict_of_thread(self, format_asked.feature_of_concept(self, query))  # "40系支持吗"
        query = from_context.psu_without_context(self, from_context.set_of_setup_concept(self, query))
        query = from_context.psu_of_last(self, query)  # "is the psu enough" after "2x used 3090, 1200w psu"
        query = from_context.more_of_the_fit(self, query)
        query = from_context.power_of_mixed_set(self, query)
        query = from_context.offer_in_compare(
            self, subject.sell_toward_offer(self, query)
        )  # "vs a new 5070 ti at $749?" after a used 3090 at $600
        return query, open_ended

    def complete(self, query: Query, lang: str = "en") -> Query | Clarification:
        from assistant import i18n

        typed = query
        try:  # a reference with nothing to point at, anywhere in the completion, is a question back, never a crash
            self.context.added_before, self.context.added_to = self.context.added_to, None  # this turn adds anew
            query = machine_case.case_fit_follow(self, query)  # "4080装得下吗" after a case said: in that case
            query = schedule_rent.rent_of_schedule(self, query)  # "我每天跑5小时 跑半年" after a rate: that rent
            query = about_last.laptops_instead(self, query)  # "what about a laptop instead" after a pick: laptops
            query = rent_use.total_again(self, query)  # "what if its more like 1500 hours" after 500 in all
            query = pace.pace_asked(self, query)  # "what if its 10 runs a month": the last money question again
            query = measured_set.more_cards_after_check(self, query)  # "add a second p40" after "8 t/s, normal?"
            query = method_switch.job_with_method(self, query)  # "要是做全参微调呢" after a job's rent-or-buy
            query = format_asked.format_of_thread(self, query)  # "at fp8?" after a fit: that fit at fp8
            query = method_choice.need_of_the_fit(self, query)  # "不行的话最少得多大显存" after a fit: its need
            query = budget_after_card.pick_within(self, query)  # "那预算加到一千块呢" after a verdict on a card
            query = video_thread.memory_of_video(self, query)  # "24g 的卡能跑吗" after a video model's memory
            query = rent_use.rent_of_use(self, query)  # "monthly if its up 24/7" after a rate: the rent, not power
            query = rent_use.rent_at_weighed_use(self, query)  # "renting that per month" after 30 clips a week
            query = video_thread.clips_of_thread(self, query)  # "租5090跑一百段要花多少钱" after a video model's time
            query = rent_use.tariff_again(self, query)  # "电费按8毛算呢" after a rent or buy: it again at that tariff
            query = bills.bill_of_comparison(self, query)  # "电费一个月多少" after "3090和4090哪个好": both
            if query.intent == "spec":  # "how much power would we save with 4 h100s instead" after 16 cards' bill
                query = bills.saving_of_swap(self, self.context.last_query, query) or query
            query = speech_job.rent_of_transcription(self, query)  # "cheaper to just rent?" after 500 h of audio
            query = model_line.size_of_line(self, query)  # "would that run the 27b too" after Gemma 3 12B
            query = counted_rival.against_other(self, query)  # "那买两张4090不是更好" after "6000 ada和4090有啥区别"
            if isinstance(query, RecommendQuery) and (floor := size_for_rig(self, query)) is not None:
                query = floor  # "显存要20g以上的" after a build for a budget: that build among cards that large
            query, open_ended = self._from_context(query)
            video_use = getattr(query, "video_use", False)  # "视频生成呢": not the thread's image model
            self.context.brought_in = ()
            query = thread_edits.image_model_of_thread(self, query)  # "出一张图要多久" after "3060够跑sd吗"
            query = thread_edits.fix_of_thread(self, query)  # "what settings should i change" after a fit
            if isinstance(query, FollowUpQuery):
                self.context.brought_in = tuple(g.name for g in query.gpus if g.name and not g.pronoun)
                sold = thread_edits.resale_of_rent(self, query)  # "and if i sell it after 2 years" after rent or buy
                merged = sold or thread_edits.use_of_fit(self, query, merge(self, query))  # "and for training?"
                merged = thread_edits.quant_for_more_cards(query, merged)  # "add a second one" after iq3_xxs
                merged = thread_keeps.runs_on_more_cards(self, query, merged)  # "what about two of them" after a deal
                merged = measures.own_precision(self, query, merged)  # "and with a 3090 instead?" after iq4_xs
                merged = owned_machine.verdict_with_added(query, merged)  # "would adding my 3060 help": both cards
                follow = query
                query = job.run_on_named(self, merged)
                query = rent_context.schedule_of_rent(self, query)  # "would buying be cheaper" after a month's rent
                query = _stand_ins_kept(follow, query)  # "what about the rtx 4070 ultra": not in the data, said
            if (open_ended or thread.names_no_work(query)) and not video_use:  # "4080s和4090差多少" in an SD thread
                query = thread.inherit(self.context.setup, query)
            query = bills.build_bill(self, query)  # "and the power bill?" after a build: the machine it draws
            query = thread_use.bill_at_use(self, query)  # "它一年电费多少" after "想搞一台常开的推理机": at that use
            query = owned_machine.board_card(self, query)  # "will my b550 board handle two": two of the card picked
            if hasattr(query, "gpus"):
                named: Any = query  # a query with a gpus slot (checked)
                pointed = price_said.pointed(named.gpus, query.text)  # "it", or a card the thread brought in
                query = dataclasses.replace(named, gpus=fill(self, named.gpus, query.intent in COUNTED))
                query = thread_keeps.platform_count(query)  # "what motherboard do i need" after 2 x 5090: for two
                if pointed:  # "and if i buy it for 1600 instead": the amount is that card's price
                    query = price_said.price_of_card(query, lang)
            if open_ended:  # "how many watts does that pull from the wall" after 2 x RTX 3090
                query = from_context.power_of_set(self, query)
            query = usage.load_of_the_work(self, query)  # "the power bill for that" after 5000 images a day on it
            query = thread_edits.budget_of_thread(self, query)  # "why not a used 3090" after a pick within $600
            query = thread_keeps.machine_of_thread(self, query)  # "is the psu enough" after "... 1200w psu": that PSU
            query = owned_machine.machine_of_thread(self, query)  # "what psu for that" after "i have a 5600, b550"
            query = machine_case.case_of_thread(self, query)  # "would a 3090 fit in that case" after "..., 4000d"
            query = machine_case.ram_of_thread(self, query)  # "do i need more ram for flux" after "..., 32gb ddr4"
            query = thread_keeps.model_verdict_as_fit(self, query)  # "what about for flux" after "would a 3060 do"
            query = thread_keeps.limit_of_thread(self, query)  # "electric cost at 0.29" after a limit to 300 W
            query = thread_keeps.card_for_thread_work(self, query)  # "那还是买a6000吧，怎么样" in a job's thread
            query = thread_keeps.full_finetune_of_thread(self, query)  # "那买两张4090够吗" after "全参微调"
            query = pace.pace_kept(self, query)  # "renting that per month" after "3 runs a month": those runs
            query = thread_keeps.rent_what_holds(self, query)  # "那租呢" after "4090跑70b 不够": the 2 that hold it
            query = thread_keeps.rent_plural_holds(self, query)  # "on rented h100s" after a 126 GB fine-tune: 2
            query = thread_keeps.users_of_thread(self, query)  # "why not just one 4090?" after serving 30 users
            query = feature_asked(self, query)  # "4090 有吗" after "nvlink 是啥": whether the card has it
            query = count_kept.count_of_count_answer(self, query)  # "要跑多久" after "要几张": on that many
            query = thread_keeps.money_of_thread(self, query, typed, lang)  # "compare with renting" after £
            query = thread_keeps.ram_run_of_thread(self, query)  # "全放内存跑呢，ddr5 64g": that model, CPU only
        except NoSecondGpu as exc:
            if (based := base_card.against_base(query, self.memory_of)) is not None:
                return based  # "is the 5090d slower": against the RTX 5090 it is a version of
            alone = _why_not_alone(query)
            if alone is not None:  # "why not a used 3090 instead" after 30b models: that card for them
                return thread_keeps.model_verdict_as_fit(self, thread.inherit(self.context.setup, alone))
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.which_second", gpu=str(exc) or "GPU"),
            )
        except NoModelYet as exc:  # "would it fit?" after a pick with no model talked about: which model
            return Clarification(
                kind="missing",
                text=query.text,
                intent="fit",
                message=i18n.t(lang, "dialogue.which_model", gpu=str(exc) or "GPU"),
            )
        except FewerShown as exc:  # "the third one" after a pick that showed fewer cards: none to pick
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                message=i18n.t(
                    lang,
                    f"dialogue.fewer_shown_{'one' if len(exc.args) == 1 else 'some'}",
                    n=len(exc.args),
                    gpus=i18n.join_names(lang, list(exc.args)),
                ),
            )
        except OnlyOneShown as exc:  # "第二个" after a pick that showed one card: no second one to pick
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.only_one_shown", gpu=str(exc)),
            )
        except NoSuchVariant as exc:
            mention, base = exc.args
            return Clarification(
                kind="unknown_gpu",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.no_variant", mention=mention, base=base),
            )
        except NothingToReferTo as exc:
            alone = _without_pronouns(query)
            if alone is not None:  # "i want to do both lora training and 30b models, what build": "both" points at
                return self.complete(alone, lang)  # no card; the build / rent / pick stands on its own words
            if isinstance(query, SpecQuery) and query.topic in TOPIC_CONCEPTS:  # "散热怎么办" first: the concept
                return ExplainQuery(text=query.text, concept=TOPIC_CONCEPTS[query.topic], mention=query.text)
            if isinstance(query, PowerLimitQuery) and (query.share or query.watts):
                # "功耗墙压到70% 训练速度会掉多少": a share fits any card, the reference card shows it; "显卡功耗墙降到
                # 250w 跑推理性能掉多少": watts, the RTX 4090 (the card most capped, 450 W stock); both said an example
                ref = GpuRef(mention="", name=WATTS_EXAMPLE_GPU if query.watts else REFERENCE_GPU)
                return dataclasses.replace(query, gpus=(ref,), example=True)
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                # "power limit to 300w" with no GPU named and none talked about: which GPU
                message=i18n.t(lang, "dialogue.no_referent", mention=str(exc))
                if str(exc)
                else i18n.t(lang, "dialogue.no_gpu_yet"),
            )
        return query

    def remember(
        self,
        query: Query,
        gpus: list[str],
        choice: str | None,
        workload: str | None = None,
        precision: str | None = None,
        choice_count: int | None = None,
        figures: dict | None = None,
    ) -> None:
        ctx = self.context
        query = subject.as_answered(query, gpus)  # the laptop part the answer took a card as
        query = video_thread.as_answered(query, gpus, figures or {})  # the member of a video family it answered for
        ctx.job = job.job_after(ctx.job, query, gpus, figures or {})
        ctx.load = usage.load_after(ctx.load, query, gpus, figures or {})
        ctx.use = thread_use.use_after(ctx.use, query)  # "想搞一台常开的推理机": the use its bill is at
        ctx.idle_asked = "idle_power_w" in (figures or {}) and query.intent == "spec"
        # a build's draw at the wall, kept while its bill is asked again ("那电费呢" after "and the power bill?")
        # (and while the build's draw or PSU is asked: "power draw at full load?" answers no build of its own)
        kept_wall = ctx.build_wall if getattr(query, "build_draw", False) or query.intent == "rig" else None
        ctx.build_wall = (bills.build_of(figures or {}) or kept_wall) if query.intent == "rig" else kept_wall
        rig = (figures or {}).get("rig") or {}
        # (a recommendation an organization asked with a budget is answered by a build too: "lab has £25k to spend")
        built = query.intent == "rig" or (query.intent == "recommend" and bool(rig))
        ctx.build_total_usd = float(rig["total_usd"]) if built and rig.get("total_usd") else None
        said_psu = next((s.value for s in query.stated if s.dim == "watts" and s.whole == "psu"), None)
        ctx.psu_w = said_psu or machine_case.psu_of(query) or ctx.psu_w  # "my rig: ..., 600w bronze psu"
        ctx.case = getattr(query, "case", None) or query.case_said or ctx.case  # "..., corsair 4000d"
        said_ram = getattr(query, "system_ram_gb", None) or machine_case.ram_named(query.text)  # "..., 32gb ddr4"
        ctx.system_ram_gb = said_ram or ctx.system_ram_gb
        owned_machine.remember(ctx, query)  # "i already have a ryzen 5 5600, b550 board": kept for later asks
        ctx.short_of = thread_keeps.short_of(query, figures or {})
        ctx.need_gb = thread_keeps.need_of(query, figures or {}, ctx.need_gb)
        ctx.capability_said = "capability" in (figures or {})  # "what about two of them" next: what the two run
        # "and if only weekends?" changes one number of that bill; a money answer in between keeps it
        ctx.calc = (figures or {}).get("calc") or (ctx.calc if query.intent in ("rates", "cost") else None)
        verdict = (figures or {}).get("verdict")
        ctx.fits_at = verdict.get("fits_at") if isinstance(verdict, dict) else None
        if query.intent != "explain":  # "what if i power limit them" after 2 x RTX 3090: still the two cards
            ctx.focus_count = choice_count or 1 if choice else 1
        ctx.pending = None
        if query.intent == "explain" and getattr(query, "asked", None) == "why_not" and ctx.last_query is not None:
            return  # "why not amd" after a ranking is a side question: "那7900xt呢" still continues the ranking
        if query.intent == "explain":
            ctx.last_query = query  # "why?" / "为什么" after a concept: that concept, not an answer before it
            ctx.setup = thread.setup_after(ctx.setup, query)  # "a卡能跑sd吗" -> "那n卡呢": still about SD
            work = getattr(query, "workload", None)
            if work:
                ctx.workload, ctx.precision = work, None  # the precision was the other work's
            if gpus:  # "7900xtx在windows上能跑吗" -> "速度跟4090差多少": the card the concept was asked about
                ctx.gpus, ctx.focus, ctx.counts = list(gpus), gpus[0], {g: 1 for g in gpus}
                ctx.focus_count = 1
                ctx.recent = ([g for g in ctx.recent if g not in gpus] + list(gpus))[-4:]
            return
        if query.intent == "set" and not ctx.gpus:
            # "i bought a 3090 for $700 last year" with nothing talked about yet: that card is what "it" means next
            priced = list(dict.fromkeys(s.gpu for s in query.settings if s.key == "price_override" and s.gpu))
            if len(priced) == 1:
                ctx.gpus, ctx.recent, ctx.focus, ctx.counts = priced, priced, priced[0], {priced[0]: 1}
        if query.intent in ("set", "help"):
            return  # "and the 3090?" after "electricity is 0.30" still continues the question before it
        ctx.last_query = query
        ctx.setup = thread.setup_after(ctx.setup, query)
        ctx.history = [q for q in ctx.history if q is not query][-2:] + [query]
        if query.intent in ("recommend", "rig") and choice:
            ctx.pick = (choice, choice_count or 1)
        ctx.deal = subject.deal_after(ctx.deal, query)  # a card offered stays the thread's purchase
        if isinstance(query, SpecQuery) and query.owned:  # "we have 4 a100s in our lab": the user's cards from now on
            ctx.owned = tuple((g.name, g.count) for g in query.gpus if g.name)
        elif query.owned_gpus:  # "我有一张3060 12g，想玩ai绘画": the user's card, whatever was asked of it
            counts = {g.name: g.count for g in getattr(query, "gpus", ()) if g.name}
            ctx.owned = tuple((name, counts.get(name, 1)) for name in query.owned_gpus)
        # the same cards compared again ("tok/s for a 34b q4 on those"): the one talked about stays the one it was
        kept = ctx.focus if gpus and set(gpus) == set(ctx.gpus) and ctx.focus in gpus else None
        if gpus:
            ctx.gpus = list(gpus)
            ctx.recent = ([g for g in ctx.recent if g not in gpus] + list(gpus))[-4:]
            shown.remember(ctx, query, shown.listed(gpus, figures or {}), choice)
        # after a comparison "it" is the first GPU named and "the other" the second; otherwise the favoured one
        # a comparison asked in full whose answer picks a side: "it" / "that one" next is the pick ("what if i wait")
        # (the same cards again, "for inference then?", keep following the pick; after cards brought in, those cards)
        full = query.intent == "compare" and choice in gpus and not _brought_in(ctx, gpus)
        full = full and getattr(query, "premise", None) is None  # "why not the 4090": "it" next is the 4090
        full = full and not _measured(query)  # "how fast vs a 4090": a measure of the card asked about, no pick
        ctx.compare_pick = choice if full and (not kept or ctx.compare_pick) else None
        ctx.compare_choice = choice if query.intent == "compare" and choice in gpus else None
        ctx.focus = (
            (_brought_in(ctx, gpus) or kept or (gpus[0] if gpus else ctx.focus))
            if query.intent == "compare" and not (ctx.pick_asked and choice) and not _sets_weighed(figures)
            else choice or (gpus[0] if gpus else ctx.focus)
        )
        if choice and choice not in ctx.gpus:
            ctx.gpus = [choice, *ctx.gpus]
        if gpus or choice:
            asked = asked_counts(query, ctx.counts)
            count = getattr(query, "gpu_count", None)
            if len(asked) == 1 and count and count > 1:  # "两张呢" after a fit on one 3090: two of it now
                # (a fit answers on the count asked: "两张呢" after a fit on the lab's 4 x A100 is two of them now)
                asked = {name: count if query.intent == "fit" else max(n, count) for name, n in asked.items()}
            ctx.counts = {g: asked.get(g, 1) for g in ctx.gpus}
            for name, n in _sets_weighed(figures).items():  # "3090 vs 4090 for 70b" weighed 2 of each
                ctx.counts[name] = max(ctx.counts.get(name, 1), n) if name in ctx.counts else ctx.counts.get(name, 1)
            if choice and choice_count:
                ctx.counts[choice] = choice_count  # the pick of a ranking: "2 x RTX 3090"
            elif choice_count and len(ctx.gpus) == 1 and ctx.counts[ctx.gpus[0]] == 1:
                # a fit on a card named without a count that needs more: "要几张l20" -> "要 2 张 H20" (a set the user
                # stated, "4x 3060", keeps its own count)
                ctx.counts[ctx.gpus[0]] = choice_count
            ctx.focus_count = ctx.counts.get(ctx.focus or "", ctx.focus_count)
            ctx.seen_counts.update(ctx.counts)
        ctx.workload = workload or ctx.workload
        ctx.precision = precision or ctx.precision
        model = getattr(query, "model", None)
        if model is not None:
            ctx.model = model.key
        count = getattr(query, "gpu_count", None)
        if count:
            ctx.gpu_count = count


def _sets_weighed(figures: dict | None) -> dict[str, int]:
    """The card counts a comparison for a model weighed and picked from ("3090 vs 4090 for llama 70b": 2 of each,
    "Get 2 x RTX 3090"): "psu for it" next is about the set picked. {} when the answer weighed no sets."""
    if not (figures or {}).get("model_sets_pick"):
        return {}
    sets = (figures or {}).get("model_sets") or {}
    return {name: int(row.get("count", 1)) for name, row in sets.items() if isinstance(row, dict)}


def _money_said(query: Query) -> str | None:
    """The currency the question's money settings were typed in (dollars too: "at $0.20/kwh" in a yuan thread)."""
    money = [s for s in getattr(query, "settings", ()) if s.key in ("electricity_usd_per_kwh", "budget_usd")]
    return next((s.currency or "USD" for s in money), None)


def _why_not_alone(query: Query) -> Query | None:
    """ "why not just buy a P40", "p40才900块 为啥大家都说别买" with no card talked about: nothing to set it against,
    so the question is that card's case, its catches said (a verdict with VerdictQuery.risks), not "compare with
    which?"."""
    from assistant.queries import CompareQuery, VerdictQuery

    if not isinstance(query, CompareQuery) or query.premise != "first" or _ASKED_OF_US.search(query.text):
        return None  # "why not recommend a 4090", "why didnt you pick it": asked of an answer, which one is asked back
    if not _WHY_NOT.search(query.text):
        return None  # "why is the 5090 so much faster": faster than what is asked back
    named = [g for g in query.gpus if g.name and not g.pronoun]
    if len(named) != 1:
        return None
    return VerdictQuery(text=query.text, gpus=(named[0],), kind="good", workload=query.workload, risks=True)


_RENT_ONE = "one"  # the mention nlu/intents/rates.cloud_gpus gives "rent one" ("cheapest place to rent one")
_STANDS_ALONE = frozenset({"rig", "rent_or_buy", "recommend"})  # answered without a card named


def _without_pronouns(query: Query) -> Query | None:
    """A build, rent-or-buy or pick whose only cards are pronouns with nothing to point at ("both", "that", "them":
    "what exact build for both", "is buying realistic or is that a trap"): the query without them, else None. A
    provider asked with no card ("which provider", "租卡哪个平台便宜") is the cheapest cloud GPUs."""
    gpus = getattr(query, "gpus", ())
    if getattr(query, "any_card", False):  # "租卡哪个平台便宜", "which provider" first thing: the cheapest cloud GPUs
        return RatesQuery(text=query.text, mode="by_memory", workload=getattr(query, "workload", None))
    if query.intent == "rates" and [g.mention for g in gpus] == [_RENT_ONE]:  # "cheapest place to rent one": any GPU
        return dataclasses.replace(query, gpus=(), mode="by_memory")  # type: ignore[call-arg]
    if query.intent == "rates" and getattr(query, "mode", "") == "rates" and _rent_which(gpus):
        # "租卡跑sd 哪张性价比高" first thing: which GPU to rent, none talked about: every rented GPU, ranked
        return dataclasses.replace(query, gpus=(), mode="by_memory")  # type: ignore[call-arg]
    if query.intent == "verdict" and getattr(query, "kind", None) == "wait" and all(g.pronoun for g in gpus):
        return dataclasses.replace(query, gpus=())  # type: ignore[call-arg]  # "or should i wait": no card to time
    if query.intent not in _STANDS_ALONE or not gpus or not all(g.pronoun and not g.name for g in gpus):
        return None
    return dataclasses.replace(query, gpus=())  # type: ignore[call-arg]


def _rent_which(gpus) -> bool:
    """The one open "them" of "which to rent" (intents/rates.which_to_rent): the cards talked about, any number."""
    return len(gpus) == 1 and gpus[0].pronoun == "them" and gpus[0].count_open and not gpus[0].name
