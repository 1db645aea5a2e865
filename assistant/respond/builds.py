"""Rigs for a budget: 1 to 4 GPUs of one kind (up to 8 in a server) on the platform that many need, priced whole, with
power at the wall, the PSU, and what to watch out for (docs/model.md §rig).

Contract: `power()` reads knowledge/rigs.toml; the platforms by GPU count are `models.platforms` (the one table the
5-year cost uses too).
`build(gpu, n, gpu_usd, speed)` returns a `Build`: totals, the platform, power figures and warning
keys with their values (the responder words them). `builds(...)` returns every build of the given
GPUs within the budget that meets the need (`speed` returns None when a build cannot do the job),
fastest first, then cheapest. Nothing here formats text.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass

from assistant.models.platforms import Platform, platform_for, rigs
from assistant.respond.owned_parts import platform_less
from assistant.specs import GpuSpec

MAX_GPUS = 4  # a desktop or workstation takes up to 4 cards (Dettmers 2023, FAQ; §rec.split)
SERVER_GPUS = 8  # one server (4U chassis or open frame with risers) takes up to 8
_TWELVE_PIN = re.compile(r"GeForce (40|50)|Blackwell PRO|Workstation Ada")


@dataclass(frozen=True)
class Build:
    """A build of n cards on a platform: its price and speed."""

    gpu: GpuSpec
    n: int
    gpu_usd: float  # one card
    platform: Platform
    speed: float
    total_usd: float
    memory_gb: float  # all cards together
    gpu_w: float
    psu_w: int
    wall_w: float
    warnings: tuple[tuple[str, dict], ...]

    @property
    def label(self) -> str:
        return f"{self.n} x {self.gpu.short_name}" if self.n > 1 else self.gpu.short_name


def power() -> dict:
    return rigs()["power"]


def psu_watts(load_w: float) -> int:
    """The power supply for a load: x the margin, rounded up to 100 W (docs/model.md §rig)."""
    return int(math.ceil(load_w * power()["psu_margin"] / 100.0) * 100)


def psu_sizing(gpu_watts: float, n: int, env) -> tuple[str, float, int]:
    """(the line that sizes it, load W, PSU W) for `n` cards drawing `gpu_watts` together: their board power + the
    platform's CPU + the rest, x the margin, rounded up to 100 W (docs/model.md §rig)."""
    rules = power()
    cpu = float(platform_for(n).cpu_w)
    load = gpu_watts + cpu + float(rules["rest_w"])
    psu = psu_watts(load)
    line = env.t(
        "asked.psu",
        gpus=f"{gpu_watts:,.0f}",
        cpu=f"{cpu:,.0f}",
        rest=f"{float(rules['rest_w']):,.0f}",
        load=f"{load:,.0f}",
        margin=f"{float(rules['psu_margin']):g}",
        psu=f"{psu:,}",
    )
    return line, load, psu


def fits_a_workstation(gpu: GpuSpec) -> str | None:
    """Why a GPU cannot go into a desktop or workstation at all (None when it can)."""
    if gpu.is_mobile:
        return "laptop"
    if gpu.server_module:
        return "sxm"
    if gpu.unified_memory:
        return "system"
    return None


def build(
    gpu: GpuSpec,
    n: int,
    gpu_usd: float,
    speed: float,
    cpu_w: float | None = None,
    desktop_usd: float | None = None,
    owned: tuple[str, ...] = (),
    budget_usd: float | None = None,
) -> Build:
    """`cpu_w`: the power of the CPU the question named (respond/cpus.py), else the platform's allowance;
    `desktop_usd`: the desktop of the answer's market (Env.local_desktop_usd), else the allowance; `owned`: the parts
    the user has already (owned_parts.platform_less); `budget_usd`: a budget that holds the upper desktop with the card
    gets it (models/platforms.platform_for)."""
    upper_asked = None if owned else gpu_usd
    rules, plat = power(), platform_less(platform_for(n, desktop_usd, upper_asked, budget_usd), n, owned)
    if cpu_w:
        plat = dataclasses.replace(plat, cpu_w=cpu_w)
    gpu_w = float(gpu.tdp_w or 0) * n
    load = gpu_w + plat.cpu_w + rules["rest_w"]
    psu = psu_watts(load)
    extra = psu_swap_usd(plat, psu, desktop_usd) if not owned else 0.0  # parts owned: the user's PSU is theirs
    if extra:  # "预算1w 配主机" with a 3090 Ti: the list's 650 W PSU swapped for the 900 W it needs, in the total
        plat = dataclasses.replace(plat, usd=plat.usd + extra, psu_extra_usd=extra)
    wall = load / rules["efficiency"]
    warnings: list[tuple[str, dict]] = []
    if gpu.passively_cooled:
        warnings.append(("rig.warn_passive", {"gpu": gpu.short_name}))
    wide = (gpu.slot_width or "").startswith(("Triple", "Quad"))
    if wide and n > rules["stack_triple_slot"]:
        warnings.append(("rig.warn_stack", {"n": n, "gpu": gpu.short_name, "max": rules["stack_triple_slot"]}))
    if _TWELVE_PIN.search(gpu.generation or "") and (gpu.tdp_w or 0) >= 285:
        warnings.append(("rig.warn_12vhpwr", {"gpu": gpu.short_name}))
    if psu > rules["atx_psu_max_w"]:
        warnings.append(("rig.warn_psu", {"psu": f"{psu:,}", "max": f"{rules['atx_psu_max_w']:,}"}))
    # both circuits weighed on what they carry continuously (80 % of the rating, as respond/circuit.py): one rule
    eu = {"eu": f"{rules['eu_circuit_w'] * rules['continuous_share']:,.0f}", "eu_rated": f"{rules['eu_circuit_w']:,}"}
    if wall > rules["eu_circuit_w"] * rules["continuous_share"]:
        warnings.append(("rig.warn_circuit_heavy", {"wall": f"{wall:,.0f}", **eu}))
    elif wall > rules["us_circuit_w"]:
        warnings.append(("rig.warn_circuit", {"wall": f"{wall:,.0f}", "us": f"{rules['us_circuit_w']:,}", **eu}))
    return Build(
        gpu=gpu,
        n=n,
        gpu_usd=gpu_usd,
        platform=plat,
        speed=speed,
        total_usd=gpu_usd * n + plat.usd,
        memory_gb=float(gpu.memory_gb or 0) * n,
        gpu_w=gpu_w,
        psu_w=psu,
        wall_w=wall,
        warnings=tuple(warnings),
    )


def psu_swap_usd(plat: Platform, psu_w: int, desktop_usd: float | None) -> float:
    """What a desktop priced from a dated list (an answer in yuan) costs more when the build needs a bigger PSU than
    the list's: the bigger PSU's price (per watt above its size [A]) less the list's PSU, in USD at the rate the
    desktop was converted at; 0 for any other platform or a PSU the list's covers (docs/model.md §cost.platform)."""
    if (
        desktop_usd is None
        or not plat.key.startswith("desktop")
        or not plat.cny
        or not plat.cny_psu_w
        or psu_w <= plat.cny_psu_w
    ):
        return 0.0
    if not plat.cny_psu_big or not plat.cny_psu_big_w:
        return 0.0
    bigger = plat.cny_psu_big * max(psu_w, plat.cny_psu_big_w) / plat.cny_psu_big_w
    return max(bigger - plat.cny_psu, 0.0) * plat.usd / plat.cny  # at the rate the list's yuan were converted at


def builds(
    priced, budget_usd: float | None, speed, counts=range(1, MAX_GPUS + 1), cpu_w=None, desktop_usd=None, owned=()
) -> list[Build]:
    """Every build of `priced` ((GpuSpec, usd per card) pairs) with a count in `counts`, within the
    budget (None: any), that `speed(gpu, n)` rates (None = cannot do the job): fastest first."""
    out = []
    for gpu, usd in priced:
        if fits_a_workstation(gpu):
            continue
        for n in counts:
            plat = platform_less(platform_for(n, desktop_usd, None if owned else usd, budget_usd), n, owned)
            if budget_usd is not None and usd * n + plat.usd > budget_usd:
                break
            rated = speed(gpu, n)
            if rated is None or rated <= 0:
                continue
            made = build(gpu, n, usd, rated, cpu_w, desktop_usd, owned, budget_usd)
            if budget_usd is not None and made.total_usd > budget_usd:
                continue  # within the budget only with the list's PSU, too small for it
            out.append(made)
    return sorted(out, key=lambda b: (-round(b.speed, 3), b.total_usd))


def stated_psu(watts: list[str], b: Build, env, cpu: str | None = None) -> str:
    """The PSU a message states beside other asks, weighed against build `b` with the CPU named (rig_power.stated_psu);
    "" when none."""
    from assistant.respond.rig_power import stated_psu as weighed

    return weighed(watts, b, env, cpu)
