"""The base of every typed query (`Query`: the question's text and what every intent may carry) and `Setting`, one
assumption or user-data change a question states. `assistant.queries` re-exports both; import them from there."""

from __future__ import annotations

from dataclasses import dataclass

from assistant.query_terms import Stated, Usage


@dataclass(frozen=True, kw_only=True)
class Query:
    """What a question asks, read from its text; each intent is a subclass with its own slots."""

    text: str
    intent: str = "unknown"
    # names the user typed that the knowledge base does not hold ("falcon 180b"); the question is
    # answered without them (a model by the parameter count typed) and the answer says so
    unrecognized: tuple[str, ...] = ()
    # words of the question not understood and left out of its reading ("straight" in "how much for 48h straight",
    # nlu/stray_words.py): the answer says it did not use them
    ignored_words: tuple[str, ...] = ()
    # amounts typed in a currency with no exchange rate on record ("S$3200", "₩2,500,000"), left out of the reading
    # (never taken as dollars) and said by the answer: (the amounts as typed, the currency as typed)
    unrated_amounts: tuple[tuple[str, ...], str] | None = None
    # a total budget for several machines of one card each ("3台出图机，每台一张卡，总预算2w"): (machines, the total,
    # its currency); the question is answered for one machine at the total's share (nlu/budget_split.py), and said
    budget_split: tuple[int, float, str | None] | None = None
    # the settings the question states: for a SetQuery all it says; for another intent those stated along
    # the way ("electricity is 0.12 here, tco of 2 3090s", "每天跑8小时"), which the engine applies before
    # answering and keeps for the conversation, as if typed alone
    settings: tuple[Setting, ...] = ()
    # board versions typed with the GPU ("3090涡轮版", "公版 4090"): the same chip, which the answer says
    boards: tuple[str, ...] = ()
    # a model family named without a size in a question that does not need the size ("预算4000跑个qwen买啥卡"):
    # answered for the workload, and the answer says how to name a size
    unsized: tuple[str, ...] = ()
    unsized_models: tuple[str, ...] = ()  # the KB models of an unsized family ("deepseek"): their sizes are listed
    # targets the question states ("并发20个用户" users, "每秒30个token" speed per user), as (kind, value): an
    # answer that weighs them says so in figures["targets"]; otherwise the engine says they were not counted
    targets: tuple[tuple[str, float], ...] = ()
    # GPU names the KB lacks that a later generation of a known card has ("rtx 6080"), with the card answered in
    # their place (the newest of that tier, "GeForce RTX 5080"): the answer opens by saying so
    stand_ins: tuple[tuple[str, ...], ...] = ()  # (mention, card[, kind, detail]: nlu/lookup/lineup.py)
    # datasets named for their size ("on openwebtext"): keys of knowledge/datasets.csv; the answer says the tokens used
    datasets: tuple[str, ...] = ()
    # usage said without its hours ("i only train on weekends", "a few hours every evening"): (weekends | evenings |
    # weekdays | few, the hours assumed for each day or for "a few", the hours a week read); the answer says it
    usage_assumed: tuple[str, float, float] | None = None
    usage: Usage | None = None  # how much the cards run, from the schedule and the situation (nlu/usage_reader.py)
    per_card_of: tuple[int, str] | None = None  # "is that per card?" after N cards: (N, each | total | either)
    # a range of model sizes ("14b-32b models", "between 13b and 34b"): (low, high); params_b is the top, the size
    # that needs the most, and the answer says so
    size_range: tuple[float, float] | None = None
    # a rough amount ("几百块", "两千多", "a few hundred bucks"): (as typed, the middle used, low, high); the answer
    # says which amount it used
    vague_amount: tuple[str, float, float, float] | None = None
    # the currency asked for after this question was answered ("in euros", "用美元说"): the question answered again
    # shows its money in it, whatever currency its own amounts were typed in
    shown_currency: str | None = None
    # the figure the question asks (nlu/form.py Form.figure: "bill", "share", "clock", "cap", "time" ...): the engine
    # checks that the answer gives it and otherwise says first what it answers and what it cannot (respond/figure_net)
    asked_figure: str | None = None
    # clock times said ("start at 9pm", "早上8点前"): (start, by) as hours of the day; the answer says when it is done
    clock: tuple[float | None, float | None] | None = None
    # an amount to spend at most said beside a running cost ("our lab has $500/month for cloud ... for a 30 hour run"):
    # (amount as typed, its currency, its period); the answer's total is weighed against it (respond/limits.py)
    money_cap: tuple[float, str | None, str | None] | None = None
    # a time the work must be done in (nlu/form.py deadline_hours: "paper deadline in 5 days"): the answer's job time
    # is weighed against it when the answer did not weigh it itself
    deadline_asked: float | None = None
    # things made in a time asked ("how many sdxl images per hour", "一天能出多少张"): those hours (respond/made_in.py)
    made_in_hours: float | None = None
    # numbers few answers use ("10,000 hours of audio", "ddr5-6000"), as (kind, value, as typed): said when unused
    said: tuple[tuple[str, float, str], ...] = ()  # (respond/unused_numbers.py), never dropped silently
    # "每天1万次请求": (requests a day, tokens per reply, tokens assumed, users at once: a target; nlu/request_rate.py)
    requests_day: tuple[float, float, bool, int, int, float] | None = None
    stated: tuple[Stated, ...] = ()  # every number said, with its unit and role (query_terms.Stated, nlu/stated.py)
    # "i do maybe 2 runs a month", "每个月跑两次": how often the job talked about is run (nlu/runs.py); the thread keeps
    # it for the rent per month and the break-even in months of that job (dialogue/thread.py, respond/rent_job.py)
    runs_per_month: float | None = None
    # the PC case the message names ("..., corsair 4000d", "机箱是乔思伯d31"; a CASE tag as typed, nlu/parse.py): the
    # thread keeps it as the user's case (dialogue/machine_case.py)
    case_said: str | None = None
    # the CPU the message names ("i5-12400f，550w电源", "cpu is a 5700x"; a CPU tag as typed, nlu/parse.py): its own
    # power in any PSU weighing (respond/cpus.py); the thread keeps it as the user's CPU (Context.cpu)
    cpu_said: str | None = None
    # the motherboard chipset the message names ("my b550 board", "b660m"; a BOARD tag, nlu/parse.py): how a second card
    # is wired on it (respond/board_lanes.py); the thread keeps it as the user's board (Context.board)
    board_said: str | None = None
    # a prebuilt / OEM machine the message names ("my old dell optiplex 7050", "hp pavilion"; nlu/intents/oem_pc.py):
    # its small, often proprietary PSU weighs a card put in it (respond/oem_fit.py)
    oem_said: str | None = None
    # the parts of the machine the message says the user has (nlu/owned_parts.py: "我现在配置：i5-12400f，b660m，
    # 16g内存，550w电源" -> pc, cpu, board, ram, psu), whatever the intent: the thread keeps them
    # (dialogue/owned_machine.py)
    owned_said: tuple[str, ...] = ()
    # the GPUs the message says the user has ("我有一张3060 12g，想玩ai绘画", "i have a 3090"; nlu/owned_gpus.py), by KB
    # name, whatever the intent: the thread keeps them as the user's cards (Context.owned), what "旧卡" / "my old
    # card" means later
    owned_gpus: tuple[str, ...] = ()


@dataclass(frozen=True)
class Setting:
    """One assumption or user-data change ("electricity 0.30", "a 3090 costs $700")."""

    # electricity_usd_per_kwh | utilization | years | budget_usd | condition | snapshot | currency |
    # cny_per_usd | price_override | reset | remember | confirm | forget_price (gpu) | forget_prices | forget_defaults
    key: str
    value: str | float | None
    gpu: str | None = None  # for price_override: canonical KB name
    condition: str | None = None  # for price_override: "used 3090 ti for $900" (None: the condition in force)
    currency: str | None = (
        None  # None = USD; "CNY" | "EUR" | "GBP": a money value (budget_usd, electricity_usd_per_kwh,
    )
    #                              price_override) typed in that currency, to convert before use
