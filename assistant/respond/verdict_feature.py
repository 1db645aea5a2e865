"""Answer "does the a100 have fp8", "does the 3090 support bf16", "is flash attention supported on a 2080 ti": whether
a GPU has a tensor format or feature, from its architecture's tensor-core formats (§perf.tensor), with the cheapest
priced NVIDIA cards that have it when it does not, and the concept too when the question asks what it is.

Contract: `respond(query, gpu, env)` for a VerdictQuery of kind "feature"; `figures["verdict"]`: answer (yes | no),
kind "feature", feature, gpu, peak_tflops, alternatives. `has_feature` and `format_matters` serve other answers
(asked.py). A library (respond/software.py) is answered from the architectures its makers list.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models import hardware, scaling
from assistant.nlu.lexicon import lexicon
from assistant.queries import VerdictQuery
from assistant.respond import software
from assistant.respond.env import Env
from assistant.respond.pricing import CHAT_MODEL, price_text, purchase_price
from assistant.respond.vendor_practice import cuda_ended
from assistant.respond.verdict_reply import verdict_answer
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

_FORMATS = {"fp8": "fp8_acc16", "bf16": "bf16", "tf32": "tf32", "int8": "int8", "fp4": "fp4"}
_FEATURE_NAMES = {
    "fp8": "FP8",
    "bf16": "BF16",
    "tf32": "TF32",
    "int8": "INT8",
    "fp4": "FP4",
    "sparsity": "2:4 sparsity",
    "tensor_cores": "tensor cores",
    "cuda": "CUDA",
    "nvlink": "NVLink",
}


def has_feature(gpu: GpuSpec, feature: str) -> tuple[bool, float | None]:
    """(supported, dense peak in TFLOPS / TOPS when the feature is a tensor format)."""
    if feature in _FORMATS:
        peak = hardware.tensor_tflops(gpu, _FORMATS[feature]).value
        return peak > 0, peak or None
    if feature == "tensor_cores":
        peak = hardware.tensor_tflops(gpu, "fp16_acc32").value
        return peak > 0, peak or None
    if feature == "sparsity":
        return bool(gpu.arch and gpu.arch.sparsity_2_4), None
    if feature == "nvlink":  # a link on record (knowledge/nvlink.csv) or a card that takes a bridge
        from assistant.respond.spec_figures import nvlink_gb_s

        return scaling.takes_nvlink_bridge(gpu) or nvlink_gb_s(gpu) is not None, None
    return gpu.vendor == "NVIDIA", None


def feature_name(feature: str) -> str:
    """The name answers write for a feature ("FP8", "2:4 sparsity")."""
    return _FEATURE_NAMES.get(feature, feature)


def _priced(env: Env) -> list[GpuSpec]:
    return env.reader.gpus(sorted({q.gpu for q in env.reader.prices(env.assumptions.snapshot)}))


def format_matters(gpu: GpuSpec, feature: str, peak: float | None, env: Env) -> str:
    """Whether a low-precision tensor format speeds up inference: not one user's generation, which waits on memory
    bandwidth (§llm.decode; 4-bit weights run on any card), but the compute-bound parts (prompt reading, many users
    at once) by its peak over the 16-bit one."""
    from assistant.models import llm
    from assistant.respond import spec_figures

    key, quant = CHAT_MODEL
    model = env.reader.model(key)
    tps = llm.decode_speed(gpu, model, quant).tokens_per_s if model is not None else 0.0
    # like for like: the FP8 peak is with FP16 accumulate (knowledge/tensor_throughput.csv), so is the 16-bit one it is
    # weighed against; FP4's (the vendors' FP32-accumulate figure) against the 16-bit one with FP32 accumulate
    acc16 = gpu.peaks.fp16_acc16_tflops if gpu.peaks and feature == "fp8" else None
    fp16 = acc16 or spec_figures.peak(gpu, "fp16")[0] or 0.0
    return env.t(
        "verdict.format_matters",
        feature=_FEATURE_NAMES[feature],
        bw=f"{gpu.memory_bandwidth_gb_s or 0:,.0f}",
        tps=f"{tps:,.0f}",
        model=model.name if model is not None else key,
        peak=f"{peak or 0:,.0f}",
        times=f"{(peak or 0) / fp16:.0f}" if fp16 else "?",
    )


def respond(query: VerdictQuery, gpu: GpuSpec, env: Env) -> Answer:
    feature = query.feature or "tensor_cores"
    if feature in software.SOFTWARE:  # a library, not a hardware format: the architectures its makers list
        return software.answer(query, gpu, feature, env, _asked_concept(query, feature, env))
    name = _FEATURE_NAMES[feature]
    ok, peak = has_feature(gpu, feature)
    arch = gpu.architecture or (gpu.arch.family if gpu.arch else "?")
    detail = env.t("verdict.peak", peak=f"{peak:,.0f}") if peak else env.t("verdict.arch", arch=arch)
    acc32 = hardware.tensor_tflops(gpu, "fp8_acc32").value if feature == "fp8" and peak else 0.0
    if acc32 and peak and abs(acc32 - peak) > 1:  # GeForce: the FP32-accumulate rate training uses is half the headline
        detail = env.t("verdict.peak_fp8", peak=f"{peak:,.0f}", acc32=f"{acc32:,.0f}")
    steps, alternatives = [], []
    families_named = False  # the cards with the feature named (an ask "which other cards do" covered)
    said = ""  # the verdict when the head says something other than a plain yes / no
    matrix_units = feature == "tensor_cores" and gpu.vendor != "NVIDIA" and ok  # AMD / Intel: not tensor cores
    if matrix_units:
        ok = False
        head = env.t("verdict.no_tensor_cores", gpu=gpu.short_name, arch=arch, detail=detail)
    elif ok and feature == "cuda" and cuda_ended(gpu, env)[1]:
        # "p40还支持cuda吗": supported by the CUDA releases before the one that dropped its architecture
        step, state, _ = cuda_ended(gpu, env)
        head = env.t(f"verdict.cuda_{state}", step=step)
        said = "no" if state == "gone" else "yes_if"
    elif ok:
        head = env.t("verdict.feature_yes", gpu=gpu.short_name, feature=name, detail=detail)
        bf16 = hardware.tensor_tflops(gpu, "bf16").value
        if feature in ("fp8", "fp4") and peak and bf16 and query.workload in ("training", "llm_finetune"):
            low = acc32 or peak  # the FP32-accumulate rate training runs at ("is fp8 worth it on a 4090 for training")
            times = f"{low / bf16:.1f}"
            gain = env.t(
                "verdict.feature_train_gain", feature=name, low=f"{low:,.0f}", bf16=f"{bf16:,.0f}", times=times
            )
            head += i18n.gap(env.lang) + gain
    else:
        head = env.t("verdict.feature_no", gpu=gpu.short_name, feature=name, arch=arch)
    if not ok:
        with_it = [g for g in _priced(env) if not g.is_mobile and g.vendor == "NVIDIA" and has_feature(g, feature)[0]]
        priced = sorted(((purchase_price(g.name, env), g) for g in with_it), key=lambda x: x[0].usd if x[0] else 1e12)
        alternatives = [(p, g) for p, g in priced if p][:3]
        if alternatives:
            listed = "; ".join(f"{g.short_name} ({price_text(p, env)})" for p, g in alternatives)
            steps.append(env.t("verdict.feature_cheapest", feature=name, gpus=listed))
    kv_cache = feature in ("fp8", "int8") and lexicon(env.lang).words_in("kv_cache_words", query.text.lower())
    if kv_cache:  # "does fp8 work on a 3090? people say use an fp8 kv cache": the cache is the other half
        head += i18n.gap(env.lang) + env.t("verdict.fp8_kv_cache", gpu=gpu.short_name, feature=name)
    if feature == "fp8":
        steps.append(env.t("verdict.fp8_note"))
    if lexicon(env.lang).words_in("other_cards_words", f" {query.text.lower()} "):  # "...and which other cards do"
        from assistant.respond.feature_limit import feature_families

        if others := feature_families(feature, env):
            head += i18n.gap(env.lang) + others
            families_named = True
    concept = _asked_concept(query, feature, env)
    explained = f"{_concept_title(concept, env)}{i18n.colon(env.lang)}{_concept_text(concept, env)}" if concept else ""
    if concept is not None and lexicon(env.lang).words_in("difference_words", query.text.lower()):
        head += i18n.gap(env.lang) + explained  # "bf16和fp16有区别吗 3090支持吗": the difference is half the question
    elif concept is not None:  # "what is fp4 and does the 5090 support it": the concept too, first
        steps.insert(0, explained)
    verdict = {
        "answer": said or ("yes" if ok else "no"),
        "kind": "feature",
        "feature": feature,
        "gpu": gpu.name,
        "peak_tflops": round(peak, 1) if peak else None,
        "alternatives": [g.name for _, g in alternatives],
    }
    answer = verdict_answer(
        query,
        env,
        gpu,
        head,
        verdict,
        steps=steps,
        sources=[spec_source(gpu, env)]
        + (cuda_ended(gpu, env)[2] if feature == "cuda" else [])
        + env.cite(
            "dettmers-2023", *([concept.source] if concept else []), *(["concept-vllm-fp8-kv"] if kv_cache else [])
        )
        + ["method: docs/model.md §perf.tensor"],
    )
    if families_named:
        answer.figures["covers"] = sorted({*(answer.figures.get("covers") or ()), "list"})
    return answer


_FEATURE_CONCEPTS = {"fp8": "fp8", "fp4": "fp4", "bf16": "bf16", "tf32": "tf32", "int8": "int8-fp8"}
_FEATURE_CONCEPTS |= {"sparsity": "sparsity", "tensor_cores": "tensor-core", "cuda": "cuda"}
_FEATURE_CONCEPTS |= {"flash_attention": "flashattention"}


def _asked_concept(query: VerdictQuery, feature: str, env: Env):
    """The feature's concept (knowledge/concepts.toml) when the question also asks what it is."""
    if not lexicon(env.lang).words_in("explain_cue_words", query.text.lower()):
        return None
    key = _FEATURE_CONCEPTS.get(feature)
    return next((c for c in env.reader.concepts if c.key == key), None)


def _concept_title(concept, env: Env) -> str:
    return getattr(concept, f"title_{env.lang}", None) or concept.title


def _concept_text(concept, env: Env) -> str:
    return " ".join((getattr(concept, f"text_{env.lang}", None) or concept.text).split())
