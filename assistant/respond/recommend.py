"""Answer "which GPU should I buy for X under $Y": a value ranking under constraints, and the
reference decision chart as a second opinion.

Contract: candidates are the GPUs priced in the snapshot in force; each is kept or excluded with its reason (memory
the workload needs, budget, vendor, power, laptop, no price). The choice is the best performance per dollar over
the ownership period (docs/model.md §rec); `figures.ranking` lists the kept GPUs best first. NVIDIA only unless the
user names another vendor (software maturity is not in the speed model; Dettmers 2023, FAQ: ROCm trails CUDA).
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Chart
from assistant.models import hardware, memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery
from assistant.respond import (
    feature_limit,
    fit_hardware,
    image_gguf_floor,
    mac_beside,
    over_budget,
    quiet,
    recommend_order,
    recommend_table,
    rented_job,
    sharded_sets,
    speech_pick,
    upgrade_costs,
    upgrade_from,
    use_case,
    vendor_choice,
)
from assistant.respond.chart_opinion import chart_opinion, organization_answer
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.one_card import prefer as one_card_first
from assistant.respond.power_cap import psu_note, psu_stock_pick, unpriced_among, unpriced_within
from assistant.respond.pricing import (
    assumption_text,
    budget_usd,
    perf_workload,
    speech,
    workload_title,
)
from assistant.respond.ranking import rank_inputs, rank_snapshot
from assistant.respond.recommend_need import (
    chat_basis,
    exclusion_reason,
    finetune_method,
    from_scratch,
    memory_need,
    need_from_floor,
)
from assistant.respond.recommend_order import (
    cheapest_first,
    fastest_first,
    label,
    most_efficient,
    price_of_named,
    upfront_usd,
    watts,
)
from assistant.respond.recommend_paths import (
    among,
    as_rig,
    fewer_sentence,
    pick_below_floor,
    top_below_floor,
    video_pick,
    with_together,
    without_tensor_cores,
)
from assistant.respond.serving_sets import serving_answer
from assistant.respond.variants import difference_note
from assistant.respond.wording import gb, software_stack


def respond(query: RecommendQuery, env: Env) -> Answer:
    from assistant.respond import already_within
    from assistant.respond.free_note import with_free_note  # "a student with $600 ... kaggle": the free notebooks

    answer = already_within.respond(query, env, _respond) or _respond(query, env)  # "便宜点，2k 左右" after ¥1,150
    return with_free_note(query, answer, env, budget_usd(query, env.for_query(query)))


def _respond(query: RecommendQuery, env: Env) -> Answer:
    each = lexicon(env.lang).words_in("budget_each_words", query.text.lower())
    if query.organization and each and not use_case.one_machine(query, env):
        # "我们组想给新生配机器 每台预算1万 做cv", "给工作室配4台出图机器 每台什么卡": each machine is one desktop, not
        # the institution's chart
        query = dataclasses.replace(query, organization=False)
    if query.mac_or_pc:  # "mac or pc for local llms": a Mac against a desktop with NVIDIA cards, same money
        from assistant.respond import mac_or_pc

        return mac_or_pc.respond(query, env)
    if query.vendor in ("apple", "unified") and (query.laptop or query.form_choice):
        query = dataclasses.replace(query, laptop=False, form_choice=False)  # "mac呢" after laptops: the Macs
    if query.form_choice:
        from assistant.respond import laptop_or_desktop

        return laptop_or_desktop.respond(query, env, _respond)
    if query.laptop:
        from assistant.respond import laptops

        return laptops.respond(query, env)
    from assistant.respond import recommend_routes  # mining cards, new or used, a family's sizes: their own answers

    if (routed := recommend_routes.routed(query, env, respond)) is not None:
        return routed
    if (query.vendor or "").lower() in ("apple", "unified"):  # "best mac / mini pc for local llms": machines, no GPU
        from assistant.respond import macs

        return macs.respond(query, env)
    rented = rented_job.respond(query, env)  # "想租卡微调qwen2.5 7b lora autodl哪张卡合适": the job on rented cards
    if rented is not None:
        return rented
    if use_case.asks_build(query, env):  # "small lab, ~$12k for a 4-gpu training workstation": a machine, priced
        return as_rig(query, env)
    typical_video = use_case.video_key(query, env)
    if typical_video:  # "预算1万 主要跑comfyui视频生成", "what gpu for ai video": a video model's need, its pick
        return video_pick(query, typical_video, env)
    env = env.for_query(query)
    a = env.assumptions
    budget = budget_usd(query, env) or a.budget_usd
    condition = query.condition or a.condition or "average"
    n = max(query.gpu_count, 1)
    if query.workload is None and (getattr(query, "params_b", None) or query.model):
        query = dataclasses.replace(query, workload="llm_inference")
    served = serving_answer(query, env)  # "host qwen2.5 32b for 50 concurrent users": sets by each user's speed
    if served is not None:
        return served
    if query.released and query.model and not query.precision:  # "满血r1": the weights as released (FP8 for R1)
        released = sized_model(query, env)[0]
        if released is not None and released.kind == "llm":
            query = dataclasses.replace(query, precision=memory.released_precision(released))
    named = sized_model(query, env)[0] if query.model else None
    if named is not None and named.kind == "image" and query.workload in (None, "llm_inference", "inference"):
        query = dataclasses.replace(query, workload="image_generation")  # "sdxl + some light llm stuff": both uses
    beside = use_case.llm_beside_speech(query, named, env) if named is not None else ""
    if beside:  # "for local llms + whisper": the LLMs are ranked, the speech model's need is said beside them
        query = dataclasses.replace(query, model=None)
    query = feature_limit.limits(query, env)  # "still made", "not a gaming card", "with fp8": those cards only
    key = perf_workload(query.workload, query.precision)
    chat = chat_basis(query, env)
    need, need_why = memory_need(query, env)
    llm_floor = use_case.with_llms(query, need, env)  # "sd and some llms": both uses, the LLMs' floor
    if llm_floor:
        need, need_why = llm_floor
    vendors = (
        tuple({"amd": "AMD", "nvidia": "NVIDIA", "intel": "Intel"}.get(v.lower(), v) for v in query.vendor.split(","))
        if query.vendor
        else ("NVIDIA",)
    )
    below = price_of_named(query.cheaper_than, env)
    below_n = max(query.cheaper_than_count, n)  # "anything cheaper?" after 2 x 3090: below what the two cost
    if below is not None:  # "anything cheaper?": only GPUs priced below the one the last answer favoured
        below *= below_n
        budget = min(budget, below * 0.999) if budget else below * 0.999
    below_what = f"{below_n} x {query.cheaper_than}" if below_n > 1 else query.cheaper_than
    near = None
    if query.other_than and not budget:  # "second choice?" after $450-500 cards: alternatives near their price
        near = recommend_order.near_price(query.other_than, env)
        budget = near or budget
    dettmers = lexicon(env.lang).words_in("dettmers_mode", query.text.lower()) and not chat
    passive_ok = recommend_order.passive_ok(query, env)
    hushed = quiet.asks_quiet(query.text, env)
    lean = quiet.asks_efficient(query.text, env)  # "最省电": low power, then the most speed per watt
    # "消费级显卡": GeForce / RX / Arc; "not a gaming card" asks the other class (card_class), never this one
    consumer = query.consumer or (
        not query.card_class and lexicon(env.lang).words_in("consumer_words", query.text.lower())
    )
    capped = quiet.QUIET_GPU_W if hushed or lean else None
    caps = [w for w in (query.max_power_w, capped) if w]
    power_cap = min(caps) if caps else None

    tensor_only = key == "train16"  # a card without tensor cores trains 16-bit at its FP32 vector rate, if that

    def ranked(
        passive: bool,
        max_auto: int = 1,
        use_dettmers: bool = False,
        key: str = key,
        capped: bool = True,
        tensor: bool = tensor_only,
        picked: bool = False,
    ):
        inputs = rank_inputs(
            env,
            key,
            need=None if picked and max_auto == 1 else need,  # a pick below the memory floor is found too
            budget=budget if capped else None,
            condition=condition,
            vendors=vendors,
            max_power_w=power_cap,
            n=n if max_auto == 1 else 1,
            max_auto_gpus=max_auto,
            consumer=consumer,
            chat=chat,
            dettmers=use_dettmers,
            passive=passive,
            memory_asked=bool(query.min_memory_gb),
            tensor=tensor and not use_dettmers,
            official=recommend_order.official(query, env),
        )
        # picked: with the cards "what else?" leaves out, to weigh the new pick against them
        return among(dataclasses.replace(query, other_than=()) if picked else query, rank_snapshot(env.reader, inputs))

    ranking = ranked(passive_ok, use_dettmers=bool(dettmers))
    multi_note = one_note = ""
    splittable = (
        bool(query.model or getattr(query, "params_b", None))
        and query.workload not in ("llm_finetune", "image_generation")  # a diffusion model runs on one GPU
        and not query.min_memory_gb
        and not any(_is_image(m, env) for m in (query.model, *query.also_models) if m)  # a diffusion model: one card
    )
    max_auto = 1
    spaced = " " + re.sub(r"[,.?!;:()]", " ", query.text.lower()) + " "
    single = lexicon(env.lang).words_in("single_card_words", spaced)  # "one gpu", "单卡": one card only
    if (
        need and splittable and query.gpu_count <= 1 and not dettmers and not single
    ):  # no count named: several smaller GPUs may hold the model
        max_auto = 8
        ranking, one_note = one_card_first(ranked, passive_ok, budget, env, query.sort == "price")  # one card first
        if ranking.choice is not None and ranking.choice.n_gpus > 1:
            multi_note = env.t("rec.multi", need=f"{need:,.0f}", n=ranking.choice.n_gpus)
    if ranking.choice is None and query.min_memory_gb and query.gpu_count <= 1 and not dettmers and not single:
        # "cheapest way to get 48gb of vram for under 2k": no single card does it, several together may
        sets = ranked(passive_ok, 4)
        if sets.choice is not None:
            ranking, max_auto, multi_note = sets, 4, "memory"
    tune = ranking.choice is not None and query.workload == "llm_finetune"
    if tune and need and query.gpu_count <= 1 and not single and not dettmers:
        # "cheapest gpus for a qlora of a 70b", "full finetune a 7b, what gpus": several cards with the model split
        # over them (FSDP-QLoRA, DeepSpeed ZeRO-3) may cost less, or give more per dollar, than the one card that
        # holds it; the better of one card or several leads
        sets = ranked(passive_ok, 8)
        if note := sharded_sets.why_sets(ranking, sets, query.sort == "price", need, env):
            ranking, max_auto, multi_note = sets, 8, note
    if ranking.choice is None and need and query.workload == "llm_finetune" and query.gpu_count <= 1 and not single:
        # "cheapest gpu to full finetune qwen3 14b": no single card holds it; the fewest that do, sharded (ZeRO-3 /
        # FSDP split weights, gradients and optimizer states over the cards, docs/model.md §mem.train)
        sets = ranked(passive_ok, 8)  # none: the datacenter fallback below ranks sets of 8 too (a server)
        ranking, max_auto = (sets if sets.choice is not None else ranking), 8
        multi_note = env.t("rec.multi_sharded", need=f"{need:,.0f}")
    own = None  # "cheaper option?": the set-up picked before, as the ranking counts it
    if below is not None and not dettmers:  # "cheaper option?" also costs less over the years the ranking counts
        own = recommend_order.own_row(ranked(passive_ok, max_auto, capped=False), query.cheaper_than, below_n)
        ranking = recommend_order.cheaper_over_period(ranking, own)
    ranking = recommend_order.other_cards(ranking, query.cheaper_than) if below is not None else ranking
    picked_before: tuple = ()
    if query.other_than:  # each ranking once: a single-card ranking is found without the memory need already
        searched = [ranked(passive_ok, max_auto, capped=False, picked=True)]
        searched += [ranked(passive_ok, capped=False, picked=True)] if max_auto > 1 else []
        picked_before = recommend_order.picked_rows(tuple(searched), query.other_than)
    owned = env.reader.gpu(query.upgrade_from) if query.upgrade_from else None
    mine = 0.0
    if owned is not None:  # "my 3070 ..., upgrade to what": only cards that are an upgrade on it
        mine = upgrade_from.own_score(owned, ranked(passive_ok, max_auto, capped=False), key, chat)
        ranking = upgrade_from.narrow(ranking, owned, mine, env)
    by_price = getattr(query, "sort", None) == "price"
    if by_price:
        ranking = cheapest_first(ranking, env)
    elif query.sort == "speed":  # "ai性能前五", "最快的显卡是哪张": by speed, whatever the price
        ranking = fastest_first(ranking)
    efficient = not by_price and lean
    if efficient:  # "最省电的方案": speed per watt of board power
        ranking = most_efficient(ranking, env)
    passive_note = ""
    from_floor = need_from_floor(query) or bool(llm_floor)  # a rule's floor, not a model's need
    floor_only = bool(budget and need and from_floor)  # the below-floor answer covers it (below)
    usual_need, bare = need, ranking.choice is None and not passive_ok and not from_floor
    for quant, gguf_gb in image_gguf_floor.ladder(query, env) if bare else ():
        need = gguf_gb  # "an upgrade under 400 usd" for Flux: a GGUF denoiser on a 12 GB card, before a passive board
        ranking = ranked(passive_ok, max_auto)
        if ranking.choice is not None:
            passive_note = image_gguf_floor.note(env, query.model, quant, gguf_gb, usual_need)
            need_why = image_gguf_floor.need_text(env, query.model, quant, gguf_gb)
            break
    else:
        need = usual_need
    if not passive_ok and not dettmers and ranking.choice is None and not floor_only:  # only a datacenter card
        with_passive = ranked(True, max_auto)
        if below is not None:  # "便宜点的" after a pick: the cards below it, cheaper over the years, else to buy
            with_passive = recommend_order.below_pick(with_passive, own, query.cheaper_than)
        ranking = cheapest_first(with_passive, env) if by_price else with_passive
        if ranking.choice is not None:
            passive_note = env.t("rec.only_passive", gpu=env.reader.known_gpu(ranking.choice.gpu).short_name)
    elif not passive_ok and not dettmers and ranking.choice is not None:
        with_passive = ranked(True, max_auto)
        first = (cheapest_first(with_passive, env) if by_price else with_passive).choice
        if first is not None and first.gpu != ranking.choice.gpu:
            key_ = "rec.no_passive_cheapest" if by_price else "rec.no_passive"
            passive_note = env.t(key_, gpu=env.reader.known_gpu(first.gpu).short_name)
    tensor_note = ""
    if tensor_only and not dettmers:
        ordered = (lambda r: cheapest_first(r, env)) if by_price else (lambda r: r)
        wider = ordered(ranked(passive_ok or ranking.choice is None, max_auto, tensor=False))
        ranking, tensor_note = without_tensor_cores(ranking, wider, not floor_only, env)
    title = workload_title(env, key)
    if chat:
        title = env.t("rec.chat_title", model=chat[0].name, quant=chat[1])
        key = "llm_chat"
    elif query.workload == "image_generation" and key == "infer16":  # the metric said: a proxy for diffusion speed
        title = env.t("rec.image_title")
    lang, years = env.lang, f"{a.years:g}"
    steps = [env.t("rec.workload", title=title, need=(i18n.sep(lang) + need_why) if need_why else "")]
    families = feature_limit.families_step(query, env, bool(consumer))  # "which gpus support fp8"
    steps += [families] if families else []
    if chat or query.workload == "inference":
        steps.append(env.t("rec.two_inference_kinds"))
    if chat and not (query.model or getattr(query, "params_b", None)):
        steps.append(env.t("rec.chat_default", model=chat[0].name, quant=chat[1]))
    spoken = sized_model(query, env)[0] if query.model else None
    if spoken is not None and speech(spoken):  # "whisper realtime on a budget": the pick's speed said too
        steps.append(speech_pick.step(spoken, title, ranking.choice.gpu if ranking.choice else None, env))
    if beside:
        steps.append(beside)
    if dettmers:
        steps.append(env.t("rec.dettmers_mode"))
    if multi_note == "memory":  # said once the order is known
        multi_note = recommend_table.memory_sets_note(ranking, query.min_memory_gb or 0.0, env)
    if multi_note:
        steps.append(multi_note)
    moe = fit_hardware.moe_route(spoken, env, lead=True) if spoken is not None and by_price else ""  # leads
    steps += [moe] if moe and not (need and (query.model or getattr(query, "params_b", None))) else []
    steps += psu_note(env, query, ranking.choice) + ([env.t("rec.consumer_only")] if consumer else [])
    stock_pick = psu_stock_pick(env, query, ranking.choice, ranking.rows)  # "best gpu for a 500w psu"
    unpriced = unpriced_within(env, query.max_power_w, need or 0.0, vendors) if query.max_power_w else ""
    if query.still_made:  # "cheapest 24gb card still being made": the still-made cards without a price, named
        unpriced = unpriced_among(env, query.among, need or 0.0, vendors)
    if passive_note and unpriced and ranking.choice is not None:  # priced-only: the unpriced fan-cooled ones exist
        only = env.t("rec.only_passive", gpu=env.reader.known_gpu(ranking.choice.gpu).short_name)
        if passive_note == only:
            passive_note = env.t("rec.only_passive_priced", gpu=env.reader.known_gpu(ranking.choice.gpu).short_name)
    if passive_note:
        steps.append(passive_note)
    if tensor_note:
        steps.append(tensor_note)
    assumptions = env.assumption_dict() | {"budget_usd": budget, "condition": condition, "gpu_count": n}
    below_floor = None
    if ranking.choice is None and budget and need and from_floor:
        ranking, below_floor = pick_below_floor(query, env, ranking, need, budget, (condition, vendors, n, chat))
    if ranking.choice is not None and budget and need and from_floor and query.top_n:  # "top 3 under $2000 for llms"
        ranking, top_note = top_below_floor(query, env, ranking, need, budget, (condition, vendors, n, chat))
        steps += [top_note] if top_note else []
    if ranking.choice is None and budget and need and not from_floor:  # "预算20万跑deepseek r1 671b": short of it
        over = over_budget.answer(query, env, need, budget, respond)
        if over is not None:
            return over
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
            + (
                env.t("rec.none_among", family=query.among_label, snapshot=env.snapshot_label())
                if query.among_label
                else env.t("rec.none", snapshot=env.snapshot_label())
            ),
            steps=steps + [env.t("rec.excluded_examples", reasons=reasons)],
            figures={"ranking": []},
            assumptions=assumptions,
            assumption_text=assumption_text(env),
            lang=env.lang,
        )
    ranking, aside = recommend_table.stock_first(ranking, query.text, env)  # a modified card leads only by far
    best = ranking.choice
    if chat:  # a server of modules runs it tensor parallel (pricing._chat_speed)
        served = best.n_gpus > 1 and env.reader.known_gpu(best.gpu).server_module
        steps.append(
            env.t(
                "rec.chat_speed_server" if served else "rec.chat_speed",
                gpu=label(best),
                tps=f"{best.score * chat[2]:,.0f}",
                model=chat[0].name,
                quant=chat[1],
                ref=f"{chat[2]:,.0f}",
            )
        )
    variant = difference_note([env.reader.known_gpu((aside or best).gpu)], env)
    if variant:  # a modified (2080 Ti 22 GB) or China-market card leads: what differs, warranty and seller risk
        steps.append(variant)
    count = f"{best.n_gpus} x " if best.n_gpus > 1 else ""
    head_key = {"price": "rec.head_cheapest", "speed": "rec.head_fastest"}.get(query.sort or "", "rec.head")
    headline = env.t(
        head_key,
        score=f"{best.score:.2f}",
        title=title,
        count=count,
        gpu=best.gpu,
        upfront=env.money(upfront_usd(best, env)),
        price=env.money(best.price_usd),
        value=f"{env.per_money(best.value_per_tco):.2f}",
        years=years,
        per=env.money_unit(),
    )
    headline += recommend_table.pointer(best, ranking, aside, env, years) + (one_note if best.n_gpus > 1 else "")
    headline += mac_beside.note(query, env, best)  # "deepseek r1 671b at home": a 512 GB Mac holds it for less
    if spoken is not None and not by_price and best.n_gpus > 1 and (moe_way := fit_hardware.moe_route(spoken, env)):
        headline += i18n.gap(lang) + moe_way  # "gpt-oss-120b hardware": one card with the experts in system RAM
    headline += (i18n.gap(lang) + unpriced) if unpriced else ""  # "整卡功耗不能超过75w": the unpriced 70 W cards
    headline += (i18n.gap(lang) + stock_pick) if stock_pick else ""
    if not (by_price or efficient or query.top_n or below is not None or owned is not None or query.sort):
        headline += recommend_table.budget_fastest(best, ranking, budget, env)  # "i have $2500 for a gpu"
    maker_cited = ""
    by_maker = vendor_choice.lead(ranking, vendors, title, env) if len(vendors) > 1 else ""
    if by_maker:  # "amd or nvidia for local llms": each maker's best value first, then what its software takes
        verdict, software, maker_cited = vendor_choice.software_step(env)
        # it names the pick of each maker (the usual "best value" line would say one again), then the verdict on them
        headline = by_maker + (i18n.gap(lang) + verdict if verdict else "")
        steps += [software] if software else []
    if efficient:
        headline = env.t(
            "quiet.head_efficient",
            title=title,
            gpu=label(best),
            score=f"{best.score:.2f}",
            tdp=f"{watts(best, env) * best.n_gpus:,.0f}",
            per_kw=f"{quiet.per_watt(best.score, watts(best, env), best.n_gpus):.1f}",
            price=env.money(best.price_usd * best.n_gpus),
        )
        steps.append(quiet.efficient_note(env))
    if hushed:
        steps.append(quiet.quiet_note(env))
    table, converted = recommend_table.ranking_table(query, ranking, years, env)
    if converted:
        steps.append(env.t("rec.converted_mark"))
    cheapest = getattr(query, "sort", None) == "price"
    top: list[dict] = []
    if query.top_n:
        headline, top_steps, top = recommend_table.top_list(query, env, ranking, title, years)
        table.headers.insert(0, "#")
        table.rows = [[str(k), *row] for k, row in enumerate(table.rows[: query.top_n], 1)]
        steps += top_steps
    if not query.top_n:
        steps += recommend_table.runner_up_steps(ranking, best, cheapest, env)
    steps += recommend_table.excluded_steps(ranking, budget, env)
    lighter = _lighter_method(query, env)
    steps += lighter
    if lighter and best.n_gpus > 1 and finetune_method(query) == "full":  # several cards just to hold it: the
        headline += i18n.gap(lang) + lighter[-1]  # lightest method on one card is the cheaper way, said up front
    if key.startswith("train") and any(r.memory_gb < 24 for r in ranking.rows[:8]):
        steps.append(env.t("rec.batch_note"))
    steps.append(chart_opinion(query, env, budget))
    if not query.vendor:
        steps.append(env.t("rec.nvidia_only"))
    elif query.vendor.upper() != "NVIDIA":
        steps.append(env.t("compare.why_software", gpus=best.gpu, stack=software_stack(env.reader.gpus([best.gpu]))))
    figures: dict = {"ranking": recommend_table.ranking_figures(ranking), "memory_need_gb": need}
    if chat and best.n_gpus == 1 and (query.model or getattr(query, "params_b", None)):  # its speed on that model
        figures["tokens_per_second"] = round(best.score * chat[2], 1)
    figures |= {"excluded": len(ranking.excluded), "workload_key": key, "ranked_count": len(ranking.rows)}
    chart = Chart(
        kind="bars",
        title=env.t("compare.row_per_tco", title=title, years=years, per=env.money_unit()),
        labels=[label(r) for r in ranking.rows[:10]],
        values=[env.per_money(r.value_per_tco) or 0.0 for r in ranking.rows[:10]],
    )
    sources = (
        env.cite(*[r.price_source for r in ranking.rows[:3]])
        + env.rate_sources()
        + ["method: docs/model.md §rec, §perf, §cost.tco"]
        + (env.cite(*maker_cited.split(";")) if by_maker and maker_cited else [])
    )
    if top:
        figures["top_n"], figures["top"] = query.top_n, top
    together = recommend_order.together(query, env, need, budget, condition, vendors, best)
    if together is not None:  # "cheapest way to get 48gb": several cards hold it together for less
        headline = with_together(query, headline, together, best, env)
        fewer = recommend_order.fewer_cards(query, env, need, budget, condition, vendors, best, together)
        if fewer is not None:  # "cheapest way to get 48gb": 4 x RTX 3060, and 2 x RTX 3090 with fewer cards
            headline += i18n.gap(lang) + fewer_sentence(fewer, env)
        steps.insert(1, env.t("rec.together_caveat", each=gb(together.memory_gb), n=together.n_gpus))
        steps = recommend_table.not_excluding(steps, together.gpu, env)  # (it is excluded as one card only)
        figures["multi_card"] = {
            "gpu": together.gpu,
            "gpu_count": together.n_gpus,
            "total_usd": round(together.price_usd * together.n_gpus, 2),
            "memory_gb": together.memory_gb * together.n_gpus,
        }
    server = recommend_order.together_passive(query, env, need, budget, condition, vendors, together or best)
    if server is not None and not passive_ok:  # "cheapest 48gb": 2 x P40, named with the cooling caveat, not dropped
        server_gpu = env.reader.known_gpu(server.gpu)
        headline += i18n.gap(lang) + env.t(
            "rec.together_passive" if server.n_gpus > 1 else "rec.together_passive_one",
            n=server.n_gpus,
            gpu=server_gpu.short_name,
            memory=gb(server.memory_gb * server.n_gpus),
            total=env.money(server.price_usd * server.n_gpus),
            slow="" if hardware.has_tensor_cores(server_gpu) else env.t("rec.together_passive_slow"),
        )
        figures["server_cards"] = {"gpu": server.gpu, "gpu_count": server.n_gpus}
    if below_floor:  # the pick is the most memory within budget, not the best value: say that instead
        headline = below_floor
        figures["below_floor"] = True
    if below is not None:
        headline = env.t("rec.cheaper_than", gpu=below_what, money=env.money(below)) + headline
        if own is not None:  # what the cheaper pick saves and the speed it keeps
            headline += i18n.gap(lang) + recommend_order.cheaper_trade(best, own, years, env)
        figures["cheaper_than"] = query.cheaper_than
    if query.other_than:
        head, trade = recommend_order.besides(best, picked_before, query.other_than, years, env, near)
        headline = head + headline + (i18n.gap(lang) + trade if trade else "")
        figures["other_than"] = list(query.other_than)
    if owned is not None:
        unbounded = ranked(passive_ok, max_auto, capped=False)
        real = upgrade_from.narrow(unbounded, owned, mine, env).choice
        short = upgrade_from.marginal(best, owned, mine, title, env, real)  # the owned card or under 1.2x: said
        if short and best.gpu == owned.name:
            headline = short
        elif short:
            headline = short + i18n.gap(lang) + headline
        else:
            headline += i18n.gap(lang) + upgrade_from.against(best, owned, mine, title, env)
        figures["upgrade_from"] = owned.name
        figures["upgrade_marginal"] = bool(short)
        if not short:  # "rig: ..., 750w psu, 3070. want to run 70b": the PSU and the owned card's sale as well
            lead, extra, extra_figures, extra_sources = upgrade_costs.sentence(query, best, owned, env, unbounded.rows)
            headline = i18n.gap(lang).join(p for p in (lead, headline, extra) if p)  # a cheaper keep-and-add leads
            figures |= extra_figures
            sources += [c for c in extra_sources if c not in sources]
    if query.among_label:  # "best 30 series card for llms": the family the ranking is limited to, said first
        headline = env.t("rec.among", family=query.among_label, n=len(ranking.rows)) + i18n.gap(lang) + headline
    if families and query.budget_usd is None and query.sort is None and not query.model:
        headline = families + i18n.gap(lang) + headline  # "哪些卡支持fp8": which cards first, then the value pick
        steps.remove(families)
        figures["among"] = list(query.among)
    if need and (query.model or getattr(query, "params_b", None)):
        # "跑flux dev最低要什么显卡": what it takes first (the memory the model needs), then the cheapest that has it;
        # "what gpu do i need to finetune llama 3.1 70b with qlora": the pick, then the memory it is picked for
        if cheapest:  # "cheapest way to run deepseek r1": one card and the experts in system RAM first (cheaper)
            key = "rec.minimum" if max_auto > 1 else "rec.minimum_one"  # one card: a diffusion model does not split
            key = "rec.minimum_below" if below_floor else key  # no card within the budget has it: not "each below has"
            headline = i18n.gap(lang).join(p for p in (moe, env.t(key, need=need_why), headline) if p)
        else:  # the pick asked leads, what the model takes follows
            needs_key = "rec.needs_below" if below_floor else "rec.needs" if max_auto > 1 else "rec.needs_one"
            headline = headline + i18n.gap(lang) + env.t(needs_key, need=need_why)
    if cheapest:
        figures["minimum"] = True  # the cheapest that meets the need leads (respond/figure_net: a minimum asked)
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


def _lighter_method(query: RecommendQuery, env: Env) -> list[str]:
    """ "anything cheaper that still works?" after a LoRA fit: the cheaper cards hold LoRA itself; the cheapest
    desktop card that holds the job with QLoRA instead is named beside them, said as a change of method. A full
    fine-tune: the cheapest for LoRA and for QLoRA instead, always."""
    method = finetune_method(query)
    if query.workload != "llm_finetune" or method not in ("lora", "full"):
        return []
    if (method == "lora" and not query.cheaper_than) or from_scratch(query, env):  # (pretraining has no adapters)
        return []
    out = []
    for lighter_mode in ("lora", "qlora") if method == "full" else ("qlora",):
        lighter = respond(dataclasses.replace(query, mode=lighter_mode, precision=None, sort="price"), env)
        pick = lighter.choice
        if not pick:
            continue
        need = lighter.figures.get("memory_need_gb")
        row: dict = next((r for r in lighter.figures.get("ranking") or [] if r["gpu"] == pick), {})
        n = int(row.get("gpu_count") or 1)
        key = "rec.qlora_instead" if method == "lora" else f"rec.{lighter_mode}_instead_full"
        out.append(
            env.t(
                key,
                gpu=f"{n} x {pick}" if n > 1 else pick,
                price=env.money((row.get("price_usd") or 0.0) * n),
                need=f"{need:.1f}" if need else "?",
            )
        )
    return out


def _is_image(model, env: Env) -> bool:
    spec = env.reader.model(model.key) if model.key else None
    return spec is not None and spec.kind == "image"
