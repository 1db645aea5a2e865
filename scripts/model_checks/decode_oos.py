"""LLM decode out of sample (never fitted): public llama.cpp runs on GPUs, models and backends the calibration
files do not cover: MoE models fully on one NVIDIA GPU (the per-expert kernel term of §llm.decode is an
assumption, checked here) and Apple silicon on Metal (the model's constants are fitted on CUDA GPUs)."""

from __future__ import annotations

from assistant.models import llm, moe_offload
from model_checks.rows import Row

GEERLING = "geerlingguy/ai-benchmarks README (llama.cpp llama-bench tg128, Metal; 2025-12 to 2026-02)"
# (label, GPU, model key, quant, measured tokens/s, source)
DECODE_OUT_OF_SAMPLE = (
    (
        "RTX 4090, Qwen3 30B-A3B Q4_K_M (MoE)",
        "GeForce RTX 4090",
        "qwen3-30b-a3b",
        "q4_k_m",
        196.0,
        "runaihome.com Qwen3-30B-A3B local AI guide, 2026 ('up to 196 tok/s')",
    ),
    (
        "RTX 3090 Ti, Qwen3 30B-A3B Q4_K_M (MoE)",
        "GeForce RTX 3090 Ti",
        "qwen3-30b-a3b",
        "q4_k_m",
        166.9,
        "smeltcore.com Qwen3-30B-A3B on RTX 3090 Ti recipe, 2026-06 (4k context)",
    ),
    ("M3 Ultra, Llama 3.2 3B Q4_K_M", "Apple M3 Ultra 512 GB", "llama-3.2-3b", "q4_k_m", 154.60, GEERLING),
    ("M3 Ultra, R1 Distill Qwen 14B Q4_K_M", "Apple M3 Ultra 512 GB", "qwen2.5-14b", "q4_k_m", 51.85, GEERLING),
    ("M3 Ultra, gpt-oss-20b (MoE)", "Apple M3 Ultra 512 GB", "gpt-oss-20b", "mxfp4", 115.29, GEERLING),
    ("M3 Ultra, DeepSeek R1 671B (MoE)", "Apple M3 Ultra 512 GB", "deepseek-r1", "q4_k_m", 19.89, GEERLING),
    ("M1 Ultra 64-core, Llama 3.2 3B Q4_K_M", "Apple M1 Ultra 128 GB", "llama-3.2-3b", "q4_k_m", 127.6, GEERLING),
    ("M1 Ultra 64-core, R1 Distill Qwen 14B", "Apple M1 Ultra 128 GB", "qwen2.5-14b", "q4_k_m", 41.51, GEERLING),
    ("M1 Ultra 64-core, gpt-oss-20b (MoE)", "Apple M1 Ultra 128 GB", "gpt-oss-20b", "mxfp4", 100.43, GEERLING),
)


def decode_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public run (128 tokens of context, batch 1); set "decode out of sample"."""
    out = []
    for label, gpu, key, quant, measured, _source in DECODE_OUT_OF_SAMPLE:
        speed = llm.decode_speed(kb.gpu(gpu), kb.model(key), quant, context=128)
        out.append(Row("decode out of sample", label, speed.tokens_per_s, measured))
    return out


# Apple prefill (§llm.prefill on Metal: the FP16 vector rate, no matrix units): the M2 Ultra's core count and clock
# came in 2026-12. llama.cpp's Metal prompt-processing speed-up PR, M2 Ultra 76-core, pp512 (a 2023-09 build, older than
# the 2025-26 builds the model describes): (label, GPU, model key, quant, measured tokens/s, source)
GGML_3084 = "ggml-org/llama.cpp PR 3084 'Metal: PP speedup' (M2 Ultra, LLaMA 7B pp512, 2023-09)"
PREFILL_OUT_OF_SAMPLE = (
    ("M2 Ultra 76-core, LLaMA 7B Q4_0 pp512", "Apple M2 Ultra 192 GB", "llama-2-7b", "q4_0", 1164.0, GGML_3084),
    ("M2 Ultra 76-core, LLaMA 7B F16 pp512", "Apple M2 Ultra 192 GB", "llama-2-7b", "fp16", 1265.3, GGML_3084),
)


def prefill_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public prompt-processing run; set "prefill out of sample"."""
    out = []
    for label, gpu, key, quant, measured, _source in PREFILL_OUT_OF_SAMPLE:
        speed = llm.prefill_speed(kb.gpu(gpu), kb.model(key), quant)
        out.append(Row("prefill out of sample", label, speed.tokens_per_s, measured))
    return out


# MoE expert offload (§llm.moe_offload), public runs with the reporter's --n-cpu-moe: (label, GPU, model key, quant,
# layers in RAM, RAM GB/s (the model's assumption unless the reporter gave his RAM), measured tokens/s, source)
MOE_OFFLOAD_OUT_OF_SAMPLE = (
    (
        "RTX 3090, gpt-oss-120b, 26 layers' experts in RAM",
        "GeForce RTX 3090",
        "gpt-oss-120b",
        "mxfp4",
        26,
        60.0,
        32.3,
        "ai-maestro.online gpt-oss-120b on an RTX 3090, llama-bench tg, 2025",
    ),
    (
        "RTX 3060 Ti class 8 GB, gpt-oss-120b, 36 in RAM",
        "GeForce RTX 3060 Ti",
        "gpt-oss-120b",
        "mxfp4",
        36,
        60.0,
        25.6,
        "r/LocalLLaMA via gokawiil.com, 8 GB GPU + i9-14900K, 2025-08",
    ),
    (
        "RTX 2080 8 GB, Qwen3 30B-A3B, 36 in RAM, 82 GB/s",
        "GeForce RTX 2080",
        "qwen3-30b-a3b",
        "q4_k_m",
        36,
        82.0,
        36.7,
        "llmfit community bench, quad-channel DDR4 (~102 GB/s stated), 2026-07",
    ),
)


def moe_offload_out_of_sample_rows(kb) -> list[Row]:
    """Model vs each public expert-offload run (4k context, batch 1); set "MoE offload out of sample"."""
    out = []
    for label, gpu, key, quant, in_ram, ram_gb_s, measured, _source in MOE_OFFLOAD_OUT_OF_SAMPLE:
        plan = moe_offload.expert_offload(
            kb.gpu(gpu), kb.model(key), quant, context=4096, ram_gb_s=ram_gb_s, layers_in_ram=in_ram
        )
        out.append(Row("MoE offload out of sample", label, plan.tokens_per_s if plan else 0.0, measured))
    return out
