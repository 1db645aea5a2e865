"""Snapshot tests: how the chat looks at 80x24 and 120x40 (SVGs under __snapshots__/; update with
`scripts/test tests/tui/test_snapshots.py -n 0 --snapshot-update` after checking the new
pictures). The app runs on the fake conversation, so the pictures change only when the UI does."""

from __future__ import annotations

import pytest
from conftest import ask, settle
from textual.widgets import Input

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def _steady(pilot) -> None:
    for box in pilot.app.query(Input):
        box.cursor_blink = False  # a blinking cursor would flip between runs


def _asking(*questions: str, keys: tuple[str, ...] = ()):
    async def run_before(pilot) -> None:
        _steady(pilot)
        for question in questions:
            await ask(pilot, question)
        if keys:
            await pilot.press(*keys)
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_main_screen(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=_asking())


@pytest.mark.parametrize("size", SIZES)
def test_answer_with_table(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=_asking("why 4070 Ti over 4080?"))


@pytest.mark.parametrize("size", SIZES)
def test_wide_table_keeps_numbers_whole(snap_compare, app, size):
    """Four GPUs: at 80 columns the right-hand columns are dropped (and named), never folded."""
    assert snap_compare(app, terminal_size=size, run_before=_asking("compare the 4090, 4080, 3090 and 7900 xtx"))


@pytest.mark.parametrize("size", SIZES)
def test_chinese_answer_keeps_cjk_columns_aligned(snap_compare, app, size):
    """CJK characters are two cells wide: the table's columns must still line up."""
    assert snap_compare(app, terminal_size=size, run_before=_asking("4070 Ti 和 4080 哪个性价比高？"))


@pytest.mark.parametrize("size", SIZES)
def test_chinese_prices_with_dates_wrap_between_characters(snap_compare, app, size):
    """Price cells without spaces ("¥7,500（二手，2026-08-13）") wrap at a CJK boundary, the date whole."""
    assert snap_compare(app, terminal_size=size, run_before=_asking("4090和3090哪个适合炼丹"))


@pytest.mark.parametrize("size", SIZES)
def test_help_screen(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=_asking(keys=("f1",)))


def test_panel_opened_on_a_narrow_terminal(snap_compare, app):
    assert snap_compare(
        app, terminal_size=(80, 24), run_before=_asking("why 4070 Ti over 4080?", keys=("f2", "shift+tab", "shift+tab"))
    )  # on the lists: no text cursor to blink


def test_bar_chart_answer(snap_compare, app):
    assert snap_compare(app, terminal_size=(80, 24), run_before=_asking("best GPU for training under $1500"))


def test_rent_vs_buy_cost_chart(snap_compare, app):
    assert snap_compare(app, terminal_size=(80, 24), run_before=_asking("should I rent or buy a 4090?"))
