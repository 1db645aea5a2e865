"""No answer repeats or contradicts itself (scripts/answer_defects.py): over a fixed set of questions whose answers once
did (a note of one card twice, the same catch from two verdicts, two prices for the RTX 4090 in yuan, two unlabelled
tables of one recommendation on new and used prices, "Not used: 8gb" beside a table headed "8 GB", a "why?" that
repeated its lead as a step), the count of defects stays zero; and the checker finds each kind it is built for."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from assistant.answer import Answer, Table
from assistant.session import open_session

_PATH = Path(__file__).resolve().parents[2] / "scripts" / "answer_defects.py"
_SPEC = importlib.util.spec_from_file_location("answer_defects", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
defects_module = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(defects_module)

# one-shot questions, and conversations (a list: asked in order, every answer checked)
RUNS = [
    ["8 x H100 vs 1 x H100"],
    ["can two 3060s act like one 24gb card"],
    ["gtx 1080 ti 11gb for $150, is pascal still usable for local llms"],
    ["1080ti 11g 两百块 还能跑本地大模型吗"],
    ["p40 24g二手五六百块，跑llm还能用吗"],
    ["京东5090d一万六 值得冲吗 主要跑本地大模型"],
    ["4090d和4090到底差多少 训练会慢多少"],
    ["4090值得买吗，跑大模型"],
    ["i have $400, want to mess with local ai, new or used?"],
    ["预算3000 买新卡还是二手"],
    ["can a 4060 laptop 8gb run flux dev at all? how long per image"],
    ["can i train a small yolo model on my laptop's gtx 1650 or is it gonna crawl"],
    ["4060ti 8g和16g跑ai差别大吗 差价四五百值得吗"],
    ["二手3090现在多少钱", "两张能跑什么模型", "为啥不直接买一张4090"],
    ["best gpu for local llms under $1000", "why"],
    ["will a 3090 fit in my nzxt h510"],
]


@pytest.fixture(scope="module")
def session():
    return open_session("sqlite://", echo_warnings=False)


@pytest.mark.parametrize("questions", RUNS, ids=[" / ".join(r)[:60] for r in RUNS])
def test_the_answers_say_each_thing_once_and_one_price_per_card(session, questions):
    names = defects_module.card_names(session.reader)
    conversation = session.conversation()
    for q in questions:
        found = defects_module.defects(conversation.ask(q), names)
        assert found == [], (q, found)


def _answer(**kw) -> Answer:
    return Answer(question="q", intent="compare", headline=kw.pop("headline", "An answer."), **kw)


NAMES = ["RTX 4090 D", "RTX 4090", "RTX 3090"]


def test_the_checker_finds_a_step_said_twice_and_a_table_twice():
    step = "CUDA 13.0 (2025) dropped Pascal: fine for llama.cpp inference, a dead end for new training code."
    table = Table(headers=["", "RTX 3090"], rows=[["price", "$700 (used, 2026-04)"]])
    kinds = {k for k, _ in defects_module.defects(_answer(steps=[step, step], tables=[table, table]), NAMES)}
    assert {"repeat_line", "repeat_table"} <= kinds


def test_the_checker_finds_two_prices_of_one_card_but_not_new_against_used():
    two = _answer(
        tables=[Table(headers=["", "RTX 4090"], rows=[["价格", "¥20,180（新/二手均价，2026-08-13）"]])],
        steps=["国内电商上的 RTX 4090（¥22,559，2025-02）走的是非官方渠道。"],
    )
    assert [k for k, _ in defects_module.defects(two, NAMES)] == ["two_prices"]
    labelled = _answer(headline="Street prices: RTX 4090 $2,500 new / $1,910 used.")
    assert defects_module.defects(labelled, NAMES) == []
    eight = _answer(headline="8 x RTX 4090 $20,000 in all; one RTX 4090 ($2,500 new).")
    assert defects_module.defects(eight, NAMES) == []


def test_the_checker_finds_a_number_said_unused_that_a_header_shows():
    answer = _answer(
        tables=[Table(headers=["precision", "fits on 1 x 8 GB"], rows=[["fp8", "no"]])],
        notes=['Not used: "8gb" — no part of this answer works with it.'],
    )
    assert [k for k, _ in defects_module.defects(answer, NAMES)] == ["not_used_shown"]
