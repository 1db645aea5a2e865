"""knowledge/cloud_instances.csv: every instance names a GPU of the knowledge base and a source on record, and an
instance name is read as its GPUs (nlu/cloud_instances.py)."""

import csv

from assistant import paths
from assistant.nlu.cloud_instances import expand


def _rows():
    with open(paths.knowledge_dir() / "cloud_instances.csv", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def test_every_instance_has_a_known_gpu_and_source(kb):
    with open(paths.knowledge_dir() / "sources" / "cloud.csv", encoding="utf-8") as f:
        sources = {r["id"] for r in csv.DictReader(f)}
    for row in _rows():
        assert kb.gpu(row["gpu"]) is not None, row
        assert row["source"] in sources, row
        assert int(row["gpus"]) >= 1, row


def test_instance_names_expand_whole_words_only():
    text, found = expand("aws上p4d.24xlarge按需一小时多少钱")
    assert found == [("p4d.24xlarge", "A100 SXM4 40 GB", "aws", 8)]
    assert "8x a100 sxm4 40 gb aws" in text
    assert expand("p4d.24xlargex per hour") == ("p4d.24xlargex per hour", [])
    assert expand("a 4090 per hour")[1] == []
