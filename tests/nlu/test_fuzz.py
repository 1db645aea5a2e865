"""Fuzz: 10,000 random and mutated questions; nothing raises, every result is a Query or a Clarification."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.nlu import NameIndex, understand
from assistant.nlu.parse import parse
from assistant.queries import Clarification, Query

SEEDS = ["why 4070 ti over 4080", "can i run llama 3 70b on two 3090s at q4_k_m with 32k context",
         "best gpu under $1.5k for stable diffusion", "rent or buy a 4090 at 10 hours a week", "electricity is 0.30/kwh",
         "the 4080 costs $999", "what is a tensor core", "and the 3090?", "no, the ti", "a100 80gb vs h100 sxm",
         "cost to train a 7b model on 1T tokens", "4090和3090哪个适合训练", "use 2023-01 prices", "mi300x 7900xtx 3090ti"]
ALPHABET = list("abcdefghijklmnopqrstuvwxyz0123456789 $%/?.,-_:x") + ["4090", " vs ", " or ", "ti", "gb", " of them",
                                                                       "llama", "的", "显卡", "🤖", "\x00", "\u200b"]


def _mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.4 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op < 0.8:
            chars.insert(pos, rng.choice(ALPHABET))
        else:
            chars = chars[pos:] + chars[:pos]
    return "".join(chars)


def test_mutated_questions(kb):
    index = NameIndex.from_reader(kb)
    rng = random.Random(20240521)
    for k in range(8000):
        text = _mutate(rng, rng.choice(SEEDS)) if k % 4 else "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 60)))
        result = parse(text, index)  # the raw parser: exceptions must not even reach understand()'s guard
        assert isinstance(result, (Query, Clarification)), text


@settings(max_examples=2000, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.text(max_size=200))
def test_random_text(kb, text):
    result = understand(text, _index(kb))
    assert isinstance(result, (Query, Clarification))
    assert "error" not in getattr(result, "extras", {}), result.extras


_CACHE: dict = {}


def _index(kb) -> NameIndex:
    if "index" not in _CACHE:
        _CACHE["index"] = NameIndex.from_reader(kb)
    return _CACHE["index"]
