"""Answer "macbook or desktop pc for running llms, budget 3000", "mac or pc for local llms?", "买mac还是组台式跑大模型":
a Mac against a desktop PC with NVIDIA cards, for the same money.

Contract: `respond(query, env)` -> one answer that sets the Mac route (respond/macs: within the budget, the priced Mac
with the most GPU memory, or the cheapest that holds a named model) against the PC route (respond/macs.nvidia_route:
the GPU ranking's pick for the budget less the desktop around the cards, docs/model.md §cost.tco), each with its
memory, its single-user speed on the model (a named LLM, else a 70B at 4-bit, §llm.decode) and the largest LLM it
holds at 4-bit (§mem.largest), then says which one to get: the PC for training, fine-tuning and image work (CUDA)
and for speed on the models it holds, the Mac for models larger than the PC's memory. Without a budget the money is
that of the cheapest priced Mac that holds the model. Both lists are shown as tables. `figures.mac_or_pc` holds
both routes; `choice` is the route the verdict names. Wording in locale [mac_or_pc].
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery, RigQuery
from assistant.respond import macs
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm, sized_model
from assistant.respond.pricing import budget_usd
from assistant.respond.wording import gb

CLEARLY_FASTER = 1.2  # [A] a route this much faster on a model both hold wins on speed (respond/laptop_or_desktop)
MACBOOK = re.compile(r"macbook(?:\s*(?:pro|air))?", re.IGNORECASE)
CUDA_WORK = ("training", "llm_finetune", "image_generation")  # work whose tools want CUDA (query_terms.WORKLOADS)


def respond(query: RecommendQuery, env: Env) -> Answer:
    env = env.for_query(query)
    if query.workload in CUDA_WORK:  # "mac or pc for stable diffusion and some training": the PC, said first
        return _cuda_work(query, env)
    laptop = MACBOOK.search(query.text or "") is not None  # no MacBook prices: the same chips in a Mac Studio or mini
    plain = dataclasses.replace(query, mac_or_pc=False, vendor="apple", text=MACBOOK.sub("mac", query.text or ""))
    named = sized_model(query, env)[0] if query.model else None
    model = named if named is not None and named.kind == "llm" else env.reader.model(macs.DEFAULT_MODEL)
    quant = query.precision if query.precision in macs.C.BITS_PER_WEIGHT else "q4_k_m"
    budget = budget_usd(query, env) or env.assumptions.budget_usd
    same_money = None
    if not budget:  # the money of the cheapest priced Mac that holds the model
        mac_any = macs.respond(plain, env)
        rows = [r for r in mac_any.figures.get("ranking") or [] if r["fits"] and r["price_usd"]]
        same_money = min((r["price_usd"] for r in rows), default=None)
        if same_money is None or model is None:
            return mac_any
    money = budget or same_money or 0.0
    mac = macs.respond(dataclasses.replace(plain, budget_usd=money, budget_currency=None), env)
    pc = macs.pc_build(query, env, money, model, quant) if model is not None else None
    row = _mac_row(mac, money)
    if pc is None or row is None:
        return mac  # no PC build, or no Mac, for the money: the Mac answer says what there is
    rig_answer, build = pc
    head, choice = _headline(query, env, money, same_money, model, quant, row, build)
    return Answer(
        question=query.text,
        intent="recommend",
        headline=head,
        workload=query.workload,
        precision=quant,
        choice=choice,
        tables=[*rig_answer.tables[:1], *mac.tables[:1]],
        steps=[
            *([env.t("mac_or_pc.macbook")] if laptop else []),
            env.t("mac_or_pc.why_pc"),
            env.t("mac_or_pc.why_mac"),
        ],
        figures={
            "mac_or_pc": {
                "budget_usd": round(money, 2),
                "mac": mac.choice,
                "mac_tokens_per_s": row["tokens_per_s"],
                "pc": build["gpu"],
                "pc_count": build["gpu_count"],
                "pc_total_usd": build["total_usd"],
                "pc_tokens_per_s": build["speed"] if build["holds"] else None,
            },
            "rig": build,
        },
        assumptions=mac.assumptions,
        assumption_text=mac.assumption_text,
        sources=list(dict.fromkeys([*rig_answer.sources, *mac.sources])),
        lang=env.lang,
    )


def _cuda_work(query: RecommendQuery, env: Env) -> Answer:
    """Training, fine-tuning or image work: the PC the money builds for it (respond/rig), with why not a Mac first."""
    from assistant.respond import rig

    budget = budget_usd(query, env) or env.assumptions.budget_usd
    answer = rig.respond(
        RigQuery(text=query.text, budget_usd=budget, workload=query.workload, condition=query.condition), env
    )
    answer.headline = env.t("mac_or_pc.pc_cuda") + i18n.gap(env.lang) + answer.headline
    return answer


def _mac_row(mac: Answer, money: float) -> dict | None:
    """The Mac answer's pick, else (none within the money holds the model) the priced Mac within it with the most
    GPU memory: the Mac the money buys."""
    rows = mac.figures.get("ranking") or []
    picked = next((r for r in rows if r["gpu"] == mac.choice), None)
    priced = [r for r in rows if r["price_usd"] and r["price_usd"] <= money]
    return picked or max(priced, key=lambda r: r["gpu_memory_gb"], default=None)


def _headline(query, env: Env, money, same_money, model, quant, row: dict, build: dict) -> tuple[str, str]:
    """The two routes side by side, then the one to get and why; with the name of the route chosen."""
    mac_gpu = env.reader.known_gpu(row["gpu"])
    pc_gpu = env.reader.known_gpu(build["gpu"])
    said = {
        "money": env.money(money),
        "mac": mac_gpu.short_name,
        "mac_price": env.money(row["price_usd"] or 0),
        "mac_usable": gb(row["gpu_memory_gb"], 1),
        "mac_largest": largest_llm(env, row["gpu_memory_gb"], experts=True) or "—",
        "gpus": macs.set_name(env, build),
        "pc_memory": gb(build["memory_gb"]),
        "pc_total": env.money(build["total_usd"]),
        "over": env.money(build["total_usd"] - money),
        "pc_largest": largest_llm(env, build["memory_gb"], experts=True) or "—",
        "model": model.name,
        "quant": quant,
    }
    mac_tps, pc_tps = row["tokens_per_s"], build["speed"] if build["holds"] else None
    lead = env.t("mac_or_pc.same_money" if same_money else "mac_or_pc.within", money=said["money"])
    what = {"model": model.name, "quant": quant}
    runs = env.t("mac_or_pc.runs", tps=f"{mac_tps:,.1f}", **what) if mac_tps else env.t("mac_or_pc.not_held", **what)
    pc_key = "mac_or_pc.pc_side" if build["holds"] else "mac_or_pc.pc_over"
    pc_runs = env.t("mac_or_pc.runs", tps=f"{pc_tps:,.1f}", **what) if pc_tps else ""
    sides = env.t("mac_or_pc.mac_side", mac_runs=runs, **said) + env.t(pc_key, pc_runs=pc_runs, **said)
    # the Mac's GPU holds larger models than the cards together
    mac_bigger = row["gpu_memory_gb"] > build["memory_gb"] + 1 and said["mac_largest"] != said["pc_largest"]
    if pc_tps and (not mac_tps or pc_tps >= CLEARLY_FASTER * mac_tps):
        key, choice = ("mac_or_pc.pc_speed" if mac_bigger else "mac_or_pc.pc_all"), pc_gpu.name
    elif mac_tps and not pc_tps:
        key, choice = "mac_or_pc.mac_size", mac_gpu.name
    elif not mac_tps:
        key, choice = "mac_or_pc.neither", pc_gpu.name
    else:
        key, choice = "mac_or_pc.even", mac_gpu.name
    ratio = f"{pc_tps / mac_tps:.1f}" if pc_tps and mac_tps else ""
    verdict = env.t(key, ratio=ratio, **said)
    return lead + sides + i18n.gap(env.lang) + verdict, choice
