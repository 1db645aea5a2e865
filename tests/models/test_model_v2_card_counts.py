"""The fewest cards a memory answer offers ("it would fit on N") is the count whose own estimate on N cards fits.

For every LLM of the knowledge base, every fine-tuning method and layout (the method's usual one: ZeRO-3 for full
fine-tuning, a layer split for (Q)LoRA; and ZeRO-3 named), several set-ups and card sizes, and for inference at
three precisions: `memory.fit(one card).min_gpus` equals the first n whose n-card estimate fits (docs/model.md
§mem.train). A count of 0 ("more cards barely help") is allowed only where no count up to 64 fits or what every
card holds is at least what divides.
"""

from __future__ import annotations

import functools

import pytest

from assistant.models import memory, train_memory

SETUPS = (
    dict(checkpointing=True),
    dict(checkpointing=False, seq=4096),
    dict(checkpointing=True, zero_stage=3),
    dict(checkpointing=True, loss="fused", batch=4),
    dict(checkpointing=True, seq=32768),
)
CARDS_GB = (8, 12, 16, 24, 48, 80)


def _direct(estimate_at, avail: float) -> int:
    return next((n for n in range(1, 65) if memory.fit(estimate_at(n), avail, n).fits), 0)


def _per_count(estimate_at):
    """`estimate_at`, each card count estimated once: the same estimates are searched for every card size."""
    return functools.cache(estimate_at)


def _llms(kb):
    return [m for m in kb.models if m.kind == "llm"]


@pytest.mark.long
@pytest.mark.parametrize("method", ["full", "lora", "qlora"])
def test_fine_tuning_count_is_a_direct_fit(kb, method):
    checked = 0
    for model in _llms(kb):
        for kw in SETUPS:
            one = train_memory.training_memory(model, method, **kw)
            at = _per_count(lambda n, m=model, k=kw: train_memory.training_memory(m, method, n_gpus=n, **k))
            for avail in CARDS_GB:
                count = memory.fit(one, avail, 1).min_gpus
                direct = _direct(at, avail)
                if count:
                    assert count == direct, (model.key, method, kw, avail)
                    checked += 1
                else:
                    spread = one.spread
                    assert direct == 0 or spread.each >= spread.divides + spread.last, (model.key, method, kw, avail)
    assert checked > 100


def test_inference_count_is_a_direct_fit(kb):
    for model in _llms(kb):
        for quant in ("fp16", "q8_0", "q4_k_m"):
            one = memory.inference_memory(model, quant)
            for avail in CARDS_GB:
                count = memory.fit(one, avail, 1).min_gpus
                if count:
                    assert count == _direct(lambda n, m=model, q=quant: memory.inference_memory(m, q, n_gpus=n), avail)


def test_layer_split_holds_no_sharding_buffers_and_the_logits_once(kb):
    m = kb.model("llama-3-70b")
    one = train_memory.training_memory(m, "qlora", checkpointing=True)
    three = train_memory.training_memory(m, "qlora", checkpointing=True, n_gpus=3)
    parts1, parts3 = dict(one.components), dict(three.components)
    assert "sharding buffers" not in parts3
    assert parts3["frozen weights"] * 3 == pytest.approx(parts1["frozen weights"])
    assert parts3["logits"] * 3 == pytest.approx(parts1["logits"])  # on the last card, the layers placed around them
    assert parts3["CUDA context"] == parts1["CUDA context"]  # every card


def test_logits_larger_than_a_share_stay_whole_on_the_last_card(kb):
    m = kb.model("llama-3-8b")
    est = train_memory.training_memory(m, "qlora", checkpointing=True, seq=32768, n_gpus=4)
    logits = dict(train_memory.training_memory(m, "qlora", checkpointing=True, seq=32768).components)["logits"]
    assert dict(est.components)["logits"] == pytest.approx(logits)
