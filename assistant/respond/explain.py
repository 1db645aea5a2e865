"""Answer "what is X?": a concept from knowledge/concepts.toml, in the question's language."""

from __future__ import annotations

from assistant.answer import Answer
from assistant.queries import ExplainQuery
from assistant.respond.common import Env


def respond(query: ExplainQuery, env: Env) -> Answer:
    concepts = {c.key: c for c in env.reader.concepts}
    concept = concepts.get(query.concept)
    if concept is None:
        zh_titles = env.lang == "zh"
        known = ("、" if zh_titles else ", ").join(
            sorted((c.title_zh if zh_titles and c.title_zh else c.title) for c in concepts.values())[:12]
        )
        return Answer(
            question=query.text,
            intent="explain",
            headline="",
            lang=env.lang,
            clarification=env.t("explain.unknown", mention=query.mention or query.concept, known=known),
        )
    zh = env.lang == "zh" and concept.text_zh
    title = concept.title_zh if zh and concept.title_zh else concept.title
    text = concept.text_zh if zh else concept.text
    related = [
        concepts[k].title_zh if zh and concepts[k].title_zh else concepts[k].title
        for k in concept.related
        if k in concepts
    ]
    steps = []
    if related:
        steps.append(env.t("explain.related", items=("、" if zh else ", ").join(related)))
    return Answer(
        question=query.text,
        intent="explain",
        headline=f"{title}{'：' if env.lang == 'zh' else ': '}{' '.join(text.split())}",
        steps=steps,
        figures={"concept": concept.key},
        sources=env.cite(concept.source),
        lang=env.lang,
    )
