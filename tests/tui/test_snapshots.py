"""Snapshot tests: how the chat looks (SVGs under __snapshots__/; update with --snapshot-update
after checking the new pictures). The app runs on the fake conversation, so the pictures change
only when the UI does."""

from __future__ import annotations

from conftest import ask, settle


def _steady(pilot) -> None:
    pilot.app.chat.question_input.cursor_blink = False  # a blinking cursor would flip between runs


def _asking(*questions: str):
    async def run_before(pilot) -> None:
        _steady(pilot)
        for question in questions:
            await ask(pilot, question)
        await settle(pilot)

    return run_before


def test_main_screen(snap_compare, app):
    async def run_before(pilot) -> None:
        _steady(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_answer_with_table_and_panel(snap_compare, app):
    assert snap_compare(app, terminal_size=(120, 32), run_before=_asking("why 4070 Ti over 4080?"))


def test_bar_chart_answer(snap_compare, app):
    assert snap_compare(app, terminal_size=(80, 24), run_before=_asking("best GPU for training under $1500"))


def test_rent_vs_buy_cost_chart(snap_compare, app):
    assert snap_compare(app, terminal_size=(100, 30), run_before=_asking("should I rent or buy a 4090?"))


def test_help_screen(snap_compare, app):
    async def run_before(pilot) -> None:
        _steady(pilot)
        await pilot.press("f1")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_chinese_answer_keeps_cjk_columns_aligned(snap_compare, app):
    """CJK characters are two cells wide: the table's columns must still line up."""
    assert snap_compare(app, terminal_size=(100, 30), run_before=_asking("4070 Ti 和 4080 哪个性价比高？"))
