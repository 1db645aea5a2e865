"""Session.warm(): loads what a first answer needs ahead of it and changes no conversation."""

from __future__ import annotations

import sys

from assistant.session import open_session


def test_warming_loads_the_responders_and_leaves_conversations_as_they_were():
    warmed = open_session("sqlite://", echo_warnings=False)
    warmed.warm()
    assert "assistant.respond.spec" in sys.modules and "assistant.respond.rig" in sys.modules
    cold = open_session("sqlite://", echo_warnings=False)
    for session in (warmed, cold):
        conv = session.conversation()
        assert conv.dialogue.context.last_query is None  # the sample question left no trace
    # the same questions get the same answers in a warmed and a cold session
    for question in ("why?", "specs of the 4090", "and the 3090?"):
        a = warmed.conversation().ask(question)
        b = cold.conversation().ask(question)
        assert (a.intent, a.headline) == (b.intent, b.headline), question
