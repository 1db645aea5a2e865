"""Money asked beside a fit ("双路e5洋垃圾配四张p40 能跑70b吗 全部下来大概多少钱", "can 4x used 3090 run
llama 3.3 70b q4, and what would the whole thing cost"): the cards named and the machine that holds them, priced
after the fit answer.

Contract: `line(answer, query, env)` -> the sentence, or "" when the figure asked is not money, the answer is not a fit
or already gives an amount, or the card has no price. Cards: the purchase price the cost model uses
(respond/pricing.purchase_price) x the count named; the machine: the platform tier that holds that many
(fit_hardware.machine_usd, docs/model.md §rig); for passively cooled datacenter cards only the cards (the server
around them is not priced, said). figures gain cards_usd and machine_usd. A budget the question states ("$450 max") is
weighed against the cards: within it, or over it by how much (and the used price when that is within it); the line
is then given whatever figure is asked.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.fit_hardware import machine_usd
from assistant.respond.pricing import price_of, purchase_price, stated_card_price

_MONEY = re.compile(r"[$¥€£]\s?\d")


def line(answer, query, env: Env) -> str:
    budget = _budget(query, env)
    if answer.intent != "fit" or (query.asked_figure != "price" and budget is None) or _MONEY.search(answer.headline):
        return ""
    refs = [g for g in getattr(query, "gpus", ()) if g.name]
    if not refs:
        return ""
    spec, n = env.gpu(refs[0].name), sum(g.count for g in refs if g.name == refs[0].name)
    price = stated_card_price(query, spec.name, env) or purchase_price(spec.name, env)
    if price is None:
        return ""
    cards = price.usd * n
    desktop = env.local_desktop_usd()
    if machine_usd(spec, n, True, desktop) != machine_usd(spec, n, False, desktop):  # a passively cooled card
        answer.figures["cards_usd"] = round(cards, 2)
        return env.t("fit_total.server_cards", n=n, gpu=spec.short_name, cards=env.money(cards))
    machine = cards + machine_usd(spec, n, False, desktop)
    answer.figures |= {"cards_usd": round(cards, 2), "machine_usd": round(machine, 2)}
    text = env.t("fit.cards_cost", n=n, gpu=spec.short_name, cards=env.money(cards), machine=env.money(machine))
    return text + _against_budget(answer, env, spec, n, cards, budget, machine)


def count_cost(query, env: Env, spec, n: int) -> str:
    """ "how many 3090s would i need for 405b and what would that cost": n cards at the price said for one (pricing.
    stated_card_price), else the one the cost model uses, and the machine that holds them; passively cooled cards as
    cards only (the server around them is said not priced); "" when the card has no price."""
    price = stated_card_price(query, spec.name, env) or purchase_price(spec.name, env)
    if price is None:
        return ""
    cards = price.usd * n
    if spec.passively_cooled and not spec.unified_memory:
        return env.t("fit_total.server_cards", n=n, gpu=spec.short_name, cards=env.money(cards))
    machine = cards + machine_usd(spec, n, False, env.local_desktop_usd())
    return env.t("fit.cards_cost", n=n, gpu=spec.short_name, cards=env.money(cards), machine=env.money(machine))


def _budget(query, env: Env) -> float | None:
    """The budget this question states ("budget is tight, $450 max"), in USD; None when it states none."""
    said = next((s for s in getattr(query, "settings", ()) if s.key == "budget_usd"), None)
    return env.assumptions.budget_usd if said is not None else None


def _against_budget(
    answer, env: Env, spec, n: int, cards: float, budget: float | None, machine: float | None = None
) -> str:
    """ "$450 max": the cards over the budget said, by how much, and the used price when that is within it; cards
    within it in a machine that is not ("学生 预算6000" -> "lora 7b够吗": ¥5,000 of card, ¥7,371 with the PC): both
    said, as the budget may be meant for either."""
    if budget is None:
        return ""
    answer.figures["budget_usd"] = round(budget, 2)
    if cards <= budget and machine is not None and machine > budget:
        answer.figures["machine_over_budget_usd"] = round(machine - budget, 2)
        return i18n.gap(env.lang) + env.t(
            "fit_total.cards_within_budget",
            budget=env.money(budget),
            over=env.money(machine - budget),
        )
    if cards <= budget:
        return i18n.gap(env.lang) + env.t("fit_total.within_budget", budget=env.money(budget))
    used = price_of(spec.name, env, "used")
    within = used is not None and used.usd * n <= budget and used.usd * n < cards
    answer.figures["over_budget_usd"] = round(cards - budget, 2)
    key = "fit_total.over_budget_used" if within else "fit_total.over_budget"
    return i18n.gap(env.lang) + env.t(
        key,
        budget=env.money(budget),
        over=env.money(cards - budget),
        used=env.money(used.usd * n) if within and used else "",
    )
