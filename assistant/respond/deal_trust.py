"""An offer for a modified card asked whether the card can be trusted or is real ("can a 2080 ti 22gb modded card
be trusted? seen them on ebay for $400", "are the chinese 4090 48gb modded cards real and are they worth like
$3000", "魔改2080ti 22g 闲鱼2500 靠谱吗"): the trust is the question, so it leads and the price verdict follows.

Contract: `lead(price, query, gpu, env)` returns the deal answer `price` (respond/deal.py) with its headline led by
whether the card is real (when lexicon modified_real_words is said: it exists, it works, it is not NVIDIA's) and
whether it is safe to buy (locale card_risks.modified_lead), then the modified card's note (respond/variants.py),
then the price verdict; the note leaves the steps. Any other card asked whether it can be trusted ("is a 3090 for 650
reliable?") leads with the used card's checks when the answer gives them; an SXM module on an adapter
("v100 sxm2 魔改转接板 闲鱼一千多 靠谱吗") with its catches (respond/card_risks), then the price verdict.
Unchanged when neither trust (lexicon reliability_words) nor realness is asked, or the question asks the catches
("any catch", "有坑吗").
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import VerdictQuery
from assistant.respond import card_risks
from assistant.respond.env import Env
from assistant.respond.variants import market_variant, variant_note
from assistant.specs import GpuSpec

_CATCHES = re.compile(r"坑|catch|gotcha|problem|issue|downside")


def _said(name: str, text: str, env: Env) -> bool:
    """A word of lexicon list `name` in `text`: ASCII words whole ("real", not "really"), others as substrings."""
    low = text.lower()
    for word in lexicon(env.lang).listed(name):
        if word.isascii():
            if re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", low):
                return True
        elif word in low:
            return True
    return False


def _trust_asked(text: str, env: Env) -> bool:
    return _said("reliability_words", text, env) or _said("trust_words", text, env)


def lead(price: Answer, query: VerdictQuery, gpu: GpuSpec, env: Env) -> Answer:
    row = market_variant(gpu.name)
    if _CATCHES.search(query.text.lower()):
        return price
    if row is None or row["kind"] != "modified":  # "is a 3090 for 650 reliable?": the used card's checks first
        checks = env.t("deal.used_checks")
        alarmed = (price.figures.get("deal") or {}).get("alarmed")  # "mi50 32g才三百多 靠谱吗": the alarm stays first
        if not _trust_asked(query.text, env) or alarmed:
            return price
        form = [n for n in card_risks.risk_notes(gpu, env)[0] if gpu.server_module == "SXM" and n in price.headline]
        if form:  # "v100 sxm2 魔改转接板 闲鱼一千多 靠谱吗": the module's catches are what trust asks, then the price
            rest = price.headline
            for note in form:
                rest = rest.replace(note, "")
            price.headline = i18n.gap(env.lang).join([env.t("deal_trust.form_lead"), *form, rest.strip()])
        elif checks in price.headline:
            rest = price.headline.replace(checks, "").strip()
            price.headline = i18n.gap(env.lang).join(p for p in (checks, rest) if p)
        return price
    real = _said("modified_real_words", query.text, env)
    if not (real or _trust_asked(query.text, env)):
        return price
    note = variant_note(row, gpu, env)
    parts = [env.t("deal_trust.real", gpu=gpu.short_name)] if real else []
    trust = env.t("card_risks.modified_lead")
    parts += ["" if trust in price.headline else trust, "" if note in price.headline else note, price.headline]
    price.headline = i18n.gap(env.lang).join(p for p in parts if p)
    price.steps = [s for s in price.steps if s != note]
    return price
