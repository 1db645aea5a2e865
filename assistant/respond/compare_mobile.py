"""A laptop card against a desktop card for someone who says they move around: "laptop with 4090 mobile vs desktop
4070 ti super for a cs student who moves around a lot, mostly pytorch coursework".

Contract: `lead(answer, query, env)` leads a two-card comparison with the laptop when exactly one of the two cards is
a laptop GPU (GpuSpec.is_mobile) or named as a laptop ([lists] laptop_mention_words: "macbook pro m4 max") and the
question states mobility (lexicon [lists] mobility_words: "moves around",
"travel", "portable", "on the go"): the desktop cannot come along, so the laptop is the pick, with how fast the
desktop card is against it for the work compared (figures relative_speed) said as what staying at one desk would buy.
The answer's choice becomes the laptop card; figures["mobility"] = {pick, desktop, speed}. Unchanged otherwise.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery
from assistant.respond.env import Env


def lead(answer: Answer, query: CompareQuery, env: Env) -> Answer:
    if answer.clarification or not lexicon(env.lang).words_in("mobility_words", f" {query.text.lower()} "):
        return answer
    gpus = env.reader.gpus(list(dict.fromkeys(r.name for r in query.gpus if r.name)))
    carried = {
        r.name for r in query.gpus if lexicon(env.lang).words_in("laptop_mention_words", f" {r.mention.lower()} ")
    }
    laptops = [g for g in gpus if g.is_mobile or g.name in carried]  # "macbook pro m4 max": the Mac goes along
    desks = [g for g in gpus if g not in laptops]
    if len(gpus) != 2 or len(laptops) != 1 or len(desks) != 1:
        return answer
    laptop, desk = laptops[0], desks[0]
    speeds = answer.figures.get("relative_speed") or {}
    ratio = (speeds.get(desk.name) or 0) / (speeds.get(laptop.name) or 1)
    key = "compare.mobile_pick_faster" if ratio > 1.05 else "compare.mobile_pick"
    text = env.t(key, laptop=laptop.short_name, desk=desk.short_name, x=f"{ratio:.2f}")
    answer.headline = i18n.gap(env.lang).join([text, _without_pick(answer.headline, desk.short_name, env)])
    answer.choice = laptop.name
    answer.figures["mobility"] = {"pick": laptop.name, "desktop": desk.name, "speed": round(ratio, 2)}
    return answer


def _without_pick(headline: str, desk: str, env: Env) -> str:
    """The comparison with its own pick of the desktop card ("Get the RTX 4070: ...", "选 RTX 4070。") said as the
    cards alone, which the mobility pick outweighs."""
    for opener in (f"Get the {desk}. ", f"选 {desk}。"):
        if headline.startswith(opener):
            return headline[len(opener) :]
    for opener in (f"Get the {desk}: ", f"选 {desk}："):
        if headline.startswith(opener):
            return env.t("compare.mobile_cards_alone", desk=desk) + headline[len(opener) :]
    return headline
