"""Out-of-sample ratios (never fitted): measured and stated ratios from Dettmers' posts and secondary summaries,
and the power-limit check."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from assistant.models import performance

# (label, kind, numerator GPU, denominator GPU, workload, stated ratio, source)
# A100/V100: NVIDIA's DeepLearningExamples comparisons that the 2020 post debiased were DGX A100
# (A100 SXM4 40 GB) against DGX-1/DGX-2 (V100 SXM2, 900 GB/s, 125 TFLOPS) at equal batch size and
# with 8-GPU overheads removed, so the model is run per GPU with no batch factor. V100 SXM2 16 GB
# and 32 GB have the same bandwidth and FLOPS, so the variant does not change the ratio.
A100, V100 = "A100 SXM4 40 GB", "Tesla V100 SXM2 16 GB"
OUT_OF_SAMPLE = (
    ("A100/V100 SE-ResNeXt101 (debiased)", "measured", A100, V100, "train16", 1.43, "Dettmers 2020, debiased [R]"),
    ("A100/V100 Mask R-CNN (debiased)", "measured", A100, V100, "train16", 1.47, "Dettmers 2020, debiased [R]"),
    ("A100/V100 transformer WMT14 (debiased)", "measured", A100, V100, "train16", 1.70, "Dettmers 2020, debiased [R]"),
    ("A100/V100 bandwidth proxy 1555/900", "reference estimate", A100, V100, "train16", 1.73, "Dettmers 2023 [P]"),
    (
        "RTX 4090/H100 SXM 8-bit inference",
        "reference estimate",
        "GeForce RTX 4090",
        "H100 SXM5 80 GB",
        "infer8",
        0.33,
        "Dettmers 2023 chart [P]",
    ),
    (
        "A100 80 GB/RTX A6000 (A100 faster, SD)",
        "qualitative (> 1)",
        "A100 PCIe 80 GB",
        "RTX A6000",
        "infer16",
        None,
        "seed 004 FAQ",
    ),
)
# (label, GPU, watts removed, stated speed after / before, source): power limiting [R]
POWER_LIMIT = ("RTX 2080 Ti at -50 W, 16-bit training", "GeForce RTX 2080 Ti", 50, 0.93, "Dettmers 2023 FAQ [R]")
NOT_COVERED = ("8x A100 NVLink 3 has 5-7 % less multi-GPU overhead than 8x V100 [P2020] (one NVLink class)",)


@dataclass(frozen=True)
class OosRow:
    label: str
    kind: str
    model: float
    stated: float | None
    source: str

    @property
    def error(self) -> float | None:
        return self.model / self.stated - 1 if self.stated else None


def out_of_sample_rows(kb) -> list[OosRow]:
    out = []
    for label, kind, a, b, wl, stated, src in OUT_OF_SAMPLE:
        pa = performance.relative_performance(kb.gpu(a), wl, batch_policy="none")
        pb = performance.relative_performance(kb.gpu(b), wl, batch_policy="none")
        out.append(OosRow(label, kind, performance.ratio(pa, pb), stated, src))
    label, name, watts, stated, src = POWER_LIMIT
    gpu = kb.gpu(name)
    limited = dataclasses.replace(gpu, tdp_w=(gpu.tdp_w or 0) - watts)
    pa = performance.relative_performance(limited, "train16", batch_policy="none")
    pb = performance.relative_performance(gpu, "train16", batch_policy="none")
    out.append(OosRow(label, "measured [R]", performance.ratio(pa, pb), stated, src))
    return out
