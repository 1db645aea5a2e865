"""Why a GPU costs what it does: "why is the h100 so expensive", "为啥h100那么贵 比4090强在哪".

Contract: the answer sets the dearer GPU against a cheaper one (the other GPU named, else the
fastest priced GeForce card that costs less) and gives the REASONS its price pays for, each from
the KB and shown only where it differs: memory size and type (HBM stacked in the package against
GDDR chips on the board, concept hbm-gddr), bandwidth, NVLink (knowledge/nvlink.csv), FP64
throughput, 16-bit tensor throughput with FP32 accumulation (GeForce runs it at half rate), the
product class (datacenter / workstation: ECC memory, server or multi-card cooling, enterprise
support), passive cooling, a newer generation; then the price ratio beside the speed ratio and
the speed per money (the value ratio). When the question names running an LLM ("跑llm速度却差不多"), the
speed weighed is one user's chat speed (§llm.decode, the common local model) and the headline says WHY it
differs so little or so much: decode reads every weight per token, so bandwidth decides it, while the
price buys tensor throughput (prompt reading, images, training, many users). `figures.price_why`: gpu,
against, price_usd, against_price_usd, price_ratio, speed_ratio, speed_basis (train16 | llm_chat),
value_ratio, reasons (keys).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import PriceWhyQuery
from assistant.respond.env import Env
from assistant.respond.pricing import (
    CHAT_MODEL,
    chat_tokens_per_s,
    price_of,
    price_text,
    purchase_price,
    score,
    sibling_price,
)
from assistant.respond.spec_figures import launch_price, nvlink_gb_s
from assistant.respond.variants import market_rows
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

FP64_SHARE = 0.25  # FP64 at a quarter of FP32 or more: a double-precision part (GeForce: 1/64) [A]
GAP = 1.15  # a figure counts as a reason when the dearer card has 15 % more of it [A]
LEAD = ("memory_hbm", "memory", "nvlink", "datacenter", "workstation", "fp64")  # headline reasons, first first
LLM_WORK = ("llm_inference", "inference")  # "跑推理没快多少": inference without a model named is an LLM's here [A]
SMALL_GAIN = 1.3  # a speed-up under 30 % is "only" that much faster [A]
KEY = "train16"  # the speed the value ratio divides: 16-bit training, the reference's main figure


def _price(gpu: GpuSpec, env: Env):
    """(price, the variant it belongs to): the GPU's own price, else a priced sibling's (named)."""
    found = purchase_price(gpu.name, env)
    if found is not None:
        return found, gpu
    sibling = sibling_price(gpu.name, env)
    return (sibling[1], env.reader.known_gpu(sibling[0])) if sibling else (None, gpu)


def _reference(gpu: GpuSpec, usd: float, env: Env) -> GpuSpec | None:
    """The fastest priced GeForce desktop card that costs less than `usd` (not a China-market or modified one)."""
    names = {q.gpu for q in env.reader.prices(env.assumptions.snapshot)} - {gpu.name}
    variants = set(market_rows())  # China-market and modified cards are not the usual comparison
    best = None
    for name in names:
        spec = env.reader.gpu(name)
        if spec is None or spec.is_mobile or not spec.name.startswith("GeForce") or name in variants:
            continue
        found = purchase_price(name, env)
        if found is None or found.usd >= usd:
            continue
        if best is None or score(spec, KEY).score > score(best, KEY).score:
            best = spec
    return best


def _sentence(text: str, env: Env) -> str:
    """A reason written as a clause of the headline, as a sentence of its own."""
    text = i18n.cap(env.lang, text)
    return text if text.endswith((".", "。", ")", "）")) else text + i18n.end(env.lang)


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a and b else None


def _reasons(gpu: GpuSpec, other: GpuSpec, env: Env) -> list[tuple[str, str]]:
    """(key, text) for each thing the dearer card has more of."""
    out: list[tuple[str, str]] = []
    mem, mem_o = gpu.memory_gb or 0, other.memory_gb or 0
    hbm = "HBM" in (gpu.memory_type or "").upper() and "HBM" not in (other.memory_type or "").upper()
    if mem > mem_o * GAP or hbm:
        out.append(
            (
                "memory_hbm" if hbm else "memory",
                env.t(
                    "price_why.memory_hbm" if hbm else "price_why.memory",
                    gpu=gpu.short_name,
                    gb=f"{mem:g}",
                    type=gpu.memory_type or "",
                    other=other.short_name,
                    other_gb=f"{mem_o:g}",
                    other_type=other.memory_type or "",
                ),
            )
        )
    bw = _ratio(gpu.memory_bandwidth_gb_s, other.memory_bandwidth_gb_s)
    if bw and bw > GAP:
        out.append(
            (
                "bandwidth",
                env.t(
                    "price_why.bandwidth",
                    gb=f"{gpu.memory_bandwidth_gb_s:,.0f}",
                    other_gb=f"{other.memory_bandwidth_gb_s:,.0f}",
                    ratio=f"{bw:.1f}",
                ),
            )
        )
    link, link_o = nvlink_gb_s(gpu), nvlink_gb_s(other)
    if link and (link_o or 0) < link:
        key = "price_why.nvlink_none" if not link_o else "price_why.nvlink"
        out.append(("nvlink", env.t(key, gb=f"{link:g}", other=other.short_name, other_gb=f"{link_o or 0:g}")))
    fp64, fp64_o = (gpu.fp64_gflops or 0) / 1000, (other.fp64_gflops or 0) / 1000
    if gpu.fp32_gflops and fp64 >= FP64_SHARE * gpu.fp32_gflops / 1000 and fp64 > 4 * fp64_o:
        out.append(("fp64", env.t("price_why.fp64", tf=f"{fp64:,.1f}", other_tf=f"{fp64_o:,.1f}")))
    acc = _ratio(
        gpu.peaks.fp16_acc32_tflops if gpu.peaks else None, other.peaks.fp16_acc32_tflops if other.peaks else None
    )
    geforce_only = other.name.startswith("GeForce") and not gpu.name.startswith("GeForce")
    if acc and acc > GAP and gpu.peaks and other.peaks:
        out.append(
            (
                "tensor",
                env.t(
                    "price_why.tensor_half" if geforce_only else "price_why.tensor",
                    tf=f"{gpu.peaks.fp16_acc32_tflops:,.0f}",
                    other_tf=f"{other.peaks.fp16_acc32_tflops:,.0f}",
                    ratio=f"{acc:.1f}",
                ),
            )
        )
    cls = gpu.arch.product_class if gpu.arch else None
    if cls in ("datacenter", "workstation") and (other.arch.product_class if other.arch else None) != cls:
        out.append((cls, env.t(f"price_why.class_{cls}", gpu=gpu.short_name)))
    if gpu.passively_cooled and not other.passively_cooled:
        out.append(("passive", env.t("price_why.passive", gpu=gpu.short_name)))
    if gpu.release_date and other.release_date and gpu.release_date.year > other.release_date.year:
        out.append(("newer", env.t("price_why.newer", year=gpu.release_date.year, other_year=other.release_date.year)))
    return out


def _llm_speed(gpu: GpuSpec, other: GpuSpec, env: Env) -> tuple[float, str] | None:
    """(chat speed ratio, the sentence saying why) for a question about running an LLM: one user's decode speed on
    the common local model (§llm.decode) is set by memory bandwidth; the dearer card's tensor throughput, what
    its price buys, only shows in prompt reading, images, training and serving many users. None without the specs."""
    model = env.reader.model(CHAT_MODEL[0])
    peaks = (gpu.peaks.fp16_acc32_tflops if gpu.peaks else None, other.peaks.fp16_acc32_tflops if other.peaks else None)
    bw = _ratio(gpu.memory_bandwidth_gb_s, other.memory_bandwidth_gb_s)
    if model is None or bw is None or not all(peaks):
        return None
    tps = chat_tokens_per_s(model, CHAT_MODEL[1], gpu), chat_tokens_per_s(model, CHAT_MODEL[1], other)
    speed = _ratio(*tps)
    if speed is None:
        return None
    tensor = peaks[0] / peaks[1]  # type: ignore[operator]
    key = "price_why.llm_bandwidth" if bw < tensor else "price_why.llm_bandwidth_both"
    return speed, env.t(
        key,
        only=env.t("price_why.only") if speed < SMALL_GAIN else "",
        gpu=gpu.short_name,
        other=other.short_name,
        speed=f"{speed:.2f}",
        model=model.name,
        quant=CHAT_MODEL[1],
        tps=f"{tps[0]:.0f}",
        other_tps=f"{tps[1]:.0f}",
        gb=f"{gpu.memory_bandwidth_gb_s:,.0f}",
        other_gb=f"{other.memory_bandwidth_gb_s:,.0f}",
        bw=f"{bw:.2f}",
        tf=f"{peaks[0]:,.0f}",
        other_tf=f"{peaks[1]:,.0f}",
        tensor=f"{tensor:.1f}",
    )


def _table(gpu: GpuSpec, other: GpuSpec, prices: tuple, env: Env) -> Table:
    def peak(g: GpuSpec) -> str:
        return f"{g.peaks.fp16_acc32_tflops:,.0f} TFLOPS" if g.peaks and g.peaks.fp16_acc32_tflops else "—"

    def link(g: GpuSpec) -> str:
        found = nvlink_gb_s(g)
        return f"{found:g} GB/s" if found else "—"

    rows = [
        [env.t("price_why.row_price"), price_text(prices[0], env), price_text(prices[1], env)],
        [env.t("price_why.row_memory"), *(f"{g.memory_gb:g} GB {g.memory_type or ''}".strip() for g in (gpu, other))],
        [env.t("price_why.row_bandwidth"), *(f"{g.memory_bandwidth_gb_s or 0:,.0f} GB/s" for g in (gpu, other))],
        [env.t("price_why.row_tensor"), peak(gpu), peak(other)],
        [env.t("price_why.row_fp64"), *(f"{(g.fp64_gflops or 0) / 1000:,.1f} TFLOPS" for g in (gpu, other))],
        [env.t("price_why.row_nvlink"), link(gpu), link(other)],
        [env.t("price_why.row_speed"), *(f"{score(g, KEY).score:.2f}" for g in (gpu, other))],
    ]
    return Table(headers=["", gpu.short_name, other.short_name], rows=rows)


def _kin(gpu: GpuSpec, env: Env) -> GpuSpec | None:
    """The GeForce card a GPU without a price is set against: the fastest priced one of its generation
    (the RTX A6000's is the RTX 3090, the same GA102 chip), else the fastest priced GeForce card."""
    names = {q.gpu for q in env.reader.prices(env.assumptions.snapshot)} - {gpu.name}
    variants = set(market_rows())
    cards = [
        spec
        for spec in (env.reader.gpu(n) for n in names if n not in variants)
        if spec is not None and not spec.is_mobile and spec.name.startswith("GeForce")
    ]
    cards = [c for c in cards if price_of(c.name, env) is not None]  # priced in the answer's market (a yuan-only
    # 3090 Ti quote prices nothing in a dollar answer)
    family = gpu.arch.family if gpu.arch else None
    same = [c for c in cards if family and c.arch and c.arch.family == family]
    return max(same or cards, key=lambda c: score(c, KEY).score, default=None)


def _no_price(query: PriceWhyQuery, gpu: GpuSpec, env: Env, against: GpuSpec | None = None) -> Answer:
    """No price for the GPU: what cards of its kind charge for still shows against a priced GeForce card;
    the price ratio and value are not given."""
    head = env.t("price_why.no_price", gpu=gpu.short_name, snapshot=env.snapshot_label())
    other = against or _kin(gpu, env)  # the priced card the question named, else one of its generation
    reasons = _reasons(gpu, other, env) if other is not None else []
    if other is None or not reasons:
        return Answer(
            question=query.text,
            intent="price_why",
            headline=head,
            gpus=[gpu.name],
            figures={"price_why": None},
            lang=env.lang,
        )
    other_price = purchase_price(other.name, env)
    ranked = sorted((LEAD.index(k) if k in LEAD else len(LEAD), text) for k, text in reasons)
    lead = [text for _, text in ranked[:3]]
    head = env.t(
        "price_why.no_price_reasons",
        gpu=gpu.short_name,
        snapshot=env.snapshot_label(),
        other=other.short_name,
        reasons=i18n.sep(env.lang).join(lead),
    )
    steps = [_sentence(text, env) for _, text in reasons if text not in lead]
    launch = launch_price(gpu.name, env)
    if launch is not None:  # no street price now, but a dated list price at launch
        steps.insert(
            0, env.t("price_why.launch", gpu=gpu.short_name, money=env.money(launch.usd), date=launch.observed)
        )
    if against is None:
        steps.append(env.t("price_why.reference_kin", other=other.short_name))
    figures = {"against_price_usd": round(other_price.usd, 2) if other_price else None, "price_usd": None}
    cited = [q.source for q in (other_price, launch) if q is not None]
    return _reply(query, env, (gpu, other), head, (None, other_price), steps, reasons, figures, env.cite(*cited))


def _reply(query, env: Env, pair, head: str, prices: tuple, steps: list[str], reasons, figures: dict, cited: list):
    """The answer about the dearer GPU against the other: the table, the reasons' keys, the sources."""
    gpu, other = pair
    return Answer(
        question=query.text,
        intent="price_why",
        headline=head,
        gpus=[gpu.name, other.name],
        tables=[_table(gpu, other, prices, env)],
        steps=steps,
        figures={"price_why": {"gpu": gpu.name, "against": other.name, **figures, "reasons": [k for k, _ in reasons]}},
        assumptions=env.assumption_dict(),
        sources=[spec_source(gpu, env), spec_source(other, env)] + cited,
        lang=env.lang,
    )


def respond(query: PriceWhyQuery, env: Env) -> Answer:
    env = env.for_query(query)
    specs = [env.reader.known_gpu(g.name) for g in query.gpus if g.name]
    priced = [(g, *_price(g, env)) for g in specs]
    priced.sort(key=lambda t: -(t[1].usd if t[1] else 0.0))
    gpu, price, variant = priced[0]
    if price is None:
        return _no_price(query, gpu, env)
    if len(priced) > 1 and priced[1][1] is None:  # "why is the a6000 more expensive than the 3090": no a6000 price
        return _no_price(query, priced[1][0], env, against=gpu)
    if len(priced) > 1:
        other, other_price, _ = priced[1]
    else:
        ref = _reference(gpu, price.usd, env)
        other, other_price = ref, purchase_price(ref.name, env) if ref else None
    if other is None or other_price is None:
        return _no_price(query, gpu, env)
    reasons = _reasons(gpu, other, env)
    used = {key for key, _ in reasons}
    speed = _ratio(score(gpu, KEY).score, score(other, KEY).score) or 0.0
    llm = _llm_speed(gpu, other, env) if query.workload in LLM_WORK else None
    if llm is not None:
        speed = llm[0]
    ratio = price.usd / other_price.usd
    value = ratio / speed if speed else None
    ranked = sorted((LEAD.index(k), text) for k, text in reasons if k in LEAD)
    lead = [text for _, text in ranked[:3]]
    head = env.t(
        "price_why.head",
        gpu=gpu.short_name,
        price=env.money(price.usd),
        ratio=f"{ratio:,.1f}",
        other=other.short_name,
        other_price=env.money(other_price.usd),
    )
    if llm is not None:
        head += i18n.gap(env.lang) + llm[1]
    if lead:
        head += i18n.gap(env.lang) + env.t("price_why.head_reasons", reasons=i18n.sep(env.lang).join(lead))
    head += i18n.gap(env.lang) + env.t(
        ("price_why.llm_value" if value and value > 1 else "price_why.llm_value_even")
        if llm is not None
        else "price_why.head_value_slower"
        if speed < 1
        else ("price_why.head_value" if value and value > 1 else "price_why.head_value_even"),
        gpu=gpu.short_name,
        speed=f"{speed:.2f}",
        other=other.short_name,
        value=f"{value:.1f}" if value else "—",
    )
    steps = [_sentence(text, env) for _, text in reasons if text not in lead]
    if variant is not gpu:
        steps.append(env.t("price_why.sibling", gpu=gpu.short_name, other=variant.short_name))
    if not len(query.gpus) > 1:
        steps.append(env.t("price_why.reference", other=other.short_name))
    chat_model = env.reader.model(CHAT_MODEL[0]) if llm is not None else None
    if chat_model is not None:
        steps.append(env.t("price_why.speed_basis_llm", model=chat_model.name, quant=CHAT_MODEL[1]))
    else:
        steps.append(env.t("price_why.speed_basis"))
    cited = [price.source, other_price.source]
    concept = next((c for c in env.reader.concepts if c.key == "hbm-gddr"), None) if "memory_hbm" in used else None
    figures = {
        "price_usd": round(price.usd, 2),
        "against_price_usd": round(other_price.usd, 2),
        "price_ratio": round(ratio, 2),
        "speed_ratio": round(speed, 2),
        "speed_basis": "llm_chat" if llm is not None else KEY,
        "value_ratio": round(value, 2) if value else None,
    }
    sources = (
        env.cite(*cited, *([concept.source] if concept else []))
        + ["method: docs/model.md §perf, §cost"]
        + env.rate_sources()
    )
    return _reply(query, env, (gpu, other), head, (price, other_price), steps, reasons, figures, sources)
