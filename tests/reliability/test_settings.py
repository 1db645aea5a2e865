"""Settings and prices: one validation for flags, chat and the TUI panel; a price stated in passing
is for this conversation, saved only when asked; implausible prices wait for "yes, really";
forgetting and resetting say what they did."""

# ruff: noqa: F811 - the fixtures `built_db` and `home` are imported from storage_kit

from __future__ import annotations

import pytest
from storage_kit import SAVED, built_db, home, saved_prices  # noqa: F401 - fixtures

from assistant import cli, setting_rules
from assistant.session import open_session
from assistant.tui.widgets.assumptions_panel import NUMBER_FIELDS

BAD = [
    ("electricity_usd_per_kwh", "--electricity", ["inf", "nan", "1e308", "-5", "abc"]),
    ("utilization", "--utilization", ["inf", "150%", "101%", "-5"]),
    ("years", "--years", ["inf", "1e308", "0", "100"]),
    ("budget_usd", "--budget", ["inf", "1e308", "-5", "0"]),
]


@pytest.mark.parametrize(("key", "flag", "values"), BAD, ids=[b[0] for b in BAD])
def test_flags_and_the_panel_refuse_the_same_values_with_the_range(key, flag, values, capsys):
    panel = next(f for f in NUMBER_FIELDS if f.key == key)
    for value in values:
        with pytest.raises(setting_rules.BadSetting):
            setting_rules.check(key, value)
        with pytest.raises(SystemExit) as exit_:
            cli.main(["ask", flag, value, "specs of the 4090"])
        assert exit_.value.code == cli.Exit.USAGE
        assert setting_rules.RANGES[key].words in capsys.readouterr().err
        assert not panel.validator.validate(value.rstrip("%") if key == "utilization" else value).is_valid, value


def test_chat_refuses_out_of_range_values_and_changes_nothing(kb):
    from assistant.dialogue import Assumptions

    session = open_session("sqlite://", echo_warnings=False)
    conversation = session.conversation(Assumptions())
    answer = conversation.ask("electricity is $9 per kwh")
    assert answer.clarification and "did not change" in answer.clarification
    assert conversation.dialogue.assumptions.electricity_usd_per_kwh == 0.175


@pytest.fixture
def session(home):
    opened = open_session(f"sqlite:///{home / 'kb.sqlite'}", echo_warnings=False)
    yield opened
    opened.reader.db.close()


def test_a_price_stated_in_passing_is_for_this_conversation_only(session, home):
    first = session.conversation()
    answer = first.ask("the 4090 costs $1500 here")
    assert "this conversation only" in answer.headline
    assert "$1,500" in first.ask("how much is the 4090?").plain()
    assert saved_prices(home / "kb.sqlite") == {SAVED[:2]: SAVED[2]}
    assert "$1,234" in session.conversation().ask("how much is the 4090?").plain()


@pytest.mark.parametrize("text", ["the 3090 costs $650, remember this", "3090卖4500，记住"])
def test_remember_this_saves_the_price_for_later_sessions(session, home, text):
    answer = session.conversation().ask(text)
    assert answer.intent == "set", answer.clarification
    assert "saved" in answer.headline or "已保存" in answer.headline
    assert ("GeForce RTX 3090", "new") in saved_prices(home / "kb.sqlite")


def test_remember_this_alone_saves_what_the_conversation_set(session, home):
    conversation = session.conversation()
    conversation.ask("the 3080 costs $400")
    answer = conversation.ask("remember this")
    assert "Saved for later sessions" in answer.headline
    assert saved_prices(home / "kb.sqlite")[("GeForce RTX 3080", "new")] == 400


def test_an_implausible_price_waits_for_yes_really(session):
    conversation = session.conversation()
    refused = conversation.ask("the 4070 costs $40000")
    assert refused.clarification and "yes, really" in refused.clarification
    assert "$40,000" not in conversation.ask("how much is the 4070?").plain()
    confirmed = conversation.ask("yes, really")
    assert "$40,000" in confirmed.headline
    assert session.conversation().ask("yes, really").clarification  # nothing waits in a new conversation


def test_forget_one_price_and_clear_all(session, home):
    conversation = session.conversation()
    conversation.ask("the 3090 costs $650, remember this")
    forgot = conversation.ask("forget the 4090 price")
    assert "Forgot your price for the GeForce RTX 4090" in forgot.headline
    assert SAVED[:2] not in saved_prices(home / "kb.sqlite")
    cleared = conversation.ask("clear my prices")
    assert "Forgot all" in cleared.headline and saved_prices(home / "kb.sqlite") == {}


def test_reset_says_what_it_does_not_reset(session):
    conversation = session.conversation()
    conversation.ask("electricity is 0.30")
    answer = conversation.ask("reset")
    assert "Not reset: 1 saved price(s)" in answer.headline and "clear my prices" in answer.headline
    assert conversation.dialogue.assumptions.electricity_usd_per_kwh == 0.175


def test_save_as_default_applies_to_the_next_session(session):
    answer = session.conversation().ask("electricity is 0.30, save as default")
    assert "Saved as your default" in answer.headline
    assert session.conversation().dialogue.assumptions.electricity_usd_per_kwh == pytest.approx(0.30)
    session.conversation().ask("clear my saved settings")
    assert session.conversation().dialogue.assumptions.electricity_usd_per_kwh == 0.175


def test_saving_without_a_writable_database_says_so():
    session = open_session("sqlite://", echo_warnings=False)
    answer = session.conversation().ask("the 3090 costs $650, remember this")
    assert "could not be saved" in answer.headline
