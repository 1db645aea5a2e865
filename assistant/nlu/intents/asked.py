"""Readers driven by the question's form (assistant/nlu/form.py): the figure asked decides, not the wording.

- `bill`: an energy or electricity-bill figure asked of named GPUs ("my 3090 runs 24/7 at $0.12/kwh, whats the yearly
  bill and would swapping to a 4090 pay for itself", "my 4090 runs 24/7, how many kwh a month") is their running cost
  (CostQuery kind "running"), the user's own card first; hours of load and hours on but idle kept apart.
- `cap`: a limit stated to weigh the machine against (form.Form.cap): an energy cap ("landlord caps me at 300 kwh a
  month, will a 3090 at 420w for 14h a day blow it?") is the running cost with the cap (CostQuery.cap_kwh, the draw
  stated as CostQuery.watts); a power cap at the wall ("宿舍限电800w 4090加13600k会跳闸吗", "my ups is 1500va / 900w,
  enough for a 4090 box?") is the build's power against it (RigQuery.cap_w / cap_va).
- `share`: the cards' part of a stated bill ("$212 electric bill ..., how much of that bill is the pc"): the running
  cost with the bill and share_asked.
- `cloud_job`: a training job to do on rented GPUs with no GPU named, asked as which / cheapest / how much / how long
  or with a deadline ("need to finetune llama 3.1 8b on 200k samples by friday, cheapest cloud setup?") is the job
  priced on every cloud GPU (RatesQuery mode "job"), with the deadline it must meet.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.cost import kind as cost_kind
from assistant.nlu.intents.cost import usage_stated
from assistant.nlu.intents.rates import job_fields, provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.queries import CostQuery, GpuRef, Query, RatesQuery, RigQuery, SpecQuery

# what a bill question may not carry: a rented job's cost is rent, a recommendation picks a card, a run has tokens
_NOT_A_BILL = ("RENT", "RATE", "RECOMMEND", "TOKENS", "PARAMS")


_VA = re.compile(r"\d+\s*va", re.IGNORECASE)
MAX_KWH_PRICE = 1.0  # an amount under this beside hours of use and a bill asked is a price per kWh [A]


def cap(r: Reading) -> Query | None:
    form = r.form
    limit = form.cap
    if form.figure != "cap" or limit is None or not r.explicit or r.b.has("RATE") or r.model:
        return None  # "landlord includes power in rent but caps it at 300 kwh": a flat's rent is no cloud rate
    if limit.unit == "kWh":
        return CostQuery(
            text=r.text,
            gpus=_owned_first(r),
            kind="running",
            **_usage(r),
            watts=_draw(r),
            electricity_usd_per_kwh=_kwh_price(r),
            electricity_currency=_rate_currency(r) if _kwh_price(r) else None,
            powered_hours_per_week=form.powered_hours_week,
            cap_kwh=limit.value,
            cap_period=limit.period,
            period=limit.period,
        )
    count = r.total_count()
    cards = tuple(g for g in r.explicit if not _VA.fullmatch(g.mention or ""))  # "1500va" is the UPS, not a GPU
    if not cards:
        return None
    return RigQuery(
        text=r.text,
        gpus=cards,
        gpu_count=count if count and count > 1 else 1,
        workload=r.workload,
        asks_power=True,
        cpu=r.b.first("CPU"),
        cap_w=limit.watts or (limit.value if limit.unit == "W" else None),
        cap_va=limit.value if limit.unit == "VA" else None,
    )


def _draw(r: Reading) -> float | None:
    """A draw the question states beside the cap ("my 3090 box pulls ~420w at the wall"): a watt amount that is not
    the cap."""
    cap = r.form.cap
    for t in r.b.kinds.get("WATTS", []):
        if cap is None or cap.unit != "W" or float(t.number()) != cap.value:
            return float(t.number())
    return None


def _kwh_price(r: Reading) -> float | None:
    """The price per kWh said, never the kWh of a cap ("caps me at 300 kwh a month" is no price)."""
    cap = r.form.cap
    price = r.num("KWH") if r.b.has("KWH") else _kwh_amount(r)
    if price is None or (cap is not None and cap.unit == "kWh" and float(price) * 100 == cap.value):
        return None
    return float(price) if float(price) < MAX_KWH_PRICE * 10 else None


def share(r: Reading) -> Query | None:
    if r.form.figure != "share" or not r.explicit or r.model or r.b.has("RENT", "RATE"):
        return None
    found = bill(r)
    if not isinstance(found, CostQuery):
        return None
    per_week, total = r.hours()
    hours = found.hours_per_week
    if per_week is None and total and form_period_hours(found.period) >= total:  # "这个月 ... 训练了大概250小时"
        hours = total * 168.0 / form_period_hours(found.period)
    return dataclasses.replace(found, share_asked=True, watts=_draw(r), hours_per_week=hours)  # "整机600w": stated


def form_period_hours(period: str | None) -> float:
    """Hours of a bill's period (a month when none is said)."""
    return {"day": 24.0, "week": 168.0, "year": 8760.0}.get(period or "month", 730.0)


def bill(r: Reading) -> Query | None:
    form = r.form
    if not (form.figure in ("energy", "bill", "share") or _usage_priced(r)) or not r.explicit:
        return None
    if r.b.has(*_NOT_A_BILL) or r.model:
        return None
    if cost_kind(r) not in (None, "running"):
        return None  # "electricity cost of 2x 3090 ..., 3 years total cost of ownership": the whole cost, with the bill
    return CostQuery(
        text=r.text,
        gpus=_owned_first(r),
        kind="running",
        **_usage(r),
        electricity_usd_per_kwh=r.num("KWH") if r.b.has("KWH") else _kwh_amount(r),
        electricity_currency=_rate_currency(r) if r.b.has("KWH") else (r.currency("MONEY") if _kwh_amount(r) else None),
        powered_hours_per_week=form.powered_hours_week,
        bill_stated=form.bill_stated[0] if form.bill_stated else None,
        bill_stated_currency=form.bill_stated[1] if form.bill_stated else None,
        period=form.bill_stated[2] if form.bill_stated and not form.period else form.period,
    )


_PERIOD_HOURS = {
    "day": 24.0,
    "week": 168.0,
    "month": 730.0,
}  # hours in all said with a short period are hours in that period


def _usage_priced(r: Reading) -> bool:
    """ "3090 is on all the time ..., maybe 1h of actual use a day, how much per year at 0.35 eur": money asked per
    period of a card whose hours of use (or time on) the question states, nothing bought or rented: its running
    cost."""
    form = r.form
    used = form.powered_hours_week is not None or r.hours()[0] is not None
    return form.figure == "price" and form.period is not None and used and not r.b.has("BUY", "BUDGET")


def _kwh_amount(r: Reading) -> float | None:
    """The one amount (money, or a bare number) under MAX_KWH_PRICE in a running-cost question ("at 0.35 eur", "at
    0.25"): the price per kWh."""
    money = r.b.kinds.get("MONEY", []) or r.b.kinds.get("NUMBER", [])  # "at 0.35 eur", "at 0.25"
    value = float(money[0].number()) if len(money) == 1 else None
    return value if value is not None and 0 < value < MAX_KWH_PRICE and not r.form.bill_stated else None


def _rate_currency(r: Reading) -> str | None:
    """The electricity price's currency; a price without one in a question whose bill is in another currency is in
    the bill's ("electricity bill increased by £40 ..., 0.28 per kwh": £0.28)."""
    said = r.currency("KWH")
    bill = r.form.bill_stated
    if bill and bill[1] not in (None, "USD") and said in (None, r.unnamed_currency()):
        kwh = r.b.kinds.get("KWH", [])
        if kwh and "CURRENCY" not in kwh[0].meanings and not r.lex.words_in("dollar_marks", kwh[0].text):
            return bill[1]
    return said


def _usage(r: Reading) -> dict:
    """The hours of use as cost.read reads them (cost.usage_stated), and hours in all said with a day or week asked
    ("kwh per day if i game 5h") as hours in that period."""
    found = usage_stated(r)
    per_week, total = r.hours()
    if (
        r.form.load_hours_week is None
        and per_week is None
        and total
        and total <= _PERIOD_HOURS.get(r.form.period or "", 0.0)
    ):
        found["hours_per_week"] = total * 168.0 / _PERIOD_HOURS[r.form.period or ""]
    return found


def _owned_first(r: Reading) -> tuple[GpuRef, ...]:
    """The GPUs named, the user's own first: "would swapping my 3090 to a 4090 pay for itself" bills both, the 3090
    as the one running now."""
    return tuple(r.explicit)


def cloud_job(r: Reading) -> Query | None:
    form, b = r.form, r.b
    once = bool(said(r, "one_off_words"))  # "cheapest way to qlora 70b once": a job done once is rented, not bought
    if not (form.renting or once) or r.explicit or b.has("BUY") or b.struct("rent_buy"):
        return None
    if form.figure not in ("which", "price", "time", "count") and form.deadline_hours is None and not once:
        return None
    sized = r.num("PARAMS") if not r.model else None  # "pretrain a 125m model on 10b tokens"
    trains = bool(said(r, "train_words")) or r.mode() != "inference"
    if not (trains and (r.model or sized)):
        return None
    return RatesQuery(
        text=r.text,
        provider=provider(r),
        mode="job",
        **job_fields(r, sized),
        deadline_hours=form.deadline_hours,
    )


def spec_parts(r: Reading) -> Query | None:
    """Two or more figures asked of one named GPU ("how much vram does the rtx 4000 ada have, and is it really single
    slot"): every one of them, even when a pronoun in the second part would read as a follow-up."""
    fields = tuple(f for f in r.fields() if f != "all")
    if len(fields) < 2 or len(r.explicit) != 1 or r.model or r.b.has("PARAMS", "MEMORY", "RECOMMEND"):
        return None
    if not r.b.has("PRONOUN"):
        return None  # without "it" in a later part the spec and fit readers read the question whole
    return SpecQuery(text=r.text, gpus=tuple(r.explicit), fields=fields)
