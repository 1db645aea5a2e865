"""Concept leads about speeds measured or logged: a measured tokens/s against the expected one, the wait before the
first token of a long prompt, an offload log's layers on the card, and llama.cpp's eval rates in waits.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- speed_check: a measured speed judged against the expected one for the card, model and format said (or the format
  it matches), with a spill into system RAM (concept_leads_speed.spill_of) when the speed says so.
- prompt_wait, offload_log, eval_rates: see each function.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import memory
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import (
    REFERENCE_GPUS,
    Lead,
    asked_llm,
    card_or_example,
    named_or_example,
    says_word,
    with_notes,
)
from assistant.respond.concept_leads_speed import spill_of
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source

# a measured speed above this multiple of the spill's estimate, and above half the all-in-VRAM speed, is no spill: the
# RAM's share of the speed is an assumption (dual-channel DDR5), so only a clear gap counts [A]
SPILL_FAST = 3.0
SPEED_LOWISH_SHARE = 0.8  # between SPEED_NORMAL_SHARE and this share of the expected speed: "on the low side" [A]
TENSOR_PARALLEL_WORDS = ("vllm", "tensor parallel", "tp", "tp=2", "sglang", "exllama")  # runtimes that split tensors
SPEED_NORMAL_SHARE = (
    0.5  # a measured speed under half the model's is "not normal" [A: the model's own spread is narrower]
)


CHECKED_FORMATS = ("q4_k_m", "q8_0", "fp16")  # the formats a measured speed is matched to when none is said [A]


def _format_matching(stated: float, gpu, model, env: Env, n: int = 1, split: str = "layer") -> str | None:
    """No format said: the common one that fits the card and whose expected speed the measured one reaches (at least
    SPEED_NORMAL_SHARE of it), most bits first ("40 tok/s with llama 3 8b on a 3090" is fp16); None when none does."""
    from assistant.models import llm

    for fmt in reversed(CHECKED_FORMATS):
        if memory.inference_memory(model, fmt).total_gb > (gpu.memory_gb or 0) * n:
            continue
        expected = llm.decode_speed(gpu, model, fmt, context=1024, n_gpus=n, split=split).tokens_per_s
        if expected > 0 and SPEED_NORMAL_SHARE * expected <= stated <= expected / SPEED_NORMAL_SHARE:
            return fmt
    return None


def speed_check(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why is my 4090 only getting 8 tok/s on llama 3.3 70b q4", "3060跑7b才5 token/s 正常吗": the speed this
    project's model expects for that model and format on that card (§llm.decode; the part over the card's memory
    read from system RAM, §llm.offload) against the one measured, then what usually explains a gap."""
    from assistant.models import constants as C
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "speed_check" or not query.stated_tps:
        return None
    named = [g.name for g in query.gpus if g.name]
    model = asked_llm(query, env)
    if not named or model is None:
        return None
    gpu = env.gpu(named[0])
    count = max(g.count for g in query.gpus if g.name)  # "2x 3090": the model split across both
    split = "tensor" if count > 1 and says_word(query.text, TENSOR_PARALLEL_WORDS) else "layer"
    stated_format = next((p for p in query.precisions if p in C.BITS_PER_WEIGHT), None)
    quant = stated_format or _format_matching(query.stated_tps, gpu, model, env, count, split) or CHAT_MODEL[1]
    if not gpu.memory_gb:
        return None
    found = spill_of(gpu, model, quant, n=count, split=split)
    if found.fitted <= 0:
        return None
    offloaded, weights, expected = found.offloaded, found.weights, found.tps
    values = found.values() | {"stated": f"{query.stated_tps:g}"}
    if offloaded >= weights:
        key = "explain.speed_check_ram"
    elif offloaded and query.stated_tps > max(SPILL_FAST * expected, found.fitted / 2):
        key = "explain.speed_check_spill_fast"  # "my 4090 gets 20 tok/s on 70b": more than a spill allows
    elif offloaded:
        key = "explain.speed_check_spill"
    elif query.stated_tps < SPEED_NORMAL_SHARE * expected:
        key = "explain.speed_check_low"
    elif query.stated_tps < SPEED_LOWISH_SHARE * expected:
        key = "explain.speed_check_lowish"
    else:
        key = "explain.speed_check_ok"
    text = env.t(key, **values)
    if stated_format is None and quant != CHAT_MODEL[1] and key == "explain.speed_check_ok":
        q4 = llm.decode_speed(gpu, model, CHAT_MODEL[1], context=1024).tokens_per_s
        text += i18n.gap(env.lang) + env.t("explain.speed_format_guess", quant=quant, q4=num(q4, 0), q=CHAT_MODEL[1])
    figures = {"gpu": gpu.name, "model": model.key, "format": quant, "expected_tokens_per_s": round(expected, 1)}
    figures["n_gpus"] = count
    figures |= {"stated_tokens_per_s": query.stated_tps, "offloaded_gb": round(offloaded, 1)}
    sources = [
        spec_source(gpu, env),
        *env.cite(model.source, "docs/model.md §llm.decode", "docs/model.md §llm.offload"),
    ]
    return Lead(text, figures, sources)


PROMPT_TOKENS = 8192  # the long prompt a wait is shown for when the question gives no length [A]


def _scale_device(gpu, model, quant: str, env: Env):
    """A device of the same vendor with a compute figure, nearest in bandwidth, for scale (named in the answer)."""
    from assistant.models import llm

    rated = [
        g
        for g in env.reader.unified_gpus()
        if g.vendor == gpu.vendor and g.name != gpu.name and llm.prefill_speed(g, model, quant).tokens_per_s > 0
    ]
    bandwidth = gpu.memory_bandwidth_gb_s or 0
    return min(rated, key=lambda g: (abs((g.memory_bandwidth_gb_s or 0) - bandwidth), g.name), default=None)


def prompt_wait(query: ExplainQuery, env: Env) -> Lead | None:
    """ "why does my m2 max chew forever on a long prompt before it starts typing": reading the prompt (prefill) is
    compute-bound, generating is bandwidth-bound (§llm.prefill, §llm.decode): the device's prompt and generation
    speed against a reference card (the RTX 3090, or the RTX 4090 for the 3090 itself), with the wait for a long
    prompt. A device without a compute figure: its generation speed, and a device of its vendor that has one, named.
    No device named but a prompt length said ("my 100k token document takes forever"): the example card, said."""
    from assistant.models import llm
    from assistant.respond.pricing import CHAT_MODEL

    named = [g.name for g in query.gpus if g.name]
    if query.asked != "prompt_wait" or not (named or query.context_tokens):
        return None  # no device and no length: the concept alone
    gpu, card_note = card_or_example(query, env)  # "my 100k token document takes forever": on an example card, said
    ref = env.gpu(REFERENCE_GPUS[1] if gpu.name == REFERENCE_GPUS[0] else REFERENCE_GPUS[0])
    model, model_note = named_or_example(query, env, CHAT_MODEL[0])
    if model is None:
        return None
    quant, prompt = CHAT_MODEL[1], int(query.context_tokens or PROMPT_TOKENS)

    def speeds(card) -> tuple[float, float]:
        pre = llm.prefill_speed(card, model, quant, prompt=prompt).tokens_per_s
        return pre, llm.decode_speed(card, model, quant, context=1024).tokens_per_s

    (pre, tps), (ref_pre, ref_tps) = speeds(gpu), speeds(ref)
    if tps <= 0 or ref_pre <= 0:
        return None
    values = dict(
        gpu=gpu.short_name,
        ref=ref.short_name,
        model=model.name,
        quant=quant,
        prompt=f"{prompt:,}",
        tps=num(tps, 0),
        ref_tps=num(ref_tps, 0),
        ref_pre=num(ref_pre, 0),
        ref_sec=f"{prompt / ref_pre:.0f}",
        bw=num(gpu.memory_bandwidth_gb_s or 0, 0),
        ref_bw=num(ref.memory_bandwidth_gb_s or 0, 0),
    )
    figures = {"gpu": gpu.name, "reference": ref.name, "tokens_per_s": round(tps, 1), "prompt_tokens": prompt}
    sources = [spec_source(gpu, env), spec_source(ref, env)]
    if pre > 0:
        text = env.t("explain.prompt_wait", pre=num(pre, 0), sec=f"{prompt / pre:.0f}", **values)
        figures["prefill_tokens_per_s"] = round(pre, 1)
    else:
        scale = _scale_device(gpu, model, quant, env)
        if scale is None:
            return None
        scale_pre = speeds(scale)[0]
        text = env.t(
            "explain.prompt_wait_unrated",
            scale=scale.short_name,
            scale_pre=num(scale_pre, 0),
            scale_sec=f"{prompt / scale_pre:.0f}",
            **values,
        )
        sources.append(spec_source(scale, env))
    sources += env.cite(model.source, "docs/model.md §llm.prefill", "docs/model.md §llm.decode")
    return Lead(with_notes(text, env, model_note, card_note), figures, sources)


def _layer_models(total: int, env: Env) -> list:
    """KB LLMs whose block count is `total` - 1 (llama.cpp counts the output layer as one more), largest first."""
    found = [m for m in env.reader.models if m.kind == "llm" and int(m.layers or 0) == total - 1 and m.params_b]
    return sorted(found, key=lambda m: (-(m.params_b or 0), m.name))


GUESS_QUANTS = ("q4_k_m", "q8_0", "fp16")  # the formats a model guessed from a layer count is tried at, in order
GUESS_FILL = 0.5  # a partial offload fills the card: the layers on it take at least this share of its memory [A]


def _consistent_guess(candidates: list, on: int, total: int, gpu) -> tuple | None:
    """(model, quant) of the first candidate whose layers on the GPU fit the card and fill at least GUESS_FILL of it
    (a runtime offloads only what does not fit: "20/33 layers" on an 8 GB card is an 8B model at 8-bit, not Mixtral
    at 26 GB); None when no model of that shape fits the line."""
    mem = gpu.memory_gb or 0.0
    for model in candidates:
        for quant in GUESS_QUANTS:
            on_gpu = memory.weights_gb(model, quant) * on / total
            if GUESS_FILL * mem <= on_gpu <= mem:
                return model, quant
    return None


def offload_log(query: ExplainQuery, env: Env) -> Lead | None:
    """ "offloaded 33/81 layers to GPU" on a card: the layers (or the CPU share ollama ps shows) that run from system
    RAM, the GB that is, and the decode speed with it (§llm.offload); the model named (at q4_k_m), else the largest KB
    model with that many blocks whose layers on the GPU fit the card at one of GUESS_QUANTS, said to be a guess from
    the layer count; when no model of that shape fits the line, none is named (never a model the card cannot hold)."""
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "offload_log":
        return None
    on, total = query.offload_layers or (0, 0)
    share = query.cpu_share if query.cpu_share is not None else (total - on) / total if total else None
    if share is None:
        return None
    named = env.reader.model(query.model.key) if query.model else None
    guessed = _layer_models(total, env) if named is None and total else []
    head = env.t("explain.offload_log_layers", on=on, total=total, cpu=total - on, share=f"{100 * share:.0f}")
    if not total:
        head = env.t("explain.offload_log_share", share=f"{100 * share:.0f}")
    if total and on == total:  # "offloaded 41/41 layers": nothing runs from RAM
        return Lead(env.t("explain.offload_log_all", total=total), {"cpu_share": 0.0}, [])
    gpus = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(gpus[0]) if gpus else None
    quant = CHAT_MODEL[1]
    model = named if named is not None and named.kind == "llm" else None
    if model is None and guessed and gpu is not None:
        fit = _consistent_guess(guessed, on, total, gpu)
        if fit is None:  # "60/81 layers on a 4090": a 70B at q4_k_m would need 30 GB there; no model is guessed
            names = i18n.listing(env.lang).join(m.name for m in guessed[:2])
            gb = memory.weights_gb(guessed[0], quant) * on / total
            text = env.t(
                "explain.offload_log_no_guess",
                total=total,
                blocks=total - 1,
                models=names,
                on=on,
                quant=quant,
                gb=f"{gb:.0f}",
                gpu=gpu.short_name,
                mem=num(gpu.memory_gb or 0),
            )
            return Lead(head + i18n.gap(env.lang) + text, {"cpu_share": round(share, 2), "model": None}, [])
        model, quant = fit
    if model is None or gpu is None:
        return Lead(head + i18n.gap(env.lang) + env.t("explain.offload_log_unsized"), {"cpu_share": share}, [])
    weights = memory.weights_gb(model, quant)
    found = spill_of(gpu, model, quant, offloaded=weights * share)
    if found.fitted <= 0:
        return None
    text = head + i18n.gap(env.lang) + env.t("explain.offload_log_speed", gb=f"{weights:.1f}", **found.values())
    if model is not named:
        others = [m for m in guessed if m is not model][:1]
        names = i18n.listing(env.lang).join(m.name for m in [model, *others])
        text += i18n.gap(env.lang) + env.t("explain.offload_log_guess", total=total, blocks=total - 1, models=names)
        text += i18n.gap(env.lang) + env.t("explain.offload_log_fits", quant=quant, gpu=gpu.short_name)
    figures = {"gpu": gpu.name, "model": model.key, "cpu_share": round(share, 2), "tokens_per_s": round(found.tps, 1)}
    figures |= {"offloaded_gb": round(found.offloaded, 1), "quant": quant}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.offload")]
    return Lead(text, figures, sources)


EVAL_PROMPT_TOKENS = (1000, 8000)  # the prompt lengths the wait before the first token is shown for [A]
TOKENS_PER_WORD = 206_210 / 153_446  # English tokens per word (concept-tokens-per-word: one book, 1.34)


def eval_rates(query: ExplainQuery, env: Env) -> Lead | None:
    """A runtime's "prompt eval" and "eval" rates pasted: the first is reading the prompt (prefill, compute-bound: the
    wait before the first token, shown for EVAL_PROMPT_TOKENS), the second writing the answer (decode, bandwidth-bound:
    what chat feels like), §llm.prefill, §llm.decode."""
    if query.asked != "eval_rates" or len(query.concurrency) != 2:
        return None
    pp, tg = query.concurrency
    if pp <= 0 or tg <= 0:
        return None
    short, long = EVAL_PROMPT_TOKENS
    text = env.t(
        "explain.eval_rates",
        pp=f"{pp:g}",
        tg=f"{tg:g}",
        short=f"{short:,}",
        long=f"{long:,}",
        s1=f"{short / pp:.1f}",
        s2=f"{long / pp:.0f}",
        words=f"{tg / TOKENS_PER_WORD:.0f}",
    )
    figures = {"prompt_tokens_per_s": pp, "tokens_per_s": tg}
    return Lead(text, figures, env.cite("concept-tokens-per-word", "docs/model.md §llm.prefill"))
