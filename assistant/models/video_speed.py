"""Video-generation time: minutes per clip of a video diffusion transformer on a GPU (§video.speed).

Contract: `clip_times(gpu, key)` -> one `ClipTime` per published size of the model in `VIDEO_DITS` (empty for a
model without a shape here or a GPU without a 16-bit tensor rate); `clip_time(gpu, key, size)` one of them or None;
`VIDEO_FPS` the frame rate the reference code saves a clip at (its length = frames / fps).
No calibration row measures video generation, so this is an estimate built like §image.speed: the transformer's
multiply-accumulates per denoising pass (linear work per latent token + self-attention per token pair, counted from
the model's published config) x 2 FLOPs x guidance passes x the model's default steps, at the rate a denoiser's
16-bit products reach (`image_speed.effective_tflops`). Not counted: the text encoder, the VAE decode, CPU offload
copies and model loading (so it is a floor for a first run). Never raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models.image_speed import effective_tflops
from assistant.specs import GpuSpec


@dataclass(frozen=True)
class VideoDit:
    """A video transformer's shape as its config states it and how its reference pipeline samples."""

    block: str  # "wan": self-attn (q,k,v,o) + cross-attn (q,o on video tokens) + FFN; "mmdit": 12 d^2 per token
    dim: int
    ffn: int  # FFN inner width (Wan); mmdit blocks use 4 x dim
    layers: int
    spatial: int  # pixels per latent token along each side: VAE stride x patch (8 x 2 or 16 x 2)
    steps: int  # the reference code's default sampling steps
    passes: int  # 2 with classifier-free guidance, 1 for guidance-distilled models
    sizes: tuple[tuple[str, int, int, int], ...]  # (label, width, height, frames) as published

    def linear_macs_per_token(self) -> float:
        if self.block == "wan":  # 4 d^2 self-attention, 2 d^2 cross-attention (q, o), 2 d x ffn
            return self.layers * (6 * self.dim**2 + 2 * self.dim * self.ffn)
        return self.layers * 12 * self.dim**2  # qkv 3, proj 1, MLP 8 (double and single blocks alike)

    def tokens(self, width: int, height: int, frames: int) -> int:
        """Latent tokens: the causal video VAE keeps the first frame and 1 in 4 after it; patches of 2 x 2."""
        return ((frames - 1) // 4 + 1) * (width // self.spatial) * (height // self.spatial)


# Configs: Wan-Video Wan2.1 / Wan2.2 wan/configs (dim, ffn_dim, num_layers, vae_stride, patch_size, sample_steps,
# frame_num, sample_guide_scale) and Tencent HunyuanVideo HUNYUAN_VIDEO_CONFIG "HYVideo-T/2-cfgdistill" (hidden 3072,
# 20 double + 40 single blocks, MLP ratio 4, guidance embedded: no second pass, 50 steps, 129 frames) [R].
VIDEO_DITS = {
    "wan2.1-t2v-1.3b": VideoDit("wan", 1536, 8960, 30, 16, 50, 2, (("480p", 832, 480, 81),)),
    "wan2.1-t2v-14b": VideoDit("wan", 5120, 13824, 40, 16, 50, 2, (("480p", 832, 480, 81), ("720p", 1280, 720, 81))),
    # two 14B experts, one per step (high noise, then low noise): the cost of one
    "wan2.2-t2v-a14b": VideoDit("wan", 5120, 13824, 40, 16, 40, 2, (("480p", 832, 480, 81), ("720p", 1280, 720, 81))),
    "wan2.2-ti2v-5b": VideoDit("wan", 3072, 14336, 30, 32, 50, 2, (("720p", 1280, 704, 121),)),
    "hunyuanvideo": VideoDit("mmdit", 3072, 0, 60, 16, 50, 1, (("544p", 960, 544, 129), ("720p", 1280, 720, 129))),
}


# Frames per second of the saved clip [R]: Wan2.1 / Wan2.2 A14B sample_fps 16 and Wan2.2 TI2V-5B 24 (wan/configs),
# HunyuanVideo 24 (its sample_video.py saves at fps 24): 81 frames = 5 s, 121 = 5 s, 129 = 5.4 s.
VIDEO_FPS = {"wan2.1-t2v-1.3b": 16, "wan2.1-t2v-14b": 16, "wan2.2-t2v-a14b": 16, "wan2.2-ti2v-5b": 24}
VIDEO_FPS["hunyuanvideo"] = 24


@dataclass(frozen=True)
class ClipTime:
    """The time one video clip takes on a GPU: the model, the clip size, frames, steps and the compute used."""

    key: str
    size: str  # "480p"
    frames: int
    steps: int
    tokens: int
    tflop: float  # the whole clip: all steps and passes
    tflops: float  # rate used
    seconds: float


def clip_time(gpu: GpuSpec, key: str, size: str) -> ClipTime | None:
    return next((c for c in clip_times(gpu, key) if c.size == size), None)


def clip_times(gpu: GpuSpec, key: str) -> list[ClipTime]:
    dit = VIDEO_DITS.get(key)
    rate = effective_tflops(gpu) if dit else 0.0
    if dit is None or rate <= 0:
        return []
    out = []
    for label, width, height, frames in dit.sizes:
        n = dit.tokens(width, height, frames)
        attention = 2 * dit.layers * dit.dim * n * n  # QK^T and AV: 2 x n^2 x d MACs per block
        tflop = 2 * (dit.linear_macs_per_token() * n + attention) * dit.passes * dit.steps / 1e12
        out.append(ClipTime(key, label, frames, dit.steps, n, tflop, rate, tflop / rate))
    return out
