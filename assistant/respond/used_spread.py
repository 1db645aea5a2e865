"""How much a card's used street price varies, for a price question ("闲鱼上2080ti 22g魔改卡现在多少钱合适",
"二手3090现在什么价", "used 4090 price"): one figure hides the spread a buyer meets.

Contract: `after(price, condition, gpu, env)` gives the clause for a used price of the answer's own market (not a
user's price, a list price or a price converted from the other market), else "". `clause(gpu, env)` gives "" or a
clause to follow the used price in a price answer. The range the answer's market states for the card's current
ordinary used quotes: a quote entered as the midpoint of a range keeps the range in its note ("4,500-5,500 yuan
(midpoint)", "$1200-$1500 (midpoint of range)": the convention in the headers of knowledge/prices_cn.csv and
prices.csv), and several current quotes span their lowest to highest figure. Without a range, the market's newest
older used quote when it differs from the current figure by 5 % or more (how the price moved: "2025-03 时 ¥2,200").
Only the answer's own market; graded (band), shortage and list-price quotes are left out. A price answer that lists
the graded bands ("二手 ¥5,000 / 矿卡 ¥4,000 / ...") shows the spread by them instead (respond/spec.py).
"""

from __future__ import annotations

import re

from assistant.models import cost
from assistant.respond.env import Env
from assistant.specs import PriceQuote

_YUAN_RANGE = re.compile(r"(\d[\d,]*)\s*[-–]\s*(\d[\d,]*)\s*yuan")
_DOLLAR_RANGE = re.compile(r"\$(\d[\d,.]*)(k?)\s*[-–]\s*\$?(\d[\d,.]*)(k?)", re.I)
MOVED = 0.05  # an older quote this far from the current figure says the price moved


def _ordinary_used(quotes: list[PriceQuote], env: Env) -> list[PriceQuote]:
    market = env.price_market()
    return [
        q
        for q in quotes
        if q.condition == "used"
        and q.market == market
        and q.usd > 0
        and cost.band_of(q) is None
        and not cost.is_shortage(q)
        and not cost.is_list_price(q)
    ]


def _note_range(q: PriceQuote, env: Env) -> tuple[float, float] | None:
    """The range a midpoint quote's note states, in USD."""
    note = q.note or ""
    if "midpoint" not in note:
        return None
    found = _YUAN_RANGE.search(note) if q.market == "CN" else _DOLLAR_RANGE.search(note)
    if found is None:
        return None
    if q.market != "CN":  # "$22-25k": thousands, the k said once for both ends
        thousands = 1000.0 if found.group(2) or found.group(4) else 1.0
        return float(found.group(1).replace(",", "")) * thousands, float(found.group(3).replace(",", "")) * thousands
    low, high = (float(x.replace(",", "")) for x in found.groups())
    if q.market == "CN":
        low_usd, high_usd = env.to_usd(low, "CNY"), env.to_usd(high, "CNY")
        if low_usd is None or high_usd is None:
            return None
        return low_usd, high_usd
    return low, high


def clause(gpu: str, env: Env) -> str:
    from assistant.respond.pricing import market_quotes

    current = _ordinary_used(market_quotes(env, gpu), env)  # the quotes the price itself is drawn from
    if not current:
        return ""
    bounds: list[float] = []
    for q in current:
        stated = _note_range(q, env)
        bounds += list(stated) if stated else [q.usd]
    low, high = min(bounds), max(bounds)
    if high > low * (1 + MOVED):
        first = min(q.observed for q in current)[:7]
        last = max(q.observed for q in current)[:7]
        when = first if first == last else env.t("used_spread.span", first=first, last=last)
        return env.t("used_spread.range", low=env.money(low), high=env.money(high), when=when)
    older = [q for q in _ordinary_used(env.reader.prices_for(gpu, env.assumptions.snapshot), env) if q not in current]
    if not older:
        return ""
    before = max(older, key=lambda q: q.observed)
    now = sum(q.usd for q in current) / len(current)
    if abs(before.usd - now) < now * MOVED:
        return ""
    return env.t("used_spread.before", observed=before.observed[:7], money=env.money(before.usd))


def after(p, condition: str, gpu: str, env: Env) -> str:
    """ "闲鱼上2080ti 22g多少钱合适": how the used street price varies, after a used price of the answer's market."""
    from assistant.respond.pricing import is_converted

    if condition != "used" or p.source == "user override" or p.source.startswith("list price") or is_converted(p, env):
        return ""
    return clause(gpu, env)
