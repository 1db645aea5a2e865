"""Follow-ups that ask a measure of what the last answer was about: speed ("how fast?", "tokens/s on it?",
"how many seconds per image on that?") and time ("how long would 50m tokens take", "the job is about 120
hours total").

Contract: each function takes the dialogue, the question it continues (or a follow-up) and
returns the typed query that answers it: the model's speed on the GPUs of a fit or on the pick
of a recommendation, the speed aspect of a comparison, the speed figures of the GPUs talked
about; a training time after a fine-tuning fit, the rent for a number of hours after rates.
Raises `NothingToReferTo` when there is nothing to measure.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from assistant.dialogue.references import NoModelYet, NothingToReferTo, fill, focus_refs
from assistant.queries import GpuRef, Query
from assistant.query_talk import FollowUpQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue


def speed_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "how fast?", "tokens per sec?" after an answer: the model's speed after a fit (or after a
    recommendation for a model, on the GPU it favoured), the speed aspect after a comparison, else
    the speed figures of the GPUs talked about."""
    from assistant.queries import CompareQuery, FitQuery, RecommendQuery, SpecQuery

    ctx = dlg.context
    if isinstance(base, FitQuery) and not base.gpus and base.targets and not follow.gpus:
        return base  # "how fast?" after the sets that serve N users: their speeds per user, as answered
    if isinstance(base, FitQuery) and not base.gpus and ctx.focus and not follow.gpus:
        # "how fast" after the cards a budget buys for the model ("i want to run 70b models" within $2,000): on them
        base = dataclasses.replace(base, gpus=(GpuRef(mention=ctx.focus, name=ctx.focus, count=ctx.focus_count),))
    if isinstance(base, FitQuery):  # "how fast would that be with 32k context": at the context (precision) stated
        if ctx.needed and len(base.gpus) == 1 and not follow.gpu_count:  # "每秒多少token" after "要 2 张": on both
            base = dataclasses.replace(base, gpus=(dataclasses.replace(base.gpus[0], count=ctx.needed),))
        named = any(g.name for g in follow.gpus)  # "how many tok/s would that be": "that" is the quant, no card
        if ctx.fits_at and not base.precision and not follow.precision and not named:
            base = dataclasses.replace(base, precision=ctx.fits_at)  # "tok/s at that quant?": the one that fits
            ctx.fitted_precision = ctx.fits_at
        return dataclasses.replace(
            base,
            text=follow.text,
            settings=follow.settings,
            want_speed=True,
            images_in_hours=follow.images_in_hours,  # "how many could i crank out in an hour"
            # "i have 300 hours of audio" after Whisper on a 3060: that much audio, kept for the next turns
            audio_s=(follow.hours_total or follow.hours_bare or 0) * 3600 or base.audio_s or ctx.setup.audio_s
            if transcribes(base)
            else None,
            **stated_setup(follow),
        )
    picked = ctx.compare_pick if follow.gpus and all(g.pronoun == "it" for g in follow.gpus) else None
    if isinstance(base, CompareQuery) and base.model is not None and picked:
        # "how many tokens per second would i get with the one you picked" after "Get 2 x RTX 5090": on the pick
        count = ctx.focus_count if ctx.focus == picked else ctx.counts.get(picked, 1)
        pick = GpuRef(mention=picked, name=picked, count=count)
        fit = FitQuery(text=follow.text, model=base.model, gpus=(pick,), want_speed=True, settings=follow.settings)
        return dataclasses.replace(fit, **stated_setup(follow))
    if isinstance(base, CompareQuery):
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, aspect="speed")
    focus = ctx.focus_or_first()
    if isinstance(base, RecommendQuery) and base.model is not None and focus:
        return FitQuery(
            text=follow.text,
            model=base.model,
            gpus=(GpuRef(mention=focus, name=focus, count=ctx.counts.get(focus, ctx.focus_count)),),
            precision=base.precision,
            context_tokens=base.context_tokens,
            want_speed=True,
            settings=follow.settings,
            **stated_setup(follow),
        )
    thread = on_the_thread(dlg, follow, want_speed=True)
    if thread is not None:  # "how many secs per image on it" after the vram of the pick for sdxl
        return thread
    if not ctx.gpus:
        raise NothingToReferTo(follow.text)
    if isinstance(base, RecommendQuery) and focus and base.workload == "llm_inference":  # "how fast?" after a pick
        return SpecQuery(text=follow.text, gpus=focus_refs(dlg), fields=("speed",), workload=base.workload)
    return SpecQuery(text=follow.text, gpus=tuple(GpuRef(mention="", name=g) for g in ctx.gpus[:4]), fields=("speed",))


def on_the_thread(
    dlg: Dialogue, follow: FollowUpQuery, want_speed: bool = False, want_time: bool = True
) -> Query | None:
    """The thread's model (or size) on the GPUs the follow-up names, else on those it was last answered with, as a
    fit asking a speed or a training time ("how fast would it be on that" after the power draw of the pick, "how
    long would it take on a 4090" after renting against buying for a QLoRA job: that job, with its data); None
    when the thread names no model."""
    from assistant.queries import FitQuery

    setup = dlg.context.setup
    refs = fill(dlg, follow.gpus, counted=True) if follow.gpus else focus_refs(dlg)
    if not setup.named() or not refs:
        return None
    training = want_time and not want_speed
    if training and not follow.mode and not setup.trains() and transcribes(setup):  # "how long" after Whisper
        training, want_speed = False, True  # picked for transcribing: the transcription's time, not a fine-tune's
    # a training time is asked: LoRA unless said, every weight when the thread's job is from scratch
    mode = setup.mode or (("full_finetune" if setup.pretrain else "lora") if training else "inference")
    data = job_data(setup, follow) if training or setup.trains() else {"tokens": follow.tokens}
    return FitQuery(
        text=follow.text,
        model=setup.model,
        params_b=setup.params_b,
        gpus=refs,
        precision=follow.precision or setup.precision,
        mode=follow.mode or mode,
        context_tokens=follow.context_tokens or setup.context_tokens,
        # "两张a6000够吗" after serving a 70B model to 20 users: for them, with the speed each gets
        want_speed=want_speed or any(kind == "users" for kind, _ in setup.targets),
        want_time=training,
        settings=follow.settings,
        targets=follow.targets or setup.targets,
        batch=setup.batch if not training else None,
        # "3060够用吗" after 500 sdxl images a day: those images timed on it, and what they take a day
        images=setup.images if not training else None,
        images_per=setup.images_per if not training else None,
        audio_s=(follow.hours_total or 0) * 3600 or setup.audio_s if transcribes(setup) and not training else None,
        # "how long would that take on a 4090" after "a small gpt from scratch": a pretraining run, not a fine-tune
        pretrain=training and setup.pretrain and (follow.mode or mode) == "full_finetune",
        **data,
    )


def transcribes(query) -> bool:
    """A fit of a Whisper model for inference (a transcription, §speech.speed)."""
    model = getattr(query, "model", None)
    return model is not None and model.key.startswith("whisper") and query.mode in (None, "inference")


def stated_setup(follow: FollowUpQuery) -> dict:
    """The set-up details a follow-up states for the fit it measures again ("with 32k context", "at q8"), as fields of
    a fit; none stated: {} (the fit keeps its own)."""
    return {key: getattr(follow, key) for key in ("precision", "context_tokens") if getattr(follow, key) is not None}


def job_data(job, follow: FollowUpQuery) -> dict:
    """The data of the job talked about (`job`: a query or the thread's set-up) with what `follow` states instead:
    "with 100k samples" replaces a token count stated before, "on 50m tokens" replaces the samples."""
    from assistant.dialogue.thread import JOB_DATA

    data = {key: getattr(job, key, None) for key in JOB_DATA}
    stated = {key: getattr(follow, key, None) for key in JOB_DATA}
    stated = {key: value for key, value in stated.items() if value is not None}
    if "tokens" in stated:
        data.update(samples=None, sample_tokens=None)
    if "samples" in stated or "sample_tokens" in stated:
        data["tokens"] = None
    return data | stated


def changes_job(follow: FollowUpQuery) -> bool:
    """The follow-up states data of a training job ("if i do 3 epochs instead", "with 100k samples")."""
    return any(getattr(follow, key) is not None for key in ("samples", "sample_tokens", "epochs"))


def fit_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "will it fit", "does it fit", "显存够吗": the last fit again (a comparison for a model again: it says whether
    each side holds it), or the thread's model on the GPUs talked about."""
    from assistant.queries import CompareQuery, FitQuery

    if isinstance(base, FitQuery):
        named: dict = {"gpus": fill(dlg, follow.gpus, counted=True)} if follow.gpus else {}
        if follow.model is not None or follow.params_b:  # "what if we did 8b instead, can we do that on a 4090"
            named.update(model=follow.model, params_b=follow.params_b)
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, **named)
    pick = dlg.context.compare_pick or dlg.context.compare_choice
    if isinstance(base, CompareQuery) and base.model is not None and follow.asked_figure == "count" and pick:
        # "要几张" after "H20 还是 L20 ... 部署 70b": how many of the pick hold the model (a fit asked as a count)
        one = (GpuRef(mention="", name=pick),)
        return FitQuery(
            text=follow.text, model=base.model, gpus=one, precision=base.precision, settings=follow.settings
        )
    if isinstance(base, CompareQuery) and base.model is not None:  # "显存够吗" after "4090和3090跑flux哪个快": both
        return dataclasses.replace(base, text=follow.text, settings=follow.settings)
    thread = on_the_thread(dlg, follow, want_speed=False, want_time=False)
    if thread is None and dlg.context.gpus and follow.model is None and not follow.params_b:
        raise NoModelYet(dlg.context.focus_or_first())  # "would it fit?" after a pick: which model, on that card
    if thread is None:
        raise NothingToReferTo(follow.text)
    if follow.model is not None or follow.params_b:  # "what if we did 8b instead, can we do that on a 4090": 8B
        sized: Any = thread  # a fit (on_the_thread builds one)
        return dataclasses.replace(sized, model=follow.model, params_b=follow.params_b)
    return thread


def time_of_last(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query:
    """ "how long would 50m tokens take" after a fine-tuning fit (its training time on that data) or a cloud
    job (the job on that data); "the job is about 120 hours total, what does that come to" after cloud rates
    (the rent for those hours)."""
    from assistant.queries import FitQuery, RatesQuery

    if isinstance(base, RatesQuery) and follow.hours_total:
        mode = "rent" if base.mode == "rates" else base.mode  # rates for those hours: a rental
        gpus = fill(dlg, follow.gpus) if follow.gpus else base.gpus  # "total cost for each": every GPU talked about
        return dataclasses.replace(
            base,
            text=follow.text,
            settings=follow.settings,
            mode=mode,
            hours=follow.hours_total,
            period=None,
            gpus=gpus,
        )
    each = _each_compared(dlg, base, follow)  # "how long would each take on 50k samples" after 3090 vs 4090
    if each is not None:
        return each
    named = fill(dlg, follow.gpus, counted=True) if follow.gpus else ()  # "how long would it take on a 4090"
    if isinstance(base, RatesQuery) and base.mode == "job":
        return dataclasses.replace(
            base, text=follow.text, settings=follow.settings, gpus=named or base.gpus, **job_data(base, follow)
        )
    hours = follow.hours_total or follow.hours_bare
    if isinstance(base, FitQuery) and transcribes(base) and not follow.mode:
        # "我有300小时" after Whisper on a 3060: that much audio transcribed on the cards talked about; "how long"
        # alone: its transcription speed there (no fine-tuning time: the thread transcribes)
        audio = hours * 3600 if hours else (base.audio_s or dlg.context.setup.audio_s)
        return dataclasses.replace(
            base, text=follow.text, settings=follow.settings, gpus=named or base.gpus, audio_s=audio, want_speed=True
        )
    if isinstance(base, FitQuery) and base.images and base.mode in (None, "inference") and not follow.mode:
        # "how many hours a day would it be running then" after 5,000 images a day on a 3090: their time (a day's)
        return dataclasses.replace(base, text=follow.text, settings=follow.settings, gpus=named or base.gpus)
    if isinstance(base, FitQuery) and (base.mode != "inference" or not dlg.context.setup.trains()):
        mode = base.mode if base.mode != "inference" else "lora"  # a training time is asked: LoRA unless said
        return dataclasses.replace(
            base,
            text=follow.text,
            settings=follow.settings,
            want_time=True,
            gpus=named or base.gpus,
            mode=follow.mode or mode,
            train_steps=follow.train_steps or base.train_steps,  # "how long would a 2000 step lora take on it"
            **job_data(base, follow),
        )
    thread = on_the_thread(dlg, follow)  # "how long would 100m tokens take on it" after comparing two cards for it
    if thread is None:
        raise NothingToReferTo(follow.text)
    return thread


def _each_compared(dlg: Dialogue, base: Query | None, follow: FollowUpQuery) -> Query | None:
    """A training time asked after two or more cards were compared for the thread's training job, no card named: the
    job on each of them apart (each card's hours and what renting it would cost, dialogue/rent_context.job_rates),
    not the cards together as one set; None otherwise."""
    from assistant.dialogue.rent_context import job_rates
    from assistant.queries import CompareQuery

    setup = dlg.context.setup
    plural = all(g.pronoun in ("them", "both", "all") for g in follow.gpus)  # "each", "they"; "on it" is one card
    if not isinstance(base, CompareQuery) or not setup.trains() or not plural:
        return None
    cards = tuple(dataclasses.replace(g, pronoun=None) for g in base.gpus if g.name)
    if len({g.name for g in cards}) < 2:
        return None
    # a training time asked: LoRA unless a method was said, as for one card (time_of_last)
    job = dataclasses.replace(setup, mode=follow.mode or setup.mode or "lora", **job_data(setup, follow))
    return job_rates(dataclasses.replace(follow, settings=follow.settings), cards, None, job)


def speed_of_fit(dlg: Dialogue, query: Query) -> Query:
    """ "how fast would it be?" right after "will llama 3 70b fit on two 3090s?" (or "how many seconds per
    image on that?" after a pick for a model): the model's speed on those GPUs, not the GPU's training speed."""
    from assistant.queries import CompareQuery, FitQuery, RecommendQuery, SpecQuery

    last = dlg.context.last_query
    if not (isinstance(query, SpecQuery) and query.fields == ("speed",)):
        return query
    if any(g.pronoun is None for g in query.gpus):
        return query  # "how fast is the 4090?" names its own GPU
    if not (getattr(last, "model", None) and isinstance(last, (FitQuery, RecommendQuery, CompareQuery))):
        thread = on_the_thread(dlg, FollowUpQuery(text=query.text, settings=query.settings), want_speed=True)
        return thread or query  # "how fast is it on that" after the power draw of the pick for a model
    # "how many seconds per image on that?" after a pick for sdxl: the model's speed on the pick
    said = tuple(g for g in query.gpus if g.pronoun == "it")  # "how fast is your pick?" after a comparison: the pick
    return speed_of_last(dlg, last, FollowUpQuery(text=query.text, gpus=said, want_speed=True, settings=query.settings))


def own_precision(dlg: Dialogue, follow: FollowUpQuery, merged: Query) -> Query:
    """ "and with a 3090 instead?" after the speed of 2 x RTX 3080 at the iq4_xs they needed: the cards named are
    weighed at the precision they fit at, not at the one the cards before needed (a precision the user states is
    kept: `follow.precision`)."""
    fitted = dlg.context.fitted_precision
    named = any(g.pronoun is None and g.name for g in follow.gpus)
    if not fitted or not named or follow.precision or getattr(merged, "precision", None) != fitted:
        return merged
    return dataclasses.replace(merged, precision=None)  # type: ignore[call-arg]
