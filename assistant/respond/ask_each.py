"""An ask of one figure for several cards ("b200 vs h200 rental prices", "h100和a100各多少钱") is answered only when
every card it names gets that figure.

Contract: `EACH` are the kinds of figure given per card (a price, a rent, a power draw). `missing(kind, names, said,
env)` returns the short names of the cards the ask names (`names`: KB names, read by the asker) that `said` does not
name, for an ask of such a kind naming two cards or more; () otherwise. `each_line(kind, names, line, headline, env)`
extends the line a separate answer gave with, for each named card the line does not name, the first sentence of that
answer that names the card and gives the figure (respond/ask_figures.gives). Pure.
"""

from __future__ import annotations

from assistant.respond.ask_figures import _sentences, gives
from assistant.respond.env import Env

EACH = ("price", "rate", "power")


def _shorts(names: tuple[str, ...], env: Env) -> list[tuple[str, str]]:
    specs = [env.reader.gpu(n) for n in names]
    return [(s.short_name, s.name) for s in specs if s is not None]


def _named_in(text: str, short: str, name: str) -> bool:
    low = text.lower()
    return short.lower() in low or name.lower() in low


def missing(kind: str, names: tuple[str, ...], said: str, env: Env) -> tuple[str, ...]:
    """The cards of a per-card ask that `said` leaves unnamed (see the module contract)."""
    if kind not in EACH or len(names) < 2:
        return ()
    return tuple(short for short, name in _shorts(names, env) if not _named_in(said, short, name))


def each_line(kind: str, names: tuple[str, ...], line: str, headline: str, env: Env) -> str:
    """The line with a sentence for each card it leaves unnamed (see the module contract)."""
    if kind not in EACH or len(names) < 2 or not line:
        return line
    parts = [line]
    for short, name in _shorts(names, env):
        if _named_in(" ".join(parts), short, name):
            continue
        found = next((s for s in _sentences(headline) if _named_in(s, short, name) and gives(kind, s)), "")
        if found and found not in parts:
            parts.append(found)
    return " ".join(parts)
