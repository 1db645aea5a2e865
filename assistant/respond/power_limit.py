"""A power limit on one GPU: how much speed it costs and how much power it saves.

Contract: the GPU is costed again with its board power set to the limit (watts, or a share of the
board power). Speed follows the model's power-limited clock (models.hardware.power_clock_factor: the
sustained tensor clock falls with power per SM, §perf.memory) for 16-bit training and batched
inference, and single-user LLM decoding at Llama 3 8B q4_k_m (bound by memory bandwidth, so it
hardly moves). The reference's own measurement (50 W less cost about 7 % on an RTX 2080 Ti,
knowledge/rules_of_thumb.toml [power]) is shown beside the model's figure for the same card.
`figures.power_limit`: gpu, stock_w, limit_w, loss_pct {train16, infer16, chat}, saved_w.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import PowerLimitQuery, Query
from assistant.respond import image_power
from assistant.respond.env import Env, rules_of_thumb
from assistant.respond.limit_floor import limit_sources
from assistant.respond.pricing import CHAT_MODEL, chat_tokens_per_s, score, workload_title
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

KEYS = ("train16", "infer16")
FLOOR_SHARE = 0.3  # limits below 30 % of board power are outside what drivers allow on most cards [A]


def _loss(gpu: GpuSpec, limited: GpuSpec, env: Env) -> dict[str, float]:
    out = {k: 1.0 - score(limited, k).score / score(gpu, k).score for k in KEYS if score(gpu, k).score > 0}
    model = env.reader.model(CHAT_MODEL[0])
    if model is not None:
        stock = chat_tokens_per_s(model, CHAT_MODEL[1], gpu)
        if stock > 0:
            out["chat"] = 1.0 - chat_tokens_per_s(model, CHAT_MODEL[1], limited) / stock
    return {k: max(v, 0.0) for k, v in out.items()}


def stated_limit(gpu: GpuSpec, query: Query) -> GpuSpec:
    """The card at the power limit a question of another kind states per card ("4x 3090s limited to 250w each, what
    psu", Query.targets power_limit, or power_limit_share of the stock power: "limited to 70%"): its board power set
    to the limit, so its draw and its power-limited clock
    follow; the stock card when no lower limit is stated."""
    limit = dict(query.targets).get("power_limit")
    share = dict(query.targets).get("power_limit_share")  # "power limited my 3090s to 70%": that share of stock
    if not limit and share and gpu.tdp_w:
        limit = gpu.tdp_w * share
    if not limit or not gpu.tdp_w or limit >= gpu.tdp_w:
        return gpu
    return dataclasses.replace(gpu, tdp_w=int(round(limit)))


def _pct(loss: float) -> str:
    return f"-{loss * 100:.0f} %" if loss >= 0.005 else "0 %"


def _reference_check(env: Env) -> str:
    """The reference's measured card at its measured limit, through the same model."""
    rule = rules_of_thumb()["power"]
    card = next((g for g in env.reader.gpus([f"GeForce {rule['limit_example_gpu']}"])), None)
    if card is None or not card.tdp_w:
        return ""
    limited = dataclasses.replace(card, tdp_w=card.tdp_w - int(rule["limit_cut_w"]))
    model_pct = (1.0 - score(limited, "train16").score / score(card, "train16").score) * 100
    return env.t(
        "power_limit.reference",
        gpu=card.short_name,
        cut=rule["limit_cut_w"],
        measured=rule["limit_speed_loss_pct"],
        model=f"{model_pct:.0f}",
    )


def _of_the_set(env: Env, n: int, stock: float, limit: float) -> str:
    """n cards limited: the watts saved in all and the machine's load before and after, with the PSU that covers it
    (the load and margin of docs/model.md §rig: cards + the platform's CPU + the rest of the system)."""
    from assistant.models.platforms import platform_for
    from assistant.respond.builds import power, psu_watts

    rules = power()
    base = float(platform_for(n).cpu_w) + float(rules["rest_w"])
    load, limited = stock * n + base, limit * n + base
    return env.t(
        "power_limit.set",
        n=n,
        saved=f"{(stock - limit) * n:,.0f}",
        each=f"{stock - limit:,.0f}",
        load=f"{load:,.0f}",
        limited=f"{limited:,.0f}",
        psu=f"{psu_watts(limited):,}",
        margin=f"{float(rules['psu_margin']):g}",
    )


def _bill(env: Env, n: int, stock: float, limit: float, draw: float | None = None) -> str:
    """The yearly electricity of the n cards at stock and at the limit, at the use and rate in force (the running-cost
    answer's formula: power x utilization x 8,760 h x price per kWh, models/cost.electricity_usd); with the draw the
    user stated for the machine, that draw and that draw less the watts the limit saves."""
    from assistant.models.cost import electricity_usd

    a = env.assumptions
    start = draw if draw else stock * n
    end = start - (stock - limit) * n
    before = electricity_usd(start, a.utilization, usd_per_kwh=a.electricity_usd_per_kwh)
    after = electricity_usd(end, a.utilization, usd_per_kwh=a.electricity_usd_per_kwh)
    return env.t(
        "power_limit.bill_stated" if draw else "power_limit.bill",
        draw=f"{start:,.0f}",
        limited=f"{end:,.0f}",
        before=env.money_total(before),
        after=env.money_total(after),
        saved=env.money_total(before - after),
        use=f"{a.utilization * 100:.0f}",
        hours=f"{a.utilization * 168:,.0f}",
    )


def respond(query: PowerLimitQuery, env: Env) -> Answer:
    env = env.for_query(query)
    gpu = env.reader.known_gpu(query.gpus[0].name or "")
    stock = float(gpu.tdp_w or 0)
    limit = query.watts or ((query.share or 0.0) * stock)
    if stock <= 0:
        head = env.t("power_limit.no_tdp", gpu=gpu.short_name)
        return Answer(question=query.text, intent="power_limit", headline=head, gpus=[gpu.name], lang=env.lang)
    if limit >= stock:
        head = env.t("power_limit.above_stock", gpu=gpu.short_name, limit=f"{limit:,.0f}", stock=f"{stock:,.0f}")
        return Answer(question=query.text, intent="power_limit", headline=head, gpus=[gpu.name], lang=env.lang)
    steps = []
    if limit < FLOOR_SHARE * stock:
        steps.append(env.t("power_limit.too_low", floor=f"{FLOOR_SHARE * stock:,.0f}"))
    limited = dataclasses.replace(gpu, tdp_w=int(round(limit)))
    loss = _loss(gpu, limited, env)
    share = limit / stock * 100
    head = env.t(
        "power_limit.head",
        gpu=gpu.short_name,
        limit=f"{limit:,.0f}",
        share=f"{share:.0f}",
        stock=f"{stock:,.0f}",
        train=f"{loss.get('train16', 0.0) * 100:.0f}",
        chat=f"{loss.get('chat', 0.0) * 100:.0f}",
        saved=f"{stock - limit:,.0f}",
    )
    denoising = image_power.limit_line(gpu, limit, env) if image_power.said(query.text, env.lang) else None
    if denoising is not None:  # "power limit my 4090 to 350w for stable diffusion": that work's loss leads
        head = i18n.gap(env.lang).join([denoising[0], head])
    if query.advise:  # "4090 功耗墙 设置多少合适": the limit to set, from the measured sweeps (respond/limit_floor.py)
        advice = env.t(
            "power_limit.advise", gpu=gpu.short_name, limit=f"{limit:,.0f}", share=f"{share:.0f}", stock=f"{stock:,.0f}"
        )
        head = i18n.gap(env.lang).join([advice, head])
    if query.example:  # no card named or talked about: the reference card, said to be an example
        said = env.t("power_limit.example_watts" if query.watts else "power_limit.example", gpu=gpu.short_name)
        head = i18n.gap(env.lang).join([said, head])
    n = max(query.gpus[0].count, 1)
    if n > 1:  # "limit them to 280w" after 3 x RTX 3090: the whole machine's draw, limited
        head = i18n.gap(env.lang).join([head, _of_the_set(env, n, stock, limit)])
    if query.bill:  # "and if i power limit it to 300w" after the bill: the bill at the limit
        head = i18n.gap(env.lang).join([head, _bill(env, n, stock, limit, query.draw_w)])
    if lexicon(env.lang).words_in("asked_worth", query.text.lower()):  # "so is it worth it" after the limit
        # the work a kWh does rises when the speed lost is a smaller share than the power saved
        key = (
            "power_limit.worth_yes" if loss.get("train16", 0.0) < (stock - limit) / stock else "power_limit.worth_some"
        )
        worth = env.t(key, power=f"{(stock - limit) / stock * 100:.0f}", train=f"{loss.get('train16', 0.0) * 100:.0f}")
        head = i18n.gap(env.lang).join([worth, head])
    rows = [[workload_title(env, k), _pct(loss[k])] for k in KEYS if k in loss]
    if "chat" in loss:
        rows.append([env.t("power_limit.row_chat"), _pct(loss["chat"])])
    rows.append([env.t("power_limit.row_power"), f"{stock:,.0f} W -> {limit:,.0f} W"])
    steps += [env.t("power_limit.why_clock"), env.t("power_limit.why_chat")]
    check = _reference_check(env)
    if check:
        steps.append(check)
    steps.append(env.t("power_limit.how"))
    return Answer(
        question=query.text,
        intent="power_limit",
        headline=head,
        gpus=[gpu.name],
        tables=[Table(headers=["", env.t("power_limit.col_change")], rows=rows)],
        steps=steps,
        figures={
            "power_limit": {
                "gpu": gpu.name,
                "stock_w": stock,
                "limit_w": round(limit, 1),
                "loss_pct": {k: round(v * 100, 1) for k, v in loss.items()},
                "saved_w": round(stock - limit, 1),
                "gpu_count": n,
                "set_saved_w": round((stock - limit) * n, 1),
                **(denoising[1] if denoising else {}),
            }
        },
        sources=[spec_source(gpu, env)]
        + env.cite("dettmers-2023")
        + ["method: docs/model.md §perf.memory (power-limited clock), §llm.decode"]
        + (env.cite(*limit_sources()) + ["method: docs/model.md §rig power limit floor"] if query.advise else [])
        + (env.cite(*image_power.limit_sources()) + ["method: docs/model.md §image.power"] if denoising else []),
        lang=env.lang,
    )
