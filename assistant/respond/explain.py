"""Answer "what is X?": a concept from knowledge/concepts.toml, in the question's language."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import ExplainQuery
from assistant.respond.common import Env


def _localized(concept, field: str, lang: str) -> str:
    """A concept's `field` in `lang` (`text_zh` for Chinese), or the English one when it has none."""
    return getattr(concept, f"{field}_{lang}", None) or getattr(concept, field)


def _title(concept, lang: str) -> str:
    return _localized(concept, "title", lang)


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
    title, text = _title(concept, env.lang), _localized(concept, "text", env.lang)
    related = [_title(concepts[k], env.lang) for k in concept.related if k in concepts]
    steps = []
    if related:
        steps.append(env.t("explain.related", items=i18n.listing(env.lang).join(related)))
    return Answer(
        question=query.text,
        intent="explain",
        headline=f"{title}{i18n.colon(env.lang)}{' '.join(text.split())}",
        steps=steps,
        figures={"concept": concept.key},
        sources=env.cite(concept.source),
        lang=env.lang,
    )
