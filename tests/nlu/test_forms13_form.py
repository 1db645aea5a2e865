"""The form layer's session-13 readings (nlu/clock.py, nlu/caps.py, form.figure) and the figure audit's promise: a
question whose figure the net checks gets that figure or a first line saying it could not (never a silent other
answer). Phrasings are forms13's own."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.nlu.caps import cap_of
from assistant.nlu.clock import clock_times, done_at, hours_between
from assistant.nlu.lexicon import lexicon


@pytest.mark.parametrize(
    "text, lang, start, by",
    [
        ("starting a lora of llama 3.1 8b at 9pm on a 4090, what time will it be done", "en", 21.0, None),
        ("if i kick off a qlora on a 3090 at 11pm, will it be done by 7am", "en", 23.0, 7.0),
        ("launch at midnight on 2x 4090, done before i wake up at 8?", "en", 0.0, 8.0),
        ("what time will it finish if i start at 10:30pm", "en", 22.5, None),
        ("晚上10点开始用4090微调 早上8点前能跑完吗", "zh", 22.0, 8.0),
        ("早上9点开跑 下班6点前能好吗", "zh", 9.0, 18.0),
        ("下午3点开始跑 几点能跑完", "zh", 15.0, None),
        ("bill came to £95 this month at 0.28/kwh", "en", None, None),
    ],
)
def test_clock_times(text: str, lang: str, start: float | None, by: float | None) -> None:
    assert clock_times(text, lexicon(lang)) == (start, by)


def test_hours_between_and_done_at() -> None:
    assert hours_between(22.0, 8.0) == 10.0
    assert done_at(21.0, 3.5) == (0.5, 1)


@pytest.mark.parametrize(
    "text, lang, value, unit, period",
    [
        ("landlord caps me at 300 kwh a month, will a 3090 blow it", "en", 300.0, "kWh", "month"),
        ("my dorm has an 800w limit per socket", "en", 800.0, "W", None),
        ("宿舍限电800w 4090加13600k会跳闸吗", "zh", 800.0, "W", None),
        ("我家电表每月限额300度 4090一天跑12小时够不够", "zh", 300.0, "kWh", "month"),
        ("ups 1000va够不够带一台3090主机", "zh", 1000.0, "VA", None),
    ],
)
def test_caps(text: str, lang: str, value: float, unit: str, period: str | None) -> None:
    cap = cap_of(text, lexicon(lang))
    assert cap is not None and (cap.value, cap.unit, cap.period) == (value, unit, period)


@pytest.mark.parametrize(
    "text", ["both power limited to 300w on a 1000w psu", "power limit my 3090 to 250w", "3090限功耗到300w"]
)
def test_a_cards_power_limit_is_no_cap(text: str) -> None:
    assert cap_of(text, lexicon("zh" if "限" in text else "en")) is None


def test_a_ups_va_with_its_watts() -> None:
    cap = cap_of("my ups is 1500va / 900w, enough for a 4090 box?", lexicon("en"))
    assert cap is not None and (cap.unit, cap.watts) == ("VA", 900.0)


@pytest.fixture(scope="module")
def session():
    from assistant.session import open_session

    return open_session("sqlite://", echo_warnings=False)


OWN_PHRASINGS = [
    "landlord caps me at 300 kwh a month, will a 3090 at 420w for 14h a day blow it?",
    "宿舍一个插座最多800瓦 两张3060跑训练会不会超",
    "how much of my $150 electricity bill is the 4090 if it games 4h a day",
    "上个月电费500 里面有多少是两张3090跑出来的 0.6一度",
    "kicked off at 8pm, qlora llama 3 8b on a 4070 ti super, 10k samples, what time should i check back",
    "i'll set it off at 11pm, a 4090 rendering my blender scene, what time will it finish",
    "bare minimum to run llama 3.1 70b locally",
    "how many kwh does a 3090 use per day if i game 5h",
    "how many watts does a 4070 draw",
]


def test_audit_has_no_silent_answer_to_another_figure(session) -> None:
    path = Path(__file__).resolve().parents[2] / "scripts" / "figure_audit.py"
    spec = importlib.util.spec_from_file_location("figure_audit", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    counts, rows = module.audit(OWN_PHRASINGS, session)
    assert sum(counts[k] for k in counts if k.endswith(":asked")) == len(OWN_PHRASINGS)
    assert not [r for r in rows if r[0] == "silent"], rows
    assert counts["clock:flagged"] == 1  # the blender render has no speed model: said, not a fit table


@pytest.mark.parametrize(
    "text, hours",
    [
        ("下周五交论文 今天周一 来得及吗", 264.0),
        ("今天周三 周五要交 4090能训完吗", 48.0),
        ("it's monday, paper due friday, in time?", 96.0),
        ("due next tuesday, today is thursday", 120.0),
        ("i train every friday", None),
    ],
)
def test_weekday_deadlines(text: str, hours: float | None) -> None:
    from assistant.nlu.deadline import deadline_hours

    assert deadline_hours(text) == hours
