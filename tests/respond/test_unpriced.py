"""A card without a price: the reason given, a whole server's price as a reference, and rent-or-buy's ceiling."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.queries import GpuRef, RentOrBuyQuery
from assistant.respond import rent, unpriced
from assistant.respond.env import Env
from assistant.respond.pricing import price_of

ROOT = Path(__file__).resolve().parents[2]


def _env(kb, lang="zh") -> Env:
    return Env(kb, Assumptions(currency="CNY"), Context(), lang=lang)


def test_every_server_price_names_a_known_card_and_source(kb):
    rows = [r for r in csv.DictReader(line for line in (ROOT / "knowledge/servers_cn.csv").open() if line[0] != "#")]
    assert rows
    for row in rows:
        assert kb.gpu(row["gpu"]) is not None, row["gpu"]
        assert row["source"] in kb.sources, row["source"]
        assert int(row["gpus"]) > 1 and float(row["cny"]) > 0


def test_a_banned_china_version_says_so_and_shows_its_server_as_a_whole_servers_price(kb):
    env = _env(kb)
    why, cited = unpriced.reason(kb.gpu("H800 SXM5"), env)
    assert "2023 年 10 月" in why[0]
    assert "¥2,000,000" in why[1] and "¥250,000" in why[1] and "不是单卡价" in why[1]
    assert cited == ["price-cn-reuters-h20-2024"]


def test_a_card_without_a_price_or_server_row_says_no_public_dated_price_was_found(kb):
    why, cited = unpriced.reason(kb.gpu("L20"), _env(kb, "en"))
    assert why == [_env(kb, "en").t("variant.unpriced", gpu="L20")] and cited == []


def test_rent_or_buy_without_a_price_gives_the_most_buying_may_cost(kb):
    env = _env(kb)
    assert price_of("H800 SXM5", env, "new") is None and price_of("H800 SXM5", env, "used") is None
    query = RentOrBuyQuery(text="h800 租还是买 每周40小时", gpus=(GpuRef("h800", "H800 SXM5"),), hours_per_week=40)
    answer = rent.respond(query, env)
    rate = min(r.on_demand_usd_per_gpu_hour for r in kb.cloud_rates("H800 PCIe 80 GB") if r.currency == "CNY")
    power_kw = ((kb.gpu("H800 SXM5").tdp_w or 0) + 100) / 1000
    own = power_kw * env.for_query(query).assumptions.electricity_usd_per_kwh
    hours = 40 * 5 * 365.25 / 7
    assert answer.figures["verdict"] is None
    assert answer.figures["max_buy_usd"] == pytest.approx((rate - own) * hours, rel=1e-3)
    assert "H800 PCIe 80 GB" in answer.headline and "¥250,000" in "\n".join(answer.steps)
