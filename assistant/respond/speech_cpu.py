"""Whisper transcription on the CPU alone ("how long to transcribe 10 hours of audio with whisper on cpu", "纯cpu跑
whisper large-v3 转写一小时录音要多久"): audio per hour of compute, never tokens/s.

Contract: `respond(query, env, model)` answers a fit question on a Whisper model with no GPU and the CPU asked
(respond/cpu_fit.cpu_only) from the one published CPU run (faster-whisper README, v1.1.0: Whisper small, 13 minutes of
audio, 8 threads of a Core i7-12700K: faster-whisper int8 beam 5 in 1m42s, batch 8 in 51 s; openai/whisper fp32 in
6m58s; knowledge/sources/models.csv speech-faster-whisper-cpu), scaled to the size asked by the openai/whisper README's
relative speeds (constants WHISPER_RELATIVE_SPEED, as §speech.speed does between sizes) [A]. The amount of audio said
("10 hours of audio") is timed. figures["speech_cpu"] holds the real-time factors and the time.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.nlu.audio import audio_seconds
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.speech_time import amount
from assistant.respond.wording import duration
from assistant.specs import ModelSpec

REF_AUDIO_S = 13 * 60.0  # the README's 13 minutes of audio [R]
# seconds the README's CPU run took for it (Whisper small, 8 threads, Core i7-12700K) [R]
REF_CPU_SECONDS = {"int8": 102.0, "int8_batched": 51.0, "openai_fp32": 418.0}
REF_MODEL = "whisper-small"
_SIZED = re.compile(r"tiny|base|small|medium|large|turbo|distil")
# whether it runs asked ("can i", "or do i need a gpu", "realtime on a cpu"): the yes first when it keeps up
_CAN = re.compile(
    r"\bcan\b|\bcould\b|possible|need a gpu|need a graphics|real.?time"
    r"|能不能|能跑|能用|可以|行不行|跑得动|实时|需要显卡"
)


def rtf(model_key: str, run: str) -> float:
    """Real-time factor on the reference CPU of `run` for the size `model_key` (sizes scaled as §speech.speed)."""
    speeds = C.WHISPER_RELATIVE_SPEED
    # large-v3-turbo cuts only the decoder; on a CPU its large encoder does most of the work: counted as large [A]
    size = C.WHISPER_RELATIVE_SPEED_BATCHED.get(model_key, speeds.get(model_key, 1.0))
    return REF_AUDIO_S / REF_CPU_SECONDS[run] * size / speeds[REF_MODEL]


def respond(query: FitQuery, env: Env, model: ModelSpec) -> Answer:
    one, openai = rtf(model.key, "int8"), rtf(model.key, "openai_fp32")
    batched = max(rtf(model.key, "int8_batched"), one)
    audio = audio_seconds(query.text) or query.audio_s
    hour = duration(env, 1 / one)
    if audio:
        head = env.t(
            "speech_cpu.lead_time",
            model=model.name,
            audio=amount(env, audio / 3600),  # the audio in the user's own unit ("300 hours", not "12 days")
            time=duration(env, audio / one / 3600),
            batched_time=duration(env, audio / batched / 3600),
            rtf=f"{one:.1f}",
        )
    else:
        key = "speech_cpu.lead_yes" if _CAN.search(query.text.lower()) and one >= 1 else "speech_cpu.lead"
        head = env.t(key, model=model.name, rtf=f"{one:.1f}", hour=hour, batched=f"{batched:.1f}")
    if not _SIZED.search(query.text.lower()):  # "whisper" alone: the size answered for is said
        head = i18n.gap(env.lang).join([head, env.t("speech_cpu.assumed", model=model.name)])
    steps = [
        env.t("speech_cpu.rule", one=f"{one:.1f}", batched=f"{batched:.1f}", openai=f"{openai:.1f}", model=model.name),
        env.t("speech_cpu.gpu"),
    ]
    if model.key in C.WHISPER_RELATIVE_SPEED_BATCHED:
        steps.insert(1, env.t("speech_cpu.turbo"))
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        steps=steps,
        figures={
            "speech_cpu": {
                "model": model.name,
                "rtf_int8": round(one, 2),
                "rtf_int8_batched": round(batched, 2),
                "rtf_openai_fp32": round(openai, 2),
                "audio_s": audio,
                "hours": round(audio / one / 3600, 2) if audio else None,
            }
        },
        sources=env.cite("speech-faster-whisper-cpu", "model-whisper-readme-speed"),
        lang=env.lang,
    )
