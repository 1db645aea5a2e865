"""Leads that answer what a concept question asks, first, with the numbers of the model or GPU it names.

Contract: `lead(query, key, env)` returns a `Lead` (the sentences that answer the question, the figures behind them
and the source ids of the model or GPU they use) or None when concept `key` has no computed lead or the question
gives nothing to fill it with; explain.respond then puts the lead first and the concept's text after it. A model or
GPU the question does not name is replaced by a reference one, and the sentence says so. Pure; never raises.
The builders live by topic: concept_leads_memory (GQA, KV cache, LoRA rank, why memory, OOM and vLLM lines),
concept_leads_speed (slow card, decode / prefill, offload, context, format speed), concept_leads_measured (a
measured speed, a prompt's wait, log lines), concept_leads_formats (what a format is, its quality and memory),
concept_leads_cards (a second card, pooled memory, MFU, power by use, a marketplace's rate), concept_leads_arch
(architectures, PyTorch not seeing the card).
- any concept asked yes / no ("does flash attention reduce vram usage"): the answer of knowledge/concept_answers.toml
  whose effect the question names, when no lead applies.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant import i18n
from assistant.query_talk import ExplainQuery
from assistant.respond import sbc_lead
from assistant.respond.concept_lead import Lead, says_word
from assistant.respond.concept_leads_arch import architecture, unseen
from assistant.respond.concept_leads_cards import (
    connector_load,
    market_rate,
    memory_at_home,
    mfu,
    pooled,
    power_by_use,
    second_card,
)
from assistant.respond.concept_leads_formats import formats
from assistant.respond.concept_leads_measured import eval_rates, offload_log, prompt_wait, speed_check
from assistant.respond.concept_leads_memory import (
    draft_memory,
    gqa,
    kv_size,
    lora_rank,
    moe_of_model,
    oom_fix,
    vllm_concurrency,
    vllm_no_cache,
    why_inference_memory,
    why_memory,
)
from assistant.respond.concept_leads_setup import mig_use, room_heat, runtime_pick, spikes, sxm_card, tp_split
from assistant.respond.concept_leads_speed import context_speed, offload_speed, quant_speed, slow_card, speed_bound
from assistant.respond.embed_time import embed_time
from assistant.respond.env import Env


def lead(query: ExplainQuery, key: str, env: Env) -> Lead | None:
    from assistant.respond import concept_facts

    # the fact asked, in figures, first; a form another reader read (a prompt's wait, a log) keeps its own lead first
    own = query.asked not in (None, "yes_no", "fact") and not query.fact
    first = _LEADS.get(key) if own else None
    if first is not None:
        try:
            found_own = first(query, env)
        except (LookupError, ValueError, ZeroDivisionError, TypeError):
            found_own = None
        if found_own is not None:
            return found_own
    asked = concept_facts.lead(query, env) if key == query.concept else None
    if asked is not None:
        chosen = _chosen(query, key, env)  # "tp vs pp for a 70b on 4 gpus, which one": the choice, then the fact
        if chosen is not None:
            return Lead(
                chosen.text + i18n.gap(env.lang) + asked.text,
                chosen.figures | asked.figures,
                chosen.sources + asked.sources,
            )
        return asked
    build = _LEADS.get(key)
    try:
        found = build(query, env) if build is not None else None
    except (LookupError, ValueError, ZeroDivisionError, TypeError):
        found = None  # a model or GPU without the figures a lead needs: the concept alone answers
    return found or _chosen(query, key, env) or _stated(query, key, env)


def _chosen(query: ExplainQuery, key: str, env: Env) -> Lead | None:
    """ "tensor parallel vs pipeline parallel ..., which should i use": the [[choice]] of knowledge/concept_answers.toml
    for the two concepts compared, when the question asks which (lexicon [lists] which_words); None otherwise."""
    from assistant import paths
    from assistant.kb.files import read_toml
    from assistant.nlu.lexicon import lexicon

    if not query.others or not lexicon(env.lang).words_in("which_words", f" {query.text.lower()} "):
        return None
    named = {key, *query.others}
    for choice in read_toml(paths.knowledge_dir() / "concept_answers.toml").get("choice", []):
        if set(choice["concepts"]) <= named:
            return Lead(
                choice.get(env.lang) or choice["en"], {"choice": choice["concepts"]}, env.cite(choice["source"])
            )
    return None


def _stated(query: ExplainQuery, key: str, env: Env) -> Lead | None:
    """ "does flash attention reduce vram usage": the yes / no of knowledge/concept_answers.toml whose effect (and
    object, when it names one) the question says; every such answer when it asks several effects ("梯度检查点能省多少
    显存 训练会慢多少": memory and speed); None when none matches or the question is not a yes / no or how much."""
    from assistant import paths
    from assistant.kb.files import read_toml

    if query.asked != "yes_no":
        return None
    found = []
    for answer in read_toml(paths.knowledge_dir() / "concept_answers.toml").get("answer", []):
        if answer["concept"] != key or not says_word(query.text, answer["effects"]):
            continue
        if answer.get("objects") and not says_word(query.text, answer["objects"]):
            continue
        if answer.get("unless") and says_word(query.text, answer["unless"]):
            continue  # "is rocm fine or should i switch": the other answer of the concept
        found.append(answer)
    if not found:
        return None
    text = i18n.gap(env.lang).join(a.get(env.lang) or a["en"] for a in found)  # in the question's language
    return Lead(text, {"stated_answer": key}, env.cite(*dict.fromkeys(a["source"] for a in found)))


_LEADS: dict[str, Callable[[ExplainQuery, Env], Lead | None]] = {
    "mfu": mfu,
    "hbm-gddr": memory_at_home,
    "12vhpwr": connector_load,
    "power-by-use": power_by_use,
    "cuda-oom": oom_fix,
    "cuda-not-available": unseen,
    "cuda-arch-support": architecture,
    "tokens-per-second": speed_check,
    "vram": why_inference_memory,
    "quantization": lambda q, env: quant_speed(q, env) or formats(q, env),
    "kv-cache": lambda q, env: vllm_concurrency(q, env) or vllm_no_cache(q, env) or kv_size(q, env),
    "context-length": context_speed,
    "nvlink": pooled,
    "prefill-decode": lambda q, env: eval_rates(q, env) or prompt_wait(q, env) or speed_bound(q, env),
    "full-finetune": why_memory,
    "lora": why_memory,
    "qlora": why_memory,
    "multi-gpu-slow": second_card,
    "cpu-offload": lambda q, env: offload_log(q, env) or offload_speed(q, env),
    "cloud-marketplace": market_rate,
    "quant-quality": formats,
    "quant-formats": formats,
    "gqa": gqa,
    "lora-rank": lora_rank,
    "memory-bandwidth": slow_card,
    "home-noise-heat": room_heat,
    "sbc-npu": sbc_lead.lead,
    "psu-transients": spikes,
    "sxm-adapter": sxm_card,
    "embeddings": embed_time,
    "inference-runtimes": runtime_pick,
    "moe": moe_of_model,
    "speculative-decoding": draft_memory,
    "mig": mig_use,
    "tensor-parallelism": tp_split,
}
