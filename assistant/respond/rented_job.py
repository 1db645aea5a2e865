"""Which card to rent for a training job: "想租卡微调qwen2.5 7b lora autodl哪张卡合适", "what gpu should i rent for
fine-tuning llama 3 8b" (RecommendQuery with cloud=True, a model or a size, and a training workload).

Contract: `respond(query, env)` gives the job priced on every rented card (the cloud named first, else all clouds;
respond/rates.py mode "job": cards the method needs, GPU-hours, cheapest first) as the recommendation, or None when
the question is not a rented training job of a language model (a purchase, inference, an image model, no model):
the recommendation then ranks cards to buy. The method is the one named (LoRA / QLoRA), else full fine-tuning, as
rates.py assumes for a job.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.queries import RatesQuery, RecommendQuery
from assistant.respond.env import Env

_TRAINING = ("llm_finetune", "training")


def respond(query: RecommendQuery, env: Env) -> Answer | None:
    if not query.cloud or query.workload not in _TRAINING or not (query.model or query.params_b):
        return None
    from assistant.respond import rates
    from assistant.respond.fit_sizing import sized_model

    if query.model is not None and getattr(sized_model(query, env)[0], "kind", None) != "llm":
        return None  # "autodl上租什么卡跑sdxl训练合适": the job model prices language-model training only

    job = RatesQuery(
        text=query.text,
        provider=query.provider,
        mode="job",
        model=query.model,
        params_b=query.params_b if not query.model else None,
        method=query.mode or "full_finetune",
        settings=query.settings,
    )
    answer = rates.respond(job, env)
    if answer.clarification or not answer.headline:
        return None
    answer.intent = "recommend"
    return answer
