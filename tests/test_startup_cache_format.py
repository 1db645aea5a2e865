"""The start-up cache stores plain data with marshal and everything else with pickle, and reads back what
was stored: the same types and values (marshal would turn a bytearray into bytes and refuses enums and named
tuples, so those go to pickle), objects of plain classes with their attributes, and a cache file written by
pickle (an older version) is still read."""

from __future__ import annotations

import enum
import pickle
from collections import namedtuple

import pytest

from assistant import startup_cache
from assistant.startup_cache import _decode, _encode

Pair = namedtuple("Pair", "a b")


class Colour(enum.IntEnum):
    RED = 1


class Plain:
    """An object of a plain class."""

    def __init__(self, data):
        self.data = data
        self.words = frozenset({"a", "b"})


class Custom:
    """A class with its own state protocol: pickled."""

    def __init__(self):
        self.x = 1

    def __setstate__(self, state):
        self.__dict__.update(state, restored=True)


PLAIN = [
    {"a": [1, 2.5, None, True], ("t", 1): frozenset({"x"}), "s": {1, 2}},
    ("x", b"bytes", -0.0, float("inf"), 10**30),
    [],
]
OTHER = [bytearray(b"abc"), {"colour": Colour.RED}, [Pair(1, 2)], {"k": (1, bytearray(b"x"))}]


def _types(value):
    """The types of everything inside `value`, in order (what `==` does not compare)."""
    if isinstance(value, dict):
        return [type(value), *[_types(k) for k in value], *[_types(v) for v in value.values()]]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [type(value), *sorted((_types(v) for v in value), key=repr)]
    return type(value)


@pytest.mark.parametrize("value", PLAIN, ids=repr)
def test_plain_data_is_marshalled_and_read_back_the_same(value):
    raw = _encode("key", value)
    assert raw[:1] == b"M"
    key, back = _decode(raw)
    assert key == "key" and back == value and _types(back) == _types(value)


@pytest.mark.parametrize("value", OTHER, ids=repr)
def test_other_data_is_pickled_and_read_back_the_same(value):
    raw = _encode("key", value)
    assert raw[:1] != b"M"
    key, back = _decode(raw)
    assert key == "key" and back == value and _types(back) == _types(value)


def test_objects_of_plain_classes_keep_their_class_and_attributes():
    value = Plain({"n": [1, 2]})
    raw = _encode("key", value)
    assert raw[:1] == b"M"
    _, back = _decode(raw)
    assert type(back) is Plain and vars(back) == vars(value)
    _, custom = _decode(_encode("key", Custom()))
    assert vars(custom) == {"x": 1, "restored": True}, "a class's own __setstate__ runs (pickle)"
    _, mixed = _decode(_encode("key", Plain(bytearray(b"x"))))
    assert type(mixed.data) is bytearray


def test_a_cache_file_written_by_pickle_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("GPU_ADVISOR_HOME", str(tmp_path))
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "old.pickle").write_bytes(pickle.dumps(("k1", {"v": 1}), protocol=pickle.HIGHEST_PROTOCOL))
    assert startup_cache.load_or_build("old", "k1", lambda: {"v": "built"}) == {"v": 1}
    assert startup_cache.load_or_build("old", "k2", lambda: {"v": "built"}) == {"v": "built"}
    assert startup_cache.load_or_build("old", "k2", lambda: {"v": "again"}) == {"v": "built"}


def test_the_name_index_and_lexicons_read_back_equal(kb):
    from assistant.nlu import NameIndex
    from assistant.nlu.lexicon import lexicon

    for value in (NameIndex.from_reader(kb), lexicon("en"), lexicon("zh")):
        raw = _encode("key", value)
        assert raw[:1] == b"M", f"{type(value).__name__} holds only plain data"
        _, back = _decode(raw)
        assert type(back) is type(value) and vars(back) == vars(value)


def test_the_cached_name_index_shares_equal_sets(user_home):
    """The index a returning user loads holds each distinct set of name tokens once (2 MB less memory)."""
    from assistant.session import open_session

    index = open_session(None).index
    for name in ("cores", "full", "heads"):
        sets = getattr(index, name)
        assert len({id(s) for s in sets}) == len(set(sets)) < len(sets), name
