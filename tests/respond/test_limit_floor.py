"""The power-limit floor comes from the measured sweeps (knowledge/power_limit_sweeps.csv), not a constant."""

from assistant.respond import limit_floor


def test_floor_is_the_highest_lowest_share_that_kept_90_percent():
    floors = limit_floor._floors()
    assert ("GeForce RTX 3090", "decode") in floors
    assert round(floors[("GeForce RTX 3090", "decode")][0], 3) == round(200 / 350, 3)  # 94.1 % kept; 150 W kept 86 %
    assert limit_floor.min_limit_share() == round(max(s for s, _ in floors.values()), 2)
    assert 0.5 <= limit_floor.min_limit_share() <= 0.8


def test_prefill_and_training_rows_do_not_set_the_floor():
    assert all(work in limit_floor.FLOOR_WORK for _, work in limit_floor._floors())
    assert "hw-puget-4x3090-maxq" not in limit_floor.limit_sources()
