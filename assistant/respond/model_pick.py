"""Which model an answer names as "the largest that fits": the size class of the largest, then the newest release.

Contract: `named_largest(models, env)` takes the dense LLMs that fit (any order) and returns the one to name: among
the models within SIZE_CLASS of the largest one's parameters (one size class: Yi-1.5 34B, Qwen3 32B, QwQ 32B and
Qwen2.5 32B are all "a ~33B model"), the newest release by the release month of the model's first source row
(knowledge/sources/models.csv `date`), then the larger, then the name. So the model people run now is named rather
than an older one a few percent larger (docs/model.md §mem.largest); a vision-language variant of a text family
("Qwen2.5-VL") only when no text model is among them. None for no models. `release(model, env)` is
that month ("" when the source gives none). Pure.
"""

from __future__ import annotations

from assistant.respond.env import Env
from assistant.specs import ModelSpec

SIZE_CLASS = 0.85  # models with at least this share of the largest one's parameters are of its size class [A]


def release(model: ModelSpec, env: Env) -> str:
    """The release month of the model's first source row ("2025-04"), "" when none is given."""
    first = (model.source or "").split(";")[0].strip()
    found = env.reader.sources.get(first)
    return str(found.date or "") if found is not None else ""


def vision_variant(model: ModelSpec) -> bool:
    """A vision-language variant of a text family ("Qwen2.5-VL"): named as the largest only when no text model fits."""
    return model.family.endswith("-VL")


def named_largest(models: list[ModelSpec], env: Env) -> ModelSpec | None:
    models = [m for m in models if not vision_variant(m)] or models
    if not models:
        return None
    top = max(m.params_b for m in models)
    sized = [m for m in models if m.params_b >= SIZE_CLASS * top]
    return max(sized, key=lambda m: (release(m, env), m.params_b, m.name))
