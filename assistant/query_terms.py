"""The terms a query is made of: the vocabularies (workloads, precisions, intents, verdict kinds, features) and the
references to a GPU or a model as the question names them.

Contract: plain frozen values with no behaviour; `assistant.queries` builds every query from them and re-exports
them, so `from assistant.queries import GpuRef` keeps working. Nothing here refers to Lark or to the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WORKLOADS = ("training", "inference", "llm_inference", "llm_finetune", "image_generation")
PRECISIONS = (
    "fp32",
    "tf32",
    "fp16",
    "bf16",
    "fp8",
    "int8",
    "int4",
    "q2_k",
    "q2_k_s",
    "q3_k_s",
    "q3_k_m",
    "q3_k_l",
    "q4_0",
    "q4_1",
    "q4_k_s",
    "q4_k_m",
    "q5_0",
    "q5_1",
    "q5_k_s",
    "q5_k_m",
    "q6_k",
    "q8_0",
    "iq4_xs",
    "iq4_nl",
    "iq3_m",
    "iq3_s",
    "iq3_xs",
    "iq3_xxs",
    "iq2_m",
    "iq2_s",
    "iq2_xs",
    "iq2_xxs",
    "iq1_m",
    "iq1_s",
    "tq1_0",
    "tq2_0",
)
INTENTS = (
    "spec",
    "compare",
    "recommend",
    "fit",
    "cost",
    "rent_or_buy",
    "explain",
    "set",
    "help",
    "verdict",
    "rates",
    "rig",
    "video",
    "unknown",
)
VERDICT_KINDS = ("enough", "good", "worth", "overkill", "feature", "deal", "wait", "free", "install", "afford", "best")
FEATURES = ("fp8", "bf16", "tf32", "int8", "fp4", "sparsity", "tensor_cores", "cuda")


@dataclass(frozen=True)
class GpuRef:
    """A GPU as the question names it: the words typed and the KB card they resolve to."""

    mention: str  # as typed ("4070ti", "it")
    name: str | None = None  # canonical KB name; None while a pronoun is unresolved
    count: int = 1  # "two 3090s" -> 2
    condition: str | None = None  # "a used 3090" -> used
    # it | them | other | that | first | second | variant ("no, the ti": mention is the variant word) |
    # implicit ("which is faster?": the GPUs talked about; mention is the question) | context
    pronoun: str | None = None
    assumed: bool = (
        False  # name is a documented default for a bare family ("A100" -> "A100 SXM4 80 GB"): say "assuming"
    )
    # a pronoun whose count the question did not state ("run it 6h a day" after "two 3060s"): the dialogue
    # fills it with the count of the GPUs talked about; not part of equality (a reading detail)
    count_open: bool = field(default=False, compare=False, repr=False)
    # named in the plural with no count ("rented h100s"): as many as the work talked about needs (nlu/plural_sets.py)
    plural: bool = field(default=False, compare=False, repr=False)
    # "9 workstations each w/ a 4080 super": the `count` cards sit in this many machines (nlu/machine_count.py)
    machines: int = 1


# [A] the common image model: image-generation figures are given for it when no model is named (respond/pricing,
# dialogue/thread_edits)
IMAGE_MODEL = "sdxl-base"


@dataclass(frozen=True)
class ModelRef:
    """A model as the question names it: the words typed and the KB model key."""

    mention: str
    key: str  # OpenModel.key
    # "qwen 14b": other versions of the same family and size the mention also names; the newest (`key`) is
    # answered and the answer says so
    assumed_over: tuple[str, ...] = ()
    # "deepseek v3.1": a point version the KB lacks, answered as the version it holds ("deepseek v3"), said
    earlier_version: bool = False
    # "what about the 32b one" after DeepSeek R1: the thread's line at that size (model_sibling), said
    of_line: bool = False


@dataclass(frozen=True)
class Stated:
    """One number the question states, read WITH its unit and its role (nlu/stated.py builds them from the tagger's
    tags, in text order): every reader and answer that needs the user's quantities reads these, never the text again.

    `dim`: money | hours | watts | kwh | gb | count | percent | users | tokens | images | units | number.
    `per`: what a rate is divided by (hour | gpu_hour | kwh | gb_month | m_tokens | card | unit | day | week | month),
    None for an amount. `whole`: what an amount of money prices: box (a whole machine: "~$280k box", "整机 9999",
    "server for $90k"), card (one card: "$650 each", "每张5000"), set (all the cards together: "一共1200块", "1250
    total"), budget, or None (read by the readers as before).
    `direction`: a difference rather than an amount: -1 less / cheaper / 便宜, +1 more / extra / "+$500" / 贵, 0 an
    amount. `hours` are hours whatever was typed ("3h20m" 3.33, "2.5 days" 60, "90min" 1.5); `value` of money is in
    `currency` as typed (None: not said). Watts: `whole` is what they are (card | wall | idle | psu | limit), `of` the
    card a draw is said of, `direction` a difference ("~100w more")."""

    value: float
    dim: str
    text: str
    start: int
    end: int
    per: str | None = None
    whole: str | None = None
    direction: int = 0
    currency: str | None = None
    of: str | None = None  # watts: the card (canonical name) the draw is said of (nlu/watts_role.py)


@dataclass(frozen=True)
class UsagePart:
    """One piece of evidence of how much a card runs: `what` is hours_day (hours a day), days_week (days a week),
    per_week (hours a week said as such), always (around the clock) or share (a fraction of the week); `value` in
    that unit; `words` as typed ("7pm till midnight", "colo", "most weekdays"); `assumed` when the value is the
    lexicon class's assumption rather than a number said (nlu/usage_reader.py CLASSES)."""

    what: str
    value: float
    words: str
    assumed: bool = False
    kind: str = ""  # the lexicon class the words belong to (always_on, shared, overnight, evenings ...), "" if said


@dataclass(frozen=True)
class Usage:
    """How much the question's cards run, read from all its evidence at once (nlu/usage_reader.py): hours a week of
    use and the parts they were made of, each with the words it came from, so the answer can say where the hours come
    from ('24/7 from "colo"', '5 h a day ("7pm till midnight") x 5 days a week ("most weekdays")')."""

    per_week: float
    parts: tuple[UsagePart, ...] = field(default_factory=tuple)
    on_per_week: float | None = None  # hours a week the cards are on when that is more than their load (a home server)
    # people who each use the box ("10 people, each 4 h a day"): their hours a week in all, before one card's week caps
    # them; a machine of several cards spreads them over its cards (nlu/usage_apply.py)
    people_hours: float | None = None

    @property
    def assumed(self) -> bool:
        return any(p.assumed for p in self.parts)
