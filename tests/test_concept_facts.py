"""knowledge/concept_facts.toml holds: every fact's concepts exist, its sources are listed, its computed lead is one
respond/concept_facts knows, its words come in both languages, and the asked-fact reader reads what a fact's cues say
(and only from the first ask, or after asks of no figure)."""

from __future__ import annotations

import csv
import tomllib

from assistant import paths
from assistant.nlu.concept_facts import asked_fact, facts, says
from assistant.respond.concept_facts import LEADS


def _source_ids() -> set[str]:
    ids: set[str] = set()
    for path in (paths.knowledge_dir() / "sources").glob("*.csv"):
        with open(path, newline="", encoding="utf-8") as fh:
            rows = csv.DictReader(line for line in fh if not line.startswith("#"))
            ids |= {row["id"] for row in rows if row.get("id")}
    return ids


def _concepts() -> set[str]:
    with open(paths.knowledge_dir() / "concepts.toml", "rb") as fh:
        return {c["key"] for c in tomllib.load(fh)["concept"]}


def _model_section(source: str) -> bool:
    """A source may be a section of docs/model.md (a formula, traceable like a listed source) that exists."""
    prefix = "docs/model.md "
    if not source.startswith(prefix):
        return False
    heading = "## " + source[len(prefix) :]
    return heading in (paths.knowledge_dir().parent / "docs" / "model.md").read_text(encoding="utf-8").splitlines()


def test_every_fact_names_known_concepts_sources_and_leads():
    concepts, sources = _concepts(), _source_ids()
    assert facts(), "no [[fact]] read"
    for f in facts():
        assert f.concept in concepts, f.id
        assert set(f.others) <= concepts, f.id
        assert all(s in sources or _model_section(s) for s in f.source.split(";")), f.id
        assert not f.lead or f.lead in LEADS, f.id
        assert bool(f.en) == bool(f.zh), f"{f.id}: words in one language only"
        assert all(f.cues), f"{f.id}: an empty cue group"
    assert len({f.id for f in facts()}) == len(facts())


def test_words_are_read_whole_in_english_and_as_text_in_chinese():
    assert says("nvlink在3090上还有用吗", ["nvlink"])
    assert says("supported by current CUDA/PyTorch?", ["pytorch"])
    assert not says("is a tpu faster", ["tp"])
    assert says("两张24g为什么不等于一张48g", ["不等于"])


def test_the_fact_is_read_from_the_first_ask():
    assert asked_fact("how many bytes per parameter at fp16? for a 32b model").id == "bytes-per-parameter"
    assert asked_fact("显存到底怎么估 一个参数fp16占几个字节").id == "bytes-per-parameter"  # after an ask of no figure
    fit_first = asked_fact("双卡3090跑70b模型可以吗 需要nvlink吗")
    assert fit_first is None or not fit_first.claim  # a fit asked first stays the fit's question
    assert asked_fact("how much vram does a 4090 have? and is tp or pp better") is None  # a figure asked first
    assert asked_fact("what gpu should i buy for llms") is None
