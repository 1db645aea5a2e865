"""Neither set-up holds the model asked ("2x 3090 or a 4090 for deepseek r1", "4090和5090哪个能跑405b"): the comparison
says so first, never "get the X" for a model that runs on neither, then what would run: the deepest quantization of
the model that fits the larger side (§mem.weights ladder down to iq1_s, fit_hints.deepest), else the largest smaller
relative of the model that fits it (respond/fit_instead.relatives: the same family or its distills).

Contract: `lead(model, prec, names, counts, figures, env)` -> the sentence; sets figures["model_none"] = True (the
comparison then drops its generic pick) and figures["model_none_fits"] = {gpu, precision, model_key} when something
fits the larger side.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.models import hardware, memory
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.fit_hints import deepest
from assistant.respond.fit_instead import relatives


def lead(model, prec: str, names: list[str], counts: dict[str, int], figures: dict, env: Env) -> str:
    figures["model_none"] = True
    sized = {n: (env.reader.known_gpu(n), max(counts.get(n, 1), 1)) for n in names}
    big = max(names, key=lambda n: hardware.gpu_memory_limit_gb(sized[n][0]) * sized[n][1])
    gpu, n = sized[big]
    where = _label(gpu, n)
    head = env.t("compare.neither_holds", model=model.name, prec=prec)
    found = deepest(model, FitQuery(text="", model=None, mode="inference"), _limited(gpu), n)
    if found is not None:
        quant, _, est = found
        bits = f"{memory.bits_per_weight(quant):g}"
        figures["model_none_fits"] = {"gpu": big, "precision": quant, "model_key": model.key}
        return head + i18n.gap(env.lang) + env.t("compare.neither_deep", where=where, prec=quant, bits=bits)
    for other in relatives(model, env.reader.models):
        est = memory.inference_memory(other, prec, batch=1, n_gpus=n)
        if memory.fit(est, hardware.gpu_memory_limit_gb(gpu), n).fits:
            figures["model_none_fits"] = {"gpu": big, "precision": prec, "model_key": other.key}
            need = f"{est.total_gb * n:.1f}"
            return head + i18n.gap(env.lang) + env.t("compare.neither_other", where=where, model=other.name, need=need)
    return head


def _label(gpu, n: int) -> str:
    return f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name


def _limited(gpu):
    """The GPU with the memory its models may use (a Mac: the GPU's share, §mem.apple) for fit_hints.deepest."""
    return dataclasses.replace(gpu, memory_gb=hardware.gpu_memory_limit_gb(gpu))
