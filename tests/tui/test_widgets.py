"""Unit tests of the chat's plain parts: completion, history, chart drawing, transcript export."""

from __future__ import annotations

from fakes import BARS, CLARIFY, TABLE

from assistant.dialogue import Assumptions
from assistant.tui.transcript import Transcript
from assistant.tui.widgets.assumptions_panel import describe, summary
from assistant.tui.widgets.bar_chart import bar, format_value
from assistant.tui.widgets.cost_chart import Canvas, _free_row
from assistant.tui.widgets.question_input import GpuNameSuggester, History

NAMES = [
    "GeForce RTX 4090",
    "GeForce RTX 4090 D",
    "GeForce RTX 4080",
    "GeForce RTX 4070 Ti",
    "GeForce RTX 4070 Ti SUPER",
    "Radeon RX 7900 XTX",
    "H100 PCIe 80 GB",
    "TITAN RTX",
]


def test_completion_finishes_the_name_being_typed():
    s = GpuNameSuggester(NAMES)
    assert s.complete("why 4070 ti over 408") == "why 4070 ti over 4080"
    assert s.complete("compare geforce rtx 40") == "compare geforce rtx 4090"  # listed first wins
    assert s.complete("is the rx 79") == "is the rx 7900 XTX"
    assert s.complete("h100 p") == "h100 pCIe 80 GB"  # the typed part is kept as typed
    assert s.complete("what about ti") == "what about tiTAN RTX"


def test_completion_stays_quiet_when_nothing_or_everything_is_typed():
    s = GpuNameSuggester(NAMES)
    assert s.complete("best gpu for training") is None
    assert s.complete("is the 4090") is None  # a whole name: no push to "4090 D"
    assert s.complete("4") is None  # too short to guess
    assert s.complete("the 4080 ") is None


class CountingDict(dict):
    def __init__(self, data) -> None:
        super().__init__(data)
        self.lookups = 0

    def get(self, key, default=None):
        self.lookups += 1
        return super().get(key, default)


def _lookups(suggester: GpuNameSuggester, value: str) -> tuple[str | None, int]:
    suggester._by_prefix = counting = CountingDict(suggester._by_prefix)
    return suggester.complete(value), counting.lookups


def test_completion_work_does_not_grow_with_the_input():
    """A long question typed key by key stays responsive: each keystroke looks up only the tails
    of the input that could start a name, however long the input already is."""
    s = GpuNameSuggester(NAMES)
    short = _lookups(s, "why 4070 ti over 408")
    words = "is it better to buy one card now or wait for the next generation " * 10_000
    long = _lookups(s, words + "why 4070 ti over 408")
    assert short[0] == "why 4070 ti over 4080" and long[0] == words + "why 4070 ti over 4080"
    assert 0 < long[1] == short[1] <= 8
    assert _lookups(s, words + "x" * 100_000) == (None, 0)  # one long word: no tail can start a name


def test_history_walks_back_and_forth_keeping_the_draft():
    h = History()
    assert h.previous("x") is None
    for text in ("a", "b", "b", "c"):
        h.add(text)
    assert h.entries == ["a", "b", "c"]
    assert [h.previous("draft"), h.previous(""), h.previous(""), h.previous("")] == ["c", "b", "a", "a"]
    assert [h.next(), h.next(), h.next(), h.next()] == ["b", "c", "draft", None]


def test_bars_are_drawn_to_an_eighth_of_a_cell():
    assert bar(1.0, 4) == "████"
    assert bar(0.5, 4) == "██"
    assert bar(0.53, 4) == "██▏"
    assert bar(0.0, 4) == ""
    assert bar(2.0, 3) == "███"  # clipped
    assert [format_value(v, m) for v, m in ((0.84, 1.0), (12.34, 20), (1234.5, 2000))] == ["0.84", "12.3", "1,234"]


def test_canvas_draws_lines_in_braille():
    canvas = Canvas(2, 1)
    canvas.line(0, 0, 3, 3, series=1)  # a diagonal across two cells
    assert [canvas.cell(0, 0), canvas.cell(0, 1)] == [("⠑", 1), ("⢄", 1)]
    assert _free_row(3, {3}) in (2, 4) and _free_row(0, {0, 1}) == 2


def test_transcript_exports_markdown():
    t = Transcript()
    t.add("why 4070 Ti over 4080?", TABLE)
    t.add("best\nGPU", BARS)
    t.add("how fast is the 4090", CLARIFY)
    md = t.to_markdown()
    assert md.startswith("# gpu-advisor conversation\n\n## why 4070 Ti over 4080?\n\n**Under the current prices")
    assert "## best GPU\n" in md
    assert "| performance per purchase dollar | 1.00 | 0.84 |" in md
    assert md.rstrip().endswith('(Answer "desktop" or "laptop".)')


def test_assumption_summary_and_change_description():
    a = Assumptions()
    assert summary(a) == "$0.175/kWh · 15% use · 5 y · current prices"
    a.set("budget_usd", 1500.0)
    a.set("condition", "used")
    assert summary(a).endswith("· budget $1,500 · used")
    assert describe("utilization", 0.3) == "Utilization (%): 30"
    assert describe("budget_usd", None) == "Budget ($): none"
    assert describe("condition", None) == "New or used: either"
