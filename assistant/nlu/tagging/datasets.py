"""Public training datasets named in a question ("how long to train nanogpt (124m) on openwebtext on a 4090").

Contract: `DatasetTagging.try_dataset(i)` reads a dataset name of knowledge/datasets.csv at token i as a TOKENS tag
holding the dataset's training tokens (as its preparation script counts them, sourced in the CSV), with meanings
{"DATASET": key}; returns the index after the name, or None. `dataset_named(key)` -> (name, tokens, source id).
"""

from __future__ import annotations

import functools

from assistant.nlu.tagging.base import TaggerBase


@functools.lru_cache(maxsize=1)
def _datasets() -> dict[tuple[str, ...], tuple[str, float, str, str]]:
    """Each way of writing a name, as tokens -> (key, training tokens, display name, source id)."""
    import csv

    from assistant import paths

    with (paths.knowledge_dir() / "datasets.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    found: dict[tuple[str, ...], tuple[str, float, str, str]] = {}
    for row in rows:
        for written in row["names"].split(";"):
            words = tuple(written.strip().lower().replace("-", " ").split())
            if words:
                found[words] = (row["key"], float(row["train_tokens"]), row["name"], row["source"])
    return found


def dataset_named(key: str) -> tuple[str, float, str] | None:
    """(display name, training tokens, source id) of dataset `key`, or None."""
    return next(((n, t, s) for k, t, n, s in _datasets().values() if k == key), None)


@functools.lru_cache(maxsize=1)
def _by_first_word() -> dict[str, tuple[tuple[tuple[str, ...], tuple[str, float, str, str]], ...]]:
    """The ways of writing a name, longest first, grouped by their first word (a name can start only at its first
    word: a token tries only those; the order within a group is the longest-first order)."""
    table: dict[str, list] = {}
    for words, value in sorted(_datasets().items(), key=lambda kv: -len(kv[0])):
        table.setdefault(words[0], []).append((words, value))
    return {first: tuple(found) for first, found in table.items()}


class DatasetTagging(TaggerBase):
    def try_dataset(self, i: int) -> int | None:
        tt = self.tt
        for words, (key, tokens, _name, _source) in _by_first_word().get(tt[i].lower(), ()):
            n = len(words)
            if tuple(t.lower() for t in tt[i : i + n]) == words:
                return self.add("TOKENS", tokens, i, i + n, {"DATASET": key})
        return None
