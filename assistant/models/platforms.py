"""The machine around the GPUs, by how many it holds: one sourced table for every answer (§cost.platform, §rig).

Contract: `platforms()` returns the tiers of knowledge/rigs.toml `[platform.*]` (key, most GPUs, USD allowance,
CPU watts, slots, source ids), fewest GPUs first; a tier for more GPUs is never priced below one for fewer (the
sources price different builds). `platform_for(n, desktop_usd)` is the first tier that holds n GPUs (the largest for
more), the desktop at `desktop_usd` when given (an answer's own market's desktop: `cny` in yuan, Env.local_desktop_usd);
with `gpu_usd`, one card that costs at least as much as the upper desktop (`[platform_upper]`, in the answer's market)
gets that desktop, and so does one card the budget `budget_usd` holds together with it.
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
    if tier.key == "desktop" and upper is not None and gpu_usd is not None:
        if gpu_usd >= upper.usd or (budget_usd is not None and gpu_usd + upper.usd <= budget_usd):
            return upper  # "build me a 5090 rig", "预算2万配整机": not a budget box around a flagship or a big budget
    if desktop_usd is not None and tier.key == "desktop":
        return _priced(tier, desktop_usd)  # "预算8000配主机": the desktop at 京东 prices
    return tier


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
