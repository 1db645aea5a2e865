"""What would make a "no" fit work: more cards (split, or ZeRO-3 sharding for full fine-tuning), a
slightly smaller quantization, a shorter context or training sequence, or the lighter row that fits.

Contract: `more_cards(case)` -> the "would fit on N cards" clause of a no headline (may be empty);
`count_lead(case)` -> that count as the first sentence when the question asks how many cards (may be empty);
`near_miss(case)` -> the sentences appended to a no headline (may be empty), down to the deepest quant that fits
(`deep_fits`); `deep_yes(case, where)` -> the yes headline of a MoE model only a dynamic low-bit quant holds
(may be empty). docs/model.md §mem.
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.models import constants as C
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import setup
from assistant.respond.env import Env
from assistant.respond.fit_rows import FitCase, estimate
from assistant.respond.moe_fit import SERVER_SIZES
from assistant.respond.moe_fit import server_count as _server_count
from assistant.specs import ModelSpec

_SMALLER_QUANTS = {"q4_k_m": ("q4_k_s", "iq4_xs"), "q8_0": ("q6_k", "q5_k_m")}
# Below the lightest row shown: a lower-quality quantization people still run (q3_k_m; nothing below 3 bits
# is offered), and q4_k_m below a released FP8 / 16-bit-only ladder ("满血" R1 on a 512 GB Mac) [A].
_LIGHTER_QUANTS = ("q4_k_m", "q3_k_m")
_SHORT_CONTEXT = 4096
# asked for the quant that fits ("what quant of llama 3.3 70b fits on a 3090"): the ladder goes on below 3 bits, to
# the i-quants people run on too-small cards, each said with its quality caveat (LOW_BITS) [A]
_DEEP_QUANTS = ("q3_k_s", "iq3_xxs", "q2_k", "iq2_m", "iq2_s", "iq2_xs", "iq2_xxs", "iq1_m", "iq1_s")
LOW_BITS = 3.0  # below this many bits per weight the answer warns that quality drops noticeably [A]
# "满血" (the full model, not a distill) asked: a quantization of the full model counts as it from this many bits [A]
RELEASED_LOW_BITS = 4.0
# a MoE model's low-bit files are Unsloth's dynamic mixes, a little heavier than the i-quant of their name: R1's
# "1.73-bit" 158 GB vs iq1_m 146.8 (+7.6 %), "2.22-bit" 183 vs iq2_xxs 172.8 (+5.9 %) (docs/model.md §mem i-quants)
DYNAMIC_MIX_EXTRA = 0.08


def more_cards(case: FitCase) -> str:
    """ "would fit on N cards" (LLMs only: an image model's denoiser is not split across GPUs in practice),
    with one card fewer at a slightly smaller quant; full fine-tuning needs ZeRO-3 / FSDP, not a split."""
    query, env, model, gpu, n = case.query, case.env, case.model, case.gpu, case.n
    prec, _, f = case.pick
    # a Mac's unified memory is not split over cards; a laptop's GPU is the only one it has
    splits = model.kind == "llm" and not gpu.unified_memory and not getattr(gpu, "is_mobile", False)
    more = env.t("fit.would_fit", count=f.min_gpus) if splits and f.min_gpus and f.min_gpus > n else ""
    if more and query.mode == "inference" and f.min_gpus - 1 > n:  # one card fewer at a slightly smaller quant
        fewer = smaller_quant(model, query, prec, gpu, f.min_gpus - 1)
        if fewer:
            more += env.t("fit.would_fit_smaller", count=f.min_gpus - 1, prec=fewer[0], need=f"{fewer[1]:.1f}")
    if splits and query.mode == "full_finetune" and _row_mode(case) == "full_finetune":  # never by a plain split
        more = _sharded(env, model, query, gpu, n)
    elif more and case.training:
        more = _adapter_cards(env, model, query, _row_mode(case), gpu, f.min_gpus)
    return more


def _row_mode(case: FitCase) -> str:
    """The method of the row the answer is about (the one asked, or the lighter one that fits)."""
    at = next((i for i, row in enumerate(case.rows) if row is case.pick), 0)
    return case.shown[at][1]


def _adapter_cards(env: Env, model: ModelSpec, query: FitQuery, mode: str, gpu, count: int) -> str:
    """(Q)LoRA on more cards (§mem.train): split by layers as device_map="auto" does (the count `count` of the
    row's own estimate), and the fewest ZeRO-3 / FSDP cards, which also train in parallel, when that count exists;
    only the sharded count when the user named ZeRO-3 / FSDP."""
    chosen = setup.memory_setup(model, query, mode)
    if chosen.values.get("zero_stage") == 3 or chosen.values.get("offload") == "params":
        return env.t("fit.would_fit_adapters_sharded", count=count)
    est = setup.estimate(model, chosen.with_values(zero_stage=3), "fp16", 1, mode, query)
    sharded = memory.fit(est, gpu.memory_gb, 1).min_gpus
    if sharded == count:  # either way on as many cards
        return env.t("fit.would_fit_either", count=count)
    also = env.t("fit.would_fit_also_sharded", count=sharded) if sharded else ""
    return env.t("fit.would_fit_layers", count=count, sharded=also)


def count_lead(case: FitCase) -> str:
    """ "how many h20s for deepseek v3", "要几张": the fewest cards that hold the model, first, when the question asks
    for a count and the cards named do not hold it (LLM inference or adapters: a plain split, §mem)."""
    query, env, model, gpu, n = case.query, case.env, case.model, case.gpu, case.n
    prec, est, f = case.pick
    full = query.mode == "full_finetune"  # "full finetune of a 7b, how many a100s": sharded (ZeRO-3 / FSDP), §mem
    splits = model.kind == "llm" and not gpu.unified_memory
    # the count asked in so many words, or kept from the turn that asked it ("那要几张h20" then "用q4量化呢")
    if not splits or not (asks_count(query.text, env.lang) or query.asked_figure == "count"):
        return ""
    if by_method := _count_by_method(case):
        return by_method
    if not (f.min_gpus and f.min_gpus > n):
        return ""
    lead = env.t(
        "fit.count_lead_sharded" if full else "fit.count_lead",
        count=f.min_gpus,
        gpu=gpu.short_name,
        total=f"{(gpu.memory_gb or 0) * f.min_gpus:g}",
        model=model.name,
        prec=prec,
        need=f"{est.total_gb * n:.1f}",
    )
    served = "" if full else _served_count(env, gpu, est.total_gb * n, f.min_gpus)
    if not full and not served and (server := _server_count(gpu, n, est.total_gb)) and server != f.min_gpus:
        # "how many h200s for r1 unquantized": 5 hold the weights; served over 2, 4 or 8 cards, a server of 8
        served = i18n.gap(env.lang) + env.t("fit.count_server", server=server, gpu=gpu.short_name)
    return lead + served


def _count_by_method(case: FitCase) -> str:
    """ "how many 4090s to fine tune llama 70b", no method named: the fewest cards for each method of the table
    (full fine-tuning sharded with ZeRO-3 / FSDP, LoRA and QLoRA split by layers, §mem.train), lightest first; "" when
    a method is named or only one row is shown."""
    query, env = case.query, case.env
    if len(case.rows) < 2 or not case.training or _method_named(query.text, env.lang):
        return ""
    items = []
    for (_, mode, _), (_, est, f) in reversed(list(zip(case.shown, case.rows, strict=True))):
        need = f"{est.total_gb * case.n:,.1f}"
        method = env.t(f"fit.mode_{mode}")
        if f.min_gpus:
            items.append(env.t("fit.count_method", method=method, count=f.min_gpus, need=need))
        else:
            items.append(env.t("fit.count_method_none", method=method, need=need))
    return env.t(
        "fit.count_by_method",
        gpu=case.gpu.short_name,
        model=case.model.name,
        items=i18n.listing(env.lang).join(items),
    )


def _method_named(text: str, lang: str) -> bool:
    """The question names a fine-tuning method (full fine-tuning, LoRA or QLoRA)."""
    low = text.lower()
    return "lora" in low or lexicon(lang).words_in("full_finetune_words", low)


def _served_count(env: Env, gpu, need_gb: float, count: int) -> str:
    """A server set that holds the model with under HEADROOM_WARN of its memory left (8 x H100 for DeepSeek V3 at
    fp8): served with vLLM, which claims VLLM_MEMORY_SHARE of each card, it needs more cards; said with that count."""
    total = (gpu.memory_gb or 0) * count
    server = count >= 4 or bool(getattr(gpu, "server_module", None))  # (a generic "4 GB GPU" has no module)
    if not server or total <= 0 or total - need_gb >= C.HEADROOM_WARN * total:
        return ""
    served = math.ceil(need_gb / ((gpu.memory_gb or 1) * C.VLLM_MEMORY_SHARE))
    said = env.t(
        "fit.count_served",
        left=f"{(total - need_gb) / count:.1f}",
        share=f"{C.VLLM_MEMORY_SHARE * 100:.0f}",
        served=served,
        gpu=gpu.short_name,
    )
    tp_server = next((k for k in SERVER_SIZES if k >= served), None)
    if tp_server and tp_server != served:  # "how many h100s for 405b at fp8": 6 hold it, a server of 8 serves it
        said += i18n.gap(env.lang) + env.t("fit.count_server", server=tp_server, gpu=gpu.short_name)
    return i18n.gap(env.lang) + said


def asks_count(text: str, lang: str) -> bool:
    """ "how many h100s", "要几张" (lexicon asked_count), but not "how many tokens per second" (asked_count_not: the
    word after "how many" counts something else)."""
    lex, low = lexicon(lang), text.lower()
    for word in lex.listed("asked_count"):
        at = low.find(word)
        if at < 0:
            continue
        after = low[at + len(word) :].split()
        if not (after and any(after[0].startswith(w) for w in lex.listed("asked_count_not"))):
            return True
    return False


def near_miss(case: FitCase) -> str:
    """After a no: the lighter row that fits; else for training the shorter sequence at which the lightest
    method fits; else for inference the longest context (and with a q8 KV cache) and a smaller quant."""
    query, env, model, gpu, n = case.query, case.env, case.model, case.gpu, case.n
    ok, shown = case.ok, case.shown
    if ok:
        label, alt, f = ok[0]
        return env.t("fit.alternative", label=label, need=f"{alt.total_gb * n:.1f}", spare=f"{f.headroom_gb * n:.1f}")
    if model.kind != "llm":
        return ""
    if case.training:
        shorter = _longest_sequence(model, query, shown[-1][1], gpu, n)
        text = env.t("fit.shorter", label=shown[-1][0], seq=f"{shorter:,}") if shorter else ""
        return text + _cpu_offload(env, model, query, shown[-1], gpu, n)
    text = ""
    lightest = shown[-1][2]  # inference: the KV cache of a shorter context may be what is too much
    context = _longest_context(model, query, lightest, gpu, n)
    if context:
        text += env.t("fit.shorter_context", prec=lightest, ctx=f"{context:,}")
        q8 = memory.max_context(model, lightest, gpu.memory_gb or 0.0, n, batch=query.batch or 1, kv_type="q8_0")
        if q8 > context:
            asked = query.context_tokens or memory.default_context(model)
            text += env.t("fit.kv_q8_context", ctx=f"{min(q8, asked):,}")
    smaller = smaller_quant(model, query, lightest, gpu, n)
    if smaller:
        text += env.t("fit.smaller_quant", prec=smaller[0], need=f"{smaller[1]:.1f}", spare=f"{smaller[2]:.1f}")
    elif lighter := lighter_quant(model, query, lightest, gpu, n):
        quant, need, spare, ctx = lighter
        text += env.t("fit.lighter_quant", prec=quant, need=f"{need:.1f}", spare=f"{spare:.1f}", ctx=f"{ctx:,}")
    elif lexicon(env.lang).words_in("quant_asks", query.text.lower()):
        text += deep_quant(env, model, query, gpu, n)
    elif query.mode == "inference":  # "m2 ultra 192g能跑r1 671b吗": the quant that does fit, named
        text += deep_fits(env, model, query, gpu, n)
    return text


def deep_fit(model: ModelSpec, query: FitQuery, gpu, n: int) -> str | None:
    """The largest quantization of the deeper ladder that fits ("iq2_s" for Llama 3.3 70B on one 3090), None when
    even IQ1_S does not: the quant deep_quant names, kept as the fit's fits_at for "tok/s?" asked next."""
    found = deepest(model, query, gpu, n)
    return found[0] if found else None


def deepest(
    model: ModelSpec, query: FitQuery, gpu, n: int, extra: float = 0.0
) -> tuple[str, int, memory.MemoryEstimate] | None:
    """(quant, context, estimate) of deep_fit: at the context asked, else at 4,096 tokens; `extra`: the share a
    file of that quant may weigh more than its estimate (DYNAMIC_MIX_EXTRA), kept free too."""
    asked = query.context_tokens or memory.default_context(model)
    for quant in _DEEP_QUANTS:
        for ctx in dict.fromkeys((asked, min(asked, _SHORT_CONTEXT))):
            est = estimate(model, dataclasses.replace(query, context_tokens=ctx), quant, n, "inference")
            if memory.fit(est, (gpu.memory_gb or 0.0) / (1.0 + extra), n).fits:
                return quant, ctx, est
    return None


def deep_fits(env: Env, model: ModelSpec, query: FitQuery, gpu, n: int) -> str:
    """After a no that no lighter quant down to q3_k_m mends: the largest deeper quant that fits, named with its
    quality caveat ("R1 671B on a 192 GB M2 Ultra": iq1_s, the size of Unsloth's "1.58-bit" release), "" if none."""
    found = deepest(model, query, gpu, n, DYNAMIC_MIX_EXTRA if model.experts else 0.0)
    if found is None:
        return ""
    quant, ctx, est = found
    bits = memory.bits_per_weight(quant)
    kind = "" if bits >= LOW_BITS else "_moe" if model.experts else "_low"
    return env.t(f"fit.deep_fits{kind}", prec=quant, bits=f"{bits:g}", need=f"{est.total_gb * n:.1f}", ctx=f"{ctx:,}")


def deep_quant(env: Env, model: ModelSpec, query: FitQuery, gpu, n: int) -> str:
    """ "what quant of llama 3.3 70b fits on a 3090" when nothing down to q3_k_m does: the largest of the deeper
    ladder (_DEEP_QUANTS) that fits at the context asked, else at 4,096 tokens, with the quality caveat below
    LOW_BITS; or that even the 1.56-bit IQ1_S does not fit."""
    asked = query.context_tokens or memory.default_context(model)
    for quant in _DEEP_QUANTS:
        for ctx in dict.fromkeys((asked, min(asked, _SHORT_CONTEXT))):
            est = estimate(model, dataclasses.replace(query, context_tokens=ctx), quant, n, "inference")
            f = memory.fit(est, gpu.memory_gb, n)
            if f.fits:
                key = "fit.deep_quant_low" if memory.bits_per_weight(quant) < LOW_BITS else "fit.deep_quant"
                bits = f"{memory.bits_per_weight(quant):g}"
                return env.t(key, prec=quant, bits=bits, need=f"{est.total_gb * n:.1f}", ctx=f"{ctx:,}")
    est = estimate(model, dataclasses.replace(query, context_tokens=_SHORT_CONTEXT), "iq1_s", n, "inference")
    return env.t("fit.deep_quant_none", need=f"{est.total_gb * n:.1f}")


def _longest_sequence(model: ModelSpec, query: FitQuery, mode: str, gpu, n: int) -> int | None:
    """The longest training sequence (1024, 512 or 256 tokens) at which the lightest method fits."""
    for seq in (1024, 512, 256):
        shorter = dataclasses.replace(query, context_tokens=seq)
        if memory.fit(estimate(model, shorter, "fp16", n, mode), gpu.memory_gb, n).fits:
            return seq
    return None


def _cpu_offload(env: Env, model: ModelSpec, query: FitQuery, row, gpu, n: int) -> str:
    """(Q)LoRA that does not fit: the frozen weights kept in CPU memory, two blocks gathered on the GPU at a time
    (FSDP CPU offload, as Answer.AI's fsdp_qlora trains a 70B model on 2 x 24 GB cards; §mem.train), at the
    set-up's own sequence; "" for full fine-tuning, when the user already offloads, or when it still does not fit."""
    label, mode, _ = row
    chosen = setup.memory_setup(model, query, mode)
    if mode == "full_finetune" or gpu.unified_memory or chosen.values.get("offload", "none") != "none":
        return ""
    est = setup.estimate(model, chosen.with_values(offload="params"), "fp16", n, mode, query)
    if not memory.fit(est, gpu.memory_gb, n).fits:
        return ""
    kept = setup.estimate(model, chosen, "fp16", n, mode, query)
    ram = dict(kept.components).get("frozen weights", 0.0) * n
    return env.t("fit.cpu_offload_train", label=label, need=f"{est.total_gb:.1f}", ram=f"{ram:.0f}")


def _longest_context(model: ModelSpec, query: FitQuery, precision: str, gpu, n: int) -> int | None:
    """The longest context that fits at `precision` (memory.max_context: the KV cache per token), when it
    is shorter than the one asked."""
    ctx = memory.max_context(model, precision, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
    asked = query.context_tokens or memory.default_context(model)
    return ctx if 0 < ctx < asked else None


def _sharded(env: Env, model: ModelSpec, query: FitQuery, gpu, n: int) -> str:
    """Full fine-tuning on more cards: the fewest GPUs on which ZeRO-3 / FSDP (weights, gradients and
    optimizer states split across them; activations are not) fits the set-up; with gradient checkpointing
    too when the user did not turn it off and it needs fewer cards. Empty when nothing up to 64 GPUs fits."""
    base = setup.memory_setup(model, query, "full_finetune")
    plain = _fewest_sharded(model, query, base, gpu, n)
    ckpt = None
    if not base.values.get("checkpointing") and "checkpointing_off" not in (query.setup or ()):
        ckpt = _fewest_sharded(model, query, base.with_values(checkpointing=True), gpu, n)
    if ckpt and (not plain or ckpt < plain):
        return env.t("fit.would_fit_sharded_ckpt", count=ckpt, plain=plain or "64+")
    return env.t("fit.would_fit_sharded", count=plain) if plain else ""


def _fewest_sharded(model: ModelSpec, query: FitQuery, chosen, gpu, n: int) -> int | None:
    for count in range(max(n + 1, 2), 65):
        est = setup.estimate(model, chosen, "fp16", count, "full_finetune", query)
        if memory.fit(est, gpu.memory_gb, count).fits:
            return count
    return None


def lighter_quant(
    model: ModelSpec, query: FitQuery, precision: str, gpu, n: int
) -> tuple[str, float, float, int] | None:
    """After no slightly smaller quantization fits: the first lower one (q4_k_m below a released or 16-bit
    row, then q3_k_m) that fits at the context asked, else at the longest context it holds (at least 4,096
    tokens): (precision, GB needed, GB to spare, context), all GPUs together."""
    bits = memory.bits_per_weight(precision)
    asked = query.context_tokens or memory.default_context(model)
    for quant in (q for q in _LIGHTER_QUANTS if memory.bits_per_weight(q) < bits):
        longest = memory.max_context(model, quant, gpu.memory_gb or 0.0, n, batch=query.batch or 1)
        for ctx in dict.fromkeys((asked, min(asked, max(longest, _SHORT_CONTEXT)))):
            est = estimate(model, dataclasses.replace(query, context_tokens=ctx), quant, n, "inference")
            f = memory.fit(est, gpu.memory_gb, n)
            if f.fits:
                return quant, est.total_gb * n, f.headroom_gb * n, ctx
    return None


def smaller_quant(model: ModelSpec, query: FitQuery, precision: str, gpu, n: int) -> tuple[str, float, float] | None:
    """A near miss: the first slightly smaller quantization of the same class that fits at the context
    asked: (precision, GB needed, GB to spare), all GPUs together."""
    for quant in _SMALLER_QUANTS.get(precision, ()):
        est = estimate(model, query, quant, n, "inference")
        f = memory.fit(est, gpu.memory_gb, n)
        if f.fits:
            return quant, est.total_gb * n, f.headroom_gb * n
    return None


def deep_yes(case: FitCase, where: str) -> str:
    """A MoE LLM that no row down to q3_k_m holds but a dynamic low-bit quant does (fit_hints.deepest with its
    DYNAMIC_MIX_EXTRA): yes at that quant, with the quality caveat and what the row asked needs; "" otherwise (a
    dense model, a precision named, the weights as released asked: "满血")."""
    query, model, n = case.query, case.model, case.n
    if case.training or model.kind != "llm" or not model.experts or query.mode != "inference":
        return ""
    if query.precision or query.released or case.ok or lexicon(case.env.lang).words_in("quant_asks", query.text):
        return ""
    found = deepest(model, query, case.gpu, n, DYNAMIC_MIX_EXTRA)
    if found is None or (n == 1 and more_cards(case)):
        return ""
    quant, ctx, est = found
    prec, asked, _ = case.pick
    return case.env.t(
        "fit.head_yes_deep",
        model=model.name,
        prec=quant,
        bits=f"{memory.bits_per_weight(quant):g}",
        need=f"{est.total_gb * n:.1f}",
        ctx=f"{ctx:,}",
        where=where,
        total=f"{n * case.memory_gb:g}",
        asked=prec,
        asked_need=f"{asked.total_gb * n:.1f}",
    )


def lighter_yes(case: FitCase, where: str) -> str:
    """An LLM that no row holds at the precision the answer picked (none asked) but a lower quantization of at least
    LOW_BITS does ("m4 pro 48g能跑70b吗": q3_k_m): yes at that quant, with the lower quality and what the row asked
    needs said; "满血" (the whole model) is yes at a 4-bit quantization of it, said so; "" otherwise (a precision
    named, "unquantized", training, a quant asked, nothing of LOW_BITS or more fits)."""
    found = _lighter_found(case)
    if found is None:
        return ""
    quant, need, spare, ctx = found
    prec, asked, _ = case.pick
    n = case.n
    return case.env.t(
        "fit.head_yes_full_quant" if case.query.released else "fit.head_yes_lighter",
        model=case.model.name,
        prec=quant,
        bits=f"{memory.bits_per_weight(quant):g}",
        need=f"{need:.1f}",
        spare=f"{spare:.1f}",
        ctx=f"{ctx:,}",
        where=where,
        total=f"{n * case.memory_gb:g}",
        asked=prec,
        asked_need=f"{asked.total_gb * n:.1f}",
        more=more_cards(case),
    )


def lighter_condition(case: FitCase) -> str | None:
    """ "lighter_quant" when lighter_yes answers yes (the fit's verdict: yes_if), else None."""
    return "lighter_quant" if _lighter_found(case) is not None else None


def _lighter_found(case: FitCase) -> tuple[str, float, float, int] | None:
    query, model = case.query, case.model
    if case.training or model.kind != "llm" or query.mode != "inference" or case.ok:
        return None
    if query.precision or lexicon(case.env.lang).words_in("quant_asks", query.text.lower()):
        return None
    if query.released and not _whole_model_asked(query.text, case.env.lang):
        return None  # "unquantized", "不量化": the released weights themselves
    found = lighter_quant(model, query, case.pick[0], case.gpu, case.n)
    floor = RELEASED_LOW_BITS if query.released else LOW_BITS  # "满血r1": the whole model at 4-bit, not a distill
    return found if found is not None and memory.bits_per_weight(found[0]) >= floor else None


def _whole_model_asked(text: str, lang: str) -> bool:
    """ "满血r1" asks the whole model (lexicon whole_model_words), not its released precision; "不量化" / "unquantized"
    (the other full_weights words) ask the precision."""
    lex, low = lexicon(lang), text.lower()
    others = lex.listed("full_weights") - lex.listed("whole_model_words")
    return bool(lex.words_in("whole_model_words", low)) and not any(
        w in low for w in others if not any(w in m or m in w for m in lex.listed("whole_model_words"))
    )


def kv_q8_said(case, prec: str, longest: int) -> str:
    """ "kv cache 开 q8 呢", "with q8 kv cache": the longest context with an 8-bit KV cache, said after the fp16 one
    when the question names the KV cache at 8 bits (lexicon kv_q8_words); "" otherwise."""
    if not lexicon(case.env.lang).words_in("kv_q8_words", case.query.text.lower()):
        return ""
    n = case.n
    q8 = memory.max_context(case.model, prec, case.gpu.memory_gb or 0.0, n, batch=case.query.batch or 1, kv_type="q8_0")
    trained = case.model.context or q8
    return case.env.t("fit.kv_q8_context", ctx=f"{min(q8, trained):,}") if q8 > longest else ""
