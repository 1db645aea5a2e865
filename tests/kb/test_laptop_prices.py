"""knowledge/laptop_prices.csv: every row names a laptop GPU the KB holds, a market, a kind and a source on record."""

from assistant import paths
from assistant.kb.files import read_csv

COLUMNS = ["gpu", "market", "price", "kind", "observed", "source", "note"]


def test_every_laptop_price_row_is_a_known_mobile_gpu_with_a_source(kb):
    rows = [r for _, r in read_csv(paths.knowledge_dir() / "laptop_prices.csv", COLUMNS)]
    assert len(rows) >= 10
    for r in rows:
        gpu = kb.gpu(r["gpu"])
        assert gpu is not None and gpu.is_mobile, r["gpu"]
        assert r["market"] in ("US", "CN") and r["kind"] in ("from", "example")
        assert float(r["price"]) > 0
        assert r["source"] in kb.sources, r["source"]


def test_each_gpu_has_at_most_one_price_per_market():
    rows = [r for _, r in read_csv(paths.knowledge_dir() / "laptop_prices.csv", COLUMNS)]
    keys = [(r["gpu"], r["market"]) for r in rows]
    assert len(keys) == len(set(keys))
