"""The power-supply answer of a build ("will a 650w psu handle a 5070 ti with a 7800x3d", "1000w电源带双3090够吗").

Contract: `power_head(query, build, env)` -> the headline: what the build draws under load and, with a PSU stated,
whether it is enough. A PSU the user has is judged on load x the margin (docs/model.md §rig), not on the size
rounded up to buy; below the margin, the per-card power limit that restores it, or "too little" when even a limit
cannot, or "about enough" when the PSU is short of the margin by a few percent
(NEAR_STOCK); with one card, the PSU its specifications suggest is weighed with a named CPU's draw. A size asked
as NEEDED ("do i need 1600w for 4x 4090", RigQuery.psu_need_asked) is answered yes-and-more / yes / no-less-will-do.
`stated_psu(watts, build, env)`: the PSU a message states beside other asks ("..., corsair 650w gold ... want to drop in
a 3090, will it fit and is the psu enough": the first amount of MIN_PSU_W or more that is not a card's board power)
weighed the same way, with the CPU the message names (`cpu`) at its own power; "" when none is stated.

`wall_lead(query, build, env)`: the draw at the wall asked ("how many watts from the wall for 2x 3090", list
`wall_asked_words`), or the machine's draw asked (`asked_figure` "watts"), with no wall draw and no PSU stated:
the build's load / `efficiency` first; "" otherwise.
"""

from __future__ import annotations

import math

from assistant.queries import RigQuery
from assistant.respond.builds import Build, build, power
from assistant.respond.env import Env
from assistant.respond.limit_floor import min_limit_share

# a PSU whose margin-restoring per-card limit is at least this share of stock power is short by a few percent:
# it carries the load, with less headroom for spikes (a limit a few W under stock is no advice) [A]
NEAR_STOCK = 0.95
MIN_PSU_W = 400  # watts said in a message with a PSU asked: from this size up, the PSU the user has [A]


def need_w(b: Build) -> float:
    """The PSU a build needs: its load (cards + CPU + the rest) x the margin, unrounded (a PSU the user has is
    weighed against it; Build.psu_w is that rounded up to a size to buy)."""
    rules = power()
    return (b.gpu_w + b.platform.cpu_w + rules["rest_w"]) * rules["psu_margin"]


def power_head(query: RigQuery, b: Build, env: Env) -> str:
    """The PSU answer first: what the build needs, and whether the PSU the user has is enough; if not,
    the per-card power limit that would fit it (the reference: 50 W less costs about 7 % speed)."""
    rules = power()
    load = b.gpu_w + b.platform.cpu_w + rules["rest_w"]
    values = dict(build=b.label, load=f"{load:,.0f}", psu=f"{b.psu_w:,}", margin=f"{rules['psu_margin']:g}")
    one = "one" if b.n == 1 else "many"  # "RTX 5070 Ti draws ... and wants", "2 x RTX 3090 draw ... and want"
    values |= {"draw": env.t(f"rig.draw_{one}"), "want": env.t(f"rig.want_{one}")}
    suggested = b.gpu.suggested_psu_w if b.n == 1 else None  # one card: the PSU its specifications suggest
    need = load * rules["psu_margin"]  # the margin decides a PSU the user has; b.psu_w is rounded up to buy one
    if query.psu_w and query.psu_need_asked:  # "do i need 1600w for 4x 4090": is that much needed
        return _need_asked(query.psu_w, need, b, env, values)
    if query.psu_w and query.psu_w >= need:
        values["psu"] = f"{math.ceil(need / 10) * 10:,}"  # the figure it covers, not the size one would buy
    if suggested and query.psu_w and query.cpu and max(suggested, load) <= query.psu_w < need:
        # the specifications assume a typical CPU; a named power-hungry one ("4090 + 13900k, 850w?") leaves no margin
        limit = (query.psu_w / rules["psu_margin"] - b.platform.cpu_w - rules["rest_w"]) / b.n
        return env.t(
            "rig.power_tight_cpu",
            have=f"{query.psu_w:,.0f}",
            suggested=f"{suggested:,}",
            gpu=b.gpu.short_name,
            cpu=query.cpu,
            cpu_w=f"{b.platform.cpu_w:,.0f}",
            limit=f"{max(limit, 0):,.0f}",
            **values,
        )
    if suggested and query.psu_w and query.psu_w >= max(suggested, load):  # and it carries the load we estimate
        return env.t(
            "rig.power_ok_spec", have=f"{query.psu_w:,.0f}", suggested=f"{suggested:,}", gpu=b.gpu.short_name, **values
        )
    if suggested and not query.psu_w:
        return env.t("rig.power_need_spec", suggested=f"{suggested:,}", gpu=b.gpu.short_name, **values)
    tdp = env.reader.known_gpu(b.gpu.name).tdp_w or 0  # the stock power, also when the question limits the cards
    cap = b.gpu.tdp_w if b.gpu.tdp_w != tdp else None  # the limit the question states per card, already applied
    if not query.psu_w:
        return env.t("rig.power_need_capped", cap=f"{cap:,}", **values) if cap else env.t("rig.power_need", **values)
    if query.psu_w >= need:
        if suggested and query.psu_w < suggested:  # under the card's whole-system figure, which assumes any CPU
            return env.t(
                "rig.power_ok_below_spec",
                have=f"{query.psu_w:,.0f}",
                suggested=f"{suggested:,}",
                gpu=b.gpu.short_name,
                **values,
            )
        return env.t("rig.power_ok", have=f"{query.psu_w:,.0f}", **values)
    per_card = (query.psu_w / rules["psu_margin"] - b.platform.cpu_w - rules["rest_w"]) / b.n
    if tdp and not cap and per_card >= NEAR_STOCK * tdp:  # "两张3090用1200w电源够不够": a limit a few W under stock
        short = f"{(need - query.psu_w) / need * 100:.0f}"
        return env.t(
            "rig.power_near", have=f"{query.psu_w:,.0f}", need=f"{need:,.0f}", short=short, tdp=f"{tdp:,}", **values
        )
    if tdp and per_card >= min_limit_share() * tdp:
        key = "rig.power_limit_capped" if cap else "rig.power_limit"
        return env.t(
            key, have=f"{query.psu_w:,.0f}", limit=f"{per_card:,.0f}", tdp=f"{tdp:,}", cap=f"{cap or 0:,}", **values
        )
    return env.t("rig.power_short", have=f"{query.psu_w:,.0f}", **values)


ABOUT_NEEDED = 1.1  # [A] a PSU up to this much over the size needed is "about that" when a size is asked as needed


def _need_asked(have: float, need: float, b: Build, env: Env, values: dict) -> str:
    """ "do i need 1600w for 4x 4090", "双4090要1600w吗": yes and more (with the per-card limit that would fit it),
    yes about that, or no and the size that is enough."""
    rules = power()  # the sizes said are the build's PSU to buy (Build.psu_w), the figure its table shows
    if have >= need * ABOUT_NEEDED:
        return env.t("rig.power_need_less", have=f"{have:,.0f}", **values)
    tdp = env.reader.known_gpu(b.gpu.name).tdp_w or 0
    per_card = (have / rules["psu_margin"] - b.platform.cpu_w - rules["rest_w"]) / b.n
    if have >= need or (tdp and per_card >= NEAR_STOCK * tdp):  # short by a few W: about that size
        return env.t("rig.power_need_about", **values)
    text = env.t("rig.power_need_more", have=f"{have:,.0f}", **values)
    if tdp and min_limit_share() * tdp <= per_card < tdp:
        text += env.t("rig.power_need_more_limit", have=f"{have:,.0f}", limit=f"{per_card:,.0f}", tdp=f"{tdp:,}")
    return text


def wall_note(query: RigQuery, b: Build, env: Env) -> str:
    """A whole machine's draw the user measured at the wall ("my rig pulls 650w at the wall", "墙上测得整机450w"),
    said beside a PSU answer: what it is inside the PSU (x `efficiency`) against the load the sizing used; "" when
    none was stated."""
    walls = [s.value for s in query.stated if s.dim == "watts" and s.whole == "wall"]
    if not walls:
        return ""
    rules = power()
    load = b.gpu_w + b.platform.cpu_w + rules["rest_w"]
    eff = float(rules["efficiency"])
    return env.t(
        "rig.wall_measured",
        wall=f"{walls[0]:,.0f}",
        dc=f"{walls[0] * eff:,.0f}",
        eff=f"{eff * 100:.0f}",
        load=f"{load:,.0f}",
        build=b.label,
    )


def stated_psu(watts: list[str], b: Build, env: Env, cpu: str | None = None) -> str:
    have = next((int(w) for w in watts if int(w) >= MIN_PSU_W and int(w) != b.gpu.tdp_w), None)
    if not have:
        return ""
    from types import SimpleNamespace

    if cpu:  # "i5-12400f，550w电源": the CPU the user named at its own power, not the platform's allowance
        from assistant.respond.cpus import cpu_power

        b = build(b.gpu, b.n, b.gpu_usd, b.speed, cpu_power(cpu)[1])
    asked = SimpleNamespace(psu_w=float(have), psu_need_asked=False, cpu=cpu)
    return power_head(asked, b, env)  # type: ignore[arg-type]


def wall_lead(query: RigQuery, b: Build, env: Env) -> str:
    """ "how many watts from the wall for 2x 3090 under full load": the build's draw at the wall (its load over the
    PSU's efficiency, docs/model.md §rig), when asked and neither a wall draw nor a PSU is stated."""
    from assistant.nlu.lexicon import lexicon

    if query.psu_w or any(s.dim == "watts" and s.whole == "wall" for s in query.stated):
        return ""
    drawn = query.asked_figure == "watts"  # "how many watts will that build pull", "整机功耗多少": the draw, not a PSU
    if not drawn and not lexicon(env.lang).words_in("wall_asked_words", f" {query.text.lower()} "):
        return ""
    rules = power()
    load = b.gpu_w + b.platform.cpu_w + rules["rest_w"]
    eff = float(rules["efficiency"])
    return env.t("rig.wall_asked", build=b.label, wall=f"{load / eff:,.0f}", eff=f"{eff * 100:.0f}")
