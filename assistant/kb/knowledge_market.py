"""Market knowledge loaders: GPU prices (dollars and Chinese-market yuan), cloud rental rates (dollars and yuan),
exchange rates and electricity tariffs, each row checked and sourced.

Contract: each function reads one optional file of `knowledge/` and returns validated row dicts for its KB table;
yuan amounts are converted to USD at the CNY rate of exchange_rates.csv (required when yuan rows exist) and marked
(prices: market "CN"; cloud: currency "CNY"). A bad row raises `KnowledgeError` naming file, line and field.
"""

from __future__ import annotations

from pathlib import Path

from assistant.kb.knowledge_rows import Checker, Resolver, need_source, optional_csv


def prices(folder: Path, res: Resolver, known: set[str]) -> list[dict]:
    path, rows = optional_csv(folder, "prices.csv", ["snapshot", "gpu", "condition", "usd", "observed", "source"])
    out = []
    for line, row in rows:
        check = Checker(path, line)
        out.append(
            {
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "snapshot": check.text(row, "snapshot"),
                "condition": check.choice(row, "condition", ("new", "used")),
                "usd": check.number(row, "usd"),
                "observed": check.day(row, "observed"),
                "source": need_source(check, row, known),
                "note": row.get("note", ""),
                "market": "",  # every row names every column: the insert takes its columns from the first row
            }
        )
    return out


def yuan_csv(folder: Path, name: str, cols: list[str], rates: list[dict]) -> tuple[Path, list, float]:
    """An optional CSV of yuan amounts and the CNY rate of exchange_rates.csv that converts them
    (required when the file has rows)."""
    path, rows = optional_csv(folder, name, cols)
    per_usd = next((r["per_usd"] for r in rates if r["currency"] == "CNY"), None)
    if per_usd is None:
        if rows:
            Checker(path, rows[0][0]).fail(cols[3], "yuan amounts need a CNY row in knowledge/exchange_rates.csv")
        per_usd = 1.0  # no rows to convert
    return path, rows, per_usd


def prices_cny(folder: Path, res: Resolver, known: set[str], rates: list[dict]) -> list[dict]:
    """knowledge/prices_cn.csv: Chinese-market prices in yuan, converted to USD at the CNY rate of
    exchange_rates.csv and marked market "CN"."""
    cols = ["snapshot", "gpu", "condition", "cny", "observed", "source"]
    path, rows, per_usd = yuan_csv(folder, "prices_cn.csv", cols, rates)
    out = []
    for line, row in rows:
        check = Checker(path, line)
        cny = check.number(row, "cny")
        out.append(
            {
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "snapshot": check.text(row, "snapshot"),
                "condition": check.choice(row, "condition", ("new", "used")),
                "usd": cny / per_usd,
                "observed": check.day(row, "observed"),
                "source": need_source(check, row, known),
                "note": row.get("note", ""),
                "market": "CN",
            }
        )
    return out


def _per_currency(folder: Path, known: set[str], name: str, column: str) -> list[dict]:
    """Rows of one value per currency (`column`), with the day observed and a known source."""
    path, rows = optional_csv(folder, name, ["currency", column, "observed", "source"])
    out = []
    for line, row in rows:
        check = Checker(path, line)
        out.append(
            {
                "currency": check.text(row, "currency").upper(),
                column: check.number(row, column),
                "observed": check.day(row, "observed"),
                "source": need_source(check, row, known),
            }
        )
    return out


def exchange_rates(folder: Path, known: set[str]) -> list[dict]:
    return _per_currency(folder, known, "exchange_rates.csv", "per_usd")


def cloud_cny(folder: Path, res: Resolver, known: set[str], rates: list[dict]) -> list[dict]:
    """knowledge/cloud_cn.csv: rates in yuan, converted to USD at the CNY rate of exchange_rates.csv."""
    cols = ["provider", "gpu", "gpus_per_instance", "cny_per_gpu_hour", "observed", "source"]
    path, rows, per_usd = yuan_csv(folder, "cloud_cn.csv", cols, rates)
    out = []
    for line, row in rows:
        check = Checker(path, line)
        cny = check.number(row, "cny_per_gpu_hour")
        out.append(
            {
                "provider": check.text(row, "provider"),
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "gpus_per_instance": int(check.number(row, "gpus_per_instance")),
                "on_demand_usd_per_gpu_hour": cny / per_usd,
                "spot_usd_per_gpu_hour": None,
                "observed": check.day(row, "observed"),
                "source": need_source(check, row, known),
                "note": f"{cny:g} CNY/h; " + row.get("note", ""),
                "currency": "CNY",
            }
        )
    return out


def electricity(folder: Path, known: set[str]) -> list[dict]:
    return _per_currency(folder, known, "electricity.csv", "per_kwh")


def cloud(folder: Path, res: Resolver, known: set[str]) -> list[dict]:
    cols = [
        "provider",
        "gpu",
        "gpus_per_instance",
        "on_demand_usd_per_gpu_hour",
        "spot_usd_per_gpu_hour",
        "observed",
        "source",
    ]
    path, rows = optional_csv(folder, "cloud.csv", cols)
    out = []
    for line, row in rows:
        check = Checker(path, line)
        out.append(
            {
                "provider": check.text(row, "provider"),
                "gpu": res.resolve(check, check.text(row, "gpu"))["name"],
                "gpus_per_instance": int(check.number(row, "gpus_per_instance")),
                "on_demand_usd_per_gpu_hour": check.number(row, "on_demand_usd_per_gpu_hour"),
                "spot_usd_per_gpu_hour": check.optional(row, "spot_usd_per_gpu_hour"),
                "observed": check.day(row, "observed"),
                "source": need_source(check, row, known),
                "note": row.get("note", ""),
                "currency": "USD",
            }
        )
    return out
