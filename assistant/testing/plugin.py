"""pytest plugin: every `*.dialogue` file pytest visits is a collector, every dialogue an item.

Contract: registered with `pytest_plugins = ["assistant.testing.plugin"]` (tests/conftest.py).
A dialogue fails with the same per-turn report as `gpu-advisor test`; a malformed file is a
collection error naming file, line and what was expected; `xfail:` becomes pytest's xfail.
All dialogue items share one session, opened on first use: by the hook
`pytest_dialogue_session(config)` when a conftest implements it (tests use it to inject a
fake), otherwise on `--dialogue-db URL` (default: a fresh in-memory KB). Importing this module
is cheap: the assistant is imported only when the first dialogue runs.
"""

from __future__ import annotations

import os

import pytest

from assistant.testing.format import DialogueSyntaxError, load

_SESSION = pytest.StashKey[object]()


class DialogueHooks:
    @pytest.hookspec(firstresult=True)
    def pytest_dialogue_session(self, config):
        """Return the session-like object (`.conversation(assumptions)`, `.reader`) dialogues run on."""


def pytest_addhooks(pluginmanager):
    pluginmanager.add_hookspecs(DialogueHooks)


def pytest_addoption(parser):
    parser.getgroup("dialogues").addoption(
        "--dialogue-db",
        metavar="URL",
        default=None,
        help="database URL the .dialogue tests run on (default: a fresh in-memory knowledge base)",
    )


def pytest_collect_file(file_path, parent):
    if file_path.suffix == ".dialogue":
        return DialogueFileNode.from_parent(parent, path=file_path)
    return None


def _session(config):
    if _SESSION not in config.stash:
        session = config.hook.pytest_dialogue_session(config=config)
        if session is None:
            from assistant.testing.runner import open_test_session

            session = open_test_session(config.getoption("dialogue_db"))
        config.stash[_SESSION] = session
    return config.stash[_SESSION]


class DialogueFileNode(pytest.File):
    def collect(self):
        parsed = load(self.path, os.path.relpath(self.path, self.config.invocation_params.dir))
        for dialogue in parsed.dialogues:
            item = DialogueItem.from_parent(self, name=dialogue.name, dialogue=dialogue)
            if dialogue.xfail:
                item.add_marker(pytest.mark.xfail(reason=dialogue.xfail, strict=False))
            yield item

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, DialogueSyntaxError):
            return f"malformed dialogue file: {excinfo.value}"
        return super().repr_failure(excinfo, style=style)


class DialogueFailed(Exception):
    pass


class DialogueItem(pytest.Item):
    def __init__(self, *, dialogue, **kwargs):
        super().__init__(**kwargs)
        self.dialogue = dialogue

    def runtest(self):
        from assistant.testing.runner import report, run_dialogue

        result = run_dialogue(self.dialogue, _session(self.config))
        if result.failed:
            raise DialogueFailed(report(result))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, DialogueFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, self.dialogue.line - 1, f"dialogue: {self.dialogue.name}"
