"""A laptop named with a card is that card's laptop part, not a second GPU: "gaming laptop with a 3070 ti 8gb, can i
train sd 1.5 loras or will it cook itself" was compared as the desktop 3070 Ti against the laptop one.

Contract: `as_one(query, env)` -> the answer about the laptop part alone (a fit when a model is named, with the method
the words name (lexicon [mode]); else a verdict on the workload), with the laptop note (the part throttles at its own
temperature limit rather than damage itself; cooling and a power cap keep long runs steady) leading when heat is asked
(lexicon heat_words), as a reason otherwise; None when the comparison is not one card and its laptop word. Never
raises.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words
from assistant.queries import CompareQuery, FitQuery, VerdictQuery
from assistant.respond.env import Env
from assistant.respond.use_case import said


def _mode(text: str, env: Env) -> str | None:
    """The fine-tuning method the words name ("loras" -> lora), longest phrase first; None if none."""
    tokens = words(text.lower())
    found = []
    for phrase, info in lexicon(env.lang).phrases.items():
        value = info.get("MODE")
        n = len(phrase)
        if value and any(tuple(tokens[i : i + n]) == phrase for i in range(len(tokens) - n + 1)):
            found.append((n, str(value)))
    lighter = [v for _, v in found if v in ("lora", "qlora")]
    return lighter[0] if lighter else (max(found)[1] if found else None)


def as_one(query: CompareQuery, env: Env) -> Answer | None:
    refs = [r for r in query.gpus if r.name]
    if len(refs) != 2:
        return None
    bare = lexicon(env.lang).listed("laptop_words")  # the word alone ("laptop"), not "4090 laptop"
    laptop = next((r for r in refs if r.mention.strip().lower() in bare and " Mobile" in (r.name or "")), None)
    other = next((r for r in refs if r is not laptop), None)
    if laptop is None or other is None or not laptop.name or not other.name:
        return None
    if not other.name.startswith(laptop.name.replace(" Mobile", "")):
        return None  # "4090 desktop vs 4080 laptop": two cards
    if said("desktop_words", query.text, env):
        return None  # "laptop or desktop 4090": the two parts of the card, compared
    one = (dataclasses.replace(laptop, mention=f"{other.mention} {laptop.mention}"),)
    workload = query.workload
    if query.model is not None:
        from assistant.respond import fit

        mode = _mode(query.text, env) or ("inference" if workload in (None, "llm_inference", "inference") else "lora")
        answer = fit.respond(FitQuery(text=query.text, model=query.model, gpus=one, mode=mode, workload=workload), env)
    else:
        from assistant.respond import verdict

        answer = verdict.respond(VerdictQuery(text=query.text, gpus=one, workload=workload), env)
    if answer.clarification:
        return answer
    return with_heat(answer, query.text, laptop.name, env, always=True)


def with_heat(answer: Answer, text: str, gpu_name: str | None, env: Env, always: bool = False) -> Answer:
    """The laptop note after the answer on a laptop part: in the headline when heat is asked, else as a reason
    (`always`) or not at all."""
    gpu = env.reader.gpu(gpu_name or "")
    if gpu is None or not gpu.is_mobile or answer.clarification:
        return answer
    note = env.t("laptop.heat", gpu=gpu.short_name)
    if note in answer.headline or note in answer.steps:
        return answer
    if said("heat_words", text, env):
        answer.headline = i18n.gap(env.lang).join([answer.headline, note])
    elif always:
        answer.steps = [*answer.steps, note]
    return answer


def on_laptop(query, env: Env):
    """ "my gaming laptop has a 4070, can i train sdxl loras on it": (the query with the laptop part of the one desktop
    card named, the note that says so) when the words name a laptop; (query, "") otherwise."""
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if len(refs) != 1 or not said("laptop_words", query.text, env):
        return query, ""
    gpu = env.reader.gpu(refs[0].name or "")
    if gpu is not None and gpu.is_mobile:  # read as the laptop part already ("my laptop has a 3070 8gb"): said too
        desktop = env.reader.gpu(gpu.name.removesuffix(" Mobile"))
        typed = words(refs[0].mention.lower())
        if desktop is None or any(w in typed for w in ("mobile", "laptop", "notebook", "max-q")):
            return query, ""
        ref = dataclasses.replace(refs[0], mention=f"{refs[0].mention} laptop")  # said once: the next call passes
        said_query = dataclasses.replace(query, gpus=tuple(ref if r is refs[0] else r for r in query.gpus))
        return said_query, env.t("laptop.read_as", gpu=gpu.short_name, desktop=desktop.short_name)
    mobile = env.reader.gpu(f"{refs[0].name} Mobile") if gpu is not None else None
    if gpu is None or mobile is None:
        return query, ""
    ref = dataclasses.replace(refs[0], name=mobile.name)
    gpus = tuple(ref if r is refs[0] else r for r in query.gpus)
    return dataclasses.replace(query, gpus=gpus), env.t("laptop.read_as", gpu=mobile.short_name, desktop=gpu.short_name)
