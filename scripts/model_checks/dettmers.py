"""Dettmers' 2023 method next to this model: value rankings with the 2023-01 prices (--dettmers)."""

from __future__ import annotations

from assistant.models import constants as C  # noqa: F401 (patched by constants())
from model_checks.rows import constants

D2023_HEADLINES = (
    ("train16", "GeForce RTX 3080"),
    ("infer16", "GeForce RTX 4070 Ti"),
    ("infer8", "GeForce RTX 4070 Ti"),
)


def dettmers_rankings(kb) -> dict:
    """{(method, workload): Ranking} with the 2023-01 prices: "dettmers2023" = his stated rules and cost
    inputs (GPU + 5 years of electricity), "v2" = this model with its 5-year cost (desktop included)."""
    from assistant.models import dettmers2023, recommend

    quotes = kb.prices("2023-01")
    gpus = [g for g in kb.gpus(sorted({q.gpu for q in quotes})) if dettmers2023.in_chart(g)]
    out = {}
    for workload in ("train16", "infer16", "infer8"):
        out[("dettmers2023", workload)] = recommend.rank(
            gpus,
            workload,
            quotes,
            vendors=("NVIDIA",),
            score=dettmers2023.relative_performance,
            years=dettmers2023.VALUE_INPUTS["years"],
            utilization=dettmers2023.VALUE_INPUTS["utilization"],
            usd_per_kwh=dettmers2023.VALUE_INPUTS["usd_per_kwh"],
            base_usd=dettmers2023.VALUE_INPUTS["base_usd"],
        )
        out[("v2", workload)] = recommend.rank(gpus, workload, quotes, vendors=("NVIDIA",))
    return out


def print_dettmers(kb) -> None:
    ranks = dettmers_rankings(kb)
    print("\nDETTMERS 2023 METHOD vs THIS MODEL (2023-01 prices, GeForce RTX 30/40; value per $1,000 of 5-year cost)")
    for (method, workload), r in ranks.items():
        top = ", ".join(f"{x.gpu.removeprefix('GeForce ')} {x.value_per_tco:.3f}" for x in r.rows[:5])
        print(f"  {method:<13} {workload:<8} {top}")
    for workload, pick in D2023_HEADLINES:
        rows = ranks[("dettmers2023", workload)].rows
        names = [x.gpu for x in rows]
        where = names.index(pick) + 1 if pick in names else 0
        gap = rows[names.index(pick)].value_per_tco / rows[0].value_per_tco - 1 if where else float("nan")
        print(
            f"  his pick for {workload}: {pick.removeprefix('GeForce ')} ranks {where} in his method"
            f" ({gap:+.1%} vs first)"
        )
    for credit in (1.5, 2.0):  # his qualitative Ada L2 range, not part of the method
        with constants(D2023_ADA_L2_CREDIT=credit):
            ranks = dettmers_rankings(kb)
        firsts = ", ".join(
            f"{w} {ranks[('dettmers2023', w)].rows[0].gpu.removeprefix('GeForce ')}" for w, _ in D2023_HEADLINES
        )
        print(f"  with an Ada L2 credit of {credit}x (sensitivity): first = {firsts}")
