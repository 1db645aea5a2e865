"""Answer "what is X?": a concept from knowledge/concepts.toml, in the question's language; the
concepts it is compared with ("X vs Y, what's the difference") follow as reasons. When the question
names two concepts that a contrast concept relates (key "a-vs-b", e.g. "full-finetune-vs-lora",
"vram-vs-compute"), the contrast leads: the difference asked for comes first, each concept after it."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import ExplainQuery
from assistant.respond.env import Env


def _localized(concept, field: str, lang: str) -> str:
    """A concept's `field` in `lang` (`text_zh` for Chinese), or the English one when it has none."""
    return getattr(concept, f"{field}_{lang}", None) or getattr(concept, field)


def _title(concept, lang: str) -> str:
    return _localized(concept, "title", lang)


def _explained(concept, lang: str) -> str:
    """ "Title: text" of a concept, in `lang`."""
    return f"{_title(concept, lang)}{i18n.colon(lang)}{' '.join(_localized(concept, 'text', lang).split())}"


def _contrast(concepts: dict, named: list[str]):
    """The contrast concept relating two of the concepts named, if any."""
    if len(named) < 2:
        return None
    return next((c for c in concepts.values() if "-vs-" in c.key and len(set(named) & set(c.related)) >= 2), None)


def respond(query: ExplainQuery, env: Env) -> Answer:
    concepts = {c.key: c for c in env.reader.concepts}
    concept = concepts.get(query.concept)
    if concept is None:
        known = i18n.listing(env.lang).join(sorted(_title(c, env.lang) for c in concepts.values())[:12])
        return Answer(
            question=query.text,
            intent="explain",
            headline="",
            lang=env.lang,
            clarification=env.t("explain.unknown", mention=query.mention or query.concept, known=known),
        )
    named = [concept.key, *(k for k in query.others if k in concepts and k != concept.key)]
    contrast = _contrast(concepts, named)
    steps = [_explained(concepts[k], env.lang) for k in named[1:]]
    if contrast is not None:
        steps = [_explained(concepts[k], env.lang) for k in named]
        concept = contrast
    related = [_title(concepts[k], env.lang) for k in concept.related if k in concepts and k not in named]
    if related:
        steps.append(env.t("explain.related", items=i18n.listing(env.lang).join(related)))
    return Answer(
        question=query.text,
        intent="explain",
        headline=_explained(concept, env.lang),
        steps=steps,
        figures={"concept": concept.key, "others": [k for k in query.others if k in concepts]},
        sources=env.cite(concept.source),
        lang=env.lang,
    )
