"""A comparison that names a model: "two 3090s or one 4090 for 70b", "4090 vs 5090 for llama 3 70b",
"5060 ti 16gb vs 4060 ti 16gb for flux".

Contract: `model_rows(query, names, counts, env)` returns None when the query names no model, else
(headline, table rows, figures). A language model: whether it fits on each side with that side's
GPU count (docs/model.md §mem) and, where it fits, its single-user generation speed (§llm.decode);
the precision is the one asked, else q4_k_m (how local models are usually run), and is said. An
image model: the lightest of fp16 / fp8 (or the precision asked) that fits ONE card of each side
(a denoiser is not split across GPUs), with text encoders off the GPU once the prompt is encoded
as ComfyUI and Forge do (§mem.image); speed is the relative 16-bit inference speed (no measured
seconds per image to calibrate against), said so.
`figures["model_fits"]`: {GPU name: true | false}; `figures["model_tokens_per_second"]`: {GPU name: tokens/s};
image models add `figures["model_precision_fits"]`: {GPU name: precision | null} and
`figures["model_choice"]` when only one side holds the model. Serving several users: respond/compare_serving.py.
`held_model(query, figures, env)`: the (model, precision) every side holds, whose single-user speed the comparison's
own ratio is then of (a size named, "for 70b", too), else None.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import diffusion_memory, hardware, image_speed, llm, memory, performance
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, FitQuery
from assistant.respond import compare_count, compare_neither, compare_sets, job_plan, scratch_time
from assistant.respond.compare_serving import serving, serving_sets
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.fit_speed import speed_text
from assistant.respond.pricing import score, speech
from assistant.respond.setup import estimate, memory_setup, setup_step

REFERENCE_GPU = "GeForce RTX 3090"  # the training score's reference card (= 1), where the FLOPs rule anchors the scale
PREFILL_PROMPT = 8192  # tokens of a "long prompt" when none is said, for the seconds it takes to read [A]
_TRAINING = ("llm_finetune", "training")


def train_mode(query: CompareQuery, lang: str) -> str | None:
    """QLoRA / LoRA named anywhere ("for qlora on 30b models", "用lora微调"), else full fine-tuning when the
    workload is training or full fine-tuning is named ("full finetune", "全参"); None for inference."""
    if query.mode in ("lora", "qlora", "full_finetune"):
        return query.mode  # carried from the conversation ("or a used 3090?" after an SDXL LoRA fit)
    low = query.text.lower()
    if "qlora" in low or "q lora" in low or "q-lora" in low:
        return "qlora"
    if "lora" in low:
        return "lora"
    if query.workload in _TRAINING or lexicon(lang).words_in("full_finetune_words", low):
        return "full_finetune"
    return None


def _measured_mix_rate(model, gpu, n: int, env: Env) -> float | None:
    """Tokens a second of an LLM's full training on n cards (§cost.training, comparisons): the FLOPs rule's rate on
    one RTX 3090 (6 x parameters FLOPs a token at 35 % of its 16-bit peak) x the measured 16-bit training score of
    the n cards over the 3090's (the table's row, multi-GPU scaling included). Peaks alone rate newer parts 2x too
    high against Lambda's transformer runs (BERT-large, Transformer-XL: median 2.2x off, the score 1.14x;
    scripts/model_checks/transformer_oos.py), so the score sets the ratio and the 3090 the scale."""
    ref = env.reader.gpu(REFERENCE_GPU)
    if ref is None:
        return None
    hours = job_plan.run(model, "full", 1e9, ref, 1).hours
    if large_model(model):  # long steps: no per-step fixed cost (performance.large_model_training)
        base, mine = performance.large_model_training(ref).score, performance.large_model_training(gpu, n).score
    else:
        base, mine = score(ref, "train16").score, score(gpu, "train16", n).score
    if not 0 < hours < float("inf") or base <= 0:
        return None
    return 1e9 / (hours * 3600) * mine / base


def held_model(query: CompareQuery, figures: dict, env: Env):
    """(model, precision) of the model the comparison names when every side holds it (a size named, "for 70b", is the
    KB model of the nearest size scaled to it), else None: its single-user speed is the one compared."""
    if not figures.get("model_tokens_per_second") or not all(figures.get("model_fits", {}).values()):
        return None
    if query.model is None and not query.params_b:
        return None
    model, _ = sized_model(FitQuery(text=query.text, model=query.model, params_b=query.params_b), env)
    return (model, figures["model_precision"]) if model is not None else None


def large_model(model) -> bool:
    """An LLM of at least LARGE_MODEL_TRAINING_PARAMS_B parameters (§cost.training)."""
    return (model.params_b or 0) >= C.LARGE_MODEL_TRAINING_PARAMS_B


def _training_rows(
    query: CompareQuery, model, mode: str, names: list[str], counts: dict[str, int], env: Env, scratch: bool = False
):
    """Fine-tuning a language model on each side: the training memory (§mem.train; several GPUs split the
    weights, ZeRO-3 for full fine-tuning), whether it fits, and the set-up assumed. `scratch`: training from scratch
    (every weight, as a full fine-tune's memory), named so, with the run's time on a node of each side instead of the
    lighter fine-tuning methods."""
    asked = FitQuery(text=query.text, model=query.model, params_b=query.params_b, mode=mode)
    setup = memory_setup(model, asked, mode)
    figures: dict = {"model_fits": {}, "model_mode": mode, "model_memory_gb": {}, "model_kind": model.kind}
    sides, fits_row = [], []
    for name in names:
        gpu, n = env.reader.known_gpu(name), max(counts.get(name, 1), 1)  # image models: one card (counts empty)
        est = estimate(model, setup, "fp16" if model.kind == "image" else "bf16", n, mode, asked)
        f = memory.fit(est, hardware.gpu_memory_limit_gb(gpu), n)  # a Mac: the GPU's share (§mem.apple)
        layers_only = ""
        if model.kind == "llm" and _layer_split(setup, mode):
            # the speeds compared are data parallel: a (Q)LoRA counts as held (and the cards it would need are
            # counted) as ZeRO-3 / FSDP holds it; a layer split (the cards take turns, one card's speed) is said
            # beside it (§mem.train)
            layers_only = env.t("compare.train_layers_only") if f.fits and n > 1 else ""
            est = estimate(model, setup.with_values(zero_stage=3), "bf16", n, mode, asked)
            f = memory.fit(est, hardware.gpu_memory_limit_gb(gpu), n)
            layers_only = "" if f.fits else layers_only
        figures["model_fits"][name] = f.fits
        figures["model_memory_gb"][name] = round(est.total_gb * n, 1)
        # pretraining / full fine-tuning keeps the tensor cores busy: the job's speed is FLOPs / (MFU x 16-bit peak x
        # cards) (§cost.training); (Q)LoRA's small batches and adapters run well below it, so the benchmark mix stays
        if model.kind == "llm" and f.fits and mode == "full_finetune":
            tps = _measured_mix_rate(model, gpu, n, env)
            if tps:
                figures.setdefault("model_train_tokens_per_second", {})[name] = round(tps)
                figures["model_train_large"] = large_model(model)
        where = (
            env.t("fit.where_many", n=n, gpu=gpu.short_name)
            if n > 1
            else env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        )
        total = f"{n * (gpu.memory_gb or 0):g}"
        need = f"{est.total_gb * n:.1f}"
        if f.fits:
            sides.append(env.t("compare.train_side_fits", where=where, total=total, need=need))
        else:
            # an image model is not split across cards: no count of them holds it
            more = env.t("compare.train_min_gpus", n=f.min_gpus) if f.min_gpus > n and model.kind == "llm" else ""
            more += layers_only + _fused_fits(model, setup, mode, asked, gpu, n, figures, name, env)
            more += _image_lora_fits(model, setup, mode, asked, gpu, n, figures, name, env)
            sides.append(env.t("compare.train_side_no", where=where, total=total, need=need, more=more))
        fits_row.append(
            env.t("fit.yes" if f.fits else "fit.no") + env.t("fit.headroom", headroom=f"{f.headroom_gb:+.1f}")
        )
    holders = [n for n, ok in figures["model_fits"].items() if ok]
    if len(holders) == 1 and len(names) > 1:  # the side holding it as asked decides; a fused-loss fit is said beside
        figures["model_choice"] = holders[0]
    method = i18n.cap(env.lang, env.t("fit.method_pretrain")) if scratch else env.t(f"fit.mode_{mode}")
    head = env.t("compare.train_head", model=model.name, method=method, sides=env.t("compare.model_sep").join(sides))
    if scratch:  # "h100 vs a100 for training a 7b from scratch": the run's compute decides, on a node of each
        head += i18n.gap(env.lang) + scratch_time.compare_line(model, names, env)
    elif not holders and mode != "qlora" and model.kind == "llm":  # neither holds it: the lighter methods on one card
        lighter = {m: estimate(model, setup, "bf16", 1, m, asked).total_gb for m in ("lora", "qlora") if m != mode}
        figures["lighter_gb"] = {m: round(gb, 1) for m, gb in lighter.items()}
        items = i18n.listing(env.lang).join(
            env.t("compare.train_lighter_item", method=env.t(f"fit.mode_{m}"), gb=f"{gb:.1f}")
            for m, gb in lighter.items()
        )
        head += i18n.gap(env.lang) + env.t("compare.train_lighter", items=items)
    # "flux lora on 16 GB": the fp8 base that kohya / ai-toolkit offer, unless a side already said what fits it
    if not holders and model.kind == "image" and not figures.get("model_fits_if"):
        gb = estimate(model, setup.with_values(method="lora"), "fp8", 1, "lora", asked).total_gb  # a LoRA set-up
        figures["lighter_gb"] = {"fp8_base": round(gb, 1)}
        item = env.t("compare.train_lighter_item", method=env.t("fit.method_lora_base", prec="fp8"), gb=f"{gb:.1f}")
        head += i18n.gap(env.lang) + env.t("compare.train_lighter", items=item)
    rows = [[env.t("compare.row_train_fits", model=model.name, method=method), *fits_row]]
    figures["train_setup"] = setup_step(env, setup)
    return head, rows, figures


def _lightest_held(query: CompareQuery, model, names: list[str], counts: dict[str, int], env: Env):
    """ "4x 4090 vs 1 h100 for finetuning 70b", no method named: full fine-tuning when a side holds it, else the first
    of LoRA and QLoRA that a side holds (QLoRA when none does), said to be the method weighed."""
    full = _training_rows(query, model, "full_finetune", names, counts, env)
    if any(full[2]["model_fits"].values()):
        return full
    for mode in ("lora", "qlora"):
        found = _training_rows(query, model, mode, names, counts, env)
        if any(found[2]["model_fits"].values()) or mode == "qlora":
            head, rows, figures = found
            most = max(full[2]["model_memory_gb"].values(), default=0.0)
            key = "compare.train_method_chosen" if any(figures["model_fits"].values()) else "compare.train_method_least"
            said = env.t(key, method=env.t(f"fit.mode_{mode}"), gb=f"{most:,.0f}")
            return said + i18n.gap(env.lang) + head, rows, figures
    return full


def _fused_fits(model, setup, mode: str, asked, gpu, n: int, figures: dict, name: str, env: Env) -> str:
    """An LLM fine-tune that misses with a plain loss but fits with a fused cross-entropy (Unsloth's default; Liger or
    Cut Cross-Entropy elsewhere: no logits kept, §mem.train): said beside the side, and kept as `model_fits_if`."""
    if model.kind != "llm" or setup.kind != "llm_train" or setup.values.get("loss", "plain") != "plain":
        return ""
    est = estimate(model, setup.with_values(loss="fused"), "bf16", n, mode, asked)
    if not memory.fit(est, hardware.gpu_memory_limit_gb(gpu), n).fits:
        return ""
    figures.setdefault("model_fits_if", {})[name] = "fused_loss"
    return env.t("compare.train_fused_fits", need=f"{est.total_gb * n:.1f}")


def _image_lora_fits(model, setup, mode: str, asked, gpu, n: int, figures: dict, name: str, env: Env) -> str:
    """An image LoRA a side does not hold at the 16-bit base: at the fp8 base, else with the trainers' low-VRAM
    settings (diffusion_memory.low_vram_lora: Adafactor, blocks swapped to system RAM), said beside the side and kept
    as `model_fits_if` (§mem.image)."""
    if model.kind != "image" or setup.kind != "image_train" or mode != "lora" or n != 1:
        return ""
    avail = hardware.gpu_memory_limit_gb(gpu)
    fp8 = estimate(model, setup, "fp8", 1, mode, asked)
    if memory.fit(fp8, avail, 1).fits:
        figures.setdefault("model_fits_if", {})[name] = "fp8_base"
        return env.t("compare.train_image_fp8_fits", need=f"{fp8.total_gb:.1f}")
    found = diffusion_memory.low_vram_lora(model, avail or 0.0, **(setup.values | {"precision": "fp8"}))
    if found is None:
        return ""
    change, est = found
    swapped = change.get("blocks_swapped", 0)
    figures.setdefault("model_fits_if", {})[name] = f"low_vram_swap_{swapped}" if swapped else "low_vram_adafactor"
    return env.t("compare.train_image_low_vram", need=f"{est.total_gb:.1f}", n=swapped)


def _layer_split(setup, mode: str) -> bool:
    """A (Q)LoRA set-up that several cards would split by layers (no ZeRO-3 / FSDP named, train_memory.layout)."""
    values = setup.values
    return mode != "full_finetune" and values.get("zero_stage", 0) < 3 and values.get("offload") != "params"


def model_rows(query: CompareQuery, names: list[str], counts: dict[str, int], env: Env):
    if query.model is None and not query.params_b:
        return None
    asked = FitQuery(text=query.text, model=query.model, params_b=query.params_b)
    model, _ = sized_model(asked, env)
    if model is not None and model.kind == "image":
        mode = train_mode(query, env.lang)
        if mode == "full_finetune" and not lexicon(env.lang).words_in("full_finetune_words", query.text.lower()):
            mode = "lora"  # an image model trained with no full fine-tuning named: a LoRA, as its trainers mean [A]
        if mode is not None and mode != "qlora":  # "sdxl lora training": training memory on one card of each side
            return _training_rows(query, model, mode, names, {}, env)
        return _image_rows(query, model, names, env)
    if model is None or model.kind != "llm":
        return None
    if speech(model):
        return _speech_rows(query, model, names, env)
    mode = train_mode(query, env.lang)
    lex, low = lexicon(env.lang), query.text.lower()
    # "h100 vs a100 for training a 7b from scratch": every weight trained (pretrain_words), never a LoRA weighed instead
    scratch = bool(lex.words_in("pretrain_words", low))
    if mode == "full_finetune" and not lex.words_in("full_finetune_words", low) and not scratch:
        return _lightest_held(query, model, names, counts, env)
    if mode == "full_finetune" and scratch:
        return _training_rows(query, model, mode, names, counts, env, scratch=True)
    if mode is not None:
        return _training_rows(query, model, mode, names, counts, env)
    prec = query.precision or memory.local_precision(model)
    ctx = query.context_tokens  # "at 32k ctx": the memory and the speed at that context
    sides, fits_row, speed_row = [], [], []
    figures: dict = {"model_fits": {}, "model_tokens_per_second": {}, "model_precision": prec, "model_kind": "llm"}
    figures["model_name"] = model.name
    need = None
    # "两张4090 D ... 用张量并行": each card reads 1/n of each layer, as the score compared (compare_outcome.chat_split)
    split = "tensor" if lex.words_in("tensor_split_words", f" {low} ") else "layer"
    for name in names:
        gpu, n = env.reader.known_gpu(name), max(counts.get(name, 1), 1)
        est = memory.inference_memory(model, prec, context=ctx, batch=1, n_gpus=n)
        need = est.total_gb * n
        f = memory.fit(est, hardware.gpu_memory_limit_gb(gpu), n)  # a Mac: the GPU's share (§mem.apple)
        where = (
            env.t("fit.where_many", n=n, gpu=gpu.short_name)
            if n > 1
            else env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        )
        total = f"{n * (gpu.memory_gb or 0):g}"
        figures["model_fits"][name] = f.fits
        figures.setdefault("model_need_gb", {})[name] = round(need, 1)  # what "why?" weighs (respond/why_model.py)
        figures.setdefault("model_room_gb", {})[name] = round(hardware.gpu_memory_limit_gb(gpu) * n, 1)
        fits_row.append(
            env.t("fit.yes" if f.fits else "fit.no") + env.t("fit.headroom", headroom=f"{f.headroom_gb:+.1f}")
        )
        if f.fits:
            speed = llm.decode_speed(gpu, model, prec, context=ctx or 1024, batch=1, n_gpus=n, split=split)
            figures["model_tokens_per_second"][name] = round(speed.tokens_per_s, 1)
            pre = llm.prefill_speed(gpu, model, prec, prompt=ctx or 1024, n_gpus=n).tokens_per_s
            if pre > 0:
                figures.setdefault("model_prefill_tokens_per_second", {})[name] = round(pre)
            text = speed_text(env, speed)
            speed_row.append(text)
            sides.append(env.t("compare.model_side_fits", where=where, total=total, speed=text))
        else:
            speed_row.append("—")
            fix = near_miss(model, prec, gpu, n, est)
            if fix is not None:
                figures.setdefault("model_fits_if", {})[name] = fix
                sides.append(
                    env.t("compare.model_side_no", where=where, total=total) + _fix_text(env, fix, model, gpu, n)
                )
            else:
                sides.append(env.t("compare.model_side_no", where=where, total=total))
    holders = [n for n, ok in figures["model_fits"].items() if ok]
    if len(holders) == 1 and len(names) > 1:
        figures["model_choice"] = holders[0]
    elif not holders and len(figures.get("model_fits_if", {})) == 1:
        figures["model_choice"] = next(iter(figures["model_fits_if"]))
    if ctx:
        figures["model_context"] = ctx
    head = env.t(
        "compare.model_head",
        model=model.name,
        prec=env.t("compare.model_at_context", prec=prec, context=f"{ctx:,}") if ctx else prec,
        need=f"{need:.1f}",
        sides=env.t("compare.model_sep").join(sides),
    )
    users = int(dict(query.targets).get("users", 0))
    vllm = users > 1 or bool(lexicon(env.lang).words_in("serving_words", query.text.lower()))  # served: vLLM sets
    if not holders and not any(counts.get(n, 1) > 1 for n in names) and users > 1:
        # "b200 vs h200 for serving llama 3.1 405b to 100 users": the sets that serve them, as vLLM runs it
        served_sets = serving_sets(model, names, users, getattr(query, "context_tokens", None), figures, env)
        head = served_sets + i18n.gap(env.lang) + head if served_sets else head
    elif not holders and not figures.get("model_fits_if") and not any(counts.get(n, 1) > 1 for n in names):
        head = _sets_head(model, prec, names, head, figures, env, vllm)  # "4090 or 3090 for 70b": sets that hold it
    if not holders and not figures.get("model_fits_if") and not figures.get("model_choice") and users <= 1:
        head = (
            compare_neither.lead(model, prec, names, counts, figures, env)
            + i18n.gap(env.lang)
            + i18n.cap(env.lang, head)
        )
    rows = [
        [env.t("compare.row_model_fits", model=model.name, prec=prec), *fits_row],
        # the context of the speeds said: the chat row of a card comparison is at CHAT_CONTEXT, these at 1k or as asked
        [
            env.t(
                "compare.row_model_speed", model=model.name, prec=prec, k=f"{(query.context_tokens or 1024) // 1024}"
            ),
            *speed_row,
        ],
    ]
    if query.asked_figure == "count" and not any(counts.get(n, 1) > 1 for n in names):
        # "要几张跑qwen2.5 72b" after two cards compared: how many of each
        many = compare_count.lead(model, prec, names, ctx, figures, env, vllm)
        head = i18n.gap(env.lang).join(p for p in (many, head) if p)
    prefill = _prefill_lead(query, model, names, counts, figures, env)
    if prefill:  # "which is faster at prompt processing for 70b": reading the prompt leads (§llm.prefill)
        head = prefill + i18n.gap(env.lang) + head
        pre = figures["model_prefill_tokens_per_second"]
        rows.append(
            [
                env.t("compare.row_model_prefill", model=model.name, prec=prec),
                *[env.t("fit.tokens_per_s", v=f"{pre[n]:,.0f}") if n in pre else "—" for n in names],
            ]
        )
    served = serving(query, model, prec, names, counts, figures, env)
    if served is not None:  # "h200 vs h100 for serving 70b": many users at once lead, one user follows
        head = served[0] + i18n.gap(env.lang) + head
        rows.append(served[1])
    elif users > 1 and holders and "model_serving_sets" not in figures and not any(counts.get(n, 1) > 1 for n in names):
        # one card holds the model but not the users' caches ("a6000 or l40s to serve qwen2.5 72b to 40 users")
        served_sets = serving_sets(model, names, users, getattr(query, "context_tokens", None), figures, env)
        head = served_sets + i18n.gap(env.lang) + head if served_sets else head
    return head, rows, figures


def _prefill_lead(query, model, names: list[str], counts: dict, figures: dict, env: Env) -> str:
    """Prompt processing asked ("faster at prompt processing", "long prompts", "prefill", "读提示词"): the side that
    reads a prompt faster, by how much, and its prompt's time (§llm.prefill); "" when not asked or not both rated."""
    if not lexicon(env.lang).words_in("prefill_asked", query.text.lower()):
        return ""
    pre = figures.get("model_prefill_tokens_per_second") or {}
    counts = _set_counts(model, names, counts, pre, figures, env, getattr(query, "context_tokens", None))
    rated = [n for n in names if pre.get(n)]
    if len(rated) < 2:
        return ""
    fast, slow = sorted(rated, key=lambda n: -pre[n])[:2]
    prompt = getattr(query, "context_tokens", None) or PREFILL_PROMPT
    label = {n: (f"{counts[n]} x " if counts.get(n, 1) > 1 else "") + env.reader.known_gpu(n).short_name for n in rated}
    return env.t(
        "compare.prefill_lead",
        fast=label[fast],
        slow=label[slow],
        ratio=f"{pre[fast] / pre[slow]:.1f}",
        fast_tps=f"{pre[fast]:,.0f}",
        slow_tps=f"{pre[slow]:,.0f}",
        prompt=f"{prompt:,}",
        fast_s=f"{prompt / pre[fast]:.0f}",
        slow_s=f"{prompt / pre[slow]:.0f}",
        model=model.name,
    )


def _set_counts(model, names, counts: dict, pre: dict, figures: dict, env: Env, context) -> dict:
    """Neither card holds the model alone ("which is faster at prompt processing" after 3090 vs 4090 for 70b): the
    prompt speed of the sets that hold it (figures model_sets), added to `pre`; the counts with those sets'."""
    sets = figures.get("model_sets") or {}
    prec = figures.get("model_precision")
    if not sets or not prec:
        return counts
    counts = dict(counts)
    for name in names:
        if name in sets and not pre.get(name):
            n = int(sets[name]["count"])
            gpu = env.reader.known_gpu(name)
            pre[name] = round(
                llm.prefill_speed(gpu, model, prec, prompt=context or PREFILL_PROMPT, n_gpus=n).tokens_per_s
            )
            counts[name] = n
    figures["model_prefill_tokens_per_second"] = pre
    return counts


def _sets_head(model, prec: str, names: list[str], head: str, figures: dict, env: Env, served: bool = False) -> str:
    """Neither side holds the model on one card: the fewest cards of each that do, their speed and price, and the
    set to get first (compare_sets); `figures["model_sets"]`: {GPU name: {count, tokens_per_s, usd}}."""
    held = compare_sets.sets_that_hold(model, prec, names, env, served)
    if not held:
        return head
    figures["model_sets"] = {
        n: {"count": h.count, "tokens_per_s": round(h.tokens_per_s, 1), "usd": h.usd and round(h.usd, 2)}
        for n, h in held.items()
    }
    chosen = compare_sets.pick(held, model.name, env)
    if chosen is None or len(held) == 1:  # the pick names both sets; otherwise the list does
        head += i18n.gap(env.lang) + compare_sets.line(held, env)
    if chosen is None:
        return head
    figures["model_choice"], figures["model_sets_pick"] = chosen[0], True
    return chosen[1] + i18n.gap(env.lang) + head


NEAR_MISS = 0.15  # short by at most this share of a card's memory: a setting away from fitting [A]
LIGHTER_QUANTS = ("q4_k_s", "iq4_xs", "q3_k_m")  # the next steps down from q4_k_m, in order


def near_miss(model, prec: str, gpu, n: int, est) -> dict | None:
    """What makes a model that just misses fit: the longest shorter context at the same precision, or
    the first lighter quantization at the same context. None when it misses by more than NEAR_MISS."""
    mem = gpu.memory_gb or 0
    f = memory.fit(est, mem, n)
    if f.fits or -f.headroom_gb > NEAR_MISS * mem:
        return None
    ctx = int(next((x.value for x in est.factors if x.name == "context"), 0))
    fix: dict = {"short_gb": round(-f.headroom_gb, 1), "context": ctx}
    longest = memory.max_context(model, prec, mem, n)  # from the KV cache per token (§mem.kv)
    if 0 < longest < ctx:
        fix["fits_at_context"] = longest
    bits = memory.bits_per_weight(prec)
    for quant in (q for q in LIGHTER_QUANTS if memory.bits_per_weight(q) < bits):
        if memory.fit(memory.inference_memory(model, quant, context=ctx, n_gpus=n), mem, n).fits:
            fix["fits_at_quant"] = quant
            fix["tokens_per_s_at_quant"] = round(
                llm.decode_speed(gpu, model, quant, context=1024, batch=1, n_gpus=n).tokens_per_s, 1
            )
            break
    return fix if len(fix) > 2 else None


def _fix_text(env: Env, fix: dict, model, gpu, n: int) -> str:
    ways = []
    if "fits_at_context" in fix:
        ways.append(env.t("compare.fix_context", ctx=f"{fix['fits_at_context']:,}"))
    if "fits_at_quant" in fix:
        ways.append(
            env.t(
                "compare.fix_quant",
                quant=fix["fits_at_quant"],
                bits=f"{memory.bits_per_weight(fix['fits_at_quant']):g}",
                ctx=f"{fix['context']:,}",
                tps=f"{fix['tokens_per_s_at_quant']:,.0f}",
            )
        )
    return env.t("compare.near_miss", short=f"{fix['short_gb']:.1f}", ways=env.t("compare.fix_or").join(ways))


IMAGE_PRECISIONS = ("fp16", "fp8")  # fp8 weights are how 12-16 GB cards run large image models


def _gguf_fit(model, memory_gb: float) -> tuple[str, float] | None:
    """(GGUF type, GB) of the best-quality GGUF denoiser that fits with image_route.MARGIN_GB to spare, or None."""
    from assistant.respond.image_route import GGUF_LADDER, MARGIN_GB

    for quant in GGUF_LADDER:
        gb = diffusion_memory.image_memory(model, precision=quant, **diffusion_memory.AS_USUALLY_RUN).total_gb
        if memory_gb - gb >= MARGIN_GB:
            return quant, gb
    return None


def _image_rows(query: CompareQuery, model, names: list[str], env: Env):
    """Memory fit of an image model on one card of each side, lightest precision that fits."""
    precs = (query.precision,) if query.precision else IMAGE_PRECISIONS
    ests = {p: diffusion_memory.image_memory(model, precision=p, **diffusion_memory.AS_USUALLY_RUN) for p in precs}
    need = {p: e.total_gb for p, e in ests.items()}
    px = re.search(r"(\d+)px", ests[precs[0]].setup)
    figures: dict = {
        "model_kind": "image",
        "model_fits": {},
        "model_precision_fits": {},
        "image_memory_gb": {p: round(need[p], 1) for p in precs},
    }
    fits_row, sides, timed = [], [], []
    for name in names:
        gpu = env.reader.gpu(name)
        if gpu is None:
            continue
        mem = gpu.memory_gb or 0
        prec = next((p for p in precs if need[p] <= mem), None)
        figures["model_fits"][name] = prec is not None
        figures["model_precision_fits"][name] = prec
        speed = image_speed.image_speed(gpu, model, resolution=int(px.group(1)) if px else None) if prec else None
        if speed is not None and speed.steps_per_s > 0:
            timed.append((gpu, speed))
        if prec:
            spare = mem - need[prec]
            fits_row.append(env.t("compare.image_fits_cell", prec=prec, spare=f"{spare:+.1f}"))
            sides.append(
                env.t("compare.image_side_fits", gpu=gpu.short_name, mem=f"{mem:g}", prec=prec, spare=f"{spare:.1f}")
            )
        else:
            short = mem - need[precs[-1]]
            fits_row.append(env.t("fit.no") + env.t("fit.headroom", headroom=f"{short:+.1f}"))
            side = env.t(
                "compare.image_side_no", gpu=gpu.short_name, mem=f"{mem:g}", prec=precs[-1], short=f"{-short:.1f}"
            )
            gguf = None if query.precision else _gguf_fit(model, mem)
            if gguf is not None:  # "flux on two 12 GB cards, how long per image": the GGUF build both run
                quant, gb = gguf
                side = env.t("compare.image_side_gguf", side=side, quant=quant.upper(), gb=f"{gb:.1f}")
                figures.setdefault("image_gguf", {})[name] = quant
                speed = image_speed.image_speed(gpu, model, resolution=int(px.group(1)) if px else None)
                if speed is not None and speed.steps_per_s > 0:
                    timed.append((gpu, speed))
            sides.append(side)
    needs = env.t("compare.image_or").join(env.t("compare.image_need", gb=f"{need[p]:.1f}", prec=p) for p in precs)
    head = env.t(
        "compare.image_head",
        model=model.name,
        needs=needs,
        px=px.group(1) if px else "?",
        sides=env.t("compare.model_sep").join(sides),
    )
    holders = [n for n in names if figures["model_fits"][n]]
    if len(holders) == 1:
        figures["model_choice"] = holders[0]
    rows = [[env.t("compare.row_image_fits", model=model.name), *fits_row]]
    if timed:  # seconds per image on each side that holds it (docs/model.md §image.speed)
        each = i18n.listing(env.lang).join(
            env.t("compare.image_seconds_each", gpu=g.short_name, sec=f"{sp.seconds_per_image:.1f}") for g, sp in timed
        )
        head += i18n.gap(env.lang) + env.t(
            "compare.image_seconds", each=each, steps=timed[0][1].steps, px=timed[0][1].resolution
        )
        figures["image_seconds"] = {g.name: round(sp.seconds_per_image, 2) for g, sp in timed}
        if lexicon(env.lang).words_in("its_asked_words", f" {query.text.lower()} "):  # "its/s?": the UIs' figure
            its = i18n.listing(env.lang).join(
                env.t("compare.image_its_each", gpu=g.short_name, its=f"{sp.steps_per_s:.1f}") for g, sp in timed
            )
            head += i18n.gap(env.lang) + env.t("compare.image_its", each=its)
    else:
        figures["image_speed_note"] = env.t("compare.image_speed", model=model.name)
    return head, rows, figures


def _speech_rows(query: CompareQuery, model, names: list[str], env: Env):
    """Whisper: whether it fits at fp16 on each side; its speed is not rated (the note says why)."""
    prec = query.precision or "fp16"
    need = memory.inference_memory(model, prec).total_gb
    figures: dict = {"model_fits": {}, "model_precision": prec, "speech_not_rated": True}
    row = []
    for name in names:
        gpu = env.reader.gpu(name)
        ok = gpu is not None and need <= (gpu.memory_gb or 0)
        figures["model_fits"][name] = ok
        row.append(env.t("fit.yes" if ok else "fit.no"))
    head = env.t("compare.speech_head", model=model.name, prec=prec, need=f"{need:.1f}")
    figures["image_speed_note"] = env.t("rec.speech", model=model.name, title=env.t("compare.speech_title"))
    return head, [[env.t("compare.row_model_fits", model=model.name, prec=prec), *row]], figures
