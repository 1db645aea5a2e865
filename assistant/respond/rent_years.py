"""A rent-or-buy whose question states how many years it looks at ("2 year cost vs renting one at 0.35 an hour", "3
year cost vs renting an H100 at €2.40/hr for the same hours"): both sides' totals over those years at the hours a
week weighed, after the break-even verdict.

Contract: `lead(answer, query, env)` -> the answer with the sentence added after its verdict, unchanged when neither
the question states years (a `years` setting of this question) nor the user set them earlier ("按3年算" next), the
answer already weighs a resale over them (respond/rent_resale.py: figures resale_usd) or the answer lacks a
break-even (figures break_even_hours, rent_usd_per_hour, buy_usd, hours_per_week). Owning = what buying costs + the
own cost per hour of use (rent - buy / break-even hours, docs/model.md §cost.breakeven) x the hours; renting = the
rent per hour x the hours; the cards sold again after those years (models/cost.resale_usd at the median used-price
retention, §cost.resale) bring owning down by their resale, said beside it. figures["over_years"] = {years, hours,
own_usd, rent_usd, resale_usd, own_net_usd}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import cost
from assistant.respond.env import Env

_WEEKS_PER_YEAR = 52.18  # 365.25 / 7


def lead(answer: Answer, query, env: Env) -> Answer:
    said = next((s for s in getattr(query, "settings", ()) if s.key == "years"), None)
    set_before = "years" in env.assumptions.changed  # "按3年算" after the rent-or-buy: the years in force
    f = answer.figures
    needed = ("break_even_hours", "rent_usd_per_hour", "buy_usd", "hours_per_week")
    if not (said or set_before) or answer.clarification or not all(f.get(k) for k in needed) or "resale_usd" in f:
        return answer
    years = float(said.value) if said is not None else env.assumptions.years
    env = env.for_query(query)  # in the question's currency
    hours = float(f["hours_per_week"]) * _WEEKS_PER_YEAR * years
    # the rent of the same work as an hour of the cards bought (another card rented: respond/rent.py)
    rent_h, buy = float(f.get("rent_work_usd_per_hour") or f["rent_usd_per_hour"]), float(f["buy_usd"])
    own_h = float(f.get("own_usd_per_hour") or max(rent_h - buy / float(f["break_even_hours"]), 0.0))
    own, rent = buy + own_h * hours, rent_h * hours
    f["over_years"] = {"years": years, "hours": round(hours), "own_usd": round(own, 2), "rent_usd": round(rent, 2)}
    text = env.t(
        "rent.over_years",
        years=f"{years:g}",
        week=f"{float(f['hours_per_week']):g}",
        hours=f"{hours:,.0f}",
        own=env.money(own),
        buy=env.money(buy),
        power=env.money(own_h * hours),
        rent=env.money(rent),
    )
    cards = float(f.get("cards_usd") or 0.0)
    if cards > 0:  # the cards sell again after those years: owning net of that, beside renting (§cost.resale)
        resale = cost.resale_usd(cards, years)
        net = own - resale
        f["over_years"] |= {"resale_usd": round(resale, 2), "own_net_usd": round(net, 2)}
        text += i18n.gap(env.lang) + env.t(
            "rent.over_years_resale" if net < rent else "rent.over_years_resale_still",
            years=f"{years:g}",
            resale=env.money(resale),
            pct=f"{C.USED_RETENTION_PER_YEAR**years * 100:.0f}",
            net=env.money(net),
        )
    answer.headline = i18n.gap(env.lang).join([answer.headline, text])
    return answer
