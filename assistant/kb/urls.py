"""Database URLs as they may be shown: never with a password.

Contract: `mask_url(url)` returns the URL with any password replaced by `***`;
`mask_text(text, url)` removes the URL's password from any message (driver errors quote it).
"""

from __future__ import annotations

import re

_USERINFO = re.compile(r"(?P<head>[a-z][a-z0-9+.\-]*://[^:/@\s]*):\S*@", re.IGNORECASE)


def _password(url: str) -> str | None:
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).password
    except Exception:  # noqa: BLE001 - an unparsable URL: fall back to the pattern
        found = _USERINFO.search(url)
        return found.group(0).split(":")[-1].rstrip("@") if found else None


def mask_url(url: str) -> str:
    return _USERINFO.sub(lambda m: f"{m.group('head')}:***@", url)


def mask_text(text: str, url: str | None) -> str:
    secret = _password(url) if url else None
    if secret:
        text = text.replace(secret, "***")
    return _USERINFO.sub(lambda m: f"{m.group('head')}:***@", text)
