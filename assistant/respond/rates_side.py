"""Clouds named side by side for one card ("runpod or vast for a 4090?", "跟vast比差多少" after a rate): the offers of
each cloud named and a headline setting the best on-demand rate of each against the others.

Contract: `side_by_side(keys, env, gpu, everyone)` -> (offers of those clouds, cheapest first; the headline). A cloud
with no offer for the card but one for another version of it with as much memory (A800 PCIe 80 GB for an A100 80 GB
at Tencent Cloud) has that version's best rate said, named as another product; a cloud with neither is named as
having no rate. Never raises.
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.offers import of_provider, provider_name
from assistant.respond.variants import rated_variant


def side_by_side(keys: tuple[str, ...], env: Env, gpu, everyone: list) -> tuple[list, str]:
    """The offers of the providers named (cheapest first) and a headline setting the best on-demand rate
    of each against the others; providers without a rate for the GPU are named as such."""
    found = {key: of_provider(key, everyone) for key in keys}
    offers = sorted({id(r): r for key in keys for r in found[key]}.values(), key=lambda r: r.on_demand_usd_per_gpu_hour)
    best = sorted(
        (min(v, key=lambda r: r.on_demand_usd_per_gpu_hour) for v in found.values() if v),
        key=lambda r: r.on_demand_usd_per_gpu_hour,
    )
    stand_ins = {k: _version_at(k, env, gpu) for k, v in found.items() if not v}
    missing = [provider_name(k) for k, v in stand_ins.items() if v is None]
    parts = [line for line in stand_ins.values() if line]
    if len(best) > 1:
        cheaper, others = best[0], best[1:]
        parts.append(
            env.t(
                "rates.head_providers",
                gpu=gpu.short_name,
                cheaper=cheaper.provider,
                rate=env.money(cheaper.on_demand_usd_per_gpu_hour, 2),
                observed=cheaper.observed,
                others=i18n.listing(env.lang).join(
                    env.t(
                        "rates.provider_offer",
                        provider=o.provider,
                        rate=env.money(o.on_demand_usd_per_gpu_hour, 2),
                        observed=o.observed,
                    )
                    for o in others
                ),
            )
        )
    elif best:
        parts.append(
            env.t(
                # "autodl 恒源云 矩池云 租4090选哪家": one of the clouds named has it, not one offer in the data
                "rates.head_rates"
                if len(offers) > 1
                else "rates.head_one_named"
                if len(keys) > 1
                else "rates.head_one",
                gpu=gpu.short_name,
                provider=best[0].provider,
                rate=env.money(best[0].on_demand_usd_per_gpu_hour, 2),
                observed=best[0].observed,
                count=len(offers),
                high=env.money(max(r.on_demand_usd_per_gpu_hour for r in offers), 2),
            )
        )
    if missing:
        parts.insert(
            0, env.t("rates.none_at_providers", gpu=gpu.short_name, providers=i18n.join_names(env.lang, missing))
        )
    return offers, i18n.gap(env.lang).join(parts)


def _version_at(key: str, env: Env, gpu) -> str | None:
    """ "跟vast比差多少" after an A100 80 GB's rate at a cloud that rents only its A800 80 GB: that version's best
    on-demand rate there, said to be another product; None when the cloud rents no version with as much memory."""
    other = rated_variant(gpu.name, env, key, gpu.memory_gb or 0.0)
    offers = of_provider(key, env.reader.cloud_rates(other.name)) if other is not None else []
    if other is None or not offers:
        return None
    best = min(offers, key=lambda r: r.on_demand_usd_per_gpu_hour)
    return env.t(
        "rates.version_at_provider",
        provider=best.provider,
        gpu=gpu.short_name,
        other=other.short_name,
        rate=env.money(best.on_demand_usd_per_gpu_hour, 2),
        observed=best.observed,
    )
