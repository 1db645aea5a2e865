"""Why a GPU costs what it does: "why is the h100 so expensive", "what makes the a6000 worth $4k",
"为啥h100那么贵 比4090强在哪".

`read` claims a question naming one or two GPUs with a why word (WHY) and a price word (list
`price_why`), or a phrase that asks what a price pays for by itself (list `price_why_ask`: "贵在哪",
"what makes it worth"); not when it rents (a rate), names a model or a budget. The work named
("跑llm速度却差不多") is the speed the answer weighs.
"""

from __future__ import annotations

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import PriceWhyQuery, Query


@needs(("GPU",), unless=("RENT", "BUDGET", "PARAMS", "MODEL"))
def read(r: Reading) -> Query | None:
    b = r.b
    named = [g for g in r.refs if g.name]
    if not 1 <= len({g.name for g in named}) <= 2 or r.model or b.has("RENT", "BUDGET", "PARAMS"):
        return None
    asks = said(r, "price_why_ask") or (b.has("WHY") and said(r, "price_why"))
    if not asks:
        return None
    return PriceWhyQuery(text=r.text, gpus=tuple(dict((g.name, g) for g in named).values()), workload=r.workload)
