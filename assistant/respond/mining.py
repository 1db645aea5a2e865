"""Ex-mining cards (矿卡): a question that names one gets the checks a buyer needs in a verdict or deal.

Contract: `mining_notes(text, env)` gives (steps, source ids): when `text` names an ex-mining card by
one of the aliases of the mining-cards concept (knowledge/concepts.toml), one step in the answer's
language with what wears on such a card and what to check before paying, and the concept's sources;
else nothing. The words are the concept's data, so a language is added by adding aliases.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.respond.env import Env

CONCEPT = "mining-cards"


@cache
def _pattern(aliases: tuple[str, ...]) -> re.Pattern[str]:
    """ASCII aliases as whole words ("mining card", not "mining cardinality"); others anywhere ("矿卡3080")."""
    parts = [rf"\b{re.escape(a)}\b" if a.isascii() else re.escape(a) for a in sorted(aliases, key=len, reverse=True)]
    return re.compile("|".join(parts), re.IGNORECASE)


def names_mining_card(text: str, env: Env) -> bool:
    entry = next((c for c in env.reader.concepts if c.key == CONCEPT), None)
    return bool(entry and text and _pattern(entry.aliases).search(text))


def mining_notes(text: str, env: Env) -> tuple[list[str], list[str]]:
    if not names_mining_card(text, env):
        return [], []
    entry = next(c for c in env.reader.concepts if c.key == CONCEPT)
    return [env.t("mining.checks")], [s for s in entry.source.split(";") if s]
