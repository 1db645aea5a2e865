"""knowledge/closed_models.toml: every open model it suggests is one the knowledge base holds (models.toml or
video_models.csv), every source is on record, and no name is listed twice."""

import csv
import tomllib

from assistant import paths


def _source_ids() -> set[str]:
    ids = set()
    for f in (paths.knowledge_dir() / "sources").glob("*.csv"):
        rows = csv.DictReader(line for line in f.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))
        ids |= {r["id"] for r in rows}
    return ids


def test_closed_models_name_held_open_models_and_recorded_sources():
    closed = tomllib.loads((paths.knowledge_dir() / "closed_models.toml").read_text(encoding="utf-8"))["closed"]
    models = tomllib.loads((paths.knowledge_dir() / "models.toml").read_text(encoding="utf-8"))
    keys = {m["key"] for table in models.values() if isinstance(table, list) for m in table if "key" in m}
    video = (paths.knowledge_dir() / "video_models.csv").read_text(encoding="utf-8").splitlines()
    keys |= {r["key"] for r in csv.DictReader(line for line in video if not line.startswith("#"))}
    sources = _source_ids()
    names = [n for entry in closed for n in entry["names"]]
    assert len(names) == len(set(names))
    for entry in closed:
        assert entry["source"] in sources, entry["name"]
        assert set(entry["open"]) <= keys, (entry["name"], set(entry["open"]) - keys)
