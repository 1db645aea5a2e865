"""China-market and modified GPU versions (knowledge/market_variants.csv): what an answer about
one of them must add that its spec sheet does not say.

Contract: `variant_of(name)` gives the row for a GPU name (or None); `variant_notes(gpus, env)`
gives (notes, source ids) in the answer's language: for a China-market card, which card it is a
version of, under which US export rules, and what was cut (from the KB specs of both cards, or
from the row's numbers when the spec sheets do not show it); for a modified card, the memory
change and the caveats (no vendor warranty, driver/firmware risk, seller risk).
"""

from __future__ import annotations

from functools import cache

from assistant import paths
from assistant.respond.env import Env
from assistant.specs import GpuSpec


@cache
def _rows() -> dict[str, dict]:
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "market_variants.csv"
    required = ["gpu", "base", "kind", "rule", "cut", "value", "base_value", "source"]
    return {row["gpu"]: row for _, row in read_csv(path, required)} if path.exists() else {}


def market_rows() -> dict[str, dict]:
    """Every row of knowledge/market_variants.csv by GPU name."""
    return _rows()


def variant_of(name: str) -> dict | None:
    return _rows().get(name)


def _pct_less(value: float, base: float) -> str:
    return f"{(1 - value / base) * 100:.0f}" if base else "?"


def _cut(row: dict, gpu: GpuSpec, base: GpuSpec | None, env: Env) -> str:
    cut = row["cut"]
    values = {"value": row["value"], "base_value": row["base_value"], "base": base.short_name if base else row["base"]}
    if row["value"] and row["base_value"]:
        values["pct"] = _pct_less(float(row["value"]), float(row["base_value"]))
    if cut == "sm" and base is not None:
        values |= {"value": gpu.sms, "base_value": base.sms, "pct": _pct_less(gpu.sms or 0, base.sms or 0)}
    return env.t(f"variant.cut_{cut}", **values)


def variant_notes(gpus: list[GpuSpec], env: Env) -> tuple[list[str], list[str]]:
    notes, sources = [], []
    for g in gpus:
        row = variant_of(g.name)
        if row is None:
            continue
        base = env.reader.gpu(row["base"])
        base_name = base.short_name if base else row["base"]
        cut = _cut(row, g, base, env)
        if row["kind"] == "china":
            year, month = row["rule"].split("-")
            notes.append(
                env.t("variant.china", gpu=g.short_name, base=base_name, year=year, month=str(int(month)), cut=cut)
            )
        else:
            notes.append(env.t("variant.modified", gpu=g.short_name, base=base_name, cut=cut))
        sources.append(row["source"])
    return notes, sources
