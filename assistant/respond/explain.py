"""Answer "what is X?": a concept from knowledge/concepts.toml, in the question's language."""

from __future__ import annotations

from assistant.answer import Answer
from assistant.queries import ExplainQuery
from assistant.respond.common import Env


def respond(query: ExplainQuery, env: Env) -> Answer:
    concepts = {c.key: c for c in env.reader.concepts}
    concept = concepts.get(query.concept)
    if concept is None:
        known = ", ".join(sorted(c.title for c in concepts.values())[:12])
        return Answer(question=query.text, intent="explain", headline="",
                      clarification=f"I have no explanation of \"{query.mention or query.concept}\". I can explain: {known}, ...")
    zh = env.lang == "zh" and concept.text_zh
    title = concept.title_zh if zh and concept.title_zh else concept.title
    text = concept.text_zh if zh else concept.text
    related = [concepts[k].title_zh if zh and concepts[k].title_zh else concepts[k].title for k in concept.related if k in concepts]
    steps = []
    if related:
        steps.append(("相关：" if zh else "Related: ") + ", ".join(related))
    return Answer(question=query.text, intent="explain", headline=f"{title}: {' '.join(text.split())}", steps=steps,
                  figures={"concept": concept.key}, sources=env.cite(concept.source), lang=env.lang)
