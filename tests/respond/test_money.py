"""CNY amounts: shown with the dated KB rate or the user's rate; CNY input converted to USD."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.queries import RecommendQuery, Setting
from assistant.query_talk import SetQuery
from assistant.respond import settings
from assistant.respond.env import Env, query_currency
from assistant.respond.pricing import assumption_text, budget_usd

ROOT = Path(__file__).resolve().parents[2]


def _env(kb, lang="en", **assume) -> Env:
    return Env(kb, Assumptions(**assume), Context(), lang=lang)


def test_the_kb_rate_is_dated_and_sourced(kb):
    rows = list(csv.DictReader((ROOT / "knowledge/exchange_rates.csv").open()))
    cny = next(r for r in rows if r["currency"] == "CNY")
    assert 6.0 < float(cny["per_usd"]) < 8.0
    assert kb.exchange_rate("CNY") == (float(cny["per_usd"]), cny["observed"], cny["source"])
    assert cny["source"] in kb.sources and kb.sources[cny["source"]].url.startswith("https://")


def test_usd_by_default_and_yuan_with_the_kb_rate(kb):
    rate = kb.exchange_rate("CNY")[0]
    assert _env(kb).money(1000) == "$1,000"
    assert _env(kb, currency="CNY").money(1000) == f"¥{1000 * rate:,.0f}"
    assert _env(kb, currency="CNY", cny_per_usd=7.0).money(1000, 2) == "¥7,000.00"


def test_the_question_currency_overrides_the_setting_for_one_answer(kb):
    env = _env(kb)
    query = RecommendQuery(text="预算1万元", budget_usd=10000, budget_currency="CNY")
    assert query_currency(query) == "CNY"
    one = env.for_query(query)
    assert one.currency == "CNY" and env.currency == "USD"
    assert budget_usd(query, one) == pytest.approx(10000 / kb.exchange_rate("CNY")[0])


def test_to_usd_uses_the_users_rate_first(kb):
    assert _env(kb, cny_per_usd=8.0).to_usd(800, "CNY") == 100
    assert _env(kb).to_usd(800, None) == 800
    assert _env(kb).to_usd(800, "RMB") == pytest.approx(800 / kb.exchange_rate("CNY")[0])


def test_assumptions_say_which_rate_and_date(kb):
    rate, observed, _ = kb.exchange_rate("CNY")
    zh = assumption_text(_env(kb, "zh", currency="CNY"))
    assert f"1 美元 = {rate:g} 元" in zh and observed in zh
    en = assumption_text(_env(kb, currency="CNY"))
    assert f"CNY at {rate:g} per USD" in en and observed in en
    assert "your rate" in assumption_text(_env(kb, currency="CNY", cny_per_usd=7.2))
    assert "CNY" not in assumption_text(_env(kb))


def test_electricity_in_yuan_is_stored_in_usd_and_switches_to_yuan(kb):
    env = _env(kb, "zh")
    answer = settings.respond(SetQuery(text="电价0.6元一度", settings=(Setting("electricity_cny_per_kwh", 0.6),)), env)
    rate = kb.exchange_rate("CNY")[0]
    assert env.assumptions.electricity_usd_per_kwh == pytest.approx(0.6 / rate)
    assert env.assumptions.currency == "CNY"
    assert "¥0.600/kWh" in answer.headline
    assert answer.figures["electricity_cny_per_kwh"] == 0.6


def test_a_new_rate_keeps_the_yuan_amounts_the_user_set(kb):
    env = _env(kb, "zh")
    settings.respond(SetQuery(text="预算1万元", settings=(Setting("budget_usd", 10000.0, currency="CNY"),)), env)
    settings.respond(SetQuery(text="汇率7.2", settings=(Setting("cny_per_usd", 7.2),)), env)
    assert env.assumptions.budget_usd == pytest.approx(10000 / 7.2)
    assert env.money(env.assumptions.budget_usd) == "¥10,000"


def test_a_rate_out_of_range_is_refused_in_the_question_language(kb):
    answer = settings.respond(SetQuery(text="汇率0", settings=(Setting("cny_per_usd", 0.0),)), _env(kb, "zh"))
    assert answer.clarification and "汇率" in answer.clarification


def test_a_users_rate_keeps_yuan_recorded_amounts_and_converts_dollar_ones(kb):
    kb_rate = kb.exchange_rate("CNY")[0]
    env = _env(kb, currency="CNY", cny_per_usd=7.5)
    recorded = [q for q in kb.prices("current") if q.market == "CN"]
    valued = [q for q in env.reader.prices("current") if q.market == "CN"]
    assert recorded and [q.usd * 7.5 for q in valued] == pytest.approx([q.usd * kb_rate for q in recorded])
    dollars = [q.usd for q in kb.prices("current") if q.market != "CN"]
    assert [q.usd for q in env.reader.prices("current") if q.market != "CN"] == dollars
    yuan = [r for r in env.reader.cloud_rates() if r.currency == "CNY"]
    assert yuan and all(
        env.money_total(r.on_demand_usd_per_gpu_hour) == f"¥{float(r.note.split()[0]):.2f}" for r in yuan
    )
    assert _env(kb).reader is kb and _env(kb, cny_per_usd=kb_rate).reader is kb
