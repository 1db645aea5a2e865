"""Two number formats' speed asked beside an image model's time on a card: "how long does a 1024x1024 flux dev image
take on a 4060 ti 16gb, and is fp8 much faster than fp16".

Contract: `line(words, answer, env)` returns the sentence for an ask `words` that names two formats (fp8, fp16, bf16,
int8, fp4) when `answer` is an image fit that gives the seconds per image (figures seconds_per_image or image_seconds)
and memory rows of both formats (memory_rows): the image speed model computes low-bit weights in 16-bit (docs/model.md
§image.speed), so per image both formats take about the same time, and what the lower one changes is memory (each
format's total from the answer's own rows, and whether the higher one fits the card); then the card's tensor peaks of
both formats on paper (models/hardware, §perf.tensor), when it has both and the answer does not say them. "" otherwise.
Pure.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import hardware
from assistant.respond.env import Env

_FORMATS = {"fp8": "fp8_acc32", "fp16": "fp16_acc32", "bf16": "bf16", "int8": "int8", "fp4": "fp4"}
_NAMED = re.compile(r"(?<![a-z0-9])(fp8|fp16|bf16|int8|fp4)(?![a-z0-9])", re.I)
_BITS = {"fp4": 4, "fp8": 8, "int8": 8, "fp16": 16, "bf16": 16}


def _row(rows: list, fmt: str) -> dict | None:
    return next((r for r in rows if isinstance(r, dict) and r.get("precision") == fmt), None)


def line(words: str, answer: Answer, env: Env) -> str:
    """The per-image speed and memory of two formats named (see the module contract)."""
    named = list(dict.fromkeys(m.lower() for m in _NAMED.findall(words)))
    secs = answer.figures.get("seconds_per_image") or answer.figures.get("image_seconds")
    rows = answer.figures.get("memory_rows")
    verdict = answer.figures.get("verdict") or {}
    name = verdict.get("gpu") if isinstance(verdict, dict) else None
    spec = env.reader.gpu(name or (answer.gpus[0] if answer.gpus else ""))
    if len(named) != 2 or not isinstance(secs, (int, float)) or not isinstance(rows, list) or spec is None:
        return ""
    low, high = sorted(named, key=lambda f: _BITS[f])
    low_row, high_row = _row(rows, low), _row(rows, high)
    if low_row is None or high_row is None or _BITS[low] == _BITS[high]:
        return ""
    mem = spec.memory_gb or 0
    fit = "" if high_row.get("fits") else env.t("precision.image_fit_no", high=high.upper(), mem=f"{mem:g}")
    said = env.t(
        "precision.image_time",
        low=low.upper(),
        high=high.upper(),
        secs=f"{secs:.0f}",
        gpu=spec.short_name,
        low_gb=f"{low_row['total_gb']:.1f}",
        high_gb=f"{high_row['total_gb']:.1f}",
        fit=fit,
    )
    pa, pb = (hardware.tensor_tflops(spec, _FORMATS[f]).value for f in (low, high))
    if pa > 0 and pb > 0 and pa > pb and f"{pa:,.0f} TFLOPS" not in answer.headline:  # (not said twice)
        paper = env.t(
            "precision.image_paper",
            gpu=spec.short_name,
            low=low.upper(),
            high=high.upper(),
            ratio=f"{pa / pb:.1f}",
            pa=f"{pa:,.0f}",
            pb=f"{pb:,.0f}",
        )
        said = i18n.gap(env.lang).join([said, paper])
    return said
