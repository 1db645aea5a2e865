"""Cloud offers as every rates answer shows them: a provider key as the provider's own name, the
offers of the provider a question names, the answer's market first, and one offer as a JSON figure."""

from __future__ import annotations

from assistant.names import normalize_name
from assistant.respond.env import Env

# provider keys of the readers (nlu/intents/rates._PROVIDER_KEYS) -> the provider's name as answers show it
_PROVIDER_NAMES = {
    "gcp": "Google Cloud",
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


def home_first(rates: list, env: Env) -> list:
    """The offers of the answer's market first (each group cheapest first)."""
    return sorted(rates, key=lambda r: (r.currency != env.currency, r.on_demand_usd_per_gpu_hour))
