"""Recommendation: the decision chart as one path, and the value ranking with the 2023-01 prices.

Headline findings (docs/model.md §findings), 2023-01 snapshot, street prices, 5-year cost. With the
L2 term identified on the RTX 4090 and H100 training rows the RTX 4090 leads 16-bit training and
inference value per 5-year dollar (Dettmers: 3080 and 4070 Ti); per purchase dollar the RTX 4070 Ti
leads 8-bit batched inference (FP8 tensor cores, 48 MB L2), Dettmers' inference pick. The tests
assert what is true, so a change of data or model that changes the answer shows up here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.models import recommend
from assistant.specs import PriceQuote

CHART = json.loads((Path(__file__).parent / "data" / "flowchart.json").read_text())


def test_flowchart_person_llm_user_gets_4090_or_used_3090():
    r = recommend.walk_flowchart(CHART, {"organization": False, "train": False, "use_llms": True})
    assert r.answer == "RTX 4090"
    tight = recommend.walk_flowchart(
        CHART, {"organization": False, "train": False, "use_llms": True}, affordable=lambda o: "4090" not in o
    )
    assert tight.answer.startswith("used RTX 3090")


def test_flowchart_asks_next_question_and_falls_through_budget():
    r = recommend.walk_flowchart(CHART, {"organization": False})
    assert r.answer is None and r.next_question == "Do you plan to train models?"
    broke = recommend.walk_flowchart(
        CHART, {"organization": False, "train": True, "transformers": True}, affordable=lambda o: False
    )
    assert broke.answer == "Sorry, do something else."
    org = recommend.walk_flowchart(CHART, {"organization": True, "train_llm_13b": True, "rich": True})
    assert org.answer.startswith("Cloud: Azure")


@pytest.fixture(scope="module")
def market(kb):
    quotes = kb.prices("2023-01")
    return kb.gpus(sorted({q.gpu for q in quotes})), quotes


def _rank(market, workload, **kw):
    gpus, quotes = market
    return recommend.rank(gpus, workload, quotes, vendors=("NVIDIA",), **kw)


def test_ranking_has_choice_runners_up_and_reasons(market):
    r = _rank(market, "train16", memory_need_gb=24, budget_usd=2500)
    assert r.choice is not None and len(r.runners_up) == 3
    assert all(row.memory_gb >= 24 for row in r.rows)
    reasons = dict(r.excluded)
    assert "memory" in reasons["GeForce RTX 3080"]
    assert "over budget" in reasons["H100 SXM5 80 GB"]
    assert any("vendor" in why for why in reasons.values())


def test_16bit_training_value_headline(market):
    # Dettmers: RTX 3080 best. Measured-like ranking (cards under 24 GB train at the smaller batch they
    # hold): the RTX 4090 (1.57x a 3090 with the L2 term) leads per 5-year dollar, the 3090 second;
    # per purchase dollar the 10 GB RTX 3080 is among the best (the $700 base favours fast cards).
    rows = _rank(market, "train16").rows
    names = [r.gpu for r in rows]
    assert names[:2] == ["GeForce RTX 4090", "GeForce RTX 3090"]
    assert 5 <= names.index("GeForce RTX 3080") <= 8


def test_16bit_training_value_at_equal_batch_is_near_the_reference(market):
    # At equal batch (the reference's debiasing rule) the RTX 3080 Ti and RTX 3080 follow the 4090
    # within 5 %: close to Dettmers' "RTX 3080" once the 4090's L2 term is set aside.
    from assistant.models import performance

    def equal(gpu, workload, n):
        return performance.relative_performance(gpu, workload, n_gpus=n, batch_policy="none")

    rows = _rank(market, "train16", score=equal).rows
    names = [r.gpu for r in rows]
    assert names[:3] == ["GeForce RTX 4090", "GeForce RTX 3080 Ti", "GeForce RTX 3080"]
    assert rows[2].value_per_tco > 0.9 * rows[0].value_per_tco


def test_16bit_inference_value_headline(market):
    # Batched 16-bit inference: no 8-bit gain anywhere; the 4070 Ti's 504 GB/s keep it 9th.
    names = [r.gpu for r in _rank(market, "infer16").rows]
    assert names[:2] == ["GeForce RTX 4090", "GeForce RTX 3080 Ti"]
    assert names.index("GeForce RTX 4070 Ti") >= 6


def test_8bit_inference_4070ti_leads_per_purchase_dollar(market):
    # Dettmers: RTX 4070 Ti best 8-bit inference value. FP8 tensor cores (Ada) and half the bytes
    # lift the 40 series: per purchase dollar, among cards with the 12 GB the reference asks for, the
    # 4070 Ti leads (4080 and 4090 within 2 %); per 5-year dollar the $700 base favours the 4090.
    # Ampere cards keep their 16-bit speed.
    rows = _rank(market, "infer8").rows
    names = [r.gpu for r in rows]
    assert names[:3] == ["GeForce RTX 4090", "GeForce RTX 4080", "GeForce RTX 4070 Ti"]
    by_purchase = sorted((r for r in rows if r.memory_gb >= 12), key=lambda r: -r.value_per_purchase)
    assert by_purchase[0].gpu == "GeForce RTX 4070 Ti"
    three = {r.gpu: r for r in rows}["GeForce RTX 3090"]
    assert three.score == pytest.approx({r.gpu: r for r in _rank(market, "infer16").rows}["GeForce RTX 3090"].score)


def test_4070ti_vs_4080_both_value_measures(market):
    gpus, quotes = market
    rows = {
        r.gpu: r
        for r in recommend.rank(
            [g for g in gpus if g.name in ("GeForce RTX 4070 Ti", "GeForce RTX 4080")], "infer8", quotes
        ).rows
    }
    ti, x80 = rows["GeForce RTX 4070 Ti"], rows["GeForce RTX 4080"]
    # 8-bit batched inference: per purchase dollar the 4070 Ti is slightly ahead (1.56 for $865 vs
    # 2.24 for $1,257) ...
    assert 1.0 < ti.value_per_purchase / x80.value_per_purchase < 1.05
    # ... per 5-year cost the faster 4080 wins by over 10 %: the shared $700 desktop base favours it
    assert x80.value_per_tco > 1.1 * ti.value_per_tco
    assert x80.score > ti.score and x80.tco_usd > ti.tco_usd


def test_a_model_too_big_for_one_card_counts_the_fewest_cards_that_hold_it(kb):
    gpus = kb.gpus(["GeForce RTX 3090", "GeForce RTX 4090", "RTX A6000"])
    quotes = [
        PriceQuote(g.name, "t", "used", usd, "2026-01", "test")
        for g, usd in zip(gpus, (800.0, 1800.0, 3500.0), strict=True)
    ]
    ranking = recommend.rank(gpus, "infer16", quotes, memory_need_gb=45.0, condition="used", max_auto_gpus=8)
    rows = {r.gpu: r for r in ranking.rows}
    assert rows["GeForce RTX 3090"].n_gpus == 2 and rows["RTX A6000"].n_gpus == 1
    one = recommend.rank(gpus[:1], "infer16", quotes, condition="used").rows[0]
    # split layer by layer: two cards cost twice as much but are scored like one
    assert rows["GeForce RTX 3090"].score == pytest.approx(one.score)
    assert rows["GeForce RTX 3090"].value_per_purchase == pytest.approx(one.value_per_purchase / 2)
    # without auto counting, the 24 GB cards are excluded
    strict = recommend.rank(gpus, "infer16", quotes, memory_need_gb=45.0, condition="used")
    assert [r.gpu for r in strict.rows] == ["RTX A6000"]
