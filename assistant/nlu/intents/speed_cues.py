"""Speed questions said through a symptom, not through the concept's name: each reader claims a concept of
knowledge/concepts.toml and what is asked of it (respond/concept_leads answers with numbers).

- `speed_bound`: generation speed ([lists] speed_topic_words or a SPEED tag) asked what it depends on ([lists]
  speed_bound_words, or memory bandwidth set against compute): the prefill / decode concept asked speed_bound, with the
  card named (respond/concept_leads: the bandwidth ceiling and the compute-bound prompt).
- `second_card`: a second card added to training that barely helps ([lists] more_cards_words or two of a card,
  [lists] no_gain_words): the multi-gpu-slow concept with the cards (respond/concept_leads: their expected speed-up);
  said of text generation ([lists] inference_slow_words), the multi-gpu-inference-slow concept (a split model).
- `offload_speed`: a model spilling into system RAM ([lists] offload_words) asked how fast ([lists]
  offload_speed_words): the cpu-offload concept asked offload_speed (RAM against VRAM bandwidth, in tokens/s).
- `quant_speed`: a quantized format named as faster, asked why ("why is q4 faster than fp16", "为什么量化后速度更快"):
  the quantization concept asked quant_speed.
- `speed_check`: a measured speed on one card named, doubted ("why is my 4090 only getting 8 tok/s on 70b q4"): the
  tokens-per-second concept asked speed_check; `speed_check_priced` the same with the card's price said along the way
  ("got a p40 for $200, ... getting like 8 t/s, is that normal"), tried before an offer is weighed.
Contract: each reader takes a `Reading` and returns an `ExplainQuery` or None; the order they are tried in is
nlu/intents/__init__.py's.
"""

from __future__ import annotations

from assistant.nlu.intents import explain
from assistant.nlu.intents.concept_cues import _MODEL_FIT, _QUANT, _size_in_mention, _sized, concept_asked, says
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

_PREFILL_DECODE, _OFFLOAD, _MULTI_SLOW = "prefill-decode", "cpu-offload", "multi-gpu-slow"
_MULTI_INFER_SLOW = "multi-gpu-inference-slow"


@needs(unless=(*_MODEL_FIT, "MEMORY"))
def speed_bound(r: Reading) -> Query | None:
    if r.b.has(*_MODEL_FIT) or r.b.has("MEMORY") or len(r.explicit) > 1:
        return None
    if not (r.b.has("SPEED") or says(r, "speed_topic_words")):
        return None
    named = {k for k, _, _ in explain.mentions(r)}
    compute = says(r, "compute_words") or bool(named & {"peak-tflops", "tensor-core"})
    if not (says(r, "speed_bound_words") or compute):  # "does more tflops mean faster token generation"
        return None
    return concept_asked(
        r,
        _PREFILL_DECODE,
        model=_sized(r),
        workload="llm_inference",
        asked="speed_bound",
    )


@needs(unless=_MODEL_FIT)
def quant_speed(r: Reading) -> Query | None:
    """ "why is q4 faster than fp16", "为什么量化后速度更快": generation reads fewer bytes per token (the quantization
    concept asked quant_speed: decode at the formats named, else 4-bit against 16-bit)."""
    if r.b.has(*_MODEL_FIT) or len(r.explicit) > 1:
        return None
    quantized = r.b.has("PRECISION") or _QUANT in {k for k, _, _ in explain.mentions(r)}
    faster = r.b.has("FASTER") or says(r, "faster_words")
    if not (quantized and faster and (r.b.has("WHY") or r.said("slow_why_words"))):
        return None
    named = tuple(dict.fromkeys(str(t.value) for t in r.b.kinds.get("PRECISION", []) if not explain.generic_quant(t)))
    return concept_asked(
        r,
        _QUANT,
        model=_sized(r),
        workload="llm_inference",
        asked="quant_speed",
        precisions=named,
    )


def _stated_speed(r: Reading) -> float | None:
    """The speed the user measures: a SPEED_TARGET tag ("only getting 8 tok/s"), else a number right before a unit of
    [lists] speed_units ("才5 token/s")."""
    import re as _re

    tagged = r.b.first("SPEED_TARGET")
    if isinstance(tagged, (int, float)):
        return float(tagged)
    units = "|".join(_re.escape(u) for u in sorted(r.lex.listed("speed_units"), key=lambda u: (-len(u), u)))
    found = _re.search(rf"(\d+(?:\.\d+)?)\s*(?:{units})", r.text.lower()) if units else None
    return float(found.group(1)) if found else None


@needs(("GPU", "MONEY"), unless=("RENT", "RECOMMEND", "SORT"))
def speed_check_priced(r: Reading) -> Query | None:
    """ "got a p40 for $200, running qwen2.5 32b q4 and getting like 8 t/s, is that normal": a measured speed doubted
    on a card whose price is said along the way; the speed is the question (tried before deal.read), the price is how
    the user came by the card."""
    if len(r.b.kinds.get("MONEY", [])) != 1 or r.model is None and not r.b.has("PARAMS"):
        return None
    return _speed_check(r)


@needs(("GPU",), unless=("MONEY", "RENT", "RECOMMEND", "SORT"))
def speed_check(r: Reading) -> Query | None:
    """ "why is my 4090 only getting like 8 tok/s on llama 3.3 70b q4", "我3060 12g跑qwen2.5 7b才5 token/s 正常吗": a
    measured speed on one card named, doubted ([lists] speed_doubt_words): the tokens-per-second concept asked
    speed_check (respond/concept_leads: the model's expected speed on that card, fit or spill, then the causes)."""
    if r.b.has("MONEY", "RENT", "RECOMMEND", "SORT"):  # BUDGET alone is "只有" (only)
        return None
    return _speed_check(r)


def _speed_check(r: Reading) -> Query | None:
    named = [g for g in r.explicit if g.name]
    if len(named) != 1:
        return None
    stated = _stated_speed(r)
    if stated is None or not (r.b.has("WHY", "ONLY") or says(r, "speed_doubt_words")):
        return None
    precisions = tuple(dict.fromkeys(str(t.value) for t in r.b.kinds.get("PRECISION", [])))
    return ExplainQuery(
        text=r.text,
        concept="tokens-per-second",
        mention=r.text.strip(" ?!."),
        gpus=tuple(named),
        model=_sized(r),
        workload="llm_inference",
        asked="speed_check",
        params_b=r.num("PARAMS") or _size_in_mention(r),
        precisions=precisions,
        stated_tps=stated,
    )


@needs(unless=("MONEY", "RENT", "UNDER", "RECOMMEND", "LINK"))
def second_card(r: Reading) -> Query | None:
    if r.b.has("MONEY", "RENT", "UNDER", "RECOMMEND", "LINK"):  # a BUDGET tag alone is "只有" (only), not money
        return None  # "4 gpus on pcie x4 risers ... how much slower than x16": the link's cost (explain.pcie_link)
    if r.b.has("WATTS") and r.b.has("KWH", "COST", "ELECTRICITY"):
        return None  # "my 2x 3090 rig idles at 120w and pulls 700w ..., yearly cost?": a bill of the draws said
    several = (r.total_count() or 1) > 1 or says(r, "more_cards_words")
    if not (several and says(r, "no_gain_words")):
        return None
    inferring = r.workload in ("llm_inference", "inference")
    generating = inferring or (r.workload is None and says(r, "inference_slow_words"))
    if generating:  # "two 4090s generate tokens slower than one": a split model, not data-parallel training
        return concept_asked(r, _MULTI_INFER_SLOW, workload="llm_inference")
    return concept_asked(r, _MULTI_SLOW, workload=r.workload or "training")


@needs(unless=(*_MODEL_FIT, "MEMORY"))
def offload_speed(r: Reading) -> Query | None:
    if r.b.has(*_MODEL_FIT, "MEMORY") or len(r.explicit) > 1 or (r.explicit and (r.model or r.b.has("PARAMS"))):
        return None  # "cpu only, 70b in 128 gb is slow", "qwen 32b on a 4060 ti with offload": a fit with its speed
    if (r.model or r.b.has("PARAMS")) and says(r, "cpu_words"):
        return None  # "mistral 7b on cpu, how many tokens per sec with ddr4": the model on the CPU alone (cpu_fit)
    named = {k for k, _, _ in explain.mentions(r)}
    spill = _OFFLOAD in named or says(r, "offload_words")
    if not (spill and (says(r, "offload_speed_words") or r.b.has("SPEED", "FASTER"))):
        return None
    return concept_asked(
        r,
        _OFFLOAD,
        model=_sized(r),
        workload="llm_inference",
        asked="offload_speed",
    )
