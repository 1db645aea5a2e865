"""Concept questions said through what the user sees: a long wait before the first token, a runtime's log line.

- `prompt_wait`: the prompt phase named ([lists] prompt_phase_words: "long prompt", "time to first token", "长prompt",
  "首字") with a wait or a why ([lists] wait_words, slow_words, slow_why_words or WHY), on at most one device: "why
  does my m2 max chew forever on a long prompt before it starts typing", "m3 max 长prompt要等很久才出第一个字 为什么".
  The prefill / decode concept asked prompt_wait (respond/concept_leads_measured.prompt_wait: prompt reading is
  compute-bound, generation bandwidth-bound, in the device's numbers); never the which-memory question of a Mac
  (memory variants share the chip: nlu/checks._same_for_all).
"""

from __future__ import annotations

import re

from assistant.nlu.intents.concept_cues import concept_asked, says
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

_PREFILL_DECODE = "prefill-decode"
_NOT_SYMPTOM = ("BUDGET", "RENT", "RECOMMEND", "SORT", "UNDER")
_NOT_LOG = ("RENT", "RECOMMEND", "SORT")  # a pasted log line is evidence enough ("Maximum concurrency" is no UNDER)
# "a 20k prompt", "8k tokens": a length in thousands of tokens (the tagger may read "20k" as money)
_THOUSANDS = re.compile(r"(\d+(?:\.\d+)?)\s*k\s*(?:-?\s*)(?:tokens?|tok|prompts?|context|ctx)\b", re.IGNORECASE)


def _prompt_length(r: Reading) -> tuple[int | None, bool]:
    """The prompt's length in tokens (a CONTEXT tag, else "20k prompt") and whether a MONEY tag is only that length."""
    found = _THOUSANDS.search(r.text)
    money = r.b.kinds.get("MONEY", [])
    only_length = found is not None and all(found.start() <= t.start < found.end() for t in money)
    context = r.num("CONTEXT")
    return (int(context) if context else int(float(found.group(1)) * 1024) if found else None), only_length


@needs(unless=_NOT_SYMPTOM)
def prompt_wait(r: Reading) -> Query | None:
    if r.b.has(*_NOT_SYMPTOM) or len(r.explicit) > 1 or not says(r, "prompt_phase_words"):
        return None
    length, only_length = _prompt_length(r)
    if r.b.has("MONEY") and not only_length:
        return None
    waited = says(r, "wait_words") or r.said("slow_words") or r.said("slow_why_words") or r.b.has("WHY")
    if not waited:
        return None
    unknown = _unknown_devices(r)  # "my m3 max 64gb": not in the data, said; the concept answers without it
    return ExplainQuery(
        text=r.text,
        concept=_PREFILL_DECODE,
        mention=r.text.strip(" ?!."),
        gpus=tuple(g for g in r.explicit if g.mention not in unknown),
        model=r.model if r.model is not None and r.model.key else None,
        workload="llm_inference",
        asked="prompt_wait",
        context_tokens=length,
        unrecognized=unknown,
    )


def _unknown_devices(r: Reading) -> tuple[str, ...]:
    """The devices named that the knowledge base lacks (not an ambiguous family of variants), as typed."""
    return tuple(
        t.text for t in r.b.kinds.get("GPU", []) if t.gpu_match() is not None and t.gpu_match().status == "unknown"
    )


_LAYERS = re.compile(r"(?:offload(?:ed|ing)?\s*)?(\d{1,3})\s*/\s*(\d{1,3})\s*(?:repeating\s+)?(?:layers?|层)", re.I)
_OLLAMA_PS = re.compile(r"(\d{1,3})\s*%\s*/\s*(\d{1,3})\s*%\s*cpu\s*/\s*gpu", re.I)
_OFFLOAD = "cpu-offload"


@needs(unless=_NOT_LOG)
def offload_log(r: Reading) -> Query | None:
    """ "ollama log says offloaded 33/81 layers to GPU on my 3080 10gb, what does that mean and how slow",
    "ollama ps says 45%/55% CPU/GPU": a runtime's split of the model between GPU and CPU, read from the line
    (layers on the GPU of all, or the CPU share): the cpu-offload concept asked offload_log
    (respond/concept_leads_measured.offload_log: what runs from system RAM and the speed to expect)."""
    if r.b.has(*_NOT_LOG) or len([g for g in r.explicit if g.name]) > 1:
        return None
    layers, shares = _LAYERS.search(r.text), _OLLAMA_PS.search(r.text)
    if layers is None and shares is None:
        return None
    on, total = (int(layers.group(1)), int(layers.group(2))) if layers else (0, 0)
    if layers is not None and not 0 <= on <= total:
        return None
    share = int(shares.group(1)) / 100 if shares else None
    return concept_asked(
        r,
        _OFFLOAD,
        model=r.model if r.model is not None and r.model.key else None,
        workload="llm_inference",
        asked="offload_log",
        offload_layers=(on, total) if layers else (),
        cpu_share=share,
        params_b=r.num("PARAMS"),
    )


_GIB = r"([\d.]+)\s*(GiB|MiB|GB|MB)"
_OOM_PARTS = (
    re.compile(rf"tried to allocate\s+{_GIB}", re.I),
    re.compile(rf"{_GIB}\s+total capacity|total capacity of\s+{_GIB}", re.I),
    re.compile(rf"{_GIB}\s+already allocated|{_GIB}\s+is allocated by pytorch", re.I),
    re.compile(rf"{_GIB}\s+is reserved by pytorch but unallocated", re.I),
    re.compile(rf"of which\s+{_GIB}\s+is free|{_GIB}\s+free\b", re.I),
)


def _gib(found: re.Match[str] | None) -> float | None:
    if found is None:
        return None
    groups = [g for g in found.groups() if g is not None]
    value, unit = float(groups[0]), groups[1].lower()
    return value / 1024 if unit.startswith("m") else value


@needs(unless=_NOT_LOG)
def oom_line(r: Reading) -> Query | None:
    """ "CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.69 GiB total capacity; 21.5 GiB already
    allocated)": PyTorch's out-of-memory message pasted, its figures read: the cuda-oom concept asked oom_line
    (respond/concept_leads_memory.oom_line: how far over the card it is, then the fixes)."""
    if r.b.has(*_NOT_LOG) or not says(r, "oom_words"):
        return None
    figures = tuple(_gib(p.search(r.text)) for p in _OOM_PARTS)
    if figures[0] is None:
        return None  # "getting OOM with batch size 8 on my 3090": the trouble reader's causes and fixes
    return concept_asked(
        r,
        "cuda-oom",
        workload=r.workload or "",
        asked="oom_line",
        oom_gib=figures,
        batch=_batch(r),
    )


def _batch(r: Reading) -> int | None:
    """The batch the run used ("batch 64", "batch size 8"), when said."""
    found = r.num("BATCH")
    return int(found) if found and found >= 2 else None


@needs(unless=_NOT_SYMPTOM)
def gpu_unseen(r: Reading) -> Query | None:
    """ "torch.cuda.is_available() returns False on my 4090", "no kernel image is available for execution on the
    device", "nvidia-smi works but pytorch doesnt see my gpu", "torch.cuda.is_available()一直是False": PyTorch not
    using the card ([lists] gpu_unseen_words, or is_available written out): the cuda-not-available concept with the
    card named (respond/concept_leads_arch.unseen: whether current builds have kernels for its architecture)."""
    if r.b.has(*_NOT_SYMPTOM) or len([g for g in r.explicit if g.name]) > 1:
        return None
    if "is_available" not in r.text.lower() and not says(r, "gpu_unseen_words"):
        return None
    return concept_asked(
        r,
        "cuda-not-available",
        workload=r.workload or "",
        asked="gpu_unseen",
    )


_POWER_NOT = ("MONEY", "BUDGET", "RENT", "RECOMMEND", "SORT", "KWH", "ELECTRICITY", "COST", "CPU")


@needs(unless=_POWER_NOT)
def power_by_use(r: Reading) -> Query | None:
    """ "how many watts does a 3090 draw running llama.cpp inference vs during training", "4090推理的时候功耗多少",
    "nvidia-smi shows my 3090 at 250w while llama.cpp generates, is it broken", "GPU-Util 100% 但是功耗才120w": a card's
    power draw (a power FIELD, a WATTS reading or [lists] power_draw_words) in a use (inference, training: the work
    named, MODE, [lists] training_words / inference_use_words), one card at most, no bill, PSU or build asked: the
    power-by-use concept (respond/concept_leads_cards.power_by_use: training at the board limit, inference below it,
    the reading given weighed), never "compare with which GPU?"."""
    from assistant.nlu.intents import concept_cues, rig, verdict

    if r.b.has(*_POWER_NOT) or len([g for g in r.explicit if g.name]) > 1 or rig.psu_question(r):
        return None
    if r.said("asked_idle"):
        return None  # "whats a 4090 pulling at idle with a model sitting in vram": the idle draw (spec)
    if not r.explicit and r.said("efficiency_words") and r.said("machine_wish_words"):
        return None  # "想搞一台推理机跑7b，要省电": a low-power pick for the work (rig / recommend), not the concept
    if verdict.said(r, "rig_psu"):
        return None  # "qwen2.5 72b放本地 要几张卡 电源要多大": a power supply asked, not a card's draw in one use
    if verdict.said(r, "card_topic_power_limit") and not r.b.has("WATTS", "PERCENT"):
        # "5090限功耗多少合适 跑大模型", "3090 power limit for 24/7 inference": the limit to set on the card
        # (card_topic), not its draw in a use
        return None
    if verdict.said(r, "verdict_how_is") and not r.b.has("HOW_MUCH"):
        return None  # "t4 单槽低功耗 放nas里跑推理怎么样": the draw is said of the card, how it does is asked (verdict)
    first = r.b.tags[0].kind if r.b.tags else ""
    if not r.explicit and (first in ("AND", "FOLLOW") or r.refs):
        return None  # "and power draw while generating?": the cards talked about (a follow-up)
    if r.b.has("HOURS") and r.b.has("HOW_MUCH", "PERIOD"):
        return None  # "training 8h a day at 450w, how much a month": a bill ("3090训练时350w跑满" is a reading)
    if concept_cues.training_stall(r) is not None:
        return None  # "训练功耗才300w 利用率40%上下跳": low utilization in training is the data pipeline
    power = any(t.value == "power" for t in r.b.kinds.get("FIELD", [])) or r.b.has("WATTS")
    if not (power or says(r, "power_draw_words")):
        return None
    training = r.b.first("MODE") is not None or r.said("training_words") or r.workload in ("training", "llm_finetune")
    inference = r.workload in ("inference", "llm_inference", "llm") or says(r, "inference_use_words")
    busy = r.b.has("WATTS") and says(r, "util_reading_words")  # "GPU-Util 100% 但是功耗才120w": a reading to weigh
    image = says(r, "image_power_words") and not says(r, "training_words")  # "flux in comfyui": denoising's draw
    if not (training or inference or busy or image):
        return None
    if image:
        inference = training = False
    uses = tuple(u for u, said in (("inference", inference), ("training", training), ("image", image)) if said)
    watts = r.num("WATTS")
    return concept_asked(
        r,
        "power-by-use",
        workload=uses[0] if len(uses) == 1 else None,
        asked="power_by_use",
        uses=uses,
        stated_w=float(watts) if watts else None,
    )


_CONCURRENCY = re.compile(r"maximum concurrency for\s+([\d,]+)\s+tokens per request:?\s*([\d.]+)\s*x", re.I)
_NO_CACHE = re.compile(
    r"no available memory for the cache blocks|not enough (?:gpu )?memory for (?:the )?kv cache", re.I
)


@needs(unless=_NOT_LOG)
def vllm_log(r: Reading) -> Query | None:
    """ "vllm says 'Maximum concurrency for 8192 tokens per request: 3.41x' ... what does that number mean",
    "vllm启动报 'No available memory for the cache blocks' 4090跑qwen2.5 14b": vLLM's start-up lines about its KV cache:
    the kv-cache concept asked vllm_concurrency (the line's tokens, in requests and GB) or vllm_no_cache (the weights
    vLLM loads against its share of the card), respond/concept_leads_memory."""
    if r.b.has(*_NOT_LOG) or len([g for g in r.explicit if g.name]) > 1:
        return None
    concurrency, no_cache = _CONCURRENCY.search(r.text), _NO_CACHE.search(r.text)
    if concurrency is None and no_cache is None:
        return None
    figures: tuple[float, ...] = ()
    if concurrency is not None:
        figures = (float(concurrency.group(1).replace(",", "")), float(concurrency.group(2)))
    precisions = tuple(dict.fromkeys(str(t.value) for t in r.b.kinds.get("PRECISION", [])))
    return concept_asked(
        r,
        "kv-cache",
        model=r.model if r.model is not None and r.model.key else None,
        workload="llm_inference",
        asked="vllm_concurrency" if concurrency is not None else "vllm_no_cache",
        concurrency=figures,
        precisions=precisions,
    )


_PROMPT_EVAL = re.compile(r"prompt[ _]eval(?:uation)?(?:[ _]rate)?\D{0,24}?(\d+(?:\.\d+)?)", re.I)
_EVAL = re.compile(r"(?<![a-z_])(?<!prompt )(?<!prompt_)eval(?:[ _]rate)?\D{0,24}?(\d+(?:\.\d+)?)", re.I)
_PP, _TG = (re.compile(rf"\b{w}\d*\b\s*[:=|]?\s*(\d+(?:\.\d+)?)", re.I) for w in ("pp", "tg"))  # llama-bench


@needs(unless=_NOT_LOG)
def eval_rates(r: Reading) -> Query | None:
    """ "llama.cpp prints 'prompt eval 412 tokens per second ... eval 18.5 tokens per second', what's the difference",
    "ollama --verbose: prompt eval rate 900 tokens/s, eval rate 35 tokens/s": a runtime's two speeds pasted: the prefill
    / decode concept asked eval_rates with both (respond/concept_leads_measured.eval_rates: what each is, in waits)."""
    if r.b.has(*_NOT_LOG) or len([g for g in r.explicit if g.name]) > 1:
        return None
    prompt = _PROMPT_EVAL.search(r.text)
    rest = r.text[prompt.end() :] if prompt else r.text
    generate = _EVAL.search(rest)
    if prompt is None or generate is None:  # llama-bench's "pp512 1200 tg128 45"
        prompt, generate = _PP.search(r.text), _TG.search(r.text)
    if prompt is None or generate is None:
        return None
    return concept_asked(
        r,
        _PREFILL_DECODE,
        workload="llm_inference",
        asked="eval_rates",
        concurrency=(float(prompt.group(1)), float(generate.group(1))),
    )
