"""A scripted stand-in for `assistant.session.Session`: fixed Answers for fixed questions.

`FakeSession(script)` has the interface the dialogue runner uses: `.conversation(assumptions)`
returning an object whose `ask(text)` returns an `Answer`, and `.reader` with the KB reader's
GPU names, price snapshots and price overrides. A script value may be an `Answer` or a callable
`(conversation) -> Answer` (to answer from the assumptions or overrides in force).
"""

from __future__ import annotations

from types import SimpleNamespace

from assistant.answer import Answer
from assistant.dialogue import Assumptions

GPUS = ("GeForce RTX 4070 Ti", "GeForce RTX 4080", "GeForce RTX 4090", "GeForce RTX 3090", "A100 SXM4 80 GB")


class FakeUserData:
    def __init__(self):
        self.overrides: dict[tuple[str, str], float] = {}

    def price_overrides(self):
        return dict(self.overrides)

    def set_price_override(self, gpu, usd, condition="new"):
        self.overrides[(gpu, condition)] = usd

    def clear_price_override(self, gpu):
        self.overrides = {k: v for k, v in self.overrides.items() if k[0] != gpu}


class FakeReader:
    def __init__(self, names=GPUS, snapshots=("current", "2023-01")):
        self.name_entries = [SimpleNamespace(name=n) for n in names]
        self.user = FakeUserData()
        self._snapshots = {s: ("2023-01", "2025-01", 1) for s in snapshots}

    def price_snapshots(self):
        return dict(self._snapshots)


class FakeConversation:
    def __init__(self, session, assumptions):
        self.session = session
        self.assumptions = assumptions or Assumptions()

    def ask(self, text):
        self.session.asked.append(text)
        scripted = self.session.script.get(text)
        if callable(scripted):
            return scripted(self)
        if scripted is None:
            return Answer(
                question=text, intent="unknown", headline="", clarification="I did not understand that question."
            )
        return scripted


class FakeSession:
    def __init__(self, script: dict | None = None):
        self.script = dict(DEMO if script is None else script)
        self.reader = FakeReader()
        self.asked: list[str] = []
        self.conversations: list[FakeConversation] = []

    def conversation(self, assumptions=None):
        conversation = FakeConversation(self, assumptions)
        self.conversations.append(conversation)
        return conversation


def _cost(conversation) -> Answer:
    a = conversation.assumptions
    kwh = 0.45 * 8760 * a.utilization
    price = conversation.session.reader.user.overrides.get(("GeForce RTX 4090", "new"), 1599.0)
    total = price + kwh * a.electricity_usd_per_kwh * a.years
    return Answer(
        question="total cost of a 4090",
        intent="cost",
        gpus=["GeForce RTX 4090"],
        headline=f"Owning a GeForce RTX 4090 for {a.years:g} years costs ${total:,.0f}.",
        figures={
            "total_cost_usd": round(total, 2),
            "electricity_usd_per_year": round(kwh * a.electricity_usd_per_kwh, 2),
        },
        assumptions=a.as_dict(),
    )


DEMO = {
    "why 4070 ti over 4080?": Answer(
        question="why 4070 ti over 4080?",
        intent="compare",
        gpus=["GeForce RTX 4070 Ti", "GeForce RTX 4080"],
        choice="GeForce RTX 4070 Ti",
        workload="training",
        precision="fp16",
        headline="The GeForce RTX 4080 is 1.25x faster, but the 4070 Ti gives 20 % more performance per dollar.",
        steps=["Tensor throughput: 4080  is 1.25x the 4070 Ti.", "Price: $799 vs $1,199."],
        figures={"speedup": 0.8, "ranking": [{"gpu": "GeForce RTX 4070 Ti", "score": 1.0}], "fits": True},
        sources=["TechPowerUp GPU database (techpowerup.com)"],
    ),
    "and the 3090?": Answer(
        question="and the 3090?",
        intent="compare",
        gpus=["GeForce RTX 4070 Ti", "GeForce RTX 3090"],
        choice="GeForce RTX 4070 Ti",
        headline="The 4070 Ti is 1.1x faster than the 3090.",
        figures={"speedup": 1.1},
    ),
    "how fast is it?": Answer(
        question="how fast is it?",
        intent="unknown",
        headline="",
        clarification='I don\'t know what "it" refers to yet: name a GPU.',
    ),
    "total cost of a 4090": _cost,
}
