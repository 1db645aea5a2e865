"""Ex-mining cards (矿卡): a question that names one gets the checks a buyer needs in a verdict or deal.

Contract: `mining_notes(text, env)` gives (steps, source ids): when `text` names an ex-mining card by
one of the aliases of the mining-cards concept (knowledge/concepts.toml), one step in the answer's
language with what wears on such a card and what to check before paying, and the concept's sources;
when it repeats a seller's claim that the card was never mined (lexicon list mining_claims: "非矿",
"自用", "never mined"), the same checks, said to be how to verify a claim nobody can prove; when it asks
whether the card is refurbished (lexicon list refurb_words: "翻新", "resealed"), how to tell a repackaged
card from a new one (channel, seals, serial looked up on the brand's site, wear; source
concept-refurbished-check-cn); else nothing. `condition_named` says whether the question raises any of
these (the deal answer then leads with the checks). `mining_price(gpu, text, env)`: the market's ex-mining band
(quotes noted "band mining:", cost.band_price) a question about an ex-mining card is weighed against, None when the
question does not name one (or claims the card was never mined) or the market has no such band. The words are data
(concept aliases, lexicon lists), so a language is added by adding words.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.respond.env import Env

CONCEPT = "mining-cards"


@cache
def _pattern(aliases: tuple[str, ...]) -> re.Pattern[str]:
    """ASCII aliases as whole words ("mining card", not "mining cardinality"); others anywhere ("矿卡3080")."""
    parts = [rf"\b{re.escape(a)}\b" if a.isascii() else re.escape(a) for a in sorted(aliases, key=len, reverse=True)]
    return re.compile("|".join(parts), re.IGNORECASE)


# a mining word next to a card's number ("a used mining 3090", "mined 3080s", "the 3090 is from a miner tho")
_MINED_CARD = re.compile(
    r"\b(?:ex-?)?(?:mining|mined)\s+(?:(?:rtx|gtx|rx)\s*)?\d{3,4}|\b\d{3,4}\b[^.?!]{0,40}?\b(?:from a miner|"
    r"was mined|been mined|used for mining|used to mine|from a mining rig)\b",
    re.IGNORECASE,
)


def names_mining_card(text: str, env: Env) -> bool:
    entry = next((c for c in env.reader.concepts if c.key == CONCEPT), None)
    return bool(entry and text and (_pattern(entry.aliases).search(text) or _MINED_CARD.search(text)))


def claims_not_mined(text: str, env: Env) -> bool:
    from assistant.nlu.lexicon import lexicon

    lowered = (text or "").lower()
    return any(w in lowered for w in lexicon(env.lang).listed("mining_claims"))


def mining_price(gpu: str, text: str, env: Env):
    if not names_mining_card(text, env) or claims_not_mined(text, env):
        return None
    from assistant.models import cost
    from assistant.respond.pricing import market_quotes

    return cost.band_price(gpu, "mining", market_quotes(env, gpu), env.price_market())


def band_prices(gpu: str, env: Env, mined=None) -> list:
    """(band, PriceLookup) of the card's graded used prices in the answer's market, cheapest grade first: the
    ex-mining band (`mined` when the question names one, else the band itself) and the brand / inspected band
    (docs/model.md §cost.price choice rule 7), so a used price shows its spread ("二手 ¥5,000 / 矿卡 ¥4,000 /
    品牌带票 ¥7,125"); [] for a card without graded quotes."""
    from assistant.models import cost
    from assistant.respond.pricing import market_quotes

    quotes, market = market_quotes(env, gpu), env.price_market()
    found = [("mining", mined or cost.band_price(gpu, "mining", quotes, market))]
    found.append(("brand", cost.band_price(gpu, "brand", quotes, market)))
    return [(band, p) for band, p in found if p is not None]


REFURB_SOURCE = "concept-refurbished-check-cn"


def asks_refurbished(text: str, env: Env) -> bool:
    from assistant.nlu.lexicon import lexicon

    lowered = (text or "").lower()
    return any(w in lowered for w in lexicon(env.lang).listed("refurb_words"))


def condition_named(text: str, env: Env) -> bool:
    """The question raises the card's condition: ex-mining, a never-mined claim, or refurbished."""
    return claims_not_mined(text, env) or names_mining_card(text, env) or asks_refurbished(text, env)


def mining_notes(text: str, env: Env) -> tuple[list[str], list[str]]:
    claimed = claims_not_mined(text, env)
    refurb = [env.t("mining.refurb_checks")] if asks_refurbished(text, env) else []
    refurb_sources = [REFURB_SOURCE] if refurb else []
    if not claimed and not names_mining_card(text, env):
        return refurb, refurb_sources
    entry = next(c for c in env.reader.concepts if c.key == CONCEPT)
    lead = [env.t("mining.claim")] if claimed else []
    return [*lead, env.t("mining.checks"), *refurb], [s for s in entry.source.split(";") if s] + refurb_sources
