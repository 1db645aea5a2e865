"""Multiply-accumulates of one denoiser forward pass, counted from each model's published architecture config.

Contract: `unet_macs(cfg, latent)` and `mmdit_macs(cfg, image_tokens)` return (linear and convolution MACs, attention
matmul MACs) for batch 1 at the given latent side / image-token count; `main()` prints the table that
`assistant/models/constants.DENOISER_MACS` records (docs/model.md §image.speed). The counts cover convolutions,
linear layers and the attention matmuls (QK^T and AV); normalizations, activations and per-sample embeddings are
left out (under 1 %). Check: SD 1.x at 512 px counts 338.7 G linear/conv MACs, as thop does for the BK-SDM authors
(Nota-NetsPresso/BK-SDM issue #53).
"""

from __future__ import annotations

# diffusers UNet2DConditionModel configs (unet/config.json of runwayml/stable-diffusion-v1-5 and
# stabilityai/stable-diffusion-xl-base-1.0): channels per level, cross-attention per level, transformer depth
SD15 = {"channels": (320, 640, 1280, 1280), "attn": (1, 1, 1, 0), "depth": (1, 1, 1, 1), "cross": 768, "ctx": 77}
SDXL = {"channels": (320, 640, 1280), "attn": (0, 1, 1), "depth": (1, 2, 10), "cross": 2048, "ctx": 77}
# MMDiT / FLUX transformer configs (transformer/config.json): hidden size, joint (two-stream) and single-stream
# blocks, text tokens the pipeline feeds (T5 512 for FLUX.1; CLIP 77 + T5 256 for SD3 / SD3.5)
FLUX1 = {"hidden": 3072, "joint": 19, "single": 38, "text": 512}
SD3_MEDIUM = {"hidden": 1536, "joint": 24, "single": 0, "text": 333}
SD35_LARGE = {"hidden": 2432, "joint": 38, "single": 0, "text": 333}
SD35_MEDIUM = {"hidden": 1536, "joint": 24, "single": 0, "text": 333}  # MMDiT-X: + 13 self-attention layers


def _resnet(cin: int, cout: int, hw: int) -> float:
    return 9 * cin * cout * hw + 9 * cout * cout * hw + (cin * cout * hw if cin != cout else 0)


def _transformer(c: int, depth: int, hw: int, cross: int, ctx: int) -> tuple[float, float]:
    """Spatial transformer: proj in/out + per block self-attention (q, k, v, o), cross-attention (q, o on the
    image, k, v on the text) and a GEGLU feed-forward (c -> 2 x 4c, 4c -> c)."""
    per_block = 18 * c * c * hw + 2 * cross * c * ctx
    attn = 2 * hw * hw * c + 2 * hw * ctx * c
    return 2 * c * c * hw + depth * per_block, depth * attn


def unet_macs(cfg: dict, latent: int) -> tuple[float, float]:
    ch, attn, depth = cfg["channels"], cfg["attn"], cfg["depth"]
    lin, att = 9 * 4 * ch[0] * latent**2 + 9 * ch[0] * 4 * latent**2, 0.0
    skips, c_prev = [ch[0]], ch[0]
    for i, c in enumerate(ch):  # down path: 2 resnets (+ transformer) per level, then a stride-2 conv
        hw = (latent >> i) ** 2
        for _ in range(2):
            lin += _resnet(c_prev, c, hw)
            c_prev = c
            if attn[i]:
                t = _transformer(c, depth[i], hw, cfg["cross"], cfg["ctx"])
                lin, att = lin + t[0], att + t[1]
            skips.append(c)
        if i < len(ch) - 1:
            lin += 9 * c * c * hw // 4
            skips.append(c)
    hw = (latent >> (len(ch) - 1)) ** 2  # middle: resnet, transformer, resnet
    t = _transformer(ch[-1], depth[-1], hw, cfg["cross"], cfg["ctx"])
    lin, att = lin + 2 * _resnet(ch[-1], ch[-1], hw) + t[0], att + t[1]
    for i, c in reversed(list(enumerate(ch))):  # up path: 3 resnets on the skip concatenations, then upsample
        hw = (latent >> i) ** 2
        for _ in range(3):
            lin += _resnet(c_prev + skips.pop(), c, hw)
            c_prev = c
            if attn[i]:
                t = _transformer(c, depth[i], hw, cfg["cross"], cfg["ctx"])
                lin, att = lin + t[0], att + t[1]
        if i > 0:
            lin += 9 * c * c * (latent >> (i - 1)) ** 2
    return lin, att


def mmdit_macs(cfg: dict, image_tokens: int) -> tuple[float, float]:
    """Joint blocks: each stream's q, k, v, o and a 4x MLP (12 c^2 per token); single-stream blocks (FLUX): a fused
    c -> 3c + 4c and 5c -> c (12 c^2 per token); attention over image + text tokens in every block."""
    c, n = cfg["hidden"], image_tokens + cfg["text"]
    blocks = cfg["joint"] + cfg["single"]
    return blocks * 12 * c * c * n, blocks * 2 * n * n * c


# GPU kernels one eager PyTorch forward pass launches, per module, read off the diffusers forward code [A: counted
# by hand, +-20 %]: a ResNet block 11 (two GroupNorm + SiLU + conv, the time-embedding SiLU, linear and add, the
# skip conv when the width changes, the residual add and scale); a spatial-transformer wrapper 6 (norm, proj in/out,
# two permutes, the residual) and each of its blocks 27 (three LayerNorms, q/k/v/out + SDPA for self- and
# cross-attention, the GEGLU feed-forward's 4, three residual adds); a FLUX joint block 74 and single block 31
# (AdaLN modulation, q/k/v, RMS-normed q and k at 5 kernels each, RoPE at 6 per tensor, SDPA, output and MLP
# projections, gates and residuals); an SD3 joint block 42 (no q/k norm, no RoPE).
KERNELS = {"resnet": 11, "wrapper": 6, "block": 27, "flux_joint": 74, "flux_single": 31, "sd3_joint": 42, "io": 15}


def unet_kernels(cfg: dict) -> int:
    """Kernels per UNet pass: 2 ResNets per down level, 2 + 1 in the middle, 3 per up level (each with a skip
    concatenation), a transformer wrapper beside each ResNet of a level with attention, down/up samplers."""
    levels, attn, depth, k = len(cfg["channels"]), cfg["attn"], cfg["depth"], KERNELS
    resnets = 2 * levels + 2 + 3 * levels
    wrappers = sum(5 * a for a in attn) + 1  # 2 down + 3 up per level with attention, 1 in the middle
    blocks = sum(5 * a * d for a, d in zip(attn, depth, strict=True)) + depth[-1]
    samplers = 2 * (levels - 1) * 1 + 3 * levels  # stride-2 convs, upsample interpolate + conv, skip concatenations
    return resnets * k["resnet"] + wrappers * k["wrapper"] + blocks * k["block"] + samplers + k["io"]


def mmdit_kernels(cfg: dict) -> int:
    joint = KERNELS["flux_joint"] if cfg["single"] else KERNELS["sd3_joint"]
    return cfg["joint"] * joint + cfg["single"] * KERNELS["flux_single"] + KERNELS["io"]


def main() -> None:
    rows = [
        ("sd-1.5", unet_macs(SD15, 64), 512),
        ("sdxl-base", unet_macs(SDXL, 128), 1024),
        ("flux.1", mmdit_macs(FLUX1, 4096), 1024),
        ("flux.1-kontext", mmdit_macs(FLUX1, 8192), 1024),  # + the input image's 4,096 context tokens
        ("sd3-medium", mmdit_macs(SD3_MEDIUM, 4096), 1024),
        ("sd3.5-large", mmdit_macs(SD35_LARGE, 4096), 1024),
    ]
    for key, (lin, att), px in rows:
        print(f"{key:12s} {px:5d}px  linear/conv {lin / 1e9:8.1f} GMAC  attention {att / 1e9:8.1f} GMAC")
    kernels = [("sd-1.5", unet_kernels(SD15)), ("sdxl-base", unet_kernels(SDXL)), ("flux.1", mmdit_kernels(FLUX1))]
    kernels += [("sd3-medium", mmdit_kernels(SD3_MEDIUM))]
    for key, n in kernels:
        print(f"{key:12s} kernels per pass {n}")


if __name__ == "__main__":
    main()
