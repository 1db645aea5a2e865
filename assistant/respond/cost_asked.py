"""The figure a cost question asks decides what its answer leads with: "按两年算总共多少" asks the total of owning (the
card and its electricity), not the electricity alone; "换成4090能省多少" the saving, not the second card's bill.

Contract (every word list is lexicon data, both languages):
- `total_asked(text, lang)`: the question asks a total (list cost_total_asked: "in total", "all in", "总共", "一共",
  "加起来" ...) that is not an electricity total ("total electricity for the lot": a word of cost_total_electric
  with no word of cost_total_purchase, "算上折旧", "card included", saying the card is counted too), of cards the user
  does not already have (cost_total_owned: "we have 6 workstations ... monthly and yearly totals" is their bill).
- `as_asked(query, env, typed)`: the CostQuery to answer: a running cost whose question asks the total becomes the
  cost of owning (kind "tco": the cards' price + their electricity over the ownership, docs/model.md §cost.tco) when
  every card named has a price; otherwise the query unchanged.
- `all_in(query, env)`: a comparison of two or more named cards that asks which costs less in total ("3090 vs 4090
  ... which is cheaper all in over 2 years"): answered as the cost of owning each (respond/cost, kind "tco"), all in,
  the cheaper first; None for any other question.
- `saving_asked(text, lang)`: the question asks a difference or saving (list cost_saving_asked: "能省多少", "how much
  would i save", "how much more").
- `saving_line(first, second, text, env)`: for a message answered in two parts, each a running cost of another card
  ("一张5090 ... 一年多少钱 换成4090 450w能省多少"), the difference between their bills in the period the first
  gave, "" when the second part asks no saving or the parts are not two such bills.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.lexicon import lexicon
from assistant.periods import ASKED_YEARS as PERIOD_YEARS
from assistant.respond.env import Env


def _said(lang: str, name: str, text: str) -> bool:
    return lexicon(lang).words_in(name, f" {' '.join(text.lower().split())} ")


_BUDGET_AFTER = re.compile(
    r"^\s*(?:about |around |~)?"
    r"(?:[$€£¥]|预算|budget|\d[\d,.]*\s*(?:k\b|万|千|元|块|bucks|dollars|euros?|usd|eur|gbp|pounds))"
)


def _owned(lang: str, text: str) -> bool:
    """Cards the user already has ("we have 6 workstations"), not a budget they have ("i have $2,500",
    "我有预算3万")."""
    low = f" {' '.join(text.lower().split())} "
    for word in lexicon(lang).listed("cost_total_owned"):
        at = low.find(word)
        if at >= 0 and not _BUDGET_AFTER.match(low[at + len(word) :]):
            return True
    return False


_RATE_AFTER = re.compile(r"^\s*(?:按|是|为|:|：|at|is|of|=|~)?\s*[$€£¥]?\s?\d")


def _electric_asked(lang: str, text: str) -> bool:
    """An electricity word that asks the bill ("total electricity"), not one that states the rate ("电费0.6",
    "electricity at 0.30")."""
    low = " ".join(text.lower().split())
    for word in lexicon(lang).listed("cost_total_electric"):
        at = low.find(word)
        while at >= 0:
            if not _RATE_AFTER.match(low[at + len(word) :]):
                return True
            at = low.find(word, at + 1)
    return False


def total_asked(text: str, lang: str) -> bool:
    if not _said(lang, "cost_total_asked", text) or _owned(lang, text):
        return False
    return not _electric_asked(lang, text) or _said(lang, "cost_total_purchase", text)


def saving_asked(text: str, lang: str) -> bool:
    return _said(lang, "cost_saving_asked", text)


def as_asked(query, env: Env, typed: str | None = None):
    """See the module contract (`typed`: the words typed, when a question is answered again under settings typed
    after it: "按两年算总共多少")."""
    from assistant.queries import CostQuery
    from assistant.respond.pricing import purchase_price

    text = typed if typed is not None else query.text or ""
    if not isinstance(query, CostQuery) or query.kind != "running" or query.watts or not total_asked(text, env.lang):
        return query
    refs = [r for r in query.gpus if r.name]
    if not refs or any(purchase_price(env.gpu(r.name).name, env) is None for r in refs):
        return query  # no price for a card: the electricity is what can be given (said by the running answer)
    return dataclasses.replace(query, kind="tco")


def saving_line(first, second, text: str, env: Env) -> str:
    """See the module contract."""
    if not saving_asked(text, env.lang) or first.intent != "cost" or second.intent != "cost":
        return ""
    a, b = first.figures, second.figures
    if not (first.gpus and second.gpus and first.gpus != second.gpus):
        return ""
    period = a.get("period") if a.get("electricity_usd_per_period") is not None else None
    share = PERIOD_YEARS.get(period or "year", 1.0)
    old, new = a.get("electricity_usd_per_year"), b.get("electricity_usd_per_year")
    if not isinstance(old, (int, float)) or not isinstance(new, (int, float)) or old == new:
        return ""
    old, new = old * share, new * share  # as each part's own headline states it (respond/cost)
    diff = abs(old - new)
    label = env.t(f"cost.period_{period or 'year'}")
    was, now = env.gpu(first.gpus[0]).short_name, env.gpu(second.gpus[0]).short_name
    return env.t(
        "cost.switch_saves" if new < old else "cost.switch_costs",
        was=was,
        now=now,
        diff=env.money(diff, 2 if diff < 20 else 0),
        period=label,
        old=env.money(old, 2 if old < 20 else 0),
        new=env.money(new, 2 if new < 20 else 0),
    )


def all_in(query, env: Env):
    """See the module contract."""
    from assistant.queries import CompareQuery, CostQuery

    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if not isinstance(query, CompareQuery) or len(refs) < 2 or not total_asked(query.text or "", env.lang):
        return None
    if not (_said(env.lang, "cost_cheaper_asked", query.text) or saving_asked(query.text, env.lang)):
        return None
    from assistant.respond import cost  # the cost answer's modules only when it is built

    asked = CostQuery(text=query.text, gpus=tuple(refs), kind="tco", settings=query.settings)
    return cost.respond(asked, env)
