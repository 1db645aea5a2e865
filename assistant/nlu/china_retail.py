"""The China retail version of a card ("5090国行多少钱", "国行4090现在多少钱"): 国行 names the version sold in China
through official channels, which for a card the US export rules keep out of China is its China-market version (RTX
5090 -> RTX 5090 D, RTX 4090 -> RTX 4090 D), not the card itself priced from the US market.

Contract: `retail_version(query, text, lex)` -> the query with each GPU named whose China-market versions exist
(knowledge/market_variants.csv rows of kind china made for the newest export rules in the file, GeForce cards only)
replaced by the first such version still supplied in China (not in knowledge/withdrawn.csv for CN: RTX 5090 D V2
since the 5090 D was halted), when the question says a word of lexicon list china_retail_words; else the
query unchanged. A card whose China version the question also names keeps its own name (the two are compared).
Data-center cards are left alone (their China versions are other products, named by users).
"""

from __future__ import annotations

import csv
import dataclasses
import functools

from assistant import paths


@functools.cache
def _versions() -> dict[str, str]:
    """base GPU -> its first China-market version of the newest rules (GeForce only)."""
    with open(paths.knowledge_dir() / "market_variants.csv", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(line for line in f if not line.startswith("#")) if r["kind"] == "china"]
    with open(paths.knowledge_dir() / "withdrawn.csv", encoding="utf-8") as f:
        halted = {
            r["gpu"] for r in csv.DictReader(line for line in f if not line.startswith("#")) if r["market"] == "CN"
        }
    newest = max((r["rule"] for r in rows), default="")
    found: dict[str, str] = {}
    for r in sorted(rows, key=lambda r: r["gpu"] in halted):  # one still supplied in China first (5090 D V2)
        if r["rule"] == newest and r["base"].startswith("GeForce"):
            found.setdefault(r["base"], r["gpu"])
    return found


def retail_version(query, text: str, lex):
    gpus = getattr(query, "gpus", ())
    if not gpus or not lex.words_in("china_retail_words", text.lower()):
        return query
    versions = _versions()
    named = {g.name for g in gpus}  # "国行5090d v2跟海外5090比": compared, not swapped
    swapped = tuple(
        dataclasses.replace(g, name=versions[g.name])
        if g.name in versions and not g.pronoun and versions[g.name] not in named
        else g
        for g in gpus
    )
    return dataclasses.replace(query, gpus=swapped) if swapped != gpus else query
