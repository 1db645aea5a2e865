"""Owned cards and two ways up ("i have 2 3060s, add a third or sell both for a 3090?",
"我有两张3060 再加一张还是卖了换3090"): adding one more of the owned card against selling them for the other card.

Contract: `answer(query, gpus, env)` -> Answer | None for a comparison of two cards where the question both sells
the first (lexicon asked_sell) and adds one more of it (asked_add_card), owned in a count (the count the question
gives, at least one). Adding: one more of the owned card at its used price (else the price in force); selling: the
other card's price less the owned cards at their used price (without one, their price in force as the most a sale
brings, said). Each way's memory in all, the largest LLM it holds at 4-bit (fit.largest_llm: split across the cards
by layer), and its 16-bit training speed (the performance model with data-parallel scaling, RTX 3090 = 1). The
headline names both ways with their cost and what they buy, then which one: more memory when it holds a larger
model, else the faster way on fewer cards. `figures.upgrade`: add / sell objects (gpu, gpu_count, cost_usd,
memory_gb, largest_llm, train_speed). None when it does not apply or a price is missing.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.nlu.owned_gpus import owned_before, swapped_from
from assistant.respond.env import Env
from assistant.respond.pricing import is_converted, price_of, purchase_price, score
from assistant.respond.wording import counted
from assistant.specs import GpuSpec


def answer(query, gpus: list[GpuSpec], env: Env) -> Answer | None:
    """The two ways up from the owned cards (see the module contract)."""
    refs, words, text = [r for r in query.gpus if r.name], lexicon(env.lang), f" {query.text.lower()} "
    if len(refs) == 3:  # "i own a 4090, add a 3090 or sell it and get a 5090": a different card added
        from assistant.respond import upgrade_mixed
        from assistant.respond.fit import largest_llm as largest

        return upgrade_mixed.answer(query, gpus, env, largest)
    if (
        len(refs) != 2
        or len(gpus) != 2
        or not (
            (words.words_in("asked_sell", text) or words.words_in("asked_replace", text))
            and words.words_in("asked_add_card", text)
        )
    ):
        return None  # both ways asked: selling alone ("sell my 3090 for a 4090") is the plain comparison
    owned = next(g for g in gpus if g.name == refs[0].name)
    other = next(g for g in gpus if g.name == refs[1].name)
    n = max(refs[0].count, 1)
    if n >= 2 and refs[0].mention and text.count(refs[0].mention.lower()) >= 2:
        n -= 1  # "手上一张3090 再加一张3090": the card named again was counted in already (Reading._added_cards)
    used = price_of(owned.name, env, "used")
    resale, added, bought = used or purchase_price(owned.name, env), _buy(owned, env), _buy(other, env)
    if owned.name == other.name or resale is None or added is None or bought is None:
        return None
    from assistant.respond.fit_sizing import largest_llm  # fit imports the comparison modules

    ways = {
        "add": _way(owned, n + 1, added.usd, env, largest_llm),
        "sell": _way(other, 1, bought.usd - resale.usd * n, env, largest_llm),
    }
    add, sell = ways["add"], ways["sell"]
    head = env.t(
        "upgrade.head",
        owned_what=counted(env, owned, n, article=False),
        owned=owned.short_name,
        add_cost=env.money(add["cost_usd"]),
        add_mem=f"{add['memory_gb']:g}",
        add_llm=add["largest_llm"] or "?",
        add_speed=f"{add['train_speed']:.2f}",
        resale=env.money(resale.usd * n),
        other=other.short_name,
        price=_priced(bought, env),
        sell_net=env.t(
            "upgrade.net_more" if sell["cost_usd"] >= 0 else "upgrade.net_back", money=env.money(abs(sell["cost_usd"]))
        ),
        sell_mem=f"{sell['memory_gb']:g}",
        sell_llm=sell["largest_llm"] or "?",
        sell_speed=f"{sell['train_speed']:.2f}",
    )
    # more memory decides only when it holds a larger model (a 36 GB set and a 24 GB card both stop at 34B at 4-bit)
    bigger = add["memory_gb"] > sell["memory_gb"] and add["largest_llm"] != sell["largest_llm"]
    faster = sell["train_speed"] > add["train_speed"]
    key = "upgrade.pick_split" if bigger and faster else "upgrade.pick_add" if bigger else "upgrade.pick_sell"
    if key == "upgrade.pick_sell" and add["memory_gb"] > sell["memory_gb"]:
        key = "upgrade.pick_sell_same_model"
    head += i18n.gap(env.lang) + env.t(
        key, owned=owned.short_name, other=other.short_name, n=n + 1, model=sell["largest_llm"] or "?"
    )
    runs = _runs_already(query, owned, n, env)  # "想跑qwen2.5 14b ... 加一张还是换": the card owned may do it already
    head = i18n.gap(env.lang).join(p for p in (runs, head) if p)
    steps = [env.t("upgrade.basis", owned=owned.short_name)]
    if used is None:
        steps.append(env.t("upgrade.no_used", owned=owned.short_name))
    return Answer(
        question=query.text,
        intent="compare",
        headline=head,
        gpus=[owned.name, other.name],
        choice=other.name if key.startswith("upgrade.pick_sell") else owned.name if key == "upgrade.pick_add" else None,
        steps=steps,
        figures={"upgrade": ways},
        sources=env.cite(resale.source, added.source, bought.source) + ["method: docs/model.md §perf, §mem"],
        lang=env.lang,
    )


def _runs_already(query, owned: GpuSpec, n: int, env: Env) -> str:
    """The sentence that the cards owned already hold the LLM the question names at 4-bit, or ""."""
    from assistant.models import memory

    ref = getattr(query, "model", None)
    model = env.reader.model(ref.key) if ref is not None and ref.key else None
    if model is None or model.kind != "llm" or not owned.memory_gb:
        return ""
    need = memory.inference_memory(model, "q4_k_m", context=4096, n_gpus=n).total_gb
    if need > owned.memory_gb * n:
        return ""
    return env.t(
        "upgrade.runs_already",
        owned=counted(env, owned, n, article=False),
        model=model.name,
        need=f"{need:.1f}",
        mem=f"{owned.memory_gb * n:g}",
    )


def swap_lead(query, gpus: list[GpuSpec], env: Env) -> tuple[str, list[str]]:
    """ "should i sell my 3090 and get a 4090", "3080卖了换4090值吗": selling the first card named (owned, lexicon
    asked_sell, no card added) for the second: what the swap costs net (the second's price in force less the first's
    used price) and what it buys in memory and 16-bit training speed, to lead the comparison; ("", []) otherwise."""
    refs, words, text = [r for r in query.gpus if r.name], lexicon(env.lang), f" {query.text.lower()} "
    sale_said = getattr(query, "sale_amount", None) is not None  # "4080s 能卖6000 要不要换4090": a sale, its price said
    owned_up = owned_upgrade(query, env) if not (sale_said or words.words_in("asked_sell", text)) else None
    # "能卖4500 再加8000换4090": money added to the sale (nlu sell_keep.topped_up priced the card), no card added
    topped = (
        sale_said
        and len(refs) == 2
        and any(s.key == "price_override" and s.gpu == refs[1].name for s in query.settings)
    )
    if (
        len(refs) != 2
        or not (sale_said or words.words_in("asked_sell", text) or owned_up)
        or (words.words_in("asked_add_card", text) and not topped)
    ):
        return "", []
    by_name = {g.name: g for g in gpus}
    # the card sold: the one the conversation supplied ("sell it and buy a used 3090"), the one the user owns ("worth
    # upgrading from 4070 to 4070 ti super"), else the first named
    sold = owned_up or next((r for r in refs if not r.mention), refs[0])
    wanted = next(r for r in refs if r is not sold)
    owned, other = by_name.get(sold.name or ""), by_name.get(wanted.name or "")
    n = max(sold.count, 1)
    resale = price_of(sold.name or "", env, "used")
    stated = env.to_usd(getattr(query, "sale_amount", None), getattr(query, "sale_currency", None))
    if stated is not None and resale is not None:  # "sell them for ~$1,300 total": the user's price for all of them
        resale = dataclasses.replace(resale, usd=stated / n, source="user")
    bought = (price_of(wanted.name or "", env, wanted.condition) if wanted.condition else None) or purchase_price(
        wanted.name or "", env
    )
    if owned is None or other is None or owned.name == other.name or resale is None or bought is None:
        return "", []
    net = bought.usd - resale.usd * n
    speed = score(other, "train16", 1).score / (score(owned, "train16", n).score or 1.0)
    more = (other.memory_gb or 0) > (owned.memory_gb or 0) * n
    verdict = env.t("upgrade.owned_memory" if more else "upgrade.owned_speed", mem=f"{(owned.memory_gb or 0) * n:g}")
    head = env.t(
        "upgrade.swap_stated" if stated is not None else "upgrade.swap_owned" if owned_up else "upgrade.swap",
        verdict=verdict,
        owned_what=counted(env, owned, n, article=False),
        resale=env.money(resale.usd * n),
        other=counted(env, other, 1),
        price=_priced(bought, env),
        net=env.t("upgrade.net_more" if net >= 0 else "upgrade.net_back", money=env.money(abs(net))),
        memory=_memory_change(env, (owned.memory_gb or 0) * n, other.memory_gb or 0),
        speed=f"{speed:.2f}",
    )
    converted = [g for g, p in ((owned, resale), (other, bought)) if p.source != "user" and is_converted(p, env)]
    if len(converted) == 1:  # "4080 卖了换3090": a converted US used price against a Chinese quote, said
        home = other if converted[0] is owned else owned
        head += env.t("upgrade.swap_markets", gpu=converted[0].short_name, other=home.short_name)
    return head, env.cite(*[s for s in (resale.source, bought.source) if s != "user"])


def owned_upgrade(query, env: Env):
    """The GpuRef of the card the user owns when the question weighs moving from it to the other card named ("worth
    upgrading from 4070 to 4070 ti super", "i have a 3090, upgrade to a 5090 or keep it?", "我的3060想换成4070"): an
    owned word (lexicon form_owned, upgrade_owned_words) within a few words before that card's mention and an upgrade
    word (upgrade_swap_words) in the question, or the first card named moved from to the second ("3080换4090",
    nlu/owned_gpus.swapped_from); two cards named; else None."""
    refs, words, low = [r for r in query.gpus if r.name], lexicon(env.lang), query.text.lower()
    if len(refs) != 2 or refs[0].name == refs[1].name:
        return None
    if swapped_from(low, refs[0].mention, refs[1].mention, words):  # "3080换4090要加多少钱"
        return refs[0]
    if not words.words_in("upgrade_swap_words", low):
        return None
    found = next((ref for ref in refs if owns(low, ref.mention, env)), None)
    typed = all(ref.mention and ref.mention.lower() in low for ref in refs)  # both named here, not a follow-up's
    if found is None and typed and words.words_in("upgrade_implied_words", f" {low} "):
        return _older(refs, env)  # "4090 vs 5090 for sdxl loras, is the upgrade worth it": from the older card
    return found


def _older(refs, env: Env):
    """Of two cards, the one released first (the one an upgrade moves from); None when a date is missing or equal."""
    dates = [
        (g.release_date, ref) for ref in refs if (g := env.reader.gpu(ref.name or "")) is not None and g.release_date
    ]
    if len(dates) != 2 or dates[0][0] == dates[1][0]:
        return None
    return min(dates, key=lambda d: d[0])[1]


def owns(low: str, mention: str | None, env: Env) -> bool:
    """Is an owned word (lexicon form_owned, upgrade_owned_words) a few words before the card's mention in `low`?"""
    at = low.find(mention.lower()) if mention else -1
    return at >= 0 and owned_before(low, at, lexicon(env.lang))


def _memory_change(env: Env, before: float, after: float) -> str:
    if before == after:
        return env.t("upgrade.swap_mem_same", mem=f"{after:g}")
    return env.t("upgrade.swap_mem", mem=f"{before:g}", other_mem=f"{after:g}")


def _buy(gpu: GpuSpec, env: Env):
    """What one more of the card costs: its used price, else the price in force."""
    return price_of(gpu.name, env, "used") or purchase_price(gpu.name, env)


def _way(gpu: GpuSpec, n: int, cost_usd: float, env: Env, largest_llm) -> dict:
    memory_gb = (gpu.memory_gb or 0.0) * n
    return {
        "gpu": gpu.name,
        "gpu_count": n,
        "cost_usd": round(cost_usd, 2),
        "memory_gb": memory_gb,
        "largest_llm": largest_llm(env, memory_gb),
        "train_speed": round(score(gpu, "train16", n_gpus=n).score, 2),
    }


def _priced(p, env: Env) -> str:
    """The price of the card bought with its condition ("$2,500 new"), as the table beside it shows prices of another
    condition (the average of new and used) and two unlabelled amounts for one card read as a contradiction."""
    cond = getattr(p, "condition", None)
    user = str(getattr(p, "source", "")).startswith("user")  # the user's own price ("$1,950"): no condition said
    label = env.t(f"cond.{cond}") if cond in ("new", "used", "average") and not user else ""
    return f"{env.money(p.usd)} {label}".strip()
