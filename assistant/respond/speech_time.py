"""Transcription time in a fit answer on a Whisper model (docs/model.md §speech.speed): the real-time factor on the
card asked and, when the question states an amount of audio ("40 hours of podcast audio", "一小时音频",
"120小时录音"), the time it takes, one file at a time and with faster-whisper's batched pipeline.

Contract: `audio_seconds(text)` (nlu/audio.py) -> seconds of audio stated, or None; `speech_lead(env, query, model,
gpu, n)` -> (headline, steps, figures) or None when the speed model does not rate the card (not NVIDIA, unrated) or
the size.
The audio words are lexicon data (`audio_words`); numbers are digits or the Chinese numerals one to ten.
"""

from __future__ import annotations

import math

from assistant import i18n
from assistant.models import constants as C
from assistant.models import speech_speed
from assistant.nlu.audio import audio_seconds
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import duration
from assistant.specs import GpuSpec, ModelSpec


def _engines(env: Env, query: FitQuery) -> tuple[bool, bool]:
    """(openai-whisper named, faster-whisper named): lexicon whisper_openai_words / whisper_faster_words."""
    lex, text = lexicon(env.lang), query.text.lower()
    return bool(lex.words_in("whisper_openai_words", text)), bool(lex.words_in("whisper_faster_words", text))


def _rates(t: speech_speed.Transcription, env: Env, query: FitQuery) -> tuple[str, float, float, float | None]:
    """(the engine label, its real-time factor one file at a time, faster-whisper's batched factor, openai-whisper's
    factor when both engines are named): faster-whisper at fp16 unless int8 or openai-whisper alone is named."""
    openai, faster = _engines(env, query)
    prec = "int8" if query.precision == "int8" else "fp16"
    batched = t.of("faster-whisper", prec, batched=True) or t.rtf_batched
    if openai and not faster:
        return (
            env.t("fit.speech_engine", engine="openai-whisper", prec="fp16"),
            t.of("openai-whisper", "fp16") or 0,
            batched,
            None,
        )
    rtf = t.of("faster-whisper", prec) or t.rtf
    return (
        env.t("fit.speech_engine", engine="faster-whisper", prec=prec),
        rtf,
        batched,
        (t.of("openai-whisper", "fp16") if openai else None),
    )


def speech_lead(
    env: Env, query: FitQuery, model: ModelSpec, gpu: GpuSpec, n: int
) -> tuple[str, list[str], dict] | None:
    t = speech_speed.transcription(gpu, env.reader.gpu(C.WHISPER_REF_GPU), model)
    if t is None:
        return None
    n = max(int(n or 1), 1)  # several cards: each takes its own files
    engine, rtf, rtf_b, rtf_openai = _rates(t, env, query)
    if rtf <= 0:
        return None
    rtf, rtf_b = rtf * n, max(rtf_b, rtf / n) * n
    figures = {
        "transcribe_realtime_factor": round(rtf, 1),
        "transcribe_realtime_factor_batched": round(rtf_b, 1),
        # the same figure as hours of audio per hour of compute (calc's energy / bill arithmetic reads it)
        "audio_hours_per_hour": round(rtf, 1),
        "audio_hours_per_hour_batched": round(rtf_b, 1),
    }
    audio = audio_seconds(query.text, env.lang) or query.audio_s  # the amount said now, else the thread's
    values = dict(
        model=model.name,
        gpu=env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        if n == 1
        else env.t("fit.where_many", n=n, gpu=gpu.short_name),
        engine=engine,
        rtf=f"{rtf:.0f}",
        rtf_b=f"{rtf_b:.0f}",
        hour=_short(env, 1 / rtf),
        hour_b=_short(env, 1 / rtf_b),
    )
    how = env.t("fit.speech_how", one=f"{t.gpu_factor:.2f}", many=f"{t.batched_factor:.2f}", size=f"{t.size_factor:g}")
    steps = [how]
    if not (query.model and query.model.mention):  # "transcribe 200 h of audio on a 4090": no size named
        steps.insert(0, env.t("fit.speech_assumed", model=model.name))
    lex, text = lexicon(env.lang), query.text.lower()
    streams_asked = lex.words_in("stream_count_asks", text) or (
        lex.words_in("realtime_words", text) and lex.words_in("asked_count", text)
    )
    if not audio and streams_asked:
        # "how many real-time whisper streams can one l40s handle": throughput caps the live streams at the batched
        # real-time factor; live chunks of a few seconds batch worse, so it is an upper bound
        figures["realtime_streams_at_most"] = math.floor(rtf_b)
        return env.t("fit.speech_streams", streams=figures["realtime_streams_at_most"], **values), steps, figures
    period = _period_hours(query, env) if audio else None
    if audio and period:  # "一天要转写5000小时录音 要几张4090": the cards that keep up, each with its own files
        one, many = audio / rtf * n / 3600, audio / rtf_b * n / 3600
        cards, cards_1 = max(math.ceil(many / period), 1), max(math.ceil(one / period), 1)
        figures |= {"audio_hours": round(audio / 3600, 2), "gpus_needed": cards, "gpus_needed_one_at_a_time": cards_1}
        head = env.t(
            "fit.speech_cards",
            audio=amount(env, audio / 3600),
            period=duration(env, period),
            cards=cards,
            cards_1=cards_1,
            card=gpu.short_name,
            **values,
        )
    elif audio:
        hours = audio / 3600
        figures |= {"audio_hours": round(hours, 2), "transcribe_hours": round(hours / rtf, 3)}
        figures["transcribe_hours_batched"] = round(hours / rtf_b, 3)
        head = env.t(
            "fit.speech_time",
            audio=amount(env, hours),  # in the user's own unit, not re-worded into days
            time=duration(env, hours / rtf),
            time_b=duration(env, hours / rtf_b),
            **values,
        )
    elif rtf_openai:  # "faster whisper vs openai whisper on a 3090": the two engines on that card
        rtf_o = rtf_openai * n
        figures["transcribe_realtime_factor_openai"] = round(rtf_o, 1)
        head = env.t("fit.speech_engines", ratio=f"{rtf / rtf_o:.1f}", rtf_o=f"{rtf_o:.0f}", **values)
    else:
        head = env.t("fit.speech_rate", **values)
    return head, steps, figures


def _short(env: Env, hours: float) -> str:
    """A short time: seconds under two minutes ("an hour in about 30 seconds"), else `duration`."""
    if hours * 60 < 2:
        return env.t("fit.speech_seconds", n=f"{max(hours * 3600, 1):.0f}")
    return duration(env, hours)


def amount(env: Env, hours: float) -> str:
    """An amount of audio in hours or minutes, as the user would say it (never re-worded into days)."""
    if hours == 1:
        return env.t("fit.speech_one_hour")
    if hours >= 1:
        return env.t("duration.hours", n=f"{hours:,.4g}")
    return env.t("duration.minutes", n=f"{hours * 60:,.4g}")


def _period_hours(query: FitQuery, env: Env) -> float | None:
    """The time the audio must be done in when the question asks how many cards: a deadline read, else "a day" /
    "a week" (lexicon period_day / period_week); None when no count of cards is asked."""
    text, lex = query.text.lower(), lexicon(env.lang)
    if not lex.words_in("asked_count", text):
        return None
    if query.deadline_hours:
        return float(query.deadline_hours)
    if lex.words_in("period_day", text):
        return 24.0
    return 168.0 if lex.words_in("period_week", text) else None
