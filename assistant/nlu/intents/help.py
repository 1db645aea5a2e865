"""Help and courtesy: "help", "what can you do", "thanks!", "谢谢".

`thanks` claims a message made only of courtesy words with a thank-you in it; `read` claims a
help request that names nothing stronger; `leftover` claims a help word nothing else took.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.queries import HelpQuery, Query

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


def read(r: Reading) -> Query | None:
    if r.b.has("HELP") and not r.b.has(*STRONG) and not r.explicit:
        return HelpQuery(text=r.text)
    return None


def leftover(r: Reading) -> Query | None:
    return HelpQuery(text=r.text) if r.b.has("HELP") else None
