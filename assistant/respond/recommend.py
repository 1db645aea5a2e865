"""Answer "which GPU should I buy for X under $Y": a value ranking under constraints, and the
reference decision chart as a second opinion.

Contract: candidates are the GPUs priced in the snapshot in force; each is kept or excluded
with its reason (memory the workload needs, budget, vendor, power, laptop, no price). The
choice is the best performance per dollar over the ownership period (docs/model.md §rec);
`figures.ranking` lists the kept GPUs best first. NVIDIA only unless the user names another
vendor (software maturity is not in the speed model; Dettmers 2023, FAQ: ROCm trails CUDA).
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Chart, Table
from assistant.models import constants as C
from assistant.models import diffusion_memory, memory, train_memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery
from assistant.respond import fit_hardware, quiet
from assistant.respond.chart_opinion import chart_opinion, organization_answer
from assistant.respond.env import Env
from assistant.respond.fit import largest_llm, setup_text, sized_model
from assistant.respond.pricing import (
    CHAT_MODEL,
    assumption_text,
    budget_usd,
    chat_tokens_per_s,
    is_converted,
    perf_workload,
    price_of,
    speech,
    workload_title,
)
from assistant.respond.ranking import rank_inputs, rank_snapshot
from assistant.respond.variants import difference_note
from assistant.respond.wording import gb, software_stack

_FLOOR_GB = {
    "image_generation": (12.0, "rec.floor_image"),
    "llm_finetune": (24.0, "rec.floor_finetune"),
    "llm_inference": (24.0, "rec.floor_llm"),
}
_REASONS = [
    (re.compile(r"vendor (?P<vendor>.+) not in (?P<allowed>.+)"), "rec.why_vendor"),  # allowed: as the user typed it
    (re.compile(r"memory (?P<memory>[\d.]+) GB x (?P<n>\d+) < (?P<need>[\d.]+) GB needed"), "rec.why_memory"),
    (re.compile(r"price \$(?P<price>[\d,.]+) over budget \$(?P<budget>[\d,.]+)"), "rec.why_budget"),
    (re.compile(r"power (?P<power>[\d.]+) W over (?P<limit>[\d.]+) W"), "rec.why_power"),
]


def exclusion_reason(reason: str, env: Env, budget: float | None = None) -> str:
    """An exclusion reason of models.recommend in the answer's language and currency."""
    for pattern, key in _REASONS:
        m = pattern.fullmatch(reason)
        if m:
            values = m.groupdict()
            if key == "rec.why_budget":
                values = {k: env.money(float(v.replace(",", ""))) for k, v in values.items()}
                values["budget"] = env.money(budget) if budget else values["budget"]
            return env.t(key, **values)
    return env.term(reason)


def _memory_need(query: RecommendQuery, env: Env) -> tuple[float | None, str]:
    if query.min_memory_gb:
        return query.min_memory_gb, env.t("rec.asked_memory", gb=f"{query.min_memory_gb:g}")
    model = sized_model(query, env)[0] if (query.model or getattr(query, "params_b", None)) else None
    if model is not None:
        n = max(query.gpu_count, 1)
        if model.kind == "image":
            # the set-up and precision a fit answer assumes (§mem.image): one rule for both
            prec = query.precision or diffusion_memory.usual_precision(model)
            est = diffusion_memory.image_memory(model, precision=prec, **diffusion_memory.AS_USUALLY_RUN)
        elif query.workload == "llm_finetune":
            est = train_memory.training_memory(model, "qlora", checkpointing=True, n_gpus=n)
        else:  # Whisper runs at fp16 (faster-whisper), LLMs at 4-bit
            est = memory.inference_memory(model, query.precision or ("fp16" if speech(model) else "q4_k_m"), n_gpus=n)
        how = setup_text(env, est.setup)
        return round(est.total_gb * n, 1), env.t(
            "rec.model_needs", model=model.name, gb=f"{est.total_gb * n:.1f}", how=how
        )
    if getattr(query, "model_family", None) == "transformer":
        floor, key = _FLOOR_GB["llm_finetune"]
        return floor, env.t(key)
    if query.workload in _FLOOR_GB:
        floor, key = _FLOOR_GB[query.workload]
        return floor, env.t(key)
    return None, ""


def _label(row) -> str:
    return f"{row.n_gpus} x {row.gpu}" if row.n_gpus > 1 else row.gpu


def upfront_usd(row, env: Env) -> float:
    """What a set of GPUs costs to put to work: the cards and the machine that holds that many
    (3 x RTX 3070 need a 4-slot workstation, one RTX 3090 a desktop: fit_hardware.machine_usd)."""
    return row.price_usd * row.n_gpus + fit_hardware.machine_usd(env.reader.gpu(row.gpu), row.n_gpus)


def _cheapest_first(ranking, env: Env):
    """ "cheapest GPU for X": the constraints stay, the order is by what it costs up front (the cards and the
    machine that holds them)."""
    rows = sorted(ranking.rows, key=lambda r: (upfront_usd(r, env), -r.value_per_tco))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=tuple(rows[1:4]), rows=tuple(rows))


def _watts(row, env: Env) -> float:
    spec = env.reader.gpu(row.gpu)
    return float(spec.tdp_w or 0) if spec is not None else 0.0


def _most_efficient(ranking, env: Env):
    """ "the most power-efficient gpu": the constraints stay, the order is by speed per watt of board power."""
    rows = sorted(ranking.rows, key=lambda r: -quiet.per_watt(r.score, _watts(r, env), r.n_gpus))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=tuple(rows[1:4]), rows=tuple(rows))


def _cheaper_over_period(ranking, unbounded, gpu: str | None, n: int):
    """ "cheaper option?" after a pick ranked by its cost over the years: only set-ups that cost less over those
    years too (3 x RTX 5060 Ti are $11 cheaper to buy than 2 x RTX 3090 but cost nearly double over 5 years).
    `unbounded`: the same ranking without the price cap, where the picked set-up's own cost is found."""
    own = next((r for r in unbounded.rows if r.gpu == gpu and r.n_gpus == n), None)
    if own is None:
        return ranking
    rows = tuple(r for r in ranking.rows if r.tco_usd < own.tco_usd)
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=rows[1:4], rows=rows)


def _passive_ok(query: RecommendQuery, env: Env) -> bool:
    """Datacenter cards belong in the ranking for an organization or when a server is asked for."""
    return bool(query.organization) or bool(lexicon(env.lang).words_in("rig_server", query.text.lower()))


def nvidia_ranking(env: Env, key: str, memory_need_gb: float | None = None, n: int = 1, vendors=("NVIDIA",), chat=None):
    """The value ranking of every NVIDIA GPU priced in the snapshot under the assumptions in force and
    the user's prices, with no budget: where a GPU stands (cost "perf per dollar", verdicts).
    `vendors`: a verdict on an AMD or Intel card ranks that vendor too; `chat` as in `rank_snapshot`."""
    condition = env.assumptions.condition or "average"
    inputs = rank_inputs(env, key, need=memory_need_gb, condition=condition, vendors=tuple(vendors), n=n, chat=chat)
    return rank_snapshot(env.reader, inputs)


def _chat(query: RecommendQuery, env: Env):
    """(model, quant, RTX 3090 tokens/s) when the question is about running or chatting with a named
    LLM: such rankings use single-user tokens/s, not batched throughput (§llm.decode)."""
    if query.workload != "llm_inference":
        return None
    if not (query.model or getattr(query, "params_b", None)):  # "top 5 gpus for local llm": a common local model
        model, ref = env.reader.model(CHAT_MODEL[0]), env.reader.gpu(C.REF_NAME)
        if model is None or ref is None:
            return None
        return model, CHAT_MODEL[1], chat_tokens_per_s(model, CHAT_MODEL[1], ref)
    model = sized_model(query, env)[0]
    ref = env.reader.gpu(C.REF_NAME)
    if model is None or model.kind != "llm" or ref is None or speech(model):
        return None
    quant = query.precision if query.precision in C.BITS_PER_WEIGHT else "q4_k_m"
    return model, quant, chat_tokens_per_s(model, quant, ref)


def _together(query: RecommendQuery, env: Env, need, budget, condition, vendors, best):
    """The best-value set of 2-4 actively cooled cards that holds a memory target asked without a model
    ("cheapest way to get 48gb of vram") for less than the single card chosen, both with the machine around
    them (a 3-card set needs a bigger platform than one card); None otherwise. A language model splits across
    them; an image model or one training batch does not."""
    if not query.min_memory_gb or query.model or query.gpu_count > 1 or query.workload not in _SPLITS:
        return None
    inputs = rank_inputs(
        env,
        perf_workload(query.workload, query.precision),
        need=need,
        budget=budget,
        condition=condition,
        vendors=vendors,
        max_power_w=query.max_power_w,
        max_auto_gpus=4,
        passive=False,
    )
    ranking = rank_snapshot(env.reader, inputs)

    def whole(row) -> float:  # the cards and the machine that holds them (more cards need a bigger platform)
        return row.price_usd * row.n_gpus + fit_hardware.machine_usd(env.reader.gpu(row.gpu), row.n_gpus)

    single = whole(best)
    several = [
        r
        for r in ranking.rows  # best value first: the cheapest set is rarely the one to buy (3 x 16 GB vs 2 x 24 GB)
        if r.n_gpus > 1 and whole(r) < single
    ]
    if several and query.sort == "price":  # "least i can spend": the cheapest machine, not the best value
        return min(several, key=whole)
    return several[0] if several else None


def need_from_floor(query: RecommendQuery) -> bool:
    """The memory need is the reference's floor for the workload, not a model or a size the user named."""
    named = query.min_memory_gb or query.model or getattr(query, "params_b", None)
    return not named and query.workload in ("llm_inference", "image_generation")  # smaller models still run


_SPLITS = (None, "llm_inference", "inference")  # workloads whose model may be split across cards


def _price_of_named(gpu: str | None, env: Env) -> float | None:
    """The price (USD) of the GPU a "cheaper than" names, None when none is named or its price is unknown."""
    found = price_of(gpu, env) if gpu else None
    return found.usd if found is not None else None


def _top_list(query: RecommendQuery, env: Env, ranking, title: str, years: str) -> tuple[str, list[str], list[dict]]:
    """ "top 5 gpus for X": the N best by value over the ownership period, numbered, and the fastest
    of the qualifying GPUs whatever their price (a list by speed) as a second view."""
    n = query.top_n or 0
    rows = ranking.rows[:n]
    listed = i18n.sep(env.lang).join(
        env.t("rec.top_item", rank=k, gpu=_label(r), price=env.money(r.price_usd * r.n_gpus))
        for k, r in enumerate(rows, 1)
    )
    key = "rec.top_head_cheapest" if query.sort == "price" else "rec.top_head"
    head = env.t(key, n=n, title=title, items=listed, years=years)
    steps = []
    if len(rows) < n:
        steps.append(env.t("rec.top_fewer", n=n, found=len(rows)))
    fastest = sorted(ranking.rows, key=lambda r: -r.score * r.n_gpus)[:n]
    if [r.gpu for r in fastest] != [r.gpu for r in rows]:
        steps.append(
            env.t(
                "rec.top_fastest",
                n=len(fastest),
                items=i18n.sep(env.lang).join(
                    env.t("rec.top_fast_item", gpu=_label(r), score=f"{r.score:.2f}", price=env.money(r.price_usd))
                    for r in fastest
                ),
            )
        )
    top = [
        {
            "rank": k,
            "gpu": r.gpu,
            "gpu_count": r.n_gpus,
            "score": round(r.score, 3),
            "price_usd": round(r.price_usd, 2),
            "value_per_tco": round(r.value_per_tco, 3),
        }
        for k, r in enumerate(rows, 1)
    ]
    return head, steps, top


def respond(query: RecommendQuery, env: Env) -> Answer:
    if query.laptop:
        from assistant.respond import laptops

        return laptops.respond(query, env)
    env = env.for_query(query)
    a = env.assumptions
    budget = budget_usd(query, env) or a.budget_usd
    condition = query.condition or a.condition or "average"
    n = max(query.gpu_count, 1)
    if query.workload is None and (getattr(query, "params_b", None) or query.model):
        query = dataclasses.replace(query, workload="llm_inference")
    key = perf_workload(query.workload, query.precision)
    chat = _chat(query, env)
    need, need_why = _memory_need(query, env)
    vendors = (
        tuple({"amd": "AMD", "nvidia": "NVIDIA", "intel": "Intel"}.get(v.lower(), v) for v in query.vendor.split(","))
        if query.vendor
        else ("NVIDIA",)
    )
    below = _price_of_named(query.cheaper_than, env)
    below_n = max(query.cheaper_than_count, n)  # "anything cheaper?" after 2 x 3090: below what the two cost
    if below is not None:  # "anything cheaper?": only GPUs priced below the one the last answer favoured
        below *= below_n
        budget = min(budget, below * 0.999) if budget else below * 0.999
    below_what = f"{below_n} x {query.cheaper_than}" if below_n > 1 else query.cheaper_than
    dettmers = lexicon(env.lang).words_in("dettmers_mode", query.text.lower()) and not chat
    passive_ok = _passive_ok(query, env)
    hushed = quiet.asks_quiet(query.text, env)
    lean = quiet.asks_efficient(query.text, env)  # "最省电": low power, then the most speed per watt
    capped = quiet.QUIET_GPU_W if hushed or lean else None
    caps = [w for w in (query.max_power_w, capped) if w]
    power_cap = min(caps) if caps else None

    def ranked(passive: bool, max_auto: int = 1, use_dettmers: bool = False, key: str = key, capped: bool = True):
        inputs = rank_inputs(
            env,
            key,
            need=need,
            budget=budget if capped else None,
            condition=condition,
            vendors=vendors,
            max_power_w=power_cap,
            n=n if max_auto == 1 else 1,
            max_auto_gpus=max_auto,
            chat=chat,
            dettmers=use_dettmers,
            passive=passive,
        )
        return rank_snapshot(env.reader, inputs)

    ranking = ranked(passive_ok, use_dettmers=bool(dettmers))
    multi_note = ""
    splittable = (
        bool(query.model or getattr(query, "params_b", None))
        and query.workload not in ("llm_finetune", "image_generation")  # a diffusion model runs on one GPU
        and not query.min_memory_gb
    )
    max_auto = 1
    if (
        need and splittable and query.gpu_count <= 1 and not dettmers
    ):  # no count named: several smaller GPUs may hold the model
        max_auto = 8
        ranking = ranked(passive_ok, max_auto)
        if ranking.choice is not None and ranking.choice.n_gpus > 1:
            multi_note = env.t("rec.multi", need=f"{need:,.0f}", n=ranking.choice.n_gpus)
    if below is not None and not dettmers:  # "cheaper option?" also costs less over the years the ranking counts
        ranking = _cheaper_over_period(ranking, ranked(passive_ok, max_auto, capped=False), query.cheaper_than, below_n)
    by_price = getattr(query, "sort", None) == "price"
    if by_price:
        ranking = _cheapest_first(ranking, env)
    efficient = not by_price and lean
    if efficient:  # "最省电的方案": speed per watt of board power
        ranking = _most_efficient(ranking, env)
    passive_note = ""
    floor_only = bool(budget and need and need_from_floor(query))  # the below-floor answer covers it (below)
    if not passive_ok and not dettmers and ranking.choice is None and not floor_only:  # only a datacenter card
        with_passive = ranked(True, max_auto)
        ranking = _cheapest_first(with_passive, env) if by_price else with_passive
        if ranking.choice is not None:
            passive_note = env.t("rec.only_passive", gpu=env.reader.known_gpu(ranking.choice.gpu).short_name)
    elif not passive_ok and not dettmers and ranking.choice is not None:
        with_passive = ranked(True, max_auto)
        first = (_cheapest_first(with_passive, env) if by_price else with_passive).choice
        if first is not None and first.gpu != ranking.choice.gpu:
            key_ = "rec.no_passive_cheapest" if by_price else "rec.no_passive"
            passive_note = env.t(key_, gpu=env.reader.known_gpu(first.gpu).short_name)
    title = workload_title(env, key)
    if chat:
        title = env.t("rec.chat_title", model=chat[0].name, quant=chat[1])
        key = "llm_chat"
    lang, years = env.lang, f"{a.years:g}"
    steps = [env.t("rec.workload", title=title, need=(i18n.sep(lang) + need_why) if need_why else "")]
    if chat or query.workload == "inference":
        steps.append(env.t("rec.two_inference_kinds"))
    if chat and not (query.model or getattr(query, "params_b", None)):
        steps.append(env.t("rec.chat_default", model=chat[0].name, quant=chat[1]))
    spoken = sized_model(query, env)[0] if query.model else None
    if spoken is not None and speech(spoken):
        steps.append(env.t("rec.speech", model=spoken.name, title=title))
    if dettmers:
        steps.append(env.t("rec.dettmers_mode"))
    if multi_note:
        steps.append(multi_note)
    moe = fit_hardware.moe_route(spoken, env) if spoken is not None and by_price else ""
    if moe:  # "cheapest way to run qwen3 235b": one card and system RAM is cheaper still, and slower
        steps.append(moe)
    if passive_note:
        steps.append(passive_note)
    assumptions = env.assumption_dict() | {"budget_usd": budget, "condition": condition, "gpu_count": n}
    below_floor = None
    if ranking.choice is None and budget and need and need_from_floor(query):
        # "quiet gpu for ollama, ~500 bucks": no card within budget has the reference's floor; the most
        # memory within it, and what that runs, instead of a dead end
        relaxed_inputs = rank_inputs(
            env,
            perf_workload(query.workload, query.precision),
            budget=budget,
            condition=condition,
            vendors=vendors,
            max_power_w=query.max_power_w,
            n=n,
            chat=chat,
            passive=False,  # a home user
        )
        relaxed = rank_snapshot(env.reader, relaxed_inputs)
        active = list(relaxed.rows)
        roomy = max(active, key=lambda r: (r.memory_gb, r.value_per_tco), default=None)
        if roomy is not None:
            by_memory = tuple(sorted(active, key=lambda r: (-r.memory_gb, -r.value_per_tco)))
            ranking = dataclasses.replace(relaxed, choice=roomy, rows=by_memory, runners_up=by_memory[1:4])
            model = largest_llm(env, roomy.memory_gb) if query.workload == "llm_inference" else None
            below_floor = env.t(
                "rec.below_floor",
                floor=f"{need:g}",
                budget=env.money(budget),
                gpu=roomy.gpu,
                memory=gb(roomy.memory_gb),
                runs=env.t("rec.below_floor_runs", model=model) if model else "",
            )
    if ranking.choice is None:
        reasons = i18n.sep(lang).join(
            f"{g}{i18n.colon(lang)}{exclusion_reason(r, env, budget)}" for g, r in ranking.excluded[:6]
        )
        return Answer(
            question=query.text,
            intent="recommend",
            workload=query.workload,
            precision=query.precision,
            headline=(env.t("rec.cheaper_than", gpu=below_what, money=env.money(below)) if below else "")
            + env.t("rec.none", snapshot=env.snapshot_label()),
            steps=steps + [env.t("rec.excluded_examples", reasons=reasons)],
            figures={"ranking": []},
            assumptions=assumptions,
            assumption_text=assumption_text(env),
            lang=env.lang,
        )
    best = ranking.choice
    if chat:
        steps.append(
            env.t(
                "rec.chat_speed",
                gpu=_label(best),
                tps=f"{best.score * chat[2]:,.0f}",
                model=chat[0].name,
                quant=chat[1],
                ref=f"{chat[2]:,.0f}",
            )
        )
    variant = difference_note([env.reader.known_gpu(best.gpu)], env)
    if variant:  # a modified (2080 Ti 22 GB) or China-market card leads: what differs, warranty and seller risk
        steps.append(variant)
    count = f"{best.n_gpus} x " if best.n_gpus > 1 else ""
    head_key = "rec.head_cheapest" if getattr(query, "sort", None) == "price" else "rec.head"
    headline = env.t(
        head_key,
        title=title,
        count=count,
        gpu=best.gpu,
        upfront=env.money(upfront_usd(best, env)),
        price=env.money(best.price_usd),
        value=f"{env.per_money(best.value_per_tco):.2f}",
        years=years,
        per=env.money_unit(),
    )
    if efficient:
        headline = env.t(
            "quiet.head_efficient",
            title=title,
            gpu=_label(best),
            score=f"{best.score:.2f}",
            tdp=f"{_watts(best, env) * best.n_gpus:,.0f}",
            per_kw=f"{quiet.per_watt(best.score, _watts(best, env), best.n_gpus):.1f}",
            price=env.money(best.price_usd * best.n_gpus),
        )
        steps.append(quiet.efficient_note(env))
    if hushed:
        steps.append(quiet.quiet_note(env))
    shown = ranking.rows[: max(8, query.top_n or 0)]
    converted = {r.gpu for r in shown if is_converted(price_of(r.gpu, env), env)}
    if converted:
        steps.append(env.t("rec.converted_mark"))
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_speed"),
            env.t("rec.col_memory"),
            env.t("rec.col_price"),
            env.t("rec.col_cost", years=years),
            env.t("rec.col_per_price", per=env.money_unit()),
            env.t("rec.col_per_tco", years=years, per=env.money_unit()),
        ],
        rows=[
            [
                _label(r),
                f"{r.score:.2f}",
                (f"{r.n_gpus} x " if r.n_gpus > 1 else "") + gb(r.memory_gb),
                env.money(r.price_usd) + ("*" if r.gpu in converted else ""),
                env.money(r.tco_usd),
                f"{env.per_money(r.value_per_purchase):.2f}",
                f"{env.per_money(r.value_per_tco):.2f}",
            ]
            for r in shown
        ],
    )
    cheapest = getattr(query, "sort", None) == "price"
    top: list[dict] = []
    if query.top_n:
        headline, top_steps, top = _top_list(query, env, ranking, title, years)
        table.headers.insert(0, "#")
        table.rows = [[str(k), *row] for k, row in enumerate(table.rows[: query.top_n], 1)]
        steps += top_steps
    for r in ranking.runners_up if not query.top_n else ():
        if cheapest:
            steps.append(
                env.t(
                    "rec.runner_up_cheapest",
                    gpu=_label(r),
                    price=env.money(r.price_usd),
                    score=f"{r.score:.2f}",
                    value=f"{env.per_money(r.value_per_tco):.2f}",
                    per=env.money_unit(),
                )
            )
            continue
        steps.append(
            env.t(
                "rec.runner_up",
                gpu=_label(r),
                value=f"{env.per_money(r.value_per_tco):.2f}",
                per=env.money_unit(),
                score=f"{r.score:.2f}",
                price=env.money(r.price_usd),
                less=f"{(1 - r.value_per_tco / best.value_per_tco) * 100:.0f}",
                best=best.gpu,
            )
        )
    notable = [(g, r) for g, r in ranking.excluded if r != "no price in the snapshot" and "laptop" not in r][:5]
    if notable:
        steps.append(
            env.t(
                "rec.excluded",
                items=i18n.sep(lang).join(
                    env.t("rec.excluded_item", gpu=g, reason=exclusion_reason(r, env, budget)) for g, r in notable
                ),
            )
        )
    if key.startswith("train") and any(r.memory_gb < 24 for r in ranking.rows[:8]):
        steps.append(env.t("rec.batch_note"))
    steps.append(chart_opinion(query, env, budget))
    if not query.vendor:
        steps.append(env.t("rec.nvidia_only"))
    elif query.vendor.upper() != "NVIDIA":
        steps.append(env.t("compare.why_software", gpus=best.gpu, stack=software_stack(env.reader.gpus([best.gpu]))))
    figures: dict = {
        "ranking": [
            {
                "gpu": r.gpu,
                "gpu_count": r.n_gpus,
                "score": round(r.score, 3),
                "price_usd": round(r.price_usd, 2),
                "value_per_tco": round(r.value_per_tco, 3),
                "value_per_purchase": round(r.value_per_purchase, 3),
            }
            for r in ranking.rows[:10]
        ],
        "memory_need_gb": need,
        "excluded": len(ranking.excluded),
        "workload_key": key,
    }
    chart = Chart(
        kind="bars",
        title=env.t("compare.row_per_tco", title=title, years=years, per=env.money_unit()),
        labels=[_label(r) for r in ranking.rows[:10]],
        values=[env.per_money(r.value_per_tco) or 0.0 for r in ranking.rows[:10]],
    )
    sources = (
        env.cite(*[r.price_source for r in ranking.rows[:3]])
        + env.rate_sources()
        + ["method: docs/model.md §rec, §perf, §cost.tco"]
    )
    if top:
        figures["top_n"], figures["top"] = query.top_n, top
    together = _together(query, env, need, budget, condition, vendors, best)
    if together is not None:  # "cheapest way to get 48gb": several cards hold it together for less
        each = gb(together.memory_gb)
        machine = fit_hardware.machine_usd(env.reader.gpu(together.gpu), together.n_gpus)
        one_machine = fit_hardware.machine_usd(env.reader.gpu(best.gpu), best.n_gpus)
        several = {
            "n": together.n_gpus,
            "gpu": together.gpu,
            "total": env.money(together.price_usd * together.n_gpus),
            "memory": gb(together.memory_gb * together.n_gpus),
            "machine": env.money(together.price_usd * together.n_gpus + machine),
            "one_machine": env.money(best.price_usd * best.n_gpus + one_machine),
        }
        one_card = lexicon(env.lang).words_in("one_card_words", f" {query.text.lower()} ")
        if query.sort == "price" and not one_card:  # "cheapest way to get 48gb": the cheapest of all leads
            one = env.money(best.price_usd * best.n_gpus)
            headline = env.t("rec.together_first", **several, one=best.gpu, price=one)
        else:
            headline += i18n.gap(env.lang) + env.t("rec.together", **several)
        steps.insert(1, env.t("rec.together_caveat", each=each, n=together.n_gpus))
        figures["multi_card"] = {
            "gpu": together.gpu,
            "gpu_count": together.n_gpus,
            "total_usd": round(together.price_usd * together.n_gpus, 2),
            "memory_gb": together.memory_gb * together.n_gpus,
        }
    if below_floor:  # the pick is the most memory within budget, not the best value: say that instead
        headline = below_floor
    if below is not None:
        headline = env.t("rec.cheaper_than", gpu=below_what, money=env.money(below)) + headline
        figures["cheaper_than"] = query.cheaper_than
    answer = Answer(
        question=query.text,
        intent="recommend",
        headline=headline,
        workload=query.workload,
        precision=query.precision,
        choice=best.gpu,
        tables=[table],
        steps=steps,
        figures=figures,
        assumptions=assumptions,
        assumption_text=assumption_text(env),
        sources=sources,
        chart=chart,
        lang=env.lang,
    )
    return organization_answer(query, env, budget, answer) if query.organization else answer
