"""The inverse solver: a question gives a limit and asks the ONE quantity that meets it (nlu/inverse_form.py reads
which); each solver varies that quantity over a forward model until the limit is met, and answers with the quantity
in the first sentence, then the check at that value and at the next step, then the assumptions.

Contract: `respond(query, env)` -> the first solver's Answer for the quantities asked (inverse_form.ASKED order), or
None when no quantity is asked or no solver has the limit it needs (the intent's own responder answers then):
- count: cards on a PSU or a circuit (respond/inverse_power.py), else cards a budget buys, else cards one
  machine takes (respond/inverse_budget.py);
- biggest, least_memory: the largest model in the memory given, the least memory a model takes at the quant, context
  and users stated (respond/inverse_memory.py);
- cheapest: the cheapest set of cards that reaches a stated tokens/s (respond/inverse_speed.py);
- most_memory: the most GPU memory a budget buys (respond/inverse_speed.py);
- and, no quantity asked, a model's memory need asked beside a card: the need first (inverse_memory.need_with_card).
The forward models are reused, never copied: the rig's power rules, models.memory, the ranking's single-user speed.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.inverse_form import asked
from assistant.respond.env import Env


def respond(query, env: Env) -> Answer | None:
    mentions = tuple(r.mention for r in getattr(query, "gpus", ()) if r.mention)
    for name in asked(query.text or "", env.lang, mentions):
        found = _solve(name, query, env)
        if found is not None:
            return found
    from assistant.respond.inverse_memory import need_with_card

    return need_with_card(query, env)  # "how much vram does X need, is one 4090 enough": the need, then the fit


def _solve(name: str, query, env: Env) -> Answer | None:
    if name == "count":
        from assistant.respond import inverse_budget, inverse_power

        return (
            inverse_power.respond(query, env) or inverse_budget.respond(query, env) or inverse_budget.slots(query, env)
        )
    if name in ("biggest", "least_memory"):
        from assistant.respond import inverse_memory

        return inverse_memory.biggest(query, env) if name == "biggest" else inverse_memory.least_memory(query, env)
    from assistant.respond import inverse_speed

    return inverse_speed.cheapest(query, env) if name == "cheapest" else inverse_speed.most_memory(query, env)
