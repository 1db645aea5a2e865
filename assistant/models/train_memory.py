"""GPU memory to fine-tune an LLM from the set-up a user states (§mem.train, §mem.lora).

Contract: `training_memory(model, method, ...)` -> `memory.MemoryEstimate` (GB per component per GPU: weights,
gradients, optimizer states or frozen weights + adapters, activations, logits, CUDA context, and the sharding
buffers of a sharded multi-GPU run) for full
fine-tuning, LoRA and QLoRA with every set-up value (sequence, batch, checkpointing, attention, ZeRO stage,
precision, rank, targets, optimizer, optimizer in backward, offload, loss). The parts are public for the
answers that explain them: `lora_params`, `layer_activation_bytes`, `activation_bytes_per_token`,
`optimizer_bytes`, `quantize_load_peak_gb`. Never raises; missing shape fields count as 0.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.models import constants as C
from assistant.models.memory import MemoryEstimate, Spread, embedding_params_b, make_estimate, params_gb
from assistant.models.values import Factor, finite
from assistant.specs import ModelSpec

DEFAULT_SEQ = 2048  # tokens per training sequence when none is said (the set-up the answers show) [A]


def quantize_load_peak_gb(model: ModelSpec) -> float:
    """The load peak of a tool that puts the 16-bit model on the GPU before quantizing it (LitGPT's QLoRA):
    the 16-bit weights plus the CUDA context (§mem.lora). transformers + bitsandbytes quantize layer by layer
    while loading and stay below it."""
    return params_gb(model.params_b, 2.0) + C.CUDA_CONTEXT_GB["pytorch"]


SHARDING_BUFFERS = "sharding buffers"  # the component's name (locale key)


def sharded_run(n_gpus: int, zero_stage: int, offload: str) -> bool:
    """More than one GPU with the weights sharded (ZeRO-3 / FSDP full shard, or FSDP CPU offload of the parameters):
    the runs that carry the sharding buffers on every GPU (§mem.train)."""
    return n_gpus > 1 and (zero_stage >= 3 or offload == "params")


def sharding_buffers_gb(model: ModelSpec) -> float:
    """GB each GPU of a sharded run holds beyond its tensors (§mem.train): SHARDED_RUN_OVERHEAD_GB_PER_B x the model's
    billions of parameters [CAL]."""
    return C.SHARDED_RUN_OVERHEAD_GB_PER_B * finite(model.params_b)


def lora_params(model: ModelSpec, rank: int = C.LORA_DEFAULT_RANK, targets: str = "all") -> float:
    """Adapter parameters for LoRA on every linear layer ("all") or on the query and value
    projections only ("attention", peft's default) of every block (§mem.lora)."""
    h = finite(model.hidden)
    q_out = finite(model.attention_heads) * finite(model.head_dim) or h
    kv_out = (finite(model.kv_heads) or finite(model.attention_heads)) * finite(model.head_dim) or h
    inter = finite(model.intermediate) or 4 * h
    mlp_mats = 3 if model.kind == "llm" else 2
    if targets == "attention":
        return rank * ((h + q_out) + (h + kv_out)) * finite(model.layers)
    per_layer = (h + q_out) + 2 * (h + kv_out) + (q_out + h) + mlp_mats * (h + inter)
    return rank * per_layer * finite(model.layers)


def _widths(model: ModelSpec) -> tuple[float, float, float]:
    """(hidden, key/value width, MLP inner width) of one block."""
    h = finite(model.hidden)
    kv = (finite(model.kv_heads) or finite(model.attention_heads)) * finite(model.head_dim) or h
    return h, kv, finite(model.intermediate) or 4 * h


def gated_mlp(model: ModelSpec) -> bool:
    """SwiGLU / GeGLU MLP (Llama, Mistral, Qwen, Gemma): a gate and an up projection of the same width."""
    return model.kind == "llm" and bool(model.intermediate) and model.intermediate != 4 * finite(model.hidden)


def layer_activation_bytes(model: ModelSpec, seq: int, flash: bool, lora_targets: str | None = None) -> float:
    """Bytes one block saves for the backward pass per token, in 16-bit (§mem.train).

    Gated MLP (SwiGLU): the tensors autograd keeps are the two norm inputs (2h), the inputs of the
    attention, output and MLP projections (h each) and of the down projection (I), q/k/v (h + 2 kv)
    and the gate, up and activated gate (3 I): 6 h + 2 kv + 4 I elements, x 2 bytes [D]. A frozen
    linear without an adapter keeps no input (its weight needs no gradient): with adapters on the
    attention projections only ("attention"), the MLP and output-projection inputs go (2 h + I).
    The gated count is scaled by ACT_SCALE [CAL] (what autograd keeps beyond the count: norm statistics,
    fp32 upcasts, dropout masks). Other MLPs: Korthikanti et al. 2022, 34 h bytes. Attention scores add
    5 a s bytes unless flash / SDPA attention is used."""
    h, kv, inter = _widths(model)
    if gated_mlp(model):
        elements = 6 * h + 2 * kv + 4 * inter
        if lora_targets == "attention":
            elements -= 2 * h + inter
        per = 2.0 * elements * C.ACT_SCALE
    else:
        per = C.ACT_BYTES_PER_HIDDEN * h * (C.LORA_ATTN_ONLY_ACT_SHARE if lora_targets == "attention" else 1.0)
    if not flash:
        per += C.ACT_ATTN_SCORE_BYTES * finite(model.attention_heads) * seq
    return per


def activation_bytes_per_token(
    model: ModelSpec,
    seq: int,
    checkpointing: bool,
    flash: bool,
    act_bytes: float,
    lora_targets: str | None = None,
    offload: bool = False,
) -> float:
    """All blocks without checkpointing; with checkpointing each block's input (2 h) plus one
    block recomputed in full; with activation offloading the checkpoints go to CPU memory and
    two blocks' inputs stay (the one computed and the one in transfer) [D]."""
    return sum(activation_parts(model, seq, checkpointing, flash, act_bytes, lora_targets, offload))


def activation_parts(
    model: ModelSpec,
    seq: int,
    checkpointing: bool,
    flash: bool,
    act_bytes: float,
    lora_targets: str | None = None,
    offload: bool = False,
) -> tuple[float, float]:
    """activation_bytes_per_token as (bytes kept per block for every block, bytes held once): a layer split
    divides the first over its cards; every card recomputes a block (§mem.train)."""
    h, layers = finite(model.hidden), finite(model.layers)
    full_layer = layer_activation_bytes(model, seq, flash, lora_targets)
    scale = act_bytes / 2.0
    if not checkpointing:
        return layers * full_layer * scale, 0.0
    if offload:
        return 0.0, (min(layers, 2) * 2 * h + full_layer) * scale
    return layers * 2 * h * scale, full_layer * scale


def optimizer_bytes(optimizer: str, precision: str) -> tuple[float, float, float]:
    """(weight, gradient, optimizer-state) bytes per trainable parameter (§mem.train).

    mixed: 16-bit weights and gradients plus fp32 master weights with the states (2 + 2 + 4 + 8);
    bf16 (pure bf16, e.g. torchtune, LitGPT bf16-true): torch AdamW keeps its two moments in the
    parameter's dtype (2 + 2 + 4); fp32: 4 + 4 + 8. 8-bit Adam (bitsandbytes): 2 bytes of states
    (+ fp32 master with mixed precision); SGD without momentum and Adafactor (factored moments):
    ~0 states."""
    w = 4.0 if precision == "fp32" else 2.0
    master = 4.0 if precision == "mixed" else 0.0
    states = {
        "adamw": 8.0 if precision in ("mixed", "fp32") else 4.0,
        "adamw8bit": 2.0,
        "sgd": 0.0,
        "adafactor": 0.0,
    }.get(optimizer.removeprefix("paged_"), 8.0)
    return w, w, master + states


def training_memory(
    model: ModelSpec,
    method: str = "full",
    *,
    seq: int = DEFAULT_SEQ,
    batch: int = 1,
    checkpointing: bool = False,
    flash_attention: bool = True,
    n_gpus: int = 1,
    zero_stage: int = 0,
    precision: str = "mixed",
    lora_rank: int = C.LORA_DEFAULT_RANK,
    base_bits: float | None = None,
    lora_targets: str = "all",
    optimizer: str = "adamw",
    optimizer_in_backward: bool = False,
    offload: str = "none",
    loss: str = "plain",
) -> MemoryEstimate:
    """method: full | lora | qlora; precision: mixed | bf16 | fp32; zero_stage 1-3 shards over n_gpus, 0 uses the
    method's usual layout on several (`layout`: ZeRO-3 for full fine-tuning, a layer split for (Q)LoRA);
    lora_targets: all (every linear) | attention (attention projections only); optimizer: adamw |
    adamw8bit | paged_adamw | paged_adamw8bit | sgd | adafactor (paged: states live in pageable
    memory and move to the CPU under pressure, counted off the GPU [A]); optimizer_in_backward:
    each gradient is applied and freed as soon as it is computed; offload: none | optimizer
    (ZeRO-Offload: states and master weights in CPU memory) | params (FSDP CPU offload: weights,
    gradients and states in CPU memory, two blocks gathered on the GPU) | activations (checkpoints
    in CPU memory); loss: plain (16 bytes per logit) | chunked (6) | fused (cut cross-entropy, 0)."""
    n = max(int(n_gpus or 1), 1)
    split = layout(method, zero_stage, offload)
    tokens = max(int(seq), 1) * max(int(batch), 1)
    act_bytes = 4.0 if precision == "fp32" else 2.0
    paged = optimizer.startswith("paged_")
    off_states = paged or offload in ("optimizer", "params")
    # per component: (GB that divides over the cards, GB every card holds)
    parts = _tensor_parts(
        model,
        method,
        split,
        zero_stage,
        precision,
        lora_rank,
        base_bits,
        lora_targets,
        optimizer,
        optimizer_in_backward,
        offload,
        off_states,
    )
    kept, recomputed = 0.0, 0.0  # bytes per step: every block's, and the one block recomputed at a time
    for blocks, positions in block_stacks(model, seq):
        by_layer, once = activation_parts(
            blocks,
            positions,
            checkpointing,
            flash_attention,
            act_bytes,
            None if method == "full" else lora_targets,
            offload == "activations",
        )
        kept += by_layer * positions * max(int(batch), 1)
        recomputed = max(recomputed, once * positions * max(int(batch), 1))
    per_token = (kept + recomputed) / tokens
    if split == "layers":
        parts["activations"] = (kept / C.GB, recomputed / C.GB)
    else:
        parts["activations"] = (0.0, (kept + recomputed) / C.GB)
    logits = tokens * finite(model.vocab) * C.LOSS_BYTES_PER_LOGIT.get(loss, 16.0) / C.GB if model.kind == "llm" else 0
    parts["CUDA context"] = (0.0, C.CUDA_CONTEXT_GB["pytorch"])
    multi = sharding_buffers_gb(model) if split == "shard" else 0.0
    divides, each = sum(d for d, _ in parts.values()), sum(f for _, f in parts.values())
    # a layer split: the last card holds the logits, the layers placed so every card is equally full (§mem.train)
    spread = Spread(divides, each, multi, logits) if split == "layers" else Spread(divides, each + logits, multi)
    gb = {k: d / n + f for k, (d, f) in parts.items() if k != "CUDA context"}
    if model.kind == "llm":
        gb["logits"] = logits / n if split == "layers" and spread.shares_last(n) else logits
    gb["CUDA context"] = C.CUDA_CONTEXT_GB["pytorch"]
    if n > 1 and multi:
        gb[SHARDING_BUFFERS] = multi
    p = finite(model.params_b) * 1e9
    factors = [
        Factor("parameters", p / 1e9, "B", "models.toml"),
        Factor(
            "activation bytes per token",
            per_token / 1e6,
            "MB",
            "§mem.train",
            "checkpointing" if checkpointing else "no checkpointing",
        ),
        Factor("tokens per step", tokens, "tokens", "input"),
    ]
    if model.decoder_layers and model.encoder_positions:
        factors.append(
            Factor("encoder positions per step", model.encoder_positions * max(int(batch), 1), "", "§mem.train")
        )
    if method != "full":
        factors.append(
            Factor(
                "LoRA adapter parameters",
                lora_params(model, lora_rank, lora_targets) / 1e6,
                "M",
                "§mem.lora",
                f"rank {lora_rank}, {lora_targets} linears",
            )
        )
    how = "split by layers" if split == "layers" else f"ZeRO-{3 if split == 'shard' else zero_stage}"
    setup = f"training {method} ({precision}), seq {seq} x batch {batch}, {how} on {n} GPU(s)"
    return make_estimate(model, setup, gb, n, factors, spread)


def block_stacks(model: ModelSpec, seq: int) -> tuple[tuple[ModelSpec, int], ...]:
    """(blocks, positions per sample) a training step runs through (§mem.train): the model's blocks over the `seq`
    tokens; an encoder-decoder with a fixed input window (Whisper) runs its encoder (`layers` blocks) over
    `encoder_positions` (1,500 per 30-second window) and its text decoder (`decoder_layers` blocks) over the `seq`
    label tokens. A decoder block's cross-attention is counted as a self-attention block's (an approximation [A])."""
    if model.decoder_layers and model.encoder_positions:
        decoder = replace(model, layers=model.decoder_layers)
        return ((model, int(model.encoder_positions)), (decoder, max(int(seq), 1)))
    return ((model, max(int(seq), 1)),)


def layout(method: str, zero_stage: int, offload: str) -> str:
    """How more than one card holds a fine-tune (§mem.train): "shard" (ZeRO-3 / FSDP full shard, FSDP CPU offload;
    full fine-tuning when no stage is given), "layers" ((Q)LoRA when no stage is given: the blocks split over the
    cards as device_map="auto" does, each card holding its own blocks' weights, adapters and checkpoints) or
    "replicas" (ZeRO-1 / 2: every card holds the weights, the optimizer states / gradients are divided)."""
    if zero_stage >= 3 or offload == "params":
        return "shard"
    if zero_stage in (1, 2):
        return "replicas"
    return "shard" if method == "full" else "layers"


def _tensor_parts(
    model: ModelSpec,
    method: str,
    split: str,
    zero_stage: int,
    precision: str,
    lora_rank: int,
    base_bits: float | None,
    lora_targets: str,
    optimizer: str,
    optimizer_in_backward: bool,
    offload: str,
    off_states: bool,
) -> dict[str, tuple[float, float]]:
    """Weights, gradients and optimizer states (full) or frozen weights and adapters ((Q)LoRA) as (GB that
    divides over the cards, GB every card holds) for the layout `split`."""
    p = finite(model.params_b) * 1e9
    layers = max(finite(model.layers), 1.0)
    whole = split in ("shard", "layers")  # every tensor divides over the cards
    parts: dict[str, tuple[float, float]] = {}

    def put(name: str, gb: float, divides: bool) -> None:
        parts[name] = (gb, 0.0) if divides else (0.0, gb)

    if method == "full":
        w_b, g_b, s_b = optimizer_bytes(optimizer, precision)
        if offload == "params":  # FSDP CPU offload: two blocks' full weights on the GPU at a time
            put("weights", p * w_b * min(2.0 / layers, 1.0) / C.GB, False)
        else:
            put("weights", p * w_b / C.GB, whole)
        grads_on_gpu = not optimizer_in_backward and offload != "params"
        put("gradients", p * g_b / C.GB if grads_on_gpu else 0.0, whole or zero_stage >= 2)
        put("optimizer states", 0.0 if off_states else p * s_b / C.GB, whole or zero_stage >= 1)
        return parts
    bits = base_bits or (C.BITS_PER_WEIGHT["nf4"] if method == "qlora" else 32.0 if precision == "fp32" else 16.0)
    adapters = lora_params(model, lora_rank, lora_targets)
    # bitsandbytes quantizes the block linears only: embeddings and LM head stay 16-bit (§mem.lora)
    embed = embedding_params_b(model) * 1e9 if bits < 16 else 0.0
    frozen = (p - embed) * bits / 8 + embed * 2
    if offload == "params":
        put("frozen weights", frozen * min(2.0 / layers, 1.0) / C.GB, False)
    else:
        put("frozen weights", frozen / C.GB, whole)
    # adapters train in fp32 under autocast (mixed), in the model's dtype in pure bf16
    a_w, a_g, a_s = optimizer_bytes(optimizer, "bf16" if precision == "bf16" else "fp32")
    adapter_bytes = a_w + a_g + (0.0 if off_states else a_s)
    put("adapters + their Adam states", adapters * adapter_bytes / C.GB, whole)
    return parts
