"""Two models of one kind set side by side in memory ("sd1.5 lora和sdxl lora 训练显存差多少", "how much more vram does
sdxl lora training need vs sd 1.5 lora", "qwen 7b vs llama 8b vram for inference").

Contract: `respond(query, env)` -> an Answer, or None unless a fit question names no GPU, names two different models
of the same kind (the parsed one and another whose name is in the text) and asks how they differ (lexicon
model_pair_asks). Each model gets the fit answer the question would get alone (same method and set-up: the fit
responder with only the model changed); the headline says both totals at the method asked and the difference in GB
and as a ratio; the tables are the first model's then the second's. figures["model_pair"]: (model, gb) of each,
difference_gb, ratio. Pure; never raises.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.names import normalize_name
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, ModelRef
from assistant.respond.env import Env


def respond(query, env: Env) -> Answer | None:
    if not isinstance(query, FitQuery) or query.model is None or any(r.name for r in query.gpus):
        return None
    low = query.text.lower()
    if not lexicon(env.lang).words_in("model_pair_asks", low):
        return None
    first = env.reader.model(query.model.key)
    other = _other_model(env, first, low, query.model.mention.lower()) if first is not None else None
    if first is None or other is None:
        return None
    from assistant.respond import fit

    answers = [
        fit.respond(query, env),
        fit.respond(dataclasses.replace(query, model=ModelRef(other.name, other.key)), env),
    ]
    needs = [float(a.figures.get("vram_required_gb") or 0.0) for a in answers]
    if not all(needs) or any(a.clarification for a in answers):
        return None
    (a, b), (ga, gb) = answers, needs
    big, small = ((first, ga), (other, gb)) if ga >= gb else ((other, gb), (first, ga))
    head = env.t(
        "model_pair.head_image" if first.kind == "image" else "model_pair.head",
        first=first.name,
        first_gb=f"{ga:.1f}",
        second=other.name,
        second_gb=f"{gb:.1f}",
        big=big[0].name,
        diff=f"{abs(ga - gb):.1f}",
        ratio=f"{big[1] / small[1]:.1f}" if small[1] else "—",
    )
    return Answer(
        question=query.text,
        intent="fit",
        headline=head + i18n.gap(env.lang) + a.headline,
        tables=a.tables[:1] + b.tables[:1],
        steps=a.steps,
        figures=a.figures
        | {
            "model_pair": {
                "models": [[first.key, round(ga, 2)], [other.key, round(gb, 2)]],
                "difference_gb": round(abs(ga - gb), 2),
                "ratio": round(big[1] / small[1], 2) if small[1] else None,
            }
        },
        sources=a.sources + [s for s in b.sources if s not in a.sources],
        lang=env.lang,
    )


def _other_model(env: Env, first, low: str, mention: str):
    """The other model of the same kind named in the text (the longest alias found outside the first's mention)."""
    rest = f" {normalize_name(low.replace(mention, ' '))} "  # the aliases are kept normalized ("qwen 2.5 14 b")
    found = [
        (len(alias), m)
        for m in env.reader.models
        if m.kind == first.kind and m.key != first.key
        for alias in (normalize_name(m.key), *m.aliases)
        if len(alias) > 3 and f" {alias} " in rest
    ]
    return max(found, key=lambda f: f[0])[1] if found else _sibling(env, first, rest)


_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?) ?b\b")


def _sibling(env: Env, first, rest: str):
    """ "llama 3 8b vs 70b", "qwen2.5 32b和72b": a bare size beside the first model is its family's model of that size
    (within 15 % of the parameters said); None when the family has none."""
    for said in _SIZE.findall(rest):
        size = float(said)
        near = [m for m in env.reader.models if m.family == first.family and m.key != first.key]
        best = min(near, key=lambda m: abs(m.params_b - size), default=None)
        if best is not None and abs(best.params_b - size) <= 0.15 * size:
            return best
    return None


def names_a_model(env: Env, text: str) -> bool:
    """Whether `text` names a KB model by one of its aliases (normalized the way the KB keeps them) as whole words:
    the text's runs of words looked up among the aliases at once (an alias is one such run), instead of every alias
    searched in the text (~600 substring tests an answer)."""
    runs, longest, others = env.reader.derived(("model_alias_runs",), lambda: _alias_runs(env.reader.models))
    normalized = normalize_name(text.lower())
    words = normalized.split(" ")
    found = {" ".join(words[i : i + n]) for n in range(1, longest + 1) for i in range(len(words) - n + 1)}
    padded = f" {normalized} "
    return not runs.isdisjoint(found) or any(f" {a} " in padded for a in others)


def _alias_runs(models) -> tuple[frozenset[str], int, tuple[str, ...]]:
    """(the aliases longer than 3 characters that are words joined by single spaces, their most words, the other
    aliases longer than 3 characters, searched as text): a text names such an alias exactly when one of its runs of
    words is that alias (normalize_name joins its words by single spaces)."""
    aliases = {a for m in models for a in m.aliases if len(a) > 3}
    runs = frozenset(a for a in aliases if a == " ".join(a.split()))
    return runs, max((len(a.split()) for a in runs), default=0), tuple(sorted(aliases - runs))
