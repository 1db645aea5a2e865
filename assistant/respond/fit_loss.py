"""The loss a fine-tuning stack uses, when it decides a fit: the memory model assumes a plain Hugging Face
cross-entropy (the logits over the whole vocabulary kept in fp32, 16 bytes per logit; docs/model.md §mem.train)
unless the user names a stack or a loss. When the method asked does not fit that way but fits with a fused
cross-entropy (Unsloth's default; Liger or Cut Cross-Entropy in axolotl, LLaMA-Factory and TRL), the answer is
"yes with a fused loss", with both totals: the common tools fit, a plain Trainer does not; failing that, on one
GPU, with Unsloth's set-up (the fused loss and the checkpoints in CPU memory).

Contract: `fused_route(case, where)` -> (headline, figures) or None (a loss was stated, the row fits as assumed,
it is not LLM fine-tuning, or it does not fit with either). figures: `verdict` yes_if with condition
"fused_loss" or "unsloth", and `fused_loss` {need_gb, plain_gb} for all GPUs together.
"""

from __future__ import annotations

from assistant.respond.fit_rows import FitCase, mode_name
from assistant.respond.train_route import fitting_route

STATED_LOSS = {"fused_loss", "chunked_loss", "unsloth"}  # set-up options that state the loss


def fused_route(case: FitCase, where: str) -> tuple[str, dict] | None:
    query, env, model, n = case.query, case.env, case.model, case.n
    _, plain, f = case.pick
    if f.fits or not case.training or model.kind != "llm" or STATED_LOSS & set(query.setup or ()):
        return None
    mode = case.shown[case.rows.index(case.pick)][1]
    route = fitting_route(case)  # the least change that fits: the fused loss, then Unsloth's set-up, come first
    if route is None or route.changes not in (("fused",), ("unsloth",)):
        return None
    option, need = ("fused_loss" if route.changes == ("fused",) else "unsloth"), route.need_gb
    head = env.t(
        f"fit.head_yes_{option}",
        mode=mode_name(env, mode),
        need=f"{need:.1f}",
        spare=f"{n * case.memory_gb - need:.1f}",
        where=where,
        total=f"{n * case.memory_gb:g}",
        plain=f"{plain.total_gb * n:.1f}",
    )
    figures = {
        "verdict": {"answer": "yes_if", "condition": option},
        "fused_loss": {"need_gb": round(need, 2), "plain_gb": round(plain.total_gb * n, 2)},
    }
    return head, figures
