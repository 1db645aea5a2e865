"""The form of a question: which figure it asks for, and the settings that go with that figure, whatever the wording.

Contract: `form_of(r)` -> `Form`, read once per question (`Reading.form`) before any intent reader decides. It never
decides the intent; readers consult it so that a wording no reader knows still gets the figure asked:

- `figure`: the figure asked, the first of FIGURES whose words the question uses (lexicon [lists] form_<figure>;
  "energy" also takes energy_asked): energy (kWh), bill (money for electricity per period), time (how long, by when),
  count (how many cards), price (cost, rate, total), why, which (a pick), list, yes_no (a question opened by an
  auxiliary: "is", "does", "would" ...), or None.
- settings that go with it: `owned` (the GPU named is the user's: "my 3090", "i have a 3090"), `buying` (a buying word),
  `period` (day | week | month | year the figure is per), `renting` (a cloud or rent word), `deadline_hours` (a
  time the job must be done in: "in 3 days", "by friday (3 days from now)", "by tomorrow"), `load_hours_week` /
  `powered_hours_week` (hours a week under load, and on in all, load included: "idles 24/7 and does ~4h of load a day"),
  `bill_stated` (an amount the user's bill shows or went up by, its currency and period: "my electric bill went up
  $38 last month", "$212 electric bill"), `cap` (a limit to compare against, nlu/caps.py: "landlord caps me at 300 kwh
  a month", "宿舍限电800w"), `clock_start` / `clock_by` (hours of the day, nlu/clock.py: "start at 9pm", "早上8点前").
  Resale after N years is zh's reader (nlu/resale.py).
- figures added in session 13 (forms): share (a part of a stated bill: "$212 bill, how much of it is the pc"; needs
  the bill), clock (the time of day a job is done: needs a clock time said), cap (needs a cap), minimum (the least
  set-up that runs a model), watts (a card's draw). A Chinese question is yes/no by its form (form_yes_no_zh: "吗",
  "够不够", "会不会").

All words are lexicon lists; nothing here is a phrase match on one question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from assistant.nlu import deadline
from assistant.nlu.caps import Cap, cap_of, money_cap
from assistant.nlu.clock import clock_times, hours_between
from assistant.nlu.free_power import free_spans
from assistant.nlu.patterns import compiled
from assistant.nlu.tagging.said_equal import said_same_after

if TYPE_CHECKING:
    from assistant.nlu.reading import Reading

# the order is the precedence: a bill question also says "how much", a time question may say "cost" too
FIGURES = (
    "share",
    "clock",
    "cap",
    "minimum",
    "energy",
    "bill",
    "time",
    "count",
    "why",
    "watts",
    "which",
    "list",
    "price",
)
WEEK_HOURS = 168.0
_STATED = ("KWH", "MONEY", "RATE", "HOURS", "WATTS")  # tags whose words state a setting, not the figure asked
OVERNIGHT_HOURS = 12.0  # "overnight": the hours of one night a job may run [A]
DAYS_TO = {
    "today": 0.5,
    "tonight": 0.5,
    "tomorrow": 1.0,
    "tmrw": 1.0,
    "tomorow": 1.0,
    "tommorow": 1.0,
    "weekend": 3.0,
    "next week": 7.0,
    "end of the week": 5.0,
}


@dataclass(frozen=True)
class Form:
    """What a question asks (`figure`) and the settings said with it; every field None / False when not said."""

    figure: str | None = None
    owned: bool = False
    buying: bool = False
    renting: bool = False
    period: str | None = None
    deadline_hours: float | None = None
    load_hours_week: float | None = None
    powered_hours_week: float | None = None
    bill_stated: tuple[float, str | None, str] | None = None
    cap: Cap | None = None
    clock_start: float | None = None
    clock_by: float | None = None
    made_in_hours: float | None = None


def form_of(r: Reading) -> Form:
    from assistant.nlu.intents.rates import period

    b = r.b
    start, by = _clock_times(r)
    return Form(
        figure=figure(r),
        owned=_said(r, "form_owned") or _opens_with(r, "form_owned_lead"),
        buying=b.has("BUY"),
        renting=b.has("RENT"),
        period=period(r),
        deadline_hours=hours_between(start, by) if start is not None and by is not None else deadline_of(r),
        load_hours_week=_load_hours(r),
        powered_hours_week=_powered_hours(r),
        bill_stated=_bill_stated(r),
        cap=cap_of(r.text, r.lex) or (money_cap(r) if _spends(r) else None),
        clock_start=start,
        clock_by=by,
        made_in_hours=_made_in(r),
    )


def _made_in(r: Reading) -> float | None:
    """Hours of a count of things made asked ("how many images per hour", nlu/followup_details.made_in) or of tokens
    ("how many tokens a day", "一天能处理多少token": [lists] made_token_asks with a made_span_* word)."""
    from assistant.nlu.followup_details import made_in

    found = made_in(r)
    if found or not _said(r, "made_token_asks"):
        return found
    spans = (("made_span_hour", 1.0), ("made_span_day", 24.0), ("made_span_minute", 1 / 60))
    return next((hours for name, hours in spans if _said(r, name)), None)


def _said(r: Reading, name: str) -> bool:
    from assistant.nlu.intents.verdict import said

    return said(r, name) is not None


def _opens_with(r: Reading, name: str) -> bool:
    """The question opens with a word of list `name` (the subject left out: "have three 3060s from an old mining
    box ...", "手上有两张2080ti ...": the cards are the user's)."""
    low = r.text.lower().lstrip()
    return any(low.startswith(w + " ") or (not w.isascii() and low.startswith(w)) for w in r.lex.listed(name))


def _said_outside(r: Reading, name: str, kinds: tuple[str, ...]) -> bool:
    """A word of list `name` outside the tags of `kinds` ("kwh" asked, not the "kwh" of a rate "$0.12/kwh")."""
    joined = r.once(f"outside:{' '.join(kinds)}", lambda: _tokens_outside(r, kinds))
    return any((key in joined) if key is not None else (word in r.text) for word, key in r.lex.keyed(name))


def _tokens_outside(r: Reading, kinds: tuple[str, ...]) -> str:
    """The question's tokens outside the tags of `kinds`, lowercased and spaced (" a b "); made once per question."""
    spans = [(t.start, t.end) for k in kinds for t in r.b.kinds.get(k, [])]
    kept = [
        tok.lower() for tok, at in zip(r.b.toks, r.b.toks_pos, strict=False) if not any(s <= at < e for s, e in spans)
    ]
    return " " + " ".join(kept) + " "


def figure(r: Reading) -> str | None:
    """The figure asked (FIGURES order), else "yes_no" for a question opened by an auxiliary, else None. Words inside
    a rate or an amount ("$0.12/kwh", "$2 an hour") state a setting; they ask for nothing."""
    for name in FIGURES:
        if name in _NEEDS and not _NEEDS[name](r):
            continue
        if name == "clock" and _clock_times(r)[1] is not None and _clock_times(r)[0] is not None:
            return name  # "晚上10点开始 ... 早上8点前能跑完吗": a start and a time to be done by
        if name == "cap":
            return name  # the limit said is what the question weighs
        if name == "bill" and r.b.has("RENT", "RATE") and not r.b.has("ELECTRICITY", "KWH"):
            continue  # "5 experiments on a rented a100 at $1.50/hr, what's the bill": the rent, asked as money
        if name == "bill" and _bill_only_free(r):
            continue  # "学校出电费 要不要限功耗": the bill word says who pays; it asks for no bill
        if name in ("bill", "watts") and r.said("efficiency_words") and r.said("machine_wish_words"):
            continue  # "想搞一台推理机，电费要省": a preference the pick follows, no bill asked
        if name == "price" and _HOW_MUCH_OF.search(r.text.lower()) and not r.b.has("COST", "MONEY", "RATE"):
            continue  # "how much of a 70b q4 can i offload": a part of something, no price
        if name == "minimum" and _LEAST_BAD.search(r.text.lower()):
            continue  # "which is the least bad": the best of poor choices, not a minimum set-up
        if name == "count" and _few_then_yes_no(r):
            continue  # "那买几张4090划算吗": a few cards, and whether buying them pays; no count asked
        if _said_outside(r, f"form_{name}", _STATED) or (
            name == "energy" and _said_outside(r, "energy_asked", _STATED)
        ):
            if name == "watts" and _OVER_PERIOD.search(r.text.lower()) and r.hours()[0]:
                # "power draw difference ... over a year if i run it 12h/day": the energy used; "..., and monthly
                # cost if it runs 24/7": the money for it
                return "bill" if r.b.has("COST") else "energy"
            return name
        if name == "why" and r.b.has("WHY"):
            return name
        if name == "count" and _count_of_cards(r):
            return name
    toks = [t.lower() for t in r.b.toks]
    if toks[:1] in (["and"], ["also"], ["plus"]):  # "and does it still have the full 96gb?": the word after
        toks = toks[1:]
    first = toks[0] if toks else ""
    if first in r.lex.listed("form_yes_no") or any(w in r.text for w in r.lex.listed("form_yes_no_zh")):
        return "yes_no"
    # "i have a 7900 xtx already. should i sell it ...": a later sentence opened by an auxiliary
    aux = r.lex.listed("form_yes_no")
    later = re.split(r"[.?!]\s+", r.text.lower())[1:]
    if any(s.split()[:1] and s.split()[0] in aux for s in later):
        return "yes_no"
    return None


_OVER_PERIOD = re.compile(
    r"\b(?:over|per|in|for) (?:a|one|the|1) (?:year|month|week)\b|\byearly\b|\bmonthly\b|一年|每年|一个月|每月"
)
_HOW_MUCH_OF = re.compile(r"\bhow much of (?:a|an|the|it|my|that|this)\b")
_LEAST_BAD = re.compile(r"\bleast (?:bad|worst|terrible|awful)\b")


def _few_then_yes_no(r: Reading) -> bool:
    """ "买几张4090划算吗": 几张 after a buying verb, and a yes / no particle after it (form_yes_no_zh), is "a few"
    cards; "要几张", "需要几张" (lexicon form_count_need_before) before it ask the count."""
    text = r.text
    for w in r.lex.listed("form_count"):
        at = text.find(w)
        if at < 0:
            continue
        before = text[:at]
        if any(before.endswith(n) for n in r.lex.listed("form_count_need_before")):
            return False
        rest = text[at + len(w) :]
        return any(_particle(rest, y) for y in r.lex.listed("form_yes_no_zh"))
    return False


def yes_no_particle(r: Reading) -> bool:
    """A Chinese yes / no form anywhere in the question (form_yes_no_zh: "吗", "行不行", "够不够"), whatever figure
    the question's words also name ("7900xtx跑comfyui还是很折腾吗 看价格挺香的": 价格 names the price)."""
    return any(_particle(r.text, w) for w in r.lex.listed("form_yes_no_zh"))


def _particle(rest: str, word: str) -> bool:
    """A yes / no particle in `rest`; "么" only on its own ("什么", "怎么", "这么", "多么" ask other things)."""
    if word != "么":
        return word in rest
    return re.search(r"(?<![什怎这那多要])么", rest) is not None


def _bill_only_free(r: Reading) -> bool:
    """Every bill word of the question says the power is free (nlu/free_power.py: "学校出电费") or the same for the
    choices (tagging/said_equal.py: "电费都一样", "power cost is the same"): no bill is asked."""
    low = r.text.lower()
    words = r.lex.listed("form_bill")  # a word not in the text is not searched for (its pattern needs the word)
    spans = free_spans(r.text, r.lex)
    spans += [
        (m.start(), m.end())
        for w in words
        if w in low
        for m in _bill_word(w).finditer(low)
        if said_same_after(low, m.end(), r.lex, w.isascii())
    ]
    if not spans:
        return False
    for a, b in spans:
        low = low[:a] + " " * (b - a) + low[b:]
    return not any(w in low and _bill_word(w).search(low) for w in words)


def _bill_word(w: str) -> re.Pattern[str]:
    """A bill word as a whole word (English) or as text (Chinese)."""
    return compiled(re.escape(w) if not w.isascii() else rf"\b{re.escape(w)}\b")


def _spends(r: Reading) -> bool:
    """The question states a running cost to weigh a budget against: a rent or electricity rate, or hours."""
    return r.b.has("RATE", "KWH", "HOURS") and not r.b.has("BUY")


def _clock_times(r: Reading) -> tuple[float | None, float | None]:
    """clock.clock_times of the question, read once (the figure and the form both ask)."""
    return r.once("clock_times", lambda: clock_times(r.text, r.lex))


def _clock_said(r: Reading) -> bool:
    start, by = _clock_times(r)
    return start is not None or by is not None


_NEEDS = {  # the figures asked only when the question states what they are of
    "share": lambda r: _bill_stated(r) is not None,
    "clock": _clock_said,
    # no card: a constraint ("不能超过75w"); a budget weighed only against a running cost ("$500/month for cloud ...
    # at $1.79 per gpu-hr for a 30 hour run"), never a budget to buy with
    "cap": lambda r: (
        bool(r.explicit) and (cap_of(r.text, r.lex) is not None or (_spends(r) and money_cap(r) is not None))
    ),
}


_COUNT_GAP = 12  # characters between "how many" and the card counted ("how many used 3090s")


def _count_of_cards(r: Reading) -> bool:
    """ "how many used 3090s", "how many of those cards": a word of [lists] form_count_open right before a GPU."""
    low = r.text.lower()
    words = r.lex.listed("form_count_open")
    hours = r.lex.listed("form_count_not")  # "how many h100 hours": hours of the card, not cards
    ends = [m.end() for w in words if w in low for m in re.finditer(rf"\b{re.escape(w)}\b", low)]
    ends = [e for e in ends if not any(low[e:].lstrip().startswith(w) for w in hours)]  # "how many years do gpus"
    cards = [t for k in ("GPU", "GPU_WORD") for t in r.b.kinds.get(k, [])]
    counted = [t.start for t in cards if not any(low[t.end : t.end + 8].lstrip().startswith(w) for w in hours)]
    return any(0 <= at - end <= _COUNT_GAP for end in ends for at in counted)


def deadline_of(r: Reading) -> float | None:
    """Hours the job must be done in: "in 3 days", "within a week" (deadline.py), a day named after a deadline word
    ("by friday (3 days from now)": the days said, else the words of [lists] form_deadline_days), or None."""
    found = deadline.deadline_hours(r.text)
    if found is not None:
        return found
    low = r.text.lower()
    alone = next(
        (w for w in r.lex.listed("form_deadline_alone") if w in low and compiled(rf"\b{re.escape(w)}\b").search(low)),
        None,
    )
    if alone is not None:  # "finish it overnight": a night [A], said by the answer as the hours it must fit in
        return OVERNIGHT_HOURS
    words = sorted(r.lex.listed("form_deadline"), key=len, reverse=True)
    at = next((m.end() for w in words if w in low for m in [compiled(rf"\b{re.escape(w)}\b").search(low)] if m), None)
    if at is None:
        return None
    rest = low[at:]
    days = re.search(r"(\d+(?:\.\d+)?)\s*(days?|hours?|hrs?|h)\s+from now", low)
    if days:
        n = float(days.group(1))
        return n if days.group(2).startswith("h") else n * 24.0
    named = next((d for d in sorted(DAYS_TO, key=len, reverse=True) if rest.lstrip().startswith(d)), None)
    if named is not None:
        return DAYS_TO[named] * 24.0
    return None


def _hours_tags(r: Reading) -> list:
    return r.b.kinds.get("HOURS", [])


def _load_hours(r: Reading) -> float | None:
    """Hours a week under load when the question also says the card is on (idle) the rest of the time."""
    if not r.b.has("IDLE"):
        return None
    per_week = [t.mapping().get("per_week") for t in _hours_tags(r)]
    return next((float(h) for h in per_week if h), None)


def _powered_hours(r: Reading) -> float | None:
    """ "idles 24/7 and does ~4h of load a day": the hours a week the card is on, load included; "leaving my 2x 3090
    box on", "it's always on": all week."""
    idle = r.b.first("IDLE")
    if idle is not None:
        return float(idle.get("per_week") or WEEK_HOURS)
    return WEEK_HOURS if _always_on(r) else None


_ON_GAP = 40  # characters between a leaving / keeping verb and its "on" ("leaving my 2x 3090 llm box on")


def _always_on(r: Reading) -> bool:
    """Left on all the time: a phrase of [lists] always_on_words, or a verb of always_on_verbs with "on" after it in
    the same clause ("leaving my 2x 3090 llm box on"; "keep it on"; not "keep training on a 3090")."""
    low = r.text.lower()
    if _said(r, "always_on_words"):
        return True
    verbs = "|".join(re.escape(v) for v in sorted(r.lex.listed("always_on_verbs"), key=lambda v: (-len(v), v)))
    if not verbs:
        return False
    found = re.search(rf"\b(?:{verbs})\b[^,.;?!]{{0,{_ON_GAP}}}?\bon\b(?!\s+(?:a|an|the|my|it|top|\d))", low)
    return found is not None


def _bill_stated(r: Reading) -> tuple[float, str | None, str] | None:
    """(amount, currency, period) of a bill the user states ("my electric bill went up $38 last month", "paying like
    $40 a month more"): the first money amount after a word of [lists] bill_stated_words within BILL_GAP characters;
    the period is the one said after it (a month when none is)."""
    low = r.text.lower()
    for t in r.b.kinds.get("MONEY", []):  # "$212 electric bill for november": the amount right before the bill
        rest = low[t.end : t.end + _BILL_GAP]
        if any(rest.lstrip().startswith(w) for w in r.lex.listed("bill_after_amount")):
            after = low[t.end : t.end + _BILL_GAP + 16]
            period = next((p for p in ("day", "week", "year") if p in after), "month")
            return float(t.number()), r.currency("MONEY"), period
    ends = [m.end() for w in r.lex.listed("bill_stated_words") if w in low for m in re.finditer(_word(w), low)]
    for t in r.b.kinds.get("MONEY", []):
        if any(0 <= t.start - e <= _BILL_GAP for e in ends):
            after = low[t.end : t.end + 16]
            period = next((p for p in ("day", "week", "year") if p in after), "month")
            return float(t.number()), r.currency("MONEY"), period
    for t in r.b.kinds.get("NUMBER", []):  # "电费一个月多交了150": a bare amount right after the word, in the
        value = t.value  # question's own currency
        if isinstance(value, (int, float)) and value >= _BILL_MIN and any(0 <= t.start - e <= 2 for e in ends):
            return float(value), r.unnamed_currency(), "month"
    return None


_BILL_MIN = 10.0  # a smaller bare number right after a bill word is not the bill [A]


_BILL_GAP = 24  # characters between a bill word and its amount ("bill went up like $38")


def _word(w: str) -> str:
    """A pattern for list word `w`: an English word whole, a Chinese one anywhere ("上个月电费多了200块")."""
    return rf"\b{re.escape(w)}\b" if w.isascii() else re.escape(w)


_CLAUSE_STOPS = ",.;?!，。；？！"


def asked_fields(r: Reading) -> tuple[str, ...]:
    """Spec figures asked as yes/no of a said value: "is it really single slot" asks the slot width (a word of
    [lists] slot_widths after a word of form_yes_no in the same clause); "a4000 single slot, found one" states it."""
    low = r.text.lower()
    aux = r.lex.listed("form_yes_no")
    for w in sorted(r.lex.listed("slot_widths"), key=len, reverse=True):
        at = low.find(w)
        if at < 0:
            continue
        start = max(low.rfind(c, 0, at) for c in _CLAUSE_STOPS) + 1
        clause = re.split(r"\W+", low[start:at])
        if any(word in aux for word in clause) or " and " in f" {low[start:at]} ":
            return ("slot",)
    return ()
