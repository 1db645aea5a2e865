"""A value table row and the value ranking weigh the same total cost: the verdict that cites the ranking
("the 2080 Ti 22G is 42 % better value") cannot contradict the table beside it."""

from __future__ import annotations

import pytest

from assistant.dialogue import Assumptions, Context
from assistant.respond.env import Env
from assistant.respond.pricing import value_row
from assistant.respond.recommend_order import nvidia_ranking


@pytest.mark.parametrize(("lang", "currency"), [("en", "USD"), ("zh", "CNY")])
def test_a_table_row_has_the_value_its_ranking_row_has(kb, lang, currency):
    env = Env(kb, Assumptions(currency=currency), Context(), lang=lang)
    ranking = nvidia_ranking(env, "train16")
    checked = 0
    for r in ranking.rows[:12]:
        if r.n_gpus != 1:
            continue
        row = value_row(env.gpu(r.gpu), env, "train16")
        assert row.per_tco == pytest.approx(r.value_per_tco, rel=1e-6), r.gpu
        checked += 1
    assert checked >= 5
