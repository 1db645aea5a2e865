"""Several image models asked of one card ("is a 5070 ti good for stable diffusion and flux", "can a 4060 ti 16gb run
sdxl and flux", "4060ti 16g跑sd1.5和sdxl够用吗"): the fit is worked out for the heaviest (nlu Reading.heaviest_model),
and the first sentence says so, naming the lighter ones, so no model asked is left unsaid.

Contract: `lead(answer, query, env)` prefixes a fit answer on an image model that fits with "Both: <the lighter
models> need less memory than <the heaviest>, which decides it:" when the question names another image model of
fewer parameters (a KB alias as a whole word, spaces ignored) or Stable Diffusion with no version ("stable
diffusion", "sd": read as the reference's SDXL), outside the words naming the model itself; unchanged otherwise.
When the heaviest does not fit as it is (GGUF, streaming or not at all: "is a 3060 12gb enough for sdxl and flux"),
each lighter model that fits is said first with its own memory and time per image ("SDXL: yes, it needs about 6.8
GB at fp16 and fits ..."), then "<heaviest>: " and its answer; when a lighter one does not fit either, unchanged.
When the question compares their speed ("how fast per image compared to sdxl", "比sdxl慢多少") and the heaviest fits,
the lead is both times per image on the card instead ("SD 3.5 Large takes about 41 s per image on the RTX 5070,
SDXL about 7 s: 5.9x as long"), said after the first paragraph when the fit is asked too ("does it fit and how fast
... compared to sdxl").
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.env import Env

GENERIC = "sdxl-base"  # "stable diffusion" with no version (nlu/intents/fit.GENERIC_IMAGE_MODEL) [A]
_GENERIC_SAID = re.compile(r"stable\s*diffusion(?!\s*\d)|(?<![a-z0-9])sd(?![a-z0-9.])")  # no version said


def _named(text: str, aliases) -> bool:
    """An alias in the text as a whole word, spaces ignored ("sd1.5" for "sd 1.5")."""
    low = text.lower()
    forms = {r"\s*".join(re.escape(w) for w in a.lower().split()) for a in aliases if a and len(a) > 2}
    return any(re.search(rf"(?<![a-z0-9.]){f}(?![a-z0-9]|\.\d)", low) for f in forms)


def lead(answer: Answer, query: FitQuery, env: Env) -> Answer:
    key = getattr(query.model, "key", "") if query.model else ""
    model = env.reader.model(key) if key else None
    if model is None or model.kind != "image" or not answer.headline:
        return answer
    if not answer.figures.get("fits") and answer.figures.get("fits") is not None:
        return _each(answer, query, env, model, _lighter(query, env, model, key))
    lighter = _lighter(query, env, model, key)
    if not lighter:
        return answer
    after = bool(_FIT_ASKED.search(query.text))  # "sd 3.5 large on a 5070 12gb does it fit and how fast ...": after
    timed = _timed(answer, query, env, model, lighter, after) if _COMPARED.search(query.text) else ""
    if timed:  # "flux dev on a 4090, how much slower than sdxl per image": both times first
        if after:  # the fit's own sentence (with the heaviest's time) first, the other model's time after it
            first, sep, rest = answer.headline.partition("\n\n")
            answer.headline = first.rstrip() + i18n.gap(env.lang) + timed + (sep + rest if sep else "")
        else:
            answer.headline = timed + i18n.gap(env.lang) + answer.headline
        return answer
    names = i18n.join_names(env.lang, [m.name for m in lighter])
    lead_text = env.t("image_both.lead", others=names, model=model.name)
    answer.headline = lead_text + i18n.gap(env.lang) + i18n.uncap(env.lang, answer.headline)
    return answer


def _lighter(query: FitQuery, env: Env, model, key: str) -> list:
    """The other image models the question names with fewer parameters than `model`."""
    mention = (query.model.mention if query.model else "").lower()
    rest = query.text.lower().replace(mention, " ") if mention else query.text  # "sd3.5 large": no "sd 3" in it
    lighter = [
        m
        for m in env.reader.models
        if m.kind == "image"
        and m.key != key
        and (m.params_b or 0) < (model.params_b or 0)
        and _named(rest, [m.name, *m.aliases])
    ]
    if not lighter and _GENERIC_SAID.search(rest) and key != GENERIC:
        generic = env.reader.model(GENERIC)
        lighter = [generic] if generic is not None and (generic.params_b or 0) < (model.params_b or 0) else []
    return lighter


def _each(answer: Answer, query: FitQuery, env: Env, model, lighter: list) -> Answer:
    """The heaviest model does not fit as it is ("is a 3060 12gb enough for sdxl and flux"): each lighter model that
    fits is said first with its memory (and time per image when known), then the heaviest's own answer."""
    from assistant.query_terms import ModelRef
    from assistant.respond import fit

    said = []
    for m in lighter:
        one = dataclasses.replace(query, model=ModelRef(mention=m.name, key=m.key), asked="")
        figures = fit.respond_plain(one, env).figures
        if not figures.get("fits"):
            return answer  # it does not fit either: the heaviest's answer stands for both
        need, secs = figures.get("vram_required_gb"), figures.get("seconds_per_image") or figures.get("image_seconds")
        time = env.t("image_both.each_time", s=f"{secs:.0f}") if isinstance(secs, (int, float)) else ""
        prec = figures.get("precision")
        said.append(env.t("image_both.each_fits", model=m.name, need=f"{need:.1f}", prec=prec, time=time))
    if not said:
        return answer
    heavy = env.t("image_both.each_heavy", model=model.name) + i18n.uncap(env.lang, answer.headline)
    answer.headline = i18n.gap(env.lang).join([*said, heavy])
    return answer


_FIT_ASKED = re.compile(r"\bfits?\b|\benough\b|装得下|放得下|装下|放下|能跑吗|跑得动|够不够|够用", re.I)
# a time asked against another model ("how fast per image compared to sdxl", "比sdxl慢多少")
_COMPARED = re.compile(r"compared (?:to|with)|\bvs\.?\b|\bversus\b|\bthan\b|相比|比起|对比|(?<![一-龥])比", re.I)


def _timed(answer: Answer, query: FitQuery, env: Env, model, lighter: list, after: bool = False) -> str:
    """The heaviest model's time per image against the first lighter one's on the same card (the image speed model,
    docs/model.md §image.speed, run for each through respond/fit), "" when either has no time."""
    from assistant.query_terms import ModelRef
    from assistant.respond import fit

    secs = answer.figures.get("seconds_per_image") or answer.figures.get("image_seconds")
    other = lighter[0]
    one = dataclasses.replace(query, model=ModelRef(mention=other.name, key=other.key), asked="")
    figures = fit.respond_plain(one, env).figures
    light = figures.get("seconds_per_image") or figures.get("image_seconds")
    gpus = answer.gpus or [str((answer.figures.get("verdict") or {}).get("gpu") or "")]
    spec = env.reader.gpu(gpus[0]) if gpus and gpus[0] else None
    if not isinstance(secs, (int, float)) or not isinstance(light, (int, float)) or light <= 0 or spec is None:
        return ""
    return env.t(
        "image_both.compared_after" if after else "image_both.compared",
        model=model.name,
        other=other.name,
        gpu=spec.short_name,
        s=f"{secs:.0f}",
        s2=f"{light:.0f}",
        ratio=f"{secs / light:.1f}",
    )
