"""Answer "X vs Y", "how much faster is X than Y", "why X over Y": speed and value side by side.

Contract: the table shows, per GPU, the estimated relative speed for 16-bit training, 16-bit
and 8-bit inference (RTX 3090 = 1.00, this project's model v2, docs/model.md §perf), memory,
bandwidth, L2, tensor cores, power, price, electricity over the ownership period and
performance per purchase dollar and per total-cost dollar. `figures.speedup` is gpus[0] over
gpus[1] for the workload asked. When the user's premise ("why X over Y") disagrees with the
numbers, the headline says so first. A "why X over Y" question (or one naming Dettmers) also gets
the value with Dettmers' 2023 method as the post states it (`models/dettmers2023.py`), labelled.
"""

from __future__ import annotations

import math

from assistant import i18n
from assistant.answer import Answer, Chart, Table
from assistant.models import constants as C
from assistant.models import cost, dettmers2023
from assistant.models import hardware as hw
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery
from assistant.respond import compare_model, compare_pick, scaling, unrated
from assistant.respond.env import Env
from assistant.respond.pricing import (
    CHAT_CONTEXT,
    CHAT_MODEL,
    ValueRow,
    assumption_text,
    budget_usd,
    chat_score,
    chat_tokens_per_s,
    perf_workload,
    price_text,
    value_row,
    workload_title,
)
from assistant.respond.variants import difference_note, variant_notes, variant_of
from assistant.respond.wording import join_names, num, software_stack, spec_source

_SPEED_ROWS = ("train16", "infer16", "infer8")


def _fmt(v: float | None, env: Env, d: int = 2) -> str:
    return env.term("n/a") if v is None else f"{v:.{d}f}"


def _score_text(row: ValueRow, env: Env) -> str:
    return env.t("spec.not_rated") if unrated.is_unrated(row.perf) else _fmt(row.perf.score, env)


def _unrated_headline(a: ValueRow, b: ValueRow, title: str, env: Env) -> tuple[str, str]:
    """One side has no rated speed (Apple silicon, missing specs): say so instead of a 0.00x ratio, and
    compare what both can be rated on, single-user LLM decode from memory bandwidth (§llm.decode)."""
    bad = [r for r in (a, b) if unrated.is_unrated(r.perf)]
    head = env.t("compare.unrated", gpus=join_names([r.label for r in bad], env.lang), title=title)
    speeds = {r.gpu.name: unrated.llm_speeds(env, r.gpu, r.n_gpus) for r in (a, b)}
    each = [env.t("compare.unrated_each", gpu=r.label, speeds=unrated.llm_text(env, r.gpu, r.n_gpus)) for r in (a, b)]
    lines = [env.t("compare.unrated_llm", each=i18n.sep(env.lang).join(each), ctx=f"{CHAT_CONTEXT:,}")]
    # the faster at the largest model that fits either, then the smaller one
    choice = max((a, b), key=lambda r: tuple(s[2] or 0.0 for s in reversed(speeds[r.gpu.name]))).gpu.name
    return i18n.gap(env.lang).join([head, *lines]), choice


def _table(rows: dict[str, dict[str, ValueRow]], names: list[str], env: Env) -> Table:
    main = rows[_SPEED_ROWS[0]]
    g = {n: main[n].gpu for n in names}
    t = Table(headers=["", *[main[n].label for n in names]], rows=[])
    for key in _SPEED_ROWS:
        t.rows.append(
            [
                env.t("compare.row_speed", title=workload_title(env, key)),
                *[_score_text(rows[key][n], env) for n in names],
            ]
        )

    def tensor(x) -> str:
        if not x.tensor_cores:  # AMD / Intel matrix units are rated, but they are not NVIDIA tensor cores
            rated = x.vendor != "NVIDIA" and hw.has_tensor_cores(x)
            return env.t("compare.matrix_units") if rated else env.t("compare.none")
        gen = x.arch.tensor_generation if x.arch and x.arch.tensor_generation else None
        return f"{x.tensor_cores}" + (env.t("compare.tensor_gen", gen=gen) if gen else "")

    def each(n: str, text: str) -> str:
        """ "2 x 24 GB": a column of several cards shows the count with the one-card value."""
        count = main[n].n_gpus
        return env.t("compare.each", n=count, each=text) if count > 1 else text

    def power(n: str) -> str:
        count, watts = main[n].n_gpus, g[n].tdp_w
        return num(watts * count, 0, "W") if count > 1 and watts else num(watts, 0, "W")

    def price(n: str) -> str:
        row = main[n]
        if row.n_gpus == 1 or row.price is None:
            return price_text(row.price, env)
        return env.t(
            "compare.total", total=env.money(row.price.usd * row.n_gpus), n=row.n_gpus, each=price_text(row.price, env)
        )

    t.rows += [
        [
            env.t("compare.row_memory"),
            *[each(n, f"{num(g[n].memory_gb)} GB {g[n].memory_type or ''}".strip()) for n in names],
        ],
        [env.t("compare.row_bandwidth"), *[num(g[n].memory_bandwidth_gb_s, 0, "GB/s") for n in names]],
        [env.t("compare.row_l2"), *[num(g[n].l2_cache_mb, 0, "MB") for n in names]],
        [env.t("compare.row_tensor"), *[tensor(g[n]) for n in names]],
        [env.t("compare.row_power"), *[power(n) for n in names]],
        [env.t("compare.row_price"), *[price(n) for n in names]],
        [
            env.t("compare.row_electricity", years=f"{env.assumptions.years:g}"),
            *[env.money(main[n].electricity_usd) for n in names],
        ],
    ]
    return t


def _value_rows(rows: dict[str, ValueRow], names: list[str], title: str, env: Env) -> list[list[str]]:
    return [
        [
            env.t("compare.row_per_purchase", title=title, per=env.money_unit()),
            *[_fmt(env.per_money(rows[n].per_purchase), env) for n in names],
        ],
        [
            env.t("compare.row_per_tco", title=title, years=f"{env.assumptions.years:g}", per=env.money_unit()),
            *[_fmt(env.per_money(rows[n].per_tco), env) for n in names],
        ],
    ]


LARGE_TRAINING_GAP = 1.25  # show the matmul-bound ratio when it and the score differ by more than 25 % [A]


def _large_training(a: ValueRow, b: ValueRow, key: str) -> tuple[ValueRow, ValueRow, float, float] | None:
    """Training a large model (an LLM) is matmul-bound: its time is FLOPs / (MFU x tensor peak), as the
    training-time answers compute it (§cost.training). When that ratio and the 16-bit training score (the
    benchmark's mix of mid-sized networks, §perf.roofline) differ by more than LARGE_TRAINING_GAP, both are
    shown (H100 vs H20: 6.7x against 1.4x; B200 vs H100: 2.3x against 1.6x). (faster, slower, its peak,
    the other's peak) or None."""
    if key != "train16" or a.n_gpus != 1 or b.n_gpus != 1:
        return None
    ta, tb = hw.matmul_tflops(a.gpu, "fp16_acc32").value, hw.matmul_tflops(b.gpu, "fp16_acc32").value
    rated = safe_div(a.perf.score, b.perf.score)
    if ta <= 0 or tb <= 0 or rated <= 0 or abs(math.log(ta / tb / rated)) <= math.log(LARGE_TRAINING_GAP):
        return None
    return (a, b, ta, tb) if ta >= tb else (b, a, tb, ta)


def _large_training_text(a: ValueRow, b: ValueRow, key: str, env: Env, form: str) -> str:
    """form: "why" (the reasons' line) or "head" (a clause for the headline)."""
    found = _large_training(a, b, key)
    if found is None:
        return ""
    fast, slow, tf, ts = found
    return env.t(
        "compare.why_large_training" if form == "why" else "compare.head_large_training",
        faster=fast.label,
        slower=slow.label,
        ratio=f"{tf / ts:.1f}",
        tf=f"{tf:,.0f}",
        ts=f"{ts:,.0f}",
        mfu=f"{C.DEFAULT_MFU * 100:.0f}",
    )


def _why(a: ValueRow, b: ValueRow, key: str, env: Env) -> list[str]:
    ga, gb = a.gpu, b.gpu
    steps = []
    bw = safe_div(hw.bandwidth_gb_s(ga), hw.bandwidth_gb_s(gb))
    steps.append(
        env.t(
            "compare.why_bandwidth", a=num(ga.memory_bandwidth_gb_s), b=num(gb.memory_bandwidth_gb_s), ratio=f"{bw:.2f}"
        )
    )
    ta, tb = hw.matmul_tflops(ga, "fp16_acc32").value, hw.matmul_tflops(gb, "fp16_acc32").value
    if a.perf.dominant == b.perf.dominant:
        dominated = env.t("compare.dominates_both", what=env.term(a.perf.dominant or "nothing known"))
    else:
        dominated = env.t(
            "compare.dominates_each",
            a=env.term(a.perf.dominant or "n/a"),
            ga=ga.short_name,
            b=env.term(b.perf.dominant or "n/a"),
            gb=gb.short_name,
        )
    if ta > 0 and tb > 0:  # an unrated side (Apple: no tensor figure) has nothing to set against
        steps.append(env.t("compare.why_tensor", ta=f"{ta:,.0f}", tb=f"{tb:,.0f}", dominated=dominated))
    large = _large_training_text(a, b, key, env, "why")
    if large:
        steps.append(large)
    for g in (ga, gb):
        if not hw.has_tensor_cores(g):
            steps.append(env.t("compare.why_no_tensor", gpu=g.short_name))
        elif (
            g.arch and g.arch.product_class == "geforce" and g.arch.fp16_acc32 and g.arch.fp16_acc16 > g.arch.fp16_acc32
        ):
            steps.append(env.t("compare.why_geforce", gpu=g.short_name))
    if key == "infer8":
        for g in (ga, gb):
            if g.arch and not (g.arch.fp8_acc16 or g.arch.fp8_acc32):
                steps.append(env.t("compare.why_no_fp8", gpu=g.short_name))
    others = [g for g in (ga, gb) if g.vendor != "NVIDIA"]
    if others:
        steps.append(
            env.t(
                "compare.why_software",
                gpus=join_names([g.short_name for g in others], env.lang),
                stack=software_stack(others),
            )
        )
    return steps


def _headline_many(
    query: CompareQuery, rows: dict[str, ValueRow], names: list[str], key: str, env: Env, title: str
) -> tuple[str, str]:
    """Three or more GPUs: the best value and the fastest, each against the field."""
    rated = [n for n in names if not unrated.is_unrated(rows[n].perf)]
    if len(rated) < 2:
        bad = next(n for n in names if n not in rated)
        other = next(n for n in names if n != bad)
        return _unrated_headline(rows[bad], rows[other], title, env)
    fastest = max((rows[n] for n in rated), key=lambda r: r.perf.score)
    slowest = min((rows[n] for n in rated), key=lambda r: r.perf.score)
    priced = [rows[n] for n in names if rows[n].per_tco]
    speed = env.t(
        "compare.many_speed",
        fastest=fastest.label,
        ratio=f"{safe_div(fastest.perf.score, slowest.perf.score):.2f}",
        slowest=slowest.label,
        title=title,
    )
    if query.aspect == "speed" or not priced:
        return i18n.cap(env.lang, speed) + i18n.end(env.lang), fastest.gpu.name
    best = max(priced, key=lambda r: r.per_tco or 0.0)
    head = env.t(
        "compare.many_value",
        n=len(names),
        best=best.label,
        title=title,
        years=f"{env.assumptions.years:g}",
        snapshot=env.snapshot_label(),
        speed=speed,
        per=env.money_unit(),
    )
    return head, best.gpu.name


def _memory_headline(rows: dict[str, ValueRow], names: list[str], env: Env) -> tuple[str, str]:
    """ "which one has more memory?": the memory of each, most first."""
    ranked = sorted((rows[n] for n in names), key=lambda r: -(r.gpu.memory_gb or 0))
    listing = i18n.sep(env.lang).join(f"{r.label} {r.gpu.memory_gb or 0:g} GB" for r in ranked)
    if len({r.gpu.memory_gb for r in ranked}) == 1:
        return env.t("compare.memory_same", listing=listing), ranked[0].gpu.name
    top = [r.label for r in ranked if r.gpu.memory_gb == ranked[0].gpu.memory_gb]
    key = "compare.memory_most" if len(top) == 1 else "compare.memory_most_tie"
    return env.t(key, gpu=join_names(top, env.lang), listing=listing), ranked[0].gpu.name


def _headline(
    query: CompareQuery, rows: dict[str, ValueRow], names: list[str], key: str, env: Env, title: str
) -> tuple[str, str]:
    if query.aspect == "memory":
        return _memory_headline(rows, names, env)
    if len(names) > 2:
        return _headline_many(query, rows, names, key, env, title)
    a, b = rows[names[0]], rows[names[1]]
    if unrated.is_unrated(a.perf) or unrated.is_unrated(b.perf):
        return _unrated_headline(a, b, title, env)
    speed = safe_div(a.perf.score, b.perf.score)
    faster, slower, ratio = (a, b, speed) if speed >= 1 else (b, a, safe_div(1, speed))
    speed_text = env.t("compare.speed", faster=faster.label, ratio=f"{ratio:.2f}", slower=slower.label, title=title)
    if query.aspect == "speed" or a.per_tco is None or b.per_tco is None:
        if query.premise == "first" and faster is b:
            return env.t("compare.premise_speed", b=b.label, a=a.label, speed=speed_text), faster.gpu.name
        return i18n.cap(env.lang, speed_text) + i18n.end(env.lang), faster.gpu.name
    better, worse = (a, b) if a.per_tco >= b.per_tco else (b, a)
    gain = safe_div(better.per_tco or 0.0, worse.per_tco or 0.0) - 1
    value_text = env.t(
        "compare.value", better=better.label, gain=f"{gain * 100:.0f}", title=title, years=f"{env.assumptions.years:g}"
    )
    if query.premise == "first" and better is not a:
        head = env.t("compare.premise_value", b=b.label, a=a.label, value=value_text, speed=speed_text)
    else:
        head = env.t("compare.head", snapshot=env.snapshot_label(), value=value_text, speed=speed_text)
    return head, better.gpu.name


def _worth(a: ValueRow, b: ValueRow, title: str, env: Env) -> str:
    """ "is the 4090 worth the extra?" / "is the upgrade worth it?": yes, only for the speed, or no, for the
    dearer of the two against the other: speed for the workload asked (single-user chat for local LLMs)
    over the cost over the ownership period (§cost.tco); more memory is named when it has it."""
    tco = {id(a): a.tco_usd or 0.0, id(b): b.tco_usd or 0.0}
    if not (a.price and b.price and all(tco.values())):
        return env.t("compare.worth_no_price")
    up, other = (a, b) if tco[id(a)] >= tco[id(b)] else (b, a)
    speed, cost_ratio = safe_div(up.perf.score, other.perf.score), safe_div(tco[id(up)], tco[id(other)])
    values = {
        "up": up.label,
        "other": other.label,
        "speed": f"{speed:.2f}",
        "cost": f"{cost_ratio:.2f}",
        "title": title,
        "years": f"{env.assumptions.years:g}",
    }
    if speed < 1.05:  # not even 5 % faster
        text = env.t("compare.worth_no", **values)
    elif abs(safe_div(speed, cost_ratio) - 1) < 0.05:  # within 5 %: level per dollar
        text = env.t("compare.worth_even", **values)
    elif speed >= cost_ratio:
        text = env.t("compare.worth_yes", **values)
    else:
        text = env.t("compare.worth_speed_only", **values)
    mem_up, mem_other = (up.gpu.memory_gb or 0) * up.n_gpus, (other.gpu.memory_gb or 0) * other.n_gpus
    if mem_up > mem_other:
        text += i18n.gap(env.lang) + env.t("compare.worth_memory", a=f"{mem_up:g} GB", b=f"{mem_other:g} GB")
    return text


def _chat_row(gpus, names: list[str], env: Env) -> tuple[list[str] | None, dict]:
    """Batch-1 tokens/s of a common local model on each GPU (§llm.decode), the other kind of inference."""
    model = env.reader.model(CHAT_MODEL[0])
    if model is None:
        return None, {}
    by_name = {g.name: g for g in gpus}
    tps = {n: round(chat_tokens_per_s(model, CHAT_MODEL[1], by_name[n]), 1) for n in names}
    row = [env.t("compare.row_chat", model=model.name, quant=CHAT_MODEL[1]), *[f"{tps[n]:,.0f}" for n in names]]
    return row, tps


def _more_memory(rows: dict[str, ValueRow], names: list[str]) -> dict | None:
    """{gpu, more, less} when one side holds at least 4 GB more in total than the other (two sides only)."""
    if len(names) != 2:
        return None
    total = {n: (rows[n].gpu.memory_gb or 0) * rows[n].n_gpus for n in names}
    big, small = sorted(names, key=lambda n: -total[n])
    if total[big] - total[small] < 4:
        return None
    return {"gpu": rows[big].label, "more": f"{total[big]:g}", "less": f"{total[small]:g}"}


def _versions_of_one(a, b) -> bool:
    """One GPU is the other's China-market or modified version (knowledge/market_variants.csv)."""
    for me, other in ((a, b), (b, a)):
        row = variant_of(me.name)
        if row and (row["base"] == other.name or row["base"].split()[0] == other.name.split()[0]):
            return True
    return False


def about_model_name(query: CompareQuery, env: Env) -> str:
    model = env.reader.model(query.model.key) if query.model else None
    return model.name if model else f"{query.params_b:g}B"


def _chat_basis(query: CompareQuery, env: Env, model_figures: dict):
    """(model, quant, RTX 3090 tokens/s) when the comparison is about running an LLM for oneself: the
    named model when every side holds it, else the common local model (`CHAT_MODEL`)."""
    if query.workload != "llm_inference" or query.aspect == "memory":
        return None
    ref = env.reader.gpu(C.REF_NAME)
    named = model_figures.get("model_tokens_per_second")
    if named and all(model_figures.get("model_fits", {}).values()) and query.model is not None:
        model, quant = env.reader.model(query.model.key), model_figures["model_precision"]
    else:
        model, quant = env.reader.model(CHAT_MODEL[0]), CHAT_MODEL[1]
    if model is None or ref is None or model.kind != "llm" or model_figures.get("speech_not_rated"):
        return None
    return model, quant, chat_tokens_per_s(model, quant, ref)


def respond(query: CompareQuery, env: Env) -> Answer:
    env = env.for_query(query)
    if scaling.is_scaling(query):
        return scaling.respond(query, env)
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    names = list(dict.fromkeys(g.name for g in gpus))
    if len(names) < 2:
        return Answer(
            question=query.text,
            intent="compare",
            headline="",
            gpus=names,
            clarification=env.t("compare.need_two"),
            lang=env.lang,
        )
    key = perf_workload(query.workload, query.precision)
    if query.workload is None and query.precision is None and query.premise:
        key = "infer16"
    counts = {r.name: r.count for r in query.gpus if r.name}  # "two 3090s or one 4090?"
    conditions = {r.name: r.condition for r in query.gpus if r.name}  # "used 3090 or new 4070 ti super?"
    by_key = {
        k: {g.name: value_row(g, env, k, max(counts.get(g.name, 1), 1), conditions.get(g.name)) for g in gpus}
        for k in {*_SPEED_ROWS, key}
    }
    about_model = compare_model.model_rows(query, names, counts, env)
    model_figures = about_model[2] if about_model is not None else {}
    chat = _chat_basis(query, env, model_figures)
    if chat and query.model is None and all(g.arch and g.arch.product_class == "datacenter" for g in gpus):
        chat = None  # "h200 vs h100 for llm inference": datacenter cards serve many users, batched throughput decides
    title = workload_title(env, key)
    if chat:  # running an LLM for oneself: single-user decode speed decides, not batched throughput
        key, title = "llm_chat", env.t("rec.chat_title", model=chat[0].name, quant=chat[1])
        by_key[key] = {
            g.name: value_row(
                g,
                env,
                "infer16",
                max(counts.get(g.name, 1), 1),
                conditions.get(g.name),
                perf=chat_score(*chat, g, "chat", max(counts.get(g.name, 1), 1)),
            )
            for g in gpus
        }
    rows = by_key[key]
    table = _table(by_key, names, env)
    if any(rows[n].price for n in names):  # per-dollar rows only when something has a price
        table.rows += _value_rows(rows, names, title, env)
    chat_row, chat_tps = _chat_row(gpus, names, env)
    if chat_row:
        table.rows.insert(len(_SPEED_ROWS), chat_row)
    headline, choice = _headline(query, rows, names, key, env, title)
    if len(names) == 2 and about_model is None:
        headline += _large_training_text(rows[names[0]], rows[names[1]], key, env, "head")
    if about_model is not None:  # "two 3090s or one 4090 for 70b": the model decides first
        model_head, model_rows, _ = about_model
        table.rows[0:0] = model_rows
        if model_figures.get("model_choice"):  # only one side holds the model (or is a setting away): it decides
            choice = model_figures["model_choice"]
            headline = env.t("compare.model_decides", gpu=rows[choice].label, model=about_model_name(query, env))
        headline = model_head + i18n.gap(env.lang) + headline
    picked = None
    versions = len(names) == 2 and _versions_of_one(rows[names[0]].gpu, rows[names[1]].gpu)
    choosing = lexicon(env.lang).words_in("choice_words", f" {query.text.lower()} ")
    # a model both sides hold decides nothing: a question that asks to choose still gets a pick
    model_open = about_model is not None and not model_figures.get("model_choice") and choosing
    if not (
        query.premise or query.aspect in ("memory", "speed") or (about_model is not None and not model_open) or versions
    ):
        kind = model_figures.get("model_kind")  # the model named (or sized) decides the kind of work
        llm = (bool(chat) or (query.workload or "").startswith("llm") or kind == "llm") and kind != "image"
        image = (query.workload or "").startswith("image") or kind == "image"
        picked = None
        if model_open and kind == "llm":  # both hold the model asked: its speed on each decides, not memory
            named = model_figures.get("model_name") or about_model_name(query, env)
            picked = compare_pick.pick_model_speed(model_figures, rows, names, named, env)
        picked = picked or compare_pick.pick(rows, names, title, llm, env, image)  # "used 3090 vs new 5070 ti"
        if picked is None and len(names) > 2 and choosing:  # "l40s or a6000 ada or h100, which one"
            picked = compare_pick.pick_many(rows, names, env)
    worth_text = ""
    if query.worth and len(names) == 2:  # "is the 4090 worth the extra?": the verdict on the dearer one leads
        worth_text = _worth(rows[names[0]], rows[names[1]], title, env)
    if picked is not None:
        choice, pick_text, pick_figure = picked
        over = compare_pick.over_budget(rows, names, choice, budget_usd(query, env) or env.assumptions.budget_usd, env)
        pick_text += (i18n.gap(env.lang) + over) if over else ""
        pick_figure["over_budget"] = bool(over)
        headline = pick_text + i18n.gap(env.lang) + headline
    if worth_text and picked is not None and lexicon(env.lang).words_in("choice_words", query.text.lower()):
        # "买两张4060ti 16g还是一张3090", "3090和4090买哪个": which one first, then whether the dearer is worth it
        pick_end = len(pick_text)
        headline = headline[:pick_end] + i18n.gap(env.lang) + worth_text + headline[pick_end:]
    elif worth_text:  # "is the 4090 worth the extra": the worth verdict first, then the pick
        headline = worth_text + i18n.gap(env.lang) + headline
    a, b = rows[names[0]], rows[names[1]]
    steps = _why(a, b, key, env)
    if (key.startswith("infer") or chat) and chat_tps:
        steps.append(env.t("rec.two_inference_kinds"))
    if chat:
        steps.append(env.t("compare.chat_decides", title=title))
        roomy = _more_memory(rows, names)
        if roomy is not None and not model_figures.get(
            "model_choice"
        ):  # "2x 5060 ti vs 3090": the slower may hold more
            headline += i18n.gap(env.lang) + env.t("compare.chat_memory", **roomy)
    if model_figures.get("train_setup"):
        steps.insert(0, model_figures.pop("train_setup"))
    if model_figures.get("image_speed_note"):
        steps.append(model_figures.pop("image_speed_note"))
    if a.per_purchase and b.per_purchase:
        steps.append(
            env.t(
                "compare.per_dollar",
                a=f"{env.per_money(a.per_purchase):.2f}",
                b=f"{env.per_money(b.per_purchase):.2f}",
                years=f"{env.assumptions.years:g}",
                c=f"{env.per_money(a.per_tco):.2f}",
                d=f"{env.per_money(b.per_tco):.2f}",
                per=env.money_unit(),
            )
        )
    d2023 = _dettmers_2023(query, [rows[n].gpu for n in names[:2]], key, env)
    steps += [text for text, _ in d2023]
    small = [rows[n].gpu.short_name for n in names if (rows[n].gpu.memory_gb or 0) < 24]
    if small:
        steps.append(
            env.t(
                "compare.small_memory",
                names=i18n.listing(env.lang).join(small),
                verb="has" if len(small) == 1 else "have",
            )
        )
    speedup = safe_div(a.perf.score, b.perf.score)
    figures = {
        "speedup": round(speedup, 3),
        "workload_key": key,
        "bandwidth_ratio": round(safe_div(a.gpu.memory_bandwidth_gb_s or 0, b.gpu.memory_bandwidth_gb_s or 0), 3),
        "relative_speed": {n: round(rows[n].perf.score, 3) for n in names},
        "value_per_purchase": {n: _rounded(rows[n].per_purchase, 3) for n in names},
        "value_per_tco": {n: _rounded(rows[n].per_tco, 3) for n in names},
        "price_usd": {n: _rounded(p.usd, 2) if (p := rows[n].price) else None for n in names},
        "chat_tokens_per_s": chat_tps,
    }
    if chat:
        figures["speed_measure"] = "chat"
        figures["chat_model"] = chat[0].key
    figures.update(model_figures)
    if picked is not None:
        figures["pick"] = pick_figure
    if d2023:
        figures["dettmers2023"] = {w: v for _, fig in d2023 for w, v in fig.items()}
    chart = Chart(
        kind="bars",
        title=env.t(
            "compare.row_per_tco",
            title=title,
            years=f"{env.assumptions.years:g}",
            per=env.money_unit(),
        ),
        labels=[rows[n].label for n in names],
        values=[env.per_money(rows[n].per_tco) or 0.0 for n in names],
    )
    variant_steps, variant_sources = variant_notes([rows[n].gpu for n in names], env)
    lead = difference_note([rows[n].gpu for n in names], env) if versions else ""
    if lead:
        # "h100和h800有啥区别": one is the other's China-market or modified version: the difference leads (in a
        # yuan answer too, before the note on what is sold in China)
        headline = lead + i18n.gap(env.lang) + headline
        variant_steps = [note for note in variant_steps if note != lead]
    steps += variant_steps
    sources = [spec_source(rows[n].gpu, env) for n in names] + env.cite(
        *[p.source for n in names if (p := rows[n].price)], *variant_sources
    )
    sources += env.rate_sources()
    sources.append("method: docs/model.md §perf, §cost.tco (Dettmers 2023 normalization)")
    return Answer(
        question=query.text,
        intent="compare",
        headline=headline,
        gpus=names,
        workload=query.workload,
        precision=query.precision,
        choice=choice,
        tables=[table],
        steps=steps,
        figures=figures,
        assumption_text=assumption_text(env),
        sources=sources,
        chart=chart,
        lang=env.lang,
    )


def _dettmers_2023(query: CompareQuery, gpus, key: str, env: Env) -> list[tuple[str, dict]]:
    """(step, {workload: {gpu: value per $1,000}}) with Dettmers' 2023 method and inputs, for "why X over
    Y" questions and questions naming Dettmers; for inference both 8- and 16-bit (his two picks)."""
    if not (query.premise or "dettmers" in query.text.lower()) or len(gpus) < 2:
        return []
    quotes = env.reader.prices("2023-01")
    inputs = dettmers2023.VALUE_INPUTS
    values = {}
    for gpu in gpus:
        price = cost.lookup_price(gpu.name, [q for q in quotes if q.gpu == gpu.name])
        if price is None:
            return [(env.t("compare.dettmers2023_no_price", gpu=gpu.short_name), {})]
        total = cost.tco(
            gpu.name,
            price.usd,
            gpu.tdp_w or 0,
            years=inputs["years"],
            utilization=inputs["utilization"],
            usd_per_kwh=inputs["usd_per_kwh"],
            base_usd=inputs["base_usd"],
        ).total_usd
        values[gpu] = {w: dettmers2023.relative_performance(gpu, w).score * 1000 / total for w in _SPEED_ROWS}
    a, b = gpus
    items, figures = [], {}
    inference = key.startswith("infer") or key not in _SPEED_ROWS  # single-user chat ("llm_chat") is inference too
    for workload in ("infer8", "infer16") if inference else (key,):
        va, vb = values[a][workload], values[b][workload]
        winner = a if va >= vb else b
        gap = abs(safe_div(max(va, vb), min(va, vb)) - 1) * 100
        items.append(
            env.t(
                "compare.dettmers2023_item",
                title=workload_title(env, workload),
                a=a.short_name,
                b=b.short_name,
                va=f"{va:.2f}",
                vb=f"{vb:.2f}",
                winner=winner.short_name,
                gap=f"{gap:.0f}",
            )
        )
        figures[workload] = {"first": round(va, 3), "second": round(vb, 3)}  # value per $1,000, gpus order
    return [(env.t("compare.dettmers2023", items=i18n.listing(env.lang).join(items)), figures)]


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)
