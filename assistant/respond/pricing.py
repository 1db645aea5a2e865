"""Prices, workloads and value figures as the responders need them.

Contract: `price_of(gpu, env)` looks a GPU's price up in the snapshot in force (user overrides
first) and says which; `perf_workload(workload, precision)` maps a query's workload and
precision to the performance model's workload key; `value_row(gpu, env, key)` gives speed,
price, 5-year cost and both performance-per-dollar figures for one GPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from assistant import i18n, query_terms
from assistant.models import constants as C
from assistant.models import cost, llm, performance, scaling
from assistant.models import hardware as hw
from assistant.models.cost import PriceLookup
from assistant.models.platforms import platform_for
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.specs import GpuSpec, ModelSpec, PriceQuote

_EIGHT_BIT = {"fp8", "int8", "int4", "q2_k", "q3_k_m", "q4_0", "q4_k_m", "q5_k_m", "q6_k", "q8_0"}
WORKLOAD_WORDS = {
    "training": "16-bit training",
    "inference": "16-bit inference",
    "llm_inference": "LLM inference",
    "llm_finetune": "LLM fine-tuning",
    "image_generation": "image generation",
}


def perf_workload(workload: str | None, precision: str | None) -> str:
    if workload in ("training", "llm_finetune"):
        return "train32" if precision in ("fp32", "tf32") else "train16"
    if workload in ("inference", "llm_inference", "image_generation"):
        return "infer8" if precision in _EIGHT_BIT else "infer16"
    if precision in _EIGHT_BIT:
        return "infer8"
    return "train16"


def market_quotes(env: Env, gpu: str) -> list[PriceQuote]:
    """One GPU's quotes that answers in the current market may use (cost.for_market), kept per reader. A yuan
    answer borrows the converted USD price of a card without a Chinese quote; a dollar answer borrows a yuan
    price only for a card sold in China alone (RTX 5090 D, the modified 2080 Ti 22 GB), never a 国行 MSRP or a
    闲鱼 quote for a card the US market prices itself."""
    from assistant.respond.variants import market_variant

    snapshot, market = env.assumptions.snapshot, env.price_market()
    borrow = bool(market) or market_variant(gpu) is not None
    return env.reader.derived(
        ("market_quotes", gpu, snapshot, market),
        lambda: cost.for_market(env.reader.prices_for(gpu, snapshot), market, borrow=borrow),
    )


def snapshot_quotes(reader, snapshot: str, market: str) -> list[PriceQuote]:
    """Every GPU's quotes a ranking or rig in `market` may use (cost.for_market; a yuan one borrows the converted
    USD price of every card without a Chinese quote), kept per reader."""
    return reader.derived(
        ("snapshot_quotes", snapshot, market),
        lambda: cost.for_market(reader.prices(snapshot), market, borrow=bool(market)),
    )


def price_of(gpu: str, env: Env, condition: str | None = None) -> PriceLookup | None:
    a = env.assumptions
    wanted = condition or a.condition or "average"
    market = env.price_market()
    quotes = market_quotes(env, gpu)
    found = cost.lookup_price(gpu, quotes, wanted, env.price_overrides(), market)
    if found is None and wanted != "average" and condition is None:
        found = cost.lookup_price(gpu, quotes, "average", env.price_overrides(), market)
    return found


_FORM_FACTORS = {
    "pcie",
    "sxm",
    "sxm2",
    "sxm3",
    "sxm4",
    "sxm5",
    "sxm6",
    "nvl",
    "gb",
    "max-q",
}  # Max-Q: same chip, lower power


def _product_words(name: str) -> tuple[str, ...]:
    """A name without its form factor and memory size: "A100 SXM4 80 GB" and "A100 PCIe 40 GB" -> ("a100",)."""
    words = name.lower().split()
    return tuple(
        w
        for i, w in enumerate(words)
        if w not in _FORM_FACTORS and not (w.replace(".", "", 1).isdigit() and words[i + 1 : i + 2] == ["gb"])
    )


def variant_siblings(gpu: str, names: set[str], env: Env) -> list[str]:
    """The other variants of `gpu`'s product among `names` (another form factor or memory size: the
    A100 PCIe 80 GB for the A100 SXM4 80 GB), same memory size first."""
    me = env.reader.known_gpu(gpu)
    words = _product_words(gpu)
    return sorted(
        (n for n in names if n != gpu and _product_words(n) == words),
        key=lambda n: (env.reader.known_gpu(n).memory_gb != me.memory_gb, n),
    )


def sibling_price(gpu: str, env: Env, condition: str | None = None) -> tuple[str, PriceLookup] | None:
    """For a GPU without a price: the nearest variant of the same product that has one.
    Answers show it under the variant's own name, never as the asked GPU's price. Not for a whole computer with
    unified memory (a Mac, a GB10): its memory is the configuration bought, priced far apart (M4 Max 36 / 128 GB)."""
    spec = env.reader.gpu(gpu)
    if spec is not None and spec.unified_memory:
        return None
    names = {q.gpu for q in env.reader.prices(env.assumptions.snapshot)} | {g for g, _ in env.price_overrides()}
    for name in variant_siblings(gpu, names, env):
        found = price_of(name, env, condition)
        if found is not None:
            return name, found
    return None


def sibling_price_note(gpu: str, env: Env) -> tuple[list[str], list[str]]:
    """(steps, cited sources) showing a priced variant when `gpu` has no price; empty when it has
    one or no variant is priced."""
    if price_of(gpu, env) is not None:
        return [], []
    found = sibling_price(gpu, env)
    if found is None:
        return [], []
    name, price = found
    mine, other = env.reader.known_gpu(gpu), env.reader.known_gpu(name)
    step = env.t("price.sibling", gpu=mine.short_name, other=other.short_name, price=price_text(price, env))
    return [step], env.cite(price.source) + env.rate_sources()


def shortage_notes(gpu: str, env: Env) -> tuple[list[str], list[str]]:
    """(steps, source ids) for the quotes of `gpu` taken in a shortage or from scalpers: shown with their
    date, never used for a price or value figure (cost.for_market)."""
    quotes = [q for q in env.reader.prices_for(gpu, env.assumptions.snapshot) if cost.is_shortage(q)]
    name = env.reader.known_gpu(gpu).short_name
    steps = [
        env.t(
            "price.shortage", gpu=name, money=env.money(q.usd), cond=env.t(f"cond.{q.condition}"), observed=q.observed
        )
        for q in sorted(quotes, key=lambda q: q.observed)
    ]
    return steps, sorted({q.source for q in quotes})


def stale_home_notes(gpu: str, env: Env) -> tuple[list[str], list[str]]:
    """(steps, source ids) for a card priced from the other market's quotes while its own market has an older
    quote the rule set aside (cost.STALE_MONTHS): the newest such quote, shown with its date as context only
    (a 2023 闲鱼 P40 price beside the converted 2026 US one)."""
    steps, sources = [], []
    for condition in ("new", "used"):
        q = stale_home_quote(gpu, env, condition)
        if q is not None:
            cond = env.t(f"cond.{condition}")
            if cost.is_list_price(q):
                cond = env.t("price.list_label", label=cond)
            steps.append(env.t("price.stale_home", money=env.money(q.usd), cond=cond, observed=q.observed))
            sources.append(q.source)
    return steps, sources


def stale_home_quote(gpu: str, env: Env, condition: str) -> PriceQuote | None:
    """The newest quote of the answer's own market for `gpu` in `condition` that the rule set aside for a newer
    converted one (street quotes before list prices), or None when the shown price is not converted."""
    shown = price_of(gpu, env, condition)
    if shown is None or not is_converted(shown, env):
        return None
    market = env.price_market()
    home = [
        q
        for q in env.reader.prices_for(gpu, env.assumptions.snapshot)
        if q.market == market and q.condition == condition and not cost.is_shortage(q)
    ]
    street = [q for q in home if not cost.is_list_price(q)]
    return max(street or home, key=lambda q: q.observed) if home else None


def stated_card_price(query, gpu: str, env: Env) -> PriceLookup | None:
    """The one price of a card a question states as each card's ("p40 一张1200 跑70b要几张 一共多少钱", nlu/stated.py
    whole "card"), when `gpu` is the one card kind named; None otherwise. Shown as the user's price."""
    names = {r.name for r in getattr(query, "gpus", ()) if getattr(r, "name", None)}
    said = [s for s in getattr(query, "stated", ()) if s.dim == "money" and s.whole == "card" and not s.per]
    if names != {gpu} or len(said) != 1:
        return None
    amount = said[0]
    marked = lexicon(env.lang).words_in("dollar_marks", amount.text.lower())  # "180刀": dollars, in Chinese too
    usd = env.to_usd(amount.value, amount.currency or (None if marked else i18n.currency(env.lang)))
    return PriceLookup(gpu, usd, "used", "user override", "", 1) if usd else None


def purchase_price(gpu: str, env: Env) -> PriceLookup | None:
    """What buying one costs: the condition the user chose, else new (used when no new price is
    known, or when the new one is more than cost.STALE_MONTHS older than the used one). Value rankings use the
    reference's average of new and used instead (`price_of`)."""
    chosen = env.assumptions.condition
    found = price_of(gpu, env, chosen or "new")
    if found is not None and not chosen and (used := price_of(gpu, env, "used")) is not None:
        # a new price more than STALE_MONTHS older than the used one (a 2022 launch price of a card out of
        # production) is no price one buys at now: the current used one is
        if cost.month_index(used.observed) - cost.month_index(found.observed) > cost.STALE_MONTHS:
            return used
    return found if found is not None or chosen else price_of(gpu, env, "used")


def is_converted(p: PriceLookup | None, env: Env) -> bool:
    """True when the price comes from the other market's quotes only (a US street price in a yuan
    answer, a yuan quote in a dollar one): shown converted at the exchange rate."""
    return bool(p and p.markets and env.price_market() not in p.markets)


def price_text(p: PriceLookup | None, env: Env) -> str:
    if p is None:
        return env.t("price.none", snapshot=env.snapshot_label())
    if p.source == "user override":
        return env.t("price.yours", money=env.money(p.usd))
    label = env.t(f"cond.{p.condition}") if p.condition in ("average", "new", "used") else p.condition
    if p.source.startswith("list price"):  # no street quote: the MSRP / launch price, said
        label = env.t("price.list_label", label=label)
    if is_converted(p, env):  # a yuan answer showing a converted US street price
        return env.t("price.quote_converted", money=env.money(p.usd), label=label, observed=p.observed)
    return env.t("price.quote", money=env.money(p.usd), label=label, observed=p.observed)


@dataclass(frozen=True)
class ValueRow:
    """One GPU's performance, price and running cost: a row of a value table."""

    gpu: GpuSpec
    perf: performance.Performance
    price: PriceLookup | None
    electricity_usd: float  # over the ownership period
    tco_usd: float | None
    per_purchase: float | None  # score per $1,000 of GPU price
    per_tco: float | None  # score per $1,000 of total cost
    n_gpus: int = 1

    @property
    def label(self) -> str:
        """ "2 x RTX 3090" when several are counted, else "RTX 3090"."""
        return f"{self.n_gpus} x {self.gpu.short_name}" if self.n_gpus > 1 else self.gpu.short_name


@lru_cache(maxsize=4096)
def score(gpu: GpuSpec, key: str, n_gpus: int = 1) -> performance.Performance:
    """The speed every answer shows and every value figure divides, memoized: the performance
    model with its calibrated batch-size factor, so a card with less than 24 GB trains at the
    smaller batch it can hold, as measured (docs/model.md §perf.batch)."""
    return performance.relative_performance(gpu, key, n_gpus=n_gpus, batch_policy="capped")


CHAT_CONTEXT = 4096  # tokens in the cache for the single-user speed [A]
CHAT_MODEL = ("llama-3-8b", "q4_k_m")  # the common local model of single-user speed figures [A]


@lru_cache(maxsize=4096)
def chat_score(
    model: ModelSpec,
    quant: str,
    ref_tokens_per_s: float,
    gpu: GpuSpec,
    key: str = "chat",
    n_gpus: int = 1,
    split: str = "layer",
) -> performance.Performance:
    """Single-user LLM speed (batch-1 decode tokens/s, §llm.decode) as a score relative to an RTX
    3090 on the same model, so rankings and value figures can use it like the roofline score. Extra
    GPUs that only hold the model (layer split) add no speed; split "tensor" (vLLM's tensor parallel) they do."""
    n = max(n_gpus, 1)
    speed = _chat_speed(model, quant, gpu, n, split)
    rel = safe_div(speed.tokens_per_s, ref_tokens_per_s)
    return performance.Performance(gpu.name, key, rel, rel, n, 0.0, 0.0, 1.0, speed.factors, speed.dominant, speed.note)


def large_training_score(gpu: GpuSpec, ref_gpu: GpuSpec, n_gpus: int = 1) -> performance.Performance | None:
    """Training a large model (an LLM) keeps the tensor cores busy: its time is FLOPs / (MFU x 16-bit tensor peak with
    FP32 accumulate) (§cost.training), so the speed relative to an RTX 3090 is the peaks' ratio, cards added data
    parallel at the multi-GPU rule's pace (§perf.multigpu). None when either peak is unknown."""
    ref = hw.matmul_tflops(ref_gpu, "fp16_acc32").value
    own = hw.matmul_tflops(gpu, "fp16_acc32").value
    if ref <= 0 or own <= 0:
        return None
    n = max(n_gpus, 1)
    per = own / ref
    rel = per * score(gpu, "train16", n).score / max(score(gpu, "train16", 1).score, 1e-9)  # the scaling of n cards
    return performance.Performance(gpu.name, "train_large", rel, per, n, 1.0, 0.0, 1.0, (), "compute")


IMAGE_MODEL = query_terms.IMAGE_MODEL  # the common image model of image-generation speed figures [A]


@lru_cache(maxsize=4096)
def image_score(model: ModelSpec, ref_seconds: float, gpu: GpuSpec, n_gpus: int = 1) -> performance.Performance | None:
    """Image-generation speed (seconds per image, §image.speed) as a score relative to an RTX 3090 on the same model;
    several cards each make their own images. None when the model or the GPU has no image speed."""
    from assistant.models import image_speed

    speed = image_speed.image_speed(gpu, model)
    if speed is None or speed.seconds_per_image <= 0:
        return None
    n = max(n_gpus, 1)
    rel = safe_div(ref_seconds, speed.seconds_per_image)
    return performance.Performance(gpu.name, "image", rel * n, rel, n, 0.0, 0.0, 1.0, (), "compute", "")


def speech(model: ModelSpec | None) -> bool:
    """A speech-recognition model (Whisper): people compare transcription speed (real-time factor), which
    the LLM decode model does not rate; answers say so instead of showing tokens/s."""
    return model is not None and (model.family or "") == "Whisper"


def chat_tokens_per_s(model: ModelSpec, quant: str, gpu: GpuSpec, n_gpus: int = 1, split: str = "layer") -> float:
    return _chat_speed(model, quant, gpu, max(n_gpus, 1), split).tokens_per_s


def _chat_speed(model: ModelSpec, quant: str, gpu: GpuSpec, n: int, split: str):
    """One user's decode at the chat context on n cards (a single card has no split). Several server modules (SXM /
    OAM) are a server that runs the model as the fit answer does: vLLM tensor parallel over its NVLink (§llm.decode)."""
    if n > 1 and gpu.server_module:
        link = scaling.link(gpu, n)
        return llm.decode_speed(
            gpu, model, quant, context=CHAT_CONTEXT, n_gpus=n, split="tensor", interconnect=link, engine="vllm"
        )
    return llm.decode_speed(gpu, model, quant, context=CHAT_CONTEXT, n_gpus=n, split=split if n > 1 else "layer")


def host_usd(gpu: GpuSpec, n_gpus: int = 1) -> float | None:
    """The machine around SXM / OAM modules (their share of a server, models/cost.module_host_usd), else None (the
    desktop or workstation tier for the count, models/cost.platform)."""
    return cost.module_host_usd(n_gpus, gpu.name) if gpu.server_module else None


def value_row(
    gpu: GpuSpec,
    env: Env,
    key: str,
    n_gpus: int = 1,
    condition: str | None = None,
    perf: performance.Performance | None = None,
) -> ValueRow:
    """`condition`: new | used when the question says so for this GPU ("used 3090 or new 4080"), else None
    (the condition in force, or the reference's average of new and used). `perf`: the speed to divide
    (e.g. `chat_score`), else the roofline score for `key`."""
    a = env.assumptions
    perf = perf or score(gpu, key, n_gpus)
    price = price_of(gpu.name, env, condition)
    years = a.years
    elec = cost.electricity_usd(
        (gpu.tdp_w or 0) * n_gpus, a.utilization, C.HOURS_PER_YEAR * years, a.electricity_usd_per_kwh
    )
    if price is None:
        return ValueRow(gpu, perf, None, elec, None, None, None, n_gpus)
    t = cost.tco(
        gpu.name,
        price.usd,
        gpu.tdp_w or 0,
        n_gpus=n_gpus,
        years=years,
        utilization=a.utilization,
        usd_per_kwh=a.electricity_usd_per_kwh,
        desktop_usd=env.local_desktop_usd(),  # the machine the rankings count (a yuan answer: the 京东 desktop)
        base_usd=0.0 if hw.is_apple(gpu) else None,  # a Mac's price is the whole computer
        module=gpu.name if gpu.server_module else False,  # SXM / OAM modules sit in a server
    )
    return ValueRow(
        gpu,
        perf,
        price,
        elec,
        t.total_usd,
        cost.value(perf.score, price.usd * n_gpus),
        cost.value(perf.score, t.total_usd),
        n_gpus,
    )


def assumption_text(env: Env, with_prices: bool = True, buying: bool = False, desktop: bool = True) -> str:
    """`buying`: prices are what one card costs (new unless chosen), not the value average. `desktop`:
    say the desktop allowance (False when the answer prices its own platform, as a rig does)."""
    a = env.assumptions
    snap = env.reader.price_snapshots().get(a.snapshot)
    dates = env.t("assume.dates", start=snap[0], end=snap[1]) if snap else ""
    cond = env.t(f"assume.cond.{a.condition or ('buying' if buying else 'none')}")
    parts = []
    if with_prices:
        parts.append(env.t("assume.prices", snapshot=env.snapshot_label(), dates=dates, cond=cond))
    parts.append(
        env.t(
            "assume.ownership",
            years=f"{a.years:g}",
            util=f"{a.utilization * 100:.0f}",
            kwh=env.money(a.electricity_usd_per_kwh, 3),
        )
        + (env.t("assume.household_kwh") if env.electricity_source else "")
    )
    if desktop:
        local = env.local_desktop_usd()  # an answer in yuan: the desktop at 京东 prices, its list dated
        key, money = ("assume.desktop_local", local) if local is not None else ("assume.desktop", C.DESKTOP_BASE_USD)
        parts.append(env.t(key, money=env.money(money), observed=platform_for(1).cny_observed))
    if a.budget_usd:
        parts.append(env.t("assume.budget", money=env.money(a.budget_usd)))
    if env.rate_text():
        parts.append(env.rate_text())
    return i18n.sep(env.lang).join(parts) + i18n.end(env.lang) + i18n.gap(env.lang) + env.t("assume.tail")


def workload_title(env: Env, key: str) -> str:
    """The performance model's workload title ("16-bit training") in the answer's language."""
    return env.term(performance.WORKLOAD_TITLES[key])


def budget_usd(query, env: Env) -> float | None:
    """The query's budget in USD: `budget_cny`, or `budget_usd` given in CNY (query currency CNY)."""
    cny = getattr(query, "budget_cny", None)
    if cny:
        return env.to_usd(cny, "CNY")
    value = getattr(query, "budget_usd", None)
    currency = getattr(query, "budget_currency", None) or getattr(query, "currency", None)
    return env.to_usd(value, currency) if value else value
