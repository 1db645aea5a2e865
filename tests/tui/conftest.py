"""Fixtures for the chat tests: an app on a fake conversation, and helpers that wait for answers
without sleeping (workers are awaited, then the event loop is run until the UI settles).

Textual's test pilot waits after every key press and pause until the process looks idle, sleeping
in steps of `textual._wait.SLEEP_GRANULARITY` (20 ms): about 1,000 such waits made the chat tests
spend most of their time asleep. The step is 2 ms here, with the same idle test (under 1/20 of
the step's time on the CPU); `test_textual_idle_wait_is_the_patched_one` fails if a Textual
upgrade renames what is patched, rather than letting the tests slow down unnoticed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import textual._wait

sys.path.insert(0, str(Path(__file__).parent))

from fakes import FakeConversation  # noqa: E402

from assistant.tui.app import create_app
from assistant.tui.host import Catalog  # noqa: E402

textual._wait.SLEEP_GRANULARITY = 1 / 500
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20

GPU_NAMES = [
    "GeForce RTX 4090",
    "GeForce RTX 4080",
    "GeForce RTX 4070 Ti",
    "GeForce RTX 4070 Ti SUPER",
    "GeForce RTX 3090",
    "Radeon RX 7900 XTX",
    "H100 PCIe 80 GB",
]
CATALOG = Catalog(gpu_names=GPU_NAMES, snapshots=["current", "2023-01"])


@pytest.fixture
def fake() -> FakeConversation:
    return FakeConversation()


@pytest.fixture
def app(fake):
    return create_app(conversation=fake, catalog=CATALOG)


async def settle(pilot, until=lambda: True, rounds: int = 200) -> None:
    """Wait for the workers, then turn the event loop until `until()` holds (bounded, no sleeps)."""
    for _ in range(rounds):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if until() and not pilot.app.workers:
            return
    raise AssertionError("the chat did not settle")


def footer_keys(app) -> dict[str, str]:
    """The footer's keys and their names as drawn."""
    return {key.key: key.description for key in app.screen.query("FooterKey")}


def answered(app, count: int):
    """A condition: `count` answers are recorded and none is still pending in the log."""

    def check() -> bool:
        log = app.chat.log_widget
        return len(app.transcript) >= count and all(a.answer is not None for a in log.answers)

    return check


def posted_of(posted: list, kind: type) -> list:
    """The distinct messages of `kind` that a message hook saw (it sees a message once per hop)."""
    seen: dict[int, object] = {}
    for message in posted:
        if isinstance(message, kind):
            seen.setdefault(id(message), message)
    return list(seen.values())


async def ask(pilot, text: str, type_it: bool = False) -> None:
    """Submit `text` in the question input and wait until its answer is shown."""
    app = pilot.app
    before = len(app.transcript)
    box = app.chat.question_input
    box.focus()
    if type_it:
        await pilot.press(*text)
    else:
        box.value = text
    await pilot.press("enter")
    await settle(pilot, answered(app, before + 1))
