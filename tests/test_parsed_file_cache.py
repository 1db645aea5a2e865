"""A curated file parsed at answer time is kept in the start-up cache by its path, size and modification
time (`startup_cache.parsed_file`): an unchanged file is not parsed again, an edited one is, a file edited
in the last two seconds is parsed every time and not kept (its time may not change at a second edit), and a
file that fails to parse raises every time without leaving anything behind."""

from __future__ import annotations

import os
import tomllib

import pytest

from assistant import startup_cache

OLD_NS = 1_700_000_000_000_000_000


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _counting_parser(calls: list):
    def parse(path):
        calls.append(path)
        with open(path, "rb") as fh:
            return tomllib.load(fh)

    return parse


def _write(path, text: str, ns: int | None = OLD_NS) -> None:
    path.write_text(text, encoding="utf-8")
    if ns is not None:
        os.utime(path, ns=(ns, ns))


def test_an_unchanged_file_is_parsed_once_and_an_edited_one_again(home, tmp_path):
    table = tmp_path / "table.toml"
    _write(table, "a = 1\n")
    calls: list = []
    parse = _counting_parser(calls)
    assert startup_cache.parsed_file(table, parse) == {"a": 1}
    assert startup_cache.parsed_file(table, parse) == {"a": 1}
    assert len(calls) == 1 and (home / "cache" / "file-table.toml.pickle").is_file()
    _write(table, "a = 2\n", OLD_NS + 10**9)  # same size, another time
    assert startup_cache.parsed_file(table, parse) == {"a": 2}
    assert len(calls) == 2


def test_a_file_edited_just_now_is_parsed_every_time(home, tmp_path):
    table = tmp_path / "fresh.toml"
    _write(table, "a = 1\n", ns=None)
    calls: list = []
    parse = _counting_parser(calls)
    assert startup_cache.parsed_file(table, parse) == {"a": 1}
    _write(table, "a = 3\n", ns=None)  # within the same time step the modification time may not change
    assert startup_cache.parsed_file(table, parse) == {"a": 3}
    assert len(calls) == 2 and not (home / "cache" / "file-fresh.toml.pickle").exists()


def test_a_broken_or_missing_file_raises_as_its_parser_does(home, tmp_path):
    table = tmp_path / "broken.toml"
    _write(table, "a = = 1\n")
    parse = _counting_parser([])
    for _ in range(2):
        with pytest.raises(tomllib.TOMLDecodeError):
            startup_cache.parsed_file(table, parse)
    with pytest.raises(FileNotFoundError):
        startup_cache.parsed_file(tmp_path / "absent.toml", parse)
