"""A whole machine's draw the user states for a running cost: "my 3090 box pulls ~420w at the wall", "~1.3 kW from the
wall", "整机600w", "server averages ~300w": the bill is worked out at that draw, not at the cards' board power.

Contract: `stated_draw(r)` -> the watts (float) of the one WATTS amount with a word of [lists] wall_words right after
it or a word of [lists] system_draw_words right before it; None when there is none or several, or when that amount is a
card's power limit or a power supply's size; with no such word, a card's draw and the rest of the system's said
("70w card + 40w rest of system") add up to the machine's. `draw_bill(r)`: whether a bill of stated draws is asked
(watts, no card, no money, a period or an electricity price).
"""

from __future__ import annotations

from assistant.nlu.reading import Reading

_NEAR = 24  # characters between the amount and its wall / system word


def stated_draw(r: Reading) -> float | None:
    text = r.text.lower()
    limit = r.card_limit_tag()
    found = []
    for t in r.b.kinds.get("WATTS", []):
        if t is limit or t.meanings.get("FROM"):
            continue
        after = text[t.end : t.end + _NEAR]
        before = text[max(0, t.start - _NEAR) : t.start].rstrip(" ~≈")
        if r.lex.words_in("wall_words", after) or any(before.endswith(w) for w in r.lex.listed("system_draw_words")):
            found.append(t)  # "420w at the wall" (a wall word, though rig answers read it as the PSU's load too)
    if len(found) == 1:
        return found[0].number()
    return _card_and_rest(r, text) if not found else None


def _card_and_rest(r: Reading, text: str) -> float | None:
    """ "~70w card + 40w rest of system", "450w的卡加上其他配件100w": the card's draw and the rest of the machine's,
    added (two WATTS amounts, one with a word of [lists] rest_of_system_words right after or before it; the card's may
    be its power limit, "3090 pulls 350w")."""
    watts = [t for t in r.b.kinds.get("WATTS", []) if not t.meanings.get("FROM") and not t.meanings.get("PSU")]
    if len(watts) != 2:
        return None
    rest = [t for t in watts if r.lex.words_in("rest_of_system_words", text[t.end : t.end + _NEAR])]
    rest = rest or [t for t in watts if r.lex.words_in("rest_of_system_words", text[max(0, t.start - _NEAR) : t.start])]
    if len(rest) != 1:
        return None
    return sum(float(t.number() or 0.0) for t in watts) or None


def draw_bill(r: Reading) -> bool:
    """A power bill of stated draws is asked ("server idles at 60w, about 300w under load maybe 2 hours a day, on
    24/7, power 0.30, monthly?"): watts said, no card named, no money amount, and a period or an electricity price."""
    from assistant.nlu.intents.rates import period

    b = r.b
    if not b.has("WATTS") or r.refs or b.has("MONEY", "BUDGET", "MODEL", "PARAMS"):
        return False
    return period(r) is not None or b.has("KWH") or b.means("ELECTRICITY")
