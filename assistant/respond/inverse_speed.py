"""The inverse solver's price limits: the cheapest set of cards that reaches a stated single-user speed ("cheapest gpu
setup to hit 30 tok/s on llama 3.3 70b, used is fine", "想做到每秒50个token跑qwen2.5 14b 最便宜配什么卡"), and the most
GPU memory a budget buys ("my budget is 1000 usd total, what's the most vram i can get").

Contract: `cheapest(query, env)` -> an Answer, or None without a sized LLM and a speed target (Query.targets "speed").
The candidates are the value ranking's sets (respond/ranking.py: every priced card, the fewest of it that hold the
model at the quant said, else q4_k_m, up to 8; the condition said, else the one in force), each rated by the forward
single-user speed (pricing.chat_score: batch-1 decode, a layer split adds memory, not speed); the cheapest whole
machine at or above the target leads, then the check at it and at the next cheaper set, then the cheapest set that
reaches it with tensor parallelism (models.llm.decode_speed split "tensor"), when cheaper. When no set reaches it,
the fastest is said. `most_memory(query, env)` -> an Answer, or None without a budget: every priced desktop card, the
most of it (up to MAX_GPUS) the budget buys, for the cards alone, or with the machine when the budget is said to be
the whole (inverse_whole_budget_words); the most memory first, the cheaper of equal ones, then the runner-up.
`figures["inverse"]`: asked, choice, n, tokens_per_s / memory_gb, total_usd.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import llm, memory
from assistant.nlu.lexicon import lexicon
from assistant.respond import cheap_route
from assistant.respond.builds import MAX_GPUS, fits_a_workstation
from assistant.respond.env import Env

SHOWN = 6  # rows of the table


def _model(query, env: Env):
    from assistant.respond.fit_sizing import sized_model

    model = sized_model(query, env)[0] if (getattr(query, "model", None) or getattr(query, "params_b", None)) else None
    return model if model is not None and model.kind == "llm" else None


def _ranked(env: Env, query, need: float | None, chat, max_auto: int):
    """The value ranking with the recommendation's defaults: the vendor named, else NVIDIA; datacenter cards without
    fans only for an organization or a server (recommend_order.passive_ok); the condition said, else in force."""
    from assistant.respond.ranking import rank_inputs, rank_snapshot

    condition = getattr(query, "condition", None) or env.assumptions.condition or "average"
    vendor = getattr(query, "vendor", None)
    names = {"amd": "AMD", "nvidia": "NVIDIA", "intel": "Intel"}
    vendors = tuple(names.get(v.lower(), v) for v in vendor.split(",")) if vendor else ("NVIDIA",)
    organization = bool(getattr(query, "organization", None))
    passive = organization or lexicon(env.lang).words_in("rig_server", (query.text or "").lower())
    inputs = rank_inputs(
        env,
        "infer16",
        need=need,
        condition=condition,
        vendors=vendors,
        max_auto_gpus=max_auto,
        chat=chat,
        passive=passive,
    )
    return rank_snapshot(env.reader, inputs), condition


def cheapest(query, env: Env) -> Answer | None:
    target = dict(getattr(query, "targets", ())).get("speed")
    model = _model(query, env)
    if not target or model is None:
        return None
    from assistant.models import constants as C
    from assistant.respond.pricing import chat_tokens_per_s

    env = env.for_query(query)
    prec = getattr(query, "precision", None)
    quant = prec if prec in C.BITS_PER_WEIGHT else "q4_k_m"
    ref = env.reader.gpu(C.REF_NAME)
    if ref is None:
        return None
    ref_tps = chat_tokens_per_s(model, quant, ref)
    need = memory.inference_memory(model, quant, context=getattr(query, "context_tokens", None)).total_gb
    ranking, condition = _ranked(env, query, need, (model, quant, ref_tps), 8)
    sets = sorted(
        ((r, r.score * ref_tps, r.price_usd * r.n_gpus + env.platform_usd(r.n_gpus)) for r in ranking.rows),
        key=lambda t: (t[2], -t[1]),
    )
    if not sets:
        return None
    met = [s for s in sets if s[1] >= target]
    tensor = _tensor_met(env, sets, model, quant, target)
    values = {"target": f"{target:g}", "model": model.name, "quant": quant}
    parts = []
    lead = met[0] if met else None
    if tensor is not None and (lead is None or tensor[2] < lead[2]):
        row, tps, total = tensor
        values |= {"set": _label(env, row), "tps": f"{tps:,.1f}", "total": env.money(total)}
        parts.append(env.t("inverse.cheapest_tensor", cards=env.money(row.price_usd * row.n_gpus), **values))
        if lead is not None:
            l_row, l_tps, l_total = lead
            parts.append(
                env.t("inverse.cheapest_layer", set=_label(env, l_row), tps=f"{l_tps:,.1f}", total=env.money(l_total))
            )
    elif lead is not None:
        row, tps, total = lead
        values |= {"set": _label(env, row), "tps": f"{tps:,.1f}", "total": env.money(total)}
        parts.append(env.t("inverse.cheapest", cards=env.money(row.price_usd * row.n_gpus), **values))
    else:
        row, tps, total = max(sets, key=lambda s: s[1])
        values |= {"set": _label(env, row), "tps": f"{tps:,.1f}", "total": env.money(total)}
        parts.append(env.t("inverse.cheapest_none", **values))
    if cheap_route.tolerant(query.text or "", env.lang):  # "i dont care if its like 2 t/s": the cheap ways lead
        parts = _cheap_first(env, sets, model, quant, parts, values)
    elif lead is not None or tensor is not None:
        cheaper = [s for s in sets if s[2] < total]
        if cheaper:
            r2, t2, c2 = max(cheaper, key=lambda s: s[1])
            parts.append(env.t("inverse.cheapest_next", set=_label(env, r2), tps=f"{t2:,.1f}", total=env.money(c2)))
    shown = sets[:SHOWN] if any(r is row for r, _, _ in sets[:SHOWN]) else [*sets[: SHOWN - 1], (row, tps, total)]
    table = Table(
        env.t("inverse.cheapest_headers").split("|"),
        [[_label(env, r), f"{t:,.1f}", _tensor_cell(env, r, model, quant), env.money(c)] for r, t, c in shown],
        env.t("inverse.cheapest_table", target=f"{target:g}"),
    )
    steps = [env.t("inverse.cheapest_how", quant=quant, gb=f"{need:,.1f}", condition=_condition(env, condition))]
    figures = {
        "inverse": {"asked": "cheapest", "choice": row.gpu, "n": row.n_gpus, "tokens_per_s": round(tps, 1)},
        "targets": {"speed": target},
    }
    figures["inverse"]["total_usd"] = round(total)
    return _answer(query, env, parts, row.gpu, table, steps, figures)


def _cheap_first(env: Env, sets, model, quant: str, parts: list[str], values: dict) -> list[str]:
    """A speed said as what the user would put up with: the cheapest set that holds the model at all leads when it is
    cheaper than the set the speed picked, and the CPU server's route follows (respond/cheap_route.py)."""
    row, tps, total = sets[0]
    out = list(parts)
    if not any(_label(env, row) in p for p in parts):
        tensor = _tensor_cell(env, row, model, quant)
        line = env.t(
            "inverse.cheapest_holds",
            set=_label(env, row),
            total=env.money(total),
            tps=f"{tps:,.1f}",
            tensor=env.t("inverse.cheapest_holds_tp", tp=tensor) if tensor != "-" else "",
            target=values["target"],
        )
        out = [line, *parts]
    cpu, cpu_tps = cheap_route.cpu_server_line(model, quant, env, float(values["target"]))
    if cpu and cpu_tps >= float(values["target"]):
        return [cpu, *out]  # the CPU server reaches the speed said: no GPU at all is the cheap way
    return [*out, cpu] if cpu else out


def _tensor_cell(env: Env, row, model, quant: str) -> str:
    if row.n_gpus not in (2, 4, 8):
        return "-"
    speed = llm.decode_speed(
        env.gpu(row.gpu), model, quant, context=4096, n_gpus=row.n_gpus, split="tensor", engine="vllm"
    )
    return f"{speed.tokens_per_s:,.1f}"


def _label(env: Env, row) -> str:
    name = env.gpu(row.gpu).short_name
    return f"{row.n_gpus} x {name}" if row.n_gpus > 1 else name


def _tensor_met(env: Env, sets, model, quant: str, target: float):
    """(row, tokens/s, total) of the cheapest set of 2, 4 or 8 cards that reaches the target with tensor parallelism
    (vLLM, exllamav2: every card reads its share of the weights for each token; models.llm.decode_speed)."""
    for row, _, total in sets:
        if row.n_gpus not in (2, 4, 8):
            continue
        speed = llm.decode_speed(
            env.gpu(row.gpu), model, quant, context=4096, n_gpus=row.n_gpus, split="tensor", engine="vllm"
        )
        if speed.tokens_per_s >= target:
            return row, speed.tokens_per_s, total
    return None


def most_memory(query, env: Env) -> Answer | None:
    from assistant.respond.pricing import budget_usd

    env = env.for_query(query)
    budget = budget_usd(query, env) or _budget_setting(query, env)
    if not budget:
        return None
    whole = lexicon(env.lang).words_in("inverse_whole_budget_words", f" {(query.text or '').lower()} ")
    ranking, condition = _ranked(env, query, None, None, 1)
    options = _memory_options(env, ranking, budget, whole)
    if not options:
        return None
    gb, _, n, row, cost = options[0]
    key = "inverse.most_whole" if whole else "inverse.most_cards"
    parts = [env.t(key, gb=f"{gb:g}", set=_set(env, row.gpu, n), cost=env.money(cost), budget=env.money(budget))]
    single = next((o for o in options if o[2] == 1), None)  # "which gpu has the most vram under 1000": one card too
    if n > 1 and single is not None:
        g1, _, _, r1, c1 = single
        parts.append(env.t("inverse.most_one_card", gb=f"{g1:g}", gpu=_set(env, r1.gpu, 1), cost=env.money(c1)))
    runner = next((o for o in options[1:] if o[3].gpu != row.gpu), None)
    if runner is not None:
        g2, _, n2, r2, c2 = runner
        parts.append(env.t("inverse.most_next", gb=f"{g2:g}", set=_set(env, r2.gpu, n2), cost=env.money(c2)))
    other = _memory_options(env, ranking, budget, not whole)  # the other reading of the budget, said beside it
    if other and other[0][0] != gb:
        g3, _, n3, r3, c3 = other[0]
        key = "inverse.most_other_cards" if whole else "inverse.most_other_whole"
        parts.append(env.t(key, gb=f"{g3:g}", set=_set(env, r3.gpu, n3), cost=env.money(c3)))
    if n > 1:
        parts.append(env.t("inverse.most_split"))
    rows = [[_set(env, o[3].gpu, o[2]), f"{o[0]:g} GB", env.money(o[4])] for o in options[:SHOWN]]
    table = Table(env.t("inverse.most_headers").split("|"), rows, env.t("inverse.most_table", budget=env.money(budget)))
    steps = [env.t("inverse.most_how", condition=_condition(env, condition), max=MAX_GPUS)]
    figures = {
        "inverse": {"asked": "most_memory", "choice": row.gpu, "n": n, "memory_gb": gb, "total_usd": round(cost)}
    }
    return _answer(query, env, parts, row.gpu, table, steps, figures)


def _answer(query, env: Env, parts: list[str], gpu: str, table: Table, steps: list[str], figures: dict) -> Answer:
    """The chosen set's answer: the parts as the headline, the options table, the method."""
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=i18n.gap(env.lang).join(parts),
        gpus=[gpu],
        choice=gpu,
        tables=[table],
        steps=steps,
        figures=figures,
        lang=env.lang,
    )


def _set(env: Env, gpu: str, n: int) -> str:
    name = env.gpu(gpu).short_name
    return f"{n} x {name}" if n > 1 else name


def _memory_options(env: Env, ranking, budget: float, whole: bool) -> list:
    """(GB, -cost, n, row, cost) of every priced desktop card at the most of it the budget buys, most memory first
    and the cheaper of equal ones; `whole`: the machine around the cards is paid from the budget too."""
    options = []
    for r in ranking.rows:
        gpu = env.gpu(r.gpu)
        if fits_a_workstation(gpu) or not gpu.memory_gb:
            continue
        for n in range(MAX_GPUS, 0, -1):
            cost = r.price_usd * n + (env.platform_usd(n) if whole else 0.0)
            if cost <= budget:
                options.append((float(gpu.memory_gb) * n, -cost, n, r, cost))
                break
    return sorted(options, key=lambda o: (o[0], o[1]), reverse=True)


def _budget_setting(query, env: Env) -> float | None:
    """A budget the reader kept as a setting ("my budget is 1000 usd": Setting budget_usd), in USD."""
    for s in getattr(query, "settings", ()):
        if s.key == "budget_usd" and s.value:
            return env.to_usd(float(s.value), getattr(s, "currency", None))
    return None


def _condition(env: Env, condition: str) -> str:
    key = f"inverse.cond_{condition}"
    return env.t(key) if i18n.has(env.lang, key) else condition
