"""Pilot tests of the conversation: typing, submitting, follow-ups, history, completion, help."""

from __future__ import annotations

from conftest import ask, posted_of, settle
from fakes import BARS, CLARIFY, LINES, TABLE
from textual.widgets import Input

from assistant.tui.screens.chat import AnswerReady
from assistant.tui.screens.help import HelpScreen, examples
from assistant.tui.widgets.bar_chart import BarChart
from assistant.tui.widgets.cost_chart import CostChart
from assistant.tui.widgets.message_log import AnswerTable, NoticeMessage
from assistant.tui.widgets.question_input import QuestionInput


async def test_starts_with_welcome_and_focused_input(app):
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.focused, QuestionInput)
        notices = app.chat.log_widget.query(NoticeMessage)
        assert len(notices) == 1
        welcome = notices.first().source
        assert welcome.count("\n- ") == 5  # five example questions
        assert "- why 4070 Ti over 4080?" in welcome and "Ask in plain words" in welcome
        assert app.sub_title.startswith("$0.175/kWh")


async def test_typed_question_and_follow_up(app, fake):
    posted = []
    async with app.run_test(message_hook=posted.append) as pilot:
        await ask(pilot, "why 4070 Ti over 4080?", type_it=True)
        log = app.chat.log_widget
        assert log.questions == ["why 4070 Ti over 4080?"]
        first = log.answers[0]
        assert first.answer is TABLE
        table = first.query_one(AnswerTable)
        assert table.table.headers == ["", "RTX 4070 Ti", "RTX 4080"]
        assert app.chat.question_input.value == ""

        await ask(pilot, "and if I rent it instead?")
        assert fake.asked == ["why 4070 Ti over 4080?", "and if I rent it instead?"]
        assert log.questions == fake.asked
        assert [a.answer for a in log.answers] == [TABLE, LINES]
        assert len(log.answers[1].query(CostChart)) == 1
        assert [q for q, _ in app.transcript.turns] == fake.asked

    submitted = [m.value for m in posted_of(posted, Input.Submitted)]
    assert submitted == fake.asked
    ready = posted_of(posted, AnswerReady)
    assert [(m.question, m.answer) for m in ready] == [(fake.asked[0], TABLE), (fake.asked[1], LINES)]


async def test_bar_chart_and_clarification_answers(app):
    async with app.run_test() as pilot:
        await ask(pilot, "best GPU for training")
        await ask(pilot, "how fast is the 4090")
        bars, clarification = app.chat.log_widget.answers
        assert bars.query_one(BarChart).chart is BARS.chart
        assert not bars.has_class("-clarification")
        assert clarification.answer is CLARIFY
        assert clarification.has_class("-clarification")


async def test_blank_input_is_not_asked(app, fake):
    async with app.run_test() as pilot:
        await pilot.press("space", "space", "enter")
        await settle(pilot)
        assert fake.asked == []
        assert app.chat.log_widget.questions == []


async def test_history_recall_with_up_and_down(app):
    async with app.run_test() as pilot:
        await ask(pilot, "why 4070 Ti over 4080?")
        await ask(pilot, "best GPU for training")
        box = app.chat.question_input
        await pilot.press(*"draft")
        await pilot.press("up")
        assert box.value == "best GPU for training"
        await pilot.press("up", "up")
        assert box.value == "why 4070 Ti over 4080?"
        await pilot.press("down")
        assert box.value == "best GPU for training"
        await pilot.press("down")
        assert box.value == "draft"


async def test_gpu_name_completion(app):
    async with app.run_test() as pilot:
        box = app.chat.question_input
        box.value = "why 4070 ti over rtx 40"
        await pilot.press("end", "8")
        await settle(pilot, lambda: app.chat.question_input._suggestion != "")
        await pilot.press("tab")
        assert app.chat.question_input.value == "why 4070 ti over rtx 4080"
        box.value += " or 790"
        await pilot.press("end", "0")
        await settle(pilot, lambda: app.chat.question_input._suggestion != "")
        await pilot.press("right")
        assert app.chat.question_input.value == "why 4070 ti over rtx 4080 or 7900 XTX"


async def test_help_sends_an_example_with_one_key(app, fake):
    async with app.run_test() as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("3")
        await settle(pilot, lambda: len(app.transcript) == 1)
        assert not isinstance(app.screen, HelpScreen)
        assert fake.asked == [examples("en")[2]]
        assert app.chat.log_widget.answers[0].answer is BARS


async def test_question_mark_opens_help_only_on_an_empty_line(app):
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press(*"why?")
        assert app.chat.question_input.value == "why?"
        assert not isinstance(app.screen, HelpScreen)


async def test_failing_conversation_becomes_an_answer(fake):
    from assistant.tui.app import create_app

    class Broken:
        def ask(self, text):
            raise RuntimeError("boom")

    app = create_app(conversation=Broken())
    async with app.run_test() as pilot:
        await ask(pilot, "why 4070 Ti over 4080?")
        answer = app.chat.log_widget.answers[0].answer
        assert "boom" in answer.clarification
        await ask(pilot, "still alive?")
        assert len(app.chat.log_widget.answers) == 2
