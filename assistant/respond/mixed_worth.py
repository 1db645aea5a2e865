"""Is adding a card to the one(s) owned worth it ("我现在有3090 想再加一张4060ti 16g 值不值", "is it dumb to pair a 4090
with a 1080 ti"): yes / no first, by what the added card buys for local LLMs.

Contract: `asked(text, lang)`: the question weighs the addition (lexicon asked_worth). `lead(cards, env)` -> (sentence,
figures) for cards as named (the first kind named is the one owned, the others are added): the largest dense KB LLM
the owned card(s) hold at q4_k_m with a 4k context against the one the whole set holds (mixed_set's rule,
§llm.mixed); yes when the set holds a larger model, with its single-user speed split by layer; no when it holds
nothing larger, with what the next size up needs. Then the added card's price and, when it is priced, a second card
of the owned kind as the other way to the same memory. ("", {}) with fewer than two kinds of card.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import llm
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.mixed_set import DEFAULT_CONTEXT, DEFAULT_QUANT, largest, need_gb
from assistant.respond.pricing import purchase_price


def asked(text: str, lang: str) -> bool:
    return lexicon(lang).words_in("asked_worth", f" {text.lower()} ")


_OWNED = re.compile(
    r"(?:\bmy|\bi have|\bi own|\bown|already have|有|手上|手里)\s*(?:a|an|one|the|一张|一块|张|块)?\s*$", re.I
)


_BRAND = re.compile(r"(?:\s*(?:geforce|rtx|gtx))*\s*$")


def owned_first(cards, text: str) -> list:
    """The cards with the one the user owns first: the card named right after "my" / "有" ("adding a 3060 to my 4070
    ti super"), else the first named."""
    low = text.lower()
    for i, (gpu, _) in enumerate(cards):
        digits = re.findall(r"\d{3,4}", gpu.short_name)
        at = low.find(digits[0]) if digits else -1
        if at > 0 and _OWNED.search(_BRAND.sub("", low[:at])):
            return [cards[i], *cards[:i], *cards[i + 1 :]]
    return list(cards)


def lead(cards, env: Env) -> tuple[str, dict]:
    """The worth verdict on the added card(s) (see the module contract)."""
    if len(cards) < 2:
        return "", {}
    owned, count = cards[0]
    added = [gpu for gpu, n in cards[1:] for _ in range(n)]
    mine = [owned] * count
    before = largest(env, len(mine), sum(g.memory_gb or 0.0 for g in mine))
    everything = [*mine, *added]
    total = sum(g.memory_gb or 0.0 for g in everything)
    after = largest(env, len(everything), total)
    if after is None:
        return "", {}
    names = i18n.comma(env.lang).join(g.short_name for g in added)
    had = before.name if before else env.t("mixed.worth_nothing")
    values = dict(owned=owned.short_name, added=names, total=f"{total:g}", had=had, quant=DEFAULT_QUANT)
    bigger = before is None or after.params_b > before.params_b
    if bigger:
        shares = [(g, (g.memory_gb or 0.0) / total) for g in everything]
        tps = llm.layer_split_tokens_per_s(shares, after, DEFAULT_QUANT, context=DEFAULT_CONTEXT)
        text = env.t("mixed.worth_yes", model=after.name, tps=f"{tps:,.0f}", **values)
    else:
        nxt = _next_size(env, before.params_b if before else 0.0, len(everything), total)
        need = f"{need_gb(nxt, DEFAULT_QUANT, DEFAULT_CONTEXT, len(everything)):.1f}" if nxt else ""
        key = "mixed.worth_no" if nxt else "mixed.worth_no_larger"
        text = env.t(key, next=nxt.name if nxt else "", need=need, **values)
    figures = {"worth": {"answer": "yes" if bigger else "no", "largest_before": had, "largest_after": after.name}}
    text += _prices(owned, count, added, env, figures)
    return text, figures


def _next_size(env: Env, params_b: float, n: int, total: float):
    """The smallest dense KB LLM larger than `params_b` that `n` cards of `total` GB do not hold (the next size a bigger
    set would be for; a slightly larger model of the size class named still fits, §mem.largest)."""
    larger = [
        m
        for m in env.reader.models
        if m.kind == "llm"
        and not m.experts
        and m.params_b > params_b
        and need_gb(m, DEFAULT_QUANT, DEFAULT_CONTEXT, n) > total
    ]
    return min(larger, key=lambda m: (m.params_b, m.name), default=None)


def _prices(owned, count: int, added, env: Env, figures: dict) -> str:
    """The added cards' price, and another card of the owned kind as the other way to more memory."""
    said = ""
    prices = [purchase_price(g.name, env) for g in added]
    if all(p is not None for p in prices):
        usd = sum(p.usd for p in prices if p is not None)
        figures["worth"]["added_usd"] = round(usd)
        said += i18n.gap(env.lang) + env.t("mixed.worth_price", added=added[0].short_name, price=env.money(usd))
    same = purchase_price(owned.name, env)
    if same is not None:
        more = largest(env, count + 1, (owned.memory_gb or 0.0) * (count + 1))
        figures["worth"]["another_owned_usd"] = round(same.usd)
        said += i18n.gap(env.lang) + env.t(
            "mixed.worth_another",
            owned=owned.short_name,
            price=env.money(same.usd),
            total=f"{(owned.memory_gb or 0.0) * (count + 1):g}",
            model=more.name if more else "—",
        )
    return said
