"""An owned card and two ways up with three cards named ("i already own a 4090, should i add a 3090 or sell it and get
a 5090", "我有4090 加一张3090还是卖了换5090"): adding a different card beside it against selling it for another.

Contract: `answer(query, gpus, env, largest_llm)` -> Answer | None for a comparison naming three different cards, the
first owned (the first named), where the question adds a card (lexicon asked_add_card) and sells or replaces
(asked_sell / asked_replace). Adding: the second card at its used price (else the price in force); the pair's memory
in all and the largest LLM it holds at 4-bit split by layer (fit.largest_llm on the summed memory, docs/model.md
§llm.mixed), the slower card setting the pace. Selling: the third card's price less the owned card's used price
(without one, its price in force), its memory and largest LLM on one card. 16-bit training speed: the performance
model (RTX 3090 = 1); a mixed pair trains data-parallel at the slower card's pace (two of the slower card). The pick:
the pair when it holds a larger model, and the single card when it is faster too, said as a split; else the single
card. `figures.upgrade`: add / sell objects (gpus, cost_usd, memory_gb, largest_llm, train_speed). None when it does
not apply or a price is missing.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import price_of, purchase_price, score
from assistant.respond.wording import counted
from assistant.specs import GpuSpec


def _buy(gpu: GpuSpec, env: Env):
    return price_of(gpu.name, env, "used") or purchase_price(gpu.name, env)


def answer(query, gpus: list[GpuSpec], env: Env, largest_llm) -> Answer | None:
    refs, words, text = [r for r in query.gpus if r.name], lexicon(env.lang), f" {query.text.lower()} "
    by_name = {g.name: g for g in gpus}
    names = [r.name for r in refs]
    if len(refs) != 3 or len(set(names)) != 3 or any(r.count > 1 for r in refs):
        return None
    if not (
        words.words_in("asked_add_card", text)
        and (words.words_in("asked_sell", text) or words.words_in("asked_replace", text))
    ):
        return None
    owned, added, other = (by_name.get(n) for n in names)
    if owned is None or added is None or other is None:
        return None
    resale, add_price, bought = _buy(owned, env), _buy(added, env), purchase_price(other.name, env)
    if resale is None or add_price is None or bought is None:
        return None
    pair_gb = (owned.memory_gb or 0.0) + (added.memory_gb or 0.0)
    slower = min((owned, added), key=lambda g: score(g, "train16").score)
    add = {
        "gpus": [owned.name, added.name],
        "cost_usd": round(add_price.usd, 2),
        "memory_gb": pair_gb,
        "largest_llm": largest_llm(env, pair_gb),
        "train_speed": round(score(slower, "train16", n_gpus=2).score, 2),
    }
    sell = {
        "gpus": [other.name],
        "cost_usd": round(bought.usd - resale.usd, 2),
        "memory_gb": other.memory_gb or 0.0,
        "largest_llm": largest_llm(env, other.memory_gb or 0.0),
        "train_speed": round(score(other, "train16").score, 2),
    }
    net = "upgrade.net_more" if sell["cost_usd"] >= 0 else "upgrade.net_back"
    head = env.t(
        "upgrade_mixed.head",
        owned=owned.short_name,
        added=added.short_name,
        a_added=counted(env, added, 1),
        a_other=counted(env, other, 1),
        add_cost=env.money(add["cost_usd"]),
        add_mem=f"{pair_gb:g}",
        add_llm=add["largest_llm"] or "?",
        slower=slower.short_name,
        add_speed=f"{add['train_speed']:.2f}",
        resale=env.money(resale.usd),
        other=other.short_name,
        price=env.money(bought.usd),
        sell_net=env.t(net, money=env.money(abs(sell["cost_usd"]))),
        sell_mem=f"{sell['memory_gb']:g}",
        sell_llm=sell["largest_llm"] or "?",
        sell_speed=f"{sell['train_speed']:.2f}",
    )
    bigger = pair_gb > sell["memory_gb"] and add["largest_llm"] != sell["largest_llm"]
    faster = sell["train_speed"] > add["train_speed"]
    key = (
        "upgrade_mixed.pick_split"
        if bigger and faster
        else "upgrade_mixed.pick_add"
        if bigger
        else "upgrade_mixed.pick_sell"
    )
    pick = env.t(key, owned=owned.short_name, added=added.short_name, other=other.short_name, gb=f"{pair_gb:g}")
    return Answer(
        question=query.text,
        intent="compare",
        headline=i18n.gap(env.lang).join([pick, head]),
        gpus=[owned.name, added.name, other.name],
        choice=added.name if key.endswith("add") else other.name if key.endswith("sell") else None,
        steps=[env.t("upgrade_mixed.basis", owned=owned.short_name, slower=slower.short_name)],
        figures={"upgrade": {"add": add, "sell": sell}},
        sources=env.cite(resale.source, add_price.source, bought.source)
        + ["method: docs/model.md §perf, §mem, §llm.mixed"],
        lang=env.lang,
    )
