"""The inverse solver's money limit on a count: how many cards of one kind a budget buys ("how many 3090s can i buy
with $5000", "一万块能买几张3090", "预算2万 能买几张4090").

Contract: `respond(query, env)` -> an Answer, or None without one named card kind, a budget (a budget_usd setting,
else the largest amount of money said that is no rate and no one card's price) or a price for the card. The count is
varied from 1 up: n cards cost n x the card's price (pricing.price_of: the condition said, else the one in force),
within the budget for the cards alone; the answer gives the count first, the cost at it and at one card more, then
how many fit when the budget must also pay for the machine around them (Env.platform_usd, docs/model.md §rig), and
that more than MAX_GPUS cards take a server. `figures["inverse"]`: asked "count", limit "budget", cards, cards_whole,
usd_each.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.builds import MAX_GPUS, SERVER_GPUS
from assistant.respond.env import Env

MOST_CARDS = 64  # the search stops here [A]


def budget_of(query, env: Env) -> float | None:
    """The budget in USD: a budget_usd setting, else the query's budget, else the largest money said (no rate)."""
    from assistant.respond.pricing import budget_usd

    for s in getattr(query, "settings", ()):
        if s.key == "budget_usd" and s.value:
            return env.to_usd(float(s.value), getattr(s, "currency", None))
    found = budget_usd(query, env)
    if found:
        return found
    amounts = [  # "p40 180刀一张": a card's price, no budget
        s for s in getattr(query, "stated", ()) if s.dim == "money" and not s.per and s.value > 1 and s.whole != "card"
    ]
    if not amounts:
        return None
    top = max(amounts, key=lambda s: s.value)
    return env.to_usd(top.value, top.currency or env.question_currency)


def respond(query, env: Env) -> Answer | None:
    from assistant.respond.pricing import price_of

    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    names = list(dict.fromkeys(r.name for r in refs))
    if len(names) != 1:
        return None
    env = env.for_query(query)
    budget = budget_of(query, env)
    gpu = env.gpu(names[0])
    price = price_of(gpu.name, env, refs[0].condition or getattr(query, "condition", None))
    if not budget or price is None or price.usd <= 0:
        return None
    each = price.usd
    cards = min(int(budget // each), MOST_CARDS)
    whole = 0
    while whole < MOST_CARDS and each * (whole + 1) + env.platform_usd(whole + 1) <= budget:
        whole += 1
    values = {
        "n": cards,
        "gpu": gpu.short_name,
        "each": env.money(each),
        "cost": env.money(each * cards),
        "budget": env.money(budget),
        "next": cards + 1,
        "next_cost": env.money(each * (cards + 1)),
        "cond": env.t(f"cond.{price.condition}") if price.condition in ("average", "new", "used") else price.condition,
    }
    parts = [env.t("inverse.budget_count" if cards else "inverse.budget_none", **values)]
    if cards:
        machine = env.platform_usd(max(whole, 1))
        parts.append(env.t("inverse.budget_whole", n=whole, machine=env.money(machine)))
        if cards > MAX_GPUS:
            parts.append(env.t("inverse.count_server" if cards <= SERVER_GPUS else "inverse.count_servers", n=cards))
    solved = {"asked": "count", "limit": "budget", "cards": cards, "cards_whole": whole, "usd_each": round(each)}
    figures: dict = {"inverse": solved, "gpu_count": cards}
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=i18n.gap(env.lang).join(parts),
        gpus=[gpu.name],
        steps=[env.t("inverse.budget_how", snapshot=env.snapshot_label())],
        figures=figures,
        sources=env.cite(price.source),
        lang=env.lang,
    )


def slots(query, env: Env) -> Answer | None:
    """How many cards one machine takes, when the question names the machine and no other limit ("一台机器最多能装几张
    4090", "how many 3090s can i fit in one pc"): MAX_GPUS on a desktop or workstation board, SERVER_GPUS in a server
    (docs/model.md §rig); the card's width against the case (builds.build's stack warning) and the power of that many
    (builds.build: load, PSU, wall), from the forward rig model."""
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.builds import build, fits_a_workstation, power

    names = list(dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name))
    if len(names) != 1 or not lexicon(env.lang).words_in("inverse_machine_words", f" {(query.text or '').lower()} "):
        return None
    gpu = env.gpu(names[0])
    if fits_a_workstation(gpu):
        return None
    b = build(gpu, MAX_GPUS, 0.0, 1.0)
    load = b.gpu_w + b.platform.cpu_w + float(power()["rest_w"])
    values = {"n": MAX_GPUS, "server": SERVER_GPUS, "gpu": gpu.short_name, "load": f"{load:,.0f}"}
    values |= {"psu": f"{b.psu_w:,}", "wall": f"{b.wall_w:,.0f}"}
    parts = [env.t("inverse.slots", **values)]
    parts += [env.t(key, **v) for key, v in b.warnings if key in ("rig.warn_stack", "rig.warn_psu")]
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=i18n.gap(env.lang).join(parts),
        gpus=[gpu.name],
        figures={"inverse": {"asked": "count", "limit": "machine", "cards": MAX_GPUS}, "gpu_count": MAX_GPUS},
        sources=env.cite(str(power().get("psu_source", ""))),
        lang=env.lang,
    )
