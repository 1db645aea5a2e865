"""Parts of the machine the user has already, taken off a rig's platform (docs/model.md §rig.owned).

Contract: `platform_less(plat, n, owned)` returns the platform for n cards with the allowance of the parts in `owned`
(keys of knowledge/rigs.toml [part_usd], or "pc" for a whole computer) taken off: each part's share of the sourced
budget build's sum times the allowance. "pc" is every part for one card; for two or more the board and PSU stay counted
unless `owned` names them too. `owned_step(owned, full, n, env)` words it (None when nothing is owned).
`owned_desktop_cpu(query)`: the user owns the desktop CPU named, so builds stop at DESKTOP_MAX_GPUS cards. Nothing else
here formats text.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from assistant.models.platforms import Platform, rigs
from assistant.respond.wording import join_names

# a desktop CPU's platform (AM4 / AM5 / LGA1700) splits its 16 graphics lanes for two cards at most (a third only in a
# chipset slot): with such a CPU owned, builds stop at two cards (knowledge/concepts.toml dual-gpu-board)
DESKTOP_MAX_GPUS = 2
_KEPT_FOR_MORE = ("board", "psu")  # a second card needs the slots and the power a one-card desktop rarely has


@cache
def _shares() -> dict[str, float]:
    parts = {k: float(v) for k, v in rigs()["part_usd"].items() if k != "source"}
    total = sum(parts.values())
    return {k: v / total for k, v in parts.items()}


def parts_owned(n: int, owned: tuple[str, ...]) -> tuple[str, ...]:
    """The part keys taken off for n cards."""
    if "pc" in owned:  # a part said owned too ("my psu is 750w") stays off for more cards
        return tuple(k for k in _shares() if n == 1 or k not in _KEPT_FOR_MORE or k in owned)
    return tuple(k for k in owned if k in _shares())


def owned_share(n: int, owned: tuple[str, ...]) -> float:
    return min(1.0, sum(_shares()[k] for k in parts_owned(n, owned)))


def platform_less(plat: Platform, n: int, owned: tuple[str, ...]) -> Platform:
    if not owned:
        return plat
    return dataclasses.replace(plat, usd=round(plat.usd * (1.0 - owned_share(n, owned)), 2))


def owned_step(owned: tuple[str, ...], full: Platform, n: int, env) -> str | None:
    """ "You have the case and storage already: ..." for the platform `full` (its whole allowance) of n cards, None
    when nothing is owned."""
    if not owned:
        return None
    share = owned_share(n, owned)
    money = env.money(platform_less(full, n, owned).usd)
    taken = parts_owned(n, owned)
    names = join_names([env.t(f"rig.part_{k}") for k in _shares() if k in taken], env.lang)  # in rigs.toml's order
    if "pc" in owned:
        new = [k for k in _KEPT_FOR_MORE if k not in taken]  # the parts a one-card desktop lacks, bought
        if n == 1 or not new:
            return env.t("rig.owned_pc_one" if n == 1 else "rig.owned_pc_all", money=money)
        counted = env.t("rig.owned_new_" + "_".join(new))
        return env.t("rig.owned_pc_more", money=money, full=env.money(full.usd), parts=names, counted=counted)
    return env.t("rig.owned_parts", parts=names, money=money, full=env.money(full.usd), share=f"{share * 100:.0f}")


def owned_desktop_cpu(query) -> bool:
    """Whether the user owns the CPU they named and it is a desktop one (not Threadripper / Xeon / EPYC): "$2500,
    already have a 1000w psu and a 7800x3d" builds on that CPU's board."""
    from assistant.respond.cpus import cpu_power

    cpu = getattr(query, "cpu", None)
    owned = getattr(query, "owned_parts", ())
    return bool(cpu) and ("cpu" in owned or "pc" in owned) and cpu_power(str(cpu))[0] != "workstation"
