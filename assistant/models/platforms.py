"""The machine around the GPUs, by how many it holds: one sourced table for every answer (§cost.platform, §rig).

Contract: `platforms()` returns the tiers of knowledge/rigs.toml `[platform.*]` (key, most GPUs, USD allowance,
CPU watts, slots, source ids), fewest GPUs first; a tier for more GPUs is never priced below one for fewer (the
sources price different builds). `platform_for(n, desktop_usd)` is the first tier that holds n GPUs (the largest for
more), the desktop at `desktop_usd` when given (an answer's own market's desktop: `cny` in yuan, Env.local_desktop_usd);
with `gpu_usd`, one card that costs at least as much as the upper desktop (`[platform_upper]`, in the answer's market)
gets that desktop, and so does one card the budget `budget_usd` holds together with it. A tier marked `local_scale`
(the dual and quad builds) in a market with its own desktop price is the allowance scaled by that market's desktop
against the allowance's desktop [A: parts cost the same share of a build in both markets], never below the upper
desktop a card costing `gpu_usd` would get alone.
Read once per process; no network.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache, lru_cache

from assistant import paths, startup_cache


@dataclass(frozen=True)
class Platform:
    """A host platform for several GPUs: how many it holds, its price and its CPU's draw."""

    key: str
    max_gpus: int
    usd: float
    cpu_w: float
    slots: str
    source: str
    cny: float | None = None  # the tier's price in China, from a dated build list (the desktop only)
    cny_observed: str = ""
    cny_source: str = ""
    cny_psu_w: int = 0  # the PSU of that list (a rig sizes its own)
    cny_psu: float = 0.0  # that PSU's price in the list, yuan
    cny_psu_big: float = 0.0  # a bigger PSU's price in yuan (another dated list), the swap a bigger build needs
    cny_psu_big_w: int = 0  # its watts; above them the same yuan per watt [A]
    cny_psu_big_source: str = ""
    psu_extra_usd: float = 0.0  # set on a build: what swapping the list's PSU for the one it needs adds (in usd)
    ram_gb: float = 0.0  # the RAM the tier's build has, when it is more than the rig's rule asks
    local_scale: bool = False  # in a market with its own desktop price, scaled by it (no local list of this tier)
    scaled: bool = False  # set on a tier priced that way: an estimate from the local desktop, not a converted allowance


@cache
def rigs() -> dict:
    return startup_cache.parsed_file(paths.knowledge_dir() / "rigs.toml", _parse_toml)


def _parse_toml(path) -> dict:
    import tomllib  # only when a rig is priced and the file changed: not imported by every answer

    with open(path, "rb") as f:
        return tomllib.load(f)


@cache
def platforms() -> tuple[Platform, ...]:
    found = sorted((Platform(key, **values) for key, values in rigs()["platform"].items()), key=lambda p: p.max_gpus)
    out, floor = [], 0.0
    for p in found:
        floor = max(floor, float(p.usd))
        out.append(dataclasses.replace(p, usd=floor))
    return tuple(out)


def platform_for(
    n: int, desktop_usd: float | None = None, gpu_usd: float | None = None, budget_usd: float | None = None
) -> Platform:
    tiers = platforms()
    tier = next((p for p in tiers if p.max_gpus >= n), tiers[-1])
    upper = upper_desktop(tier, desktop_usd)
    if tier.key == "desktop" and upper is not None and _gets_upper(upper, gpu_usd, budget_usd):
        return upper  # "build me a 5090 rig", "预算2万配整机": not a budget box around a flagship or a big budget
    if desktop_usd is not None and tier.key == "desktop":
        return _priced(tier, desktop_usd)  # "预算8000配主机": the desktop at 京东 prices
    if desktop_usd is not None and tier.local_scale:
        return _scaled(tier, desktop_usd, gpu_usd)
    return tier


def _gets_upper(upper: Platform | None, gpu_usd: float | None, budget_usd: float | None) -> bool:
    """One card that costs at least the upper desktop, or that the budget holds together with it, gets it."""
    if upper is None or gpu_usd is None:
        return False
    return gpu_usd >= upper.usd or (budget_usd is not None and gpu_usd + upper.usd <= budget_usd)


def scaled_usd(tier: Platform, desktop_usd: float) -> float:
    """The tier's allowance scaled to a market whose desktop costs `desktop_usd` (before any floor)."""
    return tier.usd * desktop_usd / platforms()[0].usd


def _scaled(tier: Platform, desktop_usd: float, gpu_usd: float | None) -> Platform:
    """A dual / quad tier in a market whose desktop is `desktop_usd`: the allowance x that desktop / the allowance's
    desktop ("预算一万五配双卡": about 5,100 yuan, not the US $1,500 converted), never below the upper desktop when
    its cards cost more than that desktop (flagships are not put in a budget frame). A budget alone does not raise it:
    one card a big budget holds with the upper desktop gets that desktop, while two cheaper cards stay on the
    scaled dual, whose price does not depend on the budget."""
    desktop = platforms()[0]
    usd = scaled_usd(tier, desktop_usd)
    upper = upper_desktop(desktop, desktop_usd)
    if upper is not None and gpu_usd is not None and gpu_usd >= upper.usd:
        usd = max(usd, upper.usd)
    return dataclasses.replace(_priced(tier, round(usd, 6)), scaled=True)


@cache
def _upper() -> Platform | None:
    found = rigs().get("platform_upper")
    return Platform("desktop_upper", **found) if found else None


def upper_desktop(desktop: Platform, desktop_usd: float | None) -> Platform | None:
    """The upper desktop, in the answer's market: at the rate the budget desktop's yuan list was converted at."""
    upper = _upper()
    if upper is None or desktop_usd is None or not desktop.cny or not upper.cny:
        return upper
    return _priced(upper, upper.cny * desktop_usd / desktop.cny)


@lru_cache(maxsize=256, typed=True)
def _priced(tier: Platform, usd: float) -> Platform:
    """The tier at another price (frozen: one object per tier and price, made once)."""
    return dataclasses.replace(tier, usd=usd)


def module_adapter_usd(gpu_name: str, n_gpus: int) -> float | None:
    """What one SXM-to-PCIe adapter board costs when `n_gpus` modules named `gpu_name` go into a desktop on adapters
    (knowledge/rigs.toml [module_adapter]: SXM2 modules, two at most), else None (a server holds them)."""
    adapter = rigs().get("module_adapter")
    if not adapter or adapter["prefix"] not in gpu_name or not 1 <= n_gpus <= adapter["max_modules"]:
        return None
    return float(adapter["usd"])
