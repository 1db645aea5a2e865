"""The training time of a classic vision model asked of two cards compared: "yolo11m training on 20k images at 640px,
3060 12gb vs 4070 how long per epoch roughly".

Contract: `lead(answer, query, env)` leads a comparison of two cards with each card's time for the job, when the
question names a model of knowledge/vision_models.csv and asks a time (the conditions of respond/vision_train): the
same FLOPs rule, images, epochs and utilization as one card's answer (vision_train.with_vision_time, docs/model.md
§cost.training), per epoch when "per epoch" is asked, else for the whole run (no ratio of its own: the comparison's
speed model states that).
figures["vision_training_by_gpu"] = {gpu: hours}. Unchanged for anything else.
"""

from __future__ import annotations

import copy

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import CompareQuery
from assistant.respond.env import Env


def lead(answer: Answer, query: CompareQuery, env: Env) -> Answer:
    from assistant.respond import vision_train

    refs = [r for r in query.gpus if r.name]
    if answer.clarification or len(refs) != 2 or vision_train.vision_model(query.text) is None:
        return answer
    timed = []
    for ref in refs:
        one = vision_train.with_vision_time(
            Answer(question=query.text, intent="compare", headline="", lang=env.lang),
            copy.copy(_Only(query, ref)),
            env,
        )
        found = one.figures.get("vision_training")
        if not found:
            return answer
        timed.append((env.reader.known_gpu(str(ref.name)).short_name, found, one))
    (a, fa, one), (b, fb, _) = timed
    per_epoch = vision_train.per_epoch_asked(query.text)
    hours = "hours_per_epoch" if per_epoch else "hours"
    from assistant.respond.wording import duration

    text = env.t(
        "vision.compare_epoch" if per_epoch else "vision.compare_time",
        model=fa["model"],
        images=f"{fa['images']:,}",
        epochs=fa["epochs"],
        a=a,
        b=b,
        ta=duration(env, fa[hours]),
        tb=duration(env, fb[hours]),
        all_a=duration(env, fa["hours"]),
        all_b=duration(env, fb["hours"]),
    )
    answer.headline = i18n.gap(env.lang).join([text, answer.headline])
    answer.steps[:0] = [s for s in one.steps if s not in answer.steps]
    answer.sources[:0] = [s for s in one.sources if s not in answer.sources]
    answer.figures["vision_training_by_gpu"] = {r.name: t[1]["hours"] for r, t in zip(refs, timed, strict=True)}
    return answer


class _Only:
    """The question as asked of one of its cards (what vision_train reads: the text and the GPUs)."""

    def __init__(self, query: CompareQuery, ref):
        self.text = query.text
        self.gpus = (ref,)
