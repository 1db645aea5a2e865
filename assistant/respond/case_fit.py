"""Whether a card goes into a case the knowledge base holds, or into a mid tower said without a model: "will a 3090
fit in my nzxt h510", "4090能装进联力o11吗", "will a 5090 fit in a mid tower".

Contract: `verdict(query, gpu, values, env)` -> Fit or None (no case of the data named, no mid tower said, or no
board length). A case named: yes (CASE spare >= card_size.TIGHT_MM), yes-just (less) or no, with the reference board's
length, the maker's limit and the millimetres to spare or over; the maker's second limit ("with a front radiator",
"with the drive cages") said with its own verdict; partner cards up to the limit fit too. A mid tower: the range of
limits of the mid towers held (knowledge/cases.csv), yes when the card is shorter than the shortest, no when longer
than the longest, else it depends on the case. `Fit.fits` is True / False / None (depends).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant import i18n
from assistant.respond import case_specs
from assistant.respond.env import Env
from assistant.specs import GpuSpec


@dataclass
class Fit:
    """A case verdict: its headline, whether it fits, table rows, steps, source ids and the limit weighed."""

    head: str
    fits: bool | None
    rows: list[list[str]] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    clearance_mm: float | None = None


def verdict(query, gpu: GpuSpec, values: dict, env: Env) -> Fit | None:
    if gpu.board_length_mm is None:
        return None
    case = case_specs.find(query.case)
    if case is not None:
        return _named(case, gpu, values, env)
    if query.case is None and case_specs.kind_said(query.text, env.lang) == "mid":
        return _mid_tower(gpu, values, env)
    return None


def _named(case, gpu: GpuSpec, values: dict, env: Env) -> Fit:
    from assistant.respond.card_size import TIGHT_MM

    length = gpu.board_length_mm or 0.0
    spare = case.gpu_max_mm - length
    said = values | {"case": case.name, "clearance": f"{case.gpu_max_mm:g}", "spare": f"{abs(spare):g}"}
    key = "size.case_too_long" if spare < 0 else "size.case_tight" if spare < TIGHT_MM else "size.case_fits"
    head = env.t(key, **said)
    steps = []
    if case.alt_mm is not None:
        alt_spare = case.alt_mm - length
        steps.append(
            env.t(
                f"size.case_alt_{case.alt_when}_{'fits' if alt_spare >= 0 else 'no'}",
                case=case.name,
                alt=f"{case.alt_mm:g}",
                spare=f"{abs(alt_spare):g}",
            )
        )
    rows = [
        [env.t("size.row_case_limit", case=case.name), f"{case.gpu_max_mm:g} mm"],
        [env.t("size.row_spare"), f"{spare:g} mm"],
    ]
    return Fit(head, spare >= 0, rows, steps, list(case.sources), case.gpu_max_mm)


def _mid_tower(gpu: GpuSpec, values: dict, env: Env) -> Fit | None:
    cases = sorted(case_specs.of_kind("mid"), key=lambda c: c.gpu_max_mm)
    if not cases:
        return None
    length = gpu.board_length_mm or 0.0
    low, high = cases[0], cases[-1]
    said = values | {
        "lo": f"{low.gpu_max_mm:g}",
        "hi": f"{high.gpu_max_mm:g}",
        "short": low.name,
        "n": len(cases),
    }
    if length <= low.gpu_max_mm:
        key, fits = "size.mid_fits", True
    elif length > high.gpu_max_mm:
        key, fits = "size.mid_no", False
    else:
        key, fits = "size.mid_depends", None
    listed = i18n.listing(env.lang).join(f"{c.name} {c.gpu_max_mm:g} mm" for c in cases)
    steps = [env.t("size.mid_cases", cases=listed)]
    sources = list(dict.fromkeys(s for c in cases for s in c.sources))
    return Fit(env.t(key, **said), fits, [], steps, sources, None)
