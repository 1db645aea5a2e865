"""Concept questions said through what the user sees: a long wait before the first token, a runtime's log line.

- `prompt_wait`: the prompt phase named ([lists] prompt_phase_words: "long prompt", "time to first token", "长prompt",
  "首字") with a wait or a why ([lists] wait_words, slow_words, slow_why_words or WHY), on at most one device: "why
  does my m2 max chew forever on a long prompt before it starts typing", "m3 max 长prompt要等很久才出第一个字 为什么".
  The prefill / decode concept asked prompt_wait (respond/concept_leads_speed.prompt_wait: prompt reading is
  compute-bound, generation bandwidth-bound, in the device's numbers); never the which-memory question of a Mac
  (memory variants share the chip: nlu/checks._same_for_all).
"""

from __future__ import annotations

import re

from assistant.nlu.intents.concept_cues import says
from assistant.nlu.reading import Reading
from assistant.queries import ExplainQuery, Query

_PREFILL_DECODE = "prefill-decode"
_NOT_SYMPTOM = ("BUDGET", "RENT", "RECOMMEND", "SORT", "UNDER")
# "a 20k prompt", "8k tokens": a length in thousands of tokens (the tagger may read "20k" as money)
_THOUSANDS = re.compile(r"(\d+(?:\.\d+)?)\s*k\s*(?:-?\s*)(?:tokens?|tok|prompts?|context|ctx)\b", re.IGNORECASE)


def _prompt_length(r: Reading) -> tuple[int | None, bool]:
    """The prompt's length in tokens (a CONTEXT tag, else "20k prompt") and whether a MONEY tag is only that length."""
    found = _THOUSANDS.search(r.text)
    money = r.b.kinds.get("MONEY", [])
    only_length = found is not None and all(found.start() <= t.start < found.end() for t in money)
    context = r.num("CONTEXT")
    return (int(context) if context else int(float(found.group(1)) * 1024) if found else None), only_length


def prompt_wait(r: Reading) -> Query | None:
    if r.b.has(*_NOT_SYMPTOM) or len(r.explicit) > 1 or not says(r, "prompt_phase_words"):
        return None
    length, only_length = _prompt_length(r)
    if r.b.has("MONEY") and not only_length:
        return None
    waited = says(r, "wait_words") or r.said("slow_words") or r.said("slow_why_words") or r.b.has("WHY")
    if not waited:
        return None
    return ExplainQuery(
        text=r.text,
        concept=_PREFILL_DECODE,
        mention=r.text.strip(" ?!."),
        gpus=tuple(r.explicit),
        model=r.model if r.model is not None and r.model.key else None,
        workload="llm_inference",
        asked="prompt_wait",
        context_tokens=length,
    )


_LAYERS = re.compile(r"(?:offload(?:ed|ing)?\s*)?(\d{1,3})\s*/\s*(\d{1,3})\s*(?:repeating\s+)?(?:layers?|层)", re.I)
_OLLAMA_PS = re.compile(r"(\d{1,3})\s*%\s*/\s*(\d{1,3})\s*%\s*cpu\s*/\s*gpu", re.I)
_OFFLOAD = "cpu-offload"


def offload_log(r: Reading) -> Query | None:
    """ "ollama log says offloaded 33/81 layers to GPU on my 3080 10gb, what does that mean and how slow",
    "ollama ps says 45%/55% CPU/GPU": a runtime's split of the model between GPU and CPU, read from the line
    (layers on the GPU of all, or the CPU share): the cpu-offload concept asked offload_log
    (respond/concept_leads_speed.offload_log: what runs from system RAM and the speed to expect)."""
    if r.b.has(*_NOT_SYMPTOM) or len([g for g in r.explicit if g.name]) > 1:
        return None
    layers, shares = _LAYERS.search(r.text), _OLLAMA_PS.search(r.text)
    if layers is None and shares is None:
        return None
    on, total = (int(layers.group(1)), int(layers.group(2))) if layers else (0, 0)
    if layers is not None and not 0 <= on <= total:
        return None
    share = int(shares.group(1)) / 100 if shares else None
    return ExplainQuery(
        text=r.text,
        concept=_OFFLOAD,
        mention=r.text.strip(" ?!."),
        gpus=tuple(g for g in r.explicit if g.name),
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
)


def _gib(found: re.Match[str] | None) -> float | None:
    if found is None:
        return None
    groups = [g for g in found.groups() if g is not None]
    value, unit = float(groups[0]), groups[1].lower()
    return value / 1024 if unit.startswith("m") else value


def oom_line(r: Reading) -> Query | None:
    """ "CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.69 GiB total capacity; 21.5 GiB already
    allocated)": PyTorch's out-of-memory message pasted, its figures read: the cuda-oom concept asked oom_line
    (respond/concept_leads_memory.oom_line: how far over the card it is, then the fixes)."""
    if r.b.has(*_NOT_SYMPTOM) or not says(r, "oom_words"):
        return None
    figures = tuple(_gib(p.search(r.text)) for p in _OOM_PARTS)
    if figures[0] is None:
        return None  # "getting OOM with batch size 8 on my 3090": the trouble reader's causes and fixes
    return ExplainQuery(
        text=r.text,
        concept="cuda-oom",
        mention=r.text.strip(" ?!."),
        gpus=tuple(g for g in r.explicit if g.name),
        workload=r.workload or "",
        asked="oom_line",
        oom_gib=figures,
    )


def gpu_unseen(r: Reading) -> Query | None:
    """ "torch.cuda.is_available() returns False on my 4090", "no kernel image is available for execution on the
    device", "nvidia-smi works but pytorch doesnt see my gpu", "torch.cuda.is_available()一直是False": PyTorch not
    using the card ([lists] gpu_unseen_words, or is_available written out): the cuda-not-available concept with the
    card named (respond/concept_leads_arch.unseen: whether current builds have kernels for its architecture)."""
    if r.b.has(*_NOT_SYMPTOM) or len([g for g in r.explicit if g.name]) > 1:
        return None
    if "is_available" not in r.text.lower() and not says(r, "gpu_unseen_words"):
        return None
    return ExplainQuery(
        text=r.text,
        concept="cuda-not-available",
        mention=r.text.strip(" ?!."),
        gpus=tuple(g for g in r.explicit if g.name),
        workload=r.workload or "",
        asked="gpu_unseen",
    )
