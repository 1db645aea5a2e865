"""The transcription speed of a pick for a Whisper model ("what gpu for whisper large-v3 realtime transcription"):
the ranking stays by 16-bit batched inference, its closest guide, and the pick's estimated speed is said
(models/speech_speed.py, docs/model.md §speech.speed).

Contract: `step(model, title, choice, env)` -> the step that says how the ranking weighs a speech model, with the pick's
real-time factor and the minutes an hour of audio takes when the speech model rates the pick (NVIDIA cards), the
plain ranking note otherwise.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import speech_speed
from assistant.respond.env import Env


def step(model, title: str, choice: str | None, env: Env) -> str:
    gpu = env.reader.gpu(choice or "")
    timed = speech_speed.transcription(gpu, env.reader.gpu(C.WHISPER_REF_GPU), model) if gpu is not None else None
    if timed is None or gpu is None:
        return env.t("rec.speech", model=model.name, title=title)
    return env.t(
        "rec.speech_rated",
        model=model.name,
        title=title,
        gpu=gpu.short_name,
        rtf=f"{timed.rtf:.0f}",
        rtf_b=f"{timed.rtf_batched:.0f}",
        minutes=f"{60 / timed.rtf:.0f}",
    )
