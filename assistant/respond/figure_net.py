"""The safety net for question forms no answer is built for: the figure asked (Query.asked_figure, read by
nlu/form.py) against the figure the chosen answer gives.

Contract: `gives(figure, intent, headline, figures)` -> True / False when the answer does / does not give `figure`,
None when the figure is not one this net checks (CHECKED: the forms whose answer can be recognised: a share of a bill,
a cap weighed, a clock time, a minimum set-up, energy, an electricity bill, watts, a count of cards; and FIT_ONLY, a
time or money asked of a fit answer: the memory table answers neither).
`finish(answer, query, env)` runs right after the responder: the clock time a job is done (respond/clock_done.py) and
the figure asked recorded in figures["asked_figure"]. `check(answer, env)` runs where the engine completes an answer
(after respond/asked.cover) and removes that record: when the question asks a CHECKED figure and the answer does not
give it, the answer's first line says what was asked and could not be worked out, and what the answer gives instead
(by intent); `figures["figure_net"]` = {"asked", "given"}. Nothing else changes: the answer below stays, each of its
lines said once (respond/said_once.py: a step or note twice, a step the headline says, a table twice).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

CHECKED = ("share", "cap", "clock", "minimum", "energy", "bill", "watts", "count")
FIT_ONLY = ("time", "price")  # checked only when a fit answered them (the memory table answers neither)
_DURATION = re.compile(r"\d[\d,.]*\s*(?:s|sec|seconds?|min|minutes?|h|hours?|days?|weeks?|秒|分钟|小时|天|周)(?![a-z])")
_MONEY = re.compile(r"[$¥€£]\s?\d|\d\s*(?:元|块)")
_KWH = re.compile(r"\d[\d,.]*\s*(?:kWh|度)")
_WATTS = re.compile(r"\d[\d,.]*\s*(?:W|瓦)(?![A-Za-z])")
_COUNT = re.compile(r"\b\d+\s*x\s|\d+\s*(?:张|块|台)|\b\d+\s+(?:cards|GPUs)\b")
_MINIMUM_INTENTS = ("recommend", "fit", "rig", "video")  # answers that size the least that runs a model
ASKED_KEY = "asked_figure"
# the asks (nlu/asks kinds) that give each figure checked here, when an answer declares it gives them
# (figures["covers"], respond/ask_lines)
_ASK_KINDS = {
    "bill": ("electricity", "price", "rate"),
    "energy": ("electricity",),
    "watts": ("power", "psu"),
    "count": ("count",),
    "time": ("time",),
    "price": ("price",),
    "cap": ("circuit",),
}
_TABLE_KEY = "has_table"  # set by `check` for `gives`: the answer shows a table
_BILL_KEYS = (
    "calc",
    "electricity_usd_per_year",
    "electricity_usd",
    "bill_kwh",
    "share_usd",
    "cap_use_kwh",
    "saving_usd",
    "job_electricity_usd",  # a timed job's energy billed (respond/limits.answer_energy)
)


def gives(figure: str | None, intent: str, headline: str, figures: dict) -> bool | None:
    if figure in FIT_ONLY and intent == "fit" and not figures.get(_TABLE_KEY):
        return None  # a fit answer with no table ("yolov8m is not in my list"): it says what it lacks itself
    if figure in FIT_ONLY and intent == "fit":  # the fit table is no catch-all: a time or money asked must be there
        said = _DURATION if figure == "time" else _MONEY
        return bool(said.search(headline)) or figure in (figures.get("not_covered") or ())
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
        rent = intent == "rates" and bool(_MONEY.search(headline))  # "whats the bill" after a rental: its rent
        return any(k in figures for k in _BILL_KEYS) or intent in ("power_limit", "rent_or_buy") or rent
    if figure == "watts":
        return bool(_WATTS.search(headline))
    return bool(_COUNT.search(headline)) or any(k in figures for k in ("min_gpus", "gpu_count", "deadline_gpus"))


def check(answer: Answer, env: Env) -> Answer:
    """After every addition to the answer (respond/asked.cover): the figure `finish` recorded, given or said not to
    be; then each line of the complete answer said once (respond/said_once.py)."""
    from assistant.respond.said_once import said_once

    return said_once(_check(answer, env))


def _check(answer: Answer, env: Env) -> Answer:
    figure = answer.figures.pop(ASKED_KEY, None)
    from assistant.respond.unused_amounts import line as not_used

    unused = not_used(answer, env)  # "610 W at the wall", "数据盘50g": a quantity stated that no part used
    if unused:
        answer.notes.append(unused)
    if answer.clarification or answer.intent == "unknown":
        from assistant.respond.calc import instead

        # asked back for a card, or not understood, where the question's own numbers make the bill
        return instead(answer, env) or answer
    if not answer.headline or "figure_net" in answer.figures:
        return answer
    figures = answer.figures | {_TABLE_KEY: bool(answer.tables)}
    for part in answer.figures.get("parts") or ():  # a message answered in two parts: the second's figures count too
        if isinstance(part, dict) and isinstance(part.get("figures"), dict):
            figures = part["figures"] | figures
    found = gives(figure, answer.intent, answer.headline, figures)
    if found is False and set(_ASK_KINDS.get(figure or "", ())) & set(answer.figures.get("covers") or ()):
        return answer  # a line of its own gives it (respond/ask_lines declares the asks its lines answer)
    if found and figure in ("energy", "bill"):  # "how many kwh ... to generate 1000 images": for those, not a year
        from assistant.respond import asked_unit

        unit = asked_unit.asked(answer.question or "")
        found = not (unit and unit.items) or asked_unit.gives(unit, answer.headline)
    if found is not False or _asked_otherwise(answer, env, figure):
        return answer
    key = f"figure_net.given_{answer.intent}"
    given = env.t(key) if i18n.has(env.lang, key) else ""
    line = env.t(
        "figure_net.lead" if given else "figure_net.lead_plain", asked=env.t(f"figure_net.asked_{figure}"), given=given
    )
    answer.headline = i18n.gap(env.lang).join([line, answer.headline])
    answer.figures["figure_net"] = {"asked": figure, "given": answer.intent}
    return answer


def _asked_otherwise(answer: Answer, env: Env, figure: str | None) -> bool:
    """The figure the form read is not what the question asks: its ask names another figure the answer gives ("how
    much vram does r1 need at q4. asking for a friend with too much money": the memory, given), or it asks which card
    and the answer picks one ("what gpu keeps the power bill low": the bill is what the pick is judged by)."""
    from assistant.nlu.asks import asked_as_word, kind_of
    from assistant.respond.ask_figures import gives as ask_gives

    text = answer.question or ""
    kind = kind_of(text, env.lang)
    if kind not in ("other", "pick") and ask_gives(kind, answer.headline) and asked_as_word(kind, text, env.lang):
        return kind not in _ASK_KINDS.get(figure or "", ())
    return answer.intent in ("recommend", "rig") and asked_as_word("pick", text, env.lang)


_TIME_ASKED = re.compile(r"how long|how many hours|多久|多长时间|几个小时|几小时")  # a job's time asked beside its bill


def finish(answer: Answer, query, env: Env, typed: str | None = None) -> Answer:
    """The clock time a job is done when a start was said (respond/clock_done.py), then the check above."""
    from assistant.respond import calc, capacity, clock_done, headroom_lead, per_request
    from assistant.respond.limits import answer_energy, answer_lead
    from assistant.respond.made_in import line as made_in

    shared = capacity.lead(answer, query, env)  # "4 of us ~3 h each on one 3090, is one card enough": hours vs cards
    if shared and answer.intent in capacity.INSTEAD:  # a spec sheet or a ranking answers no capacity asked
        answer.headline, answer.tables, answer.steps, answer.chart = shared, [], [], None
        return answer
    timed = (
        shared
        or headroom_lead.lead(answer, query, env)  # "how much vram is left" after a fit: the GB left
        or clock_done.windowed(answer, typed or query.text or "", env)  # "only evenings 7pm-1am": the days it takes
        or clock_done.lead(answer, query.clock, env, query.asked_figure)
        or answer_lead(answer, query, env)
        or made_in(answer, query, env)  # "how many sdxl images per hour on it": the count in that time
    )
    per_req = "" if timed else per_request.lead(answer, query, env)  # "per 1k requests, serving qwen3 8b on an l4"
    timed = timed or per_req
    energy = "" if timed else answer_energy(answer, query, env)  # "energy used for generating 1000 flux dev images"
    if energy and _TIME_ASKED.search((typed or query.text or "").lower()):  # "要跑多久 电费多少": the time first
        answer.headline = i18n.gap(env.lang).join([answer.headline, energy])
    elif energy:
        timed = energy
    if timed:
        answer.headline = i18n.gap(env.lang).join([timed, answer.headline])
    worked = calc.lead(
        answer, query, env, typed
    )  # "8x l40s at $0.86/gpu-hr for 2.5 days, whats the bill": the sum, worked
    if worked and per_req:  # "each request takes about 1.5s": the user's own time priced them; no estimate beside it
        answer.headline = answer.headline.replace(per_req + i18n.gap(env.lang), "", 1)
        answer.figures.pop("per_request", None)
    if worked:
        answer.headline = i18n.gap(env.lang).join([worked, answer.headline])
    from assistant.respond.rent_threshold import lead as threshold

    if line := threshold(answer, typed or query.text or "", env):  # "每天几个小时是临界点": the use that pays off
        answer.headline = i18n.gap(env.lang).join([line, answer.headline])
    from assistant.respond.fit_total import line as fit_total

    priced = fit_total(answer, query, env)  # "能跑70b吗 全部下来大概多少钱": the set named, priced after the fit
    if priced:
        answer.headline = i18n.gap(env.lang).join([answer.headline, priced])
    if query.asked_figure in CHECKED or query.asked_figure in FIT_ONLY:
        answer.figures[ASKED_KEY] = query.asked_figure  # checked by `check` once the answer is complete
    return answer
