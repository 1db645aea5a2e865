"""Single spec figures asked by name: a tensor peak per format ("int8 tops of the l4", "tf32 tflops of
the a100"), NVLink bandwidth, PCIe generation, slot width, launch price (MSRP), price history and whether
the card is sold in China (export rules in knowledge/market_variants.csv, yuan quotes in knowledge/prices_cn.csv;
without either, the answer says it does not know).

Contract: `FIGURES` lists the fields answered here; `rows(field, gpus, env, per_gpu)` gives the table
rows (and fills `per_gpu` figures); `headline(field, gpus, env)` the first sentence for one field;
`sources(field, gpus, env)` what to cite. Tensor peaks come from the KB (dense, vendor figures where
known); NVLink from knowledge/nvlink.csv; launch prices from the price rows noted as MSRP / launch
price in knowledge/prices.csv, distinct from street prices; history = every dated price quote.
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n, paths
from assistant.respond.env import Env
from assistant.respond.wording import num
from assistant.specs import GpuSpec, PriceQuote

PEAKS = {  # field -> (TensorPeaks attribute, ArchRates attribute, unit)
    "fp16": ("fp16_acc32_tflops", "fp16_acc32", "TFLOPS"),
    "bf16": ("bf16_tflops", "bf16", "TFLOPS"),
    "tf32": ("tf32_tflops", "tf32", "TFLOPS"),
    "fp8": ("fp8_tflops", "fp8_acc32", "TFLOPS"),
    "int8": ("int8_tops", "int8", "TOPS"),
    "fp4": ("fp4_tflops", "fp4", "TFLOPS"),
}
FIGURES = (*PEAKS, "nvlink", "pcie", "slot", "msrp", "history", "china", "production")
_LIST_PRICE = re.compile(r"\bmsrp\b|launch price", re.IGNORECASE)


@cache
def _nvlink() -> dict[str, dict]:
    from assistant.kb.files import read_csv
    from assistant.kb.modified_cards import modified_pairs

    rows = {row["gpu"]: row for _, row in read_csv(paths.knowledge_dir() / "nvlink.csv", ["gpu", "nvlink_gb_s"])}
    for card, base in modified_pairs(paths.knowledge_dir()):  # "2080 ti 22g": the same chip and connector as its base
        if card not in rows and base in rows:
            rows[card] = rows[base]
    return rows


def peak(gpu: GpuSpec, field: str) -> tuple[float | None, bool]:
    """(dense peak, supported): supported is False when the tensor cores lack the format."""
    attr, rate, _ = PEAKS[field]
    value = getattr(gpu.peaks, attr, None) if gpu.peaks else None
    supported = bool(gpu.arch and getattr(gpu.arch, rate, 0)) or bool(value)
    if field == "fp16" and not value and gpu.peaks:
        value = gpu.peaks.fp16_acc16_tflops
    return value, supported


def _peak_text(gpu: GpuSpec, field: str, env: Env) -> str:
    value, supported = peak(gpu, field)
    if value:
        return f"{num(value, 1)} {PEAKS[field][2]}"
    return env.t("spec.fmt_unknown" if supported else "spec.fmt_none")


def _nvlink_text(gpu: GpuSpec, env: Env) -> str:
    row = _nvlink().get(gpu.name)
    if row:
        return env.t(f"spec.nvlink_{row['link']}", gb=f"{float(row['nvlink_gb_s']):g}")
    return env.t("spec.nvlink_none" if no_nvlink(gpu) else "spec.nvlink_unknown")


def nvlink_gb_s(gpu: GpuSpec) -> float | None:
    """The GPU's NVLink bandwidth (GB/s, both directions) from knowledge/nvlink.csv; None when it has none on record."""
    row = _nvlink().get(gpu.name)
    return float(row["nvlink_gb_s"]) if row else None


def no_nvlink(gpu: GpuSpec) -> bool:
    """GeForce 40/50 and the Ada / Blackwell workstation cards have no NVLink connector."""
    return bool(re.search(r"GeForce (40|50)|Workstation Ada|Blackwell PRO|Server Ada", gpu.generation or ""))


def launch_price(gpu: str, env: Env) -> PriceQuote | None:
    """The earliest price row noted as MSRP / launch price, in any snapshot; the answer's market's own
    list price first (国行首发价 in yuan: the RTX 5080's ¥8,299, not its $999 converted); another market's
    only for a card sold in that market alone (the RTX 5090 D's ¥16,499 in a dollar answer)."""
    rows = [
        q
        for snap in env.reader.price_snapshots()
        for q in env.reader.prices_for(gpu, snap)
        if _LIST_PRICE.search(q.note or "")
    ]
    home = [q for q in rows if q.market == env.price_market()]
    if not home and not env.price_market() and not _sold_in_china_only(gpu):
        return None  # a yuan list price never stands in for a card's US launch price (the 4070's ¥4,799)
    return min(home or rows, key=lambda q: q.observed, default=None)


def _sold_in_china_only(gpu: str) -> bool:
    """A China-market or modified version (knowledge/market_variants.csv): its yuan list price is its only one."""
    from assistant.respond.variants import market_variant

    return market_variant(gpu) is not None


def history(gpu: str, env: Env) -> list[PriceQuote]:
    """Every street-price quote, oldest first (list prices apart)."""
    rows = [
        q
        for snap in env.reader.price_snapshots()
        for q in env.reader.prices_for(gpu, snap)
        if not _LIST_PRICE.search(q.note or "")
    ]
    return sorted(rows, key=lambda q: (q.observed, q.condition))


def _china(gpu: GpuSpec, env: Env) -> tuple[str, str, list[str]]:
    """Whether `gpu` can be bought in China: (kind, text, source ids). kind: banned (US export rules keep it
    out; the China versions sold instead are named) | china (a China-market version) | quoted (a yuan street
    quote on record) | unknown (neither: not known)."""
    from assistant.models.cost import band_of, is_shortage
    from assistant.respond.variants import (
        banned_china_versions,
        china_versions,
        export_controlled,
        market_variant,
        superseded_rule,
        withdrawn,
    )

    versions = [r["gpu"] for r in china_versions(gpu.name)]
    if versions:
        names = [v.short_name if (v := env.reader.gpu(n)) else n for n in versions]
        stopped = [withdrawn(n, "CN") for n in versions]  # "h100国内能买吗": the H20 sold instead has stopped too
        names = [
            env.t("spec.china_version_halted", gpu=n, halted=g["halted"]) if g else n
            for n, g in zip(names, stopped, strict=True)
        ]
        text = env.t("spec.china_banned", versions=i18n.listing(env.lang).join(names))
        return "banned", text, [r["source"] for r in china_versions(gpu.name)]
    older = banned_china_versions(gpu.name)
    if older:  # "a100国内还买得到吗": banned since the rules its China version was made for, which is banned too
        names = [v.short_name if (v := env.reader.gpu(r["gpu"])) else r["gpu"] for r in older]
        text = env.t(
            "spec.china_banned_old",
            rule=min(r["rule"] for r in older),
            versions=i18n.listing(env.lang).join(dict.fromkeys(names)),
            newest=superseded_rule(older[0]["gpu"]),
        )
        return "banned", text, [r["source"] for r in older]
    newest, own = superseded_rule(gpu.name), market_variant(gpu.name)
    if newest and own:  # "h800国内能买吗": a China version the newer rules banned as well
        return "banned", env.t("spec.china_version_banned", newest=newest), [own["source"]]
    controlled = export_controlled(gpu.name)
    if controlled is not None:  # "b200国内能买吗": kept out by the export rules, no China version
        return "banned", env.t("spec.china_banned_none", rule=controlled["rule"]), [controlled["source"]]
    quotes = [
        q
        for q in env.reader.prices_for(gpu.name, env.assumptions.snapshot)
        if q.market == "CN" and not is_shortage(q) and band_of(q) is None
    ]  # a scalper quote proves nothing about the shops; a grade of used card (brand, mining) is not its price
    row = market_variant(gpu.name)
    gone = withdrawn(gpu.name, "CN")
    if gone is not None:  # "h20现在还能买到吗": production or orders stopped; a quote on record is from before
        return "withdrawn", _withdrawn_text(gone, quotes, env), _withdrawn_sources(gone, quotes)
    if quotes:
        q = max(quotes, key=lambda q: q.observed)
        key = "spec.china_version_quoted" if row and row["kind"] == "china" else "spec.china_quoted"
        text = env.t(key, money=env.money(q.usd), cond=env.t(f"cond.{q.condition}"), observed=q.observed)
        return "quoted", text, [q.source] + ([row["source"]] if row else [])
    if row and row["kind"] == "china":
        return "china", env.t("spec.china_version"), [row["source"]]
    return "unknown", env.t("spec.china_unknown"), []


def _withdrawn_text(gone: dict, quotes: list, env: Env) -> str:
    """A card no longer supplied in China (knowledge/withdrawn.csv): since when, what replaced it (if anything), and
    the last yuan quote on record said to be from before."""
    new = env.reader.gpu(gone["replaced_by"]) if gone["replaced_by"] else None
    if gone["replaced_by"]:
        text = env.t(
            "spec.china_replaced",
            halted=gone["halted"],
            new=new.short_name if new else gone["replaced_by"],
            since=gone["since"],
        )
    else:
        text = env.t("spec.china_halted", halted=gone["halted"])
    if quotes:
        q = max(quotes, key=lambda q: q.observed)
        last = env.t(
            "spec.china_last_quote", money=env.money(q.usd), cond=env.t(f"cond.{q.condition}"), observed=q.observed
        )
        text = i18n.sep(env.lang).join([text, last])
    return text


def _withdrawn_sources(gone: dict, quotes: list) -> list[str]:
    latest = [max(quotes, key=lambda q: q.observed).source] if quotes else []
    return [gone["source"], *([gone["replaced_source"]] if gone.get("replaced_source") else []), *latest]


def production(gpu: GpuSpec, env: Env) -> tuple[str, str, list[str]]:
    """Whether `gpu` is still made ("is the 4090 still in production", "is the a6000 end of life"): (kind, text, source
    ids). kind: stopped (knowledge/withdrawn.csv, market US: production or orders reported stopped, with what replaced
    it) | unknown (no such report on record: said so, with its launch date; never claimed to be in production)."""
    from assistant.respond.variants import withdrawn

    row = withdrawn(gpu.name, None)
    launched = gpu.release_date.isoformat()[:7] if gpu.release_date else "?"
    if row is None:
        text = env.t("spec.production_unknown", launched=launched)
        latest = [q for q in history(gpu.name, env) if q.condition == "new"]
        if latest:  # "can you still buy a brand new 3090": the latest new price on record says how recent stock was
            text += env.t("spec.production_last_new", price=_quote_text(latest[-1], env))
        return "unknown", text, [latest[-1].source] if latest else []
    new = env.reader.gpu(row["replaced_by"]) if row["replaced_by"] else None
    if new is None:
        return "stopped", env.t("spec.production_stopped", halted=row["halted"]), [row["source"]]
    text = env.t("spec.production_replaced", halted=row["halted"], new=new.short_name, since=row["since"])
    return "stopped", text, [row["source"], *([row["replaced_source"]] if row["replaced_source"] else [])]


def rows(field: str, gpus: list[GpuSpec], env: Env, per_gpu: dict) -> list[list[str]]:
    if field == "production":
        made = [production(g, env) for g in gpus]
        for g, (kind, _, _) in zip(gpus, made, strict=True):
            per_gpu[g.name]["production"] = kind
        return [[env.t("spec.production"), *[text for _, text, _ in made]]]
    if field == "china":
        sold = [_china(g, env) for g in gpus]
        for g, (kind, _, _) in zip(gpus, sold, strict=True):
            per_gpu[g.name]["china"] = kind
        return [[env.t("spec.china"), *[text for _, text, _ in sold]]]
    if field in PEAKS:
        for g in gpus:
            per_gpu[g.name][f"{field}_tensor_{PEAKS[field][2].lower()}"] = peak(g, field)[0]
        return [[env.t("spec.peak_row", fmt=field.upper()), *[_peak_text(g, field, env) for g in gpus]]]
    if field == "nvlink":
        for g in gpus:
            row = _nvlink().get(g.name)
            per_gpu[g.name]["nvlink_gb_s"] = float(row["nvlink_gb_s"]) if row else (0.0 if no_nvlink(g) else None)
        return [[env.t("spec.nvlink"), *[_nvlink_text(g, env) for g in gpus]]]
    if field == "pcie":
        for g in gpus:
            per_gpu[g.name]["bus_interface"] = g.bus_interface
        return [[env.t("spec.bus_interface"), *[g.bus_interface or "n/a" for g in gpus]]]
    if field == "slot":
        for g in gpus:
            per_gpu[g.name]["slot_width"] = g.slot_width
        return [[env.t("spec.slot"), *[env.term(g.slot_width) if g.slot_width else "n/a" for g in gpus]]]
    if field == "msrp":
        found = [launch_price(g.name, env) for g in gpus]
        for g, q in zip(gpus, found, strict=True):
            per_gpu[g.name]["msrp_usd"] = q.usd if q else None
            per_gpu[g.name]["msrp_date"] = q.observed if q else None
        shown = [f"{_list_price(q, env)} ({q.observed})" if q else env.t("spec.no_msrp") for q in found]
        return [[env.t("spec.msrp"), *shown]]
    out = []
    for g in gpus:
        quotes = history(g.name, env)
        per_gpu[g.name]["price_history"] = [
            {"observed": q.observed, "condition": q.condition, "usd": q.usd, "snapshot": q.snapshot} for q in quotes
        ]
        for q in quotes:
            out.append(
                [
                    f"{q.observed} ({env.t(f'cond.{q.condition}')})",
                    *[_quote_text(q, env) if x is g else "" for x in gpus],
                ]
            )
    return out or [[env.t("spec.history"), *[env.t("spec.no_price") for _ in gpus]]]


def _quote_text(q: PriceQuote, env: Env) -> str:
    return f"{env.money(q.usd)} ({q.observed})"


def _list_price(q: PriceQuote, env: Env) -> str:
    """A launch price in the market's own currency: a yuan list price in a yuan answer as it was set; a US
    dollar list price in dollars, with today's conversion beside it in another currency."""
    if q.market and q.market == env.price_market():
        return env.money(q.usd)
    dollars = f"${q.usd:,.0f}"
    return dollars if env.currency == "USD" else env.t("spec.converted", usd=dollars, money=env.money(q.usd))


def headline(field: str, gpus: list[GpuSpec], env: Env) -> str:
    lang = env.lang
    parts = []
    for g in gpus:
        if field in PEAKS:
            value, supported = peak(g, field)
            key = "spec.head_peak" if value else ("spec.head_peak_unknown" if supported else "spec.head_peak_none")
            parts.append(env.t(key, gpu=g.short_name, fmt=field.upper(), value=num(value, 1), unit=PEAKS[field][2]))
        elif field == "nvlink":
            parts.append(env.t("spec.head_gpu", gpu=g.short_name, text=_nvlink_text(g, env)))
        elif field == "pcie":
            parts.append(env.t("spec.head_pcie", gpu=g.short_name, bus=g.bus_interface or "n/a"))
        elif field == "slot":
            parts.append(
                env.t("spec.head_slot", gpu=g.short_name, slot=env.term(g.slot_width) if g.slot_width else "n/a")
            )
        elif field == "msrp":
            parts.append(_msrp_head(g, env))
        elif field == "china":
            parts.append(env.t("spec.head_gpu", gpu=g.short_name, text=_china(g, env)[1]))
        elif field == "production":
            parts.append(env.t("spec.head_gpu", gpu=g.short_name, text=production(g, env)[1]))
        else:
            quotes = history(g.name, env)
            if quotes:
                first, last = quotes[0], quotes[-1]
                parts.append(
                    env.t(
                        "spec.head_history",
                        gpu=g.short_name,
                        first=_quote_text(first, env),
                        last=_quote_text(last, env),
                        n=len(quotes),
                    )
                )
            else:
                parts.append(env.t("spec.head_gpu", gpu=g.short_name, text=env.t("spec.no_price")))
    return i18n.sep(lang).join(parts) + i18n.end(lang)


def values(field: str, gpus: list[GpuSpec], env: Env) -> list[str | None]:
    """Each GPU's figure as `headline` writes it (None when the KB lacks it): how another answer tells whether it
    already gave the figure."""
    if field in PEAKS:
        return [num(v, 1) if (v := peak(g, field)[0]) else None for g in gpus]
    if field == "nvlink":
        return [f"{v:g}" if (v := nvlink_gb_s(g)) else None for g in gpus]
    if field == "pcie":
        return [g.bus_interface for g in gpus]
    if field == "slot":
        return [env.term(g.slot_width) if g.slot_width else None for g in gpus]
    return [None for _ in gpus]


def _msrp_head(g: GpuSpec, env: Env) -> str:
    from assistant.respond.pricing import price_of

    q = launch_price(g.name, env)
    street = [
        (c, p)
        for c in ("new", "used")
        if (p := price_of(g.name, env, c)) and not p.source.startswith("list price")  # the MSRP is not "now"
    ]
    now = i18n.comma(env.lang).join(
        env.t("spec.head_price_item", money=env.money(p.usd), cond=env.t(f"cond.{c}")) for c, p in street
    )
    if q is None:
        return env.t("spec.head_no_msrp", gpu=g.short_name, now=now or env.t("spec.no_price"))
    return env.t(
        "spec.head_msrp",
        gpu=g.short_name,
        money=_list_price(q, env),
        date=q.observed,
        now=now or env.t("spec.no_price"),
        snapshot=env.snapshot_label(),
    )


def sources(field: str, gpus: list[GpuSpec], env: Env) -> list[str]:
    if field == "nvlink":
        return env.cite(*[_nvlink()[g.name]["source"] for g in gpus if g.name in _nvlink()])
    if field == "msrp":
        return env.cite(*[q.source for g in gpus if (q := launch_price(g.name, env))])
    if field == "history":
        return env.cite(*[q.source for g in gpus for q in history(g.name, env)])
    if field in PEAKS:
        return env.cite(*[g.peaks.source for g in gpus if g.peaks and g.peaks.source])
    if field == "china":
        return env.cite(*[s for g in gpus for s in _china(g, env)[2]])
    if field == "production":
        return env.cite(*[s for g in gpus for s in production(g, env)[2]])
    return []
