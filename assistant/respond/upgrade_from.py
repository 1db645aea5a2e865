"""An upgrade from the card the user has ("my 3070 keeps running out of memory, upgrade to what", "我现在用的是3060
12g 想升级"): the recommendation keeps only cards that are an upgrade, and says how much against the owned one.

Contract: `narrow(ranking, unbounded, owned, key, chat)` -> the ranking without the cards that are not an upgrade:
at least UPGRADE_SPEEDUP [A] as fast for the workload ranked (the owned card's score from `unbounded`, the same
ranking without a budget, else the performance model) and never less memory on one card than the owned card
(when memory is the complaint, intents/recommend.py already asks for the next memory size up).
`against(best, owned, own_score, title, env)` -> the sentence that compares the pick with the owned card.
`marginal(best, owned, own_score, title, env, real)` -> "" when the pick is an upgrade; else (the pick is the owned
card itself, or under UPGRADE_SPEEDUP x as fast: a below-the-floor fallback) the sentence that says so, with `real`,
the best-value card that is an upgrade whatever its price, when there is one.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.pricing import chat_score, score
from assistant.specs import GpuSpec

UPGRADE_SPEEDUP = 1.2  # [A] less than 20 % faster is not worth replacing a card for


def own_score(owned: GpuSpec, unbounded, key: str, chat) -> float:
    """The owned card's speed on the ranking's scale (RTX 3090 = 1)."""
    row = next((r for r in unbounded.rows if r.gpu == owned.name and r.n_gpus == 1), None)
    if row is not None:
        return row.score
    if chat:
        return chat_score(chat[0], chat[1], chat[2], owned).score
    return score(owned, key).score


def narrow(ranking, owned: GpuSpec, mine: float, env: Env):
    """The rows that are an upgrade on `owned` (see the module contract)."""
    floor = owned.memory_gb or 0.0

    def upgrade(row) -> bool:
        memory = env.reader.known_gpu(row.gpu).memory_gb or 0.0
        return row.gpu != owned.name and row.score >= mine * UPGRADE_SPEEDUP and memory >= floor

    rows = tuple(r for r in ranking.rows if upgrade(r))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=rows[1:4], rows=rows)


def against(best, owned: GpuSpec, mine: float, title: str, env: Env) -> str:
    """ "Against your RTX 3070 (8 GB): about 1.9x as fast for 16-bit training, 16 GB." """
    memory = env.reader.known_gpu(best.gpu).memory_gb or 0.0
    ratio = best.score / mine if mine > 0 else 0.0
    return env.t(
        "rec.upgrade_against",
        owned=owned.short_name,
        owned_gb=f"{owned.memory_gb or 0:g}",
        gpu=env.reader.known_gpu(best.gpu).short_name,
        ratio=f"{ratio:.1f}",
        title=title,
        gb=f"{memory * best.n_gpus:g}",
    )


def marginal(best, owned: GpuSpec, mine: float, title: str, env: Env, real=None) -> str:
    ratio = best.score / mine if mine > 0 else 0.0
    if best.gpu != owned.name and ratio >= UPGRADE_SPEEDUP:
        return ""
    values = {
        "owned": owned.short_name,
        "gpu": env.reader.known_gpu(best.gpu).short_name,
        "ratio": f"{ratio:.2f}",
        "title": title,
        "threshold": f"{UPGRADE_SPEEDUP:g}",
    }
    key = (
        "rec.upgrade_self" if best.gpu == owned.name else "rec.upgrade_marginal" if ratio >= 1 else "rec.upgrade_slower"
    )
    text = env.t(key, **values)  # a card within the budget slower than the user's is no upgrade at all: said so
    if real is not None:
        text += i18n.gap(env.lang) + env.t(
            "rec.upgrade_first",
            gpu=(f"{real.n_gpus} x " if real.n_gpus > 1 else "") + env.reader.known_gpu(real.gpu).short_name,
            price=env.money(real.price_usd * real.n_gpus),
            ratio=f"{real.score / mine:.1f}" if mine > 0 else "?",
        )
    return text
