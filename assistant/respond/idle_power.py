"""What a GPU draws at idle ("what does a 3090 pull at idle", "idle watts 4090", "4090和3090待机功耗"): the measured
idle draw, beside the board power that is only the ceiling under load, and what idling around the clock costs.

Contract: `idle_lead(gpus, text, env)` -> (sentence, steps, source ids, figures) when the question asks about idle
(lexicon asked_idle) and names GPUs; None otherwise. Idle figures are users' measurements in
knowledge/idle_power.csv (nvidia-smi or a watt meter, dated); a card without one is said to have none, with the
range measured on the others. The year at idle = watts x 8,766 h at the electricity price in force. A model kept
loaded can hold a card in a higher power state (the sources' 50-80 W): a step says so. figures["idle_power_w"] maps
each GPU to its figure (None when unmeasured). `less_power_lead` answers which of two cards draws less under load
(board power) and what the gap costs a year at the utilization in force.
"""

from __future__ import annotations

from functools import cache

from assistant import i18n, paths
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.specs import GpuSpec

HOURS_PER_YEAR = 8766.0
LOADED_SOURCES = "idle-ollama-8591;idle-llamacpp-3717"


@cache
def _measured(lang: str) -> dict[str, tuple[float, str, str, str]]:
    from assistant.kb.files import read_csv

    columns = ["gpu", "idle_w", "state", "state_zh", "observed", "source"]
    rows = read_csv(paths.knowledge_dir() / "idle_power.csv", columns)
    # the state in the answer's language: a state_<lang> column where the file has one, else the English `state`
    return {
        r["gpu"]: (float(r["idle_w"]), r.get(f"state_{lang}") or r["state"], r["observed"], r["source"])
        for _, r in rows
    }


def asks_idle(text: str, lang: str) -> bool:
    return lexicon(lang).words_in("asked_idle", f" {text.lower()} ")


def idle_lead(
    gpus: list[GpuSpec], text: str, env: Env, count: int = 1
) -> tuple[str, list[str], list[str], dict] | None:
    """The idle answer's sentence, steps, source ids and figures (see the module contract); `count` > 1 of one card
    (the thread's "2 x RTX 3090") adds the set's idle draw and its year, the cards alone."""
    if not gpus or not asks_idle(text, env.lang):
        return None
    measured = _measured(env.lang)
    parts: list[str] = []
    sources: list[str] = []
    figures: dict[str, float | None] = {}
    for g in gpus:
        found = measured.get(g.name)
        figures[g.name] = found[0] if found else None
        if found is None:
            parts.append(env.t("idle.none", gpu=g.short_name, tdp=f"{g.tdp_w or 0:,}"))
            continue
        watts, state, observed, source = found
        sources.append(source)
        kwh = watts * HOURS_PER_YEAR / 1000
        parts.append(
            env.t(
                "idle.card",
                gpu=g.short_name,
                watts=f"{watts:g}",
                state=state,
                observed=observed,
                tdp=f"{g.tdp_w or 0:,}",
                kwh=f"{kwh:,.0f}",
                day=f"{watts * 24 / 1000:.2f}",
                money=env.money(kwh * env.assumptions.electricity_usd_per_kwh),
            )
        )
    sentence = i18n.gap(env.lang).join(parts)
    if count > 1 and len(gpus) == 1 and figures[gpus[0].name] is not None:
        watts = (figures[gpus[0].name] or 0.0) * count
        kwh = watts * HOURS_PER_YEAR / 1000
        sentence = i18n.gap(env.lang).join(
            [
                env.t(
                    "idle.set",
                    n=count,
                    gpu=gpus[0].short_name,
                    watts=f"{watts:g}",
                    kwh=f"{kwh:,.0f}",
                    money=env.money(kwh * env.assumptions.electricity_usd_per_kwh),
                ),
                sentence,
            ]
        )
        figures = {**figures, "set_idle_w": watts}
    known = [(g, w) for g in gpus if (w := figures[g.name]) is not None]
    if len(known) == 2:
        (a, wa), (b, wb) = known
        lower, higher = (a, b) if wa <= wb else (b, a)
        gap = abs(wa - wb)
        sentence += i18n.gap(env.lang) + env.t(
            "idle.pair",
            lower=lower.short_name,
            higher=higher.short_name,
            gap=f"{gap:g}",
            money=env.money(gap * HOURS_PER_YEAR / 1000 * env.assumptions.electricity_usd_per_kwh),
        )
    if any(w is None for w in figures.values()):
        seen = ", ".join(f"{name.removeprefix('GeForce ')} {w:g} W" for name, (w, *_rest) in measured.items())
        sentence += i18n.gap(env.lang) + env.t("idle.range", seen=seen)
        sources += [s for *_r, s in measured.values()]
    steps = [env.t("idle.loaded")]
    return sentence, steps, sorted(set(sources)) + LOADED_SOURCES.split(";"), {"idle_power_w": figures}


def less_power_lead(
    gpus: list[GpuSpec], text: str, env: Env, counts: dict[str, int] | None = None
) -> tuple[str, list[str], list[str], dict] | None:
    """ "which uses less power, 4090 or 3090": the card with the lower board power, by how many watts and what that
    is a year at the utilization and electricity price in force; None unless two cards with board powers are
    compared on power (lexicon asked_less_power). `counts`: how many of each the sides are ("哪个更省电" after two
    3090s and one 4090 48 GB: 700 W against 450 W)."""
    from assistant.respond.asked import parts
    from assistant.respond.wording import counted

    if len(gpus) != 2 or not lexicon(env.lang).words_in("asked_less_power", f" {text.lower()} "):
        return None
    if "power" in parts(text, env.lang):  # "功耗差多少": the asked part gives both powers and the difference
        return None
    n = {g.name: max((counts or {}).get(g.name, 1), 1) for g in gpus}
    watts = {g.name: (g.tdp_w or 0) * n[g.name] for g in gpus}
    a, b = gpus
    if not a.tdp_w or not b.tdp_w or watts[a.name] == watts[b.name]:
        return None
    low, high = (a, b) if watts[a.name] < watts[b.name] else (b, a)
    gap = watts[high.name] - watts[low.name]
    hours = HOURS_PER_YEAR * env.assumptions.utilization
    more = lexicon(env.lang).words_in("asked_more_power", f" {text.lower()} ")  # "哪个更费电": the hungrier one first
    sentence = env.t(
        "idle.more_power" if more else "idle.less_power",
        low=counted(env, low, n[low.name], article=False),
        high=counted(env, high, n[high.name], article=False),
        low_w=f"{watts[low.name]:,}",
        high_w=f"{watts[high.name]:,}",
        gap=f"{gap:,}",
        pct=f"{gap / (watts[high.name] or 1) * 100:.0f}",
        util=f"{env.assumptions.utilization * 100:.0f}",
        money=env.money(gap * hours / 1000 * env.assumptions.electricity_usd_per_kwh),
    )
    return sentence, [], [], {"less_power": low.name, "board_power_gap_w": gap}


def with_idle(answer, gpus: list[GpuSpec], text: str, env: Env, count: int = 1, counts: dict[str, int] | None = None):
    """`answer` led by the idle answer when the question asks about idle (see the module contract; `count` of one
    card: the set's), or by the card (or set, `counts`) that draws less when the question asks which draws less."""
    lead = idle_lead(gpus, text, env, count) or less_power_lead(gpus, text, env, counts)
    if lead is None:
        return answer
    sentence, steps, source_ids, figures = lead
    answer.headline = i18n.gap(env.lang).join([sentence, answer.headline])
    answer.steps[:0] = steps
    answer.sources[:0] = env.cite(*source_ids)
    answer.figures |= figures
    return answer


def with_idle_ranking(answer, query, env: Env):
    """ "想搭个24小时开机跑小模型的服务器，哪张卡待机功耗低": no card named, idle asked: `answer` (the ranking) led by
    the cards with an idle measurement, lowest first, the lowest named, with a year of idling at the electricity
    price in force, and the step that a model kept loaded holds a card above idle."""
    measured = sorted(_measured(env.lang).items(), key=lambda item: item[1][0])
    if not measured or answer.clarification:
        return answer
    env = env.for_query(query)  # the question's market: its electricity price
    price = env.assumptions.electricity_usd_per_kwh
    seen = i18n.listing(env.lang).join(
        env.t("idle.ranked_card", gpu=(g.short_name if (g := env.reader.gpu(name)) else name), watts=f"{w:g}")
        for name, (w, *_rest) in measured
    )
    low_name, (low_w, *_r) = measured[0]
    low = env.reader.gpu(low_name)
    sentence = env.t(
        "idle.ranked",
        gpu=low.short_name if low else low_name,
        watts=f"{low_w:g}",
        seen=seen,
        n=len(measured),
        low_money=env.money(low_w * HOURS_PER_YEAR / 1000 * price),
        high_money=env.money(measured[-1][1][0] * HOURS_PER_YEAR / 1000 * price),
    )
    answer.headline = i18n.gap(env.lang).join([sentence, env.t("idle.ranked_then"), answer.headline])
    answer.steps[:0] = [env.t("idle.loaded")]
    answer.sources[:0] = env.cite(*sorted({s for *_r, s in (v for _, v in measured)}), *LOADED_SOURCES.split(";"))
    answer.figures["idle_power_w"] = {name: w for name, (w, *_rest) in measured}
    return answer
