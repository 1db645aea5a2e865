"""Questions that choose between clouds rather than price one card at one cloud.

`elsewhere(r)`: a cloud named with a word of looking elsewhere ("autodl 晚上抢不到4090 有啥替代平台", "runpod is
always out of 4090s, alternatives?"; lexicon [lists] provider_elsewhere_words): the card's rates at every cloud, the
cheapest first (provider dropped), or with no card the cheapest cloud GPUs.
`weighed(r)`: two or more clouds named with no card, weighed on price while the question also states its hours
("恒源云和autodl哪个便宜 学生党 每天用三四个小时") or asks how reliable they are or how easily a card is had ("哪家稳定
经常抢不到卡"; [lists] provider_trust_words): their price lists side by side (RatesQuery mode "providers"; the
answer says it has no reliability data when asked (respond/rates_providers reads the same list), and prices a month
of the hours stated: `hours`, period month).
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.intents.rates import providers
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.periods import CALENDAR_WEEKS
from assistant.queries import Query, RatesQuery


@needs(said=("provider_elsewhere_words",), unless=("MODEL", "BUY", "PARAMS"))
def elsewhere(r: Reading) -> Query | None:
    if not providers(r) or not said(r, "provider_elsewhere_words") or r.model or r.b.has("BUY", "PARAMS"):
        return None
    cards = [g for g in r.explicit if g.name]
    if len({g.name for g in cards}) > 1:
        return None
    if cards:  # the cloud named is the one to leave: the answer says how much cheaper the cheapest is
        card = dataclasses.replace(cards[0], count=max(cards[0].count, 1))
        return RatesQuery(text=r.text, gpus=(card,), cheaper_than_provider=providers(r)[0])
    return RatesQuery(text=r.text, mode="by_memory")


@needs(unless=("PRONOUN", "PARAMS", "BUY", "MODEL"))
def weighed(r: Reading) -> Query | None:
    named = providers(r)
    if len(named) < 2 or r.refs or r.model or r.b.has("PRONOUN", "PARAMS", "BUY"):
        return None
    trust = said(r, "provider_trust_words")
    priced = said(r, "provider_price_words") or r.b.has("COST", "HOW_MUCH")
    if not (trust or (priced and r.b.has("HOURS", "MONTHS"))):
        return None  # a price word alone is rates.of_providers
    per_week, _ = r.hours()  # "每天用三四个小时": a month of that use is priced at each cloud
    month = per_week * CALENDAR_WEEKS["month"] if per_week else None
    return RatesQuery(
        text=r.text,
        provider=named[0],
        providers=named,
        mode="providers",
        hours=month,
        period="month" if month else None,
    )
