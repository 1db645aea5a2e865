"""What a memory size is good for when neither a model nor a kind of work is named: "is 8gb vram dead for local ai",
"is 16gb still viable in 2026", "8g显存还能玩ai吗".

Contract: `respond(query, env, memory_gb)` -> an Answer whose headline gives the verdict against the reference's
memory floors (fit_unnamed.FLOORS: image generation 12 GB, LLMs and fine-tuning 24 GB), then what runs in that
memory: the largest KB LLM at 4-bit with a 4k context (fit.largest_llm, §mem) and, for SDXL and FLUX.1 [dev], the
lightest of fp16 / fp8 that fits as ComfyUI and Forge run them (§mem.image), or that neither does.
figures: memory_gb, largest_llm, image_precision {model key: precision | None}, floors {workload: GB}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models import diffusion_memory
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.fit_unnamed import FLOORS

IMAGE_MODELS = ("sdxl-base", "flux.1-dev")  # the image models people ask about first (calibrated in §mem.image)
IMAGE_PRECISIONS = ("fp16", "fp8", "q4_k_s")  # q4_k_s: the GGUF quant 8-12 GB cards run FLUX with


def _image_precision(env: Env, key: str, memory_gb: float) -> tuple[str, str | None] | None:
    model = env.reader.model(key)
    if model is None:
        return None
    for prec in IMAGE_PRECISIONS:
        est = diffusion_memory.image_memory(model, precision=prec, **diffusion_memory.AS_USUALLY_RUN)
        if est.total_gb <= memory_gb:
            return model.name, prec
    return model.name, None


def _verdict_key(memory_gb: float) -> str:
    if memory_gb >= FLOORS["llm_inference"][0]:
        return "overview.plenty"
    if memory_gb >= FLOORS["image_generation"][0]:
        return "overview.usable"
    return "overview.tight"


def respond(query: FitQuery, env: Env, memory_gb: float) -> Answer:
    floors = {w: floor for w, (floor, _) in FLOORS.items()}
    parts = [
        env.t(
            _verdict_key(memory_gb),
            memory=f"{memory_gb:g}",
            image=f"{floors['image_generation']:g}",
            llm=f"{floors['llm_inference']:g}",
        )
    ]
    from assistant.respond.fit_sizing import largest_llm  # fit routes here

    biggest = largest_llm(env, memory_gb)
    parts.append(env.t("overview.llm", model=biggest) if biggest else env.t("overview.llm_none"))
    images = {}
    for key in IMAGE_MODELS:
        found = _image_precision(env, key, memory_gb)
        if found is None:
            continue
        name, prec = found
        images[key] = prec
        key_text = (
            "overview.image_no"
            if prec is None
            else ("overview.image" if prec.startswith("fp") else "overview.image_gguf")
        )
        parts.append(env.t(key_text, model=name, prec=prec or ""))
    parts.append(env.t("overview.finetune", floor=f"{floors['llm_finetune']:g}"))
    return Answer(
        question=query.text,
        intent="fit",
        headline=i18n.gap(env.lang).join(parts),
        workload=None,
        steps=[env.t("fit.rule_step"), env.t("overview.how")],
        figures={"memory_gb": memory_gb, "largest_llm": biggest, "image_precision": images, "floors": floors},
        sources=[
            "Tim Dettmers, 'Which GPU(s) to Get for Deep Learning' (2023), memory rules",
            "method: docs/model.md §mem, §mem.image",
        ],
        lang=env.lang,
    )
