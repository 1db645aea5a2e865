"""Answer "best mac for local llms under $3000", "cheapest mac that runs llama 3 70b", "预算3万 买什么mac跑大模型":
Apple silicon as a category, when the question names Macs (RecommendQuery.vendor == "apple"); and "best mini pc for
llms", "统一内存的小主机跑大模型买哪个": unified-memory machines as a category (vendor "unified": the Macs, the Ryzen AI
Max mini PCs and the DGX Spark's GB10; not the datacenter superchips, not the Jetson modules), worded as machines.

Contract: candidates are the Apple devices of the knowledge base (knowledge/devices.csv, one row per chip and
unified-memory configuration). For each: the memory macOS lets its GPU use (§mem.apple), whether the model asked
(else a 70B model) fits at the query's precision or q4_k_m, single-user generation speed by the decode model
(§llm.decode, with its Mac caveat) and the sourced price of the whole computer where knowledge/prices.csv has one.
The pick, when any Mac is priced: the cheapest priced Mac within the budget that holds the model (with no model
named: the priced Mac within budget with the most GPU memory, then the fastest). Unpriced Macs are listed but
never picked on price, and the answer says which ones it cannot rank. Never an NVIDIA card in place of a Mac:
the NVIDIA route is one pointer line. `figures.ranking` lists every Mac (`gpu`, `gpu_memory_gb`, `fits`,
`tokens_per_s`, `price_usd`); `figures.apple` is true; `choice` is the picked Mac or None.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import memory
from assistant.models.hardware import gpu_memory_limit_gb, is_apple
from assistant.queries import ModelRef, RecommendQuery, RigQuery
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm, sized_model
from assistant.respond.pricing import budget_usd, chat_tokens_per_s, is_converted, price_of
from assistant.respond.wording import gb, spec_source
from assistant.specs import GpuSpec

# configurations Apple no longer sells new, with when and the source that says so (a used or refurbished one only)
WITHDRAWN = {
    "Apple M3 Ultra 512 GB": ("2026-03", "price-runaihome-macstudio-2026"),
}
DEFAULT_MODEL = "llama-3.3-70b"  # no model named: the size people buy a big Mac for (a 70B at 4-bit)
CONTEXT = 4096  # the context the fit and largest-model rows assume (fit.largest_llm)
DESK_BANDWIDTH_GB_S = 1000  # unified memory above this is a datacenter superchip's HBM (GH200: 4,000 GB/s)


@dataclass(frozen=True)
class MacRow:
    """One Mac configuration of the list: its memory, the model's need, speed, price and the largest model."""

    gpu: GpuSpec
    usable_gb: float
    need_gb: float
    tokens_per_s: float | None  # None: the model does not fit
    price_usd: float | None
    price_source: str
    largest: str | None
    converted: bool = False  # the price is the other market's, converted at the exchange rate

    @property
    def fits(self) -> bool:
        return self.need_gb <= self.usable_gb


def macs(env: Env) -> list:
    return [g for g in env.reader.all_gpus() if is_apple(g)]


def boxes(env: Env) -> list:
    """The desktop machines whose GPU shares one memory with the CPU: the Macs, Ryzen AI Max, GB10 (a superchip's
    HBM, above DESK_BANDWIDTH_GB_S, and the Jetson modules are not desktop machines)."""
    return [
        g
        for g in env.reader.all_gpus()
        if is_apple(g)
        or g.unified_memory
        and (g.memory_bandwidth_gb_s or 0) < DESK_BANDWIDTH_GB_S
        and not g.name.startswith("Jetson")
    ]


def _rows(env: Env, model, quant: str, devices: list) -> list[MacRow]:
    need = memory.inference_memory(model, quant, context=CONTEXT).total_gb
    rows = []
    for g in devices:
        usable = gpu_memory_limit_gb(g)
        price = price_of(g.name, env)
        tps = chat_tokens_per_s(model, quant, g) if need <= usable else None
        rows.append(
            MacRow(
                g,
                usable,
                need,
                tps,
                price.usd if price else None,
                price.source if price else "",
                largest_llm(env, usable, experts=True),
                is_converted(price, env),
            )
        )
    # most GPU memory first, then the fastest memory
    return sorted(rows, key=lambda r: (-r.usable_gb, -(r.gpu.memory_bandwidth_gb_s or 0)))


def _pick(rows: list[MacRow], budget: float | None, named: bool) -> MacRow | None:
    priced = [r for r in rows if r.price_usd is not None and (not budget or r.price_usd <= budget)]
    if named:
        holding = [r for r in priced if r.fits]
        return min(holding, key=lambda r: (r.price_usd, -r.usable_gb, -(r.tokens_per_s or 0)), default=None)
    return max(priced, key=lambda r: (r.usable_gb, r.gpu.memory_bandwidth_gb_s or 0), default=None)


def _fastest(rows: list[MacRow], budget: float | None) -> MacRow | None:
    """The priced machine within the budget that runs the model fastest."""
    priced = [r for r in rows if r.price_usd is not None and r.tokens_per_s and (not budget or r.price_usd <= budget)]
    return max(priced, key=lambda r: (r.tokens_per_s or 0.0, -(r.price_usd or 0.0)), default=None)


def pc_build(query, env: Env, money: float, model, quant: str) -> tuple[Answer, dict] | None:
    """The PC `money` builds for the model (respond/rig: the fastest build within it that holds the model, else the
    cheapest that does), as the rig's answer and its `figures.rig` with `holds` (within the money); None when no
    build is rated by the model's speed."""
    from assistant.respond import rig

    answer = rig.respond(
        RigQuery(
            text=query.text,
            budget_usd=money,
            workload="llm_inference",
            model=ModelRef(mention=model.name, key=model.key),
            precision=quant,
            condition=query.condition,
        ),
        env,
    )
    build = answer.figures.get("rig") or {}
    if not build.get("gpu") or build.get("speed_unit") != "tokens_per_s":
        return None
    return answer, build | {"holds": not build.get("over_budget_usd")}


def set_name(env: Env, build: dict) -> str:
    """ "2 x RTX 3090", "RTX 5090": a build's cards as said."""
    gpu = env.reader.known_gpu(build["gpu"])
    n = build["gpu_count"]
    return f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name


def _nvidia_line(query, env: Env, budget: float | None, model, quant: str) -> str:
    """The NVIDIA route for the same money, one line: the PC the budget builds for the model (respond/rig), with its
    single-user speed on it, or the cheapest PC that holds it and by how much it is over."""
    if not budget or (model.key or "").endswith("b") and not env.reader.model(model.key):
        return ""  # a size typed ("a 13b model") is shaped on the fly: the GPU ranking sizes it itself below
    pc = pc_build(query, env, budget, model, quant)
    if pc is None:
        return ""
    build = pc[1]
    return env.t(
        "mac.nvidia_pick" if build["holds"] else "mac.nvidia_pick_over",
        budget=env.money(budget),
        total=env.money(build["total_usd"]),
        over=env.money(build["total_usd"] - budget),
        gpus=set_name(env, build),
        memory=gb(build["memory_gb"]),
        tps=f"{build['speed']:,.1f}",
        model=model.name,
        quant=quant,
    )


# the chips each Mac product line is sold with (Apple's product pages, knowledge/devices.csv notes): a product named
# without its chip ("mac studio") is one of these
PRODUCT_CHIPS = {
    "mac studio": ("M4 Max", "M3 Ultra", "M2 Ultra", "M1 Ultra"),
    "mac mini": ("M4 Pro",),
    "macbook": ("M4 Max", "M4 Pro"),
}


def within_budget(query, env: Env):
    """The query with each Mac named only by its product ("mac studio", assumed as the largest configuration) set to
    the configuration of that product line with the most memory whose sourced price is within the budget (the
    question's or the conversation's); the query unchanged when no budget is known or none is priced within it
    ("mac studio和双3090 预算两万" compared a ¥75,000 M3 Ultra 512 GB)."""
    refs = getattr(query, "gpus", ())
    if not any(getattr(r, "assumed", False) and (r.name or "").startswith("Apple ") for r in refs):
        return query
    budget = budget_usd(query, env) or env.for_query(query).assumptions.budget_usd
    if not budget:
        return query
    out = []
    for r in refs:
        gpu = env.reader.gpu(r.name) if r.assumed and r.name else None
        if gpu is not None and is_apple(gpu):
            line = next((chips for name, chips in PRODUCT_CHIPS.items() if name in (r.mention or "").lower()), None)
            chips = line or ((gpu.chip or ""),)
            fits = []
            for g in macs(env):
                price = price_of(g.name, env)
                if (g.chip or "") in chips and price is not None and price.usd * max(r.count or 1, 1) <= budget:
                    fits.append(g)
            best = max(fits, key=lambda g: (g.memory_gb or 0, g.memory_bandwidth_gb_s or 0), default=None)
            if best is not None and best.name != r.name:
                r = dataclasses.replace(r, name=best.name)
        out.append(r)
    return dataclasses.replace(query, gpus=tuple(out))


def _price_cell(r: MacRow, env: Env) -> str:
    if r.price_usd is None:
        return env.t("mac.no_price")
    return env.money(r.price_usd) + ("*" if r.converted else "")


def respond(query: RecommendQuery | RigQuery, env: Env) -> Answer:
    env = env.for_query(query)
    named_model = sized_model(query, env)[0] if (query.model or getattr(query, "params_b", None)) else None
    model = named_model if named_model is not None and named_model.kind == "llm" else env.reader.model(DEFAULT_MODEL)
    if model is None:
        raise LookupError(f"the knowledge base lacks {DEFAULT_MODEL}")
    quant = query.precision if query.precision in C.BITS_PER_WEIGHT else "q4_k_m"
    budget = budget_usd(query, env) or env.assumptions.budget_usd  # said, or kept ("mac呢" after 预算1w)
    unified = (query.vendor or "").lower() == "unified"  # "best mini pc for llms": every unified-memory machine
    p = "box" if unified else "mac"  # the wording's section: machines or Macs
    rows = _rows(env, model, quant, boxes(env) if unified else macs(env))
    line = None if unified else next((name for name in PRODUCT_CHIPS if name in (query.text or "").lower()), None)
    if line is not None:  # "best macbook for llms": only the chips that line is sold with
        rows = [r for r in rows if (r.gpu.chip or "") in PRODUCT_CHIPS[line]] or rows
    if line == "macbook":  # the prices I have are the Mac Studio's and the Mac mini's, not a MacBook's
        rows = [dataclasses.replace(r, price_usd=None, price_source="") for r in rows]
    # a machine of any kind is picked as the cheapest that holds the model (a 70B with none named), not the most memory
    best = _pick(rows, budget, named=named_model is not None or unified)
    sep = i18n.sep(env.lang)
    unpriced = [r.gpu.short_name for r in rows if r.price_usd is None]
    over = [r for r in rows if r.price_usd is not None and budget and r.price_usd > budget]
    what = env.t("mac.model", model=model.name, quant=quant, need=f"{rows[0].need_gb:,.1f}" if rows else "?")
    if best is not None:
        key = f"{p}.head_named" if named_model is not None or unified else (f"{p}.head" if budget else f"{p}.head_any")
        bigger = _pick(rows, None, named=True) if named_model is None and not best.fits else None
        if named_model is None and not best.fits:
            key = f"{p}.head_small" if bigger is not None else f"{p}.head_small_none"
        head = env.t(
            key,
            gpu=best.gpu.short_name,
            price=env.money(best.price_usd),
            memory=gb(best.gpu.memory_gb),
            usable=gb(best.usable_gb, 1),
            what=what,
            tps=f"{best.tokens_per_s:,.1f}" if best.tokens_per_s else "—",
            largest=best.largest or "—",
            big=bigger.gpu.short_name if bigger else "",
            big_price=env.money(bigger.price_usd) if bigger else "",
            within=env.t("mac.within") if budget else "",
        )
    else:
        holding = [r.gpu.short_name for r in rows if r.fits]
        head = env.t(
            f"{p}.head_none" if budget else f"{p}.head_none_any",
            budget=env.money(budget) if budget else "",
            what=what,
            holding=i18n.join_names(env.lang, holding) if holding else env.t(f"{p}.no_mac"),
        )
    steps = [env.t(f"{p}.basis")]
    faster = _fastest(rows, budget) if unified else None
    if best is not None and faster is not None and faster.gpu.name != best.gpu.name:  # "best mini pc": speed costs
        steps.insert(
            0,
            env.t(
                "box.faster",
                gpu=faster.gpu.short_name,
                price=env.money(faster.price_usd),
                what=what,
                tps=f"{faster.tokens_per_s:,.1f}",
            ),
        )
    if line == "macbook":
        steps.insert(0, env.t("mac.no_macbook_prices"))
    if (
        query.workload in ("training", "llm_finetune") and not unified
    ):  # "macbook适合炼丹吗": a Mac is no training machine, said first
        head = env.t("mac.training") + i18n.gap(env.lang) + head
    if unpriced:
        steps.append(env.t("mac.unpriced", macs=sep.join(unpriced)))
    gone = [r.gpu for r in rows if r.gpu.name in WITHDRAWN]
    if gone:
        steps.append(
            env.t(
                "mac.withdrawn",
                macs=sep.join(f"{g.short_name} ({WITHDRAWN[g.name][0]})" for g in gone),
            )
        )
    if over:
        steps.append(
            env.t(
                "mac.over_budget",
                macs=sep.join(f"{r.gpu.short_name} ({env.money(r.price_usd)})" for r in over),
                budget=env.money(budget),
            )
        )
    if any(r.converted for r in rows):
        steps.append(env.t("rec.converted_mark"))
    steps += [
        env.t(f"{p}.whole_computer", desk=env.money(env.platform_usd(1))),
        env.t(f"{p}.speed_caveat"),
        env.t(f"{p}.not_cuda"),
    ]
    steps.append(_nvidia_line(query, env, budget, model, quant) or env.t("mac.nvidia"))
    yes, no = env.t("mac.fits_yes"), env.t("mac.fits_no")
    table = Table(
        headers=[
            env.t(f"{p}.col_mac"),
            env.t("mac.col_unified"),
            env.t("mac.col_usable"),
            env.t("mac.col_bandwidth"),
            env.t("mac.col_fits", model=model.name, quant=quant),
            env.t("mac.col_tps"),
            env.t("mac.col_largest"),
            env.t("mac.col_price"),
        ],
        rows=[
            [
                r.gpu.short_name,
                gb(r.gpu.memory_gb),
                gb(r.usable_gb, 1),
                f"{r.gpu.memory_bandwidth_gb_s or 0:,.0f} GB/s",
                yes if r.fits else no,
                f"{r.tokens_per_s:,.1f}" if r.tokens_per_s else "—",
                r.largest or "—",
                _price_cell(r, env),
            ]
            for r in rows
        ],
    )
    price_ids = [r.price_source for r in rows if r.price_source and r.price_source != "user override"]
    price_ids += [WITHDRAWN[g.name][1] for g in gone]
    return Answer(
        question=query.text,
        intent="recommend",
        headline=head,
        workload=query.workload,
        precision=quant,
        choice=best.gpu.name if best else None,
        tables=[table],
        steps=steps,
        figures={
            "apple": True,
            "ranking": [
                {
                    "gpu": r.gpu.name,
                    "gpu_memory_gb": r.usable_gb,
                    "fits": r.fits,
                    "tokens_per_s": round(r.tokens_per_s, 1) if r.tokens_per_s else None,
                    "price_usd": r.price_usd,
                }
                for r in rows
            ],
            "memory_need_gb": round(rows[0].need_gb, 1) if rows else None,
        },
        assumptions=env.assumption_dict() | {"budget_usd": budget},
        sources=list(dict.fromkeys([spec_source(r.gpu, env) for r in rows[:2]] + env.cite(*price_ids)))
        + ["method: docs/model.md §mem.apple, §llm.decode"],
        lang=env.lang,
    )
