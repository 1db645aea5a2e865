"""A pick for an image model that no card in the budget holds at its usual precision ("recommend an upgrade under 400
usd" for FLUX.1 schnell): the GGUF denoiser types that smaller cards run (city96's GGUF files in ComfyUI-GGUF, Forge),
best quality first, before any passively cooled datacenter board is offered to a person.

Contract: `ladder(query, env)` -> [(GGUF type, GB needed)] for a recommendation of a named image model for generation
with no precision or memory of its own asked (image_route.GGUF_LADDER, the set-up as usually run, §mem.image); [] for
anything else. `note(env, model_ref, quant, gb, usual_gb)` words why the pick is at that type, `need_text` the need
the ranking then rests on. Pure.
"""

from __future__ import annotations

from assistant.models import diffusion_memory
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.image_route import GGUF_LADDER

# the types a pick may rest on: below q4 the image degrades visibly (city96's model cards) [A]
PICK_TYPES = GGUF_LADDER[:4]


def ladder(query: RecommendQuery, env: Env) -> list[tuple[str, float]]:
    if query.precision or query.min_memory_gb or not (query.model and query.model.key):
        return []
    if query.workload not in (None, "image_generation") or query.mode not in (None, "inference"):
        return []
    model = env.reader.model(query.model.key)
    if model is None or model.kind != "image":
        return []
    usual = diffusion_memory.AS_USUALLY_RUN
    return [(q, round(diffusion_memory.image_memory(model, precision=q, **usual).total_gb, 1)) for q in PICK_TYPES]


def _name(env: Env, ref) -> str:
    model = env.reader.model(ref.key) if ref is not None and ref.key else None
    return model.name if model is not None else getattr(ref, "mention", "")


def note(env: Env, ref, quant: str, need_gb: float, usual_gb: float | None) -> str:
    return env.t(
        "rec.image_gguf",
        model=_name(env, ref),
        quant=quant.upper(),
        gb=f"{need_gb:.1f}",
        usual=f"{usual_gb:.1f}" if usual_gb else "?",
    )


def need_text(env: Env, ref, quant: str, need_gb: float) -> str:
    """ "FLUX.1 [schnell] needs about 11.1 GB (Q6_K GGUF denoiser, as usually run)": the need the ranking rests on."""
    return env.t(
        "rec.model_needs", model=_name(env, ref), gb=f"{need_gb:.1f}", how=env.t("rec.gguf_how", quant=quant.upper())
    )
