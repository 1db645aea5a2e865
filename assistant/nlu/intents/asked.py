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
- `two_costs`: two values of one price said side by side (nlu/two_rates.py: "spot a100 at $0.80/h or on-demand at
  $1.60/h for a 40 hour job, how much each", "峰电0.9 谷电0.3 4090每天跑8小时 全放谷电一个月省多少"): each costed over
  the hours said, and the difference (CostQuery kind "two_rates").
- `fit_priced`: a fit of cards named with money asked beside it: the fit, its answer priced (respond/fit_total.py).
- `rent_period`: the hour of a rate and a period asked apart ("一小时多少钱 连续跑一周要多少"): that period's rent.
- `cloud_job`: a training job to do on rented GPUs with no GPU named, asked as which / cheapest / how much / how long
  or with a deadline ("need to finetune llama 3.1 8b on 200k samples by friday, cheapest cloud setup?") is the job
  priced on every cloud GPU (RatesQuery mode "job"), with the deadline it must meet.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.card_rates import card_rates
from assistant.nlu.intents.cost import kind as cost_kind
from assistant.nlu.intents.cost import usage_stated
from assistant.nlu.intents.rates import job_fields, provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.stated_draw import stated_draw
from assistant.nlu.two_rates import hourly_rates, two_rates
from assistant.periods import PERIOD_HOURS
from assistant.queries import CostQuery, GpuRef, Query, RatesQuery, RigQuery, SpecQuery

# what a bill question may not carry: a rented job's cost is rent, a recommendation picks a card, a run has tokens
_NOT_A_BILL = ("RENT", "RATE", "RECOMMEND", "TOKENS", "PARAMS")


_VA = re.compile(r"\d+\s*va", re.IGNORECASE)
MAX_KWH_PRICE = 1.0  # an amount under this beside hours of use and a bill asked is a price per kWh [A]


def _running_cost(r: Reading, **asked) -> CostQuery:
    """The running cost of the machine the question describes (its cards, use, draw and kWh price), with `asked`."""
    price = _kwh_price(r)
    return CostQuery(
        text=r.text,
        gpus=_owned_first(r),
        kind="running",
        **_usage(r),
        watts=_draw(r),
        electricity_usd_per_kwh=price,
        electricity_currency=_rate_currency(r) if price else None,
        **asked,
    )


@needs(("GPU",), unless=("MODEL",))
def cap(r: Reading) -> Query | None:
    form = r.form
    limit = form.cap
    if form.figure != "cap" or limit is None or not r.explicit or r.model:
        return None
    if limit.unit == "money" and len({g.name for g in r.explicit}) >= 2 and r.b.has("OR", "VS", "COMPARE"):
        return None  # "~$4k to spend ... a single 4090 or two used 3090s? power is 0.10/kWh": cards weighed
    if limit.unit == "money":  # "一个月电费就想花100块 电价0.5 4090满载能跑多少小时": the hours the money runs it
        hourly = hourly_rates(r)
        if r.b.has("RENT", "RATE") or len(hourly) == 1:  # "$300 of credits, 8x h100 at $2.40/gpu-hr for 12 hours,
            from assistant.nlu.intents.rates import read as rent  # enough?": the rent, weighed against the budget

            found = rent(r)  # (respond/limits.py)
            if found is None and len(hourly) == 1 and r.hours()[1]:
                count = r.total_count()
                found = RatesQuery(
                    text=r.text,
                    gpus=tuple(dataclasses.replace(g, count=count or g.count) for g in r.explicit),
                    hours=r.hours()[1],
                    stated_rate=hourly[0][2],
                    stated_rate_currency=r.currency("MONEY"),
                )
            if isinstance(found, RatesQuery) and found.stated_rate is None and len(hourly) == 1:
                found = dataclasses.replace(found, stated_rate=hourly[0][2], stated_rate_currency=r.currency("MONEY"))
            return found  # "at $1.79 per gpu-hr": the user's rate prices the hours weighed against the budget
        if not (r.b.has("KWH") or said(r, "form_bill")):
            return None
        return _running_cost(r, period=limit.period or "month")
    if r.b.has("RATE"):
        return None  # a rent rate beside a power or energy cap: not a machine weighed against the wall
    if limit.unit == "kWh":  # "landlord includes power in rent but caps it at 300 kwh": a flat's rent is no cloud rate
        return _running_cost(
            r,
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


@needs(("MODEL", "PARAMS"), ("GPU",), ("FIT",), unless=("RENT", "RATE", "BUDGET"))
def fit_priced(r: Reading) -> Query | None:
    """ "can 4x used 3090 run llama 3.3 70b q4, and what would the whole thing cost", "两张3090能跑qwen2.5 72b吗
    一共要花多少": a fit asked of cards named, with money asked beside it, is the fit (its answer prices the set named:
    respond/fit_total.py), never the cost of owning one card."""
    if r.form.figure != "price" or not r.said("form_money_words"):
        return None  # "how much vram ...": no money asked
    if not (r.model or r.b.has("PARAMS")) or not r.explicit or not r.b.has("FIT"):
        return None
    if r.b.has("RENT", "RATE", "BUDGET") or r.money() is not None or _amount_said(r):
        return None  # a rent, a budget or a price said: their own readers ("two used 3090s for like 1400 total")
    if said(r, "rig_words") or said(r, "deal_words"):
        return None  # "四卡3090工作站跑llama 3 70b要多少钱": a machine to build (rig)
    if said(r, "ask_worth") and len({g.name for g in r.explicit}) > 1:
        return None  # "3090 vs 4090 for 70b, is the 4090 worth 2x the price?": the dearer card weighed (compare)
    from assistant.nlu.intents.fit import read as fit_read

    found = fit_read(r)
    return found if found is not None and found.intent == "fit" else None


_RUNS = re.compile(
    r"(\d+)\s*(?:x\s*)?(?:runs?|jobs?|experiments?|times|trainings?|次实验|次训练|次|个实验)\s*(?:of|x|each|,|每次|各)?\s*"
    r"(?:about\s*|约)?(\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h|小时)(?:\s*each)?",
    re.IGNORECASE,
)


@needs(("GPU",), unless=("MODEL",))
def runs_rent(r: Reading) -> Query | None:
    """ "8 runs of 12 hrs each on an 8xh100 node at $2.40/gpu-hr, total?", "跑10次实验 每次6小时 租4090 1.88一小时
    一共多少钱": several runs of stated hours on rented cards: the rent of all of them (runs x hours), at the user's
    rate when said."""
    m = _RUNS.search(r.text)
    if m is None or not r.explicit or r.model:
        return None
    hourly = hourly_rates(r)
    if not (hourly or r.b.has("RENT", "RATE")) or len(hourly) > 1:
        return None
    hours = float(m.group(1)) * float(m.group(2))
    count = r.total_count()
    return RatesQuery(
        text=r.text,
        gpus=tuple(dataclasses.replace(g, count=count or g.count) for g in r.explicit),
        hours=hours,
        stated_rate=hourly[0][2] if hourly else None,
        stated_rate_currency=(r.currency("RATE") or r.currency("MONEY")) if hourly else None,
    )


@needs(("HOURS",), ("GPU",))
def rent_period(r: Reading) -> Query | None:
    """ "autodl上a100 80g一小时多少钱 连续跑一周要多少", "4090租一小时多少钱 跑一个月呢": the hour of a rate asked and a
    period said in another clause: the rent for that period, not for one hour."""
    from assistant.nlu.intents import rates

    totals = [
        t.value["total"] for t in r.b.kinds.get("HOURS", []) if isinstance(t.value, dict) and t.value.get("total")
    ]
    longer = [h for h in totals if h > 1.0]  # "连着跑两周": the span said besides the hour of the rate
    said = rates.period(r) if not longer else None
    if 1.0 not in totals or not (said or len(longer) == 1) or r.hours()[0] is not None or not r.explicit:
        return None
    found = rates.read(r)
    if not isinstance(found, RatesQuery) or found.hours not in (1.0, *longer):
        return None
    return dataclasses.replace(found, hours=float(longer[0]) if longer else None, period=said)


_AMOUNT_MIN = 50.0  # a bare number this large beside a fit is a price said ("for like 1400 total") [A]


def _amount_said(r: Reading) -> bool:
    return any(isinstance(t.value, (int, float)) and t.value >= _AMOUNT_MIN for t in r.b.kinds.get("NUMBER", []))


def two_costs(r: Reading) -> Query | None:
    found = two_rates(r)
    if found is None or r.model or (found.unit == "kwh" and not (r.explicit or r.b.has("WATTS"))):
        return None
    if found.unit == "hour" and len(card_rates(r)) > 1:
        return None  # "h100 at $2.49/hr ... an a100 at $1.29/hr": each card's rent, read by the rates reader
    per_week, _ = r.hours()
    currency = found.currency or (r.currency("KWH") if found.unit == "kwh" else None) or r.unnamed_currency()
    return CostQuery(
        text=r.text,
        gpus=_owned_first(r),
        kind="two_rates",
        rates=found.values,
        rate_unit=found.unit,
        rate_labels=found.labels,
        rates_currency=currency,
        hours_total=found.hours_total,
        hours_each=found.hours_each or (),
        hours_per_week=per_week if found.hours_total is None and found.hours_each is None else None,
        watts=_draw(r),
        period=r.form.period,
    )


@needs(("GPU",), unless=("MODEL", "RENT", "RATE"))
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
    return PERIOD_HOURS.get(period or "month", PERIOD_HOURS["month"])


@needs(("GPU",), unless=_NOT_A_BILL)
def bill(r: Reading) -> Query | None:
    form = r.form
    if not (form.figure in ("energy", "bill", "share") or _usage_priced(r)) or not r.explicit:
        return None
    if r.b.has(*_NOT_A_BILL) or (r.model and not _job_bill(r)):
        return None
    if _cloud_rent(r):
        return None  # "autodl 4090 for a month around the clock, how much": the rent there, not a power bill
    if cost_kind(r) not in (None, "running"):
        return None  # "electricity cost of 2x 3090 ..., 3 years total cost of ownership": the whole cost, with the bill
    return CostQuery(
        text=r.text,
        gpus=_owned_first(r),
        kind="running",
        **_usage(r),
        hours_total=job_hours(r),
        electricity_usd_per_kwh=r.num("KWH") if r.b.has("KWH") else _kwh_amount(r),
        electricity_currency=_rate_currency(r) if r.b.has("KWH") else (_amount_currency(r) if _kwh_amount(r) else None),
        powered_hours_per_week=form.powered_hours_week,
        bill_stated=form.bill_stated[0] if form.bill_stated else None,
        bill_stated_currency=form.bill_stated[1] if form.bill_stated else None,
        period=form.bill_stated[2] if form.bill_stated and not form.period else form.period,
        watts=stated_draw(r),  # "my 3090 rig pulls ~420w at the wall": the bill at the draw the user measured
    )


def _job_bill(r: Reading) -> bool:
    """ "electricity cost of training llama 3 8b lora for 10 hours on a 3090 at 0.20": a model's job named with the
    hours it runs and the bill asked in so many words (lexicon ask_electricity): the bill of those hours."""
    return bool(r.hours()[1]) and r.form.figure == "bill" and bool(said(r, "ask_electricity"))


def _cloud_rent(r: Reading) -> bool:
    """A cloud is named and neither electricity nor a kWh price is: a use priced there is its rent."""
    from assistant.nlu.intents.rates import providers

    b = r.b
    power = b.has("KWH") or b.means("ELECTRICITY") or "running" in b.meanings.get("COST_KIND", [])
    return bool(providers(r)) and not power and r.form.figure != "energy"


def job_hours(r: Reading) -> float | None:
    """ "how many kwh will a 72 hour training run on 4x 4090 use", "跑一次100小时的训练": hours in all of one job (no
    hours a week said, more than the period asked holds)."""
    per_week, total = r.hours()
    if per_week is not None or not total or r.form.load_hours_week is not None:
        return None
    return float(total) if total > _PERIOD_HOURS.get(r.form.period or "", 0.0) else None


_PERIOD_HOURS = {p: PERIOD_HOURS[p] for p in ("day", "week", "month")}  # hours in all said with a short period are
# hours in that period


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


def _amount_currency(r: Reading) -> str | None:
    """A kWh price said as a plain amount ("电费0.6"): its currency, else the language's (yuan in Chinese)."""
    return r.currency("MONEY") or r.unnamed_currency()


def _rate_currency(r: Reading) -> str | None:
    """The electricity price's currency; a price without one in a question whose bill is in another currency is in
    the bill's ("electricity bill increased by £40 ..., 0.28 per kwh": £0.28)."""
    said = r.currency("KWH")
    bill = r.form.bill_stated
    if bill and bill[1] not in (None, "USD") and said in (None, r.unnamed_currency()):
        kwh = r.b.kinds.get("KWH", [])
        if kwh and "CURRENCY" not in kwh[0].meanings and not r.lex.words_in("dollar_marks", kwh[0].text):
            return bill[1]
    return said or r.unnamed_currency()  # "电费0.6" in Chinese: yuan, as the settings reader takes it


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


@needs(("GPU",), ("PRONOUN",), unless=("PARAMS", "MEMORY", "RECOMMEND", "MODEL"))
def spec_parts(r: Reading) -> Query | None:
    """Two or more figures asked of one named GPU ("how much vram does the rtx 4000 ada have, and is it really single
    slot"): every one of them, even when a pronoun in the second part would read as a follow-up."""
    fields = tuple(f for f in r.fields() if f != "all")
    if len(fields) < 2 or len(r.explicit) != 1 or r.model or r.b.has("PARAMS", "MEMORY", "RECOMMEND"):
        return None
    if not r.b.has("PRONOUN"):
        return None  # without "it" in a later part the spec and fit readers read the question whole
    return SpecQuery(text=r.text, gpus=tuple(r.explicit), fields=fields)
