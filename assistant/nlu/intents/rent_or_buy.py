"""Rent or buy: "rent or buy a 4090 at 20 hours a week?", "租还是买".

Claims a question with a rent word or a rent-or-buy structure, unless it asks which GPU to
rent without naming one (that is a recommendation in the cloud), or names two cards with no buying
("租3090还是4090划算": one rent against the other, the rates answer weighs them).
"""

from __future__ import annotations

import dataclasses
import math
import re

from assistant.nlu.hosting_fee import hosting_fee
from assistant.nlu.intents.rates import (
    epochs,
    held_asked,
    other_clouds,
    own_against_rent,
    owned,
    provider,
    sample_tokens,
    samples,
)
from assistant.nlu.intents.recommend import weighs_forms
from assistant.nlu.intents.resale import resale_percent, resale_share
from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading
from assistant.nlu.rent_span import span_hours
from assistant.nlu.rent_spend import rent_spend
from assistant.nlu.runs import runs_per_month
from assistant.nlu.stated_rent import stated_rent
from assistant.nlu.video_work import clips_per_week, video_of
from assistant.queries import GpuRef, Query, RentOrBuyQuery


def _buy_against_card(r: Reading) -> bool:
    """ "does that make a 3090 a bad buy vs a 4070 ti super": a buying word set against a card, no rent said: two
    cards to buy compared, not buying against renting."""
    tags = r.b.tags
    return not r.b.has("RENT") and any(
        t.kind == "VS" and k > 0 and tags[k - 1].kind == "BUY" and k + 1 < len(tags) and tags[k + 1].kind == "GPU"
        for k, t in enumerate(tags)
    )


def against_buying(r: Reading) -> bool:
    """ "is it worth it vs buying", "renting worth it compared to buying one": buying set against what is talked about
    (a rent), no card after the buying word and at most one card named: renting weighed against buying."""
    tags = r.b.tags
    return len(r.explicit) <= 1 and any(
        t.kind in ("VS", "COMPARE")
        and k + 1 < len(tags)
        and tags[k + 1].kind == "BUY"
        and not any(u.kind == "GPU" for u in tags[k + 1 :])
        for k, t in enumerate(tags)
    )


def renting_the_other(r: Reading) -> bool:
    """Two or more cards named and a renting word right after a comparing word ("vs renting 4x h100", "还是租4张h100"):
    owning the first set against renting the second (rent_or_buy), not two sets owned."""
    tags = r.b.tags
    return len(r.explicit) >= 2 and any(
        t.kind in ("VS", "OR", "THAN") and k + 1 < len(tags) and tags[k + 1].kind == "RENT" for k, t in enumerate(tags)
    )


_WEEKLY_BEFORE = re.compile(r"\b(?:every|each|per|a|one|1)\s+week\b[^.?!]{0,24}?(\d+(?:\.\d+)?)\s*(?:hours|hrs|h)\b")


# "2 sdxl loras a week ~1h each", "3 runs per week, 4 hours apiece": jobs a week times the hours of each
_JOBS_A_WEEK = re.compile(
    r"\b(\d+)\s+(?:[a-z0-9.\-]+\s+){0,3}?(?:a|per|every|each)\s+week\b[^.?!\d]{0,16}?(\d+(?:\.\d+)?)\s*"
    r"(?:hours|hrs|hr|h)\s+(?:each|apiece|a piece|per (?:run|job|one|lora|model|session))"
)


def usage(r: Reading) -> dict:
    """How much the GPU is used, as the question states it: hours a week, a utilization, the workload."""
    per_week, total = r.hours()
    low = r.text.lower()
    jobs = _JOBS_A_WEEK.search(low) if per_week is None and total else None
    if jobs is not None and float(jobs.group(2)) == total:
        per_week = float(jobs.group(1)) * total
    weekly = _WEEKLY_BEFORE.search(low) if per_week is None and total else None
    if weekly is not None and float(weekly.group(1)) == total:  # "training runs every week for ~30 hours"
        per_week = total
    shares = [t for t in r.b.kinds.get("PERCENT", []) if not resale_percent(r.text, t.start, t.end)]
    utilization = float(shares[0].number()) if shares else None  # "sell it for 40% of what i paid": no utilization
    return {"hours_per_week": per_week, "utilization": utilization, "workload": r.workload}


def read(r: Reading) -> Query | None:
    b = r.b
    doubt = bool(said(r, "own_doubt_words")) or _doubt_at_usage(r)
    # "买一张4090多久回本", "when does buying a 4090 pay for itself": the break-even of buying against renting
    payback = bool(said(r, "payback_words")) and b.has("BUY", "GPU", "PRONOUN")
    payback = payback or bool(said(r, "buy_before_words") and said(r, "buy_wins_words"))  # "hours before buying wins"
    # "been paying $1.20/hr for an a100 ... would buying a 5090 have been cheaper", "lambda a6000 at $0.80/hr vs a used
    # 3090 for $650": an hourly rate is a rent, weighed against buying (a buying word, or a card's price said)
    paid = len(b.kinds.get("RATE", [])) == 1 and bool(r.explicit) and (b.has("BUY") or _card_priced(r))
    paid = paid or (b.has("RATE", "RENT") and own_against_rent(r))  # "a 3060 at home vs a $0.20/hr cloud gpu"
    paid = paid or (b.has("RATE") and bool(r.explicit) and resale_of(r) is not None)  # a card bought, sold later
    # "autodl 4090 24/7 for a month, how much, and is buying better": buying weighed against the rent said
    paid = paid or (b.has("BUY") and b.has("COMPARE") and bool(provider(r)) and len(r.explicit) == 1)
    paid = paid or _cloud_against_buying(r)  # "colab pro vs buying a 3060", "buy a gpu or just use runpod"
    paid = paid or against_buying(r)  # "is it worth it vs buying" after a rent asked
    paid = paid or renting_the_other(r)  # "tco of 4x rtx pro 6000 vs renting 4x h100 on runpod": buy one, rent one
    structured = bool(b.struct("rent_buy")) and not _buy_against_card(r)
    if not (b.has("RENT") or structured or doubt or payback or paid):
        return None
    weighs = b.has("BUY") or structured or doubt or payback or paid
    spans = b.has("HOURS", "PERIOD") and b.has("HOW_MUCH", "FOLLOW") and not b.has("MONEY", "RATE", "YEARS")
    if b.has("RENT") and spans and not weighs and not r.explicit and r.model is None:
        return None  # "国内租一小时多少", "租8卡一个月呢": the rent of what was talked about, not rent or buy
    fits = r.model and r.explicit and held_asked(r)  # "租8卡H100跑deepseek v3，放得下吗"
    if fits and not (weighs or b.has("HOW_MUCH", "MONEY", "COST", "PRICES", "RATE")):
        return None  # whether the model fits on the cards to rent (fit)
    if not weighs and b.meaning("ASK") == "cheaper" and other_clouds(r):
        return None  # "anything cheaper than runpod?": another cloud's rate (followup), not buying
    if said(r, "cloud_cheapest_words") and not weighs:
        return None  # "cheapest way to rent gpus for qwen2.5 72b": the cheapest rent that runs it (rent_pick)
    if weighs_forms(r) and not b.has("RENT"):
        return None  # "买游戏本还是台式": which machine to buy (recommend, form_choice), not buying against renting
    if _both_rented(r) and not (b.has("BUY") or b.struct("rent_buy") or doubt or payback or paid):
        return None  # "autodl上 L20 和 4090 租来跑推理 哪个更划算": two cards rented, weighed per rent (rates)
    if b.has("RECOMMEND") and not r.explicit and not b.has("BUY") and not doubt and not _buying_or_renting(r):
        return None
    if r.lex.words_in("verdict_wait", r.text.lower()) and not b.has("RENT"):  # "5090现在买还是等等": wait or not
        return None
    if b.has("PARAMS") and b.has("TOKENS") and not (b.has("BUY") or b.struct("rent_buy")):
        return None  # "train a 350m gpt on 10b tokens, renting a100s": the cost of a training run
    gpus = tuple(r.refs or r.counted_them())  # "8 of the amd ones": that many of the cards pointed at
    if doubt and not r.explicit and b.has("GPU_WORD"):
        gpus = ()  # "does it make sense to buy a gpu if i use it ...": "it" is the GPU to buy, any of them
    if not gpus and b.has("FOLLOW"):
        gpus = (GpuRef(mention="", pronoun="them"),)  # "用autodl租的话呢": the GPUs just talked about
    months = r.months() or horizon(r)
    # "rent or buy a 4090, i already have a pc"; "should i just buy the second 4090": the first is in a pc already
    own = bool(said(r, "own_platform_words") or said(r, "second_card"))
    found = usage(r)
    gpus, found["hours_per_week"] = _cards_for_gpu_hours(r, gpus, found["hours_per_week"])
    rent = stated_rent(r)
    if not found["hours_per_week"]:
        found["hours_per_week"] = _pace(r, rent, months)
    total = None if found["hours_per_week"] or months or rent.get("rented_hours") else _hours_in_all(r)
    stated = found["hours_per_week"] or found["utilization"] or rent.get("rent_rate") or rent.get("rented_hours")
    span = None if stated else span_hours(r.text, r.lex)
    if span:  # "a100租一个月和买两张4090哪个划算": the month rented without a break, not a weekly use assumed
        total = span
    return RentOrBuyQuery(
        text=r.text,
        gpus=gpus,
        months=months,
        provider=provider(r),
        own_platform=own,
        own_fee=hosting_fee(r) or ((0.0, None) if owned(r) else None),  # "colo quote is $180/mo", "at home"
        rent_spend=None if found["hours_per_week"] or hosting_fee(r) else rent_spend(r),  # "$300/month on runpod"
        resale=(sold := resale_of(r)),
        resale_share=resale_share(r.text, r.lex) if sold is not None and sold[0] is None else None,
        model=r.model,
        params_b=r.num("PARAMS"),
        total_hours=total,
        runs_per_month=runs_per_month(r.text),
        cloud_against=not weighs and not r.explicit and r.model is None and _cloud_against(r),
        video=video_of(r),
        clips_per_week=clips_per_week(r.text),
        **found,
        **job(r),
        **rent,
    )


def resale_of(r: Reading) -> tuple[float | None, str | None] | None:
    """A resale said in the question ("plan to sell it in 2 yrs for maybe £900", "resale after 3 years is maybe
    $3000", "三年后还能卖800"): (what it sells for or None, its currency); None when no sale is said."""
    from assistant.nlu.intents.resale import resale_said

    found = resale_said(r) if r.b.has("MONEY", "NUMBER", "YEARS") else {}
    if not found:
        return None
    return found.get("resale_usd"), found.get("resale_currency")


def _cloud_against(r: Reading) -> bool:
    """ "跟vast比差多少", "how does that compare to vast", "vs runpod?": a cloud set against something by a comparing
    word, every rent word a cloud's name."""
    rents = r.b.kinds.get("RENT", [])
    clouds = {w for w, _ in r.lex.keyed("cloud_providers")}
    return r.b.has("VS", "THAN", "COMPARE") and bool(rents) and all(t.text.lower() in clouds for t in rents)


def _cloud_against_buying(r: Reading) -> bool:
    """A cloud provider named against buying ("colab pro vs buying a 3060", "worth buying a gpu or just use colab
    pro"): a buying word, a provider, "or" / "vs", and at most one card (the one bought)."""
    b = r.b
    against = b.has("VS", "COMPARE") or bool(re.search(r"\bor\b|还是", r.text.lower()))
    return b.has("BUY") and against and bool(provider(r)) and len(r.explicit) <= 1


def _buying_or_renting(r: Reading) -> bool:
    """ "should i buy a gpu or just use runpod", "should i get one or rent": a buying ask ("should i buy", tagged
    RECOMMEND) set against a rent after it by "or" / "vs"; "which gpu should i rent" stays a recommendation."""
    tags = r.b.tags
    buy = next((k for k, t in enumerate(tags) if t.kind == "RECOMMEND" and re.search(r"buy|get|买", t.text)), None)
    if buy is None:
        return False
    kinds = [t.kind for t in tags[buy + 1 :]]
    at = next((k for k, kind in enumerate(kinds) if kind in ("OR", "VS")), None)
    return at is not None and "RENT" in kinds[at:]


def _both_rented(r: Reading) -> bool:
    """Two different cards named and nothing bought: the question weighs one rent against the other."""
    two = len({g.name for g in r.explicit if g.name}) == 2
    return two and not said(r, "pair_own_words")  # "local 3090 vs cloud 4090", "should i buy a p40 or rent a t4"


def _card_priced(r: Reading) -> bool:
    """Does the question give a card's price ("a used 3090 for $650")?"""
    from assistant.nlu.intents.settings import settings_of

    return any(s.key == "price_override" for s in settings_of(r)[0])


def _pace(r: Reading, rent: dict, months: float | None) -> float | None:
    """Hours a week the question implies without saying them a week: the pace of a rent paid so far ("for 3 weeks
    straight (24/7)": 168), or hours in all over the months said ("a 3 month project (~400 hrs total)": 30.8)."""
    per_week = [h.mapping()["per_week"] for h in r.b.kinds.get("HOURS", []) if h.mapping().get("per_week")]
    if rent.get("rented_hours") and per_week:
        return per_week[0]
    total = [h.mapping()["total"] for h in r.b.kinds.get("HOURS", []) if h.mapping().get("total")]
    if months and len(total) == 1 and not rent.get("rented_hours") and total[0] > 1:
        return total[0] / (months * 52.0 / 12.0)
    return None


def _hours_in_all(r: Reading) -> float | None:
    """Hours said once with no pace ("about 200 hours of training total", "总共要跑500小时"): the use in all."""
    total = [h.mapping()["total"] for h in r.b.kinds.get("HOURS", []) if h.mapping().get("total")]
    return total[0] if len(total) == 1 and total[0] > 1 else None


def _cards_for_gpu_hours(r: Reading, gpus: tuple[GpuRef, ...], per_week: float | None):
    """ "~2000 gpu hours/month of inference on h100s": GPU-hours beyond one card's week are that many cards, each
    busy the share of the week left (461.5 GPU-hours a week = 3 cards at 153.8 hours each)."""
    hours = r.b.first("HOURS")
    if not (per_week and per_week > WEEK_HOURS and isinstance(hours, dict) and hours.get("gpu_hours")):
        return gpus, per_week
    if len(gpus) != 1 or gpus[0].count > 1:
        return gpus, per_week
    cards = math.ceil(per_week / WEEK_HOURS)
    return (dataclasses.replace(gpus[0], count=cards),), per_week / cards


WEEK_HOURS = 168.0


def _doubt_at_usage(r: Reading) -> bool:
    """Whether buying at all pays at the usage stated ("worth buying a gpu if i only train on weekends?", "is getting
    a card worth it at 5 hours a month"): no card named, no budget, a buying word and a worth word (own_worth_words)
    with hours a week stated: owning weighed against renting ("i train 5 hours a month, does owning a gpu even make
    sense" is own_doubt_words); one card named with a buying word is that card bought or rented."""
    per_week, _ = r.hours()
    b = r.b
    named = len(r.explicit) == 1 and b.has("BUY")  # "is buying a 4090 worth it if i only train twice a month"
    return bool(
        per_week
        and (not r.explicit or named)
        and not b.has("MONEY", "BUDGET", "RECOMMEND")
        and b.has("BUY", "GPU_WORD")
        and (b.has("VALUE") or said(r, "own_worth_words"))
    )


def doubted(r: Reading) -> Query | None:
    """ "does it make sense to buy a gpu if i use it a few hours every evening": claimed before a usage typed alone
    is taken as a setting."""
    return read(r) if _doubt_at_usage(r) else None


def job(r: Reading) -> dict:
    """The training job a rent-or-buy question names ("qlora llama 3.1 8b on about 40k samples"): its method and
    data, kept by the conversation for follow-ups; empty when it names no model or size to train."""
    pretrain = bool(said(r, "pretrain_words"))  # "预训练一个1b模型": a training run whatever the workload words
    if not (r.model or r.b.has("PARAMS")) or (r.workload not in ("llm_finetune", "training") and not pretrain):
        return {}
    mode = "full_finetune" if pretrain else r.mode()
    return {
        "mode": None if mode == "inference" else mode,
        "samples": samples(r),
        "sample_tokens": sample_tokens(r),
        "epochs": epochs(r),
        "tokens": r.num("TOKENS"),
        "pretrain": pretrain,
    }


_HORIZON_MONTHS = (("horizon_year", 12.0), ("horizon_month", 1.0), ("horizon_week", 12.0 / 52.0))


def horizon(r: Reading) -> float | None:
    """ "rent vs buy a 4090, 8h a day for a year": how long it is needed, in months (lexicon [lists] horizon_*)."""
    return next((months for name, months in _HORIZON_MONTHS if said(r, name)), None)
