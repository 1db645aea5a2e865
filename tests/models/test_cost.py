"""Cost model: the reference's worked numbers and monotonicity."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.models import cost
from assistant.specs import PriceQuote


def test_rtx4090_electricity_about_100_per_year():
    assert cost.electricity_usd(450, 0.15, 8760, 0.175) == pytest.approx(103.5, abs=1)


def test_2020_buy_vs_rent_breaks_even_near_300_days():
    be = cost.break_even(2200, 2.14, power_w=450, usd_per_kwh=0.12, utilization=0.15)
    assert be.calendar_days == pytest.approx(300, rel=0.05)
    spot = cost.break_even(2200, 0.90, power_w=450, usd_per_kwh=0.12, utilization=0.15)
    assert spot.calendar_days / 30.4 == pytest.approx(24, rel=0.1)  # brief: stated inputs give ~24 months


def test_break_even_never_when_renting_is_cheaper_than_power():
    assert cost.break_even(1000, 0.01, power_w=450, usd_per_kwh=0.5).never


def test_hours_per_week_pattern():
    be = cost.break_even(1700, 0.74, power_w=450, usd_per_kwh=0.175, hours_per_week=10, utilization=None)
    assert be.calendar_days == pytest.approx(be.hours_of_use / (10 / 7))


def test_price_lookup_override_and_average(kb):
    quotes = kb.prices("2023-01")
    p = cost.lookup_price("GeForce RTX 4090", quotes, "new")
    assert p is not None and p.usd > 1000
    o = cost.lookup_price("GeForce RTX 4090", quotes, "new", {("GeForce RTX 4090", "new"): 1234.0})
    assert o.usd == 1234.0 and o.source == "user override"
    assert cost.lookup_price("No Such GPU", quotes) is None


def test_price_average_is_street_prices_not_msrp(kb):
    # Dettmers' chart: average Amazon/eBay price = observed street prices. MSRP rows (notes "MSRP ...")
    # count only when a card has no street quote: the 3080 Ti's $1,199 MSRP is not what it sold for.
    quotes = kb.prices("2023-01")
    ti = cost.lookup_price("GeForce RTX 3080 Ti", quotes)
    assert ti.usd == pytest.approx((849 + (768 + 846) / 2) / 2)
    assert cost.lookup_price("GeForce RTX 3080 Ti", quotes, "new").usd == 849
    assert cost.lookup_price("GeForce RTX 2080 Ti", quotes).usd == pytest.approx((390 + 398) / 2)  # used only
    titan = cost.lookup_price("TITAN RTX", quotes)  # only an MSRP row: used, and labelled
    assert titan.usd == 2499 and titan.source.startswith("list price")
    assert cost.lookup_price("GeForce RTX 2080 Ti", quotes, "new").source.startswith("list price")


def test_training_run_6nd():
    r = cost.training_run(1, 20, 100, mfu=0.5, power_w=300, rent_usd_per_gpu_hour=2.0)
    assert r.flops == pytest.approx(1.2e20)
    assert r.hours == pytest.approx(1.2e20 / 5e13 / 3600)
    assert r.rented_usd == pytest.approx(r.gpu_hours * 2.0)


@settings(max_examples=80, deadline=None)
@given(price=st.floats(0.01, 1.0), extra=st.floats(0, 1.0), watts=st.floats(0, 2000), u=st.floats(0, 1))
def test_higher_electricity_price_is_never_cheaper(price, extra, watts, u):
    lo = cost.tco("x", 1000, watts, usd_per_kwh=price, utilization=u)
    hi = cost.tco("x", 1000, watts, usd_per_kwh=price + extra, utilization=u)
    assert hi.total_usd >= lo.total_usd


def test_platform_by_form_factor():
    from assistant.models import cost as cost_model

    assert cost_model.platform(1) == ("desktop", 700.0) and cost_model.platform(2)[0] == "dual"
    assert cost_model.platform(4)[0] == "quad" and cost_model.platform(8)[0] == "server"
    # one table: the rigs' platforms (knowledge/rigs.toml) and the 5-year cost agree, never cheaper for more GPUs
    from assistant.models import constants as C
    from assistant.models.platforms import platform_for

    assert platform_for(1).usd == C.DESKTOP_BASE_USD
    assert [cost_model.platform(n)[1] for n in range(1, 9)] == [platform_for(n).usd for n in range(1, 9)]
    assert all(cost_model.platform(n)[1] <= cost_model.platform(n + 1)[1] for n in range(1, 16))
    assert cost_model.platform(16)[1] == 2 * cost_model.platform(8)[1]
    four = cost_model.tco("x", 1000, 350, n_gpus=4)
    assert four.base_usd == cost_model.platform(4)[1]
    assert cost_model.tco("x", 1000, 350, n_gpus=4, base_usd=0).base_usd == 0


def _quote(market: str, observed: str, usd: float = 100.0) -> PriceQuote:
    return PriceQuote("Tesla P40", "current", "used", usd, observed, "src", "", market)


def test_a_market_uses_its_own_quotes_when_they_are_current():
    chinese, american = _quote("CN", "2026-03", 120.0), _quote("", "2026-06", 230.0)
    assert cost.for_market([chinese, american], "CN") == [chinese]
    assert cost.for_market([chinese, american], "") == [american]


def test_a_home_quote_over_a_year_older_than_the_other_market_gives_way():
    stale, newer = _quote("CN", "2023-11-19", 100.0), _quote("", "2026-06", 230.0)
    assert cost.for_market([stale, newer], "CN") == [newer]
    assert cost.for_market([stale, newer], "CN", borrow=False) == []
    assert cost.for_market([stale], "CN") == [stale]  # nothing newer: the only quote is used, with its date


def _noted(market: str, observed: str, usd: float, note: str, condition: str = "new") -> PriceQuote:
    return PriceQuote("GeForce RTX 5090 D", "current", condition, usd, observed, "src", note, market)


def test_a_shortage_quote_never_prices_a_card_and_the_list_price_is_used_instead():
    listed = _noted("CN", "2025-01", 2350.0, "MSRP (国行首发价)")
    shortage = _noted("CN", "2025-03-26", 4416.0, "shortage price: 京东 during the supply stop")
    chosen = cost.for_market([listed, shortage], "CN")
    assert chosen == [listed]
    found = cost.lookup_price("GeForce RTX 5090 D", [listed, shortage], "new")
    assert found is not None and found.usd == 2350.0 and found.source.startswith("list price")


def test_within_a_market_a_street_quote_superseded_by_one_over_six_months_newer_is_left_out():
    old, mid, new = (
        _noted("", d, u, "street") for d, u in (("2025-06", 2000.0), ("2026-02", 3750.0), ("2026-08", 4262.0))
    )
    assert cost.for_market([old, mid, new], "") == [mid, new]  # six months apart is still current


def test_a_value_average_draws_on_the_answers_market_when_it_has_a_street_quote():
    cn_used = PriceQuote("GeForce RTX 3090", "current", "used", 1068.0, "2026-08", "cn", "闲鱼", "CN")
    us_new = PriceQuote("GeForce RTX 3090", "current", "new", 1500.0, "2026-06", "us", "street", "")
    quotes = cost.for_market([cn_used, us_new], "CN")
    assert quotes == [cn_used, us_new]  # a yuan answer may still borrow the US new price when asked for new
    mixed = cost.lookup_price("GeForce RTX 3090", quotes, "average")
    one_market = cost.lookup_price("GeForce RTX 3090", quotes, "average", market="CN")
    assert mixed is not None and mixed.usd == (1068.0 + 1500.0) / 2
    assert one_market is not None and (one_market.usd, one_market.condition) == (1068.0, "used")
    assert cost.lookup_price("GeForce RTX 3090", quotes, "new", market="CN").usd == 1500.0
