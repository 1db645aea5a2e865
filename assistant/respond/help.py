"""Answer "help": what can be asked, with examples that work (the `[help]` tables of the catalogs), and
questions about the assistant itself: how to change the assumptions (topic settings: the values in
force and a sentence that changes each), where the numbers come from (topic sources), which GPUs,
models and concepts it knows (topic coverage: counts from the knowledge base)."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.query_talk import HelpQuery
from assistant.respond.env import Env
from assistant.respond.pricing import assumption_text

TOPICS = ("spec", "compare", "recommend", "fit", "speed", "cost", "rent", "concepts", "assumptions")


SETTINGS = ("electricity", "hours", "years", "budget", "condition", "snapshot", "currency", "price", "keep")


def respond(query: HelpQuery, env: Env) -> Answer:
    if query.topic == "thanks":
        return Answer(question=query.text, intent="help", headline=env.t("help.welcome"), lang=env.lang)
    if query.topic == "settings":
        table = Table(
            headers=[env.t("help.col_setting"), env.t("help.col_say")],
            rows=[[env.t(f"help.setting.{k}"), env.t(f"help.say.{k}")] for k in SETTINGS],
        )
        head = env.t("help.settings_head", now=assumption_text(env))
        return Answer(question=query.text, intent="help", headline=head, tables=[table], lang=env.lang)
    if query.topic == "sources":
        steps = [env.t(f"help.source.{k}") for k in ("specs", "prices", "speed", "memory", "each")]
        return Answer(
            question=query.text,
            intent="help",
            headline=env.t("help.sources_head", snapshot=env.snapshot_label()),
            notes=steps,
            lang=env.lang,
            sources=["method: docs/model.md"],
        )
    if query.topic == "coverage":
        reader = env.reader
        head = env.t(
            "help.coverage_head",
            gpus=f"{len(reader.name_entries):,}",
            models=f"{len(reader.models):,}",
            concepts=f"{len(reader.concepts):,}",
        )
        return Answer(
            question=query.text,
            intent="help",
            headline=head,
            notes=[env.t("help.coverage_ask")],
            lang=env.lang,
        )
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
