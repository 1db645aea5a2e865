"""GPU memory needed to run or train a model, and whether it fits (§mem).

Contract: `inference_memory` (here), `train_memory.training_memory` and `diffusion_memory.image_memory` take a
`ModelSpec` and plain numbers and return a frozen `MemoryEstimate` (built by `make_estimate`): GB per component
(1 GB = 2^30 bytes, the unit a card's capacity is sold in, §mem.units), the total per GPU, the factors and the
largest component. `fit(estimate, gpu_memory_gb, n_gpus)` says fits / fits on N GPUs / does not fit, with the
headroom. Weights (`weights_gb`, MoE experts, released precision) and the KV cache (GQA, MLA, sliding windows) are
here too. Never raises on odd inputs; missing model shape fields count as 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models.values import Factor, dominant_of, finite
from assistant.specs import ModelSpec


@dataclass(frozen=True)
class Spread:
    """How n cards of one set-up hold it, all in GB (§mem.train): `divides` over the cards, `each` on every card,
    `multi` on every card once there are two or more (sharding buffers), and `last`, which divides with the rest
    while a card's share is at least as large and otherwise sits whole on one card (a layer split's logits: the
    last card holds them, the layers are placed so the cards are equally full)."""

    divides: float
    each: float
    multi: float = 0.0
    last: float = 0.0

    def shares_last(self, n: int) -> bool:
        """Whether the `last` part is spread with the rest on n cards."""
        return self.last <= (self.divides + self.last) / max(n, 1)

    def per_card(self, n: int) -> float:
        """GB on the fullest card of n."""
        n = max(n, 1)
        spread = (self.divides + self.last) / n if self.shares_last(n) else self.divides / n + self.last
        return spread + self.each + (self.multi if n > 1 else 0.0)


@dataclass(frozen=True)
class MemoryEstimate:
    """The memory a model needs per GPU for one setup, component by component."""

    model: str
    setup: str  # e.g. "inference q4_k_m, 8192 ctx, batch 1"
    components: tuple[tuple[str, float], ...]  # (name, GB per GPU)
    total_gb: float  # per GPU
    n_gpus: int
    factors: tuple[Factor, ...]
    dominant: str
    # How more cards of the same set-up hold it (None: weights and KV cache divide, the rest stays on each card).
    spread: Spread | None = None


@dataclass(frozen=True)
class Fit:
    """Whether a memory estimate fits a set of GPUs, and by how much."""

    fits: bool
    n_gpus: int
    needed_gb: float  # per GPU
    available_gb: float  # per GPU
    headroom_gb: float  # available - needed (negative: short by)
    min_gpus: int  # smallest GPU count that fits (0 = none up to 64)
    verdict: str


def params_gb(params_b: float | None, bytes_per_param: float) -> float:
    """Memory GB (§mem.units) held by `params_b` billion parameters of `bytes_per_param` bytes each."""
    return finite(params_b) * 1e9 * finite(bytes_per_param) / C.GB


def transfer_seconds(gb: float, gb_s: float) -> float:
    """Seconds to move `gb` memory GB (2^30 bytes) at `gb_s` decimal GB/s (bandwidths as vendors state them);
    0 for a rate that is not positive."""
    return finite(gb) * C.GB / (gb_s * 1e9) if finite(gb_s) > 0 else 0.0


def bits_per_weight(quant: str) -> float:
    return C.BITS_PER_WEIGHT.get((quant or "fp16").lower().replace("-", "_"), 16.0)


def kv_cache_bytes_per_token(model: ModelSpec, kv_type: str = "fp16") -> float:
    """Bytes of KV cache per token: 2 x layers x kv_heads x head_dim x bytes (GQA/MQA through
    kv_heads); MLA caches one latent (kv_lora_rank + qk_rope_head_dim) per layer (§mem.kv)."""
    per = C.KV_CACHE_BYTES.get(kv_type, 2.0)
    layers = finite(model.layers)
    if (model.attention or "").lower() == "mla" and model.kv_lora_rank:
        return layers * (finite(model.kv_lora_rank) + finite(model.qk_rope_head_dim)) * per
    kv_heads = finite(model.kv_heads) or finite(model.attention_heads)
    return 2 * layers * kv_heads * finite(model.head_dim) * per


def local_layers(model: ModelSpec) -> int:
    """Layers with sliding-window (local) attention: all but `global_layers` when the model has a window; without a
    window, the layers besides `global_layers` are linear attention (Qwen3-Next), whose cache does not grow."""
    if not model.sliding_window and model.global_layers is None:
        return 0
    layers = int(finite(model.layers))
    return max(0, layers - int(finite(model.global_layers))) if model.global_layers is not None else layers


def kv_cache_bytes(model: ModelSpec, context: int, kv_type: str = "fp16") -> float:
    """Bytes of KV cache for `context` tokens of one sequence (§mem.kv): local (sliding-window) layers keep at most
    `sliding_window` tokens (llama.cpp's SWA cache; Gemma 2/3 alternate local and global layers, gpt-oss bands
    half its layers to 128 tokens), the other layers every token."""
    ctx = max(int(context or 0), 0)
    layers = finite(model.layers)
    per_token = kv_cache_bytes_per_token(model, kv_type)
    local = local_layers(model)
    if not local or not layers:
        return per_token * ctx
    per_layer = per_token / layers
    return per_layer * ((layers - local) * ctx + local * min(ctx, int(model.sliding_window or 0)))


def make_estimate(model, setup, parts: dict[str, float], n_gpus, factors, spread=None) -> MemoryEstimate:
    clean = {k: max(finite(v), 0.0) for k, v in parts.items()}
    return MemoryEstimate(
        model.key, setup, tuple(clean.items()), sum(clean.values()), n_gpus, tuple(factors), dominant_of(clean), spread
    )


def released_precision(model: ModelSpec) -> str:
    """The precision of the weights as released: fp8 for natively FP8 models (DeepSeek V3/R1), mxfp4 for
    models whose experts ship in MXFP4 (gpt-oss), else fp16."""
    if model.key in C.NATIVE_MXFP4_EXPERTS:
        return "mxfp4"
    return "fp8" if model.key in C.NATIVE_FP8_WEIGHTS else "fp16"


def local_precision(model: ModelSpec) -> str:
    """The precision a local run assumes when none is asked: a model released in MXFP4 (gpt-oss) runs as released,
    the format its GGUFs and runtimes ship, else q4_k_m (§mem.weights)."""
    return "mxfp4" if released_precision(model) == "mxfp4" else "q4_k_m"


def expert_params_b(model: ModelSpec) -> float:
    """Routed-expert parameters (billions) of an MoE model, from its total and active counts [D]: per token
    active = shared + k/E x experts, so experts = (total - active) x E / (E - k). gpt-oss-120b 115.3 B (model
    card: 114.7 B MLP), Qwen3 30B-A3B 29.0 B (48 x 128 x 3 x 2048 x 768 = 29.0 B), Mixtral 8x7B 45.1 B.
    0 for a dense model."""
    e, k = model.experts or 0, model.experts_per_token or 0
    total = finite(model.params_b)
    active = finite(model.active_params_b) or total
    if e <= k or k <= 0 or total <= active:
        return 0.0
    return min(total, (total - active) * e / (e - k))


def _expert_bits(quant: str) -> tuple[float, float]:
    """(bits of the expert weights, bits of the rest) at `quant`: MXFP4 is gpt-oss's release layout (experts
    in MXFP4, the rest bf16); every other type quantizes all weights alike."""
    bits = bits_per_weight(quant)
    return (bits, 16.0) if (quant or "").lower() == "mxfp4" else (bits, bits)


def embedding_params_b(model: ModelSpec) -> float:
    """Token embedding + LM head parameters (billions): vocabulary x hidden, twice for an LLM (untied, as most are),
    at most all the parameters."""
    both = finite(model.vocab) * finite(model.hidden) * (2 if model.kind == "llm" else 1) / 1e9
    return min(finite(model.params_b), both)


def weights_gb(model: ModelSpec, quant: str, routed_share: float = 1.0) -> float:
    """GB of weights at `quant`; `routed_share` of the routed experts (1 = all of them, k/E = one token's). A
    linear-only quantizer (LINEAR_ONLY_QUANTS) leaves the embedding and LM head in 16-bit (§mem.weights); an MoE
    model's deep i-quant (DYNAMIC_MIX_QUANTS) is a dynamic mix of the same size with its non-expert weights at
    DYNAMIC_MIX_SHARED_BITS (§llm.moe_offload)."""
    experts = expert_params_b(model)
    shared = finite(model.params_b) - experts
    e_bits, s_bits = _expert_bits(quant)
    if experts and (quant or "").lower() in C.DYNAMIC_MIX_QUANTS and shared > 0:
        # an MoE model's deep i-quant file is a dynamic mix (Unsloth's R1 "1.58-bit": attention and the dense
        # layers at 4-6 bits, the routed experts lower): the same file size, its non-expert weights at
        # DYNAMIC_MIX_SHARED_BITS and the experts at what is left (§llm.moe_offload)
        total_bits = finite(model.params_b) * e_bits
        s_bits = min(C.DYNAMIC_MIX_SHARED_BITS, total_bits / shared)
        e_bits = (total_bits - shared * s_bits) / experts
    kept = embedding_params_b(model) if (quant or "").lower() in C.LINEAR_ONLY_QUANTS else 0.0
    shared_bits = (shared - kept) * s_bits + kept * 16.0
    return (shared_bits + experts * min(max(routed_share, 0.0), 1.0) * e_bits) * 1e9 / 8 / C.GB


def active_weights_gb(model: ModelSpec, quant: str, batch: int = 1) -> float:
    """GB of weights one decode step reads: dense = all; MoE = the shared weights plus the experts the batch
    selects (k/E per sequence, at most all of them)."""
    if not expert_params_b(model):
        return weights_gb(model, quant)
    share = (model.experts_per_token or 0) / (model.experts or 1) * max(int(batch or 1), 1)
    return weights_gb(model, quant, routed_share=share)


def default_context(model: ModelSpec) -> int:
    """The context an inference estimate assumes when none is asked: the model's, at most 8,192 tokens [A]."""
    return int(min(finite(model.context) or 4096, 8192))


def inference_memory(
    model: ModelSpec,
    quant: str = "fp16",
    *,
    context: int | None = None,
    batch: int = 1,
    n_gpus: int = 1,
    framework: str = "llama.cpp",
    kv_type: str = "fp16",
) -> MemoryEstimate:
    """Weights + KV cache + compute buffers + CUDA context, split evenly over n_gpus."""
    n = max(int(n_gpus or 1), 1)
    ctx = max(int(context if context is not None else default_context(model)), 0)
    batch = max(int(batch or 1), 1)
    bpw = bits_per_weight(quant)
    weights = weights_gb(model, quant)
    kv = kv_cache_bytes(model, ctx, kv_type) * batch / C.GB
    buffers = (
        finite(model.hidden) * 4 * C.INFER_BUFFER_TOKENS * 8
        + finite(model.vocab) * 4 * min(batch * C.INFER_BUFFER_TOKENS, C.INFER_BUFFER_TOKENS)
    ) / C.GB
    context_gb = C.CUDA_CONTEXT_GB.get(framework, C.CUDA_CONTEXT_GB["pytorch"])
    parts = {"weights": weights / n, "KV cache": kv / n, "compute buffers": buffers, "CUDA context": context_gb}
    factors = [
        Factor("bits per weight", bpw, "bits", "§mem.weights", quant),
        Factor(
            "KV cache per token",
            kv_cache_bytes_per_token(model, kv_type) / 1e6,
            "MB",
            "§mem.kv",
            f"{model.attention or '?'} attention",
        ),
        Factor("context", ctx, "tokens", "input"),
        Factor("batch", batch, "sequences", "input"),
    ]
    return make_estimate(model, f"inference {quant}, {ctx} ctx, batch {batch}", parts, n, factors)


def max_context(
    model: ModelSpec,
    quant: str,
    memory_gb: float,
    n_gpus: int = 1,
    *,
    batch: int = 1,
    kv_type: str = "fp16",
) -> int:
    """The longest context (tokens) whose inference estimate fits `n_gpus` GPUs of `memory_gb` each: the
    memory left after weights, compute buffers and CUDA context, divided by the KV cache per token (§mem.kv,
    GQA / MLA through the model's shape), rounded down to 1,024 tokens (256 below 2,048), or the model's
    trained context when all of it fits. 0 when nothing is left."""
    n = max(int(n_gpus or 1), 1)
    base = inference_memory(model, quant, context=0, batch=batch, n_gpus=n, kv_type=kv_type)
    batch_n = max(int(batch or 1), 1)
    free = finite(memory_gb) - base.total_gb
    if free <= 0 or kv_cache_bytes_per_token(model, kv_type) <= 0:
        return 0
    tokens = _tokens_for(model, free * n * C.GB / batch_n, kv_type)
    if finite(model.context) and tokens >= finite(model.context):
        return int(finite(model.context))  # the whole trained context fits (Whisper's 448 is not rounded to 256)
    step = 1024 if tokens >= 2048 else 256
    return tokens // step * step


def _tokens_for(model: ModelSpec, kv_bytes: float, kv_type: str) -> int:
    """The context whose KV cache (`kv_cache_bytes`) is `kv_bytes`: linear in the tokens, with the local layers'
    share capped at the window."""
    per_token = kv_cache_bytes_per_token(model, kv_type)
    local, layers = local_layers(model), finite(model.layers)
    window = int(model.sliding_window or 0)
    if not local or not layers or kv_bytes <= per_token * window:
        return int(kv_bytes / per_token)
    per_layer = per_token / layers
    return int((kv_bytes - per_layer * local * window) / (per_layer * (layers - local)))


def fit(estimate: MemoryEstimate, gpu_memory_gb: float | None, n_gpus: int | None = None) -> Fit:
    """Does the estimate fit on `n_gpus` GPUs of `gpu_memory_gb` each (default: the estimate's)?"""
    n = max(int(n_gpus or estimate.n_gpus or 1), 1)
    avail = finite(gpu_memory_gb)
    need = estimate.total_gb
    ok = fits(estimate, gpu_memory_gb)
    headroom = avail - need
    min_gpus = _min_gpus(estimate, avail)
    if ok:
        tight = headroom < C.HEADROOM_WARN * avail
        verdict = f"fits on {n} GPU(s) with {headroom:.1f} GB to spare" + (" (tight)" if tight else "")
    elif min_gpus:
        verdict = f"does not fit on {n} GPU(s) (short by {-headroom:.1f} GB); fits on {min_gpus}"
    else:
        verdict = f"does not fit (needs {need:.1f} GB per GPU, has {avail:g} GB)"
    return Fit(ok, n, need, avail, headroom, min_gpus, verdict)


def fits(estimate: MemoryEstimate, gpu_memory_gb: float | None) -> bool:
    """`fit(estimate, gpu_memory_gb, n).fits` (whatever n) without working out the rest of the Fit: for callers that
    try many sets and keep only the yes / no."""
    avail = finite(gpu_memory_gb)
    return avail > 0 and estimate.total_gb <= avail


def _min_gpus(estimate: MemoryEstimate, avail: float) -> int:
    """Smallest n (up to 64) on which the estimate of n cards fits; 0 when what every card holds (activations,
    logits, context) is at least what divides, where more cards barely help (QLoRA of an 8B on 8 GB cards is not
    "7 cards", it is a shorter sequence or a fused loss). A fine-tuning estimate says how its cards split it
    (`spread`, §mem.train), so the count is the one its own estimate on that many cards fits."""
    if avail <= 0:
        return 0
    spread = estimate.spread or _spread(estimate)
    if spread.each >= avail or spread.each >= spread.divides + spread.last:
        return 0
    return next((n for n in range(1, 65) if spread.per_card(n) <= avail + 1e-9), 0)


def _spread(estimate: MemoryEstimate) -> Spread:
    """Inference and image estimates: weights and KV cache divide over the cards, the rest stays on each."""
    n0 = max(estimate.n_gpus, 1)
    fixed = {"CUDA context", "compute buffers", "activations", "logits", "adapters + their Adam states"}
    divides = sum(v * n0 for k, v in estimate.components if k not in fixed)
    return Spread(divides, sum(v for k, v in estimate.components if k in fixed))
