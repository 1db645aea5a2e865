"""Answer a power-supply question about cards of a stated draw when no GPU is named ("显卡功耗450w 电源850w够不够",
"my gpu draws 450w, is a 850w psu enough", "两张350w的卡 1000w电源够吗").

Contract: `respond(query, env)` takes a RigQuery with `card_w` (one card's draw) and no GPUs. The load is the cards'
draw + the platform's CPU (the CPU named, respond/cpus.py, else the platform tier's allowance) + the rest of the
system; the PSU to buy is the load x the margin rounded up to 100 W (builds.psu_watts, docs/model.md §rig). With a
PSU stated: enough when it covers the load x the margin (not the size rounded up to buy), tight when it covers the
load but not the margin (with the per-card power limit that restores the margin), short when it does not cover the
load. `figures`: card_w, gpu_count, load_w, psu_w, have_w, verdict.
"""

from __future__ import annotations

import math

from assistant.answer import Answer
from assistant.models.platforms import platform_for
from assistant.queries import RigQuery
from assistant.respond.builds import power, psu_watts
from assistant.respond.cpus import cpu_power
from assistant.respond.env import Env


def _verdict(have: float | None, load: float, need: float) -> str:
    """`need` is the load x the margin: a PSU the user has is judged on it, not on the size rounded up to buy."""
    if have is None:
        return "need"
    if have >= need:
        return "ok"
    return "tight" if have >= load else "short"


def respond(query: RigQuery, env: Env) -> Answer:
    rules = power()
    n = query.gpu_count or 1
    card = float(query.card_w or 0.0)
    cpu_w = cpu_power(query.cpu)[1] if query.cpu else float(platform_for(n).cpu_w)
    load = card * n + cpu_w + float(rules["rest_w"])
    psu = psu_watts(load)
    verdict = _verdict(query.psu_w, load, load * float(rules["psu_margin"]))
    if verdict == "ok":  # the figure it covers is the margin, not the size one would buy
        psu = int(math.ceil(load * float(rules["psu_margin"]) / 10) * 10)
    limit = ((query.psu_w or 0.0) / float(rules["psu_margin"]) - cpu_w - float(rules["rest_w"])) / n
    values = dict(
        cards=env.t("psu_draw.cards", n=n, card=f"{card:,.0f}")
        if n > 1
        else env.t("psu_draw.card", card=f"{card:,.0f}"),
        load=f"{load:,.0f}",
        psu=f"{psu:,}",
        have=f"{query.psu_w or 0:,.0f}",
        margin=f"{float(rules['psu_margin']):g}",
        limit=f"{limit:,.0f}",
    )
    steps = [
        env.t(
            "asked.psu",
            gpus=f"{card * n:,.0f}",
            cpu=f"{cpu_w:,.0f}",
            rest=f"{float(rules['rest_w']):,.0f}",
            load=f"{load:,.0f}",
            margin=f"{float(rules['psu_margin']):g}",
            psu=f"{psu:,}",
        ),
        env.t("psu_draw.cpu_named", cpu=query.cpu) if query.cpu else env.t("psu_draw.cpu_assumed", cpu=f"{cpu_w:,.0f}"),
        env.t("psu_draw.name_it"),
    ]
    return Answer(
        question=query.text,
        intent="rig",
        headline=env.t(f"psu_draw.{verdict}", **values),
        steps=steps,
        figures={"card_w": card, "gpu_count": n, "load_w": round(load), "psu_w": psu, "have_w": query.psu_w}
        | {"verdict": verdict},
        sources=["method: docs/model.md §rig"],
        lang=env.lang,
    )
