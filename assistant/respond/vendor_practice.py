"""An AMD or Intel card weighed against NVIDIA: the software caveat leads, never the paper speed alone.

Contract: `compare_lead(query, rows, names, choice, key, env)` is called by the compare answer once its pick is
known. When the pick is an AMD or Intel card and the other card is NVIDIA, it returns (lead, NVIDIA card chosen or ""):
- for training or for "AI" with no workload named (the long tail of CUDA-only kernels and repositories decides,
  knowledge/concepts.toml `amd-practice` / `intel-practice`, dated sources), the NVIDIA card becomes the choice and
  the lead says why, with the paper ratio it overrides;
- for inference (LLM chat, batched inference, image generation) the pick stands, and the lead says it holds only
  where the user's tools run on that vendor's stack.
Otherwise ("", ""). `verdict_lead(gpu, workload, alternative, env)` is the same caveat for a verdict on one
AMD / Intel card ("9070xt能炼丹吗 还是老老实实买n卡"). `sources(gpus, env)` cites the practice concept of each vendor.
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.wording import software_stack

_PRACTICE = {"AMD": "amd-practice", "ATI": "amd-practice", "Intel": "intel-practice"}
TRAINING_KEYS = ("train16", "train8", "train")
# chips whose ROCm support has ended, with the sources that say so: the card runs only on an older ROCm or on
# llama.cpp's Vulkan backend ("mi50 32gb for $150 each, thinking 4 of them")
ROCM_ENDED = {
    "Vega 20": ("gfx906", "concept-rocm-gfx906-eom;concept-ollama-gfx906")
}  # perf keys of training (respond.pricing.perf_workload)


def other_vendor(gpu) -> bool:
    return (gpu.vendor or "") in _PRACTICE


def training_like(query, key: str) -> bool:
    """Training asked, or "AI" in general (no workload and no model size named: "strix halo vs dgx spark for 70b" runs
    a 70B model): the CUDA-only long tail decides."""
    sized = query.workload is None and (getattr(query, "params_b", None) or getattr(query, "model", None))
    return key.startswith("train") and (query.workload in (None, "training", "llm_finetune")) and not sized


def compare_lead(query, rows: dict, names: list[str], choice: str | None, key: str, env: Env) -> tuple[str, str]:
    """(lead, the NVIDIA card now chosen or "")."""
    if len(names) != 2 or choice not in names:
        return "", ""
    picked = rows[choice]
    other = rows[names[1] if choice == names[0] else names[0]]
    if not other_vendor(picked.gpu) or (other.gpu.vendor or "") != "NVIDIA":
        return "", ""
    ratio = picked.perf.score / other.perf.score if other.perf.score > 0 else 0.0
    stack = software_stack([picked.gpu])
    if training_like(query, key):
        return (
            env.t(
                "vendor.compare_flip" if ratio >= 1 else "vendor.compare_flip_value",
                purpose=env.t("vendor.for_training" if query.workload else "vendor.for_ai"),
                nvidia=other.label,
                gpu=picked.label,
                ratio=f"{ratio:.2f}",
                stack=stack,
            ),
            other.gpu.name,
        )
    return env.t("vendor.compare_inference", nvidia=other.label, gpu=picked.label, stack=stack), ""


def after_pick(rows: dict, names: list[str], choice: str | None, env: Env) -> str:
    """The inference caveat worded to follow a pick made on memory ("选 RX 7900 XTX：… 24 GB …")."""
    picked = rows[choice]
    other = rows[names[1] if choice == names[0] else names[0]]
    return env.t("vendor.after_pick", nvidia=other.label, gpu=picked.label, stack=software_stack([picked.gpu]))


def verdict_lead(gpu, workload: str | None, alternative: str, env: Env) -> str:
    """The caveat that leads a verdict on an AMD / Intel card for training (or AI in general); `alternative`: the
    NVIDIA card at about its price (label and price, already worded), or ""."""
    if not other_vendor(gpu) or workload not in (None, "training", "llm_finetune"):
        return ""
    runs = env.t("vendor.runs_Intel" if gpu.vendor == "Intel" else "vendor.runs_AMD")  # what runs, per the concepts
    lead = env.t("vendor.verdict_training", gpu=gpu.short_name, stack=software_stack([gpu]), runs=runs)
    if alternative:
        lead += i18n.gap(env.lang) + env.t("vendor.verdict_alternative", alternative=alternative)
    return lead


def sources(gpus, env: Env) -> list[str]:
    keys = list(dict.fromkeys(_PRACTICE[g.vendor] for g in gpus if (g.vendor or "") in _PRACTICE))
    out: list[str] = []
    for key in keys:
        concept = next((c for c in env.reader.concepts if c.key == key), None)
        if concept is not None and concept.source:
            out += env.cite(concept.source)
    return out


# NVIDIA architectures current CUDA no longer targets: (the release that dropped them, whether the last CUDA that
# supports them is still current for llama.cpp / PyTorch users, sources)
CUDA_ENDED = {
    "Kepler": ("12.0", "gone", "sw-cuda12-kepler-drop"),
    "Maxwell": ("13.0", "ageing", "sw-cuda13-arch-drop"),
    "Pascal": ("13.0", "ageing", "sw-cuda13-arch-drop"),
    "Volta": ("13.0", "ageing", "sw-cuda13-arch-drop"),
}


def cuda_ended(gpu, env: Env) -> tuple[str, str, list[str]]:
    """(step, state, sources) when CUDA no longer targets the card's architecture ("tesla k80 for $40, any use", "is
    pascal still usable"); state "gone" (no current PyTorch or llama.cpp CUDA build runs it) or "ageing" (CUDA 12.x
    builds still do, current PyTorch wheels do not); ("", "", []) otherwise."""
    if (gpu.vendor or "") != "NVIDIA":
        return "", "", []
    family = next((f for f in CUDA_ENDED if (gpu.architecture or "").startswith(f)), None)
    if family is None:
        return "", "", []
    release, state, source = CUDA_ENDED[family]
    step = env.t(f"vendor.cuda_{state}", gpu=gpu.short_name, arch=family, release=release)
    return step, state, env.cite(source)


def rocm_ended(gpu, env: Env) -> tuple[str, list[str]]:
    """The step that says ROCm no longer supports the card's chip, and its sources; ("", []) otherwise."""
    ended = ROCM_ENDED.get(gpu.chip or "") if (gpu.vendor or "") in ("AMD", "ATI") else None
    if ended is None:
        return "", []
    return env.t("vendor.rocm_ended", gpu=gpu.short_name, target=ended[0]), env.cite(ended[1])
