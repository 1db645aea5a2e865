"""Answer "will MODEL fit on GPU(s)?" and "how fast does MODEL run on GPU?".

Contract: memory per component for each precision shown (docs/model.md §mem), fits / fits on
N / does not fit with the headroom, and for LLM inference the decode and prefill speed
(§llm). `figures`: vram_required_gb (all GPUs together, for the precision asked, else the
best-quality one that fits), fits, gpu_count, per_gpu_gb, and tokens_per_second when speed
is asked or the model fits. The steps live in fit_rows (the table and the row answered),
fit_hints (what would make a no work), fit_steps, fit_speed and fit_unnamed (no model or no GPU).
Also `sized_model`, `setup_text`, `largest_llm` and `largest_finetunable` (defined in fit_sizing),
which other answers use.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import hardware, llm, memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import (
    capability,
    context_extension,
    cpu_fit,
    fit_asked,
    fit_capacity,
    fit_family,
    fit_fix,
    fit_hardware,
    fit_hints,
    fit_instead,
    fit_kv,
    fit_loss,
    fit_sizes,
    fit_total,
    image_route,
    memory_overview,
    mixed_set,
    rocm_multi,
    speech_cpu,
    speech_rent,
    speech_runtime,
    system_ram,
    viability,
    vram_ladder,
    work_rent,
)
from assistant.respond.env import Env
from assistant.respond.fit_hints import count_lead, deep_fit, deep_yes, more_cards, near_miss, smaller_quant
from assistant.respond.fit_link import link_line
from assistant.respond.fit_rows import Card, FitCase, estimates, memory_table, mode_name, rows_to_show
from assistant.respond.fit_sizing import (  # noqa: F401 - re-exported: other answers import them from here too
    generic_shape,
    largest_finetunable,
    largest_llm,
    setup_text,
    sized_model,
)
from assistant.respond.fit_speed import llm_speed, training_time
from assistant.respond.fit_steps import device_notes, kv_steps, longest_context, setup_steps, unlisted_mac
from assistant.respond.fit_unnamed import budget_in_force, cards_for_budget, no_gpu_answer, rule_answer
from assistant.respond.image_fit_speed import image_speed_parts, nameless_range, streamed_route
from assistant.respond.llm_nameless_speed import llm_range
from assistant.respond.moe_fit import moe_offload_answer
from assistant.respond.serving import serving_lead, users_of
from assistant.respond.why_fit import memory_rows
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec


def _gpu(query: FitQuery, env: Env) -> tuple[GpuSpec | None, int]:
    names = [r.name for r in query.gpus if r.name]
    if not names:
        return None, max(query.gpu_count or 1, 1)
    gpu = env.reader.gpu(names[0])
    count = query.gpu_count or sum(r.count for r in query.gpus if r.name == names[0]) or 1
    return gpu, count


def respond(query: FitQuery, env: Env) -> Answer:
    """The fit answer, its first word in the form the question asked ("会爆显存吗": 会爆 / 不会爆); different GPUs in
    one machine are one set (respond/mixed_set.py)."""
    from assistant.respond import offer_verdict

    deal = offer_verdict.as_deal(query, env)  # "thinking about a used 3090 for $700 to run local llms": buy at that?
    if deal is not None:
        return deal
    from assistant.respond import laptop_part

    if query.mode == "lora" and query.precision in ("int4", "nf4"):  # "a 7b lora in 4bit": a 4-bit base is QLoRA
        named = sized_model(query, env)[0]
        query = dataclasses.replace(query, mode="qlora", precision=None) if named and named.kind == "llm" else query
    query, laptop_note = laptop_part.on_laptop(query, env)  # "my gaming laptop has a 4070": the laptop part
    if laptop_note:
        answer = respond(query, env)
        answer.steps = [laptop_note, *answer.steps]
        return answer
    if mixed_set.is_mixed(query):
        return mixed_set.respond(query, env, respond)
    if query.family_models:  # "4090能跑deepseek吗": every size of the family on that GPU
        return fit_family.respond(query, env, respond)
    if len(query.precisions) == 2:  # "llama 3.1 8b on a 4090, fp16 vs q4": each precision's speed, then the gap
        from assistant.respond import fit_precisions

        return fit_precisions.respond(query, env, respond)

    def answered(q: FitQuery) -> Answer:
        return viability.turned(system_ram.lead(fit_asked.as_asked(_respond(q, env), q, env), q, env), q, env)

    query, answer = fit_asked.overkill_as_chatted(query, env, answered)  # "5090 just to chat with a 14b, overkill?"
    answer = fit_sizes.other_sizes(answer, query, env, lambda q: _respond(q, env))  # "16gb enough or get 24gb"
    if query.asked == "what_runs" and query.model is None:  # "what can i run on a 4060 8gb": one clause per kind
        gpu, n = _gpu(query, env)
        answer = capability.lead(answer, query, env, gpu, n)
    if query.asked == "fix":  # "out of memory at batch 4, what do i change": the settings, with their memory
        gpu, n = _gpu(query, env)
        card = gpu if gpu is not None or not query.memory_gb else SimpleNamespace(name=None, memory_gb=query.memory_gb)
        return fit_fix.advise(answer, query, env, sized_model(query, env)[0], card, n)  # "my 12gb card": its memory
    answer = rocm_multi.note(answer, query, env)  # "两张7900xtx ... rocm多卡稳不稳": multi-GPU practice on ROCm
    answer = rocm_multi.practice(answer, query, env)  # "6700 xt ... or is amd still cursed": AMD's software today
    answer = speech_runtime.note(answer, query, env)  # "arc b580 for whisper large v3": no faster-whisper backend
    answer = work_rent.priced(answer, query, env)  # "10000 sdxl images on a rented a100": that time's rent
    answer = speech_rent.per_audio_hour(answer, query, env)  # "whisper on a rented 4090, cost per audio hour"
    answer = fit_kv.lead(answer, query, env)  # "how much vram does the kv cache take for 128k ... on 2x a6000"
    if query.gpus:  # "笔记本3060能炼lora吗 会不会烧坏", "游戏本4060跑7b 发热会不会很严重": the laptop's heat, answered
        answer = laptop_part.with_heat(answer, query.text, query.gpus[0].name, env)
    users_said = dict(query.targets).get("users")  # "for 32 users at once, total throughput?": those 32
    asks_capacity = query.capacity_asked or fit_capacity.asked(query.text, env.lang)
    if asks_capacity and not users_said and not query.batch:  # "4090能同时服务多少人用qwen 7b": the most users
        gpu, n = _gpu(query, env)
        capacity = fit_capacity.respond(query, env, answer, gpu, sized_model(query, env)[0], n)
        return capacity or answer
    return answer


def respond_plain(query: FitQuery, env: Env) -> Answer:
    """The fit worked out as it is, without the forms of the question (for another model of the same question)."""
    return _respond(query, env)


def _respond(query: FitQuery, env: Env) -> Answer:
    model, note = sized_model(query, env)
    gpu, n = _gpu(query, env)
    if model is None:
        if gpu is None and query.asked == "ladder":  # "how much vram do i need for llms": common sizes' memory
            return vram_ladder.respond(query, env)
        if gpu is None and query.memory_gb and query.workload is None:  # "is 8gb vram dead for local ai"
            return memory_overview.respond(query, env, query.memory_gb)
        rule = rule_answer(query, env, gpu, n)
        return rule or Answer(
            question=query.text, intent="fit", headline="", clarification=env.t("fit.which_model"), lang=env.lang
        )
    if gpu is None and model.key.startswith("whisper") and cpu_fit.cpu_only(query, env):  # audio per hour, not tokens/s
        return speech_cpu.respond(query, env, model)
    if gpu is None and model.kind == "llm" and query.mode == "inference" and cpu_fit.cpu_only(query, env):
        shown = estimates(query, model, rows_to_show(model, query, env), n)  # the memory stated is system RAM
        return cpu_fit.cpu_answer(query, env, model, shown)
    if gpu is not None and not gpu.memory_gb and model.kind == "llm" and query.mode == "inference":
        # "radeon 780m igpu can it run llama 8b": an integrated GPU runs the model from system RAM, never "has 0 GB"
        shown = estimates(query, model, rows_to_show(model, query, env), n)
        sizes = [s.value for s in query.stated if s.dim == "gb"]  # "arc 140v laptop 32gb": the laptop's RAM
        if not (query.system_ram_gb or query.memory_gb) and len(sizes) == 1:
            query = dataclasses.replace(query, system_ram_gb=sizes[0])
        return cpu_fit.cpu_answer(query, env, model, shown, igpu=gpu.short_name)
    card: GpuSpec | Card | None = Card(float(query.memory_gb)) if gpu is None and query.memory_gb else gpu
    card, macos, raised = _macos_share(env, query, card)
    if card is None and budget_in_force(query, env):
        return cards_for_budget(query, model, env)
    if card is None:
        rows = [(label, est, None) for label, est in estimates(query, model, rows_to_show(model, query, env), n)]
        return no_gpu_answer(query, env, model, memory_table(env, rows, None, n), rows[0][1], note)
    case = FitCase.build(query, env, model, card, n)
    table = memory_table(env, case.rows, card, n)
    prec, est, f = case.pick
    where = (
        env.t("fit.where_many", n=n, gpu=card.short_name)
        if n > 1
        else env.t("fit.where_one", gpu=card.short_name, a=i18n.article(card.short_name))
    )
    head = _headline(case, where)
    fused = fit_loss.fused_route(case, where)  # the plain loss misses, the fused loss of the common tools fits
    if fused:
        head = fused[0] + (near_miss(case) if case.ok else "")
    moe = None
    # an MoE model: its experts can stay in system RAM, unless that RAM is the unified memory that is too small
    if not f.fits and not case.ok and model.kind == "llm" and not card.unified_memory:
        moe = moe_offload_answer(env, query, model, card, n, prec, est.total_gb * n, where)
        if moe:
            head = moe[0] + _cards_cost(case)
    route_figures: dict = {}
    streamed = other_way = ""
    if not f.fits and not case.ok and model.kind == "image":  # part of the weights streamed from system RAM
        streamed, other_way, route_figures = streamed_route(env, query, model, card, est, case.memory_gb)
        head += streamed
    steps = [note] if note else []
    steps.append(
        env.t(
            "fit.setup",
            model=i18n.cap(env.lang, model.name),
            mode=mode_name(env, query.mode),
            setup=setup_text(env, est.setup, method_said=True),
            dominant=env.term(est.dominant),
        )
    )
    steps += setup_steps(query, env, model, est, case.memory_gb * n if not f.fits else None)
    steps += kv_steps(env, model)
    longest_prec, longest = longest_context(case)
    context_lead = (
        ""  # "how much context can i fit", "上下文最多开多少": the answer, kept when a speed lead replaces the head
    )
    if longest:
        line = _longest_line(query, model, longest_prec, longest, env)
        line += fit_hints.kv_q8_said(case, longest_prec, longest)  # "kv cache 开 q8 呢": the longest at a q8_0 cache
        words = lexicon(env.lang)
        if query.want_context or any(
            words.words_in(k, query.text.lower()) for k in ("context_asked_words", "kv_q8_words")
        ):
            head, context_lead = line + i18n.gap(env.lang) + head, line
        else:
            steps.append(line)
    figures = _figures(case, longest, moe) | route_figures
    if fused:  # the route's set-up is the one a later check (the largest batch) works again
        condition = fused[1]["verdict"]["condition"]
        fit_setup = figures["fit_setup"] | {"setup": [*figures["fit_setup"]["setup"], condition]}
        figures |= fused[1] | {"verdict": figures["verdict"] | fused[1]["verdict"], "fit_setup": fit_setup}
    if moe:
        steps += moe[1]
    route = image_route.gguf_route(case, where) or image_route.lora_route(case, where)
    if route is not None:  # "flux on a 12gb card": no at 16 / 8 bits, yes with a GGUF-quantized denoiser
        head = route.head + (i18n.gap(env.lang) + other_way if other_way else "")  # streaming is the other way
        figures |= route.figures
        verdict = {k: v for k, v in figures["verdict"].items() if k != "fits_at"}  # an LLM quant ladder's, not this
        if route.condition.startswith("gguf_"):  # "what quant" next: the GGUF denoiser it runs as
            verdict["fits_at"] = route.condition.removeprefix("gguf_")
        figures["verdict"] = verdict | {"answer": "yes_if", "condition": route.condition}
    if f.fits:  # image models: steps per second and seconds per image (§image.speed)
        speed_head, speed_steps, speed_figures = image_speed_parts(
            env, query, model, card, prec, f.headroom_gb * n, where, n
        )
        head = speed_head or head
        steps += speed_steps
        figures |= speed_figures
    if not isinstance(card, GpuSpec) and (query.want_speed or query.want_time):  # "显存12g ... 要多久": no card named
        timed, timed_figures = nameless_range(env, query, model, case.memory_gb)
        if not timed:  # an LLM: the speed range over the priced cards of that size
            timed, timed_figures = llm_range(env, query, model, prec, est, case.memory_gb)
        head += (i18n.gap(env.lang) + timed) if timed else ""
        figures |= timed_figures
    steps += ([macos + _raised_limit(case, raised)] if macos else []) + device_notes(env, card)
    head, speed_steps, speed_figures = llm_speed(case, head, where, bool(moe))
    linked, link_figures = link_line(case)  # "... on 2x 3090 with nvlink vs without": both, after the speed
    head, figures = (
        (head + i18n.gap(env.lang) + linked + i18n.end(env.lang) if linked else head),
        figures | link_figures,
    )
    if context_lead and context_lead not in head:  # "how many tok/s and how much ctx": the speed, then the context
        head = head + i18n.gap(env.lang) + context_lead
    steps += speed_steps
    if speed_figures.pop("verdict_offload", False):  # offloading asked, and it runs that way
        figures["verdict"] = figures["verdict"] | {"answer": "yes_if", "condition": "layers_in_system_ram"}
    figures |= speed_figures
    head, time_steps, time_figures = training_time(case, head)
    steps += time_steps
    figures |= time_figures
    serving, serving_figures = serving_lead(case)  # "部署给50人用需要几张L20": cards, speed and cost for N users
    figures |= serving_figures
    held = serving_figures.get("serving", {}).get("held_by")  # the cards asked hold it as vLLM serves it
    if held and isinstance(figures.get("verdict"), dict):
        figures["verdict"] = figures["verdict"] | {"answer": "yes_if", "condition": f"vllm_{held}"}
    if serving:  # the serving answer replaces one card's fit (its single-user speed would contradict the users')
        head = serving
    else:  # "h20跑满血deepseek v3 要几张": the number of cards asked leads
        lead = count_lead(case)
        # "要 8 张 H100 ……" then the one card's verdict, said to be about one card (not a "No" after the count)
        head = i18n.gap(env.lang).join((lead, env.t("fit.count_one_card", head=head))) if lead else head
    if query.context_tokens and model.context and query.context_tokens > model.context:
        # "llama 3 70b with 32k context": the model is trained for 8,192; say it before the figures at 32k
        said = {"model": model.name, "trained": f"{model.context:,}", "asked": f"{query.context_tokens:,}"}
        reach = context_extension.extended(model.key)
        if reach is not None:  # "qwen2.5 coder 32b at 64k": 131,072 with YaRN, as its model card says
            said |= {"reach": f"{reach[0]:,}", "method": reach[1]}
            key = "fit.beyond_config" if query.context_tokens <= reach[0] else "fit.beyond_extended"
            figures["context_extension_source"] = reach[2]
        beyond = env.t(key if reach is not None else "fit.beyond_trained", **said)
        head = beyond + i18n.gap(env.lang) + head
        figures["beyond_trained_context"] = model.context
    return _answer(case, head, table, steps, figures)


def _macos_share(env: Env, query: FitQuery, card: GpuSpec | Card | None) -> tuple[GpuSpec | Card | None, str, float]:
    """A Mac (a listed one, or one the KB does not list whose memory is stated): the card with the memory macOS lets
    its GPU wire (§mem.apple), the sentence that says so, and the raised limit it suggests; else (card, "", 0)."""
    mac = unlisted_mac(query) if isinstance(card, Card) else ""
    if card is None or not (mac or hardware.gpu_memory_limit_gb(card) < (card.memory_gb or 0.0)):
        return card, "", 0.0
    total = float(card.memory_gb or 0.0)
    limit = hardware.macos_gpu_limit_gb(total) if mac else hardware.gpu_memory_limit_gb(card)
    spare = min(C.METAL_RAISED_LIMIT_SPARE_GB, total * C.METAL_RAISED_LIMIT_SPARE_SHARE)
    raised = max(total - spare, limit)
    text = env.t(
        "fit.macos_gpu_limit",
        gpu=mac or card.short_name,
        total=f"{total:g}",
        gb=f"{limit:g}",
        mb=int(raised * 1024),
        spare=f"{total - raised:g}",
    )
    # the fit, the table and the hints use what the GPU gets; an unlisted Mac is unified memory all the same
    if isinstance(card, Card):
        return dataclasses.replace(card, memory_gb=limit, unified_memory=True, vendor="Apple", name=mac), text, raised
    return dataclasses.replace(card, memory_gb=limit), text, raised


def _raised_limit(case: FitCase, raised: float) -> str:
    """A Mac whose default GPU share holds none of the rows, or not the first: the first row that fits when the
    limit is raised to `raised` GB (macOS keeps 8 GB, or a quarter of a smaller Mac; §mem.apple); "" when that
    changes nothing."""
    first_ok = case.ok[0][0] if case.ok else None
    for label, est, _ in case.rows:
        if label == first_ok:
            return ""
        if est.total_gb <= raised:
            speed = ""
            if case.model.kind == "llm" and case.query.mode == "inference" and isinstance(case.gpu, GpuSpec):
                q = case.query
                tps = llm.decode_speed(
                    case.gpu, case.model, label, context=q.context_tokens or 1024, batch=q.batch or 1
                )
                speed = case.env.t("fit.macos_raised_speed", tps=f"{tps.tokens_per_s:.1f}")
            need = f"{est.total_gb:.1f}"
            return case.env.t("fit.macos_raised_fits", label=label, need=need, gb=f"{raised:g}", speed=speed)
    return ""


def _tight(env: Env, f, case=None) -> str:
    """A fit with less than HEADROOM_WARN of the card left (§mem.units): said, as other programs can take that; on a
    server set (four cards or more, or SXM modules) what a serving engine's fixed share (VLLM_MEMORY_SHARE) means."""
    if f.available_gb <= 0 or f.headroom_gb >= C.HEADROOM_WARN * f.available_gb:
        return ""
    gpu = getattr(case, "gpu", None)
    server = case is not None and (case.n >= 4 or getattr(gpu, "server_module", None))
    key = "fit.tight_served" if server else "fit.tight"
    return i18n.gap(env.lang) + env.t(key, pct=f"{C.HEADROOM_WARN * 100:.0f}", share=f"{C.VLLM_MEMORY_SHARE * 100:.0f}")


def _headline(case: FitCase, where: str) -> str:
    """Fits (at which precision or method, with what to spare, and where it does not) or does not fit
    (what it needs, where it would fit, and the nearest thing that works)."""
    env, model, n = case.env, case.model, case.n
    prec, est, f = case.pick
    ok = case.ok
    if f.fits:
        no = [label for label, _, x in case.rows if not x.fits]
        head = env.t(
            "fit.head_yes_train" if case.training else "fit.head_yes",
            prec=ok[0][0] if case.pick is ok[0] else prec,
            spare=f"{ok[0][2].headroom_gb * n:.1f}",
            where=where,
            total=f"{n * case.memory_gb:g}",
        )
        not_at = env.t("fit.head_not_at", precisions=i18n.listing(env.lang).join(no)) if no else i18n.end(env.lang)
        return head + not_at + _tight(env, ok[0][2], case)
    near = _near_yes(case, where)
    if near:  # "phi-3 mini on a 4gb laptop gpu": a little too much, and a shorter context or quant fits
        return near + near_miss(case)
    if deep := deep_yes(case, where) or fit_hints.lighter_yes(case, where):  # "m2 ultra 192g能跑r1": iq1_s; q3_k_m
        return deep
    hint, more = near_miss(case), more_cards(case)
    # training: what works on the user's own cards (the lighter method, a shorter sequence) before buying more cards
    # ("微调qwen 7b lora要多少显存 我只有一张3060 12g": LoRA does not fit, QLoRA does, then the splits)
    here_first = case.training and bool(hint)
    head = env.t(
        "fit.head_no_train" if case.training else "fit.head_no",
        model=model.name,
        need=f"{est.total_gb * n:.1f}",
        prec=prec,
        mode=mode_name(env, case.shown[case.rows.index(case.pick)][1]),  # the row's method ("full vs lora": full)
        where=where,
        total=f"{n * case.memory_gb:g}",
        more="" if here_first else more,
    )
    if hint and lexicon(env.lang).words_in("quant_asks", case.query.text.lower()):
        return hint.strip() + i18n.gap(env.lang) + head.strip() + _cards_cost(case)  # "what quant then": that first
    if here_first:
        return head + hint + more + _cards_cost(case)
    return head + hint + _cards_cost(case)


def near_condition(case: FitCase) -> str | None:
    """LLM inference that no row holds at the context asked, but the lightest row does at a context of at least
    NEAR_CONTEXT tokens ("shorter_context") or a slightly smaller quantization does at the context asked
    ("smaller_quant"): a yes with that condition (docs/model.md §mem). None otherwise."""
    query, model, gpu, n = case.query, case.model, case.gpu, case.n
    prec, _, f = case.pick
    if f.fits or case.ok or case.training or model.kind != "llm" or query.mode != "inference":
        return None
    if smaller_quant(model, query, prec, gpu, n):
        return "smaller_quant"
    ctx = memory.max_context(model, prec, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
    return "shorter_context" if ctx >= C.NEAR_CONTEXT else None


def _near_yes(case: FitCase, where: str) -> str:
    """The headline of a near miss (near_condition): yes, with what it needs at the context asked; the ways follow.
    When the question set the quantization or the context that misses ("fits at q8?", "at q4 with 32k context"),
    the answer to it is no, said first ("head_no_near"); the lighter ways follow the same way."""
    if near_condition(case) is None:
        return ""
    n = case.n
    prec, est, _ = case.pick
    said = case.query.precision is not None or bool(case.query.context_tokens)
    return case.env.t(
        "fit.head_no_near" if said else "fit.head_yes_near",
        model=case.model.name,
        prec=prec,
        need=f"{est.total_gb * n:.1f}",
        where=where,
        total=f"{n * case.memory_gb:g}",
        ctx=f"{case.query.context_tokens or memory.default_context(case.model):,}",
    )


def _cards_cost(case: FitCase) -> str:
    """ "how many 3090s would i need for 405b and what would that cost": the price of the cards it would fit on and
    of the machine that holds them, when the question asks for money or a count (fit_hardware.asks_hardware)."""
    _, _, f = case.pick
    spec = case.spec
    if spec is None or not f.min_gpus or f.min_gpus <= case.n or case.model.kind != "llm" or users_of(case) > 1:
        return ""  # serving several users: the serving lead prices the cards it counts
    if not fit_hardware.asks_hardware(case.query, case.env):
        return ""
    found = fit_total.count_cost(case.query, case.env, spec, f.min_gpus)
    return i18n.gap(case.env.lang) + found if found else ""


def _verdict(case: FitCase) -> dict:
    """yes: fits at the best quality shown (or the precision asked); yes_if: only at a lighter
    precision or method (the condition); no: nothing shown fits."""
    prec, _, f = case.pick
    near = near_condition(case) or fit_hints.lighter_condition(case)  # "m4 pro 48g能跑70b吗": yes at q3_k_m
    smaller = smaller_quant(case.model, case.query, prec, case.gpu, case.n) if near == "smaller_quant" else None
    if smaller:  # "what quant would fit" next: the quantization that fits (iq4_xs), for the follow-up to ask at
        return {
            "answer": "yes_if",
            "condition": near,
            "fits_at": smaller[0],
            "gpu": case.gpu.name,
            "gpu_count": case.n,
            "memory_gb": case.gpu.memory_gb,
        }
    if near:
        answer, condition = "yes_if", near
    elif not f.fits:
        answer, condition = "no", None
    elif case.pick is case.rows[0]:
        answer, condition = "yes", None
    else:
        answer, condition = "yes_if", prec
    gpu = case.gpu
    found = {"answer": answer, "condition": condition, "gpu": gpu.name, "gpu_count": case.n, "memory_gb": gpu.memory_gb}
    if answer == "no" and case.query.mode in (None, "inference") and _quant_asked(case):  # "at what quant": iq2_s
        found["fits_at"] = deep_fit(case.model, case.query, case.gpu, case.n)
    return found


def _quant_asked(case: FitCase) -> bool:
    return lexicon(case.env.lang).words_in("quant_asks", case.query.text.lower())


def _figures(case: FitCase, longest: int, moe) -> dict:
    prec, est, f = case.pick
    n = case.n
    verdict = _verdict(case)
    if moe and (moe[2]["moe_offload"]["runs"] or "runs_at" in moe[2]["moe_offload"]):  # at iq1_s: said so
        verdict |= {"answer": "yes_if", "condition": "experts_in_system_ram"}
    figures = {
        "model_key": case.model.key,
        "vram_required_gb": round(est.total_gb * n, 2),
        "per_gpu_gb": round(est.total_gb, 2),
        "fits": f.fits,
        "gpu_count": n,
        "precision": prec,
        "headroom_gb": round(f.headroom_gb, 2),
        "min_gpus": f.min_gpus,
        "verdict": verdict,
    }
    label_row = next((k for k, r in enumerate(case.rows) if r is case.pick), 0)
    _, mode, row_prec = case.shown[label_row]
    q = case.query
    # what a later check needs to work the same estimate again at another batch (respond/fit_batch.py)
    figures["fit_setup"] = {
        "mode": mode,
        "precision": row_prec,
        "n": n,
        "memory_gb": case.memory_gb,
        "resolution": q.resolution,
        "context_tokens": q.context_tokens,
        "lora_rank": q.lora_rank,
        "batch": q.batch or 1,
        "setup": list(q.setup),
    }
    # what "why?" says of it next (respond/why_fit.py): the size and each precision's need
    figures |= {"memory_rows": memory_rows(case), "model_params_b": case.model.params_b, "model_name": case.model.name}
    if longest:
        figures["max_context_tokens"] = longest
    if moe:
        figures |= moe[2]
    return figures


def _larger_fits(case: FitCase) -> str:
    """ "A larger quant fits now too: q8_0 (17.1 GB)" when the quant was kept from the speed before ("and on two of
    them?") and a better one fits the new set; "" otherwise."""
    kept = getattr(case.query, "kept_precision", None)
    if not kept or case.query.precision or not case.ok or case.ok[0][0] == kept:
        return ""
    if kept not in [label for label, _est, _ in case.ok]:
        return ""  # the kept quant no longer fits: what fits is smaller, and the headline says so
    label, est, _ = case.ok[0]
    return case.env.t("fit.larger_fits", prec=label, gb=f"{est.total_gb * est.n_gpus:,.1f}", kept=kept)


def _answer(case: FitCase, head: str, table, steps: list[str], figures: dict) -> Answer:
    query, env, model, gpu = case.query, case.env, case.model, case.gpu
    larger = _larger_fits(case)
    if larger:
        head = i18n.gap(env.lang).join([head, larger])
        figures = figures | {"larger_precision_fits": case.ok[0][0]}
    head, figures = fit_instead.with_instead(case, head, figures)  # "4x 3090 r1": at q4_k_m the 70B distill fits
    prec, _, f = case.pick
    spec = case.spec
    sources = env.cite(model.source) + ([spec_source(spec, env)] if spec else []) + ["method: docs/model.md §mem, §llm"]
    if figures.get("context_extension_source"):  # "qwen2.5 coder 32b at 64k": the card that gives the longer reach
        sources += env.cite(figures["context_extension_source"])
    if "image_lora_low_vram" in figures:  # the trainers' low-VRAM settings the answer leads with
        sources += env.cite(image_route.LOW_VRAM_SOURCE)
    if model.kind == "image":  # an SDXL LoRA is image work (training it), never LLM fine-tuning
        workload = "training" if case.training else "image_generation"
    else:
        workload = "llm_finetune" if case.training else "llm_inference"
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[gpu.name] if gpu.name and not isinstance(gpu, Card) else [],  # a nameless card or an unlisted Mac: none
        choice=gpu.name if f.fits and gpu.name and not isinstance(gpu, Card) else None,
        workload=workload,
        precision=prec,
        tables=[table],
        steps=steps,
        figures=figures,
        sources=sources,
        lang=env.lang,
    )


def _longest_line(query, model, prec: str, longest: int, env: Env) -> str:
    """The longest context that fits; for a model known only by its size, the trained length is the assumed shape's
    (§mem.generic), said so, not the model's."""
    trained = f"{model.context or 0:,}"
    near = generic_shape(query.params_b, env) if not query.model and getattr(query, "params_b", None) else None
    if near is not None:
        return env.t("fit.longest_context_generic", prec=prec, ctx=f"{longest:,}", trained=trained, near=near.name)
    return env.t("fit.longest_context", prec=prec, ctx=f"{longest:,}", trained=trained)
