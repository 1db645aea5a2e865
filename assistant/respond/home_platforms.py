"""Chinese build lists beside the platform allowance of a rig priced in yuan.

Contract: `platform_notes(n, env)` gives (steps, source ids): for an answer in yuan (price market CN), one step
listing the dated Chinese build lists of knowledge/rigs.toml `[[platform_cn]]` whose machine holds `n` GPUs or
more (cheapest first), each with what it is, its price in yuan and its date, said to be references beside the
platform the rig uses: for one card the desktop's own yuan price (its list named, with the PSU it has: the rig
sizes its own; when the build needs a bigger PSU, `extra_usd` > 0, the swap priced into the platform is said: the
list's PSU, the one needed and what it adds, respond/builds.psu_swap_usd), for a dual or quad platform the estimate it
is (the US allowance scaled by the Chinese desktop against the US one, models/platforms, said even when no list holds
`n` GPUs), for a server the allowance (a US figure converted); nothing for another currency or when neither applies.
`used`: the platform the rig priced (the upper desktop around a costly card: its own list is the one named).
"""

from __future__ import annotations

from assistant import i18n
from assistant.models.platforms import Platform, platform_for, rigs, scaled_usd
from assistant.respond.env import Env


def platform_notes(
    n: int, env: Env, psu_w: int = 0, extra_usd: float = 0.0, used: Platform | None = None
) -> tuple[list[str], list[str]]:
    if env.price_market() != "CN":
        return [], []
    tier = used if used is not None and used.cny else platform_for(n)
    local = tier.cny is not None and tier.max_gpus >= n  # the desktop priced from a Chinese list: that list is named
    lists = sorted(
        (p for p in rigs().get("platform_cn", []) if p["gpus"] >= n and not (local and p["source"] == tier.cny_source)),
        key=lambda p: p["cny"],
    )
    scaled = [_scaled_step(used, env)] if used is not None and used.scaled else []
    if not lists:
        return scaled, [platform_for(1).cny_source] if scaled else []
    items = [
        env.t(
            "rig.home_platform_item",
            build=p.get(f"build_{env.lang}") or p["build"],
            money=env.money(env.to_usd(float(p["cny"]), "CNY")),
            observed=p["observed"],
        )
        for p in lists
    ]
    listed = i18n.sep(env.lang).join(items)
    if scaled:
        return scaled + [env.t("rig.home_platforms_more", items=listed)], [
            platform_for(1).cny_source,
            *[p["source"] for p in lists],
        ]
    if not local:
        return [env.t("rig.home_platforms", items=listed)], [p["source"] for p in lists]
    own = next(p for p in rigs()["platform_cn"] if p["source"] == tier.cny_source)
    values = dict(items=listed, build=own.get(f"build_{env.lang}") or own["build"], observed=tier.cny_observed)
    if extra_usd:  # the build needs more than the list's PSU: the swap priced into the platform, said
        step = env.t(
            "rig.home_platforms_psu",
            **values,
            psu=f"{tier.cny_psu_w:,}",
            old=env.money(env.to_usd(tier.cny_psu, "CNY")),
            need=f"{psu_w:,}",
            extra=env.money(extra_usd),
            big=env.money(env.to_usd(tier.cny_psu_big, "CNY")),
            big_w=f"{tier.cny_psu_big_w:,}",
        )
        return [step], [tier.cny_source, tier.cny_psu_big_source, *[p["source"] for p in lists]]
    step = env.t("rig.home_platforms_local", **values, psu=f"{tier.cny_psu_w:,}")
    return [step], [tier.cny_source, *[p["source"] for p in lists]]


def _scaled_step(used: Platform, env: Env) -> str:
    """How a dual / quad platform in yuan was estimated: the US allowance x the 京东 desktop / the US desktop, and the
    upper desktop's price when that floor priced it (models/platforms._scaled)."""
    desktop = platform_for(1)
    local_desktop_usd = env.local_desktop_usd() or 0.0
    allowance = platform_for(used.max_gpus)
    scaled = scaled_usd(allowance, local_desktop_usd)
    values = dict(
        n=used.max_gpus,
        allowance=f"${allowance.usd:,.0f}",
        desktop=env.money(local_desktop_usd),
        us_desktop=f"${desktop.usd:,.0f}",
        observed=desktop.cny_observed,
        money=env.money(scaled),
    )
    if used.usd > scaled + 0.5:  # floored at the upper desktop
        return env.t("rig.home_platforms_scaled_floor", **values, upper=env.money(used.usd))
    return env.t("rig.home_platforms_scaled", **values)
