"""Speech-recognition (Whisper) transcription speed (§speech.speed): how many seconds of audio a GPU transcribes
per second of wall time (the real-time factor), and the time for an amount of audio.

Contract: `transcription(gpu, ref_gpu, model_key)` returns a frozen `Transcription` (sequential and batched
real-time factors, the factors used) or None when the GPU is not NVIDIA's (faster-whisper's CTranslate2 runs on
CUDA), either GPU has no roofline score, or the model is not a Whisper size in WHISPER_RELATIVE_SPEED. No
calibration file measures speech recognition, so every figure is an estimate: the one published faster-whisper run
(large-v2, fp16, beam 5, an RTX 3070 Ti: 13 minutes of audio in 63 s, 17 s with its batched pipeline at batch 8)
scaled between GPUs by what bounds each mode: one file at a time by the model's own batch-1 decode speed (§llm.decode:
beam search waits on each decoder step), the batched pipeline by the 16-bit batched-inference roofline score (§perf);
and between sizes by the openai/whisper README's relative speeds. Never raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models import llm
from assistant.models import performance as perf
from assistant.specs import GpuSpec, ModelSpec


@dataclass(frozen=True)
class Transcription:
    """Real-time factors of one Whisper size on one GPU (audio seconds per wall second)."""

    model: str
    rtf: float  # faster-whisper, fp16, beam 5, one file at a time
    rtf_batched: float  # faster-whisper's BatchedInferencePipeline, batch 8
    gpu_factor: float  # one file at a time: the model's decode speed over the reference run's GPU's
    batched_factor: float  # batched: the 16-bit batched-inference score over the reference GPU's
    size_factor: float  # the size's speed relative to large (openai/whisper README)

    def seconds(self, audio_s: float, batched: bool = False) -> float:
        rate = self.rtf_batched if batched else self.rtf
        return audio_s / rate if rate > 0 else 0.0

    def of(self, engine: str, precision: str, batched: bool = False) -> float | None:
        """The real-time factor with another engine or format of the reference run (openai-whisper fp16, faster-whisper
        int8): the fp16 faster-whisper factor x that run's time ratio on the reference GPU [R, applied as A]; None for a
        pairing the run did not measure (openai-whisper has no batched pipeline there)."""
        runs = C.WHISPER_REF_RUNS
        own = runs.get((engine, precision, batched))
        if own is None or own <= 0:
            return None
        base = self.rtf_batched if batched else self.rtf
        return base * runs[("faster-whisper", "fp16", batched)] / own


def transcription(gpu: GpuSpec, ref_gpu: GpuSpec | None, model: ModelSpec) -> Transcription | None:
    size = C.WHISPER_RELATIVE_SPEED.get(model.key, 0.0)
    if size <= 0 or ref_gpu is None or not (gpu.vendor or "").lower().startswith("nvidia"):
        return None
    # the size factor carries the model's differences, so both GPUs are timed on the same (large) shape
    mine = perf.relative_performance(gpu, "infer16").per_gpu_score
    ref = perf.relative_performance(ref_gpu, "infer16").per_gpu_score
    dec = llm.decode_speed(gpu, model, "fp16", context=C.WHISPER_DECODE_CONTEXT).tokens_per_s
    dec_ref = llm.decode_speed(ref_gpu, model, "fp16", context=C.WHISPER_DECODE_CONTEXT).tokens_per_s
    if min(mine, ref, dec, dec_ref) <= 0:
        return None
    audio = C.WHISPER_REF_AUDIO_S
    one, many = dec / dec_ref, mine / ref
    rtf = audio / C.WHISPER_REF_SECONDS * one * size
    batched = audio / C.WHISPER_REF_SECONDS_BATCHED * many * C.WHISPER_RELATIVE_SPEED_BATCHED.get(model.key, size)
    return Transcription(
        model.key,
        rtf,
        max(batched, rtf),  # batching never makes the same files slower
        one,
        many,
        size,
    )
