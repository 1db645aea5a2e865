"""The largest batch that fits, for "batch开多少" / "max batch size" asked beside a fit (§mem).

Contract: `largest_batch(env, figures)` takes a fit answer's figures (`model_key` and `fit_setup`: mode, precision,
GPU count and memory, resolution, context, LoRA rank, set-up options) and works the same memory estimate again at
batches 1, 2, 4, ... 256: the largest that fits and what the next one needs. Returns (sentence, figures) or
("", {}) when the fit does not hold even batch 1 or the figures are missing. `longest_sequence(env, figures)` does the
same for a fine-tune's sequence length (512 ... 131,072 tokens at the fit's batch): "what seq len can i use".
`fit_limit(part, answer, env)` is the line either adds to a fit answer that asked it (respond/asked.py).
"""

from __future__ import annotations

import dataclasses

from assistant.models import memory
from assistant.queries import FitQuery, ModelRef
from assistant.respond.env import Env
from assistant.respond.fit_rows import estimate

BATCHES = (1, 2, 4, 8, 16, 32, 64, 128, 256)


SEQUENCES = (512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072)


def longest_sequence(env: Env, figures: dict) -> tuple[str, dict]:
    found = _base(env, figures)
    if found is None or found[0].mode in (None, "inference"):
        return "", {}
    base, _, _, n, gb = found
    fits, last, over = _largest(found, SEQUENCES, "context_tokens")
    if not fits or last is None:
        return "", {}
    values = dict(tokens=f"{fits:,}", gb=f"{last.total_gb * n:.1f}", memory=f"{gb * n:g}", batch=base.batch or 1)
    if over is None:
        return env.t("fit.seq_all", **values), {"max_sequence": fits}
    line = env.t("fit.seq_longest", next=f"{over[0]:,}", next_gb=f"{over[1].total_gb * n:.1f}", **values)
    return line, {"max_sequence": fits}


def _largest(found, steps: tuple[int, ...], field: str):
    """(the largest of `steps` for the query's `field` that fits, its estimate, (the next step, its estimate) or None
    when every step fits), working the fit's memory estimate again at each step in order."""
    base, model, setup, n, gb = found
    fits, last = 0, None
    for value in steps:
        est = estimate(
            model, dataclasses.replace(base, **{field: value}), setup.get("precision") or "fp16", n, base.mode
        )
        if not memory.fit(est, gb, n).fits:
            return fits, last, (value, est)
        fits, last = value, est
    return fits, last, None


def _base(env: Env, figures: dict):
    """(the fit's query as set up, model, set-up, card count, memory per card) from a fit answer's figures."""
    setup, key = figures.get("fit_setup"), figures.get("model_key")
    model = env.reader.model(key) if key else None
    if model is None and key and key.endswith("b"):  # "a 7b lora": the sized stand-in the fit answered with
        model = _sized(env, key)
    if not isinstance(setup, dict) or model is None:
        return None
    base = FitQuery(
        text="",
        model=ModelRef(mention=model.name, key=model.key),
        mode=setup.get("mode") or "inference",
        resolution=setup.get("resolution"),
        context_tokens=setup.get("context_tokens"),
        lora_rank=setup.get("lora_rank"),
        batch=int(setup.get("batch") or 1),
        setup=tuple(setup.get("setup") or ()),
    )
    return base, model, setup, int(setup.get("n") or 1), float(setup.get("memory_gb") or 0.0)


def largest_batch(env: Env, figures: dict) -> tuple[str, dict]:
    found = _base(env, figures)
    if found is None:
        return "", {}
    n, gb = found[3], found[4]
    fits, last, over = _largest(found, BATCHES, "batch")
    if not fits or last is None:
        return "", {}
    values = dict(batch=fits, gb=f"{last.total_gb * n:.1f}", memory=f"{gb * n:g}")
    if over is None:
        return env.t("fit.batch_all", **values), {"max_batch": fits}
    line = env.t("fit.batch_largest", next=over[0], next_gb=f"{over[1].total_gb * n:.1f}", **values)
    return line, {"max_batch": fits}


def _sized(env: Env, key: str):
    """The stand-in of "a 7b model" (fit.sized_model) from its key ("7b"), else None."""
    from assistant.respond.fit_sizing import sized_model

    try:
        params = float(key[:-1])
    except ValueError:
        return None
    return sized_model(FitQuery(text="", model=None, params_b=params), env)[0]


def fit_limit(part: str, answer, env: Env) -> str | None:
    """The line a fit answer adds when its batch ("batch") or sequence length ("seqlen") is asked: the largest that
    fits ("" when none was worked out for a batch, said as such by the caller); None when the answer has it already
    or a sequence cannot be worked out (an inference fit states its own context)."""
    if part == "batch":
        if answer.figures.keys() & {"max_batch", "fix"}:
            return None
        line, figures = largest_batch(env, answer.figures)
    else:
        if "max_sequence" in answer.figures:
            return None
        line, figures = longest_sequence(env, answer.figures)
        if not line:
            return None
    answer.figures |= figures
    return line
