"""A follow-up never gets the last answer again word for word when it asked a figure that answer holds.

Contract: `lead_new(answer, env)` runs last on every answer: when its headline is the previous answer's headline and
the answer worked out a speed (tokens/s for one user, seconds per image) the question asked for ("速度多少" after a
fit that already said it in passing), that speed leads; the headline is then remembered in `env.context.last_headline`
for the next answer. Answers that asked back (clarifications) are left alone and not remembered.
A comparison answered again at other prices (new / used, another snapshot): those prices and the better value
lead. A job timed on several rented cards ("换h800能快多少" after a LoRA on an A800) when the question asks how much
faster: the speed-up leads (the job's hours on each, docs/model.md §cost.run, and its rent on each).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env


def lead_new(answer: Answer, env: Env) -> Answer:
    if answer.clarification:
        return answer
    ctx = env.context
    before, ctx.last_headline = ctx.last_headline, answer.headline
    faster = _job_speedup(answer, env) if _FASTER.search((answer.question or "").lower()) else ""
    faster = faster or _prices_changed(answer, env)
    if faster:
        answer.headline = i18n.gap(env.lang).join([faster, answer.headline])
        return answer
    if not before or answer.headline != before or "speed" not in (answer.figures.get("asked") or ()):
        return answer
    from assistant.respond.asked import figure_speed

    speed = figure_speed(answer, env)
    if speed:
        answer.headline = i18n.gap(env.lang).join([speed, answer.headline])
    return answer


# settings that change the prices a comparison is weighed at ("那二手的呢", "what about used")
_PRICE_SETTINGS = ("condition", "snapshot")


def _prices_changed(answer: Answer, env: Env) -> str:
    """A comparison answered again at other prices ("那二手的呢" after 3090 vs 4090 for SD): those prices and which card
    gives more per dollar at them lead, not the speed ratio the last answer already said ("" otherwise)."""
    changed, price, value = (answer.figures.get(k) or {} for k in ("changed", "price_usd", "value_per_tco"))
    if answer.intent != "compare" or not set(changed) & set(_PRICE_SETTINGS) or len(value) != 2 or len(price) != 2:
        return ""
    from assistant.nlu.lexicon import lexicon

    if lexicon(env.lang).words_in("same_price_words", f" {answer.question.lower()} "):
        return ""  # "a6000 or 2x 3090, similar price": the user's equal prices lead (respond/same_price), not these
    counts = answer.figures.get("counts") or {}
    best, other = sorted(value, key=lambda g: -value[g])
    if not value[other]:
        return ""
    short = {g: (gpu.short_name if (gpu := env.reader.known_gpu(g)) else g) for g in price}
    prices = [f"{short[g]} {env.money(price[g] * counts.get(g, 1))}" for g in price]
    return env.t(
        "answer.prices_lead",
        prices=i18n.join_names(env.lang, prices),
        best=short[best],
        pct=f"{(value[best] / value[other] - 1) * 100:.0f}",
        years=f"{env.assumptions.years:g}",
    )


_FASTER = re.compile(
    r"faster|quicker|speed ?up|how much (?:less|shorter)"
    r"|快多少|快几倍|能快|多快|提速|快多|快了多少|更快|快吗|快不快|会不会快"
)


def _job_speedup(answer: Answer, env: Env) -> str:
    """ "The H800 PCIe 80 GB is about 2.6x as fast for this job: 3.2 h against 8.3 h ..." from a job's cards."""
    rows = [r for r in answer.figures.get("per_gpu") or () if r.get("hours")]
    if answer.intent != "rates" or len(rows) < 2:
        return ""
    fast, slow = min(rows, key=lambda r: r["hours"]), max(rows, key=lambda r: r["hours"])
    if fast is slow or fast["hours"] <= 0:
        return ""
    short = {r["gpu"]: _label(r, env) for r in (fast, slow)}
    return env.t(
        "rates.job_speedup",
        fast=short[fast["gpu"]],
        slow=short[slow["gpu"]],
        ratio=f"{slow['hours'] / fast['hours']:.1f}",
        fh=f"{fast['hours']:,.1f}",
        sh=f"{slow['hours']:,.1f}",
        fm=env.money_total(fast.get("total_usd") or 0),
        sm=env.money_total(slow.get("total_usd") or 0),
    )


def _label(row: dict, env: Env) -> str:
    """A job row's card, said as rented in place of the card asked when the cloud rents no such card (the RTX 3090
    for an RTX 3060 12 GB): the speed-up is never silently about another card."""
    name = env.reader.known_gpu(row["gpu"]).short_name
    asked = row.get("variant_of")
    spec = env.reader.known_gpu(asked) if asked and asked != row["gpu"] else None
    if spec is None or _chip(spec.short_name) == _chip(name):  # a form of the same chip (H800 PCIe for H800 SXM5)
        return name
    return env.t("rates.in_place_of", gpu=name, asked=spec.short_name)


def _chip(short_name: str) -> str:
    """The model number of a card's name ("3090" of "RTX 3090", "H800" of "H800 PCIe 80 GB")."""
    return next((w for w in short_name.split() if any(c.isdigit() for c in w)), short_name)
