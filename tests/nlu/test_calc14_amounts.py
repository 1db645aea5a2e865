"""Quantities with units read from a question's text (nlu/amounts.py) and the unit a figure is asked in
(respond/asked_unit.py): calc's own phrasings, EN and ZH (session 14)."""

from __future__ import annotations

import pytest

from assistant.nlu.amount_asks import period_asked, unexplained
from assistant.nlu.amounts import amounts
from assistant.respond.asked_unit import Unit, asked, gives


def _read(text: str) -> list[tuple]:
    return [(round(a.value, 2), a.unit, a.per, a.role) for a in amounts(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "one epoch takes 3h20m, pulls 610w, $0.23/kwh",
            [(3.33, "h", (), "span"), (610, "W", (), ""), (0.23, "money", ("kWh",), "")],
        ),
        (
            "8x l40s at $0.86/gpu-hr for 2.5 days straight",
            [
                (8, "gpu", (), ""),
                (0.86, "money", ("gpu", "h"), ""),
                (60, "h", (), "span"),
                (24, "h", ("day",), "continuous"),
            ],
        ),
        ("$0.15/gb/month and i keep 200gb", [(0.15, "money", ("GB", "month"), ""), (200, "GB", (), "")]),
        (
            "4x a100 for 10 hours at $1.29 each",
            [(4, "gpu", (), ""), (10, "h", (), "span"), (1.29, "money", ("gpu",), "each")],
        ),
        ("周末用 每周两天 每天10小时", [(2, "day", ("week",), ""), (2, "day", ("week",), ""), (10, "h", ("day",), "")]),
        ("每卡每小时6元 跑了两天半", [(6, "money", ("gpu", "h"), ""), (60, "h", (), "span")]),
        (
            "电费0.6一度 主机满载700w 一天开10小时",
            [(0.6, "money", ("kWh",), ""), (700, "W", (), ""), (10, "h", ("day",), "")],
        ),
        ("一周跑40小时", [(40, "h", ("week",), "")]),
        ("running 9am-5pm mon-fri", [(8, "h", ("day",), ""), (5, "day", ("week",), "")]),
        ("晚上11点到早上7点跑", [(8, "h", ("day",), "")]),
        ("power is 28c/kwh", [(0.28, "money", ("kWh",), "")]),
        ("i power limit my 3090 to 280w", [(280, "W", (), "limit")]),
        ("4090一个月多少钱", []),  # a card and a month, no price
        ("周六周日各12小时", [(2, "day", ("week",), ""), (12, "h", (), "span")]),  # weekday names are no numbers
    ],
)
def test_quantities_with_their_units(text, expected):
    assert _read(text) == expected


def test_the_period_asked_is_read_after_rates_and_schedules():
    assert period_asked("runs 7 hours a day, how many kwh a month") == "month"
    assert period_asked("$0.15/gb/month storage, total for 100 hours") is None
    assert period_asked("4090一小时电费多少") == "hour"


def test_a_number_no_quantity_reads_is_left_unexplained():
    assert unexplained("h100 at 2.99 an hour, 3 runs of 14 hours") == []  # runs are read
    assert unexplained("2 a100s at $1.10/gpu/hr for 8 hours") == []
    assert unexplained("about 37 people use it, $2/hr for 10 hours") == ["37"]


@pytest.mark.parametrize(
    "text, unit",
    [
        ("how many kwh does it take to generate 1000 sdxl images on a 4070 super", Unit("kWh", None, 1000.0)),
        ("how many hours of audio per hour of compute on a 3060", Unit("audio_hours", "hour")),
        ("after how many weeks does buying pay off", Unit("weeks")),
        ("4060ti跑sdxl 一小时能出几张", Unit("images", "hour")),
        ("租卡部署qwen3 235b 要几张h20", Unit("cards")),
        ("what does each epoch cost me", Unit("money", "job")),
    ],
)
def test_the_unit_asked_and_what_for(text, unit):
    assert asked(text) == unit


def test_a_figure_for_another_thing_is_not_the_one_asked():
    kwh_for_images = asked("how many kwh to generate 1000 sdxl images on a 4070 super")
    assert kwh_for_images is not None
    assert not gives(kwh_for_images, "Running it costs about $51 a year. That is about 289 kWh a year.")
    assert gives(kwh_for_images, "1,000 images take about 1.7 h on it: about 0.4 kWh.")
    per_hour = asked("how many sdxl images per hour on a 3090")
    assert per_hour is not None
    assert not gives(per_hour, "RTX 3090: $0.22 per GPU-hour at RunPod.")
    assert gives(per_hour, "About 590 images an hour on the RTX 3090.")
