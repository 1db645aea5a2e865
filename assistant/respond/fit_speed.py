"""Speed and time in a fit answer: LLM decode and prefill on the cards (§llm), the speed of a model that
does not fit with the rest offloaded to system RAM (§llm.offload), speech models, and the hours of a
fine-tuning job on the user's own cards (§cost.run).

Contract: `llm_speed(case, head, where, experts_offloaded)` -> (headline, steps, figures) after the speed part;
`training_time(case, head)` -> the same after the job time; `job_time(...)` -> (sentence, steps, figures);
`speed_text(env, speed)` -> an LLM speed in the answer's language ("38.3 tokens/s" / "38.3 token/秒").
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.models import constants as C
from assistant.models import llm, memory, scaling
from assistant.models.train_memory import DEFAULT_SEQ
from assistant.nlu.asks import checklist
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import asked, context_drop, train_rate
from assistant.respond.env import Env
from assistant.respond.fit_near import figures_of, on_gpu_alternative, unified_speed
from assistant.respond.fit_rows import FitCase
from assistant.respond.image_train_time import image_job_time
from assistant.respond.pricing import speech
from assistant.respond.speech_time import speech_lead
from assistant.respond.train_route import fitting_route
from assistant.respond.wording import counted, duration, token_amount
from assistant.specs import GpuSpec, ModelSpec

USUAL_CHAT_QUANT = "q4_k_m"  # how most people run a local LLM (llama.cpp / Ollama defaults) [A]

# A "no" that is a near miss names the partial-offload speed unasked: at most this share of the weights in
# system RAM (beyond it the speed is mostly the CPU's) [A].
OFFLOAD_NEAR_MISS = 0.5
USABLE_TPS = 5.0  # [A] "can it run X" is a yes with part in system RAM only at this many tokens/s or more
OS_RAM_GB = 8.0  # system RAM the OS and the runtime keep for themselves when weights are offloaded to it [A]


def llm_speed(case: FitCase, head: str, where: str, experts_offloaded: bool) -> tuple[str, list[str], dict]:
    """Speech models get their note; LLM inference that fits (or is asked how fast) gets decode and
    prefill speed, or the offloaded speed when it does not fit (unless an MoE answer with experts in
    system RAM already gave it)."""
    query, env, model, gpu, n = case.query, case.env, case.model, case.gpu, case.n
    prec, est, f = case.pick
    steps: list[str] = []
    figures: dict = {}
    if speech(model) and query.mode == "inference" and gpu.name:
        spoken = speech_lead(env, query, model, case.spec, n) if case.spec is not None else None
        if spoken is not None:  # the transcription speed model (§speech.speed); the figure asked leads
            first, then = (spoken[0], head) if query.want_speed else (head, spoken[0])
            return first + i18n.gap(env.lang) + then, spoken[1], spoken[2]
        steps.append(env.t("fit.speech", model=model.name))
        # "can a 3060 transcribe in realtime": speed asked in real-time words, which the speed model does not rate
        if query.want_speed or lexicon(env.lang).words_in("realtime_words", query.text.lower()):
            head += i18n.gap(env.lang) + env.t("fit.speech_head", model=model.name)
        return head, steps, figures
    spec = case.spec
    if model.kind != "llm" or query.mode != "inference" or spec is None or experts_offloaded:
        return head, steps, figures
    if not f.fits and gpu.unified_memory:  # unified memory is the system RAM: nothing to offload to
        return unified_speed(case, head), steps, figures_of(case)
    link = scaling.link(spec, n)  # 8 x H100 SXM split their layers over NVSwitch, not PCIe
    link = "pcie" if link == "nvlink" else link  # a bridge for two 3090s is an option, not assumed
    tensor = tensor_split(case) == "tensor"
    dec = decode_as_asked(case, spec, prec, link)
    if not f.fits:  # what is left over runs from system RAM: said when asked, or when most of it is on the GPU
        key = "fit.expect_offload" if query.want_speed else "fit.offload_route"
        text, tps, offloaded = _offload_speed(env, est, dec, gpu.memory_gb or 0.0, n, key, query)
        weights = dict(est.components).get("weights", 0.0) * n
        ram = query.system_ram_gb
        offload_asked = "cpu_offload" in query.setup or bool(ram)  # "with 64gb ram", "用cpu offload"
        # "我4060笔记本能跑14b吗": it runs, at a usable speed, with a part in system RAM
        runs = _run_asked(query, env) and (tps or 0) >= USABLE_TPS and not query.precision  # at the usual quant
        headed_no = head.startswith(env.t("fit.head_no_word"))
        offload_asked = offload_asked or (runs and headed_no and on_gpu_alternative(case) is None)  # no all-GPU way
        offload_asked = offload_asked or (headed_no and _at_all(query, env))  # "will it run at all": slowly, yes
        if tps and (query.want_speed or offload_asked or offloaded <= OFFLOAD_NEAR_MISS * weights):
            figures = {"tokens_per_second": round(tps, 1), "offloaded_gb": round(offloaded, 1)}
            said, figures["targets"] = targets_met(env, query, tps / dec.batch, tps)
            if offload_asked and (not ram or offloaded <= ram - OS_RAM_GB):
                # "4090+64g内存 用cpu offload能跑70b吗": offloading was the question, and it runs that way
                route, _, _ = _offload_speed(env, est, dec, gpu.memory_gb or 0.0, n, "fit.offload_route", query)
                need = f"{est.total_gb * n:.1f}"
                lead = env.t("fit.offload_yes", model=model.name, prec=prec, need=need, where=where)
                figures["verdict_offload"] = True
                if ram:  # "i have 64gb ddr5": the user's RAM holds the part offloaded, said
                    route += env.t("fit.offload_ram_ok", need=f"{offloaded + OS_RAM_GB:.0f}", ram=f"{ram:g}")
                return lead + route + said, steps, figures
            alt = on_gpu_alternative(case)
            if alt:  # a near miss that fits all on the GPU(s) leads; the offload speed is the set-up as asked
                figures |= {"tokens_per_second": round(alt[1], 1), "offload_tokens_per_second": round(tps, 1)}
                said, figures["targets"] = targets_met(env, query, alt[1] / dec.batch, alt[1])
                if _speed_first(query, env) and not ram and headed_no and not query.precisions:  # "tok/s at q6"
                    first, _, _ = _offload_speed(
                        env, est, dec, gpu.memory_gb or 0.0, n, "fit.offload_speed_first", query
                    )
                    rest = i18n.cap(env.lang, head.removeprefix(env.t("fit.head_no_word")))  # "At fp16 ..."
                    alone = env.t("fit.on_gpu_speed_alone", alt=alt[0], tps=_tps(alt[1]))
                    return first + i18n.gap(env.lang) + rest + alone + said, steps, figures
                text = env.t(
                    "fit.on_gpu_speed",
                    alt=alt[0],
                    tps=_tps(alt[1]),
                    off=f"{offloaded:.1f}",
                    ram=f"{ram_of(env, query)[0]:.0f}",
                    ram_src=ram_of(env, query)[1],
                    otps=_tps(tps),
                )
            if ram and offloaded > ram - OS_RAM_GB:
                text += env.t("fit.offload_ram_short", need=f"{offloaded + OS_RAM_GB:.0f}", ram=f"{ram:g}")
            elif ram:  # "i have 64gb ddr5": the user's RAM holds the part offloaded
                text += env.t("fit.offload_ram_ok", need=f"{offloaded + OS_RAM_GB:.0f}", ram=f"{ram:g}")
            elif _speed_first(query, env) and not alt:  # the speed asked leads; the fit is its reason
                first, _, _ = _offload_speed(env, est, dec, gpu.memory_gb or 0.0, n, "fit.offload_speed_first", query)
                no = env.t("fit.head_no_word")
                return first + i18n.gap(env.lang) + i18n.cap(env.lang, head.removeprefix(no)) + said, steps, figures
            return head + text + said, steps, figures
        users = int(dict(query.targets).get("users", 0))
        if users > 1:  # "部署70b 并发20人": the memory asked is that of every user's KV cache
            head += i18n.gap(env.lang) + env.t("fit.users_memory", users=users)
            figures["targets"] = {"users": users}
        return head, steps, figures
    if not (query.want_speed or f.fits):
        return head, steps, figures
    prompt = context_drop.prompt_time(case, link, where)  # "how long to process a 100k token prompt": the read leads
    if prompt is not None:
        head = i18n.gap(env.lang).join((prompt[0], head))
    pre = llm.prefill_speed(spec, model, prec, n_gpus=n)
    figures = {"tokens_per_second": round(dec.tokens_per_s, 1), "prefill_tokens_per_second": round(pre.tokens_per_s, 0)}
    figures |= prompt[1] if prompt is not None else {}
    split = env.t("fit.split_tensor" if tensor else "fit.split", link=env.t(f"fit.link_{link}")) if n > 1 else ""
    steps.append(
        env.t(
            "fit.speed",
            prec=prec,
            decode=speed_text(env, dec),
            batch=dec.batch,
            split=split,
            prefill=speed_text(env, pre),
            dominant=env.term(dec.dominant),
        )
    )
    if gpu.vendor == "Apple":  # fitted on CUDA GPUs; public Metal runs are slower (docs/model.md §validation)
        steps.append(env.t("fit.apple_speed_high"))
    if query.want_speed:
        head = env.t(
            "fit.head_speed" if pre.tokens_per_s > 0 else "fit.head_speed_no_prefill",
            model=model.name,
            decode=speed_text(env, dec),
            where=where,
            prec=prec,
            prefill=speed_text(env, pre),
            spare=f"{f.headroom_gb * n:.1f}",
            batch=dec.batch,
        )
        head += _usual_quant_speed(case, spec, dec, link)
        head = _pace_verdict(case, spec, dec, link) + head
    slowed = context_drop.drop(case, dec, link, where)  # "how much does it drop at 32k context": both contexts' speeds
    if slowed is not None:
        parts = {"alone": (slowed[0],), "lead": (slowed[0], head), "after": (head, slowed[0])}[slowed[1]]
        head = i18n.gap(env.lang).join(parts)
        figures |= slowed[2]
    said, targets = targets_met(env, query, dec.per_sequence, dec.tokens_per_s)
    if targets:
        head += said
        figures["targets"] = targets
    return head, steps, figures


def decode_as_asked(case: FitCase, spec, prec: str, link: str):
    """The decode speed at `prec` as asked (§llm.decode); several users at once on a serving engine (§serve)."""
    users, ctx, split = served_users(case), case.query.context_tokens or 1024, tensor_split(case)
    engine = "vllm" if users > 1 or (case.n > 1 and _server_modules(case)) else "llama.cpp"
    return llm.decode_speed(
        spec, case.model, prec, context=ctx, batch=users, n_gpus=case.n, split=split, interconnect=link, engine=engine
    )


def served_users(case: FitCase) -> int:
    """The sequences decoded at once: the batch said, else the users said ("serving it to 50 people at once")."""
    return case.query.batch or int(dict(case.query.targets).get("users", 1))


def tensor_split(case: FitCase) -> str:
    """ "vllm张量并行" (lexicon tensor_split_words) or several users on several cards: "tensor", each card reading 1/n
    of each layer (§llm.decode); else "layer", llama.cpp's default split."""
    words = lexicon(case.env.lang).words_in("tensor_split_words", f" {case.query.text.lower()} ")
    return "tensor" if case.n > 1 and (words or served_users(case) > 1 or _server_modules(case)) else "layer"


def _server_modules(case: FitCase) -> bool:  # 8 x H100 SXM: vLLM / TensorRT-LLM tensor parallel (§llm.decode)
    return bool(getattr(case.spec, "server_module", None))


def _usual_quant_speed(case: FitCase, spec, dec, link: str) -> str:
    """ "ryzen ai max 395 能跑70b吗 速度多少": the speed asked with no precision said is given at the best precision
    that fits (the answer's pick); when that is heavier than q4_k_m, how people usually run a local LLM, the q4_k_m
    speed follows, so the figure a user would see is there too (docs/model.md §fit.asked)."""
    query, env = case.query, case.env
    prec = case.pick[0]
    if query.precision or getattr(query, "kept_precision", None) or prec == USUAL_CHAT_QUANT:
        return ""
    if memory.bits_per_weight(prec) <= memory.bits_per_weight(USUAL_CHAT_QUANT):
        return ""
    q4 = decode_as_asked(case, spec, USUAL_CHAT_QUANT, link)
    if q4.tokens_per_s <= dec.tokens_per_s:
        return ""
    return i18n.gap(env.lang) + env.t("fit.usual_quant_speed", quant=USUAL_CHAT_QUANT, tps=speed_text(env, q4))


def _at_all(query, env: Env) -> bool:
    """ "will gemma 3 27b run on a 4060 8gb at all", "even slowly": whether it runs in any way is asked (lexicon
    [lists] fit_at_all_words), so a model that runs with part of it in system RAM is a yes at that speed."""
    return lexicon(env.lang).words_in("fit_at_all_words", f" {query.text.lower()} ")


def _run_asked(query, env: Env) -> bool:
    """ "我4060 8g的笔记本 能跑deepseek r1 14b吗", "can my laptop run a 14b": whether it runs is asked, not whether it
    fits in GPU memory (lexicon [lists] fit_run_words, none of fit_vram_words): a model that runs with part of it in
    system RAM is a yes with that part said, not a "No" followed by "it runs"."""
    low = f" {query.text.lower()} "
    words = lexicon(env.lang)
    return words.words_in("fit_run_words", low) and not words.words_in("fit_vram_words", low)


def targets_met(env: Env, query: FitQuery, per_user: float, total: float) -> tuple[str, dict]:
    """The targets the question states (Query.targets): with N users at once ("并发20个用户") the speed each
    user gets and the total; a speed per user ("每秒30个token", "20 t/s") met or not. (sentence, figures);
    empty when the question states none or the speed is not rated."""
    asked = dict(query.targets)
    if not asked or per_user <= 0:
        return "", {}
    parts, figures = [], {"per_user_tokens_per_second": round(per_user, 1)}
    users = int(asked.get("users", 0))
    if users > 1:
        parts.append(env.t("fit.users_speed", users=users, each=_rate(per_user), total=_rate(total)))
        figures["users"] = users
    target = asked.get("speed")
    if target:
        met = per_user >= target
        parts.append(
            env.t("fit.target_met" if met else "fit.target_missed", target=f"{target:g}", each=_rate(per_user))
        )
        figures |= {"speed_target": target, "speed_target_met": met}
    return i18n.gap(env.lang) + i18n.gap(env.lang).join(parts), figures


def _rate(tps: float) -> str:
    return f"{tps:,.0f}" if tps >= 100 else f"{tps:.1f}"


def training_time(case: FitCase, head: str) -> tuple[str, list[str], dict]:
    """ "全参微调 4090要多久": the job time of the method asked, or of the lighter one that fits."""
    query, env, gpu = case.query, case.env, case.gpu
    _, _, f = case.pick
    ok = case.ok
    rate = train_rate.asked(query.text, env.lang)  # "seconds per step", "training tokens per second"
    timed_asked = _time_asked(query, env) or bool(getattr(query, "deadline_hours", None)) or rate
    if timed_asked and case.training and not gpu.name:  # "...on a single 48gb card ... how long for 10k samples"
        return _nameless_time(case, head)
    if not (timed_asked and gpu.name and case.training):
        return head, [], {}
    deadline = getattr(query, "deadline_hours", None) and case.model.kind == "llm"
    if deadline and not f.fits and not ok and f.min_gpus:  # "how many a100s to pretrain a 7b in a month": sharded
        met = _deadline(query, case, head, f.min_gpus)
        if met is not None:
            return met
    if not (f.fits or ok):
        routed = _route_time(case, head)
        return _paced(case, routed, routed[0]) if rate else routed
    lighter = case.shown[case.rows.index(ok[0])] if not f.fits else None
    asked = dataclasses.replace(query, mode=lighter[1]) if lighter else query
    if deadline:  # "how many 4090s to pretrain a 1b model in a week"; "三张4090一周能训完7b全参吗" (LoRA only fits)
        met = _deadline(asked, case, head, case.n, lighter=lighter[0] if lighter else None)
        if met is not None:
            return met
    timed = job_time(asked, env, case.model, gpu, case.n, label=lighter[0] if lighter else None)
    if not timed[0]:
        return head, [], {}
    if rate:  # the rate asked leads; the job's time stays in the steps
        return _paced(case, (head, timed[1], timed[2]), timed[0], asked)
    # "how long to train a 1b model from scratch on a 4090": the time asked leads, whether it fits follows
    joined = [timed[0], head] if _time_leads(query) else [head, timed[0]]
    return i18n.gap(env.lang).join(joined), timed[1], timed[2] | ({"job_method": lighter[1]} if lighter else {})


def _paced(case: FitCase, timed: tuple[str, list[str], dict], said: str, query: FitQuery | None = None):
    """ "seconds per step", "training tokens per second": the job's rate leads (respond/train_rate.py), the sentence
    `said` of its time goes to the steps; `timed` unchanged when the job has no rate."""
    head, steps, figures = timed
    gpu = case.gpu
    label = counted(case.env, gpu, case.n) if isinstance(gpu, GpuSpec) else gpu.short_name
    paced = train_rate.lead(query or case.query, case.env, figures, figures.get("job_hours", 0.0), label)
    if paced is None:
        return timed
    moved = [said] if said != head else []  # a route answer's head is its time and its fit: kept after the rate
    return i18n.gap(case.env.lang).join((paced[0], head)), [*moved, *steps], figures | paced[1]


MAX_DEADLINE_GPUS = 64  # the most cards a deadline answer counts up to [A]


def _deadline(
    query: FitQuery, case: FitCase, head: str, start: int, lighter: str | None = None
) -> tuple[str, list[str], dict] | None:
    """The fewest cards (at least `start`: those asked, or the fewest a sharded job fits on) whose data-parallel
    time fits the deadline (§cost.run with §perf.multigpu scaling); past MAX_DEADLINE_GPUS, how long that many take.
    The count leads; whether the job fits in memory follows. `lighter`: the method asked does not fit and the job is
    timed with this lighter one, so the memory answer leads and the time is said to be the lighter method's."""
    env, gpu, limit = case.env, case.spec, query.deadline_hours or 0.0
    if gpu is None:
        return None
    one, _, _ = job_values(query, env, case.model, gpu, start)
    if one is None:
        return None
    n, values = start, None
    steps: list[str] = []
    figures: dict = {}
    while n <= MAX_DEADLINE_GPUS:
        values, steps, figures = job_values(query, env, case.model, gpu, n)
        if values is None:
            return None
        if figures["job_hours"] <= limit:
            break
        n += 1
    within = n <= MAX_DEADLINE_GPUS
    key = "fit.deadline_met" if within else "fit.deadline_missed"
    if within and n > start and case.n > 1:  # "两张4090一周内能预训练完1b模型吗": the count asked does not do it
        key = "fit.deadline_more"
    elif within and n == start:  # "can 8 h100s pretrain a 1b model in a day": the cards asked do it
        key = "fit.deadline_met_asked"
    lead = env.t(
        key,
        what=counted(env, gpu, min(n, MAX_DEADLINE_GPUS)),
        limit=duration(env, limit),
        time=values["time"] if values else "?",
        data=values["data"] if values else "?",
        one=one["time"],
        single=counted(env, gpu, start),
    )
    figures = {**figures, "deadline_hours": limit, "deadline_gpus": n if within else None}
    if lighter:  # the method asked does not fit: that leads, the time is the lighter method's
        return i18n.gap(env.lang).join([head, env.t("fit.deadline_lighter", method=lighter, lead=lead)]), steps, figures
    return i18n.gap(env.lang).join([lead, env.t("fit.deadline_memory", head=head)]), steps, figures


def _nameless_time(case: FitCase, head: str) -> tuple[str, list[str], dict]:
    """A training time asked for a card named only by its memory ("a single 48gb card"): the job's time (§cost.run,
    the method asked or the lighter one that fits) on each desktop NVIDIA card of that memory the price data lists,
    as a range from the slowest to the fastest; the answer as it was when none is rated or the model is not an LLM."""
    from assistant.respond.pricing import snapshot_quotes

    query, env, model = case.query, case.env, case.model
    if model.kind != "llm" or not case.memory_gb:
        return head, [], {}
    lighter = case.shown[case.rows.index(case.ok[0])] if case.ok and not case.pick[2].fits else None
    asked = dataclasses.replace(query, mode=lighter[1]) if lighter else query
    names = sorted({q.gpu for q in snapshot_quotes(env.reader, env.assumptions.snapshot, env.price_market())})
    timed = []
    for gpu in env.reader.gpus(names):
        if gpu.memory_gb != case.memory_gb or gpu.vendor != "NVIDIA" or gpu.is_mobile or gpu.passively_cooled:
            continue
        values, steps, figures = job_values(asked, env, model, gpu, case.n)
        if values is not None:
            timed.append((figures["job_hours"], gpu.short_name, values, steps, figures))
    if not timed:
        return head, [], {}
    timed.sort(key=lambda t: t[0])
    fast, slow = timed[0], timed[-1]
    key = "fit.job_time_range" if len(timed) > 1 else "fit.job_time_range_one"
    lead = env.t(
        key,
        gb=f"{case.memory_gb:g}",
        fast=fast[2]["time"],
        fast_gpu=fast[1],
        slow=slow[2]["time"],
        slow_gpu=slow[1],
        data=fast[2]["data"],
    )
    figures = {
        "job_hours_range": [fast[0], slow[0]],
        "job_cards": [t[1] for t in timed],
        "tokens": fast[4].get("tokens"),
    }
    return head + i18n.gap(env.lang) + lead, fast[3], figures


def _time_asked(query: FitQuery, env: Env) -> bool:
    """The question asks how long the job takes: read so (want_time), or a time word anywhere in it ("能lora微调
    llama3 8b吗 大概多久": the time is in a clause of its own)."""
    from assistant.respond.asked import parts

    return _time_leads(query) or "time" in parts(query.text, env.lang)


def _time_leads(query: FitQuery) -> bool:
    """The time is THE figure asked ("will it finish in time", "how long"), read so by the intent reader or the
    form layer: it leads the answer."""
    return bool(getattr(query, "want_time", False)) or getattr(query, "asked_figure", None) == "time"


def _route_time(case: FitCase, head: str) -> tuple[str, list[str], dict]:
    """A job that fits as asked nowhere: its time once it fits (train_route.fitting_route), leading the answer,
    with what changed and the memory it then needs; the answer as it was when nothing makes it fit."""
    env = case.env
    route = fitting_route(case)
    if route is None:
        return head, [], {}
    fits = dict(
        need=f"{route.need_gb:.1f}", asked=f"{case.pick[1].total_gb * case.n:.1f}", total=f"{case.n * case.memory_gb:g}"
    )
    if case.model.kind == "image":  # "dreambooth sd 1.5 on a 3060 12gb, how long": its steps with 8-bit AdamW
        timed = image_job_time(route.query, env, case.model, case.gpu, case.n)
        if not timed[0]:
            return head, [], {}
        lead = env.t("fit.route_image", changes=route.described(env, case), **fits)
        figures = {
            "job_route": {"method": route.mode, "changes": list(route.changes), "memory_gb": round(route.need_gb, 1)}
        }
        return i18n.gap(env.lang).join([timed[0], lead, head]), timed[1], timed[2] | figures
    values, steps, figures = job_values(route.query, env, case.model, case.gpu, case.n)
    if values is None:
        return head, [], {}
    key = "fit.route_time_offload" if route.offloaded else "fit.route_time"
    lead = env.t(
        key,
        changes=route.described(env, case),
        need=f"{route.need_gb:.1f}",
        asked=f"{case.pick[1].total_gb * case.n:.1f}",
        total=f"{case.n * case.memory_gb:g}",
        **values,
    )
    figures["job_route"] = {"method": route.mode, "changes": list(route.changes), "memory_gb": round(route.need_gb, 1)}
    return lead + i18n.gap(env.lang) + head, steps, figures


def job_time(
    query: FitQuery, env: Env, model: ModelSpec, gpu, n: int, label: str | None = None
) -> tuple[str, list[str], dict]:
    """ "how long to fine tune X on a 4090": the hours of one pass over the data on the GPU(s) the user
    owns, as the cloud job answer computes them (§cost.run: FLOPs per parameter and token at 35 % of
    the 16-bit peak); 100 M tokens unless the question names its data."""
    if model.kind == "image":  # image fine-tunes are counted in steps, not tokens
        return image_job_time(query, env, model, gpu, n)
    if speech(model):  # Whisper: 30-second windows of audio, not text tokens (respond/speech_train.py)
        from assistant.respond import speech_train

        return speech_train.job_time(query, env, model, gpu, n)
    values, steps, figures = job_values(query, env, model, gpu, n)
    if values is None:
        return "", [], {}
    head = env.t("fit.job_time_with", label=label, **values) if label else env.t("fit.job_time", **values)
    return head, steps, figures


def job_values(query: FitQuery, env: Env, model: ModelSpec, gpu, n: int) -> tuple[dict | None, list[str], dict]:
    """An LLM job's time, data and GPUs as words for a sentence ({time, what, data}), its steps and figures;
    (None, [], {}) when the job cannot be timed."""
    from assistant.queries import ModelRef, RatesQuery
    from assistant.respond.rates_job import job_hours, tokens_text

    method = query.mode if query.mode in ("lora", "qlora") else "full_finetune"
    samples, sample_tokens, stepped = query.samples, query.sample_tokens, []
    if query.train_steps and not (query.tokens or samples):  # "qlora ... for 500 steps": steps x batch x sequence
        batch, seq = query.batch or 1, query.context_tokens or DEFAULT_SEQ
        samples, sample_tokens = float(query.train_steps * batch), float(seq)
        stepped = [
            env.t(
                "fit.job_steps",
                steps=f"{query.train_steps:,}",
                batch=batch,
                seq=f"{seq:,}",
                tokens=token_amount(env, samples * seq),
            )
        ]
    seq_said = bool(samples and not sample_tokens and query.context_tokens and query.mode != "inference")
    if seq_said:  # "10k examples, seq len 2048": each example counted at the sequence length said (an upper bound)
        sample_tokens = float(query.context_tokens or 0)
    asked = RatesQuery(
        text=query.text,
        mode="job",
        model=ModelRef(mention=model.name, key=model.key) if query.model else None,
        method=method,
        samples=samples,
        sample_tokens=sample_tokens,
        sample_tokens_seq=seq_said,
        epochs=query.epochs,
        tokens=query.tokens,
        params_b=None if query.model else model.params_b,
        pretrain=query.pretrain,  # "预训练一个1b模型": compute-optimal tokens unless stated
    )
    hours, figures, steps = job_hours(asked, env, gpu, n)
    if hours is None:
        return None, [], {}
    steps = stepped + steps
    data = tokens_text(asked, env, figures["tokens"])
    values = dict(time=duration(env, hours), what=counted(env, gpu, n), data=data)
    return values, steps, {"job_hours": round(hours, 2), **figures}


def _tps(v: float) -> str:
    return f"{v:.1f}" if v < 10 else f"{v:.0f}"


def ram_of(env: Env, query) -> tuple[float, str]:
    """GB/s the CPU reads offloaded weights at and how it is known: the RAM speed stated ("64gb ddr5-6000",
    cpu_fit.ram_bandwidth) or SYSTEM_RAM_GB_S, assumed (§llm.offload)."""
    from assistant.respond.cpu_fit import DDR4_GB_S, ram_bandwidth

    stated = ram_bandwidth(query) if query is not None else None
    if stated is None and query is not None and "ddr4" in query.text.lower():  # "3090 + 64gb ddr4": DDR4-3200
        return DDR4_GB_S, env.t("explain.ram_ddr4")
    if stated is None:
        return C.SYSTEM_RAM_GB_S, env.t("fit.ram_assumed")
    return stated, env.t("fit.ram_yours", mts=f"{query.ram_mts:.0f}", channels=query.ram_channels or 2)


def _speed_first(query: FitQuery, env: Env) -> bool:
    """The speed is asked in words and no fit is asked before it ("will it fit and what tok/s": the fit first)."""
    asks = checklist(query.text)
    return "speed" in asked.parts(query.text, env.lang) and not (asks and asks[0].kind == "fit")


def _offload_speed(env: Env, est, dec, memory_gb: float, n: int, key: str, query=None) -> tuple[str, float, float]:
    """The speed of a model that does not fit: the GB over the cards' memory are offloaded to system RAM
    (llama.cpp -ngl), read by the CPU at SYSTEM_RAM_GB_S or the RAM speed stated (§llm.offload), never the all-on-GPU
    speed. (sentence, tokens/s, GB offloaded); empty when even the weights would be mostly in RAM."""
    weights = dict(est.components).get("weights", 0.0) * n
    offloaded = est.total_gb * n - memory_gb * n
    ram, ram_src = ram_of(env, query)
    tps = llm.offload_tokens_per_s(dec.tokens_per_s, weights, offloaded, ram)
    if tps <= 0 or offloaded >= weights:
        return "", 0.0, 0.0
    text = env.t(
        key,
        off=f"{offloaded:.1f}",
        tps=f"{tps:.1f}" if tps < 10 else f"{tps:.0f}",
        ram=f"{ram:.0f}",
        ram_src=ram_src,
    )
    return text, tps, offloaded


def speed_text(env: Env, speed) -> str:
    """ "38.3 tokens/s" / "38.3 token/秒", or "not rated" in the answer's language."""
    v = speed.tokens_per_s
    if v <= 0 or not math.isfinite(v):
        return env.term("not rated")
    return env.t("fit.tokens_per_s", v=f"{v:,.0f}" if v >= 100 else f"{v:.1f}")


def _pace_verdict(case: FitCase, spec, dec, link: str) -> str:
    """ "can it run deepseek r1 70b distill decent?", "跑得流畅吗": whether the best speed shown (at the precision
    picked or at q4_k_m, the usual one) reaches USABLE_TPS for one user chatting, said first; "" when the question
    does not ask how well it runs."""
    from assistant.respond.bandwidth_speed import USABLE_TPS

    env = case.env
    if not lexicon(env.lang).words_in("run_well_words", f" {case.query.text.lower()} "):
        return ""
    best, quant = dec.tokens_per_s, case.pick[0]
    if not case.query.precision and quant != USUAL_CHAT_QUANT:
        q4 = llm.decode_speed(
            spec, case.model, USUAL_CHAT_QUANT, context=1024, n_gpus=case.n, split=tensor_split(case), interconnect=link
        )
        if q4.tokens_per_s > best:
            best, quant = q4.tokens_per_s, USUAL_CHAT_QUANT
    key = "fit.pace_slow" if best < USABLE_TPS else "fit.pace_fine"
    return env.t(key, tps=f"{best:,.1f}", quant=quant, usable=f"{USABLE_TPS:g}") + i18n.gap(env.lang)
