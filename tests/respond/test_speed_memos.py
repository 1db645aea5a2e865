"""Values kept to answer faster are the values computed afresh: the largest LLM / fine-tunable LLM a memory size
holds (the per-model needs are kept per reader) equals the loop over every model, and a set of n copies of one
card scales as n distinct but equal cards (training_scaling scores each card object once)."""

from __future__ import annotations

import dataclasses

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.models import memory, scaling, train_memory
from assistant.respond.env import Env
from assistant.respond.fit import largest_finetunable, largest_llm
from assistant.respond.model_pick import named_largest, release

SIZES = [
    2.0,
    4.0,
    6.0,
    8.0,
    10.0,
    11.5,
    12.0,
    16.0,
    20.0,
    24.0,
    32.0,
    40.0,
    48.0,
    64.0,
    80.0,
    96.0,
    141.0,
    192.0,
    512.0,
]


def _env(kb) -> Env:
    return Env(kb, Assumptions(), Context(), lang="en")


def _largest_llm_afresh(env: Env, memory_gb: float, experts: bool) -> str | None:
    """Every model sized afresh, then the one named of those that fit (model_pick: the newest of the largest's size
    class)."""
    fits = []
    for m in env.reader.models:
        if m.kind != "llm" or (m.experts and not experts):
            continue
        need = memory.inference_memory(m, "q4_k_m", context=4096).total_gb
        if need <= memory_gb:
            fits.append(m)
    best = named_largest(fits, env)
    return best.name if best else None


def test_the_largest_named_is_the_newest_of_its_size_class(kb):
    """48 GB holds Qwen2.5 72B (2024-09) and DeepSeek-R1-Distill-Llama 70B (2025-01), 3 % apart: the newer is named,
    the rule of docs/model.md §mem.largest; a class with one model keeps it."""
    env = _env(kb)
    assert largest_llm(env, 48.0) == "DeepSeek-R1-Distill-Llama 70B"
    yi = next(m for m in env.reader.models if m.key == "yi-1.5-34b")
    assert named_largest([yi], env) is yi
    assert release(yi, env) == "2024-05"


def _largest_finetunable_afresh(env: Env, memory_gb: float, method: str) -> str | None:
    best = None
    for m in env.reader.models:
        if m.kind != "llm" or m.experts or not m.params_b:
            continue
        est = train_memory.training_memory(m, method, seq=2048, checkpointing=True)
        if memory.fit(est, memory_gb, 1).fits and (best is None or m.params_b > best.params_b):
            best = m
    return best.name if best else None


@pytest.mark.parametrize("experts", [False, True])
def test_largest_llm_is_the_loop_over_every_model(kb, experts):
    env = _env(kb)
    assert [largest_llm(env, gb, experts) for gb in SIZES] == [_largest_llm_afresh(env, gb, experts) for gb in SIZES]
    assert len({largest_llm(env, gb, experts) for gb in SIZES}) > 3, "the sizes tell models apart"


@pytest.mark.parametrize("method", ["lora", "qlora"])
def test_largest_finetunable_is_the_loop_over_every_model(kb, method):
    env = _env(kb)
    kept = [largest_finetunable(env, gb, method) for gb in SIZES]
    assert kept == [_largest_finetunable_afresh(env, gb, method) for gb in SIZES]
    assert len(set(kept)) > 3


@pytest.mark.parametrize("name", ["GeForce RTX 3090", "GeForce RTX 4090", "H100 SXM5 80 GB", "A100 PCIe 40 GB"])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 8])
def test_copies_of_one_card_scale_as_distinct_equal_cards(kb, name, n):
    gpu = kb.gpu(name)
    assert gpu is not None, name
    same = scaling.training_scaling([gpu] * n, "train16")
    distinct = scaling.training_scaling([dataclasses.replace(gpu) for _ in range(n)], "train16")
    assert same == distinct


@pytest.mark.parametrize("method", ["lora", "qlora", "full"])
def test_fits_is_the_fit_of_the_estimate(kb, method):
    """memory.fits (the yes / no the rig raters and cloud-job sizing ask) is fit(...).fits on every card count."""
    model = kb.model("llama-3.1-70b")
    assert model is not None
    for n in (1, 2, 4, 8):
        est = train_memory.training_memory(model, method, checkpointing=True, n_gpus=n, zero_stage=3)
        for gb in [*SIZES, 0.0, None]:
            assert memory.fits(est, gb) == memory.fit(est, gb, n).fits


@pytest.mark.parametrize("method", ["full_finetune", "lora", "qlora"])
def test_cards_needed_with_kept_estimates_is_cards_needed_afresh(kb, method):
    """cheapest_jobs keeps the training estimates per card count across cards: each card's count is the one sized
    afresh for it alone."""
    from assistant.respond.job_plan import cards_needed

    names = ["GeForce RTX 3090", "GeForce RTX 4090", "H100 SXM5 80 GB", "A100 PCIe 40 GB", "L4"]
    gpus = [g for g in (kb.gpu(n) for n in names) if g is not None]
    assert len(gpus) >= 4
    for key in ("llama-3.1-70b", "llama-3.1-8b"):
        model = kb.model(key)
        assert model is not None, key
        kept: dict = {}
        assert [cards_needed(model, method, g, kept) for g in gpus] == [cards_needed(model, method, g) for g in gpus]


def test_a_rig_rater_kept_per_set_rates_as_afresh(kb):
    """respond/rig_rating keeps a rater's rating per (card, count): asked again, or for an equal card, it is the
    rating worked out afresh."""
    from assistant.respond.rig_rating import _per_set

    calls = []

    def rate(gpu, n):
        calls.append((gpu.name, n))
        return (gpu.memory_gb or 0) * n

    kept = _per_set(rate)
    gpu = kb.gpu("GeForce RTX 3090")
    assert [kept(gpu, n) for n in (1, 2, 1, 2)] == [rate(gpu, n) for n in (1, 2, 1, 2)]
    assert kept(dataclasses.replace(gpu), 2) == rate(gpu, 2)
    assert calls.count(("GeForce RTX 3090", 1)) == 3  # twice afresh above, once kept
