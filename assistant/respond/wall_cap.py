"""Whether a build's energy a day fits a daily energy budget from solar ("solar gives me 12 kwh/day surplus, does
that cover a 4090 training 10 hrs a day", "光伏每天能多出12度电 够4090训练10小时吗"). Caps in watts or VA are
respond/limits.py's.

Contract: `sentence(query, build, env)` -> (the verdict that leads the rig answer, figures) for a RigQuery with
`cap_kind` "energy": the wall power under load (`Build.wall_w`, docs/model.md §rig; the draw the user states wins) x
the hours a day at load (HOURS_ASSUMED [A] when not said, shown) against the kWh a day, in the period the user gave
it in, and the hours a day it covers.
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.tagging.hardware import PERIOD_DAYS
from assistant.queries import RigQuery
from assistant.respond.builds import Build
from assistant.respond.env import Env

HOURS_ASSUMED = 24.0  # the machine at load around the clock when the question gives no hours a day [A]


def _energy(query: RigQuery, b: Build, env: Env) -> tuple[str, dict]:
    """The build's energy a day at load (wall watts x hours) against the kWh a day the user has."""
    hours = query.hours_day or HOURS_ASSUMED
    cap = query.energy_kwh_day or 0.0
    wall = query.wall_w or b.wall_w  # the draw the user states wins over the build's estimate
    used = wall * hours / 1000
    days = PERIOD_DAYS.get(query.energy_period, 1.0)  # shown in the period the user gave ("300 kwh a month")
    values = {
        "build": b.label,
        "wall": f"{wall:,.0f}",
        "hours": f"{hours:g}",
        "used": f"{used * days:,.1f}" if days != 1 else f"{used:,.1f}",
        "cap": f"{cap * days:,.0f}" if days != 1 else f"{cap:,.1f}",
        "spare": f"{abs(cap - used) * days:,.1f}",
        "max_hours": f"{cap * 1000 / wall:,.1f}" if wall else "?",
        "period": env.t(f"cap.period_{query.energy_period}"),
    }
    key = "cap.energy_fits" if used <= cap else "cap.energy_over"
    text = env.t(key + ("_stated" if query.wall_w else ""), **values)
    if query.hours_day is None:
        text += i18n.gap(env.lang) + env.t("cap.energy_hours_assumed", hours=f"{HOURS_ASSUMED:g}")
    figures = {"kind": "energy", "kwh_per_day": round(used, 2), "cap_kwh_per_day": round(cap, 2), "fits": used <= cap}
    return text, figures


def sentence(query: RigQuery, b: Build, env: Env) -> tuple[str, dict]:
    return _energy(query, b, env)
