"""Conversation.reanswer(): the last question answered again under the assumptions now in force."""

from __future__ import annotations

import pytest

from assistant.session import open_session


@pytest.fixture(scope="module")
def session():
    return open_session("sqlite://", echo_warnings=False)


def test_nothing_asked_nothing_to_answer_again(session):
    assert session.conversation().reanswer() is None


def test_a_changed_assumption_changes_the_answer_again(session):
    conv = session.conversation()
    first = conv.ask("total cost of a 4090 at 0.30/kwh")
    assert first.intent == "cost"
    conv.dialogue.assumptions.set("electricity_usd_per_kwh", 0.60)
    again = conv.reanswer()
    assert again is not None and again.intent == "cost" and again.gpus == first.gpus
    assert again.figures["electricity_usd_per_year"] == pytest.approx(2 * first.figures["electricity_usd_per_year"])
    assert conv.dialogue.context.last_query.text == first.question  # the context is unchanged
