"""The set-up behind a memory answer: what the user stated, what is assumed, and the estimate for it.

Contract: `memory_setup(model, query, mode)` turns a FitQuery's set-up (sequence length, batch, image
size, LoRA rank, precision words and the options of nlu/job_terms.SETUP_OPTIONS) into a `Setup`: the
keyword arguments of the memory model (docs/model.md §mem.train, §mem.image) and, per value, whether the
user stated it. `estimate(model, setup, precision, n, mode)` runs the memory model; `setup_step(env,
setup)` is the answer's line "Set-up: seq 4,096 (yours), batch 1 (assumed), ...". Pure; never raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant import i18n
from assistant.models import constants as C
from assistant.models import diffusion_memory, memory, train_memory
from assistant.specs import ModelSpec

TRAIN_MODES = {"full_finetune": "full", "lora": "lora", "qlora": "qlora"}
_OPTIMIZERS = ("adamw8bit", "paged_adamw", "sgd", "adafactor")
_OFFLOADS = {"fsdp_offload": "params", "optimizer_offload": "optimizer", "activation_offload": "activations"}
_IMAGE_OFFLOADS = {"sequential_offload": "sequential", "cpu_offload": "model", "text_encoder_offload": "text_encoders"}


@dataclass(frozen=True)
class Setup:
    """Values for the memory model; `items` = (catalog key, values, stated?) in display order."""

    kind: str  # "llm_train" | "image_train" | "image" | "inference"
    values: dict = field(default_factory=dict)
    items: tuple[tuple[str, dict, bool], ...] = ()

    def with_values(self, **values) -> Setup:
        """The same set-up with some memory-model values changed (the items listed stay as they were)."""
        return Setup(self.kind, self.values | values, self.items)


def _opts(query) -> set[str]:
    return set(getattr(query, "setup", ()) or ())


def memory_setup(model: ModelSpec, query, mode: str) -> Setup:
    opts = _opts(query)
    items: list[tuple[str, dict, bool]] = []

    def add(key: str, stated: bool, **values) -> None:
        items.append((key, values, stated))

    batch = query.batch or 1
    if model.kind == "image":
        res = getattr(query, "resolution", None) or model.native_resolution or 512
        add("fit.item_resolution", bool(getattr(query, "resolution", None)), px=res)
        add("fit.item_images", bool(query.batch), n=batch)
        if mode in TRAIN_MODES:
            ckpt = "checkpointing_off" not in opts
            rank = getattr(query, "lora_rank", None) or C.LORA_DEFAULT_RANK
            optimizer = next((o for o in _OPTIMIZERS if o in opts), "adamw")
            if mode != "full_finetune":
                add("fit.item_rank", bool(getattr(query, "lora_rank", None)), rank=rank)
            add(
                "fit.item_checkpointing_" + ("on" if ckpt else "off"),
                bool(opts & {"checkpointing_on", "checkpointing_off"}),
            )
            add("fit.item_optimizer_" + optimizer, optimizer != "adamw")
            # kohya and ai-toolkit cache the text encoders' outputs by default (§mem.image): as inference
            # does, the encoders leave the GPU unless the user keeps them there
            cache = "no_offload" not in opts
            add(
                "fit.item_cached_text" if cache else "fit.item_offload_none",
                bool(opts & {"text_encoder_offload", "no_offload"}),
            )
            precision = query.precision if query.precision in ("fp8", "int8", "nf4", "int4", "bf16", "fp16") else "fp16"
            if precision not in ("fp16", "bf16"):
                add("fit.item_base_precision", True, prec=precision)
            values = dict(
                method="full" if mode == "full_finetune" else "lora",
                precision=precision,
                batch=batch,
                resolution=res,
                checkpointing=ckpt,
                lora_rank=rank,
                optimizer=optimizer,
                cache_text=cache,
            )
            return Setup("image_train", values, tuple(items))
        # not stated: as ComfyUI and Forge run it (diffusion_memory.AS_USUALLY_RUN)
        offload = next((v for k, v in _IMAGE_OFFLOADS.items() if k in opts), "")
        offload = offload or ("none" if "no_offload" in opts else diffusion_memory.AS_USUALLY_RUN["offload"])
        if offload != "none" or "no_offload" in opts:
            add(f"fit.item_offload_{offload}", bool(opts & (set(_IMAGE_OFFLOADS) | {"no_offload"})))
        if "vae_slicing" in opts:
            add("fit.item_vae_slicing", True)
        addons = _adapter_items(model, query, add)
        add("fit.item_vae_tiled", False, px=C.VAE_TILE_PX)
        usual = diffusion_memory.AS_USUALLY_RUN
        values = dict(
            batch=batch,
            resolution=res,
            offload=offload,
            vae_slicing="vae_slicing" in opts,
            **addons,
            vae_tiling=usual["vae_tiling"],
            vae_upcast=usual["vae_upcast"],
        )
        return Setup("image", values, tuple(items))
    if mode not in TRAIN_MODES:
        return Setup("inference")
    # no sequence said: 2,048 tokens, or the model's whole context when shorter (Whisper's decoder: 448 label tokens)
    seq = query.context_tokens or min(2048, model.context or 2048)
    if model.decoder_layers and model.encoder_positions:
        add(
            "fit.item_seq_windowed",
            bool(query.context_tokens),
            seq=f"{seq:,}",
            positions=f"{model.encoder_positions:,}",
        )
    else:
        add("fit.item_seq", bool(query.context_tokens), seq=f"{seq:,}")
    add("fit.item_batch", bool(query.batch), n=batch)
    rank = getattr(query, "lora_rank", None) or C.LORA_DEFAULT_RANK
    if mode != "full_finetune":
        add("fit.item_rank", bool(getattr(query, "lora_rank", None)), rank=rank)
    # on unless the user turns it off: the fine-tuning recipes (torchtune, axolotl, LLaMA-Factory, Unsloth)
    # enable it for full, LoRA and QLoRA alike (docs/model.md §mem.train)
    ckpt = "checkpointing_off" not in opts
    add("fit.item_checkpointing_" + ("on" if ckpt else "off"), bool(opts & {"checkpointing_on", "checkpointing_off"}))
    precision = "bf16" if "pure_bf16" in opts else "mixed"
    add(f"fit.item_precision_{precision}", "pure_bf16" in opts)
    optimizer = next((o for o in _OPTIMIZERS if o in opts), "adamw")
    add(f"fit.item_optimizer_{optimizer}", optimizer != "adamw")
    if "optimizer_in_backward" in opts:
        add("fit.item_optimizer_in_backward", True)
    offload = next((v for k, v in _OFFLOADS.items() if k in opts), "none")
    unsloth = "unsloth" in opts  # its fused cross-entropy, and checkpoints offloaded to CPU memory (§mem.train)
    if unsloth:
        add("fit.item_stack_unsloth", True)
        offload = "activations" if offload == "none" else offload
    elif offload != "none":
        add(f"fit.item_offload_{offload}", True)
    if "sharded" in opts and offload != "params":  # ZeRO-3 / FSDP named: more cards shard it (§mem.train)
        add("fit.item_sharded", True)
    loss = "chunked" if "chunked_loss" in opts else "fused" if "fused_loss" in opts or unsloth else "plain"
    if loss != "plain" and not unsloth:
        add(f"fit.item_loss_{loss}", True)
    base_bits = 8.0 if mode == "lora" and query.precision in ("int8", "fp8") else None
    values = dict(
        seq=seq,
        batch=batch,
        checkpointing=ckpt,
        precision=precision,
        lora_rank=rank,
        optimizer=optimizer,
        optimizer_in_backward="optimizer_in_backward" in opts,
        offload=offload,
        loss=loss,
        base_bits=base_bits,
        zero_stage=3 if "sharded" in opts else 0,
    )
    return Setup("llm_train", values, tuple(items))


def _adapter_items(model: ModelSpec, query, add) -> dict[str, int]:
    """The adapters the question loads with the image model (FitQuery.addons): an item each (its count, stated or
    assumed; a ControlNet with no size known for the model, said not counted) and the memory model's counts."""
    counts = {"controlnet": 0, "lora": 0}
    for kind, n, stated in getattr(query, "addons", ()) or ():
        if kind == "controlnet" and model.key not in C.CONTROLNET_PARAMS_B:
            add("fit.item_controlnet_unknown", True, model=model.name)
            continue
        counts[kind] = n
        gb = diffusion_memory.adapters_gb(model, n if kind == "controlnet" else 0, n if kind == "lora" else 0)
        add(f"fit.item_{kind}s", stated, n=n, gb=f"{sum(gb.values()):.1f}", rank=C.IMAGE_APPLIED_LORA_RANK)
    return {"controlnets": counts["controlnet"], "loras": counts["lora"]}


def estimate(model: ModelSpec, setup: Setup, precision: str, n: int, mode: str, query) -> memory.MemoryEstimate:
    """The memory model for one table row: `precision` / `mode` vary by row, the set-up does not."""
    if setup.kind == "image_train":  # a row's base precision other than fp16 (the fp8-base row) replaces the set-up's
        values = setup.values if precision == "fp16" else setup.values | {"precision": precision}
        return diffusion_memory.image_training_memory(model, **values)
    if setup.kind == "image":
        return diffusion_memory.image_memory(model, precision=precision, **setup.values)
    if mode in TRAIN_MODES:
        # several GPUs: ZeRO-3 / FSDP for full fine-tuning, a layer split for (Q)LoRA unless ZeRO-3 / FSDP is
        # named (train_memory.layout); either way each GPU holds 1/n of the weights (§mem.train)
        return train_memory.training_memory(model, TRAIN_MODES[mode], n_gpus=n, **_for_mode(setup, mode))
    return memory.inference_memory(model, precision, context=query.context_tokens, batch=query.batch or 1, n_gpus=n)


def _for_mode(setup: Setup, mode: str) -> dict:
    """The lighter methods shown below the one asked keep the set-up; only full fine-tuning has no rank
    and LoRA's 8-bit base applies to LoRA alone."""
    values = dict(setup.values)
    if mode != "lora":
        values["base_bits"] = None
    return values


def setup_step(env, setup: Setup) -> str:
    """ "Set-up: seq 4,096, LoRA rank 64 (as stated); batch 1, gradient checkpointing on (assumed)." """
    if not setup.items:
        return ""
    stated = [env.t(k, **v) for k, v, s in setup.items if s]
    assumed = [env.t(k, **v) for k, v, s in setup.items if not s]
    listing = i18n.listing(env.lang)
    parts = []
    if stated:
        parts.append(env.t("fit.setup_stated", items=listing.join(stated)))
    if assumed:
        parts.append(env.t("fit.setup_assumed", items=listing.join(assumed)))
    return env.t("fit.setup_line", parts=i18n.sep(env.lang).join(parts))
