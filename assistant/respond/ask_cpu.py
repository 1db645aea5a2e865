"""The CPU's time or speed asked beside a GPU's: "whisper large-v3 on a 4060 for ~300 hours of audio, how long will
that take vs cpu", "4060跑whisper转写300小时录音要多久，纯cpu呢".

Contract: `cpu_form(kind, answer, env, text)` returns the question that asks the same of the CPU alone, in the plain
words the CPU readers take (respond/cpu_fit, respond/speech_cpu; lexicon lists ask_plain_cpu, ask_plain_cpu_audio):
the model the answer sized (figures model_key, else the conversation's), the amount of audio the message states
(nlu/audio.audio_seconds) for a transcription; "" when the answer sized no model. `kind` is the ask's (time or
speed), kept for the callers. Pure.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.audio import audio_seconds
from assistant.respond.env import Env


def cpu_form(kind: str, answer: Answer, env: Env, text: str) -> str:
    """The ask put to the CPU alone (see the module contract)."""
    key = answer.figures.get("model_key") or env.context.model
    model = env.reader.model(key) if isinstance(key, str) and key else None
    if model is None:
        return ""
    seconds = audio_seconds(text, env.lang) if "whisper" in model.key else None
    from assistant.nlu.lexicon import lexicon

    name = "ask_plain_cpu_audio" if seconds else "ask_plain_cpu"  # (lexicon lists of the plain forms, both languages)
    form = lexicon(env.lang).first_word(name, "")
    return form.format(model=model.name, hours=f"{seconds / 3600:g}" if seconds else "") if form else ""
