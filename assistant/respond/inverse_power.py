"""The inverse solver's power limit: how many cards of one kind a PSU or a circuit carries ("how many 3090s on one
1600w psu if i power limit them to 280w", "15a 120v circuit, how many 4090s before i trip the breaker", "一个10a插座
最多能带几张4090 其他配件算300w", "1200w电源能带几张3060").

Contract: `respond(query, env)` -> an Answer, or None when the question names no single card kind or no PSU /
circuit. The count is varied from 1 up over the forward power model (docs/model.md §rig, knowledge/rigs.toml
[power]): the load of n cards = n x the card's power (the per-card limit the question states, else its board power)
+ the rest of the system (the watts the question states for it, else the platform's CPU for n cards + `rest_w`).
A PSU carries n when load x `psu_margin` (the headroom for transient spikes) <= its watts; a circuit when the wall
draw (load / `efficiency`) <= volts x amps x `continuous_share` (respond/circuit.volts_amps: said, else the
market's socket, said as assumed). The answer gives the count first, then the check at that count and at the next
(what one more card would need, and the per-card limit that would let it fit when that limit is at least
min_limit_share() of stock, respond/limit_floor.py), then the assumptions. `figures["inverse"]`: asked "count",
limit, cards, need_w, next_w.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models.platforms import platform_for
from assistant.nlu.inverse_form import system_watts
from assistant.respond import circuit
from assistant.respond.builds import MAX_GPUS, SERVER_GPUS, power
from assistant.respond.env import Env
from assistant.respond.limit_floor import min_limit_share

MOST_CARDS = 16  # the search stops here [A]


def respond(query, env: Env) -> Answer | None:
    names = list(dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name))
    if len(names) != 1:
        return None
    gpu = env.gpu(names[0])
    text = query.text or ""
    system = system_watts(text, env.lang)
    psu = getattr(query, "psu_w", None)
    if system is not None and psu == system[0]:  # "rest of the system is ~250w": not a PSU
        psu = None
    wall = _wall_limit(query, system)
    if not psu and wall is None:
        return None
    limit_w = dict(getattr(query, "targets", ())).get("power_limit")
    card_w = float(limit_w or gpu.tdp_w or 0)
    if card_w <= 0:
        return None
    rules = power()
    if psu:
        capacity, kind = float(psu), "psu"
        values: dict = {"psu": f"{psu:,.0f}", "margin": f"{float(rules['psu_margin']):g}"}
        assumed: list[str] = []
    elif wall == "cap":  # "how many 4090s under a 1500w ups", "宿舍限电800w": the user's own limit at the wall
        capacity, kind, assumed = float(query.cap_w), "cap", []
        values = {"cap": f"{capacity:,.0f}"}
    else:
        volts, amps, assumed = circuit.volts_amps(query, env)
        raw = volts * amps
        capacity, kind = raw * float(rules["continuous_share"]), "circuit"
        values = {"volts": f"{volts:g}", "amps": f"{amps:g}", "raw": f"{raw:,.0f}"}
        values |= {"pct": f"{float(rules['continuous_share']) * 100:.0f}", "cap": f"{capacity:,.0f}"}

    def need(n: int) -> tuple[float, float, float]:
        """(the rest of the system, load, what the limit is checked on) for n cards."""
        rest = system[0] if system else float(platform_for(n).cpu_w) + float(rules["rest_w"])
        load = n * card_w + rest
        checked = load * float(rules["psu_margin"]) if kind == "psu" else load / float(rules["efficiency"])
        return rest, load, checked

    fits = 0
    while fits < MOST_CARDS and need(fits + 1)[2] <= capacity:
        fits += 1
    return _answer(query, env, gpu, fits, card_w, capacity, kind, values, need, system, limit_w, assumed)


def _wall_limit(query, system) -> str | None:
    """ "circuit" (volts or amps said, or a circuit word), "cap" (a limit of the user's own at the wall: a UPS,
    限电), or None. A watts amount that is the rest of the system or the per-card limit is neither."""
    if getattr(query, "circuit_volts", None) or getattr(query, "circuit_amps", None):
        return "circuit"
    cap = getattr(query, "cap_w", None)
    limit = dict(getattr(query, "targets", ())).get("power_limit")
    if cap and not (system and cap == system[0]) and cap != limit:  # "每张限到300w": the card's limit, no cap
        return "cap"
    return "circuit" if circuit.asked(query) or cap else None


def _answer(query, env: Env, gpu, fits, card_w, capacity, kind, values, need, system, limit_w, assumed) -> Answer:
    rules = power()
    gap = i18n.gap(env.lang)
    shown = max(fits, 1)
    rest, load, checked = need(shown)
    nxt_rest, nxt_load, nxt_checked = need(fits + 1)
    values |= {
        "n": fits,
        "gpu": gpu.short_name,
        "card": f"{card_w:,.0f}",
        "rest": f"{rest:,.0f}",
        "load": f"{load:,.0f}",
        "checked": f"{checked:,.0f}",
        "next": fits + 1,
        "next_load": f"{nxt_load:,.0f}",
        "next_checked": f"{nxt_checked:,.0f}",
        "shown": shown,
    }
    lead = env.t(f"inverse.count_{kind}" if fits else f"inverse.count_{kind}_none", **values)
    parts = [lead]
    stock = float(gpu.tdp_w or 0)
    usable = capacity / float(rules["psu_margin"]) if kind == "psu" else capacity * float(rules["efficiency"])
    per_card = (usable - nxt_rest) / (fits + 1)
    if stock and per_card >= min_limit_share() * stock and per_card < card_w:
        parts.append(env.t("inverse.count_limit", next=fits + 1, limit=f"{per_card:,.0f}", tdp=f"{stock:,.0f}"))
    if fits > MAX_GPUS:
        parts.append(env.t("inverse.count_server" if fits <= SERVER_GPUS else "inverse.count_servers", n=fits))
    said_rest = env.t("inverse.rest_said", rest=f"{system[0]:,.0f}") if system else env.t("inverse.rest_assumed")
    said_card = (
        env.t("inverse.card_limited", card=f"{card_w:,.0f}", tdp=f"{stock:,.0f}")
        if limit_w
        else env.t("inverse.card_stock", gpu=gpu.short_name, card=f"{card_w:,.0f}")
    )
    check = env.t(f"inverse.check_{kind}", margin=f"{float(rules['psu_margin']):g}", eff=f"{rules['efficiency']:.0%}")
    steps = [said_card, said_rest, check]
    if assumed:
        steps.append(env.t("circuit.assumed", what=" / ".join(assumed)))
    rows = []
    for n in range(1, min(fits + 1, MOST_CARDS) + 1):
        r, ld, ck = need(n)
        ok = env.t("inverse.yes") if ck <= capacity else env.t("inverse.no")
        rows.append([str(n), f"{n * card_w:,.0f} W", f"{r:,.0f} W", f"{ld:,.0f} W", f"{ck:,.0f} W", ok])
    head = env.t(f"inverse.table_{kind}", cap=f"{capacity:,.0f}")
    table = Table(headers=env.t("inverse.table_headers_" + kind).split("|"), rows=rows, title=head)
    sources = env.cite(str(rules.get("psu_source", "")))
    if kind == "circuit":
        sources += circuit.sources(env, query)
    figures = {
        "inverse": {
            "asked": "count",
            "limit": kind,
            "cards": fits,
            "need_w": round(checked),
            "next_w": round(nxt_checked),
        },
        "gpu_count": fits,
    }
    if limit_w:  # the per-card limit stated is counted (the engine's "targets not counted" note stays away)
        figures["targets"] = {"power_limit": limit_w}
    if kind == "circuit":  # the limit said is weighed (respond/figure_net.gives "cap")
        figures["circuit"] = {"continuous_w": round(capacity)}
    if kind == "cap":
        figures["cap_fits"] = fits > 0
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=gap.join(parts),
        gpus=[gpu.name],
        tables=[table],
        steps=steps,
        figures=figures,
        sources=list(dict.fromkeys(sources)),
        lang=env.lang,
    )
