"""Value rankings of every priced GPU, memoized on what they depend on.

Contract: `RankInputs` holds everything a ranking depends on (frozen and hashable); `rank_inputs(env,
key, **given)` fills the assumptions in force, the user's prices and the answer's market, and the
caller states the rest by name; `rank_snapshot(reader, inputs)` returns the `models.recommend.Ranking`
over every GPU priced in the snapshot (memoized: the same question recurs in a conversation).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from assistant.models import cost, dettmers2023, hardware, recommend
from assistant.respond import rig_market
from assistant.respond.env import Env
from assistant.respond.pricing import chat_score, score, snapshot_quotes


@dataclass(frozen=True)
class RankInputs:
    """Everything a ranking depends on (a memoization key)."""

    snapshot: str
    key: str  # the workload ranked on (figures.workload_key)
    years: float
    utilization: float
    kwh: float  # USD per kWh
    overrides: tuple = ()  # the user's prices, sorted ((gpu, condition), usd) pairs
    need: float | None = None  # GB the model or task needs on the GPUs
    budget: float | None = None  # USD for all the GPUs
    condition: str = "average"
    vendors: tuple[str, ...] = ()
    max_power_w: float | None = None
    n: int = 1
    max_auto_gpus: int = 1  # > 1: a card too small counts as the fewest of it that hold `need`
    chat: tuple | None = None  # (model, quant, RTX 3090 tokens/s): rank by single-user decode speed (§llm.decode)
    market: str = ""  # whose observed prices come first (Env.price_market)
    desktop_usd: float | None = None  # the desktop of that market (Env.local_desktop_usd); None: the allowance
    dettmers: bool = False  # his 2023 method, cards and inputs instead of this model (§findings.dettmers2023)
    passive: bool = True  # False leaves out passively cooled datacenter cards (they need a server's airflow)
    consumer: bool = False  # True keeps consumer cards only ("消费级显卡": GeForce, Radeon RX, Arc)
    tensor: bool = False  # True keeps cards with tensor / matrix cores only (16-bit training, §perf.tensor)
    official: bool = False  # True leaves out grey-market and modified cards (an organization in yuan: rig_market)
    memory_asked: bool = False  # True: `need` is an amount of memory asked ("48gb of vram"), not a model's need


def rank_inputs(env: Env, key: str, **given) -> RankInputs:
    """The inputs of a ranking on `key` under the assumptions in force, the user's prices and the answer's
    market; `given` states the rest by field name (market="" ranks on US prices)."""
    a = env.assumptions
    base = {"market": env.price_market(), "desktop_usd": env.local_desktop_usd()} | given
    overrides = tuple(sorted(env.price_overrides().items()))
    return RankInputs(a.snapshot, key, a.years, a.utilization, a.electricity_usd_per_kwh, overrides, **base)


CONSUMER_LINES = ("GeForce ", "Radeon RX ", "Arc ")  # the consumer lines by name (no Radeon PRO / Instinct, Quadro)


def consumer_card(gpu) -> bool:
    """A consumer graphics card: a GeForce, Radeon RX or Arc desktop card (a unified-memory box is none)."""
    return gpu.name.startswith(CONSUMER_LINES) and not gpu.unified_memory


@lru_cache(maxsize=256)
def rank_snapshot(reader, i: RankInputs):
    """The ranking over every GPU priced in the snapshot (see RankInputs for what each input does)."""
    setting: dict[str, Any]
    if i.dettmers:  # his 2023 cards, prices and inputs
        quotes = reader.prices(dettmers2023.SNAPSHOT)
        gpus = [g for g in reader.gpus(sorted({q.gpu for q in quotes})) if dettmers2023.in_chart(g)]
        inputs = dettmers2023.VALUE_INPUTS
        setting = {
            "years": inputs["years"],
            "utilization": inputs["utilization"],
            "usd_per_kwh": inputs["usd_per_kwh"],
            "base_usd": inputs["base_usd"],
            "score": dettmers2023.relative_performance,
        }
    else:
        # a dollar ranking holds the cards priced on the US market; a yuan ranking borrows the converted
        # USD price of every card without a Chinese quote (most of them)
        quotes = snapshot_quotes(reader, i.snapshot, i.market)
        gpus = [g for g in reader.gpus(sorted({q.gpu for q in quotes})) if i.passive or not g.passively_cooled]
        gpus = [g for g in gpus if not i.consumer or consumer_card(g)]
        gpus = [g for g in gpus if not i.tensor or hardware.has_tensor_cores(g)]
        gpus = [g for g in gpus if not i.official or not rig_market.unofficial(g.name)]
        setting = {
            "max_power_w": i.max_power_w,
            "years": i.years,
            "utilization": i.utilization,
            "usd_per_kwh": i.kwh,
            "overrides": dict(i.overrides),
            "score": functools.partial(chat_score, *i.chat) if i.chat else score,
            "max_auto_gpus": i.max_auto_gpus,
            "market": i.market,
            "desktop_usd": i.desktop_usd,
            "model_need": not i.memory_asked,
        }
    return recommend.rank(
        gpus,
        i.key,
        quotes,
        prices=_prices(reader, i, gpus, quotes, setting.get("market")),
        memory_need_gb=i.need,
        budget_usd=i.budget,
        condition=i.condition,
        vendors=i.vendors,
        n_gpus=i.n,
        **setting,
    )


def _prices(reader, i: RankInputs, gpus, quotes, market: str | None) -> dict:
    """Each ranked GPU's price under the ranking's inputs (cost.lookup_price), kept per reader: rankings on
    other workloads, budgets or memory needs share them."""

    def lookup() -> dict:
        by_gpu: dict[str, list] = {}
        for quote in quotes:
            by_gpu.setdefault(quote.gpu, []).append(quote)
        overrides = dict(i.overrides)
        return {g.name: cost.lookup_price(g.name, by_gpu.get(g.name, []), i.condition, overrides, market) for g in gpus}

    names = tuple(g.name for g in gpus)
    return reader.derived(("rank_prices", i.dettmers, i.snapshot, market, i.condition, i.overrides, names), lookup)
