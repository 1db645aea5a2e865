"""A GPU asked for training a language model from scratch ("best gpu to train a 7b llm from scratch", "从零预训练一个
1b模型要什么卡"): the recommendation (its memory need is a full training's, respond/recommend_need.py) and what such
a run takes in compute, which decides it more than the card does.

Contract: `respond(query, env)` answers a RecommendQuery with a model or a size whose workload is training, or whose
text says a word of [lists] pretrain_words, with no owned card to add to; None otherwise. The recommendation's
headline gains one sentence: the run's FLOPs at the compute-optimal 20 tokens per parameter (Chinchilla, Hoffmann et
al. 2022; respond/job_plan.CHINCHILLA_TOKENS_PER_PARAM), 6 FLOPs per parameter and token, and the wall-clock time on
one reference card (RTX 3090) and on one 8 x H100 node at the project's MFU (job_plan.run, docs/model.md §cost.run).
`figures`: scratch_tokens, scratch_flops, scratch_hours_ref, scratch_hours_node.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.queries import RecommendQuery
from assistant.respond import job_plan
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.wording import duration, token_amount

NODE_GPU = "H100 SXM5 80 GB"
NODE = 8


def respond(query, env: Env) -> Answer | None:
    if not isinstance(query, RecommendQuery) or query.add_to or not (query.model or query.params_b):
        return None
    if query.workload not in ("training", "llm_finetune") or not _scratch(query, env):
        return None
    model = sized_model(query, env)[0]
    ref, node = env.reader.gpu(C.REF_NAME), env.reader.gpu(NODE_GPU)
    if model is None or model.kind != "llm" or ref is None or node is None:
        return None
    from assistant.respond import recommend

    answer = recommend.respond(query, env)
    tokens = job_plan.CHINCHILLA_TOKENS_PER_PARAM * model.params_b * 1e9
    one, eight = job_plan.run(model, "full", tokens, ref, 1), job_plan.run(model, "full", tokens, node, NODE)
    line = env.t(
        "rec.scratch_time",
        tokens=token_amount(env, tokens),
        per=f"{job_plan.CHINCHILLA_TOKENS_PER_PARAM:g}",
        flops=f"{one.flops:.1e}",
        ref=ref.short_name,
        one=duration(env, one.hours),
        node=f"{NODE} x {node.short_name}",
        eight=duration(env, eight.hours),
    )
    figures = dict(answer.figures)
    figures |= {"scratch_tokens": tokens, "scratch_flops": one.flops}
    figures |= {"scratch_hours_ref": round(one.hours, 1), "scratch_hours_node": round(eight.hours, 1)}
    return dataclasses.replace(answer, headline=answer.headline + i18n.gap(env.lang) + line, figures=figures)


def compare_line(model, names: list[str], env: Env) -> str:
    """The compute-optimal run's time on a node of NODE cards of each side compared ("h100 vs a100 for training a 7b
    from scratch"), in one sentence."""
    tokens = job_plan.CHINCHILLA_TOKENS_PER_PARAM * model.params_b * 1e9
    times = []
    for name in names:
        gpu = env.reader.known_gpu(name)
        run = job_plan.run(model, "full", tokens, gpu, NODE)
        times.append(env.t("compare.scratch_side", time=duration(env, run.hours), n=NODE, gpu=gpu.short_name))
    return env.t(
        "compare.scratch_time",
        tokens=token_amount(env, tokens),
        per=f"{job_plan.CHINCHILLA_TOKENS_PER_PARAM:g}",
        sides=i18n.listing(env.lang).join(times),
    )


def _scratch(query: RecommendQuery, env: Env) -> bool:
    from assistant.nlu.lexicon import lexicon

    return lexicon(env.lang).words_in("pretrain_words", query.text.lower())
