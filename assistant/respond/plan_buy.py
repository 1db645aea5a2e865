"""A period plan weighed against buying the card and running it all the time ("长期租autodl 4090 一个月包月大概多少 和
自己买一张挂机跑一年比 哪个划算"): the card and the machine around it, a month of its electricity around the clock,
and the months after which buying costs less than the plan (docs/model.md §cost.breakeven with the plan's month as
the rent).

Contract: `line(text, env, gpu, cards, plan_month_usd)` -> the sentence, or None when the question does not weigh
buying (no word of lexicon list pair_own_words) or the card has no purchase price. Never raises.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import cost
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import price_text, purchase_price

MONTH_HOURS = 730.0  # a month around the clock (§cost.run)


def line(text: str, env: Env, gpu, cards: int, plan_month_usd: float) -> str | None:
    lex = lexicon(env.lang)
    if gpu is None or not lex.words_in("pair_own_words", text.lower()):
        return None
    price = purchase_price(gpu.name, env)
    if price is None:
        return None
    _, base = cost.platform(cards, env.local_desktop_usd())
    buy = price.usd * cards + base
    power = (gpu.tdp_w or 0) * cards + C.SYSTEM_BASE_POWER_W
    power_month = power / 1000.0 * MONTH_HOURS * env.assumptions.electricity_usd_per_kwh
    saved = plan_month_usd * cards - power_month
    if saved <= 0:
        return env.t("usage.plan_buy_never", buy=env.money(buy), power=env.money(power_month))
    return env.t(
        "usage.plan_buy",
        buy=env.money(buy),
        price=price_text(price, env),
        power=env.money(power_month),
        months=f"{buy / saved:.0f}",
        plan=env.money(plan_month_usd * cards),
    )
