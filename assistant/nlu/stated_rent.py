"""The user's own rent said in a question that weighs renting against buying: its rate, the card it rents and the
hours rented so far.

Contract: `stated_rent(r)` -> dict of RentOrBuyQuery fields (empty when no rent is stated):
- `rent_rate` / `rent_rate_currency`: the one RATE tag of the question ("renting at $0.89/hr", "租¥6/h", "0.4 an hour",
  "一小时两块"; tagging/hourly_rates.py reads the loose forms; an amount after "每小时" the tagger left bare counts
  too); two rates or more are a comparison of rates, not
  this;
- `rented`: of two different cards named, the one nearest the rate ("runpod a40 at $0.35/hr vs buying a used 3090
  for $700": the A40 is rented, the 3090 bought); None when one card is named;
- `rented_hours`: the hours a span of time said adds up to ("been paying $1.20/hr ... for 3 weeks straight (24/7)":
  504), the rent paid so far.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading


def stated_rent(r: Reading) -> dict:
    rates = r.b.kinds.get("RATE", []) or _hour_before(r)
    if len(rates) != 1:
        return {}
    rate = rates[0]
    try:
        value = rate.number()
    except ValueError:
        return {}
    if value <= 0:
        return {}
    cur = rate.meanings.get("CURRENCY")
    if cur is None and r.lex.words_in("dollar_marks", rate.text):
        cur = "USD"
    cur = cur or r.unnamed_currency()
    span = next((t.mapping().get("total") for t in r.b.kinds.get("HOURS", []) if t.mapping().get("span")), None)
    return {
        "rent_rate": value,
        "rent_rate_currency": None if cur == "USD" else cur,
        "rented": _rented_card(r, rate),
        "rented_hours": span,
    }


def _hour_before(r: Reading) -> list:
    """ "租卡每小时1.3", "autodl租 每小时1.9": an amount right after a word of one hour ([lists] rate_hour_before)
    that the tagger left a PER word and a number; [] when there is none."""
    words = r.lex.listed("rate_hour_before")
    return [
        t
        for t in r.b.tags
        if t.kind in ("MONEY", "NUMBER")
        and isinstance(t.value, (int, float))
        and 0 < t.value <= 500
        and any(r.text[: t.start].rstrip().endswith(w) for w in words)
    ]


VS_APART = 5.0  # a "vs" between a rate and a card sets them on different sides of the question


def _rented_card(r: Reading, rate) -> str | None:
    """The card named nearest the rate (tags between them counted), of two different cards named; None otherwise."""
    names = {g.name for g in r.explicit if g.name}
    if len(names) < 2:
        return None
    tags = r.b.tags
    at = tags.index(rate)

    def apart(k: int) -> float:  # tags between, a later card half a step further, a "vs" / "or" between far apart
        between = tags[min(k, at) + 1 : max(k, at)]  # ("h100 on runpod is 2.5$/hr vs buying a 5090": the h100)
        return abs(k - at) + (0.5 if k > at else 0.0) + VS_APART * sum(t.kind in ("VS", "OR") for t in between)

    cards = [(apart(k), t) for k, t in enumerate(tags) if t.kind == "GPU"]
    if not cards:
        return None
    nearest = min(cards, key=lambda c: c[0])[1]
    return next((g.name for g in r.explicit if g.mention == nearest.text and g.name), None)
