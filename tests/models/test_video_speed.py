"""Video-generation time (models/video_speed.py, docs/model.md §video.speed)."""

from __future__ import annotations

import pytest

from assistant.models import video_speed


def test_latent_tokens_follow_the_vae_and_patch_strides(kb):
    wan = video_speed.VIDEO_DITS["wan2.1-t2v-1.3b"]
    assert wan.tokens(832, 480, 81) == 21 * 52 * 30  # 1 + 80/4 latent frames of 52 x 30 patches
    five_b = video_speed.VIDEO_DITS["wan2.2-ti2v-5b"]
    assert five_b.tokens(1280, 704, 121) == 31 * 40 * 22  # the Wan2.2 VAE compresses 16 x 16


def test_linear_work_per_token_is_about_the_parameter_count(kb):
    # a transformer does ~1 multiply-accumulate per weight per token: the counts land near the published sizes
    assert video_speed.VIDEO_DITS["wan2.1-t2v-1.3b"].linear_macs_per_token() == pytest.approx(1.3e9, rel=0.1)
    assert video_speed.VIDEO_DITS["wan2.1-t2v-14b"].linear_macs_per_token() == pytest.approx(12e9, rel=0.1)


def test_wan_readme_timing_out_of_sample(kb):
    # Wan2.1 README: a 5-second 480p clip of the 1.3B model on an RTX 4090 in about 4 minutes (never fitted)
    clip = video_speed.clip_time(kb.gpu("GeForce RTX 4090"), "wan2.1-t2v-1.3b", "480p")
    assert clip is not None and 200 < clip.seconds < 290


def test_longer_and_larger_clips_cost_more_than_in_proportion(kb):
    gpu = kb.gpu("GeForce RTX 4090")
    small = video_speed.clip_time(gpu, "wan2.1-t2v-14b", "480p")
    large = video_speed.clip_time(gpu, "wan2.1-t2v-14b", "720p")
    assert small and large
    tokens = large.tokens / small.tokens
    assert tokens < large.seconds / small.seconds < tokens**2  # attention grows with the square


def test_unknown_model_or_gpu_without_rate_gives_nothing(kb):
    assert video_speed.clip_times(kb.gpu("GeForce RTX 4090"), "no-such-video-model") == []
