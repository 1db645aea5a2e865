""" "why that one?" / "为什么" after a recommendation: the decisive reason first, before the pick and its reasons.

Contract: `why_lead(answer, env)` -> the sentence that says why the recommendation's pick won, from its figures:
how many cards met what was asked (budget, memory the work needs) and, when others did, how much more speed per
money over the ownership period the pick gives than the next one; for the sets that serve N users, why the first
set (the cheapest machine that gives each user the floor speed, or the fastest when none does) and what the next
costs; "" when the answer is no ranked pick.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env
from assistant.respond.serving import tokens_rate

NEAR_TIE_PCT = 5.0  # [A] picks this close on value per money are a tie that speed or price decides


def why_lead(answer: Answer, env: Env) -> str:
    ranking = answer.figures.get("ranking") or []
    rows = answer.figures.get("ranking") or []
    unvalued = any("value_per_tco" not in r for r in rows[:2] if isinstance(r, dict))  # the Macs by their memory
    if (
        answer.intent != "recommend" or unvalued
    ):  # a fit, a cost, a comparison ...: its own reasons first, not the same answer again
        from assistant.respond.why_reasons import reasons_lead

        return reasons_lead(answer, env)
    served = answer.figures.get("serving_sets")
    if served and served.get("sets"):  # "we serve 30 users ..." then "why?": why that set
        return _why_set(served, env)
    if not ranking or not answer.choice:
        return ""
    best = ranking[0]
    label = _label(best, env)
    asked = _asked(answer, env)
    count = int(answer.figures.get("ranked_count") or len(ranking))
    years = f"{env.assumptions.years:g}"
    if answer.figures.get("below_floor"):  # nothing within the budget has the memory: the most memory led
        return _why_below_floor(answer, ranking, env)
    if count <= 1 or len(ranking) < 2:
        return env.t("rec.why_only", gpu=label, asked=asked)
    nxt = ranking[1]
    more = (best["value_per_tco"] / nxt["value_per_tco"] - 1) * 100 if nxt["value_per_tco"] else 0.0
    said = {"gpu": label, "n": count, "asked": asked, "years": years, "pct": f"{more:.0f}", "next": _label(nxt, env)}
    if more < NEAR_TIE_PCT and best["score"] and nxt["score"]:  # a near tie: speed or price decides, said so
        fast, slow = (best, nxt) if best["score"] >= nxt["score"] else (nxt, best)
        return env.t(
            "rec.why_tie",
            **said,
            fast=_label(fast, env),
            slow=_label(slow, env),
            speed=f"{fast['score'] / slow['score']:.2f}",
            cheap=_label(min((best, nxt), key=lambda r: r["price_usd"] * r.get("gpu_count", 1)), env),
        )
    return env.t(
        "rec.why_best",
        **said,
        speed=f"{best['score'] / nxt['score']:.2f}" if nxt["score"] else "?",
    )


def _why_below_floor(answer: Answer, ranking: list, env: Env) -> str:
    """Why the pick when no card within the budget has the memory the work wants: the most memory within it led,
    then speed per money among the cards with that much."""
    best = ranking[0]
    memory = env.reader.known_gpu(best["gpu"]).memory_gb or 0
    peers = [r for r in ranking[1:] if (env.reader.known_gpu(r["gpu"]).memory_gb or 0) == memory]
    said = {
        "gpu": _label(best, env),
        "budget": env.money((answer.assumptions or {}).get("budget_usd") or 0),
        "floor": f"{answer.figures.get('memory_need_gb') or 0:,.0f}",
        "memory": f"{memory:g}",
    }
    nxt = peers[0] if peers and peers[0].get("value_per_tco") and best.get("value_per_tco") else None
    if nxt is None:
        return env.t("rec.why_below_floor_only", **said)
    more = (best["value_per_tco"] / nxt["value_per_tco"] - 1) * 100
    return env.t(
        "rec.why_below_floor", **said, years=f"{env.assumptions.years:g}", pct=f"{more:.0f}", next=_label(nxt, env)
    )


def _label(row: dict, env: Env) -> str:
    name = env.reader.known_gpu(row["gpu"]).short_name
    return f"{row['gpu_count']} x {name}" if row.get("gpu_count", 1) > 1 else name


def _asked(answer: Answer, env: Env) -> str:
    """ "within $1,000, with at least 24 GB" (what the ranking was held to), or the words for no limit."""
    parts = []
    budget = (answer.assumptions or {}).get("budget_usd")
    if budget:
        parts.append(env.t("rec.why_within", money=env.money(budget)))
    need = answer.figures.get("memory_need_gb")
    if need:
        parts.append(env.t("rec.why_memory_need", gb=f"{need:,.0f}"))
    return i18n.sep(env.lang).join(parts) if parts else env.t("rec.why_no_limit")


def _why_set(served: dict, env: Env) -> str:
    """Why the first serving set: the cheapest machine meeting the per-user floor (the next one's cost and speed
    said), or the fastest per user when no set meets it."""
    sets = served["sets"]
    floor = served.get("min_per_user_tokens_per_second") or 0
    best = sets[0]
    said = {
        "what": _label(best, env),
        "users": served.get("users"),
        "floor": f"{floor:g}",
        "each": tokens_rate(best["per_user_tokens_per_second"]),
        "machine": env.money(best["machine_usd"]),
    }
    if best["per_user_tokens_per_second"] < floor:
        return env.t("rec.why_serving_slow", **said)
    nxt = next((s for s in sets[1:] if s["per_user_tokens_per_second"] >= floor), None)
    if nxt is None:
        return env.t("rec.why_serving_only", **said)
    more = {"next": _label(nxt, env), "next_machine": env.money(nxt["machine_usd"])}
    return env.t("rec.why_serving", **said, **more, next_each=tokens_rate(nxt["per_user_tokens_per_second"]))
