"""Whether one GPU suits a workload: enough / good / worth it / overkill / necessary, by the reference's memory
floors (FLOOR_GB: 12 GB image generation, 24 GB LLMs and transformers), the relative speed of the performance model
and the value ranking of every GPU priced in the snapshot in force (§rec).

Contract: `suitability_verdict(query, gpu, n, env)` returns the verdict Answer (headline first: yes / no / yes if
<condition>, then the numbers that decide it; `figures["verdict"]` as verdict.py describes); `for_a_purpose` says
whether the question names what the card is for. Nothing changes the snapshot or the dialogue.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import hardware, memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import VerdictQuery
from assistant.respond import (
    narrow_link,
    upgrade_path,
    vendor_practice,
    verdict_value,
)
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_finetunable, largest_llm, smallest_too_big
from assistant.respond.mining import mining_notes
from assistant.respond.pricing import (
    assumption_text,
    perf_workload,
    sibling_price_note,
)
from assistant.respond.recommend_order import nvidia_ranking
from assistant.respond.variants import risk_lead, variant_notes
from assistant.respond.verdict_reply import verdict_answer
from assistant.respond.verdict_small import bigger_sibling, small_yes
from assistant.respond.wording import counted, software_stack, spec_source
from assistant.specs import GpuSpec

# the reference's memory floors (knowledge/concepts.toml "value-per-dollar"; recommend_need._FLOOR_GB)
FLOOR_GB = {"image_generation": 12.0, "llm_inference": 24.0, "llm_finetune": 24.0}
SMALL_GENERAL_GB = FLOOR_GB["image_generation"]  # under the reference's smallest floor a general "yes" is conditional
MORE_MEMORY_GB = 8  # a better-value card this much (and half) smaller does not make a roomier one "not worth it" [A]
STRETCH = 1.25  # a better-value card dearer than this many times the asked one makes "worth it" a yes-if-budget [A]


def _llm_only(query: VerdictQuery, memory_gb: float, env: Env) -> bool:
    """A card without tensor cores still earns a conditional yes when it holds at least half the LLM
    floor (12 GB: 14B-class models at 4-bit) and the question does not insist on training or image
    generation: single-user LLM decoding is bound by memory size and bandwidth, not matrix units
    (§llm.decode). Asked for LLMs in so many words ("is a 1080 ti 11gb still usable for local llms"), holding the
    common local model (Llama 3 8B at 4-bit) is enough for that conditional yes, and so it is when no use is named
    ("can a 1080 ti still do anything useful for ai": running a local model is what such a card still does)."""
    if query.workload in ("llm_inference", None) and memory_gb < FLOOR_GB["llm_inference"] / 2:
        basis = verdict_value.chat_basis(env, "llm_inference")
        # at a 4k context, as such a card runs it (a 6 GB card holds Llama 3 8B at 4-bit there, §mem.largest)
        return basis is not None and memory.inference_memory(basis[0], basis[1], context=4096).total_gb <= memory_gb
    return memory_gb >= FLOOR_GB["llm_inference"] / 2 and query.workload in (None, "llm_inference", "inference")


def suitability_verdict(query: VerdictQuery, gpu: GpuSpec, n: int, env: Env) -> Answer:
    workload = query.workload or "training"
    key = perf_workload(workload, None)
    chat = verdict_value.chat_basis(env, workload)
    speeds = verdict_value.Speeds(env, key, chat)
    title = speeds.title()
    floor = FLOOR_GB.get(workload)
    mem = (gpu.memory_gb or 0) * n
    mine = speeds.row(gpu, n)
    speed = mine.perf.score
    vendors = ("NVIDIA",) if gpu.vendor == "NVIDIA" else ("NVIDIA", gpu.vendor)
    ranking = nvidia_ranking(env, key, floor, n, vendors, chat)
    rows = list(ranking.rows)
    position = next((i for i, r in enumerate(rows, 1) if r.gpu == gpu.name and r.n_gpus == n), None)
    placed = False
    if position is None and mine.price is not None and mine.per_tco and not verdict_value.excluded(ranking, gpu):
        # "is a titan rtx worth $500": a card the snapshot does not price, at the price the user gave, placed among
        # the ranked cards by the same value (it said "outside the ranking's constraints" beside an equal value)
        position, placed = 1 + sum(1 for r in rows if r.value_per_tco > mine.per_tco), True
    total = len(rows) + (1 if placed else 0)
    ceiling, best, cheapest = verdict_value.alternatives(rows, gpu, n, mine, env)
    what = counted(env, gpu, n)
    use = env.t(f"verdict.use_{workload}")
    condition, alternatives = None, []
    steps = []
    if floor:
        steps.append(env.t("verdict.floor", use=use, floor=f"{floor:g}", mem=f"{mem:g}", what=what))
    if gpu.vendor == "Apple":
        answer = "yes_if"
        condition = env.t("verdict.cond_apple")
        head = env.t("verdict.head_apple", what=what, mem=f"{mem:g}", bw=f"{gpu.memory_bandwidth_gb_s or 0:,.0f}")
        usable = hardware.gpu_memory_limit_gb(gpu) * n
        # whatever the work ("macbook air m3 16gb, anything useful locally", "16gb m2 mini to learn pytorch"): what
        # macOS lets its GPU hold decides what a Mac runs, never "large models fit" on a 16 GB one
        model = largest_llm(env, usable)
        if model:  # "m3 pro 18gb macbook, any point doing local llms": what macOS lets the GPU hold, not the 18 GB
            key_apple = (
                "verdict.head_apple_small" if usable < FLOOR_GB["llm_inference"] / 2 else "verdict.head_apple_fit"
            )
            head = env.t(
                key_apple,
                what=what,
                mem=f"{mem:g}",
                usable=f"{usable:g}",
                model=model,
                bw=f"{gpu.memory_bandwidth_gb_s or 0:,.0f}",
            )
    elif (speed <= 0 or not hardware.has_tensor_cores(gpu)) and _llm_only(query, mem, env):
        # a card without tensor cores (P40, P100): slow to train, but LLM decoding is memory-bound
        model = largest_llm(env, mem)
        answer = "yes_if"
        condition = env.t("verdict.cond_llm_only")
        key_head = "verdict.head_llm_only" if mem >= FLOOR_GB["llm_inference"] else "verdict.head_llm_only_small"
        head = env.t(
            key_head,
            what=what,
            use=use,
            mem=f"{mem:g}",
            bw=f"{(gpu.memory_bandwidth_gb_s or 0) * n:,.0f}",
            model=model or "?",
        )
    elif speed <= 0:
        answer = "no"
        head = env.t("verdict.head_unrated", what=what, use=use)
    elif not hardware.has_tensor_cores(gpu) and workload == "image_generation" and (slow := _slow_images(env, gpu, n)):
        answer, condition, head = "yes_if", env.t("verdict.cond_slow"), slow  # "gtx 1080 8gb for stable diffusion"
    elif not hardware.has_tensor_cores(gpu):  # a small model still trains ("yolo11n on a gtx 1650"): verdict_small
        answer, head = "no", env.t("verdict.head_no_tensor", what=what, use=use)
        if small := small_yes(env, gpu, n, workload, query.text):
            answer, (condition, head) = "yes_if", small
    elif floor and mem < floor and query.kind != "overkill":
        if mem >= floor / 2:
            answer = "yes_if"
            condition = _small_condition(env, workload, mem / n, floor)
            head = env.t("verdict.head_limited", what=what, use=use, mem=f"{mem:g}", condition=condition)
        elif small := small_yes(env, gpu, n, workload, query.text):  # 8 GB still hold a 9B LLM at 4-bit
            answer, (condition, head) = "yes_if", small
        else:
            answer = "no"
            head = env.t("verdict.head_too_small", what=what, use=use, mem=f"{mem:g}", floor=f"{floor:g}")
    elif query.kind == "overkill":
        answer, head, condition = _overkill(env, gpu, n, what, use, mine, cheapest, key)
        if lexicon(env.lang).words_in("verdict_necessary", f" {query.text.lower()} ") and not lexicon(
            env.lang
        ).words_in("verdict_overkill", f" {query.text.lower()} "):
            answer, head = _necessary(env, answer, head, what, use)  # "有必要上4090吗": overkill said the other way
    elif query.kind == "worth":
        if position is None and mine.price is not None:
            why = verdict_value.why_not_ranked(env, ranking, gpu, mine)
            answer, head, condition = "no", env.t("verdict.head_not_ranked", what=what, use=use, why=why), None
        else:
            answer, head, condition = _worth(env, gpu, what, use, mine, best, position, total, key)
        if mine.price is None and any(upgrade_path.owns(query.text.lower(), g.mention, env) for g in query.gpus):
            # "实验室有张titan rtx 还值得留着吗 还是卖了换新的": the user's own card, no price to weigh: keep it
            answer, condition = "yes_if", None
            head = env.t("verdict.keep_owned", what=what, mem=f"{mem:g}", speed=f"{speed:.2f}", use=use)
    elif not floor and mem < SMALL_GENERAL_GB and query.kind != "overkill":
        # "does the 5060 ti 8gb make sense for ai": no floor for the work asked, but under the smallest one the
        # reference names (12 GB for image generation), only small models train: a yes with that condition
        answer = "yes_if"
        condition = env.t("verdict.cond_small", floor=f"{SMALL_GENERAL_GB:g}")
        head = env.t("verdict.head_limited", what=what, use=use, mem=f"{mem:g}", condition=condition)
    else:
        answer = "yes"
        # the reference card is not measured against itself ("为啥3090这么香" said "1.00x an RTX 3090")
        yes_key = "verdict.head_yes_reference" if gpu.name == C.REF_NAME and n == 1 else "verdict.head_yes"
        if query.stand_ins:  # "thoughts on the nvidia h350": no "Yes" for a card other than the one asked about
            yes_key = "verdict.head_stand_in"
        if n > 1 and not query.stand_ins:  # "4x 4060 ti 16gb, any good for training": a set, its memory per card
            yes_key = "verdict.head_yes_set"
        each = f"{gpu.memory_gb or 0:g}"
        head = env.t(yes_key, what=what, use=use, mem=f"{mem:g}", speed=f"{speed:.2f}", title=title, each=each)
        if n > 1 and query.workload in ("training", "llm_finetune"):
            head += i18n.gap(env.lang) + env.t("verdict.set_train_copies", each=each)
    if answer in ("yes", "yes_if") and vendor_practice.other_vendor(gpu):  # "9070xt能炼丹吗 还是老老实实买n卡"
        alt = verdict_value.nvidia_near(rows, mine, env)
        lead = vendor_practice.verdict_lead(gpu, query.workload, alt, env)
        if lead:
            if answer == "yes":  # the paper figures follow the caveat, not a second "yes"
                head = env.t(
                    "verdict.head_paper", what=what, use=use, mem=f"{mem:g}", speed=f"{speed:.2f}", title=title
                )
            answer = "yes_if"
            cond = env.t("verdict.cond_vendor", stack=software_stack([gpu]))
            condition = f"{condition}{i18n.sep(env.lang)}{cond}" if condition else cond
            head = lead + i18n.gap(env.lang) + head
    owned = any(upgrade_path.owns(query.text.lower(), g.mention, env) for g in query.gpus)  # "公司原来有几台3080"
    if answer == "yes_if" and n == 1 and not owned and (roomier := bigger_sibling(env, gpu)):  # "5060 ti 8gb a trap?"
        head += i18n.gap(env.lang) + roomier
    core = answer  # before the airflow condition: what the card itself earned
    if gpu.passively_cooled and answer in ("yes", "yes_if"):  # "is a tesla t4 good for a home server"
        answer = "yes_if"
        module = gpu.server_module == "SXM" and "SXM2" not in gpu.name  # SXM4 on: only on a server's baseboard
        passive = env.t("verdict.cond_module" if module else "verdict.cond_passive")
        condition = f"{condition}{i18n.sep(env.lang)}{passive}" if condition else passive
        caveat = "verdict.module_caveat" if module else "verdict.passive_caveat"
        head += i18n.gap(env.lang) + env.t(caveat, gpu=gpu.short_name)
    if answer in ("yes", "yes_if") and (narrow := narrow_link.caveat(gpu, env)):  # "cmp 170hx跑大模型能用吗"
        head += i18n.gap(env.lang) + narrow
    if chat and speed > 0:
        steps.append(
            env.t(
                "verdict.chat_speed",
                what=what,
                tps=f"{speeds.tokens_per_s(gpu):,.0f}",
                model=chat[0].name,
                quant=chat[1],
                ref=f"{chat[2]:,.0f}",
            )
        )
    if position:
        steps.append(env.t("verdict.rank", what=what, pos=position, total=total, title=title))
    sibling_sources: list[str] = []
    if not position and mine.price is None:
        steps.append(env.t("verdict.no_price_step", what=what, snapshot=env.snapshot_label()))
        sibling_steps, sibling_sources = sibling_price_note(gpu.name, env)  # a priced variant, named as such
        steps += sibling_steps
    if gpu.vendor in ("AMD", "Intel"):
        steps.append(env.t("compare.why_software", gpus=gpu.short_name, stack=software_stack([gpu])))
    ended, ended_sources = vendor_practice.rocm_ended(gpu, env)  # "4 x mi50": ROCm dropped gfx906
    if ended:
        steps.insert(0, ended)
    cuda, cuda_state, cuda_sources = vendor_practice.cuda_ended(gpu, env)  # "k80 for $40, any use": Kepler is gone
    if cuda_state == "gone":
        answer, condition, head = "no", None, cuda
    elif cuda:
        steps.insert(0, cuda)
    ended_sources = [*ended_sources, *cuda_sources]
    market_steps, market_sources = variant_notes([gpu], env)  # China versions / modified-card caveats
    risks = risk_lead(gpu, query.text, env)  # "魔改2080ti 22g靠谱吗": the modified card's risks lead
    if risks:  # "safe to buy?": the verdict on the risk first, then the catches ("有坑吗" asks the catches alone)
        trust = "" if _CATCHES.search(query.text.lower()) else env.t("card_risks.modified_lead")
        head = i18n.gap(env.lang).join(p for p in (trust, risks, head) if p)
        market_steps = [s for s in market_steps if s != risks]
    mining_steps, mining_sources = mining_notes(query.text, env)  # "矿卡3080能用来炼丹吗": what to check
    if mining_steps and query.kind == "good" and not query.workload:  # "is buying a used mining 3090 fine?": the
        head = i18n.gap(env.lang).join([env.t("mining.yes_if") + mining_steps[-1], head])  # condition is the question
        mining_steps = mining_steps[:-1]
    elif mining_steps and query.kind == "worth" and not query.workload:  # "矿卡3090能买吗": value, then the checks
        head = i18n.gap(env.lang).join([head, mining_steps[-1]])
        mining_steps = mining_steps[:-1]
    steps += market_steps + mining_steps
    market_sources += mining_sources
    table = Table(
        headers=[
            "",
            env.t("verdict.col_memory"),
            env.t("verdict.col_speed", title=title),
            env.t("verdict.col_price"),
            env.t("verdict.col_value", per=env.money_unit(), years=f"{env.assumptions.years:g}"),
            env.t("verdict.col_rank"),
        ],
        rows=[verdict_value.value_table_row(env, what, mine, f"{position}/{total}" if position else "—")],
    )
    band = env.t("verdict.best_in_band", money=env.money(ceiling)) if ceiling else ""
    # other cards only where they answer something: a "no", a "worth it" or "overkill" weighs them; a yes to "is it
    # good / enough" does not ask for them; "cheapest that does it" beside a card I cannot price misleads
    shown = [] if query.kind in ("good", "enough") and core == "yes" else [(band, best)]
    cheaper = (
        cheapest is not None and mine.price is not None and cheapest.price_usd * cheapest.n_gpus < mine.price.usd * n
    )
    shown += [(env.t("verdict.cheapest_ok"), cheapest)] if cheaper and shown else []  # only below the asked card
    for label, r in shown:
        other = env.reader.gpu(r.gpu) if r is not None else None
        if r is not None and other is not None and r.gpu != gpu.name and r.gpu not in alternatives:
            alternatives.append(r.gpu)
            pos = next(i for i, x in enumerate(rows, 1) if x is r)
            label = f"{label}{i18n.colon(env.lang)}{counted(env, other, r.n_gpus, article=False)}"
            table.rows.append(
                verdict_value.value_table_row(env, label, speeds.row(other, r.n_gpus), f"{pos}/{len(rows)}")
            )
            if chat:
                steps.append(
                    env.t(
                        "verdict.alt_chat",
                        gpu=counted(env, other, r.n_gpus, article=False),
                        tps=f"{speeds.tokens_per_s(other):,.0f}",
                        price=env.money(r.price_usd * r.n_gpus),
                    )
                )
    if gpu.unified_memory:
        steps.append(env.t("fit.unified", gpu=gpu.short_name, gb=f"{gpu.memory_gb:g}"))
    verdict = {
        "answer": answer,
        "kind": query.kind,
        "condition": condition,
        "gpu": gpu.name,
        "gpu_count": n,
        "workload": workload,
        "speed_measure": "chat" if chat else key,
        "chat_model": chat[0].key if chat else None,
        "memory_gb": mem,
        "memory_floor_gb": floor,
        "relative_speed": round(speed, 3),
        "value_rank": position,
        "ranked": total,
        "price_band_usd": round(ceiling, 2) if ceiling else None,
        "alternatives": alternatives if answer != "yes" or query.kind == "overkill" else alternatives[:1],
    }
    price_sources = [mine.price.source] if mine.price else []
    return verdict_answer(
        query,
        env,
        gpu,
        head,
        verdict,
        tables=[table],
        steps=steps,
        assumption_text=assumption_text(env),
        sources=[spec_source(gpu, env)]
        + env.cite(*price_sources, "dettmers-2023")
        + [s for s in sibling_sources if s not in env.rate_sources()]
        + env.cite(*market_sources)
        + vendor_practice.sources([gpu], env)
        + ended_sources
        + env.rate_sources()
        + ["method: docs/model.md §perf, §rec" + (", §llm.decode" if chat else "")],
    )


def _worth(env: Env, gpu, what, use, mine, best, position, total, key) -> tuple[str, str, str | None]:
    """`best`: the best value in the asked GPU's price class (None: nothing there beats it)."""
    if mine.price is None:
        return "yes_if", env.t("verdict.head_no_price", what=what, use=use), env.t("verdict.cond_price")
    ratio = (mine.per_tco or 0) / best.value_per_tco if best is not None and best.value_per_tco else 1.0
    if best is None or ratio >= 0.9:
        return "yes", env.t("verdict.head_worth", what=what, use=use, pos=position, total=total), None
    other = env.gpu(best.gpu)
    faster = mine.perf.score / best.score if best.score else 0
    mem, other_mem = (gpu.memory_gb or 0) * mine.n_gpus, (other.memory_gb or 0) * best.n_gpus
    roomier = mem >= 1.5 * other_mem and mem - other_mem >= MORE_MEMORY_GB  # "a6000值得买吗": its 48 GB is the point
    if faster > 1.1 or roomier:
        reasons = [env.t("verdict.cond_speed", faster=f"{faster:.1f}", other=other.short_name)] if faster > 1.1 else []
        if roomier:  # "h20值吗": its 96 GB as well as its speed
            reasons.append(
                env.t("verdict.cond_memory", mem=f"{mem:g}", other=other.short_name, other_mem=f"{other_mem:g}")
            )
        condition = env.t("verdict.cond_both", a=reasons[0], b=reasons[1]) if len(reasons) > 1 else reasons[0]
        head = env.t(
            "verdict.head_worth_if",
            what=what,
            use=use,
            condition=condition,
            other=counted(env, other, best.n_gpus, article=False),
            more=f"{(1 / ratio - 1) * 100:.0f}" if ratio else "?",
        )
        return "yes_if", head, condition
    mine_usd, best_usd = mine.price.usd * mine.n_gpus, best.price_usd * best.n_gpus
    if best_usd > STRETCH * mine_usd:  # "5060 ti 16gb for learning, or a waste": better value only for more money
        condition = env.t("verdict.cond_budget", price=env.money(mine_usd))
        head = env.t(
            "verdict.head_worth_budget",
            what=what,
            use=use,
            pos=position,
            total=total,
            extra=env.money(best_usd - mine_usd),
            other=counted(env, other, best.n_gpus, article=False),
            faster=f"{best.score / mine.perf.score:.2f}" if mine.perf.score else "?",
            more=f"{(1 / ratio - 1) * 100:.0f}" if ratio else "?",
            price=env.money(mine_usd),
        )
        return "yes_if", head, condition
    return (
        "no",
        env.t(
            "verdict.head_not_worth",
            what=what,
            use=use,
            other=counted(env, other, best.n_gpus, article=False),
            faster=f"{best.score / mine.perf.score:.2f}" if mine.perf.score else "?",
            more=f"{(1 / ratio - 1) * 100:.0f}" if ratio else "?",
        ),
        None,
    )


def _overkill(env: Env, gpu, n, what, use, mine, cheapest, key) -> tuple[str, str, str | None]:
    if cheapest is None or mine.price is None or cheapest.gpu == gpu.name:
        return "no", env.t("verdict.head_not_overkill", what=what, use=use), None
    other = env.gpu(cheapest.gpu)
    price_ratio = mine.price.usd * n / (cheapest.price_usd * cheapest.n_gpus)
    faster = mine.perf.score / cheapest.score if cheapest.score else 0
    if price_ratio >= 2:
        head = env.t(
            "verdict.head_overkill",
            what=what,
            use=use,
            other=counted(env, other, cheapest.n_gpus),
            price=env.money(cheapest.price_usd * cheapest.n_gpus),
            times=f"{price_ratio:.1f}",
            faster=f"{faster:.1f}",
        )
        return "yes", head, None
    return "no", env.t("verdict.head_not_overkill", what=what, use=use), None


def _necessary(env: Env, answer: str, head: str, what: str, use: str) -> tuple[str, str]:
    """ "is it necessary": an overkill answer's verdict turned round, its reasons kept ("Yes, mostly: for image
    generation, an RTX 3060 ... " -> "No, not needed: for image generation, an RTX 3060 ...")."""
    if answer == "yes":
        opener = env.t("verdict.overkill_opener")
        rest = head[len(opener) :] if head.startswith(opener) else head
        return "no", env.t("verdict.head_not_needed") + rest
    return "yes", env.t("verdict.head_needed", what=what, use=use)


_CATCHES = re.compile(r"坑|catch|gotcha|problem|issue|downside")


def for_a_purpose(query: VerdictQuery, env: Env) -> bool:
    """An offer asked about with a use ("for a beginner", "for llms", "新手练手") or what it is good for ("能拿来干啥",
    "what can i do with it"): the card's suitability as well."""
    words, low = lexicon(env.lang), query.text.lower()
    return bool(query.workload) or bool(words.words_in("verdict_purpose", low) or words.words_in("what_for_words", low))


def _small_condition(env: Env, workload: str, per_card_gb: float, floor: float) -> str:
    """What a card under the workload's memory floor still does: LLM inference up to the largest 4-bit model,
    LLM fine-tuning up to the largest QLoRA / LoRA fine-tune (not the inference size), else smaller models."""
    if workload == "llm_finetune":
        qlora = largest_finetunable(env, per_card_gb, "qlora")
        if qlora:
            lora = largest_finetunable(env, per_card_gb, "lora")
            key = "verdict.cond_llm_train" if lora else "verdict.cond_llm_train_qlora"
            return env.t(key, qlora=qlora, lora=lora or "")
    elif workload.startswith("llm"):
        largest = largest_llm(env, per_card_gb)
        if largest:
            over = smallest_too_big(env, per_card_gb)  # "5070 12g跑大模型够不够用": what it cannot run too
            cannot = env.t("verdict.cond_llm_not", model=over[0], need=f"{over[1]:.1f}") if over else ""
            return env.t("verdict.cond_llm", model=largest) + cannot
    return env.t("verdict.cond_small", floor=f"{floor:g}")


def _slow_images(env: Env, gpu, n: int) -> str:
    """A card without tensor cores asked for image generation: it runs SD 1.5 and SDXL on its shader units, slowly;
    the lead with each one's estimated seconds per image (§image.speed) where it holds them at fp16, "" otherwise."""
    from assistant.models import diffusion_memory, image_speed

    found = []
    for key in ("sd-1.5", "sdxl-base"):
        model = env.reader.model(key)
        if model is None or diffusion_memory.image_memory(model).total_gb > (gpu.memory_gb or 0) * n:
            continue
        speed = image_speed.image_speed(gpu, model)
        if speed is not None and speed.seconds_per_image > 0:
            found.append(env.t("verdict.slow_image", model=model.name, sec=f"{speed.seconds_per_image:,.0f}"))
    if not found:
        return ""
    return env.t("verdict.head_slow_images", gpu=gpu.short_name, images=i18n.listing(env.lang).join(found))
