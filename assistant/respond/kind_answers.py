"""Answers decided by the kind of question before its intent's responder: a classic image classifier's training
memory at a batch (respond/vision_memory.py), whether a measured image / Whisper speed is normal
(respond/measured_normal.py), two rented options for the same work (respond/rented_pair.py), and a model on cards
the user already has, read as a build ("i have 4x rtx a4000 ... llama 3.3 70b q4 on those? how fast": a fit with
its speed on those cards, never a shopping list). Each reads the question's own text and the parsed GPUs and model,
so it answers whichever intent the question was read as (spec, fit, recommend, explain, cost, rates, compare, rig);
memory per dollar as a ranking (respond/vram_per_dollar.py), and two models of one kind side by side in memory
(respond/model_pair_memory.py), and a card for training a model from scratch with the run's compute
(respond/scratch_time.py), and a card of a form asked (respond/form_factor.py).

A card to add beside an owned one (respond/add_card.py) comes first.

Contract: `respond(query, env)` -> the first of them that answers, or None.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond import (
    add_card,
    api_local,
    form_factor,
    image_lora,
    measured_normal,
    memory_pair,
    model_pair_fit,
    model_pair_memory,
    models_together,
    rented_pair,
    scratch_cost,
    scratch_time,
    vision_memory,
    vram_per_dollar,
)
from assistant.respond.env import Env

_OWNED = re.compile(
    r"\bi (?:have|got|own|already have)\b|i've got|\bgot \d|lying around|\bmy (?:\d|old|current|existing)"
    r"|on (?:those|these|them)|手上有|我有|手里有|家里有|现有|已经有|闲置"
)


def respond(query, env: Env) -> Answer | None:
    from assistant.respond import cost_asked, inverse

    return (
        api_local.respond(query, env)  # "is running llama locally cheaper than the openai api"
        or add_card.respond(query, env)  # "i have a 2080 ti, which card should i add for 72b": the card beside it
        or inverse.respond(query, env)  # a limit given, the one quantity that meets it asked (respond/inverse.py)
        or cost_asked.all_in(query, env)  # "3090 vs 4090 ... which is cheaper all in over 2 years": the totals
        or vision_memory.respond(query, env)
        or memory_pair.respond(query, env)  # "what can i do with 48gb that i cant with 24gb": each size
        or image_lora.respond(query, env)  # "can i train stable diffusion lora on 8gb": each image model's LoRA
        or _with_last_question(query, env)
        or measured_normal.respond(query, env)
        or rented_pair.respond(query, env)
        or owned_fit(query, env)
        or vram_per_dollar.respond(query, env)
        or models_together.respond(query, env)  # "a 3090 running whisper and llama 3 8b at the same time"
        or model_pair_fit.respond(query, env)  # "glm-4.5 air vs llama 4 scout on a 64gb mac": both on that device
        or model_pair_memory.respond(query, env)
        or form_factor.respond(query, env)  # "low profile card for my nas": that form of card ranked
        or scratch_cost.respond(query, env)  # "how much does it cost to train llama 3 8b from scratch"
        or scratch_time.respond(query, env)  # "best gpu to train a 7b llm from scratch": the run's compute too
    )


_FOLLOW_UP = re.compile(r"^(?:and|what about|how about|ok|so|那|那么|换成|如果|要是)\b|^.{0,40}$", re.I)


def _with_last_question(query, env: Env) -> Answer | None:
    """A short follow-up of a classifier's memory or of a measured speed, read with the question before it ("how much
    vram to train resnet50" -> "what about batch 128 on a 3060"; "my 4070 makes an sdxl image in 15 seconds" -> "is
    that normal?"): the two texts together, the follow-up's own GPU and set-up; never when the follow-up names a model
    of its own (a new topic). The answer keeps the follow-up's text."""
    history = getattr(getattr(env, "context", None), "history", None) or []
    last = history[-1].text if history and history[-1].text != query.text else ""
    if not last or not _FOLLOW_UP.search(query.text.strip()) or getattr(query, "model", None) is not None:
        return None
    if model_pair_memory.names_a_model(env, query.text):  # "what about llama 3 8b?": a new topic
        return None
    joined = dataclasses.replace(query, text=f"{last} {query.text}")
    found = vision_memory.respond(joined, env) or measured_normal.respond(joined, env)
    if found is not None:
        found.question = query.text
    return found


def owned_fit(query, env: Env) -> Answer | None:
    """A build question on cards the user says they have, with a model: the fit and speed on them."""
    if query.intent != "rig" or getattr(query, "model", None) is None:
        return None
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if not refs or not _OWNED.search(query.text.lower()):
        return None
    from assistant.queries import FitQuery
    from assistant.respond import fit

    asked = FitQuery(
        text=query.text,
        model=query.model,
        gpus=tuple(refs),
        gpu_count=sum(max(r.count, 1) for r in refs),
        precision=getattr(query, "precision", None),
        want_speed=True,
        workload=getattr(query, "workload", None),
    )
    return fit.respond(asked, env)


def text_only(text: str, env: Env) -> Answer | None:
    """The kinds that need nothing parsed, for a question the reader would ask back about ("显存性价比最高的卡是哪张
    每GB多少钱" reads 哪张 as a card to name): memory per dollar."""
    from assistant.queries import Query

    return vram_per_dollar.respond(Query(text=text), dataclasses.replace(env, lang=i18n.language_of(text)))
