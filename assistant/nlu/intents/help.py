"""Help and courtesy: "help", "what can you do", "thanks!", "谢谢", and questions about the assistant
itself: "how do i set my budget" / "what assumptions are you using" (topic settings), "where do your
prices come from" / "how accurate are your numbers" (topic sources), "which gpus do you know" /
"which models do you support" (topic coverage).

`thanks` claims a message made only of courtesy words with a thank-you in it; `about` claims a
question about the assistant (the phrases of the lexicon lists help_settings, help_sources,
help_coverage) that names no GPU or model; `read` claims a help request that names nothing
stronger, and a help word beside a concept as that concept's question (it asks whether or how the concept helps:
"does quantization help speed", "nvlink怎么用"); `leftover` claims a help word nothing else took.
"""

from __future__ import annotations

from assistant.nlu.intents import explain
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery, HelpQuery

# tag kinds that make a question more than a request for help
STRONG = (
    "RECOMMEND",
    "COMPARE",
    "RENT",
    "COST",
    "FIT",
    "SPEED",
    "VS",
    "WHY",
    "FASTER",
    "VALUE",
    "SPEC",
    "MODEL",
    "PARAMS",
)


def thanks(r: Reading) -> Query | None:
    words = {w.strip("!.?,~！。") for w in r.text.lower().split()} - {""}
    thanked = words & r.lex.listed("thanks")
    if thanked and words <= r.lex.listed("thanks") | r.lex.listed("courtesy"):
        return HelpQuery(text=r.text, topic="thanks")  # not a question, a courtesy
    return None


@needs(unless=("MONEY", "KWH", "PARAMS", "NUMBER", "HOURS", "YEARS", "DATE", "MODEL"))
def about(r: Reading) -> Query | None:
    if r.explicit or r.model or r.b.has("MONEY", "KWH", "PARAMS", "NUMBER", "HOURS", "YEARS", "DATE"):
        return None
    text = f"{' '.join(r.b.toks)} | {r.text}"  # English phrases by their words, Chinese ones as typed
    for topic in ("settings", "sources", "coverage"):
        if r.lex.words_in(f"help_{topic}", f" {text} "):
            return HelpQuery(text=r.text, topic=topic)
    if r.lex.words_in("help_general", f" {text} ") or r.text.strip() in ("?", "？"):
        return HelpQuery(text=r.text)  # "what kind of questions can i ask", "?" alone
    return None


@needs(("HELP",), unless=STRONG)
def read(r: Reading) -> Query | None:
    if not r.b.has("HELP") or r.b.has(*STRONG) or r.explicit:
        return None
    named = explain.mentions(r)
    if named:
        keys = list(dict.fromkeys(k for k, _, _ in named))
        return ExplainQuery(text=r.text, concept=keys[0], mention=named[0][2], others=tuple(keys[1:3]))
    return HelpQuery(text=r.text)


@needs(("HELP",))
def leftover(r: Reading) -> Query | None:
    return HelpQuery(text=r.text) if r.b.has("HELP") else None
