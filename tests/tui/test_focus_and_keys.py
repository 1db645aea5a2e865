"""Pilot tests of where the keys go: Esc closes whatever is open and the cursor returns to the
question; a question typed or pasted while the assumptions panel has the cursor still becomes the
question; a long question typed key by key keeps every key; F3 copies the last answer; the
footer lists Ctrl+Q and all its keys fit at 80 columns."""

from __future__ import annotations

import pytest
from conftest import CATALOG, ask, footer_keys, settle
from fakes import BARS, TABLE
from textual import events
from textual.command import CommandPalette
from textual.widgets import Input

from assistant.answer import to_markdown
from assistant.tui.app import create_app
from assistant.tui.screens.export import ExportScreen
from assistant.tui.screens.help import HelpScreen
from assistant.tui.widgets.assumptions_panel import AssumptionsPanel
from assistant.tui.widgets.question_input import QuestionInput


async def test_escape_closes_the_panel_and_the_cursor_returns_to_the_question(app):
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(AssumptionsPanel)
        await pilot.press("f2")
        assert panel.display and not isinstance(app.focused, QuestionInput)
        await pilot.press("tab", "tab")  # anywhere in the panel
        await pilot.press("escape")
        await settle(pilot)
        assert not panel.display and isinstance(app.focused, QuestionInput)


async def test_escape_closes_every_dialog_and_the_cursor_returns_to_the_question(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await ask(pilot, "why 4070 Ti over 4080?")
        app.chat.log_widget.focus()  # the cursor was elsewhere before the dialog opened
        for key, dialog in (("f1", HelpScreen), ("ctrl+s", ExportScreen), ("ctrl+p", CommandPalette)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, dialog), key
            await pilot.press("escape")
            await settle(pilot)
            assert not isinstance(app.screen, dialog), key
            assert isinstance(app.focused, QuestionInput), key


async def test_a_question_typed_while_the_panel_has_the_cursor_is_asked(app, fake):
    notified = []
    app.notify = lambda message, **kw: notified.append(message)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        assert app.focused.id == "assume-electricity_usd_per_kwh"
        await pilot.press(*"best gpu under $1500 for training", "enter")
        await settle(pilot, lambda: len(app.transcript) == 1)
        assert fake.asked == ["best gpu under $1500 for training"]
        assert app.chat.log_widget.answers[0].answer is BARS
        assert fake.dialogue.assumptions.electricity_usd_per_kwh == 0.175  # the field kept its value
        assert app.query_one("#assume-electricity_usd_per_kwh", Input).value == "0.175"
        assert notified == [] and not app.query_one(AssumptionsPanel).display


async def in_the_utilization_field(pilot) -> None:
    """F2, then Tab once the panel has the cursor (focus moves after a refresh: on a busy machine a Tab sent at once
    can be handled before it, which is not what these tests are about)."""
    await pilot.press("f2")
    await settle(pilot, lambda: getattr(pilot.app.focused, "id", None) == "assume-electricity_usd_per_kwh")
    await pilot.press("tab")
    await settle(pilot, lambda: getattr(pilot.app.focused, "id", None) == "assume-utilization")


async def test_a_question_that_starts_with_digits_is_not_lost_in_a_field(app, fake):
    async with app.run_test(size=(120, 40)) as pilot:
        await in_the_utilization_field(pilot)
        assert app.focused.id == "assume-utilization"
        await pilot.press(*"4080 vs 4070 ti", "enter")
        await settle(pilot, lambda: len(app.transcript) == 1)
        assert fake.asked == ["4080 vs 4070 ti"]
        assert app.query_one("#assume-utilization", Input).value == "15"
        assert fake.dialogue.assumptions.utilization == 0.15


async def test_keys_that_arrive_before_the_question_box_takes_the_cursor_stay_in_the_question(app, fake):
    """A fast typist: every key is queued in the field before the screen moves the cursor."""
    async with app.run_test(size=(120, 40)) as pilot:
        await in_the_utilization_field(pilot)
        field = app.focused
        assert field.id == "assume-utilization"
        for character in "4080 vs 4070 ti":
            field.post_message(events.Key(character if character != " " else "space", character))
        field.post_message(events.Key("enter", None))
        await settle(pilot, lambda: len(app.transcript) == 1)
        assert fake.asked == ["4080 vs 4070 ti"]
        assert field.value == "15" and fake.dialogue.assumptions.utilization == 0.15


async def test_a_question_pasted_into_the_panel_goes_to_the_question_box(app):
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2")
        field = app.query_one("#assume-electricity_usd_per_kwh", Input)
        field.post_message(events.Paste("why 4070 ti over 4080?"))
        await settle(pilot)
        assert app.chat.question_input.value == "why 4070 ti over 4080?"
        assert field.value == "0.175" and isinstance(app.focused, QuestionInput)


async def test_a_number_typed_into_the_panel_is_still_an_assumption(app, fake):
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f2", *"0.3", "enter")
        await settle(pilot)
        assert fake.dialogue.assumptions.electricity_usd_per_kwh == 0.3
        assert app.chat.question_input.value == ""


@pytest.mark.long
async def test_a_long_question_typed_key_by_key_keeps_every_key(app, fake):
    text = "i have been thinking about upgrading my workstation for a while and " * 2 + "why 4070 ti over 408"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*text)
        await settle(pilot, lambda: app.chat.question_input._suggestion != "")
        assert app.chat.question_input.value == text
        assert app.chat.question_input._suggestion == text + "0"
        await pilot.press("tab", "enter")
        await settle(pilot, lambda: len(app.transcript) == 1)
        assert fake.asked == [text + "0"]


async def test_f3_copies_the_last_answer_as_markdown(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f3")  # nothing yet: said so, nothing copied
        assert app.clipboard == ""
        await ask(pilot, "best GPU for training")
        await ask(pilot, "why 4070 Ti over 4080?")
        await pilot.press("f3")
        assert app.clipboard == to_markdown(TABLE)
        assert "| relative 16-bit inference speed | 1.00 | 1.21 |" in app.clipboard


async def test_the_footer_lists_quit_and_copy(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: "ctrl+q" in footer_keys(app))  # the footer is drawn after the first frame
        keys = footer_keys(app)
        assert keys.get("ctrl+q") == "Quit" and keys.get("f3") == "Copy answer" and keys.get("f2") == "Assumptions"
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: not app.is_running)
    assert app.return_code == 0


@pytest.mark.parametrize("lang", ["en_US.UTF-8", "zh_CN.UTF-8"])
async def test_every_footer_key_fits_at_80_columns_without_overlapping(fake, monkeypatch, lang):
    """At 80 columns the English footer's keys ran into the palette key ("^l Cle▏^p palette")."""
    monkeypatch.setenv("LC_ALL", lang)
    app = create_app(conversation=fake, catalog=CATALOG)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: "ctrl+l" in footer_keys(app))
        await pilot.resize_terminal(80, 24)
        await settle(pilot, lambda: app.screen.size.width == 80)
        await pilot.pause()
        keys = sorted((key.region.x, key.region.right, key.key) for key in app.screen.query("FooterKey"))
        assert {k for _, _, k in keys} >= {"ctrl+q", "f1", "f2", "f3", "ctrl+s", "ctrl+l", "ctrl+p"}
        assert all(right <= 80 for _, right, _ in keys), keys
        assert all(a[1] <= b[0] for a, b in zip(keys, keys[1:], strict=False)), keys  # no key drawn over the next
