"""Recommendation: the decision chart as one path, and the value ranking with the 2023-01 prices.

Headline findings (docs/model.md §findings): with honest physics and the 2023-01 snapshot the
model does NOT reproduce Dettmers' "RTX 3080 best 16-bit training value" and "RTX 4070 Ti best
inference value" under his 5-year-cost normalization: the RTX 4090 leads. The tests assert what is
true, so a change of data or model that changes the answer shows up here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.models import recommend

CHART = json.loads((Path(__file__).parent / "data" / "flowchart.json").read_text())


def test_flowchart_person_llm_user_gets_4090_or_used_3090():
    r = recommend.walk_flowchart(CHART, {"organization": False, "train": False, "use_llms": True})
    assert r.answer == "RTX 4090"
    tight = recommend.walk_flowchart(CHART, {"organization": False, "train": False, "use_llms": True},
                                     affordable=lambda o: "4090" not in o)
    assert tight.answer.startswith("used RTX 3090")


def test_flowchart_asks_next_question_and_falls_through_budget():
    r = recommend.walk_flowchart(CHART, {"organization": False})
    assert r.answer is None and r.next_question == "Do you plan to train models?"
    broke = recommend.walk_flowchart(CHART, {"organization": False, "train": True, "transformers": True},
                                     affordable=lambda o: False)
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
    # Dettmers: RTX 3080 best. Model: RTX 4090 first; the 3080 is in the leading group (top 4, within 15 %).
    rows = _rank(market, "train16").rows
    names = [r.gpu for r in rows]
    assert names[0] == "GeForce RTX 4090"
    assert "GeForce RTX 3080" in names[:4]
    assert rows[names.index("GeForce RTX 3080")].value_per_tco > 0.85 * rows[0].value_per_tco


@pytest.mark.parametrize("workload", ["infer16", "infer8"])
def test_inference_value_headline(market, workload):
    # Dettmers: RTX 4070 Ti best. Model: 4070 Ti about half an RTX 4090 on every spec, so it cannot
    # beat the 4090 once a desktop base cost is added; the 4090 leads and the 4070 Ti is behind the 4080.
    rows = _rank(market, workload).rows
    names = [r.gpu for r in rows]
    assert names[0] == "GeForce RTX 4090"
    assert names.index("GeForce RTX 4080") < names.index("GeForce RTX 4070 Ti")


def test_4070ti_vs_4080_both_value_measures(market):
    gpus, quotes = market
    rows = {r.gpu: r for r in recommend.rank([g for g in gpus if g.name in ("GeForce RTX 4070 Ti", "GeForce RTX 4080")],
                                              "infer16", quotes).rows}
    ti, x80 = rows["GeForce RTX 4070 Ti"], rows["GeForce RTX 4080"]
    # per purchase dollar the two are tied (within 3 %) ...
    assert ti.value_per_purchase == pytest.approx(x80.value_per_purchase, rel=0.03)
    # ... per 5-year cost the faster 4080 wins: the shared desktop base cost favours the faster card
    assert x80.value_per_tco > 1.1 * ti.value_per_tco
    assert x80.score > ti.score and x80.tco_usd > ti.tco_usd
