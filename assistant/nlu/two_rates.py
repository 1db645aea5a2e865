"""Two values of one price setting said side by side, for the cost under each ("interruptible 3090 at $0.09/hr vs
on-demand at $0.22/hr, 60 hour job, what will each cost", "峰电0.9 谷电0.3 4090每天跑8小时 全放谷电一个月省多少").

Contract: `two_rates(r)` -> `TwoRates | None`: exactly two rates of one kind, per hour (RATE tags, or a money amount
followed by a word of lexicon [lists] per_hour_words: "1.2元一小时") or per kWh (KWH tags, or a bare amount under
MAX_KWH of a word of [lists] tariff_words: "峰电0.9", "night rate 0.12"), each with its label: the nearest word of
[lists] option_words or a cloud named (before it within LABEL_GAP characters, else after it), else None. Amounts are as
typed, in `currency` (None: the question's own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.nlu.patterns import compiled

if TYPE_CHECKING:
    from assistant.nlu.reading import Reading

NEAR_RATE = 3.0  # a bare amount within this factor of the one hourly rate said is the other option's rate [A]
LABEL_GAP = 24  # characters between a rate and the word that names its option ("interruptible 3090 at $0.09/hr")
STOCK = 0.0  # a draw of 0 W stands for the card's stock power (the responder reads it from the KB)
MAX_KWH = 2.0  # a bare amount beside a tariff word at or above this is no price per kWh [A]
_PER_HOUR_GAP = 3  # characters between a money amount and its per-hour word ("1.2元 一小时")


@dataclass(frozen=True)
class TwoRates:
    """Two rates of one kind: `unit` hour | kwh | watts (two draws: 0 is the card's stock power, a value in (0, 1) that
    share of it: "power limit to 70%"), `values` as typed, `labels` (a word of the option
    or None each)."""

    unit: str
    values: tuple[float, float]
    labels: tuple[str | None, str | None]
    currency: str | None = None
    hours_total: float | None = None  # hours in all said ("a 60 hour job"), not the hour of a rate
    hours_each: tuple[float, float] | None = None  # hours of its own for each rate, in the order said


def hourly_rates(r: Reading) -> list[tuple[int, int, float]]:
    found = [(t.start, t.end, float(t.number())) for t in r.b.kinds.get("RATE", [])]
    low = r.text.lower()
    words = r.lex.listed("per_hour_words")
    for t in [*r.b.kinds.get("MONEY", []), *r.b.kinds.get("NUMBER", [])]:  # "1.2元一小时", "1.88一小时"
        if t.kind == "NUMBER" and not isinstance(t.value, (int, float)):
            continue
        # a tag may end inside the per-hour word ("1.2元一" + "小时"): look from its last character too
        afters = (low[t.end : t.end + _PER_HOUR_GAP + 16].lstrip(), low[t.end - 1 : t.end + 16])
        if any(after.startswith(w) for after in afters for w in words):
            found.append((t.start, t.end, _as_typed(t)))
    rates = [f for f in found]
    if len(rates) == 1:  # "lambda wants $2.99/hr ... vast has one at $1.87": a second amount near the rate's size
        rate = rates[0][2]
        near = [
            (t.start, t.end, float(t.number()))
            for t in r.b.kinds.get("MONEY", [])
            if t.start != rates[0][0] and rate / NEAR_RATE <= float(t.number()) <= rate * NEAR_RATE
        ]
        found += near[:1] if len(near) == 1 else []
    return sorted(found)


def _as_typed(t) -> float:
    """The amount as its digits say ("1.2元一小时": 1.2; the tag may have read "元一" as a tenth more)."""
    m = re.match(r"[^\d]*(\d+(?:\.\d+)?)", t.text)
    return float(m.group(1)) if m else float(t.number())


def _per_kwh(r: Reading) -> list[tuple[int, int, float]]:
    found = [(t.start, t.end, float(t.number())) for t in r.b.kinds.get("KWH", [])]
    low = r.text.lower()
    tariffs = [w for w in r.lex.listed("tariff_words")]
    for t in r.b.kinds.get("NUMBER", []):
        value = t.value
        if not isinstance(value, (int, float)) or not 0 < value < MAX_KWH:
            continue
        before = low[max(0, t.start - 12) : t.start]
        if any(_has(before, w) for w in tariffs):
            found.append((t.start, t.end, float(value)))
    return sorted(found)


def _has(window: str, word: str) -> bool:
    if word not in window:  # the pattern needs the word itself
        return False
    return bool(compiled(rf"(?<![a-z]){re.escape(word)}(?![a-z])").search(window)) if word.isascii() else True


def _label(r: Reading, start: int, end: int, others: list[tuple[int, int, float]]) -> str | None:
    """The option word nearest before the rate (not past another rate), else right after it."""
    low = r.text.lower()
    floor = max([e for s, e, _ in others if e <= start], default=0)
    before = low[max(floor, start - LABEL_GAP) : start]
    words = sorted(r.lex.listed("option_words") | r.lex.listed("cloud_providers"), key=len, reverse=True)
    # the word ending nearest the rate; of two ending together, the longer ("off-peak" over "peak")
    best = max(((before.rfind(w) + len(w), len(w), w) for w in words if _has(before, w)), default=None)
    if best is not None:
        return best[2]
    ceiling = min([s for s, _, _ in others if s >= end], default=len(low))
    after = low[end : min(ceiling, end + LABEL_GAP)]
    hits = sorted((after.find(w), w) for w in words if _has(after, w))
    return hits[0][1] if hits else None


def job_hours(r: Reading, found: list[tuple[int, int, float]]) -> list[float]:
    """Hours in all said, other than the "一小时" of a rate ("1.88一小时")."""
    ends = [e for _, e, _ in found]
    return [
        float(t.value["total"])
        for t in r.b.kinds.get("HOURS", [])
        if isinstance(t.value, dict) and t.value.get("total") and not any(0 <= t.start - e <= 1 for e in ends)
    ]


_FROM_TO = re.compile(
    r"(?<![\d.])(\d{2,4})\s*(?:w|watts?)?\s*(?:to|->|→|到|降到|降至)\s*(\d{2,4})\s*(?:w|watts?|瓦)", re.I
)


def _draws(r: Reading) -> list[tuple[int, int, float]]:
    """Two draws weighed for a saving ("from 350 to 280w", "3090降压到280w" against its stock power): only with a word
    of [lists] save_words."""
    if not any(_has(r.text.lower(), w) for w in r.lex.listed("save_words")):
        return []
    cards = [(t.start, t.end) for t in r.b.kinds.get("GPU", [])]
    m = next((m for m in _FROM_TO.finditer(r.text) if not any(s <= m.start(1) < e for s, e in cards)), None)
    if m and r.b.has("HOURS", "KWH"):  # "from 350 to 280w", never "my 4090 to 320w"
        return [(m.start(1), m.end(1), float(m.group(1))), (m.start(2), m.end(2), float(m.group(2)))]
    limit = r.card_limit_tag()
    if len([g for g in r.explicit if g.name]) != 1 or not r.b.has("HOURS", "KWH"):
        return []  # "4090降压到300w 省多少电 性能掉多少": the power-limit answer (watts and speed), no hours to cost
    if limit is None:  # "功耗限制到70%", "power limit my 4090 to 70%": that share of its stock power
        share = limit_share(r)
        return [(0, 0, STOCK), (share[0], share[1], share[2])] if share else []
    return [(0, 0, STOCK), (limit.start, limit.end, float(limit.number()))]  # the card's stock power, then the limit


_SHARE_GAP = 24  # characters between a power-limit word and the percent it limits to ("power limit my 4090 to 70%")


def share_of_stock(r: Reading) -> float | None:
    """ "power limited my 3090s to 70%": the share of each card's stock power a limit said as a percent keeps."""
    found = limit_share(r) if r.b.has("PERCENT") else None
    return found[2] if found is not None else None


def limit_share(r: Reading) -> tuple[int, int, float] | None:
    """A percent after a power-limit word: the limit as a share of the card's stock power (a draw value in (0, 1])."""
    text = r.text.lower()
    pattern = "|".join(
        rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w)
        for w in sorted(r.lex.listed("power_limit_words"))
    )
    ends = [m.end() for m in compiled(pattern).finditer(text)]
    for t in r.b.kinds.get("PERCENT", []):
        share = t.value if isinstance(t.value, (int, float)) else 0.0
        if 0.2 <= share < 1 and any(0 <= t.start - end <= _SHARE_GAP for end in ends):
            return t.start, t.end, float(share)
    return None


def _weighed(r: Reading) -> bool:
    """The question sets the two side by side: a word of [lists] two_costs_words or save_words."""
    low = f" {r.text.lower()} "
    return any(w in low if w.startswith(" ") else _has(low, w) for w in r.lex.listed("two_costs_words")) or any(
        _has(low, w) for w in r.lex.listed("save_words")
    )


def two_rates(r: Reading) -> TwoRates | None:
    if not _weighed(r):
        return None  # "谷电0.3 峰电0.9 ... 晚上11点到早上7点跑 一个月电费多少": one of them is the price asked about
    for unit, found in (("hour", hourly_rates(r)), ("kwh", _per_kwh(r)), ("watts", _draws(r))):
        if len(found) != 2 or found[0][2] == found[1][2] or (unit == "watts" and found[1][2] == STOCK):
            continue
        hours = job_hours(r, found)
        if len(hours) > 2:
            return None
        labels: tuple[str | None, ...] = tuple(_label(r, s, e, [f for f in found if f[0] != s]) for s, e, _ in found)
        currency = r.currency("RATE") if unit == "hour" and r.b.has("RATE") else None
        if unit == "watts":
            labels = (None, None)  # "8h a day": no option word names a draw
        each = (hours[0], hours[1]) if len(hours) == 2 else None  # "$0.40/hr for 30 hours or $0.25/hr for 50 hours"
        total = hours[0] if len(hours) == 1 else None
        return TwoRates(unit, (found[0][2], found[1][2]), (labels[0], labels[1]), currency, total, each)
    return None
