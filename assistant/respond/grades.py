"""One card's prices by grade set against each other: "3090矿卡和正常二手差多少钱", "4090全新和二手差多少钱"
(nlu/intents/compare._grades_priced reads them as the card's price asked).

Contract: `named(text, env)` -> the grades the question names, in order: "new" / "used" from lexicon [condition],
"mining" for a word of [lists] grade_mining (an ex-mining card is priced by its own band, cost.band_price); a retail
shop ([lists] grade_new_sites: 京东, 天猫) names the new grade, first.
`difference(gpu, text, env)` -> the sentence saying how much the dearer of the first two grades named costs over
the other, both prices shown with condition and date (pricing.price_text), or "" when fewer than two grades are
named or one has no price in the answer's market. Never raises.
"""

from __future__ import annotations

from assistant.respond.env import Env
from assistant.respond.pricing import PriceLookup, price_of, price_text


def named(text: str, env: Env) -> list[str]:
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.text import words

    lex, toks = lexicon(env.lang), words((text or "").lower())
    mining = lex.listed("grade_mining")
    out: list[str] = []
    i = 0
    while i < len(toks):
        hit = lex.match(toks, i)
        grade = None
        if hit and "CONDITION" in hit[1]:
            span = toks[i : i + hit[0]]
            phrases = {"".join(span), " ".join(span)}  # the words as Chinese or English write them
            grade = "mining" if phrases & set(mining) else str(hit[1]["CONDITION"])
        if grade and grade not in out:
            out.append(grade)
        i += hit[0] if hit else 1
    low = (text or "").lower()
    if "new" not in out and any(w in low for w in lex.listed("grade_new_sites")):
        out.insert(0, "new")  # "京东上4090现在卖多少 跟闲鱼二手差多少": the shop's price is the new one
    return out


def _price(gpu: str, grade: str, env: Env) -> PriceLookup | None:
    if grade != "mining":
        return price_of(gpu, env, grade)
    from assistant.models import cost
    from assistant.respond.pricing import market_quotes

    return cost.band_price(gpu, "mining", market_quotes(env, gpu), env.price_market())


def difference(gpu: str, text: str, env: Env) -> str:
    grades = named(text, env)[:2]
    if len(grades) < 2:
        return ""
    priced = [(g, p) for g in grades if (p := _price(gpu, g, env)) is not None]
    if len(priced) < 2:
        return ""
    (dear, dear_p), (cheap, cheap_p) = sorted(priced, key=lambda t: -t[1].usd)
    gap = dear_p.usd - cheap_p.usd
    return env.t(
        "grades.gap",
        dear=env.t(f"cond.{dear}"),
        cheap=env.t(f"cond.{cheap}"),
        gap=env.money(gap),
        dear_price=price_text(dear_p, env),
        cheap_price=price_text(cheap_p, env),
        pct=f"{gap / cheap_p.usd * 100:.0f}" if cheap_p.usd else "?",
    )


def shop_named(text: str, env: Env) -> bool:
    """The question names a shop that sells new cards (lexicon [lists] grade_new_sites: 京东, 天猫): its prices are
    new ones ("京东上4070ti super 6499", "5070ti和4070tis现在京东价差多少")."""
    from assistant.nlu.lexicon import lexicon

    low = (text or "").lower()
    return any(w in low for w in lexicon(env.lang).listed("grade_new_sites"))
