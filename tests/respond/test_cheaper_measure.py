"""'cheaper option?' after a pick ranked on its cost over the years keeps that measure (respond/recommend_order.py)."""

from assistant.models.recommend import Ranking, RankRow
from assistant.respond.recommend_order import cheaper_over_period, own_row


def _row(gpu: str, n: int, price: float, tco: float) -> RankRow:
    return RankRow(gpu, 1.0, 16, price, "test", tco, 1.0, 1.0 / tco, 300, n_gpus=n)


def test_a_setup_cheaper_to_buy_but_dearer_over_the_years_is_left_out():
    picked = _row("RTX 3090", 2, 824, 3154)
    dearer_over_years = _row("RTX 5060 Ti 16 GB", 3, 546, 6093)  # $11 less to buy, nearly double over 5 years
    cheaper = _row("RTX 3060 12 GB", 4, 314, 3000)
    capped = Ranking("llm", dearer_over_years, (cheaper,), (dearer_over_years, cheaper), ())
    unbounded = Ranking("llm", picked, (dearer_over_years, cheaper), (picked, dearer_over_years, cheaper), ())
    kept = cheaper_over_period(capped, own_row(unbounded, "RTX 3090", 2))
    assert [r.gpu for r in kept.rows] == ["RTX 3060 12 GB"]
    assert kept.choice == cheaper


def test_a_setup_barely_cheaper_to_buy_gives_way_to_one_a_tenth_cheaper():
    picked = _row("RTX 3090", 2, 824, 3954)
    barely = _row("RTX 5060 Ti 16 GB", 3, 546, 3757)  # $11 less to buy
    clearly = _row("RTX 3060 12 GB", 4, 314, 3538)  # $393 less
    capped = Ranking("llm", barely, (clearly,), (barely, clearly), ())
    kept = cheaper_over_period(capped, picked)
    assert [r.gpu for r in kept.rows] == ["RTX 3060 12 GB"]


def test_when_none_is_a_tenth_cheaper_the_barely_cheaper_stay():
    picked = _row("RTX 3090", 2, 824, 3954)
    barely = _row("RTX 5060 Ti 16 GB", 3, 546, 3757)
    capped = Ranking("llm", barely, (), (barely,), ())
    assert cheaper_over_period(capped, picked).choice == barely


def test_without_the_picked_setup_in_the_ranking_nothing_is_filtered():
    row = _row("RTX 5060 Ti 16 GB", 3, 546, 6093)
    capped = Ranking("llm", row, (), (row,), ())
    assert cheaper_over_period(capped, own_row(capped, "RTX 3090", 2)) is capped
