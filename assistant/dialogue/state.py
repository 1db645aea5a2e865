"""What a conversation holds: the assumptions in force and the context of the last answers.

Contract: `Assumptions` are the settings a conversation runs under (electricity price,
utilization, ownership years, budget, new/used, price snapshot, currency, prices stated in
the conversation); `DEFAULTS` are their starting values and `reset()` returns to them.
`Job` is the job thread (card, count, cloud, hours, the work).
`Context` is what the last answers were about (GPUs with their counts, the GPU an answer
favoured, workload, precision, model, the last questions, a pending clarification).
Plain data: nothing here reads a question or computes an answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.queries import Clarification, ModelRef, Query, Usage

DEFAULT_KWH_USD = 0.175
DEFAULT_UTILIZATION = 0.15
DEFAULT_YEARS = 5.0
DEFAULTS = {
    "electricity_usd_per_kwh": DEFAULT_KWH_USD,
    "utilization": DEFAULT_UTILIZATION,
    "years": DEFAULT_YEARS,
    "budget_usd": None,
    "condition": None,
    "snapshot": "current",
    "currency": "USD",
    "cny_per_usd": None,
}


@dataclass
class Assumptions:
    """The assumptions in force in a conversation (defaults, saved ones, changes)."""

    electricity_usd_per_kwh: float = DEFAULT_KWH_USD
    utilization: float = DEFAULT_UTILIZATION
    years: float = DEFAULT_YEARS
    budget_usd: float | None = None
    condition: str | None = None  # new | used | None (either)
    snapshot: str = "current"
    currency: str = "USD"
    cny_per_usd: float | None = None  # None: the dated rate in knowledge/
    changed: set[str] = field(default_factory=set)  # keys the user set
    # (GPU, new|used) -> USD stated in this conversation; saved prices live in the database
    prices: dict[tuple[str, str], float] = field(default_factory=dict)
    unconfirmed: tuple = ()  # price settings refused as implausible, applied on "yes, really"

    def set(self, key: str, value) -> None:
        if not hasattr(self, key) or key == "changed":
            raise KeyError(key)
        setattr(self, key, value)
        self.changed.add(key)

    def reset(self) -> None:
        for key, value in DEFAULTS.items():
            setattr(self, key, value)
        self.changed.clear()
        self.prices.clear()
        self.unconfirmed = ()

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in DEFAULTS}


@dataclass(frozen=True)
class Setup:
    """What the conversation's set-up runs, as last answered: a named model or a size, the kind of work, the
    precision, the training method, the context length. Follow-ups that do not restate it inherit it."""

    model: ModelRef | None = None
    params_b: float | None = None
    workload: str | None = None
    precision: str | None = None
    mode: str | None = None  # inference | lora | qlora | full_finetune (a fit or a fine-tuning job)
    context_tokens: int | None = None
    # the data of a training job as stated ("40k samples", "of 1k tokens each", "3 epochs", "on 100m tokens")
    samples: float | None = None
    sample_tokens: float | None = None
    epochs: float | None = None
    tokens: float | None = None
    runs_per_month: float | None = None  # how often the job is run ("probably 3 runs a month")
    # targets of a serving job ("给20个人用": users at once), as Query.targets: a fit on other cards serves them too
    targets: tuple[tuple[str, float], ...] = ()
    batch: int | None = None  # sequences decoded at once (a serving job: one per user)
    images: int | None = None  # images the work makes ("5000 sdxl images a day"): a fit on any card times them
    images_per: str | None = None  # the period they are made in (day | week | month | year)
    pretrain: bool = False  # the job trains every weight from scratch ("a small gpt from scratch"): not a fine-tune
    audio_s: float | None = None  # the audio a Whisper job transcribes ("~500 hours of audio"), in seconds

    def named(self) -> bool:
        """A model or a model size is part of the set-up (not only a kind of work)."""
        return self.model is not None or self.params_b is not None

    def trains(self) -> bool:
        """The set-up is a training job on a named model or size (LoRA, QLoRA or a full fine-tune)."""
        return self.named() and (self.mode in ("lora", "qlora", "full_finetune") or self.workload == "llm_finetune")

    def rents(self) -> bool:
        """The set-up is a job whose rent can be priced: a training job, or a run from scratch of a size on a number of
        tokens ("想从零预训练一个1b参数的小模型，大概100b token", then "租的话要花多少钱")."""
        return self.trains() or (self.named() and self.pretrain and bool(self.tokens))


@dataclass(frozen=True)
class Job:
    """The job thread: the work the rent / cost / time / power follow-ups are about, as last answered. The card it
    runs on and how many, the cloud it is rented at, its wall-clock hours on those cards (a rent of hours asked, or
    the time an answer gave a training job), whether it is rented, and the question that stated the work (a
    training job's model, method and data; None when only hours were said: "i need about 120 hours of it")."""

    gpu: str | None = None
    count: int = 1
    provider: str | None = None
    hours: float | None = None
    work: Query | None = None
    rented: bool = False  # the card is rented (a cloud rate or rent was asked), not owned


@dataclass
class Context:
    """What a conversation has talked about, for follow-ups and pronouns."""

    gpus: list[str] = field(default_factory=list)
    focus: str | None = None  # the GPU the last answer favoured
    focus_count: int = 1  # how many of it the last answer picked ("2 x RTX 3090")
    workload: str | None = None
    precision: str | None = None
    model: str | None = None
    gpu_count: int | None = None
    last_query: Query | None = None
    pending: Clarification | None = None
    unknown_card: str | None = None  # the device the last question named that no card in the data matches
    recent: list[str] = field(default_factory=list)  # the last GPUs talked about, oldest first (at most 4)
    # the last options an answer showed (a ranking, a top-N list, a comparison), in order, kept while the answers
    # after it are about one of them: "go back to the first one" after "the second one" is the list's first
    shown: list[str] = field(default_factory=list)
    shown_by: tuple[Query, str | None] | None = None  # the question that showed them and the card its answer picked
    counts: dict[str, int] = field(default_factory=dict)  # how many of each the last answer was about ("2 x 3060")
    history: list[Query] = field(default_factory=list)  # the last questions answered, oldest first (at most 3)
    pick_asked: bool = False  # the question being answered asks which GPU to get (its pick is "it" afterwards)
    setup: Setup = Setup()  # the workload the conversation is about (the thread), for follow-ups that leave it out
    # the last question was not answered: its answer asked back for what it lacks (a GPU, a model); the reply fills it
    asked_back: bool = False
    needed: int | None = None  # "要几张3090" answered "要 2 张": the cards needed, for the speed asked next
    # the cards a follow-up just brought into a comparison ("what about two 3090s"): "that" next means them
    brought_in: tuple[str, ...] = ()
    job_hours: float | None = None  # the hours of the training job the last answer timed in steps (an image LoRA)
    unfinished: str | None = None  # a question asked back because it named no card ("租一个月多少钱"), as typed
    job: Job = Job()  # the job thread (dialogue/job.py): what "总共多少钱", "换成h800呢", "2 h100s faster?" are about
    # the use the thread's work puts on a card, as an answer found it (dialogue/usage.py): the card and its hours a
    # week under load ("5000 sdxl images a day" on a 3090: 8.4 h a day), read by the bill, rent and rent-or-buy asked
    load: tuple[str, float] | None = None
    use: Usage | None = None  # the use a pick or build was asked for ("常开的推理机"): its bill next (thread_use.py)
    idle_asked: bool = False  # the last answer gave the idle draw ("thats at $0.20/kwh, monthly?" bills it next)
    fits_at: str | None = None  # the smaller quantization the last fit found to fit ("what quant would fit": it)
    # the quantization a speed follow-up took because the cards needed it ("how fast then?" at iq4_xs on 2 x 3080):
    # other cards asked next ("and with a 3090 instead?") are weighed at their own, not at it
    fitted_precision: str | None = None
    # the last rent of a schedule ("i'd use it 6 hours a day for 2 months"): (its hours, the hours of its span), so
    # "make it 10 hours a day" rents the new use over the same span (dialogue/schedule_rent.py)
    schedule_span: tuple[float, float] | None = None
    currency: str | None = None  # the currency the thread's answers are in (a Chinese thread asked on in English: ¥)
    about_thread: bool = False  # the question being answered is about the thread (thread.leaves_open): its currency
    calc: dict | None = None  # the bill the last answer worked out from the question's numbers (respond/calc.py)
    deal: Query | None = None  # the last card offered at a price (a deal weighed): the purchase the thread is about
    last_headline: str = ""  # the last answer's first line (respond/no_repeat.py: a figure asked is never repeated)
    # the thread's pick: the card and count the last recommendation or build chose, kept through the follow-ups about
    # it ("why not the 7900 xt", "ok and used 3090 instead?" when the 3090 was picked: respond/thread_lead.py)
    pick: tuple[str, int] | None = None
    # the budget last said in the thread, as said (amount, currency), for a change by an amount ("预算再加2000呢",
    # "500 more"): dialogue/budget_step.py
    budget_said: tuple[float, str] | None = None
    # the side a comparison asked in full picked ("4090 vs 5090": "Get the RTX 5090"): what "it" / "that one" means
    # next ("that one, how much power", "what if i wait", "anything cheaper?"); "the other" stays by the first named
    compare_pick: str | None = None
    # the card the last comparison chose, also when "it" next stays with a card brought in ("what about the arc a770"
    # then "cheaper?": cheaper than the value pick of the three, not than the card with no price)
    compare_choice: str | None = None
    # the cards the user said they have ("we have 4 a100s in our lab"): what a job asked next with no card runs on
    owned: tuple[tuple[str, int], ...] = ()
    # how many of each card the thread last talked about ("两张3090" then "换成一张4090 48g": the 3090s are still two
    # when "哪个更省电" brings both back), kept after the last answer moved on to other cards
    seen_counts: dict[str, int] = field(default_factory=dict)
    # a full fine-tune was asked for in so many words ("全参", "full finetune") and is the thread's method since
    full_said: bool = False
    # the last answer said what its cards run (a deal asked "what can i run on it": figures.capability)
    capability_said: bool = False
    # the power supply the user said their machine has, in any turn ("my pc: ..., 850w seasonic", "450w电源"): what
    # "is my psu ok for it" / "电源要换吗" weighs later (dialogue/thread_keeps.machine_of_thread)
    psu_w: float | None = None
    # the PC case the user said their machine has ("..., corsair 4000d"): what "would a 3090 fit in that case" weighs
    # later (dialogue/machine_case.py)
    case: str | None = None
    # the system RAM the user said their machine has ("my rig: ..., 32gb ddr4"): what "do i need to upgrade my ram
    # for flux dev" weighs later (dialogue/machine_case.ram_of_thread)
    system_ram_gb: float | None = None
    # the user's own CPU, motherboard chipset and the platform parts they have, said in any turn ("i already have a
    # ryzen 5 5600, b550 board and 32gb ram"): a PSU or build asked later counts that CPU at its own power and prices
    # none of those parts; "will my board handle two" weighs that board (dialogue/owned_machine.py)
    cpu: str | None = None
    board: str | None = None
    owned_parts: tuple[str, ...] = ()
    # the last answer's build (GPU, count) and what it draws at the wall under load: a bill asked next is that machine's
    build_wall: tuple[str, int, float] | None = None
    build_total_usd: float | None = None  # the last build's total ("cheaper?" next: a build below it)
    # the card a follow-up just added one more of ("那加一张同样的卡呢"), and the one the turn before added to:
    # "换成4090呢" next swaps that what-if set for one card (dialogue/swap.py); "8张用一周呢" then "换成a100" keeps 8
    added_to: str | None = None
    added_before: str | None = None
    # the last fit did not fit: its card and how many of it would hold the model ("It would fit on 2 of them"); a rent
    # asked next rents that many ("那租呢 按小时算多少钱" after "4090跑70b": two 4090s, dialogue/thread_keeps.py)
    short_of: tuple[str, int] | None = None
    # the GPU memory the thread's work needs (the last fit's or recommendation's need, GB): what "rented h100s" hold
    need_gb: float | None = None

    def focus_or_first(self) -> str | None:
        """The GPU the last answer favoured, else the first GPU it was about (None: no GPU yet)."""
        return self.focus or (self.gpus[0] if self.gpus else None)
