"""GPU memory of an image (diffusion) pipeline from the set-up a user states (§mem.image).

Contract: `image_memory` (generation) and `image_training_memory` (LoRA / full fine-tuning of the
denoiser) take a `ModelSpec` of kind "image" and plain set-up values and return a
`memory.MemoryEstimate` (GB per component, 1 GB = 2^30 bytes, §mem.units). Weights follow each component's
precision (GGUF, nf4, int4, fp8 and int8 by their bits per weight); the activation peak is the larger
of the denoiser's (latent tokens x batch, doubled by classifier-free guidance) and the VAE decode's
(pixels x batch); offloading keeps only what the stage running needs on the GPU. `AS_USUALLY_RUN` is the set-up every
answer assumes unless the user states another (ComfyUI / Forge: text encoders off the GPU, the VAE decoding
in 16-bit, in tiles when memory is short); `usual_precision` the denoiser precision a recommendation assumes.
The keyword defaults of `image_memory` are a plain diffusers pipeline (the calibration rows); ControlNets and LoRAs
loaded beside the denoiser add their weights (`adapters_gb`). Never raises.
"""

from __future__ import annotations

from typing import TypedDict

from assistant.models import constants as C
from assistant.models.memory import MemoryEstimate, bits_per_weight, make_estimate, params_gb
from assistant.models.values import Factor, finite
from assistant.specs import ModelSpec

OFFLOADS = ("none", "text_encoders", "model", "sequential")


# How ComfyUI and Forge run a pipeline (§mem.image): the text encoders leave the GPU once the prompt is
# encoded, the VAE decodes in bf16 (ComfyUI's VAE working dtypes: bf16, then fp32) and in 512-px tiles when
# the whole image does not fit (its out-of-memory fallback). Answers assume it unless the user says otherwise.
class Usual(TypedDict):
    offload: str
    vae_tiling: bool
    vae_upcast: bool | None


AS_USUALLY_RUN: Usual = {"offload": "text_encoders", "vae_tiling": True, "vae_upcast": False}


def weight_bytes_per_param(precision: str) -> float:
    """fp32 4, fp16/bf16 2, fp8/int8 1, nf4 (without double quantization, §mem.image), int4 and GGUF types by
    their bits per weight."""
    if (precision or "").lower() == "nf4":
        return C.IMAGE_NF4_BITS / 8.0
    return bits_per_weight(precision) / 8.0


def uses_guidance(model: ModelSpec) -> bool:
    """Classifier-free guidance runs the denoiser on two latents per image; guidance-distilled
    models (FLUX.1 dev / schnell) run one."""
    return model.key not in C.IMAGE_GUIDANCE_DISTILLED


def _encoder_gb(model: ModelSpec, precision: str, t5_wo_fp32: bool) -> float:
    """Text encoders at `precision`. A T5-XXL encoder (§mem.image) keeps its token embedding in 16-bit when
    quantized (quantizers replace linear layers only) and, when transformers loads it in fp16 or through
    bitsandbytes (`t5_wo_fp32`), its feed-forward output projections `wo` unquantized in fp32."""
    total = finite(model.text_encoder_params_b)
    per = weight_bytes_per_param(precision)
    if model.key not in C.IMAGE_T5XXL_ENCODER:
        return params_gb(total, per)
    kept = C.T5XXL_WO_PARAMS_B if t5_wo_fp32 else 0.0
    embedding = C.T5XXL_EMBEDDING_PARAMS_B if per < 2.0 else 0.0
    return params_gb(total - kept - embedding, per) + params_gb(kept, 4.0) + params_gb(embedding, 2.0)


def _scale(model: ModelSpec, resolution: int | None) -> tuple[int, float]:
    native = model.native_resolution or 512
    res = int(resolution or native)
    return res, (res / native) ** 2


def _vae_decode_gb(
    model: ModelSpec, res: int, images: int, precision: str, upcast: bool | None = None, tiled: bool = False
) -> float:
    """The VAE decoder: elements kept per output pixel x pixels x images, in the decoder's dtype (fp32 when
    the pipeline upcasts it: diffusers with SDXL's VAE in fp16; `upcast` False = a 16-bit decode). Tiled:
    one tile of VAE_TILE_PX x VAE_TILE_PX pixels of one image at a time, when that is less."""
    if upcast is None:
        upcast = model.key in C.IMAGE_VAE_FP32_DECODE and precision != "bf16"
    pixels = res * res * images
    if tiled:
        pixels = min(pixels, C.VAE_TILE_PX * C.VAE_TILE_PX)
    return C.VAE_DECODE_ELEMENTS_PER_PIXEL * pixels * (4.0 if upcast or precision == "fp32" else 2.0) / C.GB


def image_memory(
    model: ModelSpec,
    *,
    batch: int = 1,
    precision: str = "fp16",
    resolution: int | None = None,
    encoder_precision: str | None = None,
    offload: str = "none",
    guidance: bool | None = None,
    vae_slicing: bool = False,
    vae_tiling: bool = False,
    vae_upcast: bool | None = None,
    t5_wo_fp32: bool = False,
    controlnets: int = 0,
    loras: int = 0,
) -> MemoryEstimate:
    """Generation. precision: the denoiser's weights (fp32 | fp16 | bf16 | fp8 | int8 | nf4 | int4 |
    GGUF type); encoder_precision: the text encoders' (default: the denoiser's when it is 8-bit or
    less, as quantized pipelines usually ship both, else 16-bit); offload: none | text_encoders (on
    the CPU or dropped after encoding) | model (each component moves to the GPU only while it runs) |
    sequential (weights stream layer by layer); vae_slicing decodes one image at a time, vae_tiling one
    512-px tile at a time; vae_upcast: decode in fp32 (None: as diffusers does for this model); t5_wo_fp32:
    transformers loaded the T5 encoder in fp16 or through bitsandbytes, which keeps its `wo` projections in fp32
    (`_encoder_gb`); controlnets / loras: adapters loaded beside the denoiser (`adapters_gb`)."""
    batch = max(int(batch or 1), 1)
    offload = offload if offload in OFFLOADS else "none"
    res, area = _scale(model, resolution)
    quantized = weight_bytes_per_param(precision) < 2.0
    enc_prec = encoder_precision or (precision if quantized else "fp16" if precision != "fp32" else "fp32")
    guided = uses_guidance(model) if guidance is None else guidance
    latents = batch * (2 if guided else 1)
    act_b = 2.0 if precision == "fp32" else 1.0
    denoiser = params_gb(model.params_b, weight_bytes_per_param(precision))
    encoders = _encoder_gb(model, enc_prec, t5_wo_fp32)
    vae = params_gb(model.vae_params_b, 4.0 if precision == "fp32" else 2.0)
    den_act = C.IMAGE_ACT_GB_PER_B_PARAMS * finite(model.params_b) * area * latents * act_b
    vae_act = _vae_decode_gb(model, res, 1 if vae_slicing else batch, precision, vae_upcast, vae_tiling)
    adapters = {k: v for k, v in adapters_gb(model, controlnets, loras, precision).items() if v > 0}
    if offload == "model":  # the largest stage: text encoders, denoiser + its activations, or VAE decode
        stages = [
            {"text encoders": encoders},
            {"denoiser weights": denoiser, **adapters, "activations": den_act},
            {"VAE": vae, "activations": vae_act},
        ]
        parts = max(stages, key=lambda st: sum(st.values()))
    elif offload == "sequential":
        parts = {"activations": max(den_act, vae_act)}
    else:
        parts = {
            "denoiser weights": denoiser,
            **adapters,
            "text encoders": 0.0 if offload == "text_encoders" else encoders,
            "VAE": vae,
            "activations": max(den_act, vae_act),
        }
    parts["CUDA context"] = C.CUDA_CONTEXT_GB["pytorch"]
    factors = [
        Factor("denoiser bytes per parameter", weight_bytes_per_param(precision), "bytes", "§mem.image", precision),
        Factor("latents per step", latents, "latents", "§mem.image", "guidance" if guided else "no guidance"),
        Factor(
            "VAE decode",
            vae_act,
            "GB",
            "§mem.image",
            f"{C.VAE_TILE_PX}px tiles" if vae_tiling else f"{res}px x {1 if vae_slicing else batch}",
        ),
    ]
    setup = f"image generation {precision}, {res}px, batch {batch}"
    return make_estimate(model, setup, parts, 1, factors)


def adapters_gb(model: ModelSpec, controlnets: int, loras: int, precision: str = "fp16") -> dict[str, float]:
    """The weights of the adapters loaded beside the denoiser (§mem.image): each ControlNet's parameters
    (C.CONTROLNET_PARAMS_B; none known for the model: 0) and each LoRA's (rank C.IMAGE_APPLIED_LORA_RANK on the
    attention projections), in 16-bit (fp32 with an fp32 pipeline). Their activations are not added: a ControlNet runs
    before the denoiser in each step and keeps only its residuals, smaller than the denoiser's peak [A]."""
    per = 4.0 if precision == "fp32" else 2.0
    lora_b = finite(model.params_b) * C.IMAGE_LORA_PARAMS_PER_RANK * C.IMAGE_APPLIED_LORA_RANK
    return {
        "ControlNet weights": max(int(controlnets or 0), 0) * params_gb(C.CONTROLNET_PARAMS_B.get(model.key, 0.0), per),
        "LoRA weights": max(int(loras or 0), 0) * params_gb(lora_b, per),
    }


def controlnet_share(model: ModelSpec) -> float:
    """A ControlNet's work per step against the denoiser's: its share of the parameters (it copies the encoder
    half, §image.speed) [A]; 0 when no ControlNet size is known for the model."""
    size = C.CONTROLNET_PARAMS_B.get(model.key, 0.0)
    return size / model.params_b if size and model.params_b else 0.0


def usual_precision(model: ModelSpec) -> str:
    """The denoiser precision assumed when none is asked (a recommendation's memory need): 16-bit, or fp8
    when the 16-bit pipeline as usually run does not fit a 24 GB card (FLUX.1 dev: 23.8 GB of weights)."""
    fp16 = image_memory(model, precision="fp16", **AS_USUALLY_RUN).total_gb
    return "fp16" if fp16 <= C.IMAGE_FP16_CARD_GB else "fp8"


def image_training_memory(
    model: ModelSpec,
    method: str = "lora",
    *,
    batch: int = 1,
    resolution: int | None = None,
    precision: str = "fp16",
    checkpointing: bool = True,
    lora_rank: int = C.LORA_DEFAULT_RANK,
    optimizer: str = "adamw",
    cache_text: bool = False,
    blocks_swapped: int = 0,
) -> MemoryEstimate:
    """LoRA or full fine-tuning of the denoiser at `resolution` with `batch` images per step (`precision`: the
    frozen base: fp16, bf16, fp8, int8, nf4, int4). The
    text encoders and VAE stay frozen on the GPU unless their outputs are cached (cache_text: text
    embeddings computed once, encoders off the GPU). Activations [A]: no calibration row measures
    image training, see §mem.image. blocks_swapped: kohya's --blocks_to_swap (models in C.IMAGE_SWAP_UNITS): that
    share of the frozen denoiser waits in system RAM."""
    from assistant.models.train_memory import optimizer_bytes  # the optimizer accounting of §mem.train

    batch = max(int(batch or 1), 1)
    res, area = _scale(model, resolution)
    p = finite(model.params_b)
    frozen_b = weight_bytes_per_param(precision if precision != "mixed" else "fp16")
    w_b, g_b, s_b = optimizer_bytes(optimizer, "mixed")
    if optimizer.startswith("paged_"):
        s_b = 0.0
    parts: dict[str, float] = {}
    if method == "full":
        parts["weights"] = params_gb(p, w_b)
        parts["gradients"] = params_gb(p, g_b)
        parts["optimizer states"] = params_gb(p, s_b)
    else:
        units, most = C.IMAGE_SWAP_UNITS.get(model.key, (0, 0))
        swapped = min(max(int(blocks_swapped or 0), 0), most)
        parts["frozen weights"] = params_gb(p, frozen_b) * ((units - swapped) / units if units else 1.0)
        adapters_b = p * C.IMAGE_LORA_PARAMS_PER_RANK * lora_rank
        parts["adapters + their Adam states"] = params_gb(adapters_b, w_b + g_b + s_b)
    parts["text encoders"] = 0.0 if cache_text else params_gb(model.text_encoder_params_b, 2.0)
    parts["VAE"] = params_gb(model.vae_params_b, 2.0)
    per_image = C.IMAGE_TRAIN_ACT_GB_PER_B_PARAMS * p * area
    parts["activations"] = per_image * batch / (C.IMAGE_CHECKPOINT_ACT_DIVISOR if checkpointing else 1.0)
    parts["CUDA context"] = C.CUDA_CONTEXT_GB["pytorch"]
    factors = [
        Factor("activations per image", per_image, "GB", "§mem.image [A]", f"{res}px"),
        Factor("LoRA rank", lora_rank, "", "input") if method != "full" else Factor("method", 0, "", "full"),
    ]
    setup = f"image training {method} ({precision}), {res}px, batch {batch}"
    return make_estimate(model, setup, parts, 1, factors)


LOW_VRAM_MARGIN_GB = 0.3  # a recipe counts only with this much to spare: the estimate is not exact at the edge [A]


def low_vram_lora(model: ModelSpec, avail_gb: float, **values) -> tuple[dict, MemoryEstimate] | None:
    """The least change of the trainers' published low-VRAM recipes that makes an image LoRA fit `avail_gb` with
    LOW_VRAM_MARGIN_GB to spare (§mem.image): on an 8-bit base, Adafactor (kohya's 16 GB setting, FluxGym's 16 GB
    preset), then Adafactor with the fewest blocks swapped to system RAM (kohya's --blocks_to_swap table). Returns
    (the changed values, the estimate) or None (not a LoRA on an 8-bit-or-lighter base, or nothing fits)."""
    if values.get("method", "lora") == "full" or weight_bytes_per_param(values.get("precision", "fp16")) > 1.0:
        return None
    _units, most = C.IMAGE_SWAP_UNITS.get(model.key, (0, 0))
    ladder: list[dict] = [{"optimizer": "adafactor"}] if values.get("optimizer", "adamw") == "adamw" else [{}]
    ladder += [ladder[0] | {"blocks_swapped": n} for n in range(1, most + 1)]
    for change in ladder:
        est = image_training_memory(model, **(values | change))
        if est.total_gb + LOW_VRAM_MARGIN_GB <= avail_gb:
            return change, est
    return None
