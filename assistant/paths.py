"""Where the project's data lives.

Contract: `knowledge_dir()` and `grammar_dir()` return the curated data and grammar folders,
whether running from a source checkout (top-level `knowledge/`, `grammar/`) or from an
installed wheel (`assistant/knowledge`, `assistant/grammar`). `data_dir()` is the per-user
folder for the built database (`GPU_ADVISOR_HOME`, else `$XDG_DATA_HOME/gpu-advisor`,
else `~/.local/share/gpu-advisor`); it is not created here. `default_db_url()` is the knowledge
base used when none is named: `GPU_ADVISOR_DB`, else `kb.sqlite` in `data_dir()`.
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _resource(name: str) -> Path:
    installed = _PACKAGE / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def knowledge_dir() -> Path:
    return _resource("knowledge")


def grammar_dir() -> Path:
    return _resource("grammar")


def data_dir() -> Path:
    home = os.environ.get("GPU_ADVISOR_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "gpu-advisor"


def default_db_url() -> str:
    return os.environ.get("GPU_ADVISOR_DB") or f"sqlite:///{data_dir() / 'kb.sqlite'}"
