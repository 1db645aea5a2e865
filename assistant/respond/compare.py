"""Answer "X vs Y", "how much faster is X than Y", "why X over Y": speed and value side by side.

Contract: the table shows, per GPU, the estimated relative speed for 16-bit training, 16-bit
and 8-bit inference (RTX 3090 = 1.00, Dettmers' method, docs/model.md §perf), memory,
bandwidth, L2, tensor cores, power, price, electricity over the ownership period and
performance per purchase dollar and per total-cost dollar. `figures.speedup` is gpus[0] over
gpus[1] for the workload asked. When the user's premise ("why X over Y") disagrees with the
numbers, the headline says so first.
"""

from __future__ import annotations

from assistant.answer import Answer, Chart, Table
from assistant.models import hardware as hw
from assistant.models.explain import safe_div
from assistant.models.performance import WORKLOAD_TITLES
from assistant.queries import CompareQuery
from assistant.respond.common import Env, num, spec_source
from assistant.respond.pricing import ValueRow, assumption_text, perf_workload, price_text, value_row

_SPEED_ROWS = ("train16", "infer16", "infer8")


def _fmt(v: float | None, d: int = 2) -> str:
    return "n/a" if v is None else f"{v:.{d}f}"


def _table(rows: dict[str, dict[str, ValueRow]], names: list[str], env: Env) -> Table:
    main = rows[_SPEED_ROWS[0]]
    g = {n: main[n].gpu for n in names}
    t = Table(headers=["", *[g[n].short_name for n in names]], rows=[])
    for key in _SPEED_ROWS:
        t.rows.append([f"relative {WORKLOAD_TITLES[key]} speed", *[_fmt(rows[key][n].perf.score) for n in names]])
    t.rows += [
        ["memory", *[f"{num(g[n].memory_gb)} GB {g[n].memory_type or ''}".strip() for n in names]],
        ["memory bandwidth", *[num(g[n].memory_bandwidth_gb_s, 0, "GB/s") for n in names]],
        ["L2 cache", *[num(g[n].l2_cache_mb, 0, "MB") for n in names]],
        ["tensor cores", *[f"{g[n].tensor_cores or 'none'}" + (f" (gen {g[n].arch.tensor_generation})" if g[n].arch and g[n].arch.tensor_generation else "") for n in names]],
        ["power", *[num(g[n].tdp_w, 0, "W") for n in names]],
        ["price", *[price_text(main[n].price, env) for n in names]],
        [f"electricity over {env.assumptions.years:g} years", *[env.money(main[n].electricity_usd) for n in names]],
    ]
    return t


def _value_rows(rows: dict[str, ValueRow], names: list[str], key: str, env: Env) -> list[list[str]]:
    title = WORKLOAD_TITLES[key]
    return [[f"{title} per $1,000 of GPU price", *[_fmt(rows[n].per_purchase) for n in names]],
            [f"{title} per $1,000 over {env.assumptions.years:g} years", *[_fmt(rows[n].per_tco) for n in names]]]


def _why(a: ValueRow, b: ValueRow, key: str) -> list[str]:
    ga, gb = a.gpu, b.gpu
    steps = []
    bw = safe_div(hw.bandwidth_gb_s(ga), hw.bandwidth_gb_s(gb))
    steps.append(f"Memory bandwidth, the reference's best single proxy between tensor-core GPUs: "
                 f"{num(ga.memory_bandwidth_gb_s)} vs {num(gb.memory_bandwidth_gb_s)} GB/s = {bw:.2f}x.")
    ta, tb = hw.matmul_tflops(ga, "fp16_acc32").value, hw.matmul_tflops(gb, "fp16_acc32").value
    if a.perf.dominant == b.perf.dominant:
        dominated = f"{a.perf.dominant or 'nothing known'} dominates for both"
    else:
        dominated = (f"{a.perf.dominant or 'n/a'} dominates for the {ga.short_name} and "
                     f"{b.perf.dominant or 'n/a'} for the {gb.short_name}")
    steps.append(f"16-bit tensor throughput (FP32 accumulate): {ta:,.0f} vs {tb:,.0f} TFLOPS; in the roofline "
                 f"(docs/model.md §perf.roofline) {dominated}.")
    for g in (ga, gb):
        if not hw.has_tensor_cores(g):
            steps.append(f"The {g.short_name} has no tensor cores: a strong penalty (it runs matrix math on vector units).")
        elif g.arch and g.arch.product_class == "geforce" and g.arch.fp16_acc32 and g.arch.fp16_acc16 > g.arch.fp16_acc32:
            steps.append(f"The {g.short_name} is a GeForce card: FP16 with FP32 accumulate runs at half its FP16 rate.")
    if key == "infer8":
        for g in (ga, gb):
            if g.arch and not (g.arch.fp8_acc16 or g.arch.fp8_acc32):
                steps.append(f"The {g.short_name} has no FP8 tensor cores, so 8-bit gains come from INT8 only where supported.")
    return steps


def _headline(query: CompareQuery, rows: dict[str, ValueRow], names: list[str], key: str, env: Env) -> tuple[str, str]:
    a, b = rows[names[0]], rows[names[1]]
    speed = safe_div(a.perf.score, b.perf.score)
    faster, slower, ratio = (a, b, speed) if speed >= 1 else (b, a, safe_div(1, speed))
    title = WORKLOAD_TITLES[key]
    speed_text = (f"the {faster.gpu.short_name} is about {ratio:.2f}x as fast as the {slower.gpu.short_name} "
                  f"for {title} (estimated with Dettmers' method)")
    if query.aspect == "speed" or a.per_tco is None or b.per_tco is None:
        if query.premise == "first" and faster is b:
            return f"The {b.gpu.short_name} is the faster one, not the {a.gpu.short_name}: {speed_text}.", faster.gpu.name
        return speed_text[0].upper() + speed_text[1:] + ".", faster.gpu.name
    better, worse = (a, b) if a.per_tco >= b.per_tco else (b, a)
    gain = safe_div(better.per_tco, worse.per_tco) - 1
    value_text = (f"the {better.gpu.short_name} gives {gain * 100:.0f} % more {title} per dollar over "
                  f"{env.assumptions.years:g} years")
    if query.premise == "first" and better is not a:
        head = f"Under these prices the {b.gpu.short_name} is the better buy, not the {a.gpu.short_name}: {value_text}; {speed_text}."
    else:
        head = f"Under the '{env.assumptions.snapshot}' prices, {value_text}; {speed_text}."
    return head, better.gpu.name


def respond(query: CompareQuery, env: Env) -> Answer:
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    names = list(dict.fromkeys(g.name for g in gpus))
    if len(names) < 2:
        return Answer(question=query.text, intent="compare", headline="", gpus=names,
                      clarification="I need two different GPUs to compare, e.g. \"4070 Ti vs 4080\".")
    key = perf_workload(query.workload, query.precision)
    if query.workload is None and query.precision is None and query.premise:
        key = "infer16"
    by_key = {k: {g.name: value_row(g, env, k) for g in gpus} for k in {*_SPEED_ROWS, key}}
    rows = by_key[key]
    table = _table(by_key, names, env)
    table.rows += _value_rows(rows, names, key, env)
    headline, choice = _headline(query, rows, names, key, env)
    a, b = rows[names[0]], rows[names[1]]
    steps = _why(a, b, key)
    if a.per_purchase and b.per_purchase:
        steps.append(f"Per purchase dollar: {a.per_purchase:.2f} vs {b.per_purchase:.2f}; per {env.assumptions.years:g}-year "
                     f"dollar (desktop + GPU + electricity, docs/model.md §cost.tco): {a.per_tco:.2f} vs {b.per_tco:.2f}.")
    small = [rows[n].gpu.short_name for n in names if (rows[n].gpu.memory_gb or 0) < 24]
    if small:
        steps.append(f"Memory: {', '.join(small)} {'has' if len(small) == 1 else 'have'} under 24 GB, the comfortable "
                     "floor for training transformers (12 GB is the floor for image generation).")
    speedup = safe_div(a.perf.score, b.perf.score)
    figures = {"speedup": round(speedup, 3), "workload_key": key,
               "bandwidth_ratio": round(safe_div(a.gpu.memory_bandwidth_gb_s or 0, b.gpu.memory_bandwidth_gb_s or 0), 3),
               "relative_speed": {n: round(rows[n].perf.score, 3) for n in names},
               "value_per_purchase": {n: rows[n].per_purchase and round(rows[n].per_purchase, 3) for n in names},
               "value_per_tco": {n: rows[n].per_tco and round(rows[n].per_tco, 3) for n in names},
               "price_usd": {n: rows[n].price and round(rows[n].price.usd, 2) for n in names}}
    chart = Chart(kind="bars", title=f"{WORKLOAD_TITLES[key]} per $1,000 over {env.assumptions.years:g} years",
                  labels=[rows[n].gpu.short_name for n in names], values=[rows[n].per_tco or 0.0 for n in names])
    sources = [spec_source(rows[n].gpu) for n in names] + env.cite(*[rows[n].price.source for n in names if rows[n].price])
    sources.append("method: docs/model.md §perf, §cost.tco (Dettmers 2023 normalization)")
    return Answer(question=query.text, intent="compare", headline=headline, gpus=names, workload=query.workload,
                  precision=query.precision, choice=choice, tables=[table], steps=steps, figures=figures,
                  assumption_text=assumption_text(env), sources=sources, chart=chart, lang=env.lang)
