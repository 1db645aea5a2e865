"""Cost settings users state (docs/model.md §cost.idle, §cost.resale): hours of load against hours idle, and selling
the card after the years owned. The retention constant is recomputed from the knowledge base's used prices."""

from __future__ import annotations

import statistics

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.models import constants as C
from assistant.models import cost
from assistant.queries import CostQuery, GpuRef
from assistant.respond import cost as cost_answer
from assistant.respond.env import Env


def test_retention_constant_is_the_median_of_the_kb_used_prices(kb):
    ratios = []
    for gpu in kb.all_gpus():
        found = cost.used_retention(kb.prices_for(gpu.name, "2023-01"), kb.prices_for(gpu.name, "current"))
        if found is not None:
            ratios.append(found)
    assert len(ratios) >= 10
    assert statistics.median(ratios) == pytest.approx(C.USED_RETENTION_PER_YEAR, abs=0.01)


def test_load_and_idle_bills_load_at_board_power_and_the_rest_at_idle():
    split = cost.load_and_idle(355, 28, 28, 168, 0.30)
    assert split.load_usd == pytest.approx(355 / 1000 * 28 / 168 * 8760 * 0.30)
    assert split.idle_usd == pytest.approx(28 / 1000 * 140 / 168 * 8760 * 0.30)
    assert split.idle_hours_per_week == 140
    # powered hours below the load hours: no idle time, and never more than a week
    assert cost.load_and_idle(300, 20, 40, 30, 0.2).idle_usd == 0
    assert cost.load_and_idle(300, 20, 200, 500, 0.2).load_hours_per_week == 168


def test_net_per_month_subtracts_the_resale():
    resale = cost.resale_usd(1000, 2)
    assert resale == pytest.approx(1000 * C.USED_RETENTION_PER_YEAR**2)
    assert cost.net_per_month(1000, resale, 240, 2) == pytest.approx((1000 - resale + 240) / 24)
    assert cost.resale_usd(1000, 2, per_year=1.4) == 1000  # a share above one is capped: a card never gains


def _answer(kb, lang="en", currency="USD", **fields):
    env = Env(kb, Assumptions(currency=currency), Context(), lang=lang)
    return cost_answer.respond(CostQuery(text="q", **fields), env)


def test_idle_hours_lower_the_bill_of_a_card_on_all_week(kb):
    card = (GpuRef(mention="7900 xtx", name="Radeon RX 7900 XTX"),)
    always = _answer(kb, gpus=card, kind="running", hours_per_week=168)
    mixed = _answer(kb, gpus=card, kind="running", hours_per_week=28, powered_hours_per_week=168)
    assert mixed.figures["electricity_idle_usd_per_year"] > 0
    assert mixed.figures["idle_w"] == 28  # measured, knowledge/idle_power.csv
    assert mixed.figures["electricity_usd_per_year"] < always.figures["electricity_usd_per_year"] / 3
    assert "idle" in mixed.headline and "28 hours of load" in mixed.headline


def test_an_unmeasured_card_idles_at_the_highest_measured_draw_and_says_so(kb):
    card = (GpuRef(mention="4080", name="GeForce RTX 4080"),)
    found = _answer(kb, gpus=card, kind="running", hours_per_week=14, powered_hours_per_week=70)
    assert found.figures["idle_w"] == 28
    assert any("no measurement" in s for s in found.steps)


def test_selling_after_two_years_lowers_the_monthly_cost(kb):
    card = (GpuRef(mention="3090", name="GeForce RTX 3090"),)
    kept = _answer(kb, "zh", "CNY", gpus=card, kind="tco", years=2.0, period="month")
    sold = _answer(kb, "zh", "CNY", gpus=card, kind="tco", years=2.0, period="month", resale=True)
    assert sold.figures["net_usd_per_month"] < kept.figures["tco_usd_per_period"]
    paid, resale = sold.figures["purchase_usd"], sold.figures["resale_usd"]
    assert resale == pytest.approx(paid * C.USED_RETENTION_PER_YEAR**2, rel=0.01)
    assert "卖掉" in sold.headline
    assert sold.figures["own_retention_per_year"] > 0.95  # the 3090 held its used price: said beside the median


def test_a_stated_resale_price_is_used_as_given(kb):
    card = (GpuRef(mention="4090", name="GeForce RTX 4090"),)
    sold = _answer(kb, gpus=card, kind="tco", years=3.0, resale_usd=1200.0)
    assert sold.figures["resale_usd"] == 1200.0
    assert sold.figures["retention_per_year"] is None
