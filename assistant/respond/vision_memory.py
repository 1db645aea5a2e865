"""GPU memory to train a classic image classifier at a batch ("3060 12g 训练resnet50 batch 64会爆显存吗", "how much
vram to train vit-b/16 at batch 128", "resnet50 batch 256 on a 4060 ti 8gb, will it oom?").

Contract: `respond(query, env)` -> an Answer, or None when the question names no model of
knowledge/vision_models.csv, asks a training time (respond/vision_train.py answers that), or asks neither a batch
nor memory. Memory = parameters x (4 bytes of fp32 weights + 4 of gradients + the recipe optimizer's state: SGD
momentum 4, AdamW 8) + activations per image x batch (the CSV's per-image figure in mixed precision at its
resolution, x (pixels / its pixels) for another size said, x 2 in FP32) + the PyTorch CUDA context
(docs/model.md §mem.train). The per-image figure is an upper bound for ResNet-50 (the largest batch a published
recipe trains on a 16 GB card) and a shape count for ViTs; the answer says which. Both AMP and FP32 are given;
with a GPU named, the verdict, the spare memory and the largest batch that fits. figures["vision_memory"] holds
the parts. Pure; never raises.
"""

from __future__ import annotations

import re

from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.respond.env import Env
from assistant.respond.vision_train import vision_model

_BATCH = re.compile(
    r"(?:batch[ _-]?size|batchsize|batch|\bbs|批量|批大小|批次大小)\s*(?:=|:|of|开|设为?|设置为|是)?\s*(\d{1,5})", re.I
)
_BATCH_AFTER = re.compile(r"(?<![\w./-])(\d{1,5})\s*(?:的)?\s*(?:batch(?:[ _-]?size)?|bs\b)", re.I)
_RES = re.compile(r"(\d{3,4})\s*(?:x\s*\d{3,4}|px|像素|分辨率)|(?:分辨率|resolution|at)\s*(\d{3,4})\b", re.I)
_MEMORY = re.compile(
    r"vram|memory|\boom\b|fit|显存|爆|装得下|够不够|够吗|够用|够训|out of memory|run out|enough|handle", re.I
)
_ENOUGH = re.compile(r"enough|handle|够|行不行|能不能训|can (?:it|a|an|my|the)\b", re.I)
_OOM = re.compile(r"\boom\b|out of memory|run out|爆", re.I)
_TIME = re.compile(r"how long|how many (?:hours|days)|多久|几天|多少小时|几个小时")
_FP32 = re.compile(r"fp32|full precision|no amp|without amp|不开amp|单精度", re.I)
_STATE_BYTES = {"sgd": 4.0, "adamw": 8.0}  # per parameter (SGD momentum; AdamW's two moments), fp32


def _batch(text: str) -> int | None:
    m = _BATCH.search(text) or _BATCH_AFTER.search(text)  # "batch 64" before "64 batch" ("resnet50 batch 64")
    return int(m.group(1)) if m else None


def _resolution(text: str) -> int | None:
    m = _RES.search(text)
    value = int(m.group(1) or m.group(2)) if m else None
    return value if value and 64 <= value <= 2048 else None


def need_gb(model: dict, batch: int, res: int | None, fp32: bool) -> dict[str, float]:
    """GB per part (memory GB, 2^30 bytes) for one GPU training `model` at `batch` (see the module contract)."""
    params = float(model["params_m"]) * 1e6
    states = params * (4.0 + 4.0 + _STATE_BYTES.get(model["optimizer"], 8.0)) / C.GB
    base = int(model["resolution"])
    per_image = float(model["act_mb"]) * 1e6 * ((res or base) / base) ** 2 * (2.0 if fp32 else 1.0)
    return {
        "weights, gradients, optimizer": states,
        "activations": per_image * batch / C.GB,
        "CUDA context": C.CUDA_CONTEXT_GB["pytorch"],
    }


def largest_batch(model: dict, memory_gb: float, res: int | None, fp32: bool) -> int:
    """The largest batch whose total stays within `memory_gb` (0 when even one image does not fit)."""
    fixed = sum(v for k, v in need_gb(model, 0, res, fp32).items() if k != "activations")
    per_image = need_gb(model, 1, res, fp32)["activations"]
    return max(int((memory_gb - fixed) / per_image), 0) if per_image > 0 else 0


_MEM_SAID = re.compile(r"(\d{1,3})\s*(?:gb|g)\s*(?:of\s+)?(?:显存|vram|memory|card|gpu|的卡|卡)", re.I)


def _memory_said(query, low: str) -> float | None:
    """A memory size named without a card ("24g显存会爆吗", "a 24gb card")."""
    said = getattr(query, "memory_gb", None)
    if said:
        return float(said)
    m = _MEM_SAID.search(low)
    return float(m.group(1)) if m and 2 <= int(m.group(1)) <= 512 else None


def _gpu(query, env: Env):
    refs = [r for r in getattr(query, "gpus", ()) if getattr(r, "name", None)]
    spec = env.reader.known_gpu(refs[0].name) if refs else None
    return spec, (max(int(refs[0].count or 1), 1) if refs else 1)


def respond(query, env: Env) -> Answer | None:
    text = query.text
    low = text.lower()
    model = vision_model(text)
    if model is None or not model.get("act_mb") or _TIME.search(low):
        return None
    batch = _batch(low)
    if batch is None and not _MEMORY.search(low):
        return None
    batch = batch or 32
    res = _resolution(low)
    spec, n = _gpu(query, env)
    amp, fp32 = need_gb(model, batch, res, False), need_gb(model, batch, res, True)
    total_amp, total_fp32 = sum(amp.values()), sum(fp32.values())
    bound = model["act_basis"] == "bound"
    values = dict(
        model=model["name"],
        batch=batch,
        res=res or model["resolution"],
        amp=f"{total_amp:.1f}",
        fp32=f"{total_fp32:.1f}",
        most=env.t("vmem.at_most") if bound else env.t("vmem.about"),
    )
    figures: dict = {
        "model": model["name"],
        "batch": batch,
        "amp_gb": round(total_amp, 2),
        "fp32_gb": round(total_fp32, 2),
    }
    mem_said = _memory_said(query, low)
    if spec is None and not mem_said:
        headline = env.t("vmem.need", **values)
    else:
        # data parallel: every card holds a whole replica and its own batch; "24g显存" alone: that much memory
        mem = float((spec.memory_gb if spec is not None else mem_said) or 0.0)
        fits_amp, fits_fp32 = total_amp <= mem, total_fp32 <= mem
        key = "vmem.fits_both" if fits_fp32 else "vmem.fits_amp" if fits_amp else "vmem.fits_none"
        if _ENOUGH.search(low) and not _OOM.search(low):  # "is a 3060 enough for resnet50": yes / no to enough
            key += "_enough"
        most_amp = largest_batch(model, mem, res, False)
        on = (
            env.t("vmem.on_card", gpu=spec.short_name, mem=f"{mem:g}")
            if spec
            else env.t("vmem.on_memory", mem=f"{mem:g}")
        )
        headline = env.t(key, on=on, largest=most_amp, **values)
        figures |= {
            "gpu": spec.name if spec else None,
            "fits": fits_amp,
            "fits_fp32": fits_fp32,
            "max_batch_amp": most_amp,
        }
        if n > 1:
            figures["gpu_count"] = n
    rows = [
        [label, f"{amp[k]:.1f}", f"{fp32[k]:.1f}"]
        for k, label in (
            ("weights, gradients, optimizer", env.t("vmem.part_states", optimizer=model["optimizer"].upper())),
            ("activations", env.t("vmem.part_activations", batch=batch)),
            ("CUDA context", env.t("vmem.part_context")),
        )
    ]
    rows.append([env.t("vmem.part_total"), f"{total_amp:.1f}", f"{total_fp32:.1f}"])
    table = Table(headers=["GB", env.t("vmem.col_amp"), env.t("vmem.col_fp32")], rows=rows)
    per_image = float(model["act_mb"])
    steps = [
        env.t(
            "vmem.basis_bound" if bound else "vmem.basis_formula",
            model=model["name"],
            mb=f"{per_image:g}",
            res=model["resolution"],
        ),
        env.t("vmem.rule", params=model["params_m"], optimizer=model["optimizer"].upper()),
    ]
    if res and res != int(model["resolution"]):
        steps.append(env.t("vmem.resolution", res=res, base=model["resolution"]))
    if _FP32.search(low):
        steps.append(env.t("vmem.fp32_said"))
    steps.append(env.t("vmem.more"))
    return Answer(
        question=text,
        intent="fit",
        headline=headline,
        tables=[table],
        steps=steps,
        figures={"vision_memory": figures, "vram_required_gb": round(total_amp, 2)},
        sources=env.cite(model["source"]) + ["method: docs/model.md §mem.train"],
        lang=env.lang,
        gpus=[spec.name] if spec is not None else [],  # a memory size alone names no card
    )
