"""A training or fine-tuning job on rented GPUs: how many cards the method needs, how long it runs,
and which GPU does it cheapest when none is named ("cost to fine-tune llama 3 8b on runpod").

Contract: `cards_needed` is the fewest GPUs of one kind on which the method fits (full fine-tuning:
ZeRO-3 / FSDP shards weights, gradients and optimizer states; LoRA / QLoRA: the frozen weights split
by layer), with gradient checkpointing on and AdamW in mixed precision (§mem.train); None beyond
MAX_CARDS. `job_tokens` is the data of the job: the tokens asked, else samples x their length (stated, else
`sample_length`: ENCODER_SAMPLE_TOKENS for an encoder, SAMPLE_TOKENS otherwise, shown), else DEFAULT_JOB_TOKENS;
epochs multiply it. `run` is the time on n
cards (`models.training_job.job_run`, with the data-parallel scaling of models/scaling.py: n cards give less than
n times one). `cheapest_jobs` prices
the job on every GPU with a cloud rate (at the provider named): cards needed x hours x the cheapest
on-demand rate, cheapest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.models import cost, memory, train_memory
from assistant.models.training_job import job_run
from assistant.specs import CloudRate, GpuSpec, ModelSpec

DEFAULT_JOB_TOKENS = 100e6  # one pass over 100 M tokens: a mid-sized fine-tuning set, shown as an assumption
SAMPLE_TOKENS = 500  # tokens per fine-tuning sample (prompt + answer) when only a sample count is given [A]
# an encoder (BERT and its kin) fine-tuned on sentences or short texts: each padded to 128 tokens, the max_seq_length
# default of Hugging Face's text-classification example (run_glue.py) [A]
ENCODER_SAMPLE_TOKENS = 128
CHINCHILLA_TOKENS_PER_PARAM = 20.0  # compute-optimal pretraining (Hoffmann et al. 2022, source chinchilla-2022)
MAX_CARDS = 64  # one job's cards: beyond this the answer says the method does not fit [A]
FLOPS_PER_PARAM_TOKEN = {"full_finetune": 6.0, "lora": 4.0, "qlora": 4.0}
_METHODS = {"full_finetune": "full", "lora": "lora", "qlora": "qlora"}


def cards_needed(
    model: ModelSpec, method: str, gpu: GpuSpec, estimates: dict | None = None
) -> tuple[int | None, float]:
    """(fewest cards, GB the method needs on one card) for `method` on `gpu`. `estimates`: the training estimates
    already made for the same model (per method and card count; they do not depend on the card), kept by a caller
    that asks for several cards."""
    kind = _METHODS.get(method, "full")
    made = {} if estimates is None else estimates

    def estimate(n: int):
        if (model, kind, n) not in made:
            made[(model, kind, n)] = (
                train_memory.training_memory(model, kind, checkpointing=True)
                if n == 1
                else train_memory.training_memory(model, kind, checkpointing=True, n_gpus=n, zero_stage=3)
            )
        return made[(model, kind, n)]

    one = estimate(1)
    if not gpu.memory_gb:
        return None, one.total_gb
    for n in range(1, MAX_CARDS + 1):
        if memory.fits(estimate(n), gpu.memory_gb):
            return n, one.total_gb
    return None, one.total_gb


def sample_length(model: ModelSpec | None) -> int:
    """Tokens of one sample when only their count is said: a classifier's padded text for an encoder, else a chat
    sample's prompt and answer."""
    return ENCODER_SAMPLE_TOKENS if model is not None and model.kind == "encoder" else SAMPLE_TOKENS


def job_tokens(
    tokens: float | None,
    samples: float | None,
    epochs: float | None,
    sample_tokens: float | None = None,
    model: ModelSpec | None = None,
) -> float:
    base = tokens or (samples * (sample_tokens or sample_length(model)) if samples else DEFAULT_JOB_TOKENS)
    return base * (epochs or 1.0)


@dataclass(frozen=True)
class Job:
    """A training job on n cards: its wall-clock hours, GPU-hours and compute."""

    gpu: GpuSpec
    n: int
    hours: float  # wall-clock on n cards
    gpu_hours: float
    flops: float
    rate: CloudRate  # the cheapest offer used
    cost_usd: float


def run(model: ModelSpec, method: str, tokens: float, gpu: GpuSpec, n: int) -> cost.TrainingRun:
    params = model.active_params_b or model.params_b
    return job_run(gpu, n, params, tokens, FLOPS_PER_PARAM_TOKEN.get(method, 6.0))


def cheapest_jobs(model: ModelSpec, method: str, tokens: float, rates: list, gpu_of) -> list[Job]:
    """The job on each GPU with a rate in `rates` (cheapest offer per GPU), cheapest job first.
    `gpu_of(name)` -> GpuSpec | None."""
    best: dict[str, CloudRate] = {}
    for r in sorted(rates, key=lambda r: r.on_demand_usd_per_gpu_hour):
        best.setdefault(r.gpu, r)
    jobs = []
    estimates: dict = {}  # the model's training estimates per card count, the same for every card
    for name, rate in best.items():
        gpu = gpu_of(name)
        if gpu is None or gpu.vendor != "NVIDIA" or not gpu.memory_gb:
            continue
        n, _ = cards_needed(model, method, gpu, estimates)
        if n is None or n > 8:
            continue  # more than one node: not a single rental
        done = run(model, method, tokens, gpu, n)
        jobs.append(
            Job(gpu, n, done.hours, done.gpu_hours, done.flops, rate, done.gpu_hours * rate.on_demand_usd_per_gpu_hour)
        )
    return sorted(jobs, key=lambda j: j.cost_usd)
