"""The parts of a recommendation's answer drawn from its ranking: the table (at least 8 rows or the top N, converted
prices marked *), the runner-up and excluded lines, the ranking figures, the "top N" list and the modified-card
pointer. Pure wording over a models.recommend ranking; no ranking is made here."""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.pricing import is_converted, price_of
from assistant.respond.recommend_need import exclusion_reason
from assistant.respond.recommend_order import label
from assistant.respond.variants import is_modified
from assistant.respond.wording import direction, gb


def top_list(query: RecommendQuery, env: Env, ranking, title: str, years: str) -> tuple[str, list[str], list[dict]]:
    """ "top 5 gpus for X": the N best by value over the ownership period, numbered, and the fastest
    of the qualifying GPUs whatever their price (a list by speed) as a second view."""
    n = query.top_n or 0
    rows = ranking.rows[:n]
    listed = i18n.sep(env.lang).join(
        env.t("rec.top_item", rank=k, gpu=label(r), price=env.money(r.price_usd * r.n_gpus))
        for k, r in enumerate(rows, 1)
    )
    by_speed = query.sort == "speed"
    key = {"price": "rec.top_head_cheapest", "speed": "rec.top_head_fastest"}.get(query.sort or "", "rec.top_head")
    head = env.t(key, n=n, title=title, items=listed, years=years)
    steps = []
    if len(rows) < n:
        steps.append(env.t("rec.top_fewer", n=n, found=len(rows)))
    # the second view: by value for a list by speed, by speed for any other
    other = sorted(ranking.rows, key=lambda r: -r.value_per_tco if by_speed else -r.score * r.n_gpus)[:n]
    if [r.gpu for r in other] != [r.gpu for r in rows]:
        steps.append(
            env.t(
                "rec.top_by_value" if by_speed else "rec.top_fastest",
                n=len(other),
                years=years,
                items=i18n.sep(env.lang).join(
                    env.t(
                        "rec.top_fast_item",
                        gpu=label(r),
                        score=f"{r.score:.2f}",
                        price=env.money(r.price_usd),
                    )
                    for r in other
                ),
            )
        )
    top = [
        {
            "rank": k,
            "gpu": r.gpu,
            "gpu_count": r.n_gpus,
            "score": round(r.score, 3),
            "price_usd": round(r.price_usd, 2),
            "value_per_tco": round(r.value_per_tco, 3),
        }
        for k, r in enumerate(rows, 1)
    ]
    return head, steps, top


def memory_sets_note(ranking, gb_asked: float, env: Env) -> str:
    """Sets of cards counted for a memory asked that no single card gives: how many the first holds it in, and the
    set of the fewest cards (simpler to house and split less) when the first is not one."""
    first = ranking.choice
    note = env.t("rec.multi_memory", gb=f"{gb_asked:g}", n=first.n_gpus)
    fewest = min(ranking.rows, key=lambda r: (r.n_gpus, r.price_usd * r.n_gpus))
    if fewest.n_gpus < first.n_gpus:
        note += " " + env.t(
            "rec.multi_memory_fewest",
            what=label(fewest),
            cards=env.money(fewest.price_usd * fewest.n_gpus),
            speed=f"{fewest.score:.2f}",
            first=f"{first.score:.2f}",
        )
    return note


def ranking_table(query: RecommendQuery, ranking, years: str, env: Env) -> tuple[Table, set[str]]:
    """The ranking's first rows (at least 8, or the top N asked) and the GPUs whose price is converted from
    another currency (marked *)."""
    shown = ranking.rows[: max(8, query.top_n or 0)]
    converted = {r.gpu for r in shown if is_converted(price_of(r.gpu, env), env)}
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_speed"),
            env.t("rec.col_memory"),
            env.t("rec.col_price"),
            env.t("rec.col_cost", years=years),
            env.t("rec.col_per_price", per=env.money_unit()),
            env.t("rec.col_per_tco", years=years, per=env.money_unit()),
        ],
        rows=[
            [
                label(r),
                f"{r.score:.2f}",
                (f"{r.n_gpus} x " if r.n_gpus > 1 else "") + gb(r.memory_gb),
                env.money(r.price_usd) + ("*" if r.gpu in converted else ""),
                env.money(r.tco_usd),
                f"{env.per_money(r.value_per_purchase):.2f}",
                f"{env.per_money(r.value_per_tco):.2f}",
            ]
            for r in shown
        ],
    )
    return table, converted


def runner_up_steps(ranking, best, cheapest: bool, env: Env) -> list[str]:
    if cheapest:
        return [
            env.t(
                "rec.runner_up_cheapest",
                gpu=label(r),
                price=env.money(r.price_usd),
                score=f"{r.score:.2f}",
                value=f"{env.per_money(r.value_per_tco):.2f}",
                per=env.money_unit(),
            )
            for r in ranking.runners_up
        ]
    steps = []
    for r in ranking.runners_up:
        # "fastest under $2000": a runner-up may give MORE value than the pick ("3 % more", not "-3 % less")
        way, size = direction(1 - r.value_per_tco / best.value_per_tco)
        steps.append(
            env.t(
                "rec.runner_up" if way == "less" else f"rec.runner_up_{way}",
                gpu=label(r),
                value=f"{env.per_money(r.value_per_tco):.2f}",
                per=env.money_unit(),
                score=f"{r.score:.2f}",
                price=env.money(r.price_usd),
                less=size,
                best=best.gpu,
            )
        )
    return steps


def not_excluding(steps: list[str], gpu: str, env: Env) -> list[str]:
    """The steps without the exclusion of `gpu` ("Excluded: ... GeForce RTX 3060 12 GB (memory 12 GB x 1 < 48 GB
    needed)") when several of it lead the answer: one card of it is short, the set is not; an "Excluded" step left
    with no item goes."""
    head, _, tail = env.t("rec.excluded", items="\0").partition("\0")
    sep = i18n.sep(env.lang)
    out = []
    for step in steps:
        if not (step.startswith(head) and step.endswith(tail)):
            out.append(step)
            continue
        listed = step[len(head) : len(step) - len(tail)].split(sep)
        items = [i for i in listed if not (i.startswith(gpu) and i[len(gpu) : len(gpu) + 1] in (" ", "（"))]
        if items:
            out.append(head + sep.join(items) + tail)
    return out


def excluded_steps(ranking, budget: float | None, env: Env) -> list[str]:
    """Up to five notable exclusions with their reasons (unpriced and laptop cards, and Apple's machines left out by
    their maker, are not notable: no card ranking would hold them)."""
    notable = [
        (g, r)
        for g, r in ranking.excluded
        if r != "no price in the snapshot" and "laptop" not in r and not (g.startswith("Apple ") and "Apple" in r)
    ][:5]
    if not notable:
        return []
    items = i18n.sep(env.lang).join(
        env.t("rec.excluded_item", gpu=g, reason=exclusion_reason(r, env, budget)) for g, r in notable
    )
    return [env.t("rec.excluded", items=items)]


def ranking_figures(ranking) -> list[dict]:
    return [
        {
            "gpu": r.gpu,
            "gpu_count": r.n_gpus,
            "score": round(r.score, 3),
            "price_usd": round(r.price_usd, 2),
            "value_per_tco": round(r.value_per_tco, 3),
            "value_per_purchase": round(r.value_per_purchase, 3),
        }
        for r in ranking.rows[:10]
    ]


def stock_pointer(best, ranking, env: Env) -> str:
    """A modified card leads the ranking (the 2080 Ti 22 GB, no vendor warranty): the headline says so and names the
    best card sold as made, with how much of the leader's value it keeps; "" otherwise."""
    if not is_modified(best.gpu):
        return ""
    stock = next((r for r in ranking.rows if not is_modified(r.gpu)), None)
    if stock is None:
        return i18n.gap(env.lang) + env.t("rec.top_modified_alone", gpu=best.gpu)
    share = stock.value_per_tco / best.value_per_tco * 100 if best.value_per_tco else 0.0
    named = f"{stock.n_gpus} x {stock.gpu}" if stock.n_gpus > 1 else stock.gpu  # "2 x RTX 3070": the set, its cards
    price = env.money(stock.price_usd * stock.n_gpus)
    return i18n.gap(env.lang) + env.t("rec.top_modified", gpu=best.gpu, stock=named, price=price, share=f"{share:.0f}")


STOCK_SHARE = 0.8  # [A] a card sold as made keeping this share of a modified card's value leads instead of it


def stock_first(ranking, text: str, env: Env):
    """A modified card (the 2080 Ti 22 GB: no vendor warranty, a harder resale) tops the ranking by value for a
    learner (lexicon verdict_purpose: "学生党预算4000 入门深度学习"): the best card sold as made leads instead when it
    keeps STOCK_SHARE of that value, unless the question asks for modified cards (lexicon modified_asked_words); for
    anyone else the modified card keeps the lead ("预算1万块，想训练lora": its 22 GB is what it is bought for).
    Returns (the ranking, the modified row set aside or None)."""
    best, lex, low = ranking.choice, lexicon(env.lang), text.lower()
    if best is None or not is_modified(best.gpu) or lex.words_in("modified_asked_words", low):
        return ranking, None
    if not lex.words_in("verdict_purpose", low):
        return ranking, None
    stock = next((r for r in ranking.rows if not is_modified(r.gpu)), None)
    if stock is None or not best.value_per_tco or stock.value_per_tco < STOCK_SHARE * best.value_per_tco:
        return ranking, None
    rows = (stock, *(r for r in ranking.rows if r is not stock))
    runners = rows[1 : len(ranking.runners_up) + 1]
    return dataclasses.replace(ranking, choice=stock, rows=rows, runners_up=runners), best


def pointer(best, ranking, aside, env: Env, years: str) -> str:
    """The modified card beside the pick: the stock card pointed at when a modified one leads, or the modified one
    set aside when a stock card leads (stock_first)."""
    return stock_pointer(best, ranking, env) + modified_aside(aside, best, env, years)


def modified_aside(row, best, env: Env, years: str) -> str:
    """The modified card set aside by stock_first, said after the pick: its price and how much better value it is."""
    if row is None or not best.value_per_tco:
        return ""
    pct = f"{(row.value_per_tco / best.value_per_tco - 1) * 100:.0f}"
    price = env.money(row.price_usd * row.n_gpus)
    return i18n.gap(env.lang) + env.t("rec.modified_aside", gpu=label(row), price=price, pct=pct, years=years)


SPEND_SHARE = 0.5  # [A] a value pick under half the budget leaves the money to spend unused: the fastest is named too


def budget_fastest(best, ranking, budget: float | None, env: Env) -> str:
    """ "i have $2500 for a gpu for training": when the value pick costs under SPEND_SHARE of the budget, the fastest
    card the ranking holds within it (one card, as the pick) and how much faster; else that the cards ranked are
    within the budget; "" with no budget."""
    if not budget:
        return ""
    within = i18n.gap(env.lang) + env.t("rec.budget_within", budget=env.money(budget))  # the budget said, used
    if best.price_usd * best.n_gpus >= SPEND_SHARE * budget:
        return within
    fastest = max(
        (r for r in ranking.rows if r.n_gpus == best.n_gpus), key=lambda r: (r.score, -r.price_usd), default=None
    )
    if fastest is None or fastest.gpu == best.gpu or fastest.score < best.score * 1.1:
        return within
    return i18n.gap(env.lang) + env.t(
        "rec.budget_fastest",
        budget=env.money(budget),
        gpu=label(fastest),
        price=env.money(fastest.price_usd * fastest.n_gpus),
        ratio=f"{fastest.score / best.score:.2f}",
        memory=gb(fastest.memory_gb),
    )
