"""Answer running cost, total cost of ownership, performance per dollar and training-run cost.

Contract: electricity = power x utilization x hours x price per kWh (GPU power, docs/model.md
§cost.electricity); total cost of ownership = desktop base + GPU price x count + electricity
over the ownership period (§cost.tco); a training run costs 6 x parameters x tokens FLOPs at a
stated utilization of the dense 16-bit tensor peak (§cost.training), owned vs rented.
`figures`: total_cost_usd and electricity_usd_per_year for gpus[0] (all of its count).
"""

from __future__ import annotations

from dataclasses import replace

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import cost
from assistant.models import hardware as hw
from assistant.models.platforms import module_adapter_usd
from assistant.nlu.lexicon import lexicon
from assistant.periods import ASKED_YEARS as PERIOD_YEARS
from assistant.queries import CostQuery
from assistant.respond import (
    bill_check,
    cost_asked,
    cost_settings,
    cost_several,
    draw_split,
    fleet,
    hosting,
    limits,
    own_draw,
    usage_note,
)
from assistant.respond.cost_training import training_run_answer
from assistant.respond.env import Env
from assistant.respond.pricing import (
    assumption_text,
    host_usd,
    perf_workload,
    price_text,
    purchase_price,
    value_row,
    workload_title,
)
from assistant.respond.recommend_order import nvidia_ranking
from assistant.respond.variants import variant_notes
from assistant.respond.wording import counted, spec_source


def _utilization(query: CostQuery, env: Env) -> tuple[float, str]:
    if query.hours_per_week:
        return min(query.hours_per_week / 168.0, 1.0), env.t(
            "cost.hours_week", hours=f"{round(query.hours_per_week, 1):g}"
        )
    u = query.utilization or env.assumptions.utilization
    return u, env.t("cost.utilization", util=f"{u * 100:.0f}")


def _standing(gpu, key: str, env: Env, figures: dict) -> str:
    """Where this GPU stands in the value ranking of every NVIDIA GPU priced in the snapshot
    (the same ranking "which GPU should I buy" uses)."""
    ranking = nvidia_ranking(env, key)
    names = [r.gpu for r in ranking.rows]
    if gpu.name not in names:
        return ""
    place, best = names.index(gpu.name) + 1, ranking.rows[0]
    figures["value_rank"], figures["value_ranked_gpus"] = place, len(names)
    if place == 1:
        return env.t("cost.standing_first", n=len(names), title=workload_title(env, key))
    return env.t(
        "cost.standing",
        place=place,
        n=len(names),
        title=workload_title(env, key),
        best=best.gpu,
        value=f"{best.value_per_tco:.2f}",
    )


def _running_by_watts(query: CostQuery, env: Env, refs: list | None = None) -> Answer:
    """The power bill of a stated draw: watts x hours x price per kWh (docs/model.md §cost.electricity), per the
    period asked (a year when none); the cards named, if any, are the machine that draws it (said, not their TDP)."""
    (util, util_text), kwh = _utilization(query, env), env.assumptions.electricity_usd_per_kwh
    watts = float(query.watts or 0.0)
    per_year = cost.electricity_usd(watts, util, C.HOURS_PER_YEAR, kwh)
    share = usage_note.year_share(query)
    years = query.years or env.assumptions.years
    years_said = bool(query.years or "years" in env.assumptions.changed)
    over_years = query.period in (None, "year") and years != 1 and years_said
    if over_years:
        share = years  # "那3年电费多少" after a build: the whole period leads, as for a card's own draw
    head = env.t(
        "cost.head_running_years"
        if over_years
        else ("cost.head_running_period" if share != 1.0 else "cost.head_running"),
        years=f"{years:g}",
        gpu=env.t(
            "cost.build_draw" if query.build_draw else "cost.your_draw",
            # every card of the machine ("2 x RTX 3090、RTX 4090"), not the first alone
            what=i18n.join_names(
                env.lang, [counted(env, env.gpu(g.name), g.count, article=False) for g in refs if g.name]
            ),
            watts=f"{watts:,.0f}",
        )
        if refs
        else env.t("cost.a_draw_of", watts=f"{watts:,.0f}"),
        pronoun=env.t("cost.it"),
        period=env.t(f"cost.period_{query.period}") if query.period and not over_years else "",
        period_money=env.money(per_year * share, _decimals(per_year * share)),
        money=env.money(per_year),
        watts=f"{watts:,.0f}",
        share=f"{util * 100:.0f}",
        kwh=env.money(kwh, 3),
    )
    if not query.hours_per_week and not query.utilization and util == C.DEFAULT_UTILIZATION:
        # "my kill-a-watt says 420w, what's that per month": the hours were not said, so around the clock too
        allday = cost.electricity_usd(watts, 1.0, C.HOURS_PER_YEAR, kwh) * share
        if over_years:
            when = env.t("cost.over_years", years=f"{years:g}")
        else:
            when = env.t(f"cost.period_{query.period}") if query.period else env.t("cost.period_year")
        head += i18n.gap(env.lang) + env.t(
            "cost.draw_round_clock",
            period=when,
            money=env.money(allday, _decimals(allday)),
        )
    figures = {
        "watts": watts,
        "electricity_usd_per_year": round(per_year, 2),
        "electricity_usd_per_period": round(per_year * share, 2),
        "period": query.period,
        "utilization": util,
    }
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        # a build's draw is the whole machine at full load, an upper bound for LLM inference; a draw said is as said
        steps=[
            env.t(
                "cost.build_draw_step" if query.build_draw else "cost.electricity_step",
                watts=f"{watts:,.0f}",
                usage=util_text,
            )
        ],
        figures=figures,
        assumptions=env.assumption_dict(),
        sources=env.rate_sources() + ["method: docs/model.md §cost.electricity"],
        lang=env.lang,
        gpus=[env.gpu(r.name).name for r in refs or ()],  # "my 3090 rig pulls 420w": the card the thread goes on about
    )


def _decimals(usd: float) -> int:
    return 2 if usd < 20 else 0


def _energy(query: CostQuery, env: Env, figures: dict) -> str:
    """ "4090跑满一个月大概用多少度电", "how many kwh a year": the energy behind the bill, in kWh for the period asked
    (the bill divided by the electricity price in force); "" when no energy is asked."""
    kwh_price = env.assumptions.electricity_usd_per_kwh
    if not lexicon(env.lang).words_in("energy_asked", query.text.lower()) or not kwh_price:
        return ""
    per_period = figures.get("electricity_usd_per_period")
    usd = per_period if per_period is not None else figures.get("electricity_usd_per_year")
    if usd is None:
        return ""
    label = env.t(f"cost.period_{query.period}") if per_period is not None else env.t("cost.period_year")
    figures["energy_kwh"] = round(usd / kwh_price, 1)
    return i18n.gap(env.lang) + env.t("cost.energy", kwh=f"{usd / kwh_price:,.0f}", period=label)


def _per_period(query: CostQuery, env: Env, figures: dict, years: float) -> tuple[str, list[str]]:
    """ "per month": the electricity and the cost of owning spread over the ownership period, per
    period (docs/model.md §cost.period); ("", []) when no period is asked."""
    share = PERIOD_YEARS.get(query.period or "")
    if share is None:
        return "", []
    label = env.t(f"cost.period_{query.period}")
    elec = figures["electricity_usd_per_year"] * share
    figures["period"] = query.period
    figures["electricity_usd_per_period"] = round(elec, 2)
    if query.kind == "running" or figures.get("total_cost_usd") is None:
        return "", []  # the running headline names the period itself
    own = figures["total_cost_usd"] * share / years
    whole = figures["total_with_desktop_usd"] * share / years
    figures["tco_usd_per_period"], figures["tco_with_desktop_usd_per_period"] = round(own, 2), round(whole, 2)
    head = env.t(
        "cost.head_period_tco",
        period=label,
        money=env.money(own, _decimals(own)),
        with_desktop=env.money(whole, _decimals(whole)),
        years=f"{years:g}",
    )
    step = env.t(
        "cost.period_step",
        total=env.money(figures["total_cost_usd"]),
        years=f"{years:g}",
        n=f"{years / share:,.0f}",
        unit=env.t(f"cost.unit_{query.period}"),
    )
    return head, [step]


def respond(query: CostQuery, env: Env) -> Answer:
    env = env.for_query(query)
    query = cost_asked.as_asked(query, env)  # "按两年算总共多少": the total of owning, not the electricity alone
    if query.kind == "training_run":
        return training_run_answer(query, env)
    if query.kind == "two_rates":  # "spot $0.80/h or on-demand $1.60/h for 40 hours, how much each"
        from assistant.respond import two_costs

        return two_costs.respond(query, env)
    refs = [r for r in query.gpus if r.name]
    # "what does that cost if i run it": two pronouns for the one card talked about are one column
    refs = [r for k, r in enumerate(refs) if not any((q.name, q.count) == (r.name, r.count) for q in refs[:k])]
    if by_draws := draw_split.bill(query, env):  # "idles at 95w, ~510w during batches, on 24/7": both draws as said
        return by_draws
    weighs_it = query.bill_stated or query.powered_hours_per_week or query.cap_kwh or query.share_asked
    if query.watts and query.kind == "running" and not weighs_it:  # a cap or a share weighs the draw (limits.lead)
        # "my card pulls 450w, 8h a day at $0.15/kwh how much a month"; "3x 4090, ~1.3 kW from the wall": that draw
        return _running_by_watts(query, env, refs)
    if not refs:
        return Answer(
            question=query.text, intent="cost", headline="", clarification=env.t("cost.which_gpu"), lang=env.lang
        )
    powerless = [env.gpu(r.name) for r in refs if not env.gpu(r.name).tdp_w]
    if powerless and len(powerless) == len(refs) and not query.watts:  # "geforce 6500 electricity": no figure, said
        names = i18n.join_names(env.lang, [g.short_name for g in powerless])
        head = env.t("cost.no_power", gpus=names, example=powerless[0].name)
        return Answer(
            question=query.text, intent="cost", headline=head, lang=env.lang, gpus=[g.name for g in powerless]
        )
    a = env.assumptions
    years = query.years or a.years
    util, util_text = _utilization(query, env)
    table = Table(
        headers=["", *[env.gpu(r.name).short_name + (f" x {r.count}" if r.count > 1 else "") for r in refs]],
        rows=[],
    )
    figures: dict = {}
    labels = {
        "power": env.t("cost.row_power"),
        "year": env.t("cost.row_elec_year"),
        "elec": env.t("cost.row_elec_total", years=f"{years:g}"),
        "price": env.t("cost.row_price"),
        "total": env.t("cost.row_total", years=f"{years:g}"),
        "base": env.t("cost.row_base"),
        "desktop": env.t("cost.row_with_desktop", years=f"{years:g}"),
    }
    rows: dict[str, list[str]] = {k: [] for k in labels}
    key = perf_workload(query.workload, None)
    each: list[dict] = []  # per GPU: the figures the headline of several GPUs compares
    idle_parts: list[str] = []  # "idles 24/7 and does ~4h of load a day": the first card's load/idle headline, step
    idle_sources: list[str] = []
    with_mac = len(refs) > 1 and any(hw.is_apple(env.gpu(r.name)) for r in refs)
    for i, ref in enumerate(refs):
        gpu = own_draw.at_draw(env.gpu(ref.name), query, ref.count)  # a stated limit, else the user's own draw
        # beside a Mac (a whole computer at the wall) a card's side counts the rest of its PC too (§cost.tco)
        system_w = C.SYSTEM_BASE_POWER_W if with_mac and gpu.tdp_w and not hw.is_apple(gpu) else 0.0
        watts = (gpu.tdp_w or 0) * ref.count + system_w
        per_year = cost.electricity_usd(watts, util, C.HOURS_PER_YEAR, a.electricity_usd_per_kwh)
        price = purchase_price(gpu.name, env)
        t = cost.tco(
            gpu.name,
            price.usd if price else 0.0,
            gpu.tdp_w or 0,
            n_gpus=ref.count,
            years=years,
            utilization=util,
            usd_per_kwh=a.electricity_usd_per_kwh,
            desktop_usd=env.local_desktop_usd(),
            base_usd=0.0 if hw.is_apple(gpu) else fleet.base_usd(env, ref),  # a Mac is the whole computer
            module=gpu.name if gpu.server_module else False,  # SXM / OAM modules sit in a server
            system_power_w=system_w,
        )
        split = cost_settings.load_idle(query, env, gpu, ref.count, watts, util)
        if split:  # load hours at board power, the other powered hours at the idle draw (§cost.idle)
            per_year = split[0].total_usd
            t = replace(t, electricity_usd=per_year * years, total_usd=t.purchase_usd + t.base_usd + per_year * years)
            if i == 0:
                idle_parts = [
                    cost_settings.idle_head(
                        env,
                        counted(env, gpu, ref.count, article=False),
                        split[0],
                        watts,
                        split[1],
                        ref.count,
                        query.period,
                    ),
                    cost_settings.idle_step(env, gpu, split[1], split[2], stated=bool(query.idle_w)),
                ]
                idle_sources = [split[3]] if split[3] else []
        na = env.term("n/a")  # no power figure: never "0 W, $0"
        rows["power"].append(f"{watts:,.0f} W" if watts else na)
        rows["year"].append(env.money(per_year) if watts else na)
        rows["elec"].append(env.money(t.electricity_usd) if watts else na)
        rows["price"].append(price_text(price, env) + (f" x {ref.count}" if ref.count > 1 else ""))
        own = t.purchase_usd + t.electricity_usd  # the GPU(s) and their electricity; the desktop is shown apart
        rows["total"].append(env.money(own) if price else env.t("cost.no_price"))
        rows["base"].append(env.money(t.base_usd))
        rows["desktop"].append(env.money(t.total_usd) if price else env.t("cost.no_price"))
        each.append(
            {
                "gpu": gpu.name,
                "label": counted(env, gpu, ref.count, article=False),
                "watts": watts,
                "electricity_usd_per_year": round(per_year, 2),
                "total_cost_usd": round(own, 2) if price else None,
                "total_with_desktop_usd": round(t.total_usd, 2) if price else None,
            }
        )
        if i == 0:
            figures = {
                "cost_kind": query.kind,  # "running": the electricity bill asked, no purchase (respond/asked.py)
                "electricity_usd_per_year": round(per_year, 2),
                "electricity_usd": round(t.electricity_usd, 2),
                "total_cost_usd": round(own, 2) if price else None,
                "total_with_desktop_usd": round(t.total_usd, 2) if price else None,
                "purchase_usd": round(t.purchase_usd, 2) if price else None,
                "years": years,
                "utilization": util,
                "gpu_watts": watts,  # the board power of these cards together (asked parts size a PSU from it)
                "gpu_count": ref.count,
            }
            if split:
                cost_settings.idle_figures(split[0], split[1], figures)
            if query.kind == "perf_per_dollar":
                v = value_row(gpu, env, key, ref.count)
                figures["value_per_purchase"], figures["value_per_tco"] = v.per_purchase, v.per_tco
    table.rows = [[labels[k], *v] for k, v in rows.items()]
    first = own_draw.at_draw(env.gpu(refs[0].name), query, refs[0].count)
    w = (first.tdp_w or 0) * refs[0].count
    if query.kind == "running":
        n = refs[0].count
        share = usage_note.year_share(query)
        over_years = query.period in (None, "year") and years != 1 and bool(query.years or "years" in a.changed)
        if over_years:
            share = years  # "over 3 years?" after a running cost (per year or not): the whole period leads
        head = env.t(
            "cost.head_running_years"
            if over_years
            else ("cost.head_running_period" if share != 1.0 else "cost.head_running"),
            years=f"{years:g}",
            period=env.t(f"cost.period_{query.period}") if query.period and not over_years else "",
            period_money=env.money(
                figures["electricity_usd_per_year"] * share, _decimals(figures["electricity_usd_per_year"] * share)
            ),
            gpu=counted(env, first, n, article=False),
            pronoun=env.t("cost.it" if n == 1 else "cost.them"),
            money=env.money(figures["electricity_usd_per_year"]),
            watts=f"{w:,.0f}",
            share=f"{util * 100:.0f}",
            kwh=env.money(a.electricity_usd_per_kwh, 3),
        )
    elif figures.get("total_cost_usd") is None:
        head = env.t(
            "cost.head_no_price",
            gpu=first.short_name,
            money=env.money(figures["electricity_usd_per_year"]),
            snapshot=env.snapshot_label(),
        )
    else:
        n = refs[0].count
        head = env.t(
            "cost.head_tco",
            what=counted(env, first, n),
            years=f"{years:g}",
            total=env.money(figures["total_cost_usd"]),
            purchase=env.money(figures["purchase_usd"]),
            desktop=env.money(host_usd(first, n) or env.platform_usd(n)),
            platform=env.t(_platform_key(first, n)),
            electricity=env.money(figures["electricity_usd"]),
            with_desktop=env.money(figures["total_with_desktop_usd"]),
            cards="GPUs" if refs[0].count > 1 else "GPU",
        )
        if query.kind == "perf_per_dollar" and figures.get("value_per_tco"):
            head += env.t(
                "cost.head_value", value=f"{env.per_money(figures['value_per_tco']):.2f}", per=env.money_unit()
            ) + _standing(first, key, env, figures)
    if idle_parts and query.kind == "running":
        head = idle_parts[0]
    checked = bill_check.check(query, env, first, refs[0].count, w, figures) if query.kind == "running" else ""
    if checked and not (query.share_asked or query.cap_kwh):  # "my bill went up $38 ... does that math check out"
        head = checked
    weighed = limits.lead(query, env, counted(env, first, refs[0].count, article=False), w, util, figures)
    if weighed:  # "caps me at 300 kwh a month", "$212 bill, how much of it is the pc": the limit or the share leads
        head = weighed + i18n.gap(env.lang) + head
    if len(each) > 1:  # "3090 vs 4080 electricity per year", "两张卡功耗差多少": every card, and the difference
        figures["per_gpu"] = [{k: v for k, v in e.items() if k != "label"} for e in each]
        all_in = cost_asked.total_asked(query.text or "", env.lang)  # "which costs less all in": with the machine
        head = cost_several.head(query, env, each, years, all_in)
    shown_w = w or next((e["watts"] for e in each if e["watts"]), 0)  # the first card with a power figure
    whole = own_draw.whole_asked(query)  # "整机功耗 ... 电费": the cards + the rest, said in its own step
    board_only = [] if with_mac or whole else [env.t("cost.electricity_step", watts=f"{shown_w:,.0f}", usage=util_text)]
    steps = [*board_only, *idle_parts[1:]]  # beside a Mac both sides are whole computers (pc_beside_mac_step)
    single = not idle_parts and len(each) == 1  # the per-card limit or the user's own draw, said and used
    added, power_said = own_draw.power_steps(query, env, first, env.gpu(refs[0].name), refs[0].count, figures, single)
    head, steps = head + added, steps + power_said
    for mac in [g for g in (env.gpu(r.name) for r in refs) if hw.is_apple(g) and g.tdp_w]:
        steps.append(env.t("cost.apple_wall_step", gpu=mac.short_name, watts=f"{mac.tdp_w:,}"))
    if with_mac and any(not hw.is_apple(env.gpu(r.name)) and env.gpu(r.name).tdp_w for r in refs):
        steps.append(env.t("cost.pc_beside_mac_step", watts=f"{C.SYSTEM_BASE_POWER_W:,.0f}"))
    several = [r for r in refs if r.count > 1]  # "2x 4090 over 4 years": the machine that holds them, not a desktop
    for r in several:  # "9 workstations each w/ a 4080 super": nine desktops (respond/fleet.py)
        steps.append(
            fleet.step(env, r) or env.t("cost.platform_step", n=r.count, money=env.money(env.platform_usd(r.count)))
        )
    period_head, period_steps = _per_period(query, env, figures, years)
    resale = cost_settings.resale_lead(query, env, first, refs[0].count, figures, years)
    if resale:  # "用两年再卖掉": the cost of owning net of the resale leads (§cost.resale)
        period_head, period_steps = resale  # its own per-month figure replaces the even spread
    if period_head:
        head = period_head + i18n.gap(env.lang) + head
    head += _energy(query, env, figures)
    if fee := hosting.in_cost(query, env, figures):  # "colo is $150 a month": the month in all leads
        head = fee + i18n.gap(env.lang) + head
    steps += period_steps
    market_sources: list[str] = []
    if query.kind != "running":  # a purchase in the cost: China versions, grey-market prices, modified-card caveats
        market_steps, market_sources = variant_notes([env.gpu(r.name) for r in refs], env)
        steps += market_steps
    sources = (
        [spec_source(env.gpu(r.name), env) for r in refs]
        + env.rate_sources()
        + ["method: docs/model.md §cost.electricity, §cost.tco" + (", §cost.period" if period_head else "")]
        + env.cite(*market_sources)
        + env.cite(*idle_sources)
    )
    for r in refs:
        p = purchase_price(env.gpu(r.name).name, env)
        if p:
            sources += env.cite(p.source)
    return Answer(
        question=query.text,
        intent="cost",
        headline=head,
        gpus=[env.gpu(r.name).name for r in refs],
        workload=query.workload,
        tables=[table],
        steps=steps,
        figures=figures,
        assumptions=env.assumption_dict(),
        assumption_text=assumption_text(env, buying=True, desktop=not several),
        sources=sources,
        lang=env.lang,
    )


def _platform_key(gpu, n: int) -> str:
    """The machine a 5-year cost counts around n of `gpu`: a server for modules, a desktop with adapter boards for
    one or two SXM2 modules (models/platforms.module_adapter_usd), else the tier for the count (§cost.platform)."""
    if gpu.server_module:
        return "cost.platform_adapter" if module_adapter_usd(gpu.name, n) is not None else "cost.platform_module"
    return f"cost.platform_{cost.platform(n)[0]}"
