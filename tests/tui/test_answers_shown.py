"""Pilot tests of how answers are shown: tables fit the width without breaking a number, an
assumption change answers the last question again and marks what changed, and the welcome,
notices and key names speak the conversation's language."""

from __future__ import annotations

import re

import pytest
from conftest import CATALOG, ask, footer_keys, settle
from fakes import CHINESE_PRICES, CHINESE_RANKING, TABLE, WIDE, FakeConversation
from rich.cells import cell_len
from textual.geometry import Region
from textual.widgets import Input
from textual.widgets._markdown import MarkdownParagraph

from assistant.answer import Table
from assistant.tui.app import create_app, locale_language
from assistant.tui.changes import changed_cells
from assistant.tui.host import Catalog
from assistant.tui.widgets.message_log import AnswerTable, NoticeMessage, fit_columns

NUMBER = re.compile(r"[$¥]?\d[\d,.]*")
DATE_OR_NUMBER = re.compile(r"\d{4}-\d{2}-\d{2}|[$¥]?\d[\d,.]*")


def _table_lines(table: AnswerTable) -> list[str]:
    width, height = table.size
    return [strip.text.rstrip() for strip in table.render_lines(Region(0, 0, width, height))]


def test_fit_columns_drops_figure_columns_from_the_right_never_the_first():
    kept, widths = fit_columns(WIDE.tables[0], 60)
    # 16: the price cells ("$1,530 (new, 2026-07)", 21 cells) may wrap at spaces; figures up to 16 stay whole;
    # the labels take the rest (at least 12 cells, at most their own width)
    labels = max(len(str(row[0])) for row in WIDE.tables[0].rows)
    assert kept == [0, 1, 2] and widths == [max(12, min(labels, 60 - 2 * (16 + 2))), 16, 16]
    assert fit_columns(WIDE.tables[0], 200)[0] == [0, 1, 2, 3, 4]
    assert fit_columns(WIDE.tables[0], 10)[0] == [0, 1]  # one figure column always stays
    assert fit_columns(Table(headers=[], rows=[]), 80) == ([], [])


def test_fit_columns_keeps_figures_whole_under_chinese_headers():
    # Chinese headers have no spaces to wrap at: they must wrap inside their column, never squeeze a figure
    table = Table(
        headers=["GPU", "速度（3090 = 1）", "显存", "价格", "5 年成本", "每 1 万元售价", "每 1 万元（5 年）"],
        rows=[["GeForce RTX 3090", "1.00", "24 GB", "¥7,500", "¥13,679", "1.33", "0.73"]],
    )
    kept, widths = fit_columns(table, 75)
    assert kept == list(range(7))
    assert all(w >= len(c) for w, c in zip(widths, table.rows[0], strict=True))  # every cell on one line
    assert sum(widths) + 2 * (len(widths) - 1) <= 75


async def test_a_chinese_ranking_fits_80_columns_with_every_figure_whole(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, CHINESE_RANKING.question)
        table = app.chat.log_widget.answers[0].query_one(AnswerTable)
        lines = _table_lines(table)
        assert all(len(line) <= table.size.width for line in lines)
        text = "\n".join(lines)
        assert "do not fit" not in text and "放不下" not in text
        for row in CHINESE_RANKING.tables[0].rows:
            for cell in row[1:]:
                assert cell in text, (cell, text)  # each figure whole, on one line


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40-panel-open"])
async def test_chinese_cells_without_spaces_wrap_between_characters_never_inside_a_number(app, size):
    async with app.run_test(size=size) as pilot:
        await ask(pilot, CHINESE_PRICES.question)
        table = app.chat.log_widget.answers[0].query_one(AnswerTable)
        lines = _table_lines(table)
        assert all(len(line) <= table.size.width for line in lines)
        text = "\n".join(lines)
        figures = [f for row in CHINESE_PRICES.tables[0].rows for cell in row[1:] for f in DATE_OR_NUMBER.findall(cell)]
        for figure in set(figures):
            assert text.count(figure) >= figures.count(figure), (figure, text)  # each whole, on one line
        assert "¥7,500（二手，" in text and "2026-08-13）" in text  # the price wrapped, at a CJK boundary
        assert not any(line.strip().startswith(("，", "）")) for line in lines)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40-panel-open"])
async def test_chinese_text_wraps_between_characters_leaving_no_short_lines(app, size):
    """A Chinese sentence has no spaces: it must break between characters (full lines), not move
    whole to the next line ("…按 5" / "年总成本算，…" left a short line), and no line starts with
    closing punctuation."""
    async with app.run_test(size=size) as pilot:
        await ask(pilot, CHINESE_PRICES.question)
        paragraph = app.chat.log_widget.answers[0].query_one(".headline").query_one(MarkdownParagraph)
        width, height = paragraph.size
        lines = [s.text.rstrip() for s in paragraph.render_lines(Region(0, 0, width, height))]
        lines = [line for line in lines if line]
        assert "".join(lines).replace(" ", "") == CHINESE_PRICES.headline.replace(" ", "")
        assert len(lines) >= 3
        for line in lines[:-1]:
            assert cell_len(line) >= width - 8, (width, lines)  # at most one Latin word short of full
        assert not any(line.startswith(tuple("，。、；：）」")) for line in lines), lines


async def test_a_wide_terminal_keeps_chinese_headers_on_one_line(app):
    """At 200 columns the figure columns grow to their headers: no "5 年成" / "本"."""
    async with app.run_test(size=(200, 50)) as pilot:
        await ask(pilot, CHINESE_RANKING.question)
        table = app.chat.log_widget.answers[0].query_one(AnswerTable)
        text = "\n".join(_table_lines(table))
        for header in CHINESE_RANKING.tables[0].headers:
            assert header in text, (header, text)


async def test_a_wide_table_fits_80_columns_with_every_number_whole(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "compare the 4090, 4080, 3090 and 7900 xtx")
        table = app.chat.log_widget.answers[0].query_one(AnswerTable)
        lines = _table_lines(table)
        assert all(len(line) <= table.size.width for line in lines)
        text = "\n".join(lines)
        grid = text.split("more column(s) do not fit")[0]
        kept = [n for n in range(1, 5) if WIDE.tables[0].headers[n] in grid]
        assert kept[:2] == [1, 2] and len(kept) < 4  # not all four GPUs fit in 80 columns
        for row in WIDE.tables[0].rows:
            for n in kept:
                for number in NUMBER.findall(row[n]):
                    assert number in grid, (number, grid)  # on one line: never broken
        assert "do not fit: " in text and "RX 7900 XTX" in text.split("do not fit: ")[1]


async def test_the_same_table_shows_every_column_when_wide(app):
    async with app.run_test(size=(200, 50)) as pilot:
        await ask(pilot, "compare the 4090, 4080, 3090 and 7900 xtx")
        table = app.chat.log_widget.answers[0].query_one(AnswerTable)
        await settle(pilot, lambda: table.size.width > 120)  # laid out at the wide width (a busy machine lags)
        text = "\n".join(_table_lines(table))
        assert all(header in text for header in WIDE.tables[0].headers[1:]) and "do not fit" not in text
        assert "16-bit inference per $1,000 over 5 years" in text


def test_changed_cells_are_found_by_row_label_and_column():
    before = TABLE
    rows = [list(r) for r in TABLE.tables[0].rows]
    rows[3][2] = "0.95"
    after = type(TABLE)(**{**TABLE.__dict__, "tables": [Table(headers=TABLE.tables[0].headers, rows=rows)]})
    marks, lines = changed_cells(before, after)
    assert marks == {0: {(3, 2)}}
    assert lines == ["performance per purchase dollar, RTX 4080: 0.84 → 0.95"]
    assert changed_cells(before, before) == ({}, [])


async def test_an_assumption_change_answers_the_last_question_again_and_marks_the_changes(app, fake):
    async with app.run_test(size=(120, 40)) as pilot:
        await ask(pilot, "why 4070 Ti over 4080?")
        box = app.query_one("#assume-electricity_usd_per_kwh", Input)
        await pilot.click(box)
        await pilot.press("ctrl+shift+a", *"0.35", "enter")
        await settle(pilot, lambda: len(app.transcript) == 2)
        assert fake.reasked == ["why 4070 Ti over 4080?"]
        assert fake.dialogue.assumptions.electricity_usd_per_kwh == 0.35
        notice = app.chat.log_widget.query(NoticeMessage).last().source
        assert "Electricity ($/kWh): 0.35" in notice and "why 4070 Ti over 4080?" in notice
        assert "performance per purchase dollar, RTX 4070 Ti: 1.00 → 0.50" in notice
        assert "memory" not in notice  # unchanged figures are not listed
        shown = app.chat.log_widget.answers[-1].query_one(AnswerTable)
        assert shown.changed == {(3, 1), (3, 2)}
        assert app.chat.log_widget.questions == ["why 4070 Ti over 4080?"] * 2


async def test_an_assumption_change_before_any_question_asks_for_one(app, fake):
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.click(app.query_one("#assume-years", Input))
        await pilot.press("ctrl+shift+a", *"3", "enter")
        await settle(pilot)
        assert "Ask a question to see the new numbers" in app.chat.log_widget.query(NoticeMessage).last().source
        assert fake.reasked == [] and len(app.transcript) == 0


def test_the_locale_picks_the_first_language():
    assert locale_language({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert locale_language({"LC_ALL": "en_US.UTF-8", "LANG": "zh_CN.UTF-8"}) == "en"
    assert locale_language({}) == "en"


async def test_a_chinese_locale_gets_a_chinese_welcome_and_keys(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    app = create_app(conversation=FakeConversation(), catalog=CATALOG)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: "ctrl+q" in footer_keys(app))  # the footer is drawn after the first frame
        welcome = app.chat.log_widget.query(NoticeMessage).first().source
        assert "欢迎使用 gpu-advisor" in welcome and "- 4070 Ti 和 4080 哪个性价比高？" in welcome
        keys = footer_keys(app)
        assert keys["ctrl+q"] == "退出" and keys["f1"] == "帮助"
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert "对话已清空" in app.chat.log_widget.query(NoticeMessage).last().source


async def test_notices_follow_the_language_of_the_conversation(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "4070 Ti 和 4080 哪个性价比高？")
        assert app.lang == "zh"
        await pilot.press("f3")
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert "对话已清空" in app.chat.log_widget.query(NoticeMessage).last().source


async def test_a_chinese_locale_gets_chinese_commands_and_export_notices(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    app = create_app(conversation=FakeConversation(), catalog=CATALOG)
    notified = []
    app.notify = lambda message, **kw: notified.append(message)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"帮助", "清空对话", "导出对话", "显示/隐藏假设面板"} <= set(titles)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert notified == ["还没有可导出的内容：先问一个问题。"]


async def test_the_footer_follows_the_language_of_the_conversation(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: footer_keys(app).get("f1") == "Help")
        await ask(pilot, "4070 Ti 和 4080 哪个性价比高？")
        await settle(pilot, lambda: footer_keys(app).get("f1") == "帮助")
        keys = footer_keys(app)
        assert keys["ctrl+q"] == "退出" and keys["f3"] == "复制回答"
        await pilot.press("ctrl+l")  # the keys still act after they are bound again
        await settle(pilot)
        assert len(app.transcript) == 0


async def test_a_yuan_conversation_shows_and_takes_amounts_in_yuan_in_the_panel(monkeypatch):
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    catalog = Catalog(
        gpu_names=CATALOG.gpu_names, snapshots=CATALOG.snapshots, cny_per_usd=7.0, household_cny_per_kwh=0.55
    )
    fake = FakeConversation()
    app = create_app(conversation=fake, catalog=catalog)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        field = app.query_one("#assume-electricity_usd_per_kwh", Input)
        assert field.value == "0.55"  # the household price yuan answers use, not $0.175
        labels = [str(label.render()) for label in app.query("AssumptionsPanel Label")]
        assert "电价（元/度）" in labels and "预算（元）" in labels
        await pilot.press("tab", "shift+tab")  # leaving the field unchanged changes nothing
        assert "electricity_usd_per_kwh" not in fake.dialogue.assumptions.changed
        field.value = "0.7"
        await pilot.press("enter")
        await settle(pilot)
        assert abs(fake.dialogue.assumptions.electricity_usd_per_kwh - 0.1) < 1e-9  # ¥0.7 at ¥7 per dollar
        assert field.value == "0.7"
