"""Answer "i have $400, want to mess with local ai, new or used?", "预算2000 买新卡还是二手": the recommendation made
twice, once on new prices and once on used ones, and which of the two picks to take.

Contract: `asks(query, env)` is true when the text asks new against used (lexicon `new_or_used_words`; the reader may
have taken "new" from those words as the condition, which this answer overrides). `respond(query, env, recommend)` runs
`recommend` (respond.recommend.respond) with condition "new" and with "used" and leads with the pick to take: with a
model or size named (both ranked sides hold it), the one that runs it SAME_SPEED times as fast or more; else the one
with more memory (memory decides what runs, §rec); with the same memory the used one when it gives at least USED_MARGIN
more value over the ownership period, else the new one (a warranty, no wear); then the other with its numbers and the
used-card checks. The tables of both answers follow, titled with the condition of their prices, and the picked side's
steps (the other's without its per-card price lines). `figures.new_or_used` = {new: {gpu, price_usd, memory_gb, score},
used: {...}, pick}; `choice` is the pick. When one condition finds nothing within the budget, the other answers alone,
said."""

from __future__ import annotations

import dataclasses
import re
from contextvars import ContextVar

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

_SPLITTING: ContextVar[bool] = ContextVar("new_or_used_splitting", default=False)  # inside respond: answer as asked
USED_MARGIN = 1.15  # [A] a used card without memory to show for it must give 15 % more value to beat a warranty
SAME_SPEED = 1.05  # [A] closer than this on the model asked, speed picks nothing (as compare_pick.SAME_SPEED)


def asks(query, env: Env) -> bool:
    if _SPLITTING.get():
        return False
    return bool(lexicon(env.lang).words_in("new_or_used_words", query.text.lower()))


def _first(answer: Answer) -> dict | None:
    rows = (answer.figures or {}).get("ranking") or []
    return rows[0] if rows and answer.choice else None


def _side(env: Env, row: dict) -> dict:
    gpu = env.reader.known_gpu(row["gpu"])
    return {
        "gpu": row["gpu"],
        "label": (f"{row['gpu_count']} x " if row.get("gpu_count", 1) > 1 else "") + gpu.short_name,
        "price_usd": row["price_usd"] * row.get("gpu_count", 1),
        "memory_gb": (gpu.memory_gb or 0) * row.get("gpu_count", 1),
        "score": row["score"],
        "value": row["value_per_tco"],
    }


_PRICED = re.compile(r"[$¥€£]\s?\d")  # a step with a price: one side's per-card line, on that side's prices


def _titled(answer: Answer, condition: str, env: Env) -> list:
    """The side's tables titled with the condition their prices are of (a card new on both sides has two prices)."""
    return [dataclasses.replace(t, title=env.t(f"new_or_used.table_{condition}")) for t in answer.tables]


def _slower(pick: str, u: dict, n: dict) -> bool:
    """The side picked for its memory is the slower one (said: the other is faster on models both hold)."""
    mine, other = (u, n) if pick == "used" else (n, u)
    return mine["score"] < other["score"]


def respond(query, env: Env, recommend) -> Answer:
    token = _SPLITTING.set(True)
    try:
        new = recommend(dataclasses.replace(query, condition="new"), env)
        used = recommend(dataclasses.replace(query, condition="used"), env)
    finally:
        _SPLITTING.reset(token)
    n_row, u_row = _first(new), _first(used)
    if n_row is None or u_row is None:  # one side has nothing within the budget: the other answers, and says so
        alone, missing = (used, "new") if n_row is None else (new, "used")
        lead = env.t(f"new_or_used.none_{missing}")
        return dataclasses.replace(alone, headline=i18n.gap(env.lang).join([lead, alone.headline]))
    n, u = _side(env, n_row), _side(env, u_row)
    sized = bool(getattr(query, "params_b", None) or getattr(query, "model", None))  # both ranked sides hold it
    fast = max(u["score"], n["score"]) >= SAME_SPEED * min(u["score"], n["score"]) > 0
    if sized and fast:  # "have $1200, want to run 32b models at decent speed, new or used?": the faster wins
        pick = "used" if u["score"] > n["score"] else "new"
        key = f"new_or_used.{pick}_speed"
    elif u["memory_gb"] != n["memory_gb"]:  # memory decides what runs (§rec): the side with more wins
        pick = "used" if u["memory_gb"] > n["memory_gb"] else "new"
        key = f"new_or_used.{pick}_memory" + ("_slower" if _slower(pick, u, n) else "")
    else:
        pick = "used" if u["value"] >= n["value"] * USED_MARGIN else "new"
        key = f"new_or_used.{pick}_value"
    values = {
        "new_gpu": n["label"],
        "new_price": env.money(n["price_usd"]),
        "new_mem": f"{n['memory_gb']:g}",
        "used_gpu": u["label"],
        "used_price": env.money(u["price_usd"]),
        "used_mem": f"{u['memory_gb']:g}",
        "ratio": f"{u['value'] / n['value']:.2f}" if n["value"] else "?",
        "speed": f"{u['score'] / n['score']:.2f}" if n["score"] else "?",
        "inverse": f"{n['score'] / u['score']:.2f}" if u["score"] else "?",
    }
    head = env.t(key, **values)
    chosen, other = (used, new) if pick == "used" else (new, used)
    steps = [env.t("new_or_used.checks"), *chosen.steps]
    steps += [s for s in other.steps if s not in steps and not _PRICED.search(s)]  # its per-card lines: its table
    return dataclasses.replace(
        chosen,
        headline=head,
        tables=[*_titled(chosen, pick, env), *_titled(other, "new" if pick == "used" else "used", env)],
        steps=steps,
        figures=chosen.figures | {"new_or_used": {"new": n, "used": u, "pick": pick}},
        sources=list(dict.fromkeys([*used.sources, *new.sources])),
    )
