"""The stated-numbers audit (scripts/number_audit.py): the roles it reads from a question's own words, and how it
sorts a number into carried / misplaced / declined / shown / dropped."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from assistant.queries import CostQuery, FitQuery, GpuRef, Setting

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "number_audit.py"
_spec = importlib.util.spec_from_file_location("number_audit", _SCRIPT)
assert _spec and _spec.loader
audit = importlib.util.module_from_spec(_spec)
sys.modules["number_audit"] = audit  # its dataclass looks its module up
_spec.loader.exec_module(audit)


def roles(question: str, skip=()) -> list[tuple[float, str]]:
    """The numbers with a role (card and CPU model numbers, which the product's tagger names, have none here)."""
    return [(m.value, m.role) for m in audit.mentions(question, list(skip)) if m.role != "number"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "bought a 5090 for $2,400 instead of renting at $0.89/hr. i use it ~5h a day",
            [(2400, "money"), (0.89, "rate_hour"), (5, "hours_day")],
        ),
        ("四张魔改2080ti 22g跑70b", [(4, "count"), (22, "gb")]),
        ("公司想上一台8卡4090服务器 电价1块一度", [(8, "count"), (1, "rate_kwh")]),
        ("ryzen 7 7700 + ddr5-6000 dual channel", [(6000, "ram_speed")]),
        ("~10 staff chatting with a 32b model", [(10, "users")]),
        ("both power limited to 300w", [(300, "watts")]),
        ("autodl和恒源云的4090哪家便宜 每个月大概用100小时", [(100, "hours_month")]),
        ("my 3090 runs 24/7 at $0.12/kwh", [(168, "full_time"), (0.12, "rate_kwh")]),
        ("预算2万5 想配双卡", [(25000, "money"), (2, "count")]),
        ("queued 1500 sdxl images at 30 steps", [(1500, "images"), (30, "steps")]),
        ("gemma 3 27b qat q4 with 16k context", [(4, "quant"), (16000, "context")]),
        ("电费一度6毛", [(0.6, "rate_kwh")]),
    ],
)
def test_roles_from_the_words_beside_a_number(question, expected):
    assert roles(question) == [(pytest.approx(v), r) for v, r in expected]


def test_names_hold_no_stated_number():
    q = "can a 4090 run llama 3.1 8b"
    assert audit.mentions(q, [(q.index("4090"), q.index("4090") + 4), (q.index("llama"), len(q))]) == []
    assert roles("does pcie 3.0 x16 bottleneck it") == []  # a version and a lane count
    assert roles("nvlink对第二张卡") == []  # an ordinal


def test_a_count_carried_in_the_cards_count():
    query = FitQuery(text="", model=None, gpus=(GpuRef(mention="2080ti", name="x", count=4),))
    (m,) = audit.mentions("四张2080ti", [(2, 8)])
    assert audit.status(m, audit.query_numbers(query), "") == "carried"
    one = FitQuery(text="", model=None, gpus=(GpuRef(mention="2080ti", name="x"),))
    assert audit.status(m, audit.query_numbers(one), "一块 rtx 2080 ti 只有 22 gb") == "dropped"


def test_a_number_in_another_roles_field_is_misplaced():
    query = FitQuery(text="", model=None, gpus=(GpuRef(mention="a100", name="x", count=500),))
    (m,) = audit.mentions("uni gives me 500 a100 hours per semester")[:1]
    assert m.role == "gpu_hours"
    assert audit.status(m, audit.query_numbers(query), "") == "misplaced"


def test_hours_a_day_carried_as_hours_a_week_and_a_setting_by_its_key():
    query = CostQuery(text="", hours_per_week=35.0, settings=(Setting("electricity_usd_per_kwh", 0.3),))
    found = audit.mentions("5h a day at $0.30/kwh")
    numbers = audit.query_numbers(query)
    assert (".settings.electricity_usd_per_kwh", 0.3) in numbers
    assert [audit.status(m, numbers, "") for m in found] == ["carried", "carried"]


def test_shown_declined_and_small_numbers_need_a_unit():
    (m,) = audit.mentions("~10 staff chatting")
    assert audit.status(m, [], "fits 10 users at 8k context") == "shown"
    assert audit.status(m, [], "10 answers later") == "dropped"  # "10" alone is no user count
    assert audit.status(m, [], "you said 10 users: this answer does not weigh that.") == "declined"
    (rate,) = audit.mentions("renting at $0.89/hr")
    assert audit.status(rate, [], "at your rate, $0.89 per hour, ...") == "shown"
