"""Pilot tests of the actions around the conversation: assumptions, export, clear, panel, quit."""

from __future__ import annotations

from conftest import CATALOG, ask, posted_of, settle
from textual.widgets import Input, Select

from assistant.tui.app import create_app
from assistant.tui.screens.export import ExportScreen
from assistant.tui.transcript import DEFAULT_EXPORT_NAME
from assistant.tui.widgets.assumptions_panel import AssumptionsPanel
from assistant.tui.widgets.message_log import NoticeMessage
from assistant.tui.widgets.question_input import QuestionInput


async def _edit(pilot, key: str, text: str) -> None:
    box = pilot.app.query_one(f"#assume-{key}", Input)
    await pilot.click(box)
    await pilot.press("ctrl+shift+a", *(text or ["backspace"]), "enter")  # select all, type over it
    await settle(pilot)


async def test_editing_assumptions_updates_the_conversation(app, fake):
    posted = []
    async with app.run_test(size=(120, 32), message_hook=posted.append) as pilot:
        panel = app.query_one(AssumptionsPanel)
        assert panel.display
        await _edit(pilot, "electricity_usd_per_kwh", "0.3")
        await _edit(pilot, "utilization", "40")
        await _edit(pilot, "budget_usd", "1500")
        assumptions = fake.dialogue.assumptions
        values = (assumptions.electricity_usd_per_kwh, assumptions.utilization, assumptions.budget_usd)
        assert values == (0.3, 0.4, 1500)
        assert {"electricity_usd_per_kwh", "utilization", "budget_usd"} <= assumptions.changed
        changes = [(m.key, m.value) for m in posted_of(posted, AssumptionsPanel.Changed)]
        assert changes == [("electricity_usd_per_kwh", 0.3), ("utilization", 0.4), ("budget_usd", 1500.0)]
        notices = [n.source for n in app.chat.log_widget.query(NoticeMessage)][1:]
        assert "Electricity ($/kWh): 0.3" in notices[0] and "Utilization (%): 40" in notices[1]
        assert app.sub_title.startswith("$0.3/kWh · 40% use")

        await _edit(pilot, "years", "abc")  # invalid: reported, the value in force is shown again
        assert assumptions.years == 5.0 and app.query_one("#assume-years", Input).value == "5"
        await _edit(pilot, "budget_usd", "")  # empty budget: none
        assert assumptions.budget_usd is None

        app.query_one("#assume-snapshot", Select).value = "2023-01"
        await settle(pilot)
        assert assumptions.snapshot == "2023-01"

        await ask(pilot, "why 4070 Ti over 4080?")
        assert fake.assumptions_seen[-1]["electricity_usd_per_kwh"] == 0.3
        assert fake.assumptions_seen[-1]["snapshot"] == "2023-01"


async def test_an_answer_that_changes_an_assumption_refreshes_the_panel(app, fake):
    async with app.run_test(size=(120, 32)) as pilot:
        await ask(pilot, "electricity is 0.42")
        assert app.query_one("#assume-electricity_usd_per_kwh", Input).value == "0.42"
        assert app.sub_title.startswith("$0.42/kWh")


async def test_panel_hidden_when_narrow_and_toggled_with_f2(app):
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(AssumptionsPanel)
        await settle(pilot)
        assert not panel.display
        await pilot.press("f2")  # shown, cursor in its first field
        assert panel.display and app.focused.id == "assume-electricity_usd_per_kwh"
        await pilot.press("f2")  # from inside: hidden, back to the question
        assert not panel.display and isinstance(app.focused, QuestionInput)


async def test_f2_and_escape_move_between_question_and_panel_when_wide(app):
    async with app.run_test(size=(120, 32)) as pilot:
        panel = app.query_one(AssumptionsPanel)
        await settle(pilot)
        assert panel.display and isinstance(app.focused, QuestionInput)
        await pilot.press("f2")
        assert panel.display and app.focused.id == "assume-electricity_usd_per_kwh"
        await pilot.press("escape")
        assert panel.display and isinstance(app.focused, QuestionInput)


async def test_export_through_the_dialog(app, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+s")  # nothing to export yet: no dialog
        assert not isinstance(app.screen, ExportScreen)
        await ask(pilot, "why 4070 Ti over 4080?")
        await ask(pilot, "best GPU for training")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, ExportScreen)
        assert app.screen.query_one(Input).value == DEFAULT_EXPORT_NAME
        await pilot.press("enter")
        await settle(pilot)
    text = (tmp_path / DEFAULT_EXPORT_NAME).read_text(encoding="utf-8")
    assert text.startswith("# gpu-advisor conversation")
    assert "## why 4070 Ti over 4080?" in text and "## best GPU for training" in text
    assert "| relative 16-bit inference speed | 1.00 | 1.21 |" in text
    assert "**For training under $1,500, the RTX 4070 Ti gives the most performance per dollar.**" in text


async def test_export_to_a_given_path_and_a_bad_one(app, tmp_path):
    async with app.run_test() as pilot:
        await ask(pilot, "how fast is the 4090")
        assert app.export_to(tmp_path / "out.md") == (tmp_path / "out.md").resolve()
        assert app.export_to(tmp_path) == (tmp_path / DEFAULT_EXPORT_NAME).resolve()
        assert app.export_to(tmp_path / "missing" / "out.md") is None  # notified, not raised
    assert "Which one?" in (tmp_path / "out.md").read_text(encoding="utf-8")


async def test_command_palette_offers_every_action(app):
    async with app.run_test() as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Clear conversation", "Export conversation", "Toggle assumptions panel", "Theme", "Help"):
            assert title in titles
        await ask(pilot, "why 4070 Ti over 4080?")
        await pilot.press("ctrl+p", *"clear c")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: len(app.transcript) == 0)
        assert app.chat.log_widget.answers == []
        assert "cleared" in app.chat.log_widget.query(NoticeMessage).last().source


async def test_ctrl_q_quits(app):
    async with app.run_test() as pilot:
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_no_color_is_respected(monkeypatch, fake):
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(conversation=fake, catalog=CATALOG)
    assert app.no_color
    async with app.run_test() as pilot:
        await ask(pilot, "best GPU for training")
        assert "█" in app.export_screenshot()  # bars are drawn with blocks, not colour alone
