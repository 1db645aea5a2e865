"""What the chat's screens and widgets need from the app that hosts them.

Contract: `ChatHost` lists the app attributes and methods a screen or widget may use;
`host(node)` is `node.app` typed as a `ChatHost`. `Catalog` is what the UI offers from the
knowledge base (GPU names to complete, price snapshots).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from assistant.answer import Answer
from assistant.dialogue import Assumptions
from assistant.tui.transcript import Transcript


@dataclass
class Catalog:
    """What the UI offers from the knowledge base: GPU names to complete, price snapshots."""

    gpu_names: list[str] = field(default_factory=list)
    snapshots: list[str] = field(default_factory=list)
    cny_per_usd: float | None = None  # the KB's dated exchange rate (knowledge/exchange_rates.csv)
    household_cny_per_kwh: float | None = None  # the price yuan answers use by default (knowledge/electricity.csv)

    @classmethod
    def from_reader(cls, reader) -> Catalog:
        priced = {q.gpu for q in reader.prices("current")}
        entries = sorted(reader.name_entries, key=lambda e: (e.name not in priced, e.is_mobile, len(e.name), e.name))
        snapshots = sorted(reader.price_snapshots(), key=lambda s: (s != "current", s))
        rate, household = reader.exchange_rate("CNY"), reader.household_electricity("CNY")
        return cls([e.name for e in entries], snapshots, rate[0] if rate else None, household[0] if household else None)


class ChatHost(Protocol):
    lang: str
    assumptions: Assumptions
    catalog: Catalog
    transcript: Transcript

    def ask(self, text: str) -> Answer: ...

    def reanswer(self) -> Answer | None: ...

    def save_defaults(self) -> str: ...

    def set_assumption(self, key: str, value: Any) -> None: ...

    def update_sub_title(self) -> None: ...

    def bind_keys(self) -> None: ...


def host(node: Any) -> ChatHost:
    """The app `node` (a screen or widget) runs in, as the chat host."""
    return cast(ChatHost, node.app)
