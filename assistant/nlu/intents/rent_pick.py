"""Which GPU to rent for a model named, no GPU named: "renting for sdxl, which card is best bang for buck",
"租卡跑flux 选哪张", "想租卡跑qwen 32b 哪张最值", "best value cloud gpu for running llama 70b".

Contract: `read(r)` claims a question with a rent word (RENT), a model named, a pick asked (RECOMMEND, VALUE or a word
of [lists] which_words) and no GPU, buying word, rent-or-buy, hours, period, money or token count, and no training (a
training job to rent is recommend.read's, priced on the rented cards): a RatesQuery of mode "by_memory" with the model
and its work, answered by respond/rates_value (every rented GPU with the memory the model needs, ranked by work per
dollar of its cheapest rate). Not a purchase ranking (recommend.read) nor a rent-or-buy (rent_or_buy.read), which would
answer a question the user did not ask.
"""

from __future__ import annotations

from assistant.nlu.intents.rates import provider
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, RatesQuery

_NOT = ("BUY", "HOURS", "MONTHS", "YEARS", "MONEY", "BUDGET", "TOKENS")


@needs(("RENT",), unless=_NOT)
def read(r: Reading) -> Query | None:
    b = r.b
    if r.refs or r.model is None or not b.has("RENT") or b.has(*_NOT) or b.struct("rent_buy"):
        return None
    if not (b.has("RECOMMEND", "VALUE", "SORT") or r.said("which_words")):  # "cheapest way to rent gpus for"
        return None
    if r.workload in ("training", "llm_finetune") or r.mode() != "inference":
        return None  # "想租卡微调qwen2.5 7b lora autodl哪张卡合适": the job priced on rented cards (recommend.read)
    return RatesQuery(
        text=r.text,
        provider=provider(r),
        mode="by_memory",
        model=r.model,
        workload=r.workload,
        precision=r.precision,
    )
