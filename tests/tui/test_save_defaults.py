"""The panel's save action on the real core: a panel edit applies to this conversation only, and
says so; "Save as default" keeps it for later sessions, and a notice says what was saved."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import settle
from textual.widgets import Button, Input

from assistant.session import open_session
from assistant.tui.app import create_app
from assistant.tui.widgets.message_log import NoticeMessage


def _notices(app) -> list[str]:
    return [n.source for n in app.chat.log_widget.query(NoticeMessage)]


def _kb_copy(returning_home: Path, folder: Path) -> str:
    """The URL of a copy of the test run's built KB (no saved settings) in `folder`."""
    shutil.copy2(returning_home / "kb.sqlite", folder / "kb.sqlite")
    return f"sqlite:///{folder / 'kb.sqlite'}"


def _saved_settings(url: str) -> dict:
    session = open_session(url, echo_warnings=False)
    try:
        return session.reader.user.settings()
    finally:
        session.handle and session.handle.engine.dispose()


async def test_a_panel_edit_is_kept_for_later_sessions_only_when_saved(returning_home, tmp_path):
    url = _kb_copy(returning_home, tmp_path)
    app = create_app(db_url=url)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: app.conversation is not None)
        app.lang = "en"
        box = app.query_one("#assume-years", Input)
        await pilot.click(box)
        await pilot.press("ctrl+shift+a", "7", "enter")
        await settle(pilot, lambda: len(_notices(app)) >= 2)
        assert app.assumptions.years == 7
        assert "For this conversation only" in _notices(app)[-1]
        assert _saved_settings(url) == {}  # not kept until the user asks

        app.lang = "zh"  # the conversation's language: the outcome is said in Chinese
        await pilot.click(app.query_one("#assume-save", Button))
        await settle(pilot, lambda: len(_notices(app)) >= 3)
        assert "已保存到以后的会话" in _notices(app)[-1] and "使用年限" in _notices(app)[-1]
    assert _saved_settings(url) == {"years": "7.0"}
    later = open_session(url, echo_warnings=False)
    assert later.conversation().dialogue.assumptions.years == 7
    later.handle and later.handle.engine.dispose()


async def test_saving_with_nothing_changed_says_so(returning_home, tmp_path):
    url = _kb_copy(returning_home, tmp_path)
    app = create_app(db_url=url)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: app.conversation is not None)
        app.lang = "en"
        await pilot.click(app.query_one("#assume-save", Button))
        await settle(pilot, lambda: len(_notices(app)) >= 2)
        assert "nothing to remember yet" in _notices(app)[-1]
    assert _saved_settings(url) == {}
