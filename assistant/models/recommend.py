"""Recommendations: the reference decision chart as one path, and a ranking by performance per
dollar under constraints (§rec).

Contract: `walk_flowchart(chart, answers, affordable)` follows the chart (the dict of
flowchart.json) with the user's yes/no answers and returns the answer reached or the next
question to ask, with the path taken. `rank(gpus, workload, quotes, ...)` scores every
candidate with `performance.relative_performance` and `cost.tco`, drops those that break a
constraint (each with its reason) and returns the choice, the runners-up and the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from assistant.models import constants as C
from assistant.models import cost, performance
from assistant.models.values import finite
from assistant.specs import GpuSpec, PriceQuote

# short answer keys -> chart questions
QUESTION_KEYS = {
    "organization": "Are you an organization?",
    "train_llm_13b": "Do you train large language models with >= 13 billion parameters?",
    "rich": "Are you rich?",
    "not_poor": "Not rich but also not poor?",
    "train": "Do you plan to train models?",
    "transformers": "Do you plan to train transformer models?",
    "use_llms": "Do you use large language models?",
    "small_datasets": "Do you only work on small or streaming datasets?",
}


@dataclass(frozen=True)
class FlowResult:
    """Where the recommendation flow ended: an answer, or the next question to ask."""

    answer: str | None  # None when a question is still open
    next_question: str | None
    path: tuple[tuple[str, str], ...]  # (question or "budget", answer)
    ladder: tuple[str, ...] = ()  # the budget ladder met on the way, if any


def load_flowchart(path: Path | None = None) -> dict:
    """The reference decision chart: `path`, else knowledge/flowchart.json."""
    from assistant import paths

    target = Path(path) if path is not None else paths.knowledge_dir() / "flowchart.json"
    return json.loads(target.read_text(encoding="utf-8"))


def _answer_for(question: str, answers: dict[str, bool]) -> bool | None:
    if question in answers:
        return answers[question]
    key = next((k for k, q in QUESTION_KEYS.items() if q == question), None)
    return answers.get(key) if key else None


def walk_flowchart(
    chart: dict, answers: dict[str, bool], affordable: Callable[[str], bool] | None = None
) -> FlowResult:
    """Follow the chart; each budget ladder takes the first option `affordable` accepts
    (default: the first option), else falls through to the ladder's `else` branch."""
    node = chart
    path: list[tuple[str, str]] = []
    ladder: tuple[str, ...] = ()
    while True:
        if "answer" in node:
            return FlowResult(node["answer"], None, tuple(path), ladder)
        if "budget_ladder" in node:
            ladder = tuple(str(o) for o in node["budget_ladder"])
            ok = affordable or (lambda _option: True)
            pick: str | None = next((o for o in ladder if ok(o)), None)
            if pick is not None:
                path.append(("budget", pick))
                return FlowResult(pick, None, tuple(path), ladder)
            path.append(("budget", "none of " + ", ".join(ladder)))
            node = node["else"]
            continue
        question = node["ask"]
        value = _answer_for(question, answers)
        if value is None:
            return FlowResult(None, question, tuple(path), ladder)
        path.append((question, "yes" if value else "no"))
        node = node["yes" if value else "no"]


@dataclass(frozen=True)
class RankRow:
    """One candidate GPU of a ranking: its score, memory and price."""

    gpu: str
    score: float  # relative performance (RTX 3090 = 1), all GPUs together
    memory_gb: float
    price_usd: float  # per GPU
    price_source: str
    tco_usd: float  # desktop base + GPUs + electricity over the period
    value_per_purchase: float  # score per $1,000 of GPU purchase
    value_per_tco: float  # score per $1,000 of total cost (the ranking key by default)
    power_w: float
    n_gpus: int = 1  # GPUs of this kind counted together


@dataclass(frozen=True)
class Ranking:
    """GPUs ranked for a workload: the choice, the runners-up and every kept row."""

    workload: str
    choice: RankRow | None
    runners_up: tuple[RankRow, ...]
    rows: tuple[RankRow, ...]  # all kept candidates, best first
    excluded: tuple[tuple[str, str], ...]  # (gpu, reason)
    assumptions: dict = field(default_factory=dict)


def _exclusion(
    gpu: GpuSpec, perf, price, *, need_gb, n, budget, vendors, max_power_w, allow_mobile, model_need=False
) -> str | None:
    mem = finite(gpu.memory_gb)
    if gpu.is_mobile and not allow_mobile:
        return "laptop GPU"
    if vendors and not any(gpu.vendor.lower().startswith(v.lower()) for v in vendors):
        return f"vendor {gpu.vendor} not in {', '.join(vendors)}"
    if price is None:
        return "no price in the snapshot"
    if perf.score <= 0:
        return "not rated (missing specs)"
    if need_gb and usable_gb(gpu, n, model_need) < set_need(need_gb, n, model_need):
        return f"memory {mem:g} GB x {n} < {set_need(need_gb, n, model_need):g} GB needed"
    if budget and price.usd * n > budget:
        return f"price ${price.usd * n:,.0f} over budget ${budget:,.0f}"
    if max_power_w and finite(gpu.tdp_w) * n > max_power_w:
        return f"power {finite(gpu.tdp_w) * n:g} W over {max_power_w:g} W"
    return None


def _count_for(gpu: GpuSpec, need_gb: float | None, n: int, most: int, model_need: bool = False) -> int:
    """How many of this GPU the ranking counts: `n`, or the fewest (<= most) that hold need_gb."""
    mem = finite(gpu.memory_gb)
    if most <= n or not need_gb or mem <= 0 or usable_gb(gpu, n, model_need) >= set_need(need_gb, n, model_need):
        return n
    # a desktop or workstation takes up to 4 cards (Dettmers 2023, FAQ: slots, power); servers of
    # datacenter GPUs take 8
    limit = min(most, 8 if gpu.arch is not None and gpu.arch.product_class == "datacenter" else 4)
    if gpu.unified_memory:  # whole computers: "3 x GB10" is no set one can build (LINKED_MACHINES)
        limit = min(limit, C.LINKED_MACHINES.get(gpu.name, 1))
    fewest = next(
        (k for k in range(1, limit + 1) if usable_gb(gpu, k, model_need) >= set_need(need_gb, k, model_need)), None
    )
    if fewest is not None and gpu.server_module and fewest > 2:
        # SXM / OAM modules come on baseboards of 4 or 8 (HGX, OAM UBB): "5 x H200 SXM" is no server one can buy
        fewest = next((k for k in (4, 8) if k >= fewest and k <= limit), fewest)
    return fewest if fewest is not None else n


def usable_gb(gpu: GpuSpec, n: int, model_need: bool = True) -> float:
    """The memory n of these cards offer a model: all of it, except in a server of two or more datacenter cards of
    the bf16 generations (A100 on; older ones such as the P40 run llama.cpp), which serves it with vLLM and its default
    claim of C.VLLM_MEMORY_SHARE of each card (§rec sets)."""
    mem = finite(gpu.memory_gb) * n
    served = gpu.arch is not None and gpu.arch.product_class == "datacenter" and gpu.arch.bf16 > 0
    return mem * C.VLLM_MEMORY_SHARE if model_need and served and n > 1 else mem


def set_need(need_gb: float, n: int, model_need: bool = True) -> float:
    """The memory n cards must have together to hold what one card would need of a model: each card after the first
    keeps its own CUDA context and buffers (C.EXTRA_CARD_GB)."""
    return need_gb + (C.EXTRA_CARD_GB * max(n - 1, 0) if model_need else 0.0)


def rank(
    gpus: list[GpuSpec],
    workload: str,
    quotes: list[PriceQuote],
    *,
    memory_need_gb: float | None = None,
    budget_usd: float | None = None,
    condition: str = "average",
    vendors: tuple[str, ...] = (),
    max_power_w: float | None = None,
    n_gpus: int = 1,
    years: float = C.DEFAULT_YEARS,
    utilization: float = C.DEFAULT_UTILIZATION,
    usd_per_kwh: float = C.DEFAULT_KWH_USD,
    overrides: dict | None = None,
    by: str = "tco",
    allow_mobile: bool = False,
    top: int = 3,
    score: Callable | None = None,
    max_auto_gpus: int = 1,
    base_usd: float | None = None,
    market: str | None = None,
    desktop_usd: float | None = None,
    prices: dict[str, cost.PriceLookup | None] | None = None,
    model_need: bool = False,
) -> Ranking:
    """Rank `gpus` by performance per dollar (`by`: tco | purchase) under the constraints.
    `score(gpu, workload, n_gpus)` may be a memoized `performance.relative_performance`.
    `max_auto_gpus` > 1: a GPU whose memory is too small counts as the fewest of its kind that
    hold `memory_need_gb` together (up to that many), e.g. 2 x RTX 3090 for a 70B model (§rec).
    `base_usd`: the machine around the GPUs in the 5-year cost (None: by form factor, cost.platform; 0 in
    Dettmers' 2023 inputs; `desktop_usd`: the desktop of the answer's market, cost.platform). `market`: an
    average price draws on that market's quotes when it has any (cost.lookup_price). `prices`: each GPU's price
    as cost.lookup_price finds it in `quotes` under these inputs, when the caller keeps them. `model_need`: the need
    is a model's (each further card of a set keeps its own context and buffers, a server of datacenter cards serves
    it with vLLM: `usable_gb`, `set_need`), not an amount of memory asked ("48 gb of vram": 2 x 24 GB give it)."""
    kept, excluded = [], []
    by_gpu: dict[str, list[PriceQuote]] = {}
    for quote in quotes:
        by_gpu.setdefault(quote.gpu, []).append(quote)
    base_n = n_gpus
    for gpu in gpus:
        n_gpus = _count_for(gpu, memory_need_gb, base_n, max_auto_gpus, model_need)
        # GPUs added only to hold one copy of the model are split layer by layer: a token passes
        # through each in turn, so they add memory, not speed (§rec.split); a server of SXM / OAM modules runs them
        # tensor parallel over its NVLink, so there each adds speed
        speed_n = base_n if n_gpus > base_n and not gpu.server_module else n_gpus
        if score is not None:
            perf = score(gpu, workload, speed_n)
        else:
            perf = performance.relative_performance(gpu, workload, n_gpus=speed_n, batch_policy="capped")
        if prices is not None:
            price = prices.get(gpu.name)
        else:
            price = cost.lookup_price(gpu.name, by_gpu.get(gpu.name, []), condition, overrides, market)
        reason = _exclusion(
            gpu,
            perf,
            price,
            need_gb=memory_need_gb,
            n=max(n_gpus, 1),
            budget=budget_usd,
            vendors=vendors,
            max_power_w=max_power_w,
            allow_mobile=allow_mobile,
            model_need=model_need,
        )
        if reason or price is None:  # _exclusion names a missing price too
            excluded.append((gpu.name, reason or "no price in the snapshot"))
            continue
        t = cost.tco(
            gpu.name,
            price.usd,
            finite(gpu.tdp_w),
            n_gpus=n_gpus,
            years=years,
            utilization=utilization,
            usd_per_kwh=usd_per_kwh,
            base_usd=base_usd,
            desktop_usd=desktop_usd,
            module=gpu.name if gpu.server_module else False,
        )
        kept.append(
            RankRow(
                gpu.name,
                perf.score,
                finite(gpu.memory_gb),
                price.usd,
                price.source,
                t.total_usd,
                cost.value(perf.score, price.usd * max(n_gpus, 1)),
                cost.value(perf.score, t.total_usd),
                finite(gpu.tdp_w) * max(n_gpus, 1),
                n_gpus,
            )
        )
    key = (lambda r: r.value_per_purchase) if by == "purchase" else (lambda r: r.value_per_tco)
    kept.sort(key=key, reverse=True)
    assumptions = {
        "condition": condition,
        "years": years,
        "utilization": utilization,
        "usd_per_kwh": usd_per_kwh,
        "desktop_base_usd": cost.platform(base_n, desktop_usd)[1] if base_usd is None else base_usd,
        "n_gpus": base_n,
        "by": by,
    }
    return Ranking(
        workload, kept[0] if kept else None, tuple(kept[1 : 1 + top]), tuple(kept), tuple(excluded), assumptions
    )
