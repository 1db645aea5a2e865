"""Transcription time in a fit answer on a Whisper model (docs/model.md §speech.speed): the real-time factor on the
card asked and, when the question states an amount of audio ("40 hours of podcast audio", "一小时音频",
"120小时录音"), the time it takes, one file at a time and with faster-whisper's batched pipeline.

Contract: `audio_seconds(text)` -> seconds of audio stated, or None; `speech_lead(env, query, model, gpu, n)` ->
(headline, steps, figures) or None when the speed model does not rate the card (not NVIDIA, unrated) or the size.
The audio words are lexicon data (`audio_words`); numbers are digits or the Chinese numerals one to ten.
"""

from __future__ import annotations

import math
import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import speech_speed
from assistant.nlu.lexicon import lexicon
from assistant.nlu.tagging.cn_numerals import cn_amount
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.wording import duration
from assistant.specs import GpuSpec, ModelSpec

_UNITS = {"hour": 3600.0, "hr": 3600.0, "h": 3600.0, "小时": 3600.0, "个小时": 3600.0, "minute": 60.0, "min": 60.0}
_UNITS |= {"分钟": 60.0}


def _pattern(lang_words: list[str]) -> re.Pattern:
    audio = "|".join(re.escape(w) for w in sorted(lang_words, key=lambda w: (-len(w), w)))
    num = r"(\d[\d,]*(?:\.\d+)?|[半一两二三四五六七八九十])"
    unit = r"(hours?|hrs?|h|minutes?|mins?|个小时|小时|分钟)"
    return re.compile(rf"{num}\s*-?\s*{unit}\s*(?:of\s+)?(?:[a-z]+\s+){{0,2}}?(?:的)?\s*(?:{audio})", re.I)


def audio_seconds(text: str, lang: str = "en") -> float | None:
    words = sorted(lexicon("en").listed("audio_words") | lexicon("zh").listed("audio_words"))
    m = _pattern(words).search(text.lower())
    if not m:
        return None
    raw, unit = m.group(1), m.group(2).lower()
    value = cn_amount(raw) or float(raw.replace(",", ""))
    scale = next((v for k, v in _UNITS.items() if unit == k or unit.rstrip("s") == k), 3600.0)
    return float(value) * scale


def speech_lead(
    env: Env, query: FitQuery, model: ModelSpec, gpu: GpuSpec, n: int
) -> tuple[str, list[str], dict] | None:
    t = speech_speed.transcription(gpu, env.reader.gpu(C.WHISPER_REF_GPU), model)
    if t is None:
        return None
    n = max(int(n or 1), 1)  # several cards: each takes its own files
    figures = {
        "transcribe_realtime_factor": round(t.rtf * n, 1),
        "transcribe_realtime_factor_batched": round(t.rtf_batched * n, 1),
    }
    audio = audio_seconds(query.text, env.lang)
    values = dict(
        model=model.name,
        gpu=env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        if n == 1
        else env.t("fit.where_many", n=n, gpu=gpu.short_name),
        rtf=f"{t.rtf * n:.0f}",
        rtf_b=f"{t.rtf_batched * n:.0f}",
        hour=duration(env, 1 / (t.rtf * n)),
        hour_b=duration(env, 1 / (t.rtf_batched * n)),
    )
    lex, text = lexicon(env.lang), query.text.lower()
    streams_asked = lex.words_in("stream_count_asks", text) or (
        lex.words_in("realtime_words", text) and lex.words_in("asked_count", text)
    )
    if not audio and streams_asked:
        # "how many real-time whisper streams can one l40s handle": throughput caps the live streams at the batched
        # real-time factor; live chunks of a few seconds batch worse, so it is an upper bound
        figures["realtime_streams_at_most"] = math.floor(t.rtf_batched * n)
        how = env.t(
            "fit.speech_how", one=f"{t.gpu_factor:.2f}", many=f"{t.batched_factor:.2f}", size=f"{t.size_factor:g}"
        )
        return env.t("fit.speech_streams", streams=figures["realtime_streams_at_most"], **values), [how], figures
    period = _period_hours(query, env) if audio else None
    if audio and period:  # "一天要转写5000小时录音 要几张4090": the cards that keep up, each with its own files
        one, many = t.seconds(audio) / 3600, t.seconds(audio, batched=True) / 3600
        cards, cards_1 = max(math.ceil(many / period), 1), max(math.ceil(one / period), 1)
        figures |= {"audio_hours": round(audio / 3600, 2), "gpus_needed": cards, "gpus_needed_one_at_a_time": cards_1}
        head = env.t(
            "fit.speech_cards",
            audio=_amount(env, audio / 3600),
            period=duration(env, period),
            cards=cards,
            cards_1=cards_1,
            card=gpu.short_name,
            **values,
        )
    elif audio:
        hours = audio / 3600
        figures |= {"audio_hours": round(hours, 2), "transcribe_hours": round(t.seconds(audio) / 3600 / n, 3)}
        figures["transcribe_hours_batched"] = round(t.seconds(audio, batched=True) / 3600 / n, 3)
        head = env.t(
            "fit.speech_time",
            audio=_amount(env, hours),  # in the user's own unit, not re-worded into days
            time=duration(env, t.seconds(audio) / 3600 / n),
            time_b=duration(env, t.seconds(audio, batched=True) / 3600 / n),
            **values,
        )
    else:
        head = env.t("fit.speech_rate", **values)
    steps = [
        env.t(
            "fit.speech_how",
            one=f"{t.gpu_factor:.2f}",
            many=f"{t.batched_factor:.2f}",
            size=f"{t.size_factor:g}",
        )
    ]
    return head, steps, figures


def _amount(env: Env, hours: float) -> str:
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
