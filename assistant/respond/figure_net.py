"""The safety net for question forms no answer is built for: the figure asked (Query.asked_figure, read by
nlu/form.py) against the figure the chosen answer gives.

Contract: `gives(figure, intent, headline, figures)` -> True / False when the answer does / does not give `figure`,
None when the figure is not one this net checks (CHECKED: the forms whose answer can be recognised: a share of a bill,
a cap weighed, a clock time, a minimum set-up, energy, an electricity bill, watts, a count of cards).
`finish(answer, query, env)` runs right after the responder: the clock time a job is done (respond/clock_done.py) and
the figure asked recorded in figures["asked_figure"]. `check(answer, env)` runs where the engine completes an answer
(after respond/asked.cover) and removes that record: when the question asks a CHECKED figure and the answer does not
give it, the answer's first line says what was asked and could not be worked out, and what the answer gives instead
(by intent); `figures["figure_net"]` = {"asked", "given"}. Nothing else changes: the answer below stays.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

CHECKED = ("share", "cap", "clock", "minimum", "energy", "bill", "watts", "count")
_KWH = re.compile(r"\d[\d,.]*\s*(?:kWh|度)")
_WATTS = re.compile(r"\d[\d,.]*\s*(?:W|瓦)(?![A-Za-z])")
_COUNT = re.compile(r"\b\d+\s*x\s|\d+\s*(?:张|块|台)|\b\d+\s+(?:cards|GPUs)\b")
_MINIMUM_INTENTS = ("recommend", "fit", "rig", "video")  # answers that size the least that runs a model
ASKED_KEY = "asked_figure"
_BILL_KEYS = ("electricity_usd_per_year", "electricity_usd", "bill_kwh", "share_usd", "cap_use_kwh")


def gives(figure: str | None, intent: str, headline: str, figures: dict) -> bool | None:
    if figure not in CHECKED:
        return None
    if figure == "share":
        return "share_of_bill" in figures
    if figure == "cap":
        found = figures.get("circuit")
        circuit: dict = found if isinstance(found, dict) else {}
        return "cap_fits" in figures or "cap_fits" in circuit or "continuous_w" in circuit
    if figure == "clock":
        return "done_at" in figures
    if figure == "minimum":
        return bool(figures.get("minimum")) if intent == "recommend" else intent in _MINIMUM_INTENTS
    if figure == "energy":
        return bool(_KWH.search(headline))
    if figure == "bill":
        return any(k in figures for k in _BILL_KEYS) or intent in ("power_limit", "rent_or_buy")
    if figure == "watts":
        return bool(_WATTS.search(headline))
    return bool(_COUNT.search(headline)) or any(k in figures for k in ("min_gpus", "gpu_count", "deadline_gpus"))


def check(answer: Answer, env: Env) -> Answer:
    """After every addition to the answer (respond/asked.cover): the figure `finish` recorded, given or said not to
    be."""
    figure = answer.figures.pop(ASKED_KEY, None)
    if answer.clarification or not answer.headline or "figure_net" in answer.figures:
        return answer
    if gives(figure, answer.intent, answer.headline, answer.figures) is not False:
        return answer
    key = f"figure_net.given_{answer.intent}"
    given = env.t(key) if i18n.has(env.lang, key) else ""
    line = env.t(
        "figure_net.lead" if given else "figure_net.lead_plain", asked=env.t(f"figure_net.asked_{figure}"), given=given
    )
    answer.headline = i18n.gap(env.lang).join([line, answer.headline])
    answer.figures["figure_net"] = {"asked": figure, "given": answer.intent}
    return answer


def finish(answer: Answer, query, env: Env) -> Answer:
    """The clock time a job is done when a start was said (respond/clock_done.py), then the check above."""
    from assistant.respond import clock_done

    timed = clock_done.lead(answer, query.clock, env)
    if timed:
        answer.headline = i18n.gap(env.lang).join([timed, answer.headline])
    if query.asked_figure in CHECKED:
        answer.figures[ASKED_KEY] = query.asked_figure  # checked by `check` once the answer is complete
    return answer
