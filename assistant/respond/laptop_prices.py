"""What a whole laptop with a given laptop GPU costs (knowledge/laptop_prices.csv): the entry price of laptops with
it, or one current model's price where no entry price is on record, per market (US in dollars, CN in yuan).

Contract: `laptop_price(gpu_name, env)` -> LaptopPrice in US dollars from the answer's market (yuan answers: the CN
row, else the US row converted), or None when neither market has a price. `converted` is True when the price is
another market's. Prices are of whole machines, dated and sourced; nothing is estimated here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from assistant import paths
from assistant.respond.env import Env


@dataclass(frozen=True)
class LaptopPrice:
    """What a whole laptop with one GPU costs, in US dollars, and where the figure comes from."""

    usd: float
    kind: str  # "from": the entry price of laptops with the GPU; "example": one model's price
    observed: str
    source: str
    converted: bool  # another market's price, converted at the exchange rate


@cache
def _rows() -> dict[tuple[str, str], tuple[float, str, str, str]]:
    from assistant.kb.files import read_csv

    columns = ["gpu", "market", "price", "kind", "observed", "source", "note"]
    rows = read_csv(paths.knowledge_dir() / "laptop_prices.csv", columns)
    return {(r["gpu"], r["market"]): (float(r["price"]), r["kind"], r["observed"], r["source"]) for _, r in rows}


def laptop_price(gpu_name: str, env: Env) -> LaptopPrice | None:
    home = "CN" if env.currency == "CNY" else "US"
    for market in (home, "US" if home == "CN" else "CN"):
        found = _rows().get((gpu_name, market))
        if found is None:
            continue
        price, kind, observed, source = found
        usd = env.to_usd(price, "CNY") if market == "CN" else price
        if usd is None:
            continue
        return LaptopPrice(usd, kind, observed, source, converted=market != home)
    return None
