"""Shared fixtures: one in-memory knowledge base per test session."""

from __future__ import annotations

import pytest

from assistant.kb.reader import KbReader
from assistant.kb.store import build_kb, make_engine

pytest_plugins = ["assistant.testing.plugin"]


@pytest.fixture(scope="session")
def kb_engine():
    engine = make_engine("sqlite://")
    build_kb(engine)
    return engine


@pytest.fixture(scope="session")
def kb(kb_engine) -> KbReader:
    return KbReader(kb_engine)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: starts many processes; deselect with -m 'not slow'")
