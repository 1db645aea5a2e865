"""One card before several: a model named with no card count ("best gpu for gpt-oss-20b under $400", "cheapest setup
for qwen2.5 72b", "预算3000跑gpt-oss-20b") may be held by several smaller cards together (§rec.split), but a set is
the sensible pick only when no single card that holds the model is affordable: one card needs no multi-card board,
no larger power supply and no split of the model, and runs it at its own full speed.

Contract: `prefer(ranked, passive, budget_usd, env, cheapest)` -> (ranking, note); `cheapest` (the cheapest asked)
keeps the sets' ranking as it is. `ranked(passive, max_auto, capped=...)` is
the recommendation's ranking function. The ranking with sets (up to 8 cards) is kept unless its pick is a set and the
best single card that holds the model (within the budget) costs at most ONE_CARD_MARGIN x the set's cards: then the
single-card ranking. When a set stays the pick, the note names the cheapest single card that holds the
model and what it costs over the budget (or beside the set's cards when no budget was said); "" otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant import i18n
from assistant.respond.env import Env

MAX_SET = 8  # the most cards a set that holds a model counts (models/recommend._count_for caps it by class)
# One card is preferred to a set while its price is at most this share above the set's cards [A]: a single card
# saves the multi-card board, power supply and the split's overhead that the cost model does not price in full.
ONE_CARD_MARGIN = 1.25


def prefer(ranked: Callable, passive: bool, budget_usd: float | None, env: Env, cheapest: bool = False):
    sets = ranked(passive, MAX_SET)
    pick = sets.choice
    if pick is None or pick.n_gpus <= 1 or cheapest:  # "cheapest setup for 72b": the cheapest, a set or not
        return sets, ""
    single = ranked(passive)
    if single.choice is not None and single.choice.price_usd <= pick.price_usd * pick.n_gpus * ONE_CARD_MARGIN:
        return single, ""
    return sets, _note(ranked(passive, capped=False), pick, budget_usd, env)


def _note(single_any, pick, budget_usd: float | None, env: Env) -> str:
    """The cheapest single card that holds the model, beside the set picked."""
    rows = [r for r in single_any.rows if r.n_gpus == 1]
    if not rows:
        return ""
    one = min(rows, key=lambda r: r.price_usd)
    name = env.reader.known_gpu(one.gpu).short_name
    if budget_usd and one.price_usd > budget_usd:
        over = env.money(one.price_usd - budget_usd)
        return i18n.gap(env.lang) + env.t("rec.one_card_over", gpu=name, price=env.money(one.price_usd), over=over)
    cards = env.money(pick.price_usd * pick.n_gpus)
    return i18n.gap(env.lang) + env.t("rec.one_card_beside", gpu=name, price=env.money(one.price_usd), cards=cards)
