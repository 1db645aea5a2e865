"""LLM-like training speed ratios out of sample: Lambda's per-model fp16 training throughput for the transformer
networks (BERT-large SQuAD, Transformer-XL large and base; lambdal/deeplearning-benchmark
pytorch/pytorch-train-throughput-fp16.csv, one-GPU rows; the calibration file lambda_fp16_train.tsv holds only the
geometric mean over all models, and only for the cards it lists) against two models of a card's speed relative to
an RTX 3090: the calibrated 16-bit training score (respond/pricing.score, what comparisons now use,
docs/model.md §cost.training) and the tensor-peak ratio (the FLOPs rule at one MFU for every card). Never fitted."""

from __future__ import annotations

from assistant.models import hardware as hw
from assistant.models import performance
from assistant.respond.pricing import score
from model_checks.rows import Row

# KB name: (bert_large_squad, transformerxllarge, transformerxlbase) samples/s, fp16, one GPU
LAMBDA_TRANSFORMERS = {
    "GeForce RTX 3090": (52, 7821, 22863),
    "GeForce RTX 4090": (93, 14509, 40427),
    "H100 SXM5 80 GB": (301, 30841, 62259),
    "H100 PCIe 80 GB": (203, 22586, 47919),
    "A100 SXM4 80 GB": (152, 17918, 43078),
    "A100 PCIe 80 GB": (140, 17082, 41602),
    "A100 PCIe 40 GB": (117, 16034, 35366),
    "RTX A6000": (68, 11126, 26030),
    "RTX 6000 Ada Generation": (79, 16049, 36745),
    "Quadro RTX 8000": (50, 7853, 18223),
    "A10 PCIe": (42, 5614, 16283),
}
NETWORKS = ("BERT-large", "Transformer-XL large", "Transformer-XL base")
REFERENCE = "GeForce RTX 3090"


def transformer_out_of_sample_rows(kb, model: str = "score") -> list[Row]:
    """One row per card and network: the model's ratio to the RTX 3090 (`model`: "score", "large" or "peak")
    against the measured one."""
    ref = kb.gpu(REFERENCE)
    out = []
    for name, values in LAMBDA_TRANSFORMERS.items():
        gpu = kb.gpu(name)
        if gpu is None or name == REFERENCE:
            continue
        if model == "score":
            ratio = score(gpu, "train16").score / score(ref, "train16").score
        elif model == "large":  # the roofline without the per-step fixed cost (billion-parameter models)
            ratio = performance.large_model_training(gpu).score / performance.large_model_training(ref).score
        else:
            ratio = hw.matmul_tflops(gpu, "fp16_acc32").value / hw.matmul_tflops(ref, "fp16_acc32").value
        for net, value, base in zip(NETWORKS, values, LAMBDA_TRANSFORMERS[REFERENCE], strict=True):
            out.append(Row(f"transformer train ({model})", f"{gpu.short_name} {net}", ratio, value / base))
    return out


# Large-model training between datacenter parts (never fitted; NVIDIA's MLPerf Training summaries, knowledge/sources/
# models.csv mlperf-training-v41-b200 and mlperf-training-v40-h200): per-GPU speed-ups "up to" these, on the LLM
# benchmarks (GPT-3 175B pretraining, Llama 2 70B LoRA fine-tuning). Best cases of their rounds, so an upper end.
MLPERF_LARGE_MODEL = (
    ("B200 / H100 SXM, MLPerf v4.1 LLM, per GPU (up to)", "B200", "H100 SXM5 80 GB", 2.2),
    ("H200 / H100 SXM, MLPerf v4.0 debut (up to)", "H200 SXM 141 GB", "H100 SXM5 80 GB", 1.47),
)


def large_model_out_of_sample_rows(kb, model: str = "large") -> list[Row]:
    """MLPerf-implied per-GPU ratios against `model`: "large" (the rule comparisons of billion-parameter training
    use), "score" (the benchmark-mix score) or "peak" (tensor peaks)."""
    out = []
    for label, fast, slow, measured in MLPERF_LARGE_MODEL:
        a, b = kb.gpu(fast), kb.gpu(slow)
        if model == "large":
            ratio = performance.large_model_training(a).score / performance.large_model_training(b).score
        elif model == "score":
            ratio = score(a, "train16").score / score(b, "train16").score
        else:
            ratio = hw.matmul_tflops(a, "fp16_acc32").value / hw.matmul_tflops(b, "fp16_acc32").value
        out.append(Row(f"large-model train ({model})", label, ratio, measured))
    return out
