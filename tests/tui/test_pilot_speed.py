"""The chat tests' idle wait (tests/tui/conftest.py shortens Textual's 20 ms sleep step): what it
patches must still be what Textual's pilot waits with, or the patch would do nothing silently."""

from __future__ import annotations

import inspect

import textual._wait
from textual import app, pilot


def test_textual_idle_wait_is_the_patched_one():
    assert pilot.wait_for_idle is textual._wait.wait_for_idle and app.wait_for_idle is textual._wait.wait_for_idle
    source = inspect.getsource(textual._wait.wait_for_idle)
    assert "await sleep(SLEEP_GRANULARITY)" in source and "cpu_elapsed < SLEEP_IDLE" in source
    assert textual._wait.SLEEP_GRANULARITY == 1 / 500 and textual._wait.SLEEP_IDLE == 1 / 500 / 20
