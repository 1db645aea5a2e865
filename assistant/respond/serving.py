"""Serving an LLM to several users at once on the GPU named: how many cards, how fast each user is served, and
what the cards cost.

Contract: `serving_lead(case)` -> (sentence, figures) for LLM inference with N > 1 users at once (Query.targets
"users") on a named GPU the set-up asked does not hold: the fewest cards that hold the weights and every user's
KV cache (§mem: the fit's row, N sequences of the context), raised to a count tensor parallelism can split the
model over (a divisor of its attention heads, as vLLM requires), the batched decode speed per user and in all on
those cards (§llm.decode: batch = users, tensor split over their link) and the price of the cards and of the
machine when they are priced. ("", {}) for anything else (one card that holds it gets the users' speed in the fit
answer itself: fit_speed.targets_met).
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.models import constants as C
from assistant.models import hardware, llm, memory, scaling
from assistant.respond import fit_hardware
from assistant.respond.env import Env
from assistant.respond.fit_rows import FitCase
from assistant.respond.pricing import purchase_price, speech
from assistant.specs import GpuSpec, ModelSpec

MAX_TENSOR_PARALLEL = 16  # beyond it a single server does not hold the cards [A]
MAX_CARDS = 8  # one server: a set served from one machine
SERVE_PRECISIONS = ("int4", "fp8")  # vLLM's AWQ / GPTQ 4-bit and FP8 checkpoints
# The architectures vLLM's kernels run each on (vLLM docs, quantization supported hardware [R]): AWQ from Turing,
# FP8 weights from Ampere (weight-only through Marlin before Ada's FP8 tensor cores); an FP8 mixture-of-experts model
# only from Ada (its fused MoE kernel has no Marlin path [R: Neural Magic]); gpt-oss's released MXFP4 on Ampere,
# Hopper and datacenter Blackwell (vLLM's gpt-oss recipe [R])
VLLM_ARCHITECTURES = {
    "int4": ("Turing", "Ampere", "Ada Lovelace", "Hopper", "Blackwell"),
    "fp8": ("Ampere", "Ada Lovelace", "Hopper", "Blackwell"),
    "fp8_moe": ("Ada Lovelace", "Hopper", "Blackwell"),
    "mxfp4": ("Ampere", "Hopper", "Blackwell"),
}
SOURCES = "vllm-quantization-hardware;vllm-fp8-moe-ada;vllm-gpt-oss-recipe"


@dataclasses.dataclass(frozen=True)
class ServeSet:
    """A GPU set that serves a model: its speed per user and in total."""

    gpu: GpuSpec
    count: int
    per_user: float
    total: float
    cards_usd: float
    machine_usd: float

    def figures(self) -> dict:
        return {
            "gpu": self.gpu.name,
            "gpu_count": self.count,
            "per_user_tokens_per_second": round(self.per_user, 1),
            "tokens_per_second": round(self.total, 1),
            "total_usd": round(self.cards_usd, 2),
            "machine_usd": round(self.machine_usd, 2),
            "memory_gb": (self.gpu.memory_gb or 0.0) * self.count,
        }


def serve_precisions(model: ModelSpec) -> tuple[str, ...]:
    """The weights vLLM serves the model in: its released MXFP4 (gpt-oss), else AWQ 4-bit and FP8."""
    return ("mxfp4",) if memory.released_precision(model) == "mxfp4" else SERVE_PRECISIONS


def vllm_runs(gpu: GpuSpec, prec: str, model: ModelSpec | None = None) -> bool:
    """Whether vLLM's kernels for `prec` weights (of this model: FP8 experts need Ada or newer) run on the card."""
    kind = "fp8_moe" if prec == "fp8" and model is not None and model.experts else prec
    return (gpu.architecture or "").startswith(VLLM_ARCHITECTURES[kind])


def users_of(case: FitCase) -> int:
    """The users the question serves at once (0 when it names none)."""
    return int(dict(case.query.targets).get("users", 0))


def shared_on_asked(case: FitCase, prec: str) -> tuple[str, dict]:
    """N users on the cards asked when each cannot hold the full context: vLLM's paged KV cache shares what the
    weights leave, so each user's context is that share (`memory.max_context` at batch N); said with the speed at it
    when it is at least NEAR_CONTEXT tokens and the question states no context (§mem.kv, §llm.decode)."""
    query, env, model, n, spec = case.query, case.env, case.model, case.n, case.spec
    users = users_of(case)
    if spec is None or query.context_tokens:
        return "", {}
    each_ctx = memory.max_context(model, prec, spec.memory_gb or 0.0, n, batch=users)
    each_ctx = min(each_ctx, memory.default_context(model))
    if each_ctx < C.NEAR_CONTEXT:
        return "", {}
    link = scaling.link(spec, n)
    split = "tensor" if n > 1 else "layer"
    dec = llm.decode_speed(
        spec, model, prec, context=each_ctx, batch=users, n_gpus=n, split=split, interconnect=link, engine="vllm"
    )
    where = f"{n} x {spec.short_name}" if n > 1 else spec.short_name
    text = env.t(
        "fit.serve_shared",
        where=where,
        users=users,
        model=model.name,
        prec=prec,
        ctx=f"{each_ctx:,}",
        each=tokens_rate(dec.per_sequence),
        total=tokens_rate(dec.tokens_per_s),
    )
    figures = {
        "asked_context_per_user": each_ctx,
        "asked_per_user_tokens_per_second": round(dec.per_sequence, 1),
        "asked_tokens_per_second": round(dec.tokens_per_s, 1),
    }
    return text, figures


def serving_lead(case: FitCase) -> tuple[str, dict]:
    """The serving answer's first sentences (see the module contract)."""
    query, env, model, n = case.query, case.env, case.model, case.n
    spec, users = case.spec, users_of(case)
    if users < 2 or model.kind != "llm" or query.mode != "inference" or spec is None or spec.unified_memory:
        return "", {}
    if speech(model):  # Whisper: transcription streams, not LLM decoding
        return "", {}
    prec, est, f = case.pick
    if f.fits or not f.min_gpus:
        return "", {}
    shared, shared_figures = shared_on_asked(case, prec)
    count = f.min_gpus
    tp = tensor_parallel_count(model.attention_heads, count, model.kv_heads)
    ctx = query.context_tokens or memory.default_context(model)
    link = scaling.link(spec, tp)
    dec = llm.decode_speed(
        spec, model, prec, context=ctx, batch=users, n_gpus=tp, split="tensor", interconnect=link, engine="vllm"
    )
    parts = dict(est.components)
    text = env.t(
        "fit.serve_count",
        model=model.name,
        users=users,
        count=count,
        gpu=spec.short_name,
        total=f"{(spec.memory_gb or 0) * count:g}",
        prec=prec,
        weights=f"{parts.get('weights', 0.0) * n:.1f}",
        kv=f"{parts.get('KV cache', 0.0) * n:.1f}",
        ctx=f"{ctx:,}",
    )
    if tp != count:
        text += i18n.gap(env.lang) + env.t("fit.serve_tensor_parallel", tp=tp, count=count, heads=model.attention_heads)
    each, total = dec.per_sequence, dec.tokens_per_s
    if total > 0:
        text += i18n.gap(env.lang) + env.t("fit.serve_speed", tp=tp, each=tokens_rate(each), total=tokens_rate(total))
    best_label, best, best_fit = case.rows[0]  # the best quality shown (16-bit or as released), when not the pick
    if best is not est and best_fit.min_gpus:
        best_tp = tensor_parallel_count(model.attention_heads, best_fit.min_gpus, model.kv_heads)
        text += i18n.gap(env.lang) + env.t(
            "fit.serve_at_best", prec=best_label, need=f"{best.total_gb * n:.1f}", count=best_tp, gpu=spec.short_name
        )
    held_by = None
    vllm = [
        (p, s)
        for p in serve_precisions(model)
        if vllm_runs(spec, p, model) and (s := served_on(spec, model, p, users, ctx, env, False))
    ]
    if shared:  # "4090用vllm跑llama3.1 8b 20个人并发": the card asked first, every user at the full context after
        text = shared + i18n.gap(env.lang) + text
    if vllm:
        items = i18n.sep(env.lang).join(
            env.t(f"serve.vllm_{p}", count=s.count, gpu=spec.short_name, each=tokens_rate(s.per_user)) for p, s in vllm
        )
        key = "serve.vllm_counts_full" if shared else "serve.vllm_counts"  # the shared cache's figures came first
        text += i18n.gap(env.lang) + env.t(key, items=items)
        held = next(((p, s) for p, s in vllm if s.count <= n), None)  # "would 2x a6000 work": yes, as vLLM runs it
        if held is not None:
            p, s = held
            lead = env.t(f"serve.asked_fits_{p}", n=n, gpu=spec.short_name, users=users, each=tokens_rate(s.per_user))
            text = lead + i18n.gap(env.lang) + text
            held_by = p
    asked = query.asked_figure == "yes_no" or (query.asked_figure != "count" and (query.gpu_count or 0) > 1)
    if held_by is None and not shared and asked:  # "换成两张4090 D呢": no on the set asked, then the count
        have = f"{(spec.memory_gb or 0) * n:g}"
        text = env.t("serve.asked_short", n=n, gpu=spec.short_name, gb=have, users=users) + i18n.gap(env.lang) + text
    figures: dict = {
        "serving": {
            "users": users,
            "gpu_count": count,
            "tensor_parallel_gpus": tp,
            "per_user_tokens_per_second": round(each, 1),
            "tokens_per_second": round(total, 1),
            "context_tokens": ctx,
            "vllm": {p: {"gpu_count": s.count, "per_user_tokens_per_second": round(s.per_user, 1)} for p, s in vllm},
            "held_by": held_by,
            **shared_figures,
        }
    }
    price = purchase_price(spec.name, env)
    if price is not None:
        cards = price.usd * tp
        machine = cards + fit_hardware.machine_usd(spec, tp, True, env.local_desktop_usd())
        text += i18n.gap(env.lang) + env.t(
            "fit.cards_cost", n=tp, gpu=spec.short_name, cards=env.money(cards), machine=env.money(machine)
        )
        figures["serving"] |= {"cards_usd": round(cards), "machine_usd": round(machine)}
    else:
        text += i18n.gap(env.lang) + env.t("fit.serve_no_price", gpu=spec.short_name)
    return text, figures


def serving_of(query, env) -> tuple[str, dict, int] | None:
    """Another answer's question (rent or buy) that serves a named model to several users on one named GPU: the
    serving lead, its figures and the cards it counts; None when it does not."""
    from assistant.queries import FitQuery
    from assistant.respond.fit_sizing import sized_model

    named = [r for r in query.gpus if r.name]
    if len(named) != 1 or query.model is None or dict(query.targets).get("users", 0) < 2:
        return None
    model, _ = sized_model(query, env)
    gpu = env.reader.gpu(named[0].name)
    if model is None or gpu is None:
        return None
    users = int(dict(query.targets)["users"])  # each user's sequence is one of the batch (as the fit reader reads it)
    fit = FitQuery(text=query.text, model=query.model, gpus=tuple(named), targets=query.targets, batch=users)
    lead, figures = serving_lead(FitCase.build(fit, env, model, gpu, max(named[0].count, 1)))
    return (lead, figures, figures["serving"]["tensor_parallel_gpus"]) if lead else None


def served_on(
    gpu: GpuSpec,
    model: ModelSpec,
    prec: str,
    users: int,
    ctx: int,
    env: Env,
    priced: bool = True,
    exactly: int | None = None,
) -> ServeSet | None:
    """The fewest cards of `gpu` that serve `users` at `prec` (weights and every user's KV cache of `ctx` tokens,
    a count tensor parallelism splits the heads over), their batched speed and price (0 without one); None when up
    to MAX_CARDS do not hold them, or with `priced` when the card has no price. With `exactly` ("what about with 2
    cards"): exactly that many, None when they do not hold it or tensor parallelism cannot split the heads over
    them."""
    price = purchase_price(gpu.name, env)
    if price is None and priced:
        return None
    est = memory.inference_memory(model, prec, context=ctx, batch=users)
    need = memory.fit(est, hardware.gpu_memory_limit_gb(gpu)).min_gpus
    if not need or (gpu.unified_memory and need > 1):
        return None
    count = tensor_parallel_count(model.attention_heads, need, model.kv_heads)
    if exactly is not None:  # that many or none: enough memory, and heads that split evenly over them
        splits = tensor_parallel_count(model.attention_heads, exactly, model.kv_heads) == exactly
        if need > exactly or not splits:
            return None
        count = exactly
    if count > MAX_CARDS:
        return None
    link = scaling.link(gpu, count)
    dec = llm.decode_speed(
        gpu, model, prec, context=ctx, batch=users, n_gpus=count, split="tensor", interconnect=link, engine="vllm"
    )
    if dec.tokens_per_s <= 0:
        return None
    cards = price.usd * count if price else 0.0
    return ServeSet(
        gpu,
        count,
        dec.per_sequence,
        dec.tokens_per_s,
        cards,
        cards + fit_hardware.machine_usd(gpu, count, True, env.local_desktop_usd()),
    )


def tensor_parallel_count(heads: int | None, count: int, kv_heads: int | None = None) -> int:
    """The fewest cards at or above `count` that split `heads` attention heads evenly and, with grouped KV heads,
    split them evenly or replicate them (vLLM: kv_heads % cards == 0 or cards % kv_heads == 0); `count` when the
    heads are not known or none up to MAX_TENSOR_PARALLEL does."""
    if not heads:
        return count

    def splits(k: int) -> bool:
        return heads % k == 0 and (not kv_heads or kv_heads % k == 0 or k % kv_heads == 0)

    return next((k for k in range(count, MAX_TENSOR_PARALLEL + 1) if splits(k)), count)


def tokens_rate(tps: float) -> str:
    """A speed in tokens/s as answers show it: whole above 100, one decimal below."""
    return f"{tps:,.0f}" if tps >= 100 else f"{tps:.1f}"
