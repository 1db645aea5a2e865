"""A difference asked directly between two GPUs ("A800 vs H800 有啥区别", "how much more is the 4090 than the 3090",
"whats the price gap"): the difference itself, first.

Contract: `asked(text, lang)` is true when the question asks for a difference (lexicon asked_difference);
`price_asked(text, lang)` when it asks it in money (lexicon asked_price_gap, or asked_price beside it).
`lead(gpus, env, price)` -> (sentence, figures): with `price`, the gap between their street prices (like condition
for like where both have one: new, else used) in money and per cent; otherwise the spec deltas that differ
(architecture, dense FP16 tensor peak, FP8 tensor support, memory, bandwidth, board power, NVLink), then the gap.
("", {}) when there are not two GPUs.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.nlu.lexicon import lexicon
from assistant.respond import spec_figures
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.specs import GpuSpec


def asked(text: str, lang: str) -> bool:
    return lexicon(lang).words_in("asked_difference", f" {text.lower()} ")


def which_cheaper(text: str, lang: str) -> bool:
    """ "which is cheaper", "哪个便宜" after a comparison: the money between them asked."""
    return lexicon(lang).words_in("which_cheaper", f" {text.lower()} ")


def price_asked(text: str, lang: str) -> bool:
    """The difference asked is in money: "how much more is", "贵多少", or a difference word beside a price word."""
    lex, low = lexicon(lang), f" {text.lower()} "
    gap = lex.words_in("asked_price_gap", low) or lex.words_in("which_cheaper", low)
    return gap or (asked(text, lang) and lex.words_in("asked_price", low))


def lead(
    gpus: list[GpuSpec],
    env: Env,
    price: bool,
    conditions: dict | None = None,
    offers: dict | None = None,
    counts: dict | None = None,
) -> tuple[str, dict]:
    """The difference sentence and its figures (see the module contract); `conditions` (GPU name -> new | used) are
    the conditions the user stated ("二手3090和全新4070tis"): each side's price in its own condition; `counts` (GPU
    name -> cards) the sets weighed ("这两套哪个便宜" after 4 x RTX 4090 and 2 x RTX PRO 6000): the sets' prices."""
    if len(gpus) > 2 and price:  # "差价多少" after a three-card comparison: each against the cheapest
        return _gaps_to_cheapest(gpus, env, conditions or {})
    if len(gpus) != 2:
        return "", {}
    a, b = gpus
    gap, figures = _price_gap(a, b, env, conditions or {}, counts or {})
    offered, offer_figures = _offer_gap(a, b, env, offers or {})
    if offered:  # "差价多少" after two offers weighed: the gap between those offers first, the market's after it
        gap = i18n.gap(env.lang).join(x for x in (offered, gap) if x)
        figures = figures | offer_figures
    if price:
        return gap or _no_gap(a, b, env, conditions or {}), figures
    deltas = [d for d in (f(a, b, env) for f in (_arch, _peak, _fp8, _memory, _bandwidth, _power, _nvlink)) if d]
    if not deltas:
        return gap, figures
    said = env.t("difference.specs", a=a.short_name, b=b.short_name, deltas=i18n.sep(env.lang).join(deltas))
    return i18n.gap(env.lang).join(x for x in (said, gap) if x), figures | {"difference_specs": len(deltas)}


def _gaps_to_cheapest(gpus: list[GpuSpec], env: Env, conditions: dict) -> tuple[str, dict]:
    """The price gap of each card against the cheapest of them (like for like, as for two), in price order."""
    priced = [(g, price_of(g.name, env, conditions.get(g.name))) for g in gpus]
    known = sorted(((g, p) for g, p in priced if p is not None and p.usd > 0), key=lambda x: x[1].usd)
    if len(known) < 2:
        return "", {}
    cheapest = known[0][0]
    parts, gaps = [], []
    for g, _ in known[1:]:
        text, figures = _price_gap(g, cheapest, env, conditions)
        if text:
            parts.append(text)
            gaps.append(figures.get("price_difference"))
    return i18n.gap(env.lang).join(parts), ({"price_differences": gaps} if gaps else {})


def _offer_gap(a: GpuSpec, b: GpuSpec, env: Env, offers: dict) -> tuple[str, dict]:
    """ "Between the offers: the RTX 4090 at ¥16,000 is ¥10,500 more than the RTX 3090 at ¥5,500": the gap between
    the amounts offered for each (`offers`: GPU name -> USD); ("", {}) unless both have one."""
    ua, ub = offers.get(a.name), offers.get(b.name)
    if not ua or not ub:
        return "", {}
    (dear, pd), (cheap, pc) = sorted(((a, ua), (b, ub)), key=lambda x: -x[1])
    text = env.t(
        "difference.offer_gap",
        dear=dear.short_name,
        cheap=cheap.short_name,
        gap=env.money(pd - pc),
        dear_price=env.money(pd),
        cheap_price=env.money(pc),
        pct=f"{(pd / pc - 1) * 100:,.0f}",
        times=f"{pd / pc:.2f}",
    )
    return text, {"offer_difference": {"dearer": dear.name, "gap_usd": round(pd - pc, 2), "ratio": round(pd / pc, 3)}}


def _no_gap(a: GpuSpec, b: GpuSpec, env: Env, conditions: dict) -> str:
    """Why there is no gap: the side without a price in the condition the user stated for it, else no price for both."""
    for g in (a, b):
        cond = conditions.get(g.name)
        if cond and price_of(g.name, env, cond) is None:
            said = env.t(f"cond.{cond}")
            return env.t(
                "difference.no_price_in_condition", a=a.short_name, b=b.short_name, cond=said, gpu=g.short_name
            )
    unpriced = [g for g in (a, b) if price_of(g.name, env) is None]
    if len(unpriced) == 1:  # "l20 48g跟a6000比 价格差多少": the one without a price is named
        return env.t("difference.no_price_one", a=a.short_name, b=b.short_name, gpu=unpriced[0].short_name)
    return env.t("difference.no_price", a=a.short_name, b=b.short_name)


def _price_gap(a: GpuSpec, b: GpuSpec, env: Env, conditions: dict, counts: dict | None = None) -> tuple[str, dict]:
    """ "The RTX 4090 costs $1,676 more than the RTX 3090 (new $2,500 vs used $824, 3.03x)": each side in the
    condition the user stated for it, else like for like when both have a price in one condition."""
    if conditions.get(a.name) or conditions.get(b.name):
        # the side said without a condition in the other's, when it has a price in it ("5070 ti or a used 3090")
        said = conditions.get(a.name) or conditions.get(b.name)
        ca, cb = conditions.get(a.name), conditions.get(b.name)
        pa = price_of(a.name, env, ca) if ca else (price_of(a.name, env, said) or price_of(a.name, env))
        pb = price_of(b.name, env, cb) if cb else (price_of(b.name, env, said) or price_of(b.name, env))
    else:
        for cond in ("new", "used"):
            pa, pb = price_of(a.name, env, cond), price_of(b.name, env, cond)
            if pa is not None and pb is not None:
                break
        else:
            pa, pb = price_of(a.name, env), price_of(b.name, env)
    if pa is None or pb is None or pa.usd <= 0 or pb.usd <= 0:
        return "", {}
    n = counts or {}
    if n.get(a.name, 1) > 1 or n.get(b.name, 1) > 1:  # sets: each set's price, named with its count
        pa = dataclasses.replace(pa, usd=pa.usd * n.get(a.name, 1))
        pb = dataclasses.replace(pb, usd=pb.usd * n.get(b.name, 1))
    (dear, pd), (cheap, pc) = sorted(((a, pa), (b, pb)), key=lambda x: -x[1].usd)
    key = "difference.price_gap" if pd.condition == pc.condition else "difference.price_gap_mixed"
    if pd.condition != pc.condition and (conditions.get(a.name) or conditions.get(b.name)):
        key = "difference.price_gap_stated"  # "new 4090 vs used 3090": each in the condition said
    if abs(pd.usd / pc.usd - 1) < 0.005:  # "京东价差不多都 1w 出头": one price for both
        key = "difference.price_same"
    text = env.t(
        key,
        dear=_counted(dear, n),
        cheap=_counted(cheap, n),
        gap=env.money(pd.usd - pc.usd),
        dear_price=env.money(pd.usd),
        cheap_price=env.money(pc.usd),
        dear_cond=env.t(f"cond.{pd.condition}"),
        cheap_cond=env.t(f"cond.{pc.condition}"),
        pct=f"{(pd.usd / pc.usd - 1) * 100:,.0f}",
        times=f"{pd.usd / pc.usd:.2f}",
        snapshot=env.snapshot_label(),
    )
    gap = {"dearer": dear.name, "gap_usd": round(pd.usd - pc.usd, 2), "ratio": round(pd.usd / pc.usd, 3)}
    return text, {"price_difference": gap}


def _counted(g: GpuSpec, counts: dict) -> str:
    many = counts.get(g.name, 1)
    return f"{many} x {g.short_name}" if many > 1 else g.short_name


def _ratio(x: float, y: float) -> str:
    return f" ({max(x, y) / min(x, y):.1f}x)" if x and y and abs(x / y - 1) >= 0.05 else ""


def _pair(env: Env, x: str, y: str) -> str:
    return env.t("difference.pair", a=x, b=y)


def _arch(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    fa, fb = (g.arch.family if g.arch else "" for g in (a, b))
    return _pair(env, fa, fb) if fa and fb and fa != fb else ""


def _peak(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    x, y = (spec_figures.peak(g, "fp16")[0] or 0.0 for g in (a, b))
    if not (x and y) or abs(x / y - 1) < 0.05:
        return ""
    return "FP16 " + _pair(env, f"{x:,.0f}", f"{y:,.0f} TFLOPS") + _ratio(x, y)


def _fp8(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    sa, sb = (spec_figures.peak(g, "fp8")[1] for g in (a, b))
    if sa == sb:
        return ""
    return env.t("difference.fp8_only", gpu=(a if sa else b).short_name)


def _memory(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    if (a.memory_gb, a.memory_type) == (b.memory_gb, b.memory_type):
        return ""
    x, y = (f"{g.memory_gb or 0:g} GB {g.memory_type or ''}".strip() for g in (a, b))
    return _pair(env, x, y)


def _bandwidth(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    x, y = a.memory_bandwidth_gb_s or 0.0, b.memory_bandwidth_gb_s or 0.0
    if not (x and y) or abs(x / y - 1) < 0.05:
        return ""
    return _pair(env, f"{x:,.0f}", f"{y:,.0f} GB/s") + _ratio(x, y)


def _power(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    x, y = a.tdp_w or 0, b.tdp_w or 0
    return _pair(env, f"{x:,}", f"{y:,} W") if x and y and x != y else ""


def _nvlink(a: GpuSpec, b: GpuSpec, env: Env) -> str:
    """NVLink bandwidth when the two differ and each side's is known (on record, or known to have none)."""
    x, y = spec_figures.nvlink_gb_s(a), spec_figures.nvlink_gb_s(b)
    known = all(v or spec_figures.no_nvlink(g) for v, g in ((x, a), (y, b)))
    if x == y or not known:
        return ""
    return "NVLink " + _pair(
        env, f"{x:g} GB/s" if x else env.t("difference.none"), f"{y:g} GB/s" if y else env.t("difference.none")
    )
