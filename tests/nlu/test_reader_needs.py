"""What intent readers declare they need (assistant/nlu/reader_needs.py) is what their code needs: on every corpus
question (both languages) and every user turn of the dialogue files, a declared reader whose needs the question
does not meet returns None, so `intents.read` skipping it leaves the first claim unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

import assistant.nlu.intents as intents
from assistant.nlu import NameIndex, understand
from assistant.nlu.corpus import FILES, load
from assistant.nlu.reader_needs import NEEDS, Need, met
from assistant.testing.format import load as load_dialogues

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def index(kb) -> NameIndex:
    return NameIndex.from_reader(kb)


def _questions() -> list[str]:
    out = [case.q for lang in FILES for file in FILES[lang] for case in load(ROOT / "tests" / "nlu" / file).cases]
    for path in sorted((ROOT / "tests" / "dialogues").glob("*.dialogue")):
        for dialogue in load_dialogues(path).dialogues:
            out += [t.text for t in dialogue.turns if t.text.strip()]
    return list(dict.fromkeys(out))


def test_declared_needs_name_readers_tried_in_order():
    assert NEEDS, "no reader declares its needs"
    assert set(NEEDS) <= set(intents.READERS), "a declaration on a function that is not a reader"


def test_a_reader_whose_needs_are_not_met_declines(index, monkeypatch):
    readings = []
    real = intents.read

    def kept(reading):
        readings.append(reading)
        return real(reading)

    monkeypatch.setattr(intents, "read", kept)
    for q in _questions():
        understand(q, index)
    skipped, wrong = 0, []
    for reading in readings:
        for reader, need in NEEDS.items():
            if met(need, reading):
                continue
            skipped += 1
            if reader(reading) is not None:
                wrong.append(f"{intents._NAMES[reader]} claims {reading.text!r}")
    assert not wrong, "\n".join(wrong[:20])
    assert skipped > len(readings)  # the declarations do skip readers


def test_a_need_not_met_skips_its_reader(index):
    from assistant.nlu.lexicon import lexicon

    reading = type("R", (), {})()
    reading.b = type("B", (), {"kinds": {"GPU": []}})()
    reading.lex, reading.spaced_tokens, reading.text = lexicon("en"), " a 4090 ", "a 4090"
    kinds = frozenset
    assert met(Need(groups=((kinds({"GPU"}), ()),)), reading)
    assert not met(Need(groups=((kinds({"MODEL"}), ()),)), reading)
    assert not met(Need(groups=((kinds({"MODEL"}), ("rig_psu",)),)), reading)
    assert not met(Need(unless=kinds({"GPU"})), reading)
    assert not met(Need(said=("rig_psu",)), reading)
    assert met(Need(groups=((kinds({"MODEL"}), ("rig_psu",)),)), _with_text(reading, " a 4090 psu ", "a 4090 psu"))


def _with_text(reading, spaced: str, text: str):
    reading.spaced_tokens, reading.text = spaced, text
    return reading
