"""Two memory sizes set against each other with no card or model named: "what can i do with 48gb vram that i cant
with 24gb", "is 32gb worth it over 24gb for local llms", "48g显存比24g能多跑什么": what each size runs (the capability
answer of each, docs/model.md §mem), the larger first; asked whether the gap matters or why memory decides
("12g和16g差别真这么大吗"), that verdict and its reason lead (respond/memory_gap.py).

Contract: `respond(query, env)` -> an Answer (intent "fit") or None when the question names a card or a model, or
does not set exactly two different memory sizes against each other (lexicon memory_pair_words), or when a job's
concept answers it (lexicon job_concepts: a 3D U-Net's memory).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import memory_gap
from assistant.respond.env import Env
from assistant.respond.model_pair_memory import names_a_model
from assistant.respond.use_case import said

_SIZE = re.compile(r"(?<![\d.a-z])(\d{1,3})\s*(?:gb|g)(?![a-z])", re.IGNORECASE)


def respond(query, env: Env) -> Answer | None:
    if any(g.name for g in getattr(query, "gpus", ())) or getattr(query, "model", None) is not None:
        return None
    if getattr(query, "params_b", None) or not said("memory_pair_words", query.text, env):
        return None
    if getattr(query, "concept", None) in lexicon(env.lang).listed("job_concepts"):
        return None  # "3d u-net on 128^3, is 16gb enough or do i need 24gb": that job's own memory (its concept)
    if getattr(query, "video", None) or said("video_work_words", query.text, env) or names_a_model(env, query.text):
        return None  # "hunyuanvideo on 24gb? or do i need 48gb", "8gb or 12gb for sdxl": that model's own answer
    sizes = sorted({float(m.group(1)) for m in _SIZE.finditer(query.text)}, reverse=True)
    if len(sizes) != 2 or not all(4 <= s <= 512 for s in sizes):
        return None
    from assistant.respond import fit  # fit imports the kind answers' modules (kind_answers)

    parts = []
    for size in sizes:
        asked = FitQuery(text=query.text, model=None, memory_gb=size, workload="llm_inference", asked="what_runs")
        parts.append(fit.respond(asked, env).headline)
    if not all(parts):
        return None
    gap = memory_gap.lead(query.text, sizes, env)  # "12g和16g差别真这么大吗": whether it matters, and why, first
    pair = env.t("memory_pair.lead", big=f"{sizes[0]:g}", small=f"{sizes[1]:g}")
    head = i18n.gap(env.lang).join(p for p in (gap, pair, *parts) if p)
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        workload="llm_inference",
        steps=[env.t("memory_pair.step")],
        figures={"memory_sizes": sizes},
        sources=["method: docs/model.md §mem"],
        lang=env.lang,
    )
