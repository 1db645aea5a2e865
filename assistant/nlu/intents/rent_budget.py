"""What a rent budget buys, no GPU named: "i have $2000 a month for cloud, what can i rent for training", "每个月租卡
预算3000块 租什么卡", "what can i rent with $1000 for fine tuning".

Contract: `read(r)` claims a question with a rent word (RENT), an amount of money, a pick asked ([lists]
rent_budget_asks, RECOMMEND or a word of [lists] which_words), no GPU, pronoun or model named, no rate or hours of use
said (a plan against paying by the hour, rent_plan.read) and no buying or rent-or-buy: a RatesQuery of mode
"by_memory" with `spend` (the amount; `period` "month" when it is a month's), answered by respond/rates_value (the best
value to rent for the work, with the hours the amount rents of each card). The work is the one said, else training (the
answer's title names it). Not a rent-or-buy (rent_or_buy.read), whose answer is to a
question the user did not ask, nor a plan against paying by the hour (rent_plan.read).
"""

from __future__ import annotations

from assistant.nlu.intents.rates import provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.rent_spend import rent_spend
from assistant.queries import Query, RatesQuery


@needs(("RENT",), unless=("BUY", "PRONOUN", "RATE", "HOURS"))
def read(r: Reading) -> Query | None:
    b = r.b
    if not b.has("RENT") or r.refs or r.model or b.has("BUY", "PRONOUN", "RATE", "HOURS") or b.struct("rent_buy"):
        return None
    if not (said(r, "rent_budget_asks") or b.has("RECOMMEND") or said(r, "which_words")):
        return None
    monthly = rent_spend(r)
    amount = monthly[0] if monthly else r.money()
    if not amount or amount <= 0:
        return None
    currency = (monthly[1] if monthly else None) or (r.currency() if b.has("MONEY") else r.unnamed_currency())
    memory = r.num("MEMORY")
    return RatesQuery(
        text=r.text,
        provider=provider(r),
        mode="by_memory",
        workload=r.workload or "training",
        min_memory_gb=float(memory) if memory else None,
        spend=float(amount),
        spend_currency=currency,
        period="month" if monthly else None,
    )
