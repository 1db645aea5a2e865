"""The memory table of a fit answer and the row it answers with.

Contract: `rows_to_show(model, query, env)` -> (label, mode, precision) per table row (the precision
ladder for inference; for fine-tuning the asked method and the lighter ones); `FitCase.build(...)`
estimates each row (docs/model.md §mem), fits it on the GPU(s) and picks the row the answer is about
(the method or precision asked, else the best quality that fits, else the lightest); `memory_table`
renders the rows. A nameless card ("a 24 GB card") is a `Card`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from assistant.answer import Table
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import setup
from assistant.respond.env import Env
from assistant.respond.wording import software_stack
from assistant.specs import GpuSpec, ModelSpec

INFER_LADDER = ("fp16", "q8_0", "q4_k_m")
TRAIN_MODES = {"full_finetune": "full", "lora": "lora", "qlora": "qlora"}

Row = tuple[str, memory.MemoryEstimate, memory.Fit]  # (label, estimate, fit on the GPU(s))


@dataclasses.dataclass(frozen=True)
class Card:
    """ "a 24 GB card": a nameless GPU with that much memory (fit only; no speed, no sources)."""

    memory_gb: float
    name: str = ""
    unified_memory: bool = False  # a graphics card's own memory
    vendor: str = ""

    @property
    def short_name(self) -> str:
        """ "24 GB GPU"; a Mac named by its words ("Mac with 64 GB", fit._macos_share) keeps its name."""
        return self.name or f"{self.memory_gb:g} GB GPU"


def estimates(query: FitQuery, model: ModelSpec, shown, n: int) -> list[tuple[str, memory.MemoryEstimate]]:
    """(label, estimate) per row shown."""
    return [(label, estimate(model, query, prec, n, mode)) for label, mode, prec in shown]


def estimate(model: ModelSpec, query: FitQuery, precision: str, n: int, mode: str) -> memory.MemoryEstimate:
    return setup.estimate(model, setup.memory_setup(model, query, mode), precision, n, mode, query)


def rows_to_show(model: ModelSpec, query: FitQuery, env: Env) -> list[tuple[str, str, str]]:
    """(row label, mode, precision) per table row: the precision ladder for inference; for
    fine-tuning the asked method plus the lighter ones (full -> LoRA -> QLoRA), so a "no" comes
    with the way that works."""
    if getattr(query, "pretrain", False) and model.kind == "llm":  # "train a 1b model from scratch": no adapters
        return [(env.t("fit.method_pretrain"), "full_finetune", "fp16")]
    if query.mode in TRAIN_MODES and model.kind == "llm":
        order = list(TRAIN_MODES)
        # "lora vs full finetune vram": full fine-tuning named beside the method read starts the ladder there
        low = query.text.lower()
        start = "full_finetune" if lexicon(env.lang).words_in("full_finetune_words", low) else query.mode
        if start == "qlora" and "qlora" in low and "lora" in low.replace("qlora", ""):  # "qlora vs lora": both rows
            start = "lora"
        modes = order[order.index(start) :]
        return [(env.t(f"fit.method_{m}"), m, "fp16") for m in modes]
    if query.mode in TRAIN_MODES and model.kind == "image":
        base = query.precision if query.precision in ("fp8", "int8", "nf4", "int4") else ""
        if base:  # one row: the method on the base asked for
            return [(env.t("fit.method_lora_base", prec=base), query.mode, base)]
        rows = [(env.t(f"fit.method_{query.mode}"), query.mode, "fp16")]
        low = query.text.lower()
        words = lexicon(env.lang)
        said_full = words.words_in("full_finetune_words", low) or words.words_in("image_full_methods", low)
        if query.mode == "full_finetune" and not said_full:  # "is 16gb enough for sdxl training": LoRA is the usual
            rows.append((env.t("fit.method_lora"), "lora", "fp16"))
        if query.mode == "lora" or rows[-1][1] == "lora":  # the fp8 base ai-toolkit (quantize) and kohya (--fp8_base)
            rows.append((env.t("fit.method_lora_base", prec="fp8"), "lora", "fp8"))
        return rows
    if query.precision:
        return [(query.precision, query.mode, query.precision)]
    if query.released and model.kind == "llm":  # "满血r1": the weights as released, no lighter quant
        released = memory.released_precision(model)
        return [(released, query.mode, released)]
    if model.kind == "image":  # fp8 weights (e.g. Flux in fp8) are how smaller cards run large image models
        return [("fp16", query.mode, "fp16"), ("fp8", query.mode, "fp8")]
    if model.kind != "llm":
        return [("fp16", query.mode, "fp16")]
    released = memory.released_precision(model)  # DeepSeek V3/R1 ship FP8: their ladder starts there
    ladder = [released] + [p for p in INFER_LADDER[1:] if memory.bits_per_weight(p) < memory.bits_per_weight(released)]
    return [(p, query.mode, p) for p in ladder]


@dataclasses.dataclass(frozen=True)
class FitCase:
    """One fit question worked out: the model, the GPU(s) (None: not named), the rows estimated and fitted,
    and the row the answer is about (`pick`; None without a GPU)."""

    query: FitQuery
    env: Env
    model: ModelSpec
    gpu: GpuSpec | Card
    n: int
    shown: list[tuple[str, str, str]]
    rows: list[Row]

    @classmethod
    def build(cls, query: FitQuery, env: Env, model: ModelSpec, gpu: GpuSpec | Card, n: int) -> FitCase:
        shown = rows_to_show(model, query, env)
        rows = [(label, est, memory.fit(est, gpu.memory_gb, n)) for label, est in estimates(query, model, shown, n)]
        return cls(query, env, model, gpu, n, shown, rows)

    @property
    def spec(self) -> GpuSpec | None:
        """The KB GPU (None for a nameless "24 GB card")."""
        return self.gpu if isinstance(self.gpu, GpuSpec) else None

    @property
    def memory_gb(self) -> float:
        """One card's memory."""
        return float(self.gpu.memory_gb or 0.0)

    @property
    def ok(self) -> list[Row]:
        """The rows that fit, best quality first."""
        return [r for r in self.rows if r[2].fits]

    @property
    def pick(self) -> Row:
        if self.query.mode in TRAIN_MODES and self.model.kind == "llm":
            if not self.rows[0][2].fits and self.ok and not self.full_stated:
                return self.ok[0]  # "can i finetune 8b on a 16gb card": yes, with the lightest method that fits
            if not self.ok and not self.full_stated:
                # "can i fine tune llama 3.1 8b on 12gb": no method fits; the nearest (the lightest) is what to weigh
                return self.rows[-1]
            return self.rows[0]  # the method asked for; the lighter ones follow in the table
        said = self.query.precision or getattr(self.query, "kept_precision", None)  # a quant kept from the speed before
        asked = next((r for r in self.rows if r[0] == said), None)
        return asked or (self.ok[0] if self.ok else self.rows[-1])

    @property
    def full_stated(self) -> bool:
        """Full fine-tuning asked for in so many words ("full fine-tune", "全参", pretraining), not a bare
        "fine-tune" / "train", which people say of LoRA and QLoRA as well."""
        if self.query.mode != "full_finetune" or getattr(self.query, "pretrain", False):
            return True
        if getattr(self.query, "full_stated", False):  # said earlier in the thread
            return True
        return bool(lexicon(self.env.lang).words_in("full_finetune_words", self.query.text.lower()))

    @property
    def training(self) -> bool:
        return self.query.mode in TRAIN_MODES


def _part_label(part: str, gpu, env: Env) -> str:
    """A memory part's column title; the runtime's context is named for the GPU's software stack (ROCm on
    AMD, Metal on Apple), as the memory model's CUDA figure stands in for it."""
    if part == "CUDA context" and gpu is not None and gpu.vendor not in ("NVIDIA", ""):  # "": a nameless card
        return env.t("fit.runtime_context", stack=software_stack([gpu]))
    return env.term(part)


def memory_table(
    env: Env, rows: Sequence[tuple[str, memory.MemoryEstimate, memory.Fit | None]], gpu: GpuSpec | Card | None, n: int
) -> Table:
    """Memory per component for each row, all GPUs together, with fits / headroom when a GPU is named."""
    comps = list(dict.fromkeys(c for _, est, _ in rows for c, _ in est.components))
    capacity = f"{n} x {gpu.memory_gb:g} GB" if gpu else ""
    table = Table(
        headers=[
            env.t("fit.col_precision"),
            *[_part_label(c, gpu, env) for c in comps],
            env.t("fit.col_total"),
            *([env.t("fit.col_fits", capacity=capacity)] if gpu else []),
        ],
        rows=[],
    )
    for prec, est, f in rows:
        total = est.total_gb * est.n_gpus
        mark = (
            []
            if f is None
            else [env.t("fit.yes" if f.fits else "fit.no") + env.t("fit.headroom", headroom=f"{f.headroom_gb:+.1f}")]
        )
        parts = dict(est.components)
        table.rows.append(
            [prec, *[f"{parts[c] * est.n_gpus:.1f}" if c in parts else "—" for c in comps], f"{total:.1f} GB", *mark]
        )
    table.title = env.t("fit.title_all") if n > 1 else env.t("fit.title_one")
    return table


def mode_name(env: Env, mode: str) -> str:
    """ "inference", "LoRA fine-tuning"... in the answer's language."""
    return env.t(f"fit.mode_{mode}")
