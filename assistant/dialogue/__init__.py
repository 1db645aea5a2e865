"""Conversation state and follow-ups: what a conversation carries from one question to the next.

Contract: `Dialogue` (core) completes each typed query from the conversation and remembers
what the answer was about; `Assumptions` and `Context` (state) are what it holds. The modules:
`state` (the data), `references` (pronouns and GPU references), `ellipsis` (partial follow-ups
merged into the last question), `measures` (speed and time of what was talked about),
`about_last` (why / cheaper / more memory / worth it), `cloud` (rent, rates, periods),
`from_context` (whole questions that leave something to the context), `rent_context` (renting, buying and
the cost of the job talked about), `again` (answering again
when settings change). Nothing in this package computes an answer.
"""

from assistant.dialogue.core import Dialogue
from assistant.dialogue.state import DEFAULTS, Assumptions, Context

__all__ = ["DEFAULTS", "Assumptions", "Context", "Dialogue"]
