"""Whether a shared machine's cards are enough for the people who each use it ("4 of us ~3 h each a day on one 3090,
is one card enough or do we need two", "实验室五个人 每人每天四小时 一台四卡4090够不够用"): the people's GPU-hours a day
against what the cards give in a working day and around the clock.

Contract: `lead(answer, query, env)` -> the sentence that leads the answer, or "" unless the query's usage carries a
part "cards" of kind "capacity" (nlu/usage_apply.capacity_asked: the capacity asked, people said with their hours).
Demand a day of use = the people's hours a week / the days a week of use (7 unless said). A working day is
WORKDAY_HOURS [A] (docs/model.md §cost.schedule, the usage reader's working day): within cards x WORKDAY_HOURS the
cards are enough; up to cards x 24 only with jobs run outside the working day (queued or overnight); beyond that not
enough. The cards needed are the demand over each; when the count is asked with no cards said ("how many 4090s would
we need"), that count leads. figures gain "capacity". For the intents of INSTEAD (a spec
sheet, a ranking, a rig, a verdict) the lead is the whole answer (respond/figure_net.finish). Memory per job is not
weighed, and the answer says so.
"""

from __future__ import annotations

import math

from assistant import i18n
from assistant.respond.env import Env

INSTEAD = ("spec", "recommend", "rig", "verdict")  # answers whose own figures are no capacity: the lead replaces them
WORKDAY_HOURS = 10.0  # [A] the hours people use a shared machine in a working day (usage_reader DAYTIME_HOURS)


def lead(answer, query, env: Env) -> str:
    usage = getattr(query, "usage", None)
    if usage is None or not usage.people_hours:
        return ""
    cards_part = next((p for p in usage.parts if p.what == "cards" and p.kind == "capacity"), None)
    people = next((p for p in usage.parts if p.what == "people"), None)
    if cards_part is None or people is None:
        return ""
    cards = max(int(cards_part.value), 1)
    days = next((p.value for p in usage.parts if p.what == "days_week"), 7.0) or 7.0
    demand = usage.people_hours / days  # GPU-hours on a day of use
    day_cap, clock_cap = cards * WORKDAY_HOURS, cards * 24.0
    verdict = "enough" if demand <= day_cap else "off_hours" if demand <= clock_cap else "short"
    answer.figures["capacity"] = {"demand_day": round(demand, 2), "cards": cards, "verdict": verdict}
    counted = getattr(query, "asked_figure", None) == "count" and cards == 1  # "how many 4090s would we need"
    said = env.t(
        "shared_cards.count" if counted else f"shared_cards.{verdict}",
        people=f"{people.value:g}",
        each=f"{demand / people.value:.3g}",
        demand=f"{demand:.3g}",
        cards=env.t("shared_cards.card_1" if cards == 1 else "shared_cards.card_n", n=cards),
        day_cap=f"{day_cap:g}",
        clock_cap=f"{clock_cap:g}",
        share=f"{demand / day_cap * 100:.0f}",
        need_day=math.ceil(demand / WORKDAY_HOURS - 1e-9),
        need_clock=math.ceil(demand / 24.0 - 1e-9),
        workday=f"{WORKDAY_HOURS:g}",
    )
    return i18n.gap(env.lang).join([said, env.t("shared_cards.memory")])
