"""Sets of cards for a fine-tune that single cards can hold too: "cheapest gpus for a qlora of a 70b" (3 x RTX 3090
cost less than a GB10), "full finetune a 7b, what gpus" (2 x RTX PRO 6000 give more per dollar than the GB10).

Contract: `why_sets(single, sets, by_price, need, env)` -> the note saying why the ranking with sets (up to 8 cards,
the model, gradients and optimizer states sharded: FSDP / DeepSpeed ZeRO-3, docs/model.md §rec.split) leads over
the single cards, or "" when one card stays the pick: asked for the cheapest, a set leads when its cards cost
less than the cheapest single card; else when the best-value set gives more per dollar over the years than the
single pick.
"""

from __future__ import annotations

from assistant.respond.env import Env


def why_sets(single, sets, by_price: bool, need: float, env: Env) -> str:
    """The note that says why `sets` (a fine-tune's ranking with sets) lead over `single` (cards that hold the job
    alone): the cheapest set costs less than the cheapest single card (`by_price`), or the best-value set gives more
    per dollar over the years than the single pick; "" when one card stays the pick."""
    if by_price:
        one = min((r.price_usd for r in single.rows), default=None)
        low = min(sets.rows, key=lambda r: r.price_usd * r.n_gpus, default=None)
        if low is None or one is None or low.n_gpus <= 1 or low.price_usd * low.n_gpus >= one:
            return ""
        return env.t("rec.multi_cheaper_tune", need=f"{need:,.0f}", one=env.money(one))
    best, alone = sets.choice, single.choice
    if best is None or alone is None or best.n_gpus <= 1 or best.value_per_tco <= alone.value_per_tco:
        return ""
    more = (best.value_per_tco / alone.value_per_tco - 1) * 100 if alone.value_per_tco else 0.0
    name = env.reader.known_gpu(alone.gpu).short_name
    return env.t("rec.multi_better_tune", need=f"{need:,.0f}", gpu=name, pct=f"{more:.0f}")
