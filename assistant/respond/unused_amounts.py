"""Stated quantities with a unit that an answer did not use, for the one "not used" line (respond/unused_numbers.py).

Contract: `line(answer, env)` -> "Not used: ..." for the complete answer, or "".
`unshown(question, shown_text)` -> the quantities of the question (nlu/amounts.py: a draw in W, an energy in kWh, a
size in GB, a price per unit in a currency the answer shows, a time in all, a speed, hours of media, a
real-time factor, a margin) whose value the answer's text does not show in any form answers write it (60 h as "60",
"2.5 days"; 0.23 as "0.230"; 610 W as "0.61 kW"; a 20 % margin as "1.2"; a set's 48 GB as "2 x 24 GB"), as the user
typed them. A schedule (hours
a day, days a week) is not checked: answers show it converted (a utilization, hours a week); a power limit, a count
of cards, a card's own memory ("a100 80gb"), an amount alone (often a cap the answer filters by: "under $1000")
or a price in a currency the answer does not show neither.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.amounts import Amount, amounts, normal
from assistant.nlu.mig_said import profile_spans
from assistant.nlu.tagging.usage import cadence_said
from assistant.respond.env import SYMBOLS, Env
from assistant.respond.unused_money import shows_currency

_NUMBER = re.compile(r"(?<![A-Za-z])\d[\d,]*(?:\.\d+)?")
_PRODUCT = re.compile(r"(?<![\w.])(\d+)\s*[x×]\s*(\d+(?:\.\d+)?)\b")  # "2 x 24 GB" shows the 48 GB of a set
_CARD_BEFORE = re.compile(r"[a-z]{0,6}\d{2,4}\s*(?:[a-z]{1,5}\s*)?$")
_ONE_PERIOD = (24.0, 168.0, 730.0, 8760.0)  # "跑一个月": a period, shown as one
_CHECKED = frozenset({"W", "kWh", "GB", "item", "x", "share"})


def _forms(a: Amount, cards: int = 1, rest: float = 0.0) -> list[float]:
    """The values an answer may show the amount as (a draw per card also as the draw of the `cards` together, with
    the `rest` of the machine said: "3 x 330 W + 180 W" shown as 1,170 W)."""
    v = a.value
    if a.unit == "W":
        return [v, v / 1000, v * cards, v * cards / 1000, v * cards + rest, (v * cards + rest) / 1000]
    if a.unit == "share":
        return [v, 1 + v, v * 100]
    if a.unit == "h":
        return [v, v / 24, v / 168, v / 730, v * 60, v * 12 / 52]  # "~60 hrs a month" shown as 13.8 hours a week
    if a.unit == "money" and a.per == ("item",):
        return [v, v / a.scale, v / a.scale * 1000, v / a.scale * 1e6]
    return [v]


def _checked(a: Amount, shown_text: str, default: str) -> bool:
    if a.unit in _CHECKED:
        return not (a.unit == "W" and a.role == "limit") and not (a.unit == "item" and a.per == ())
    if a.unit == "h":
        return a.role in ("span", "media") and not a.per and a.value not in _ONE_PERIOD
    if a.unit == "money":  # a price per unit; an amount alone is often a cap or a budget the answer filters by
        symbol = SYMBOLS.get(a.currency or default, "")  # no unit said: the language's (a converted answer: other sums)
        return bool(a.per) and bool(symbol) and shows_currency(symbol, shown_text)
    return False


def _memory_of(name: str, env: Env) -> float | None:
    found = env.reader.gpu(name)  # None for a name the KB lacks: no memory to match
    return found.memory_gb if found is not None else None


def unshown(question: str, shown_text: str, cards: int = 1, memories: list[float] | None = None) -> list[str]:
    """`memories`: the memory sizes of the cards the answer is about; a size said that is one of them is the card's own
    ("Arc B580能跑AI吗，12G显存"), not a figure to use."""
    default = i18n.currency(i18n.language_of(question))
    numbers = [float(n.replace(",", "")) for n in _NUMBER.findall(shown_text)]
    numbers += [int(n) * float(each) for n, each in _PRODUCT.findall(shown_text)]
    low = normal(question)
    cadence = cadence_said(low)  # "每两周", "every 2 weeks": how often, read into the hours a week (not a time in all)
    out = []
    said = amounts(question)
    rest = sum(a.value for a in said if a.unit == "W" and a.role == "rest")
    cards = max([cards, *(int(a.value) for a in said if a.unit == "gpu")])
    profiles = profile_spans(low)  # "1g.10gb": a MIG slice's name, read with the card
    for a in said:
        if any(start <= a.start < end for start, end in profiles):
            continue
        if not _checked(a, shown_text, default) or a.role == "restated":
            continue
        if cadence is not None and a.start < cadence[2] and cadence[1] < a.end:
            continue
        if a.unit == "GB" and (_CARD_BEFORE.search(low[: a.start]) or a.value in (memories or ())):
            continue  # "2080ti 22g", "a100 80gb", "b580 ..., 12g显存": the card's memory, read with the card
        if any(abs(n - f) <= max(0.006 * abs(f), 0.006) for f in _forms(a, cards, rest) for n in numbers):
            continue
        out.append(low[a.start : a.end].strip())
    return out


UNUSED_SAID = "_unused_said"  # figure the engine leaves: the numbers respond/unused_numbers.py found unused


def shown_text(answer: Answer) -> str:
    """All an answer shows: headline, steps, notes and its tables' titles, headers and rows (a number in a header,
    "fits on 1 x 8 GB", is shown)."""
    tables = [" ".join([t.title, *t.headers, *(" ".join(r) for r in t.rows)]) for t in answer.tables]
    return " ".join([answer.headline, *answer.steps, *answer.notes, *tables])


def line(answer: Answer, env: Env) -> str:
    """ "Not used: ..." for the complete answer (respond/figure_net.check): the numbers respond/unused_numbers.py
    found unused (a count, a price, a difference) and the quantities with a unit no part shows, in ONE line for every
    intent; "" when every quantity is used."""
    said = list(answer.figures.pop(UNUSED_SAID, None) or ()) if isinstance(answer.figures, dict) else []
    if answer.clarification or not answer.question:
        return ""
    text = shown_text(answer)
    cards = int(answer.figures.get("gpu_count") or 1) if isinstance(answer.figures, dict) else 1
    memories = [m for g in answer.gpus if (m := _memory_of(g, env))]
    own = [u for u in unshown(answer.question, text, cards, memories) if i18n.quote(env.lang, u) not in text]
    # "$4k" said beside "$4k each": one item
    items = list(dict.fromkeys(said + [u for u in own if not any(u.startswith(s) or s.startswith(u) for s in said)]))
    if not items:
        return ""
    return env.t("calc.not_used", items=i18n.join_names(env.lang, [i18n.quote(env.lang, u) for u in items]))
