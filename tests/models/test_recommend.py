"""Recommendation: the decision chart as one path, and the value ranking with the 2023-01 prices.

Headline findings (docs/model.md §findings), 2023-01 snapshot, street prices, 5-year cost: the
RTX 3080 Ti leads 16-bit training value with the RTX 3080 a close second (Dettmers: 3080 first);
Dettmers' "RTX 4070 Ti best inference value" is NOT reproduced (the 4070 Ti's 504 GB/s makes it a
slow inference card unless its 48 MB L2 is credited, which the calibration cannot support). The
tests assert what is true, so a change of data or model that changes the answer shows up here.
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
    # Dettmers: RTX 3080 best. The ranking uses measured-like training throughput: a card under
    # 24 GB trains at the smaller batch it holds (the calibrated batch factor; the RTX 3080's
    # Lambda row, 0.70, includes it). Then the 24 GB RTX 3090 leads, the 3080 Ti is second within
    # 10 %, and the 10 GB RTX 3080 is sixth. The RTX 4090 (1.26x a 3090 without the uncalibrated
    # L2 cut) does not earn back its ~1.7x price.
    rows = _rank(market, "train16").rows
    names = [r.gpu for r in rows]
    assert names[:2] == ["GeForce RTX 3090", "GeForce RTX 3080 Ti"]
    assert rows[1].value_per_tco > 0.9 * rows[0].value_per_tco
    assert names.index("GeForce RTX 3080") >= 3
    assert names.index("GeForce RTX 4090") > names.index("GeForce RTX 3090")


def test_16bit_training_value_at_equal_batch_is_near_the_reference(market):
    # The reference compares GPUs at equal batch (its debiasing rule, BRIEF §1). Scored that way
    # the RTX 3080 Ti and RTX 3080 (~900 GB/s for $650-830 street) lead within 10 %: close to
    # Dettmers' "RTX 3080"; the difference to the ranking above is the 10 GB batch limit.
    from assistant.models import performance

    def equal(gpu, workload, n):
        return performance.relative_performance(gpu, workload, n_gpus=n, batch_policy="none")

    rows = _rank(market, "train16", score=equal).rows
    names = [r.gpu for r in rows]
    assert names[:2] == ["GeForce RTX 3080 Ti", "GeForce RTX 3080"]
    assert rows[1].value_per_tco > 0.9 * rows[0].value_per_tco


@pytest.mark.parametrize("workload", ["infer16", "infer8"])
def test_inference_value_headline(market, workload):
    # Dettmers: RTX 4070 Ti best. Model: inference is memory-bound (compute share 0.15), the 4070 Ti
    # has 504 GB/s (0.54x a 3090) and FP8 only helps the compute share, so it ranks far down; the
    # 3080 Ti (912 GB/s) leads, and the RTX 4080 (717 GB/s) is ahead of the 4070 Ti.
    rows = _rank(market, workload).rows
    names = [r.gpu for r in rows]
    assert names[0] == "GeForce RTX 3080 Ti"
    assert names.index("GeForce RTX 4070 Ti") >= 10
    assert names.index("GeForce RTX 4080") < names.index("GeForce RTX 4070 Ti")


def test_4070ti_headline_not_rescued_by_full_l2(market, monkeypatch):
    # Even with the [R] L2 claim at the old full strength (30 % cut at 72 MB) the 4070 Ti is not the
    # inference value leader: the gap is not only the L2 decision (docs/model.md §findings).
    from assistant.models import constants as C

    monkeypatch.setattr(C, "L2_MAX_TRAFFIC_CUT", 0.30)
    names = [r.gpu for r in _rank(market, "infer16").rows]
    assert names.index("GeForce RTX 4070 Ti") >= 3


def test_4070ti_vs_4080_both_value_measures(market):
    gpus, quotes = market
    rows = {
        r.gpu: r
        for r in recommend.rank(
            [g for g in gpus if g.name in ("GeForce RTX 4070 Ti", "GeForce RTX 4080")], "infer16", quotes
        ).rows
    }
    ti, x80 = rows["GeForce RTX 4070 Ti"], rows["GeForce RTX 4080"]
    # per purchase dollar the 4070 Ti is slightly ahead (score 0.58 for $865 vs 0.82 for $1,257) ...
    assert 1.0 < ti.value_per_purchase / x80.value_per_purchase < 1.08
    # ... per 5-year cost the faster 4080 wins by over 10 %: the shared $700 desktop base and its
    # lower watts per unit of speed favour it (the seed reads the chart the other way round)
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
