"""Answer "$10k for a training rig, what gpus?", "i have 3000 dollars, build me an llm box", "4-gpu box
for 70b": the whole machine, with the budget as a target to spend, not only a cap.

Contract: every build of 1-4 GPUs of one priced kind (NVIDIA unless a vendor is named; SXM modules,
laptop parts and whole systems excluded) on the platform its count needs (respond/builds.py,
knowledge/rigs.toml) is rated for the workload: a named LLM by single-user tokens/s when the
group holds it (§llm.decode, §perf.multigpu), training by data-parallel speed, other inference
and images by cards x speed (independent jobs). With a budget the fastest build within it wins;
without one the cheapest that does the job. `figures.rig` carries the build, its power and the
alternatives (docs/model.md §rig). Which builds lead and are shown: respond/rig_choice.py; their rows and lines:
respond/rig_rows.py.
"""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import RigQuery
from assistant.respond import (
    circuit,
    idle_power,
    mixed_set,
    pricing,
    psu_draw,
    quiet,
    rig_choice,
    rig_market,
    rig_power,
    rig_rows,
    wall_cap,
)
from assistant.respond.builds import MAX_GPUS, SERVER_GPUS, Build, builds, platform_for, power
from assistant.respond.cpus import cpu_note, cpu_power, cpu_sources
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.home_platforms import platform_notes
from assistant.respond.owned_parts import DESKTOP_MAX_GPUS, owned_desktop_cpu, owned_step
from assistant.respond.pricing import (
    assumption_text,
    budget_usd,
    perf_workload,
    purchase_price,
)
from assistant.respond.psu_plugs import SOURCES as PLUG_SOURCES
from assistant.respond.psu_plugs import plugs_line
from assistant.respond.rig_rating import (
    builds_within_budget,
    holding,
    memory_floor,
    priced_builds,
    rater,
    reaching,
    unfiltered_build,
)
from assistant.respond.system_ram import SMALL_RAM_GB
from assistant.respond.unpriced import server_note
from assistant.respond.wording import gb

RELAXED = 2 / 3  # a way back within the budget: cards with this share of the floor (24 -> 16 GB, 12 -> 8 GB) [A]


RAM_STEP_GB = 16  # RAM comes in kits of 16 GB steps [A]
MIN_RAM_GB = 32  # the itemized builds of knowledge/rigs.toml start at 32 GB

_CARDS_BOUGHT = re.compile(r"\b(?:bought|already (?:have|got|own)|picked up)\b|买了|入了|收了|已经有|手上有|手里有")


def _used_nearest(query: RigQuery, env: Env, rate, counts, cpu_w, choice: Build) -> Build | None:
    """Over the budget at new prices with no used build within it: the cheapest build with used cards when it costs
    less than the one shown (a used RTX 3090 desktop at $1,524 against a new RTX 4090 one at $3,645); None else."""
    if env.assumptions.condition == "used":
        return None
    used = dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, condition="used"))
    found = builds(priced_builds(query, used), None, rate, counts, cpu_w, env.local_desktop_usd(), query.owned_parts)
    near = min(found, key=lambda b: b.total_usd) if found else None
    return near if near is not None and near.total_usd < choice.total_usd else None


JUST_OVER = 1.05  # a build this share over the budget at most is said beside the pick when it holds more [A]


def _just_over(env: Env, budget: float, choice: Build, anyhow: list[Build], unit: str) -> str:
    """A build a little over the budget (up to JUST_OVER) with more GPU memory and more speed than the pick: said after
    it, with what it costs more (a budget is rarely exact); "" when there is none."""
    near = [
        b
        for b in anyhow
        if budget < b.total_usd <= budget * JUST_OVER and b.memory_gb > choice.memory_gb and b.speed > choice.speed
    ]
    if not near:
        return ""
    best = max(near, key=lambda b: (b.memory_gb, b.speed, -b.total_usd))
    return i18n.gap(env.lang) + env.t(
        "rig.just_over",
        build=best.label,
        total=env.money(best.total_usd),
        more=env.money(best.total_usd - budget),
        memory=gb(best.memory_gb),
        speed=rig_rows.speed_text(env, best, unit),
    )


def _parts_line(env: Env, choice: Build, platform: str) -> str:
    """The parts around the GPUs by class: the platform's CPU class, RAM at least the memory of one GPU (Dettmers
    2018: as much RAM as your largest GPU has memory; rounded up to RAM_STEP_GB, at least MIN_RAM_GB) and the PSU
    the power line sizes."""
    ram, vram = _ram_need(choice)
    ram = max(ram, choice.platform.ram_gb)  # the upper desktop's list has 64 GB: the platform priced holds that much
    return env.t(
        "rig.parts",
        cpu=env.t(f"rig.cpu_class_{platform}"),
        ram=f"{ram:g}",
        vram=f"{vram:g}",
        psu=f"{choice.psu_w:,}",
    )


def _served(query: RigQuery, env: Env) -> Answer | None:
    """A machine for a model served to several users at once: the sets that serve them all (respond/serving_sets),
    as a recommendation for that model and those users would; None when no users are said or no model."""
    users = dict(query.targets).get("users", 0)
    if users < 2 or not (query.model or query.params_b) or query.gpus or query.asks_power:
        return None
    from assistant.queries import RecommendQuery
    from assistant.respond.serving_sets import serving_answer

    asked = RecommendQuery(
        text=query.text,
        workload="llm_inference",
        budget_usd=query.budget_usd,
        budget_currency=query.budget_currency,
        model=query.model,
        params_b=query.params_b,
        targets=query.targets,
        settings=query.settings,
        vendor=query.vendor,
    )
    return serving_answer(asked, env)


def _head_key(query: RigQuery, over_budget: bool, budget: bool, lean: bool) -> str:
    """The rig's opening: over the budget, within it, around the one card named ("build me a pc around a 5090", no
    model or size to run on it), the lowest-power or the cheapest rig that does the job."""
    if over_budget or budget:
        return "rig.head_over" if over_budget else "rig.head_budget"
    named = [g for g in query.gpus if g.name]
    if len(named) == 1 and query.gpu_count == 1 and query.model is None and not query.params_b:
        return "rig.head_around"
    return "rig.head_lean" if lean else "rig.head_need"


def _ram_need(choice: Build) -> tuple[float, float]:
    """The RAM a build wants (the parts line's rule) and the memory of its largest GPU."""
    vram = choice.gpu.memory_gb or 0.0
    return max(MIN_RAM_GB, math.ceil(vram / RAM_STEP_GB) * RAM_STEP_GB), vram


def _ram_head(ram: float | None, choice: Build, env: Env, overkill: bool = False, infer: bool = False) -> str:
    """The RAM verdict (the parts line's rule) on the size said, or the size wanted when none is said; asked whether
    the size is overkill, "more than the cards need" from twice the rule's size up. For inference (`infer`) a size
    short of the rule but of SMALL_RAM_GB or more runs models held on the card (llama.cpp loads them with 8 GB, the
    reference of respond/system_ram.py): said so, with the rule for training and offloading after it."""
    need, vram = _ram_need(choice)
    values = dict(ram=f"{ram or 0:g}", need=f"{need:g}", vram=f"{vram:g}", total=f"{choice.memory_gb:g}")
    key = "rig.ram_need" if ram is None else "rig.ram_ok" if ram >= need else "rig.ram_short"
    if key == "rig.ram_short" and infer and (ram or 0) >= SMALL_RAM_GB:  # "内存16g够不够" for SD on a 22 GB card
        key = "rig.ram_short_infer"
    if overkill and ram is not None and ram >= need:
        key = "rig.ram_more" if ram >= 2 * need else "rig.ram_not_overkill"
    return env.t(key, build=choice.label, **values)


def _work(query: RigQuery, env: Env) -> tuple[str, str]:
    """(workload, performance key) of the rig asked."""
    model, _ = sized_model(query, env)
    workload = query.workload or ("llm_inference" if model is not None and model.kind == "llm" else None)
    workload = workload or ("image_generation" if model is not None else "training")
    return workload, perf_workload(workload, query.precision)


def _idle_of_one_kind(query: RigQuery, env: Env) -> bool:
    """The power asked is the idle draw (lexicon asked_idle) of a set of one card: the set's idle, not its PSU."""
    from assistant.respond.idle_power import asks_idle

    return len({g.name for g in query.gpus if g.name}) == 1 and asks_idle(query.text, env.lang)


def respond(query: RigQuery, env: Env) -> Answer:
    machines = (query.vendor or "").lower() in ("apple", "unified")  # "想买苹果电脑跑72b", "best mini pc for llms"
    if machines and not query.gpus and not query.asks_power:
        from assistant.respond import macs

        return macs.respond(query, env)
    if query.asked_figure == "platform" and not query.gpus and not query.budget_usd:  # "what motherboard do i
        # need" with no card talked about: which cards it is for, asked back (a board depends on their count)
        return Answer(question=query.text, intent="rig", headline="", clarification=env.t("rig.board_which"))
    env = env.for_query(query)
    if query.asks_power and _idle_of_one_kind(query, env):  # "what does it pull at idle" after 2 x RTX 3090
        from assistant.queries import SpecQuery
        from assistant.respond import spec

        return spec.respond(SpecQuery(text=query.text, gpus=query.gpus, fields=("power",)), env)
    if query.asks_power and mixed_set.is_mixed(query):  # "what psu for both" after a 3090 and a 3060
        return mixed_set.psu_answer(query, env)
    if query.card_w and not query.gpus:  # "显卡功耗450w 电源850w够不够": a stated draw, no GPU named
        return psu_draw.respond(query, env)
    served = _served(query, env)  # "build a server for 20 concurrent users running llama 70b": the serving sets
    if served is not None:
        return served
    budget = budget_usd(query, env) or env.assumptions.budget_usd
    model, model_note = sized_model(query, env)
    workload, key = _work(query, env)
    rate, unit, rated = rater(query, env, workload, key)
    if query.min_total_gb:  # "48gb of vram in one box": only sets that hold that much together
        rate, rated = holding(rate, query.min_total_gb), rated + env.t("rig.total_floor", gb=f"{query.min_total_gb:g}")
    speed = dict(query.targets).get("speed") if unit == "rig.unit_tps" and len(query.targets) == 1 else None
    if speed:  # "budget build for running 70b at 10 tok/s": only sets that reach that speed for one user
        rate, rated = reaching(rate, speed), rated + env.t("rig.speed_floor", tps=f"{speed:g}")
    asked = query.gpu_count or 0
    most = SERVER_GPUS if query.server or asked > MAX_GPUS else MAX_GPUS
    hushed = quiet.asks_quiet(query.text, env) and not query.server
    if hushed and not asked:  # several cards in one case run hot and loud
        most = min(most, quiet.QUIET_MAX_GPUS)
    images = workload == "image_generation" or (model is not None and model.kind == "image")  # "flux dev + llm stuff"
    if images and not asked and not query.server:
        most = 1  # "跑qwen3 30b和comfyui": a diffusion model runs on one card; more cards make no image faster (§rig)
    desk = owned_desktop_cpu(query)  # "already have a 7800x3d": its desktop board takes two cards, not four
    most = min(most, DESKTOP_MAX_GPUS) if desk else most
    counts = (min(asked, SERVER_GPUS),) if asked else range(1, most + 1)
    priced = priced_builds(query, env, hushed)
    cpu_class, cpu_w = cpu_power(query.cpu) if query.cpu else (None, None)
    desktop = env.local_desktop_usd()  # an answer in yuan: the desktop at 京东 prices
    found = builds(priced, budget, rate, counts, cpu_w, desktop, query.owned_parts)
    loud = False
    if hushed and not found:  # no quiet card does it: a bigger one, to power-limit (said)
        priced, loud = priced_builds(query, env), True
        found = builds(priced, budget, rate, counts, cpu_w, desktop, query.owned_parts)
    anyhow = builds(priced, None, rate, counts, cpu_w, desktop, query.owned_parts)
    cheapest = min(anyhow, key=lambda b: b.total_usd) if anyhow else None
    lean = quiet.asks_efficient(query.text, env) and not hushed and not asked  # "功耗越低越好": the least power
    if lean and anyhow:
        found = sorted(found, key=lambda b: (b.wall_w, b.total_usd))
        cheapest = min(anyhow, key=lambda b: (b.wall_w, b.total_usd))
    base: dict[str, Any] = dict(
        question=query.text, intent="rig", workload=workload, precision=query.precision, lang=env.lang
    )
    if not found and cheapest is None and query.asks_power and query.gpus and all(g.name for g in query.gpus):
        # "mi50 32g 一张五六百 插四张要什么主板电源": no price for the card, but its power needs none
        count = query.gpu_count or 1
        if len(query.gpus) == 1 and count > 1:
            query = dataclasses.replace(query, gpus=(dataclasses.replace(query.gpus[0], count=count),))
        return mixed_set.psu_answer(query, env)
    if not found and cheapest is None:
        head = env.t("rig.none_at_all", rated=rated, n=most)
        # "h20八卡服务器多少钱": a whole server's price on record (knowledge/servers_cn.csv) leads
        notes = [server_note(env.gpu(g.name), env) for g in query.gpus if g.name]
        modules = [g for g in env.reader.gpus([r.name for r in query.gpus if r.name]) if g.server_module]
        if modules and not any(text for text, _ in notes):  # "8卡H100服务器整机多少钱": a module, no server priced
            head = (
                _module_server(env, modules[0], query.gpu_count or query.gpus[0].count)
                or _on_adapters(query, modules[0], env)
                or env.t("rig.sxm_server", gpu=modules[0].short_name, module=modules[0].server_module)
            )
        if any(text for text, _ in notes):
            head = i18n.gap(env.lang).join([line for text, _ in notes for line in text] + [head])
        return Answer(
            **base,
            headline=head,
            gpus=[g.name for g in query.gpus if g.name],  # "whats the power draw on those" next: the cards named
            figures={},
            steps=[rated] + ([quiet.quiet_note(env)] if hushed else []),
            assumptions=env.assumption_dict() | {"budget_usd": budget},
            assumption_text=assumption_text(env, buying=True, desktop=False),
            sources=env.cite(*[sid for _, ids in notes for sid in ids]) + ["method: docs/model.md §rig"],
        )
    # nothing within the budget: the cheapest build that does it, by how much over, and what to drop
    over_budget = not found
    if found and not asked and not lean:
        found = rig_choice.fewer_first(found)
    choice = found[0] if found and (budget or cheapest is None) else cheapest
    assert choice is not None
    rules = power()
    plat = choice.platform
    left = budget - choice.total_usd if budget and not over_budget else None
    head = env.t(
        _head_key(query, over_budget, bool(budget), lean),
        over=env.money(choice.total_usd - (budget or 0.0)),
        budget=env.money(budget),
        build=choice.label,
        gpus=env.money(choice.gpu_usd * choice.n),
        platform=env.money(plat.usd),
        total=env.money(choice.total_usd),
        memory=gb(choice.memory_gb),
        speed=rig_rows.speed_text(env, choice, unit),
    )
    if budget and not over_budget and not asked and not query.asks_power and not lean:
        head += _just_over(env, budget, choice, anyhow, unit)  # "预算2w": 2 x RTX 3090 (48 GB) for ¥530 more
    idle = idle_power.idle_lead([choice.gpu], query.text, env) if not query.asks_power else None
    if idle is not None:  # "home server on 24/7, want low idle power": what the pick draws idling, and its year
        head += i18n.gap(env.lang) + idle[0]
    if query.asks_power:  # a PSU question: the power answer is the headline, the build stays in the table
        head = rig_power.power_head(query, choice, env)
        if wall := rig_power.wall_note(query, choice, env):  # "my rig pulls 650w at the wall": said, not a PSU
            head += i18n.gap(env.lang) + wall
        elif asked_wall := rig_power.wall_lead(query, choice, env):  # "how many watts from the wall": that first
            head = asked_wall + i18n.gap(env.lang) + head
        # "换成两张3090呢，电源要多大" after a build for ¥10,000: the set's cost said too; not for a machine the user
        # owns (its PSU or CPU said: "..., 550w电源, 想加一张显卡 预算3000" then "电源要换吗" buys a card only),
        # nor when the cards are bought already ("bought 3 p40s for $250 each": the price paid, no budget)
        if over_budget and budget and not (query.psu_w or query.cpu or _CARDS_BOUGHT.search(query.text.lower())):
            over = env.t("rig.power_over_budget", total=env.money(choice.total_usd), budget=env.money(budget))
            head += i18n.gap(env.lang) + over
    if query.cheaper_than_usd:  # "cheaper?" after a build: below that build, said first (or that none is)
        below = "rig.cheaper_none" if over_budget else "rig.cheaper_than"
        head = env.t(below, total=env.money(query.cheaper_than_usd)) + i18n.gap(env.lang) + head
    if query.replaces and (old := env.reader.gpu(query.replaces)):  # "3060 想上5080": the new card alone, said
        head = env.t("rig.replaces", old=old.short_name, new=choice.gpu.short_name) + head
    infer = workload in ("llm_inference", "image_generation")
    if query.ram_asked or (query.system_ram_gb and not query.asks_power):  # "is 64gb ram enough for 2 3090s"
        head = _ram_head(query.system_ram_gb, choice, env, query.ram_overkill, infer)
    elif query.system_ram_gb and query.system_ram_gb < _ram_need(choice)[0]:  # "16g内存 650w电源 换3090 电源够吗"
        aside = env.t("rig.ram_aside", verdict=_ram_head(query.system_ram_gb, choice, env, infer=infer))
        head += i18n.gap(env.lang) + aside  # the PSU asked leads, the short RAM said after it
    if query.card_class and not query.gpus:  # "workstation cards only": the class kept, said first (as recommend)
        head = env.t("rig.among_class", family=env.t(f"rec.card_class_{query.card_class}")) + head
    if query.min_memory_gb and not query.gpus:  # "24g以上的": the memory floor kept, said first
        head = env.t("rig.among_memory", gb=f"{query.min_memory_gb:g}") + head
    on_circuit = circuit.asked(query) and not query.cap_kind
    if query.cap_kind:  # "solar gives me 12 kwh/day, does that cover a 4090 10 hrs a day": the energy verdict leads
        cap_text, cap_figures = wall_cap.sentence(query, choice, env)
        head = cap_text + i18n.gap(env.lang) + head
    if on_circuit:  # "4x3090 on a 120v 15a circuit?": the wall circuit's verdict leads
        circuit_text, circuit_figures = circuit.sentence(query, choice, env)
        head = circuit_text + i18n.gap(env.lang) + head
    words = f" {query.text.lower()} "
    power_total = query.asks_power and lexicon(env.lang).words_in("asked_power", words)  # "total power for 4 of them"
    weighed = on_circuit or bool(query.cap_kind)  # "800w就跳闸 4070tis整机带得动吗": 整机 is what the cap weighs
    if (
        query.gpus
        and lexicon(env.lang).words_in("total_asked_words", query.text.lower())
        and not (power_total or weighed)
    ):
        # "4090 + 7800x3d + 64gb ram + 1000w psu, total?": the sum first, what is priced and what is an allowance
        head = (
            env.t(
                "rig.total",
                total=env.money(choice.total_usd),
                gpus=env.money(choice.gpu_usd * choice.n),
                build=choice.label,
                platform=env.money(plat.usd),
            )
            + i18n.gap(env.lang)
            + head
        )
    elif hushed and loud:
        head = env.t("quiet.head_loud", watts=quiet.QUIET_GPU_W, head=head)
    elif hushed:
        head = env.t("quiet.head", watts=quiet.QUIET_GPU_W, head=head)
    steps = [rated + (i18n.gap(env.lang) + model_note if model_note else "")]
    unfiltered = unfiltered_build(query, env, budget, rate, counts, cpu_w, desktop)
    market_head, market_steps, market_sources = rig_market.notes(query, env, choice, unfiltered)
    head += (i18n.gap(env.lang) + market_head) if market_head else ""
    steps += market_steps
    back: list[tuple[str, Build]] = []
    floor = 0.0
    # "what psu do i need for that", "will my 750w psu handle it": a power question about cards chosen, no shopping
    if over_budget and budget and not query.asks_power:
        floor = memory_floor(query, env, workload)[0]
        relaxed = floor and not query.gpus and not (model is not None and model.kind == "llm")  # no floor for an LLM
        smaller = rater(query, env, workload, key, floor=round(floor * RELAXED))[0] if relaxed else None
        back = builds_within_budget(query, env, budget, rate, counts, cpu_w, smaller)
    if back:
        head += i18n.gap(env.lang) + env.t(
            "rig.back_in_budget",
            items=i18n.sep(env.lang).join(rig_rows.back_text(env, k, b, unit, floor) for k, b in back),
        )
    if over_budget and budget and not query.asks_power and not any(k == "used" for k, _ in back):
        near = _used_nearest(query, env, rate, counts, cpu_w, choice)  # "$1500 for the whole pc": a used 3090 build
        head += (i18n.gap(env.lang) + rig_rows.back_text(env, "used_near", near, unit)) if near else ""
    if asked > SERVER_GPUS:
        steps.insert(0, env.t("rig.beyond_server", n=asked, most=SERVER_GPUS))
    one = rate(choice.gpu, 1) if choice.n > 1 and unit == "rig.unit_rel" else None
    if one and key.startswith("train"):  # independent inference jobs scale by the count itself
        steps.append(env.t("rig.scaling", n=choice.n, times=f"{choice.speed / one:.1f}"))
    steps.append(env.t("rig.platform", slots=env.t(f"rig.slots_{plat.key}"), money=env.money(plat.usd)))
    if (owned := owned_step(query.owned_parts, platform_for(choice.n, desktop), choice.n, env)) is not None:
        steps.append(owned)
    # a yuan rig: Chinese build lists beside the allowance, and the PSU swap its platform price holds
    home_steps, home_sources = platform_notes(choice.n, env, choice.psu_w, choice.platform.psu_extra_usd, plat)
    steps += home_steps
    load = choice.gpu_w + plat.cpu_w + rules["rest_w"]
    if query.cpu and cpu_class:  # "what psu for 2x 3090 and a threadripper 7960x": the CPU's class, said
        usual = platform_for(choice.n).cpu_w
        cpu_line = env.t("rig.cpu_named", cpu=query.cpu, watts=f"{plat.cpu_w:,.0f}", usual=f"{usual:,.0f}")
        steps.append(cpu_line + i18n.gap(env.lang) + cpu_note(query.cpu, env))
    steps.append(
        env.t(
            "rig.power",
            n=choice.n,
            tdp=f"{choice.gpu.tdp_w or 0:,}",
            cpu=f"{plat.cpu_w:,.0f}",
            rest=f"{rules['rest_w']:,}",
            load=f"{load:,.0f}",
            margin=f"{rules['psu_margin']:g}",
            psu=f"{choice.psu_w:,}",
            wall=f"{choice.wall_w:,.0f}",
            eff=f"{rules['efficiency'] * 100:.0f}",
        )
    )
    parts = _parts_line(env, choice, plat.key)  # "need cpu ram psu etc": the parts around the GPUs, by class
    low = f" {query.text.lower()} "
    asked_parts = sum(w in low for w in lexicon(env.lang).listed("rig_parts_asked")) >= 2
    steps.insert(0, parts) if asked_parts else steps.append(parts)  # "4090的主机 cpu 内存 硬盘怎么选": parts first
    if query.psu_w and not query.asks_power:  # "already have a 1000w psu": weighed against the pick
        steps.append(env.t("rig.owned_psu", have=f"{query.psu_w:,.0f}") + rig_power.power_head(query, choice, env))
    if desk and not asked:
        steps.append(env.t("rig.owned_cpu_cap", cpu=query.cpu, n=DESKTOP_MAX_GPUS))
    plugs = plugs_line(choice.gpu, choice.n, env) if query.asks_power else ""
    steps += [plugs] if plugs else []  # "my psu is a 750w gold, ok for two p40s": the leads it needs, not only watts
    stock = env.reader.known_gpu(choice.gpu.name).tdp_w or 0
    limited = choice.gpu.tdp_w != stock
    if limited:  # the per-card limit the question states, said and used
        steps.append(env.t("rig.card_limit", limit=f"{choice.gpu.tdp_w:,}", stock=f"{stock:,}"))
    if query.budget_includes and budget:  # "¥8000 including a monitor": those parts are not priced here
        steps.insert(0, env.t("rig.budget_includes", parts=", ".join(query.budget_includes), money=env.money(budget)))
    if left is not None and budget:
        steps.append(env.t("rig.left", money=env.money(left), share=f"{choice.total_usd / budget * 100:.0f}"))
    # the circuit the headline weighed ("on a 16a circuit", a cap at the wall) is the user's: no generic circuit note
    # beside it (it named a US circuit and a 230 V one's full rating next to the user's own figures)
    mine = ("rig.warn_circuit", "rig.warn_circuit_heavy") if weighed else ()
    steps += [env.t(k, **v) for k, v in choice.warnings if k not in mine]
    if not query.gpus and not query.server:
        steps.append(env.t("rig.no_passive"))
    if hushed:
        steps.insert(1, quiet.quiet_note(env))
    alternatives = rig_choice.alternatives(found, choice, cheapest) if budget else rig_choice.ladder(anyhow, choice)
    alternatives += [b for _, b in back if not any(rig_choice.same_build(b, a) for a in [choice, *alternatives])]
    steps += [env.t("rig.alternative", line=rig_rows.tradeoff(env, b, choice, unit)) for b in alternatives]
    stretch = rig_choice.stretch(priced, budget, rate, counts, choice, desktop, query.owned_parts) if budget else None
    if stretch is not None and budget:
        alternatives.append(stretch)
        over = env.money(stretch.total_usd - budget)
        steps.append(
            env.t(
                "rig.stretch",
                over=over,
                pct=f"{rig_choice.STRETCH * 100:.0f}",
                line=rig_rows.tradeoff(env, stretch, choice, unit),
            )
        )
    converted = rig_rows.converted(env, [choice, *alternatives])
    if converted or env.currency != "USD":
        steps.append(env.t("rec.converted_mark"))
    table = Table(
        headers=[
            env.t(f"rig.col_{c}") for c in ("build", "memory", "speed", "gpus", "platform", "total", "psu", "wall")
        ],
        rows=[rig_rows.row(env, b, unit, converted) for b in [choice, *alternatives]],
    )
    carried = query.asks_power and query.psu_w and query.psu_w >= rig_power.need_w(choice)
    if carried:  # "my 750w psu, enough?" and it is: the table shows the user's PSU, not the size one would buy
        table.rows[0][6] = env.t("rig.psu_yours", watts=f"{query.psu_w:,.0f}")
    figures = {
        "rig": rig_rows.figure(choice)
        | {
            "gpu_usd": round(choice.gpu_usd, 2),
            "platform": plat.key,
            "platform_usd": plat.usd,
            "budget_usd": budget,
            "left_usd": round(left, 2) if left is not None else None,
            "over_budget_usd": round(choice.total_usd - budget, 2) if over_budget and budget else None,
            "within_budget": [{"how": k} | rig_rows.figure(b) for k, b in back],
            "gpu_w": choice.gpu_w,
            "psu_w": choice.psu_w,
            "speed_unit": "tokens_per_s" if unit == "rig.unit_tps" else "rtx3090",
            "warnings": [k.removeprefix("rig.warn_") for k, _ in choice.warnings],
        },
        "alternatives": [rig_rows.figure(b) for b in alternatives],
    }
    if limited:
        figures["targets"] = {"power_limit": choice.gpu.tdp_w}
    if speed:  # the speed said was a floor of the ranking: weighed (no "not weighed" note)
        figures["targets"] = {**dict(figures.get("targets") or {}), "speed": speed}
    if on_circuit:
        figures["circuit"] = circuit_figures
    if query.cap_kind:
        figures["wall_cap"] = cap_figures
    price = purchase_price(choice.gpu.name, env)
    sources = (
        (env.cite(price.source) if price else [])
        + env.cite(
            plat.source,
            rules["psu_source"],
            rules["circuit_source"],
            rules["slots_source"],
            "dettmers-2018-hardware",
            *home_sources,
            *market_sources,
            *cpu_sources(query.cpu),
            *(PLUG_SOURCES if query.asks_power else ()),
        )
        + (circuit.sources(env, query) if on_circuit else [])
        + env.rate_sources()
        + ["method: docs/model.md §rig, §perf.multigpu" + (", §llm.decode" if unit == "rig.unit_tps" else "")]
    )
    return Answer(
        **base,
        headline=head,
        gpus=[choice.gpu.name],
        choice=choice.gpu.name,
        tables=[table],
        steps=steps,
        figures=figures,
        assumptions=env.assumption_dict() | {"budget_usd": budget},
        assumption_text=assumption_text(env, buying=True, desktop=False),
        sources=sources,
    )


def _module_server(env: Env, gpu, n: int) -> str:
    """ "这个方案大概要多少万" about 8 x MI300X: the modules at their price and the server around them (its share of
    the server tier's price per eight, models/cost.module_host_usd, §cost.platform); "" when the module has no price."""
    price = purchase_price(gpu.name, env)
    if price is None:
        return ""
    n = max(int(n or 1), 1)
    host = pricing.host_usd(gpu, n) or 0.0
    return env.t(
        "rig.module_server_total",
        n=n,
        gpu=gpu.short_name,
        module=gpu.server_module,
        total=env.money(n * price.usd + host),
        modules=env.money(n * price.usd),
        host=env.money(host),
    )


def _on_adapters(query: RigQuery, gpu, env: Env) -> str:
    """ "got offered 4 tesla v100 32gb sxm2 cards cheap, worth building an llm box around them": SXM modules in a box
    of one's own (no server asked) go on SXM-to-PCIe adapter boards, with their catches (card_risks.risk_notes);
    no adapter or module price is on record, so no build is priced. "" for a server asked or another module kind."""
    if query.server or gpu.server_module != "SXM":
        return ""
    from assistant.respond.card_risks import risk_notes

    notes, _ = risk_notes(gpu, env)
    return " ".join([*notes, env.t("rig.sxm_adapter_unpriced", gpu=gpu.short_name)])
