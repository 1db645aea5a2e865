"""Whether a build's draw at the wall fits a cap other than a circuit: a UPS ("ups 1500va enough for a 4090 rig",
"ups是1500va/900w的 能撑住5090主机吗") or a socket limiter ("宿舍插座限功率1000w 双卡3090 会跳闸吗").

Contract: `sentence(query, build, env)` -> (the verdict that leads the rig answer, figures) for a RigQuery with
`cap_kind` set. The build's wall power under load (`Build.wall_w`, docs/model.md §rig) against the cap: a UPS's
watts as stated, else its VA x `ups_watts_per_va` (knowledge/rigs.toml, the answer says it assumed them); a socket's
watts as stated. Over the cap: the per-card power limit that fits it (PSU efficiency, CPU and the rest as in
circuit.py; the reference: 50 W less costs about 7 % speed), or fewer cards when a limit cannot. A UPS also gets
its purpose said: minutes on battery, to save and shut down.
"""

from __future__ import annotations

from assistant import i18n
from assistant.queries import RigQuery
from assistant.respond.builds import Build, power
from assistant.respond.env import Env


def _limit(cap: float, b: Build, env: Env) -> tuple[str, float | None]:
    rules = power()
    per_card = (cap * float(rules["efficiency"]) - b.platform.cpu_w - rules["rest_w"]) / max(b.n, 1)
    stock = env.reader.known_gpu(b.gpu.name).tdp_w or 0
    if stock and per_card >= 0.6 * stock:
        return env.t("cap.limit", limit=f"{per_card:,.0f}", tdp=f"{stock:,}"), per_card
    return env.t("cap.no_limit"), None


def sentence(query: RigQuery, b: Build, env: Env) -> tuple[str, dict]:
    kind = query.cap_kind or "socket"
    cap = query.cap_w
    assumed = cap is None and query.ups_va is not None
    if assumed:
        cap = (query.ups_va or 0) * float(power()["ups_watts_per_va"])
    cap = cap or 0.0
    wall = b.wall_w
    values = {
        "build": b.label,
        "wall": f"{wall:,.0f}",
        "cap": f"{cap:,.0f}",
        "va": f"{query.ups_va or 0:,.0f}",
        "spare": f"{abs(cap - wall):,.0f}",
    }
    figures = {"kind": kind, "cap_w": round(cap), "wall_w": round(wall), "fits": wall <= cap}
    if wall <= cap:
        text = env.t(f"cap.{kind}_fits", **values)
    else:
        limit, per_card = _limit(cap, b, env)
        if per_card is not None:
            figures["power_limit_w"] = round(per_card)
        text = env.t(f"cap.{kind}_over", limit=limit, **values)
    if assumed:
        text += i18n.gap(env.lang) + env.t(
            "cap.ups_assumed", va=values["va"], cap=values["cap"], per=f"{power()['ups_watts_per_va']:g}"
        )
    if kind == "ups":
        text += i18n.gap(env.lang) + env.t("cap.ups_runtime")
    return text, figures


def sources(query: RigQuery, env: Env) -> list[str]:
    return env.cite(power()["ups_source"]) if query.cap_kind == "ups" else []
