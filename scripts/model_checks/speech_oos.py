"""Transcription speed out of sample (never fitted: no calibration file measures speech recognition): public
faster-whisper runs of Whisper large-v2 (large-v3's shape), one file at a time, against `models.speech_speed`
(docs/model.md §speech.speed), in audio seconds per wall second (real-time factor)."""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import speech_speed
from model_checks.rows import Row

# (label, GPU, audio seconds, wall seconds, source id in knowledge/sources/models.csv)
SPEECH_OUT_OF_SAMPLE = (
    ("A30, large-v2, faster-whisper 0.10.1, ~13 min", "A30 PCIe", 13 * 60, 51, "speech-faster-whisper-720"),
    ("RTX 3090, faster-whisper defaults, 26 min", "GeForce RTX 3090", 26 * 60, 60, "speech-faster-whisper-217"),
)


def speech_out_of_sample_rows(kb) -> list[Row]:
    ref, model = kb.gpu(C.WHISPER_REF_GPU), kb.model("whisper-large-v3")
    out = []
    for label, gpu, audio, wall, _source in SPEECH_OUT_OF_SAMPLE:
        t = speech_speed.transcription(kb.gpu(gpu), ref, model)
        out.append(Row("speech speed out of sample", label, t.rtf if t else 0.0, audio / wall))
    return out
