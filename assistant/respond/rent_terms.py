"""The terms of a rent-or-buy answer that do not depend on its verdict: the hours of use per week, a break-even time
in days / months / years, the cloud the question names (priced or not), the variants that have the rate or price
missing, the China version and its own break-even in a yuan answer, the version clouds in China rent, the rented
set that serves the users asked, and the period whose rent a question asks (`asked_bill`).

Contract: each function reads the query, the environment and the KB rates and returns text, a name or a number (None
or an empty list when there is none); none changes the assumptions or the dialogue.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import constants as C
from assistant.models import cost
from assistant.names import normalize_name
from assistant.nlu.lexicon import lexicon
from assistant.periods import ASKED
from assistant.queries import RentOrBuyQuery
from assistant.respond.env import Env
from assistant.respond.offers import DOMESTIC
from assistant.respond.pricing import price_of, price_text, sibling_price_note
from assistant.respond.variants import china_versions, home_versions


def china_version_steps(gpu, n: int, base: float, rent_h: float, hours_week: float, env: Env) -> list[str]:
    """In a yuan answer, for a card export rules keep out of China (the RTX 4090): the China version bought there
    instead (RTX 4090 D), with its price and its own break-even against the same rental."""
    if env.price_market() != "CN":
        return []
    out = []
    for row in china_versions(gpu.name):
        version = env.reader.gpu(row["gpu"])
        price = price_of(row["gpu"], env, "new") if version else None
        if version is None or price is None:
            continue
        power = (version.tdp_w or 0) * n + C.SYSTEM_BASE_POWER_W
        a = env.assumptions
        be = cost.break_even(
            price.usd * n + base,
            rent_h,
            power_w=power,
            usd_per_kwh=a.electricity_usd_per_kwh,
            hours_per_week=hours_week,
        )
        values = dict(gpu=gpu.short_name, version=version.short_name, price=price_text(price, env))
        if be.never:
            out.append(env.t("rent.china_version_never", **values))
            continue
        duration = duration_text(be.calendar_days, env)
        out.append(env.t("rent.china_version", hours=f"{be.hours_of_use:,.0f}", duration=duration, **values))
    return out


def weekly_usage(query: RentOrBuyQuery, env: Env) -> tuple[float, str]:
    """Hours of use per week and how we know."""
    if query.hours_per_week:
        return min(query.hours_per_week, 168.0), env.t("rent.hours_week", hours=f"{round(query.hours_per_week, 1):g}")
    u = query.utilization or env.assumptions.utilization
    return 168.0 * u, env.t("rent.utilization", util=f"{u * 100:.0f}", hours=f"{168 * u:.0f}")


def duration_text(days: float, env: Env) -> str:
    if days < 60:
        return env.t("rent.days", n=f"{days:.0f}")
    if days < 730:
        return env.t("rent.months", n=f"{days / 30.44:.0f}")
    return env.t("rent.years", n=f"{days / 365.25:.1f}")


def provider_of_text(text: str, rates) -> str | None:
    """The cloud provider the question names, among those with a rate for the GPU (knowledge/cloud.csv,
    knowledge/cloud_cn.csv); names in Chinese script ("恒源云") are found as typed."""
    words = normalize_name(text).split()
    for provider in sorted({r.provider for r in rates}, key=len, reverse=True):
        p = normalize_name(provider).split()
        if p and any(words[i : i + len(p)] == p for i in range(len(words))):
            return provider
        if not p and provider in text:
            return provider
    return None


def provider_unpriced(text: str, env: Env, gpu: str) -> tuple[str, bool] | None:
    """A cloud the question names without a published rate for `gpu` ("阿里云租a100", "用恒源云租4090"), and
    whether it has rates for other GPUs (then only this GPU is missing, not its whole price list)."""
    lowered = text.lower()
    known = {r.provider.lower() for r in env.reader.cloud_rates()}
    here = {r.provider.lower() for r in env.reader.cloud_rates(gpu)}
    named = [w for w in lexicon(env.lang).listed("cloud_providers") if w in lowered and w not in here]
    if not named:
        return None
    found = max(named, key=len)
    return found, found in known


def sibling_notes(gpu, env: Env, need_rate: bool) -> list[str]:
    """Variants of the same family ("A100 SXM4 80 GB" -> "A100 PCIe 80 GB") that have what is missing:
    a priced variant with its price, or the variants with a cloud rate."""
    if not need_rate:
        return sibling_price_note(gpu.name, env)[0]
    family = gpu.short_name.split()[0]
    names = {r.gpu for r in env.reader.cloud_rates()}
    found = sorted(n for n in names if n != gpu.name and family in n.split())
    return [env.t("rent.siblings", gpus=i18n.listing(env.lang).join(found[:4]))] if found else []


_HOW_MUCH = re.compile(
    r"how much|what(?:'s| is| does| would)? (?:it|that) cost|\bcost\b|多少钱|多少|费用|花多少|几块钱", re.I
)


_RENT_REACH = 12  # characters after a renting word in which the rent's period is said ("租4090 48g一年")


def without_users(query) -> str:
    """The question's text without the people it states ("for 200 daily users"): their day is no period asked."""
    text = query.text
    for s in getattr(query, "stated", ()):
        if s.dim == "users":
            text = text.replace(s.text, " ")
    return text


def asked_bill(text: str, lang: str) -> str | None:
    """ "autodl上一个月多少钱", "how much a month": the period whose rent is asked (day | week | month | year); None
    when none is, or when the question weighs renting against buying ("还是买", "or buy") without asking the rent of
    a period right after the renting word ("租卡一年", "租4090一年要多少")."""
    lex, low = lexicon(lang), f" {text.lower()} "
    weighed = lex.words_in("rent_vs_buy", low) or lex.words_in("verdict_worth", low)
    rented = _rented_period(low, lex)  # "每周末用12小时 租卡一年多少钱": the period right after the renting word
    if not _HOW_MUCH.search(low) or (weighed and rented is None):
        return None  # "租卡一年多少钱 和买3090比哪个划算" asks the year's rent too
    return rented or next((p for p in ASKED if lex.words_in(f"period_{p}", low)), None)


def _rented_period(low: str, lex) -> str | None:
    """The period said within a few characters after a renting word (lexicon rent_bill_words: "租", "rent"): "租卡一年",
    "租4090一年要多少", "rent it for a year"; None when none is."""
    for word in lex.listed("rent_bill_words"):
        at = low.find(word)
        while at >= 0:
            near = low[at + len(word) : at + len(word) + _RENT_REACH]
            found = [(near.find(w), p) for p in ASKED for w in lex.listed(f"period_{p}")]
            found = [(k, p) for k, p in found if k >= 0]
            if found:
                return min(found)[1]
            at = low.find(word, at + 1)
    return None


def bills_in_currency(env: Env, gpu: str) -> bool:
    return any(r.currency == env.currency for r in env.cloud_rates(gpu))


def rented_serving_set(query: RentOrBuyQuery, env: Env) -> dict | None:
    from assistant.respond.serving_sets import rented_set

    model = env.reader.model(query.model.key) if query.model else None
    users = int(dict(query.targets).get("users", 0))
    if model is None or not query.provider or users < 2:
        return None
    return rented_set(model, users, getattr(query, "context_tokens", None), query.provider, env)


def home_version_of(gpu, env: Env, rates: list, need: float):
    """The version of `gpu` clouds inside China rent (variants.home_versions, those with its memory first) when
    none of the `rates` is theirs: a yuan answer rents there, not at a foreign cloud's converted price."""
    if any(r.currency == DOMESTIC for r in rates):
        return None
    found = home_versions(gpu, env, DOMESTIC, need)
    return found[0][0] if found else None
