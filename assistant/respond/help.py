"""Answer "help": what can be asked, with examples that work (the `[help]` tables of the catalogs)."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import HelpQuery
from assistant.respond.common import Env

TOPICS = ("spec", "compare", "recommend", "fit", "speed", "cost", "rent", "concepts", "assumptions")


def respond(query: HelpQuery, env: Env) -> Answer:
    if query.topic == "thanks":
        return Answer(question=query.text, intent="help", headline=env.t("help.welcome"), lang=env.lang)
    rows = [
        [
            env.t(f"help.topic.{topic}"),
            " / ".join(i18n.quote(env.lang, e) for e in i18n.words(env.lang, f"help.examples.{topic}")),
        ]
        for topic in TOPICS
    ]
    table = Table(headers=[env.t("help.col_topic"), env.t("help.col_examples")], rows=rows)
    steps = [env.t("help.followups"), env.t("help.assumptions")]
    return Answer(
        question=query.text, intent="help", tables=[table], steps=steps, lang=env.lang, headline=env.t("help.head")
    )
