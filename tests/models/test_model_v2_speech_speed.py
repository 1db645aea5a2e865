"""Whisper transcription speed (docs/model.md §speech.speed): the published faster-whisper run scaled between GPUs
by decode speed (one file at a time) and the batched-inference score (batched), and between sizes by the
openai/whisper README. Public runs on other GPUs are out of sample (never fitted)."""

from __future__ import annotations

import sys
from pathlib import Path

from assistant.models import constants as C
from assistant.models import speech_speed
from assistant.respond.speech_time import audio_seconds

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from model_checks.speech_oos import speech_out_of_sample_rows  # noqa: E402


def _t(kb, gpu, model="whisper-large-v3"):
    return speech_speed.transcription(kb.gpu(gpu), kb.gpu(C.WHISPER_REF_GPU), kb.model(model))


def test_the_reference_card_reproduces_its_run(kb):
    t = _t(kb, C.WHISPER_REF_GPU)
    assert abs(t.rtf - 13 * 60 / 63) < 0.01
    assert abs(t.rtf_batched - 13 * 60 / 17) < 0.01


def test_faster_cards_and_smaller_sizes_transcribe_faster(kb):
    assert _t(kb, "GeForce RTX 4090").rtf > _t(kb, "GeForce RTX 3060 12 GB").rtf
    assert _t(kb, "GeForce RTX 3060 12 GB", "whisper-small").rtf > _t(kb, "GeForce RTX 3060 12 GB").rtf
    turbo = _t(kb, "GeForce RTX 3090", "whisper-large-v3-turbo")
    assert turbo.rtf_batched >= turbo.rtf


def test_no_figure_off_cuda(kb):
    assert _t(kb, "Radeon RX 7900 XTX") is None
    assert _t(kb, "Apple M4 Max 128 GB") is None


def test_public_runs_within_a_factor_of_one_and_a_half(kb):
    rows = speech_out_of_sample_rows(kb)
    assert len(rows) >= 2
    assert all(1 / 1.5 <= r.model / r.measured <= 1.5 for r in rows), [(r.model, r.measured) for r in rows]


def test_the_audio_amount_is_read_in_both_languages():
    assert audio_seconds("transcribing 40 hours of podcast audio") == 40 * 3600
    assert audio_seconds("whisper large-v3 用3060转写一小时音频要多久") == 3600
    assert audio_seconds("120小时录音 4060ti跑") == 120 * 3600
    assert audio_seconds("a 1 hour file on my 3060") == 3600
    assert audio_seconds("90 minutes of recordings") == 90 * 60
    assert audio_seconds("whisper on a 4090, 24 GB") is None


def test_other_engines_reproduce_their_runs_on_the_reference_card(kb):
    """Session 14: openai-whisper (143 s) and int8 (59 s / 16 s batched) of the same README run, on its own card."""
    t = _t(kb, C.WHISPER_REF_GPU)
    assert abs(t.of("openai-whisper", "fp16") - 13 * 60 / 143) < 0.01
    assert abs(t.of("faster-whisper", "int8") - 13 * 60 / 59) < 0.01
    assert abs(t.of("faster-whisper", "int8", batched=True) - 13 * 60 / 16) < 0.01
    assert t.of("openai-whisper", "fp16", batched=True) is None  # the run has no batched openai-whisper


def test_engine_ratio_holds_on_other_cards(kb):
    t = _t(kb, "GeForce RTX 3060 12 GB")
    assert abs(t.rtf / t.of("openai-whisper", "fp16") - 143 / 63) < 0.01
