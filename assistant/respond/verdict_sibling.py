"""A verdict on one card whose question asks about the card's other memory version too ("is the rtx 5060 ti 16gb a
good budget ai card or is 8gb version ok too", "is the 4060 ti 16gb worth it or is the 8gb one enough"): the other
version's verdict follows, so both parts are answered.

Contract: `other_version(answer, query, env, respond)` appends to the headline of a verdict on ONE named card the
first sentence of `respond`'s verdict on its version with the memory size said next to a version word ("8gb
version", "the 8gb one"; the KB name with that size, same words otherwise), prefixed by the version's name;
unchanged when the question says no other size, or the KB holds no such version.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

_VERSION = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:gb|g)\s*(?:version|one|model|variant|card)s?\b")
_SENTENCE = re.compile(r"(?<=[.。])\s")


def other_version(answer: Answer, query, env: Env, respond) -> Answer:
    named = [r for r in getattr(query, "gpus", ()) if r.name]
    found = _VERSION.search(query.text.lower())
    if len(named) != 1 or found is None or not answer.headline or answer.clarification:
        return answer
    gpu = env.reader.gpu(named[0].name)
    size = float(found.group(1))
    if gpu is None or not gpu.memory_gb or size == gpu.memory_gb:
        return answer
    name = named[0].name.replace(f"{gpu.memory_gb:g} GB", f"{size:g} GB")
    other = env.reader.gpu(name) if name != named[0].name else None
    if other is None:
        return answer
    ref = dataclasses.replace(named[0], name=other.name, mention=found.group(0))
    said = respond(dataclasses.replace(query, gpus=(ref,)), env).headline
    first = _SENTENCE.split(said.split("\n", 1)[0], maxsplit=1)[0]
    if not first:
        return answer
    head, sep, rest = answer.headline.partition("\n")
    line = env.t("verdict_sibling.other", gpu=other.short_name) + i18n.uncap(env.lang, first)
    answer.headline = i18n.gap(env.lang).join([head.rstrip(), line]) + sep + rest
    return answer
