"""Answer running cost, total cost of ownership, performance per dollar and training-run cost.

Contract: electricity = power x utilization x hours x price per kWh (GPU power, docs/model.md
§cost.electricity); total cost of ownership = desktop base + GPU price x count + electricity
over the ownership period (§cost.tco); a training run costs 6 x parameters x tokens FLOPs at a
stated utilization of the dense 16-bit tensor peak (§cost.training), owned vs rented.
`figures`: total_cost_usd and electricity_usd_per_year for gpus[0] (all of its count).
"""

from __future__ import annotations

from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import cost, hardware as hw
from assistant.queries import CostQuery
from assistant.respond.common import Env, spec_source
from assistant.respond.pricing import assumption_text, perf_workload, price_of, price_text, value_row


def _utilization(query: CostQuery, env: Env) -> tuple[float, str]:
    if query.hours_per_week:
        return min(query.hours_per_week / 168.0, 1.0), f"{query.hours_per_week:g} hours a week"
    u = query.utilization or env.assumptions.utilization
    return u, f"{u * 100:.0f} % utilization"


def _training_run(query: CostQuery, env: Env) -> Answer:
    model = env.reader.model(query.model.key) if query.model else None
    params = query.params_b or (model.active_params_b or model.params_b if model else None)
    ref = next((r for r in query.gpus if r.name), None)
    if not params or not query.tokens or ref is None:
        missing = [w for w, ok in (("the model size", params), ("the number of training tokens", query.tokens), ("a GPU", ref)) if not ok]
        return Answer(question=query.text, intent="cost", headline="",
                      clarification=f"For a training-run cost I need {', '.join(missing)}, e.g. \"cost to train a 7b model on 1T tokens on 8 H100s\".")
    gpu = env.reader.gpu(ref.name)
    n = ref.count
    peak = hw.training_tflops(gpu, "fp16").value
    rate = cost.cheapest_cloud(gpu.name, env.reader.cloud_rates(gpu.name))
    run = cost.training_run(params, query.tokens / 1e9, peak, n_gpus=n, power_w=gpu.tdp_w or 0,
                            usd_per_kwh=env.assumptions.electricity_usd_per_kwh,
                            rent_usd_per_gpu_hour=rate.on_demand_usd_per_gpu_hour if rate else None)
    days = run.hours / 24
    head = (f"Training {params:g}B parameters on {query.tokens / 1e9:,.0f}B tokens takes about {run.flops:.2e} FLOPs: "
            f"{days:,.0f} days on {n} x {gpu.short_name} at {C.DEFAULT_MFU * 100:.0f} % of the 16-bit tensor peak")
    head += f"; renting costs about {env.money(run.rented_usd)} ({rate.provider}, {env.money(rate.on_demand_usd_per_gpu_hour, 2)}/GPU-hour)." if rate else "."
    table = Table(headers=["", "value"], rows=[["training FLOPs (6 x params x tokens)", f"{run.flops:.3e}"],
                                               ["dense 16-bit peak per GPU", f"{peak:,.0f} TFLOPS"],
                                               ["GPU-hours", f"{run.gpu_hours:,.0f}"], ["wall-clock", f"{days:,.1f} days"],
                                               ["electricity if owned", env.money(run.owned_electricity_usd)],
                                               ["cloud cost", env.money(run.rented_usd) if run.rented_usd else "no cloud rate"]])
    figures = {"total_cost_usd": round(run.rented_usd, 2) if run.rented_usd else round(run.owned_electricity_usd, 2),
               "gpu_hours": round(run.gpu_hours, 1), "days": round(days, 2), "flops": run.flops,
               "electricity_usd": round(run.owned_electricity_usd, 2)}
    return Answer(question=query.text, intent="cost", headline=head, gpus=[gpu.name], tables=[table], figures=figures,
                  steps=[f"Model FLOPs utilization {C.DEFAULT_MFU * 100:.0f} % is an assumption (docs/model.md §cost.training); "
                         "well-tuned large runs reach 40-55 %."],
                  sources=[spec_source(gpu)] + (env.cite(rate.source) if rate else []) + ["method: docs/model.md §cost.training"],
                  lang=env.lang)


def respond(query: CostQuery, env: Env) -> Answer:
    if query.kind == "training_run":
        return _training_run(query, env)
    refs = [r for r in query.gpus if r.name]
    if not refs:
        return Answer(question=query.text, intent="cost", headline="",
                      clarification="Which GPU? For example \"electricity cost of a 4090\" or \"total cost of two 3090s over 3 years\".")
    a = env.assumptions
    years = query.years or a.years
    util, util_text = _utilization(query, env)
    table = Table(headers=["", *[env.reader.gpu(r.name).short_name + (f" x {r.count}" if r.count > 1 else "") for r in refs]], rows=[])
    figures: dict = {}
    rows = {"power": [], "electricity per year": [], f"electricity over {years:g} years": [], "GPU price": [],
            "desktop base": [], f"total over {years:g} years": []}
    key = perf_workload(query.workload, None)
    for i, ref in enumerate(refs):
        gpu = env.reader.gpu(ref.name)
        watts = (gpu.tdp_w or 0) * ref.count
        per_year = cost.electricity_usd(watts, util, C.HOURS_PER_YEAR, a.electricity_usd_per_kwh)
        price = price_of(gpu.name, env)
        t = cost.tco(gpu.name, price.usd if price else 0.0, gpu.tdp_w or 0, n_gpus=ref.count, years=years,
                     utilization=util, usd_per_kwh=a.electricity_usd_per_kwh)
        rows["power"].append(f"{watts:,.0f} W")
        rows["electricity per year"].append(env.money(per_year))
        rows[f"electricity over {years:g} years"].append(env.money(t.electricity_usd))
        rows["GPU price"].append(price_text(price, env) + (f" x {ref.count}" if ref.count > 1 else ""))
        rows["desktop base"].append(env.money(t.base_usd))
        rows[f"total over {years:g} years"].append(env.money(t.total_usd) if price else "no price")
        if i == 0:
            figures = {"electricity_usd_per_year": round(per_year, 2), "electricity_usd": round(t.electricity_usd, 2),
                       "total_cost_usd": round(t.total_usd, 2) if price else None,
                       "purchase_usd": round(t.purchase_usd, 2) if price else None, "years": years, "utilization": util}
            if query.kind == "perf_per_dollar":
                v = value_row(gpu, env, key, ref.count)
                figures["value_per_purchase"], figures["value_per_tco"] = v.per_purchase, v.per_tco
    table.rows = [[k, *v] for k, v in rows.items()]
    first = env.reader.gpu(refs[0].name)
    w = (first.tdp_w or 0) * refs[0].count
    if query.kind == "running":
        head = (f"Running {'it' if refs[0].count == 1 else 'them'} costs about {env.money(figures['electricity_usd_per_year'])} a year "
                f"in electricity: {w:,.0f} W x {util_text} x 8,760 h x {env.money(a.electricity_usd_per_kwh, 3)}/kWh.")
        head = f"{first.short_name}: " + head
    elif figures.get("total_cost_usd") is None:
        head = f"{first.short_name}: electricity about {env.money(figures['electricity_usd_per_year'])} a year; no price in the '{a.snapshot}' snapshot for the total."
    else:
        head = (f"Owning {refs[0].count} x {first.short_name} for {years:g} years costs about {env.money(figures['total_cost_usd'])}: "
                f"{env.money(figures['purchase_usd'])} for the GPU(s), {env.money(C.DESKTOP_BASE_USD)} for the rest of the desktop "
                f"and {env.money(figures['electricity_usd'])} of electricity.")
        if query.kind == "perf_per_dollar" and figures.get("value_per_tco"):
            head += f" That is {figures['value_per_tco']:.2f} relative speed per $1,000 (RTX 3090 = 1)."
    steps = [f"Electricity counts the GPU's board power ({w:,.0f} W) at {util_text}; a whole system adds the CPU and the rest "
             "(about 100 W more in the reference's 2020 example)."]
    sources = [spec_source(env.reader.gpu(r.name)) for r in refs] + ["method: docs/model.md §cost.electricity, §cost.tco"]
    for r in refs:
        p = price_of(r.name, env)
        if p:
            sources += env.cite(p.source)
    return Answer(question=query.text, intent="cost", headline=head, gpus=[r.name for r in refs], workload=query.workload,
                  tables=[table], steps=steps, figures=figures, assumption_text=assumption_text(env), sources=sources, lang=env.lang)
