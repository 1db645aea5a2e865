"""Cloud offers as every rates answer shows them: a provider key as the provider's own name, the
offers of the provider a question names, the home market's clouds first (those billing in yuan when the
question asks for clouds inside China, "国内" / "in china" / "支付宝", lexicon list domestic_cloud_words,
else those billing in the answer's currency), each GPU's cheapest offer with a memory floor (`cheapest_per_gpu`), a
foreign cloud marked overseas in a domestic answer, and one offer as a JSON figure."""

from __future__ import annotations

from assistant.names import normalize_name
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

DOMESTIC = "CNY"  # the currency the clouds inside China bill in (knowledge/cloud_cn.csv)

# provider keys of the readers (nlu/intents/rates._PROVIDER_KEYS) -> the provider's name as answers show it
_PROVIDER_NAMES = {
    "gcp": "Google Cloud",
    "aws": "AWS",
    "azure": "Azure",
    "datacrunch": "Verda DataCrunch",
    "autodl": "AutoDL",
    "aliyun": "阿里云",
    "tencent": "腾讯云",
    "volcengine": "火山引擎",
    "gpushare": "恒源云",
}


def provider_name(key: str) -> str:
    """A provider key ("gpushare") as the provider's own name ("恒源云")."""
    return _PROVIDER_NAMES.get(key, key)


def of_provider(key: str | None, rates: list) -> list:
    """The rates of the provider a question names (by key), all rates when it names none."""
    if not key:
        return rates
    name = provider_name(key)
    want = normalize_name(name).split()  # empty for a name in Chinese script
    return [
        r
        for r in rates
        if (want and set(want) <= set(normalize_name(r.provider).split()))
        or name.lower() in r.provider.lower()
        or key in r.provider.lower()
    ]


def figure(rate, hours: float | None, n: int) -> dict:
    out = {
        "provider": rate.provider,
        "gpu": rate.gpu,
        "gpus_per_instance": rate.gpus_per_instance,
        "on_demand_usd_per_gpu_hour": rate.on_demand_usd_per_gpu_hour,
        "spot_usd_per_gpu_hour": rate.spot_usd_per_gpu_hour,
        "observed": rate.observed,
        "source": rate.source,
    }
    if hours:
        out["cost_usd"] = round(rate.on_demand_usd_per_gpu_hour * hours * n, 2)
    return out


def domestic_asked(text: str, env: Env) -> bool:
    """Does the question, or one of the conversation's last questions (Context.history), ask for clouds
    inside China ("国内哪里租", "不用翻墙", "cheapest in china")? "国内哪里租4090便宜" then "那a100呢" still does."""
    words = lexicon(env.lang).listed("domestic_cloud_words")
    texts = [text, *(getattr(q, "text", "") or "" for q in env.context.history)]
    return any(w in t.lower() for t in texts for w in words)


def abroad_asked(text: str, env: Env) -> bool:
    """Does the question set clouds inside China against those abroad ("国内平台和国外比呢", "和海外比")? Then both
    markets are shown, not only the versions China rents."""
    return lexicon(env.lang).words_in("abroad_cloud_words", text.lower())


# provider keys of clouds inside China (nlu/intents/rates._PROVIDER_KEYS), with or without rates in the KB
_DOMESTIC_KEYS = {"autodl", "aliyun", "tencent", "volcengine", "gpushare"}


def home_market(text: str, env: Env, provider: str | None = None) -> str:
    """The currency of the clouds that lead: yuan ones when the question asks for clouds inside China or
    names one ("恒源云 a100 多少钱"), else those of the answer's currency (yuan clouds for an answer in yuan)."""
    named_domestic = bool(provider) and (
        provider in _DOMESTIC_KEYS
        or any(r.currency == DOMESTIC for r in of_provider(provider, env.reader.cloud_rates()))
    )
    return DOMESTIC if named_domestic or domestic_asked(text, env) else env.currency


def home_first(rates: list, env: Env, market: str | None = None) -> list:
    """The offers of the home market (`market`, else the answer's currency) first, then (for a market outside China)
    the clouds outside China, each group cheapest first."""
    home = market or env.currency
    # an answer in euros or pounds: the clouds open to anyone before those inside China
    inside = home != DOMESTIC
    return sorted(
        rates, key=lambda r: (r.currency != home, inside and r.currency == DOMESTIC, r.on_demand_usd_per_gpu_hour)
    )


SLACK_GB = 0.5  # "80gb" takes a card listed at 79.6 GB too [A]


def cheapest_per_gpu(offers: list, env: Env, at_least: float = 0.0) -> list[tuple]:
    """(spec, offer) for each GPU with at least `at_least` GB, its cheapest offer (home market first)."""
    best: dict[str, tuple] = {}
    for offer in home_first(offers, env):
        spec = env.reader.gpu(offer.gpu)
        if spec is None or (spec.memory_gb or 0) < at_least - SLACK_GB or offer.gpu in best:
            continue
        best[offer.gpu] = (spec, offer)
    return list(best.values())


def shown_provider(rate, env: Env, market: str) -> str:
    """The provider's name as the answer's market shows it: a cloud outside China marked overseas in a yuan answer, a
    cloud inside China marked so in any other."""
    if market == DOMESTIC and rate.currency != DOMESTIC:
        return env.t("rates.overseas", provider=rate.provider)
    if market != DOMESTIC and rate.currency == DOMESTIC:  # a dollar answer: a cloud inside China said as such
        return env.t("rates.in_china", provider=rate.provider)
    return rate.provider


def market_rates(gpu: str, env: Env, market: str) -> list:
    """The rates for `gpu` of the clouds billing in `market` when any has it, else (a market outside China: euros,
    pounds) those of the clouds outside China, else every cloud's."""
    rates = env.reader.cloud_rates(gpu)
    abroad = [r for r in rates if r.currency != DOMESTIC] if market != DOMESTIC else []
    return [r for r in rates if r.currency == market] or abroad or rates
