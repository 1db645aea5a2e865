"""Typed, frozen queries: what a question asks, after parsing and name resolution.

Contract: the parser (`assistant.nlu`) turns text into exactly one of the `Query` classes
below or of `assistant.query_talk` (explain, set, help, follow-up, unknown), or into a `Clarification`. GPU names in
`GpuRef.name` are canonical KB names; a `GpuRef` with `pronoun` set ("it", "them", "the other", "that one") is
filled from the dialogue context by `assistant.dialogue`. Nothing here refers to Lark or to the database.

Vocabularies:
- workload: training | inference | llm_inference | llm_finetune | image_generation | None
- precision: fp32 | tf32 | fp16 | bf16 | fp8 | int8 | int4 | a GGUF type of llama.cpp's quantize table (q2_k,
  q2_k_s, q3_k_s/m/l, q4_0, q4_1, q4_k_s/m, q5_0, q5_1, q5_k_s/m, q6_k, q8_0, iq4_xs, iq4_nl, iq3_m, iq3_s, iq3_xs,
  iq3_xxs, iq2_m, iq2_s, iq2_xs, iq2_xxs, iq1_m, iq1_s, tq1_0, tq2_0) | None
- condition: new | used | None
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.query_base import Query, Setting  # noqa: F401 - the base and settings, re-exported
from assistant.query_clarification import Clarification  # noqa: F401 - re-exported
from assistant.query_terms import (  # noqa: F401 - the vocabularies and references, re-exported
    FEATURES,
    INTENTS,
    PRECISIONS,
    VERDICT_KINDS,
    WORKLOADS,
    GpuRef,
    ModelRef,
    Stated,
    Usage,
)


@dataclass(frozen=True, kw_only=True)
class SpecQuery(Query):
    """ "specs of the 4090", "how much vram does a 3060 have": GPU facts."""

    intent: str = "spec"
    gpus: tuple[GpuRef, ...]
    fields: tuple[str, ...] = ()  # memory | bandwidth | power | tensor_cores | l2 | price | release | speed | all
    workload: str | None = None  # "she has a 3050 4gb, wants stable diffusion": the work the thread is about
    owned: bool = False  # "we have 4 a100s in our lab": the user's cards, what a job asked next runs on
    # "how much faster is fp8 than fp16 on a 4090": the number formats set against each other on that card
    precisions: tuple[str, ...] = ()
    # "will a 4090 fit in a fractal north, 355mm clearance" (fields ("size",)): the case's GPU length limit stated,
    # the case as typed, and whether two cards' slot spacing / the second slot is asked
    clearance_mm: float | None = None
    case: str | None = None
    spacing: bool = False
    psu_w: float | None = None  # "will a 3090 fit in my h510 with a 650w psu": the PSU said beside the case
    # "keep my 4090 or sell it now for $1,800" (fields ("sell",)): the amount it would sell for (all the cards
    # together) and what the user paid, each in the question's currency (None = dollars)
    sale_amount: float | None = None
    paid_amount: float | None = None
    money_currency: str | None = None
    # "how do i cool a p40", "p40需要什么供电线": the topic asked of the card (nlu/intents/card_topic.py), answered by
    # respond/card_topic.py; "other" with `unread` the words of the question nothing read ("p40 lifespan")
    topic: str | None = None
    unread: tuple[str, ...] = ()


# the concept a card topic is answered by when no card is named or talked about ("散热怎么办" first thing)
TOPIC_CONCEPTS = {
    "cooling": "gpu-temperature",
    "heat": "home-noise-heat",
    "power_limit": "power-limit",
    "board": "pcie",
    "install": "multi-gpu-build",
    "software": "cuda-arch-support",
}


@dataclass(frozen=True, kw_only=True)
class CompareQuery(Query):
    """ "X vs Y", "X or Y?", "how much faster is X than Y", "why X over Y"."""

    intent: str = "compare"
    gpus: tuple[GpuRef, ...]
    workload: str | None = None
    precision: str | None = None
    premise: str | None = None  # "why X over Y": the user believes gpus[0] is the better choice -> "first"
    released: bool = False  # "满血r1", "unquantized": the model's weights as released (FP8 for R1), no lighter quant
    aspect: str | None = None  # speed | value | memory | None (all)
    # "two 3090s or one 4090 for llama 3 70b": does it fit / how fast on each side; "does a second 3090 help
    # for llama 3 70b?": the model the scaling answer leads with
    model: ModelRef | None = None
    params_b: float | None = None  # "... for 70b": a model size without a name
    context_tokens: int | None = None  # "qwen3 32b at q6 w/ 32k ctx": the context the model is sized and run at
    worth: bool = False  # "is the 4090 worth the extra?", "is the upgrade worth it": yes / no on the dearer one first
    # "sell my 3090 for $700 and get a 5080": what the owned cards (gpus[0]) sell for together, in sale_currency
    sale_amount: float | None = None
    sale_currency: str | None = None
    # "企业采购", "for our company": bought for an organization, so a server is assumed (a datacenter card's passive
    # cooling or SXM module is no obstacle) and a GeForce card's datacenter licence is said
    organization: bool | None = None
    mode: str | None = None  # lora | qlora | full_finetune carried from the conversation (else read from the text)
    # offers weighed earlier in the conversation, (GPU name, amount, currency or None = USD): "差价多少" after
    # "闲鱼一万六的能收吗" and "那3090呢 五千五" is the gap between those offers
    offers: tuple[tuple[str, float, str | None], ...] = ()
    # a price gap the question states ("差两百块", "5080比5070ti贵两千"): (amount, currency or None = USD, the dearer
    # GPU's name or None when not said); the dearer card is priced at the cheaper one's price plus the gap
    price_gap: tuple[float, str | None, str | None] | None = None
    # "训练大模型", "for llm training": large-model training, where the tensor peaks decide (respond/compare_outcome);
    # kept by follow-ups in the same thread ("MI300X呢")
    large_model: bool = False

    def why_not(self) -> bool:
        """ "why not the 5080?", "为啥不选5080": the user suggests the first card instead of the one talked about."""
        return self.premise == "first" and self.asked_figure == "why" and bool(_WHY_NOT.search(self.text.lower()))


_WHY_NOT = re.compile(r"\bnot\b|n't|\bnt\b|为啥不|为什么不|怎么不|不选|不推荐|不买")


@dataclass(frozen=True, kw_only=True)
class RecommendQuery(Query):
    """ "best gpu under $1500 for training": a ranked pick for a workload under constraints."""

    intent: str = "recommend"
    workload: str | None = None
    budget_usd: float | None = None
    samples: float | None = None  # "qlora qwen2.5 14b on 30k samples, what gpu": the job's data (nlu/pick_job_data)
    condition: str | None = None
    vendor: str | None = None  # nvidia | amd | intel, or several joined by "," ("nvidia,amd")
    min_memory_gb: float | None = None
    gpu_count: int = 1
    model: ModelRef | None = None
    also_models: tuple[ModelRef, ...] = ()  # "whisper + some sdxl": models of another kind the card must hold too
    precision: str | None = None
    max_power_w: float | None = None
    psu_w: float | None = None  # "i have an 850w psu": the PSU the card must run on (power_cap.psu_note)
    organization: bool | None = None  # "we are a startup", "for our lab" -> True; "as a student", "for myself" -> False
    cloud: bool | None = None
    budget_currency: str | None = (
        None  # None = USD; "CNY" | "EUR" | "GBP": budget_usd holds the amount in that currency
    )
    sort: str | None = None  # "price": "cheapest gpu for X" (cheapest that does the job); "speed": a list by speed
    params_b: float | None = None  # "gpu for running 13b models"
    model_family: str | None = None  # "transformer": the reference's 24 GB memory rule applies
    cheaper_than: str | None = None  # "anything cheaper?": only GPUs priced below this one (canonical name)
    cheaper_than_count: int = 1  # how many of `cheaper_than` the last answer picked: cheaper = below their total
    other_than: tuple[str, ...] = ()  # "what else?", "runner up?": the cards picked before, left out of this pick
    top_n: int | None = None  # "top 5 gpus for llm inference": a ranked list of this many
    laptop: bool = False  # "which laptop gpu should an ml student get": laptop GPUs only
    form_choice: bool = False  # "laptop or desktop for deep learning?": the two forms weighed
    mac_or_pc: bool = False  # "mac or pc for local llms?": a Mac against a desktop with NVIDIA cards, same money
    cheaper_asked: bool = False  # "便宜点的呢，5k左右", "cheaper? $350 max": below the thread's pick too
    pretrain: bool = False  # "training a small gpt from scratch": every weight trained, compute-optimal tokens
    which_one: bool = False  # "which one would you pick for ...": one of the GPUs talked about, when there are some
    mode: str | None = None  # lora | qlora, when named: a pick among rented GPUs prices that job
    context_tokens: int | None = None  # a context the question states for the model ("at q4 with 32k context")
    batch: int | None = None  # a fine-tune's stated batch ("finetune whisper small at batch 16")
    released: bool = False  # "满血r1 需要什么配置": the weights as released (DeepSeek R1/V3: FP8), no lighter quant
    upgrade_from: str | None = None  # "my 3070 ..., upgrade to what": the card the user has (canonical name)
    add_to: str | None = None  # "i have a 2080 ti, which card should i add for 72b": the owned card kept beside
    add_to_count: int = 1  # "already have 2x 3090, what should i add": how many of the owned card
    owned_psu_w: float | None = None  # "rig: 5800x3d, 750w psu, 3070. want to run 70b": the PSU the user has
    among: tuple[str, ...] = ()  # "best 30 series card for llms": only these cards (canonical names) are ranked
    provider: str | None = None  # the cloud named with cloud=True ("autodl哪张卡合适"): the rented pick priced there
    among_label: str = ""  # what they are, as named ("RTX 30 series"), said by the answer
    still_made: bool = False  # "still being made new", "还在产的": only cards still made (respond/still_made.py)
    card_class: str | None = None  # "not a gaming card": pro | workstation | datacenter (respond/card_class.py)
    feature: str | None = None  # "cheapest card with fp8": cards that have it only (respond/feature_limit.py)
    form: str = ""  # "low profile", "single slot", "刀卡": low_profile | single_slot (respond/form_factor.py)
    consumer: bool = False  # consumer cards only, set by an answer that asks for them (respond/starter_tiers.py)
    audio_s: float | None = None  # "transcribe ~500 hours of audio with whisper, what gpu": the job's audio (s)


@dataclass(frozen=True, kw_only=True)
class FitQuery(Query):
    """ "will llama 3 70b fit on two 3090s?", "tokens per second of mixtral on a 4090"."""

    intent: str = "fit"
    model: ModelRef | None
    gpus: tuple[GpuRef, ...] = ()
    gpu_count: int | None = None
    precision: str | None = None
    context_tokens: int | None = None
    batch: int | None = None
    capacity_asked: bool = False  # "一张4090能跑多少并发": the most users served at once (kept through follow-ups)
    mode: str = "inference"  # inference | full_finetune | lora | qlora
    want_speed: bool = False
    want_time: bool = False  # "how long to fine tune llama 3 8b with qlora on a 4090": hours of the job as well
    # "tokens per second of llama 3.1 8b on a 4090 at fp16 vs q4": two precisions set against each other, each answered
    precisions: tuple[str, ...] = ()
    params_b: float | None = None  # "a 7b model" without a named model
    active_b: float | None = None  # "qwen3-next-80b-a3b": the active parameters of a mixture of experts not in the KB
    memory_gb: float | None = None  # "a 24 GB card", "12GB显存够跑…吗": memory without a named GPU
    workload: str | None = None  # "12GB显存够跑Transformer吗" (no model named)
    resolution: int | None = None  # image side in pixels ("1024x1024", "768px"); non-square: sqrt(w x h)
    lora_rank: int | None = None  # "r64", "rank 16"
    setup: tuple[str, ...] = ()  # set-up options stated: "checkpointing_on", "adamw8bit", "cpu_offload", ...
    samples: float | None = None  # "about 50k samples", "5万条数据": the job's data as a sample count
    sample_tokens: float | None = None  # "50k samples of 512 tokens": the length of one sample, when stated
    epochs: float | None = None  # "3 epochs", "跑3轮": passes over the data
    image_steps: int | None = None  # "sdxl at 30 steps": denoising steps of an image model generating
    train_steps: int | None = None  # "a 2000 step lora", "训练2000步": optimizer steps of a training job
    images: int | None = None  # "generate 1000 sdxl images", "a lora on 20 images": images a job makes or trains on
    rented: bool = False  # "10000 sdxl images on a rented a100": the time the work takes is priced as a rent
    images_per: str | None = None  # "5000 sdxl images a day", "一天要出2000张": the period the images are made in
    images_in_hours: float | None = None  # "how many could i crank out in an hour": the images made in that time
    audio_s: float | None = None  # "transcribe 200 h of audio", "我有300小时" after a Whisper answer: audio (s)
    system_ram_gb: float | None = None  # "with 128gb ram", "64g内存": system RAM for MoE expert offload
    ram_mts: float | None = None  # "ddr5-6000": the system RAM's transfers per second (CPU-only speed reads at it)
    ram_channels: int | None = None  # "dual channel", "四通道": memory channels said with it
    released: bool = False  # "满血r1", "unquantized": the weights as released (DeepSeek R1/V3: FP8), no lighter quant
    family_models: tuple[str, ...] = ()  # "4090能跑deepseek吗": the family's KB models, each answered on the GPU
    want_context: bool = False  # "3090最多能开多长上下文", "max context on a 4090": the longest context is the answer
    tokens: float | None = None  # "how long to fine-tune on 50m tokens": the data of the training time asked
    # the form of a yes/no question that the answer's first word follows: "oom" ("会爆显存吗", "will it oom"),
    # "too_little" ("is 12gb too little"), "enough" ("够不够"), "what_runs" ("what can a 3090 run": the largest model
    # leads); "need" (the memory the work needs, asked after a fit: "不行的话最少得多大显存", no card weighed); "" for
    # "will it fit", "能跑吗"
    asked: str = ""
    pretrain: bool = (
        False  # "预训练一个1b模型", "pretrain from scratch": a time on compute-optimal tokens unless stated
    )
    deadline_hours: float | None = None  # "in a week", "三天内": the time a training job must fit in (cards to do it)
    # the quant a speed was given at, kept when cards are added ("and on two of them?"): the answer leads with it so the
    # speeds compare, and its table weighs every quant, so a larger one that now fits shows (the dialogue sets it)
    kept_precision: str | None = None
    # the thread asked for a full fine-tune in so many words ("主要跑7b到14b模型的全参微调" then "那买两张4090够吗"):
    # the answer leads with the full fine-tune, as when the question says it (respond/fit_rows.full_stated; the
    # dialogue sets it)
    full_stated: bool = False
    # adapters loaded with an image model as it generates ("sdxl with 2 loras and a controlnet"): (kind, count, count
    # said) of kind controlnet | lora (nlu/tagging/adapters.py)
    addons: tuple[tuple[str, int, bool], ...] = ()


@dataclass(frozen=True, kw_only=True)
class CostQuery(Query):
    """Running cost, total cost of ownership, value per dollar or the cost of a training run."""

    intent: str = "cost"
    gpus: tuple[GpuRef, ...] = ()
    kind: str = "tco"  # running | tco | perf_per_dollar | training_run
    provider: str | None = None  # the cloud named ("what would it cost on lambda"): a run's rent priced there
    years: float | None = None
    hours_per_week: float | None = None
    utilization: float | None = None
    workload: str | None = None
    model: ModelRef | None = None
    params_b: float | None = None
    tokens: float | None = None  # training tokens for a training_run
    pretrain: bool = False  # a training_run said to be from scratch ("pretrain a 1b llama"): the thread's job is one
    electricity_usd_per_kwh: float | None = None  # "running cost of a 4090 at 0.30/kwh" (this question only)
    electricity_currency: str | None = None  # None = USD; "CNY": electricity_usd_per_kwh is in yuan per kWh (度)
    period: str | None = None  # day | week | month | year: "tco per month", "yearly power bill"
    watts: float | None = None  # "my card pulls 450w, how much a month": the power bill of that draw, no GPU named
    build_draw: bool = False  # `watts` is the build just answered at the wall ("and the power bill?" after a build)
    power_said: bool = False  # an electricity / power word in the question ("power bill", "电费"): never a rent
    # hours a week the card is ON, load included ("idles 24/7 and does ~4h of load a day": 168, with
    # hours_per_week = 28 the load): the hours beyond the load are billed at the card's idle draw (§cost.idle)
    powered_hours_per_week: float | None = None
    resale: bool = False  # "用两年再卖掉", "sell it after 2 years": the card is sold after `years` (§cost.resale)
    resale_usd: float | None = None  # a stated resale price ("sell it for 400 after"), USD
    resale_currency: str | None = None  # None = USD; "CNY": resale_usd is in yuan ("残值按3000算")
    resale_share: float | None = None  # "sell it after 2 years for half", "两年后七折卖掉": a share of the price
    resale_asked: bool = False  # "5090用两年卖掉大概能回多少钱": the resale price itself is asked, it leads
    # "my electric bill went up $38 last month ... does that math check out": the bill stated (amount as typed, its
    # currency, None = dollars), checked against the cards' load and idle draw over `period` (a month unless said)
    bill_stated: float | None = None
    bill_stated_currency: str | None = None
    share_asked: bool = False  # "$212 bill, how much of it is the pc": the cards' part of the stated bill leads
    # kind "two_rates": two values of one price ("spot $0.89/h vs on-demand $1.64/h", "峰电0.9 谷电0.3"), each costed
    # over the hours said (hours_total, else hours_per_week over `period`): per hour of the cards or per kWh they use
    rates: tuple[float, ...] = ()
    rate_unit: str | None = None  # hour | kwh | watts (two draws, "from 350 to 280w"; 0 W = the card's stock power)
    rate_labels: tuple[str | None, ...] = ()  # the option each rate is for ("spot", "谷电"), as typed
    rates_currency: str | None = None  # None = the question's own
    hours_total: float | None = None  # "a 60 hour job": hours in all
    hours_each: tuple[float, ...] = ()  # "$0.40/hr for 30 hours or $0.25/hr for 50 hours": each rate's own hours
    cap_kwh: float | None = None  # "landlord caps me at 300 kwh a month": the energy cap weighed, and its period
    cap_period: str | None = None
    own_fee: tuple[float, str | None] | None = None  # "colo is $150 a month": a month's hosting fee, its currency
    idle_w: float | None = None  # "mostly idle ~60w each": each card's draw at idle, said (the idle hours bill at it)


@dataclass(frozen=True, kw_only=True)
class RentOrBuyQuery(Query):
    """ "rent or buy a 4090 for 10 hours a week": the break-even of owning against the cloud."""

    intent: str = "rent_or_buy"
    gpus: tuple[GpuRef, ...] = ()
    hours_per_week: float | None = None
    utilization: float | None = None
    months: float | None = None
    workload: str | None = None
    provider: str | None = None  # the cloud named ("租autodl"): its rate, when the KB has one
    own_platform: bool = False  # "i already have a pc": buying means the GPU(s) only, no desktop around them
    # "rent or buy for finetuning 8b models": no GPU named, the work is; the GPU weighed is the pick for it
    model: ModelRef | None = None
    params_b: float | None = None
    # the training job named ("qlora llama 3.1 8b on 40k samples, rent or buy?"), carried to follow-ups
    mode: str | None = None  # lora | qlora | full_finetune
    samples: float | None = None
    sample_tokens: float | None = None
    epochs: float | None = None
    tokens: float | None = None  # "on 20b tokens": the job's training tokens as stated
    pretrain: bool = False  # "from scratch", "pretrain": compute-optimal tokens unless stated
    # the user's own rent ("renting at $0.89/hr", "租4090一小时两块"): it prices the rent side, not the cloud's rate
    rent_rate: float | None = None
    rent_rate_currency: str | None = None  # None: dollars
    rented: str | None = None  # the card that rate rents (canonical name), when two cards are named
    rented_hours: float | None = None  # "been paying $1.20/hr ... for 3 weeks straight (24/7)": hours rented so far
    total_hours: float | None = None  # "about 200 hours of training total": the hours of use in all, no pace said
    # own cards kept running ("at home vs a cloud gpu", "托管 ... 和长租比"): each side's month leads; a month's hosting
    # fee said ("colo quote $180/mo"): (amount, currency), added to owning; (0, None) when none is paid
    own_fee: tuple[float, str | None] | None = None
    resale: tuple[float | None, str | None] | None = None  # "sell it after 2 years (for $400)": (amount, currency)
    resale_share: float | None = None  # "sell it after 2 years for half": the share of the price paid it sells for
    # what renting costs the user a month ("renting a100s for like $300/month"): (amount, currency or None); the
    # answer turns it into hours of use a week at the rented card's rate (respond/rent_spend.py)
    rent_spend: tuple[float, str | None] | None = None
    # a cloud set against what is talked about, no buying, renting or card said ("跟vast比差多少", "vs runpod?"): after
    # a cloud's rate, that cloud's rate beside it (dialogue/rate_edits); otherwise renting there against buying
    cloud_against: bool = False
    # a video model's clips ("wan 2.2 14b ... ~30 clips a week, buy or rent"): its key in knowledge/video_models.csv
    # and the clips a week; the hours of use are the clips' time on the card weighed (respond/video_rent.py)
    video: str | None = None
    clips_per_week: float | None = None


@dataclass(frozen=True, kw_only=True)
class VerdictQuery(Query):
    """ "is a 4090 worth it for local llms?", "is the 3060 good for deep learning?", "is a 4090
    overkill for stable diffusion?", "does the a100 have fp8?": a yes / no about one GPU."""

    intent: str = "verdict"
    gpus: tuple[GpuRef, ...]
    kind: str = "good"  # one of VERDICT_KINDS
    workload: str | None = None
    feature: str | None = None  # one of FEATURES when kind == "feature"
    # kind == "deal": the price someone asks for the GPU(s) ("used 3090 for $650 a good deal?", "一万三能收吗"),
    # for all of them together when counted; in money_currency (None = dollars). An offer, not a price setting.
    offer: float | None = None
    money_currency: str | None = None
    # the offer is a rent for that period ("8卡a800包月12万"): month | year | day | hour; None = a purchase price
    offer_period: str | None = None
    model: ModelRef | None = None  # "... worth it for running llama 3.3 70b?": the deal answer says how it runs
    params_b: float | None = None  # "闲鱼3090 5000块 能跑70b吗": a model size without a name, the same
    risks: bool = False  # "... 五百块 坑在哪": the catches of the card's form asked (respond/card_risks.py), said first
    owned_use: str = ""  # the user's own card, its use asked: "any" (what it runs) or "keep" (keep or change it)
    mode: str | None = None  # the method named ("is a 5090 enough for the qlora"): lora | qlora | full_finetune


@dataclass(frozen=True, kw_only=True)
class PowerLimitQuery(Query):
    """ "i'll power-limit my 3090 to 250 w, how much do i lose", "4090限功耗到70%掉多少性能"."""

    intent: str = "power_limit"
    gpus: tuple[GpuRef, ...]
    watts: float | None = None  # the limit in watts
    share: float | None = None  # or as a share of the board power (0.7 for "70%")
    bill: bool = False  # asked right after the cards' running cost: the bill at the limited draw too (the dialogue)
    draw_w: float | None = None  # that bill's machine draw as stated ("rig pulls 420w"): the watts saved come off it
    example: bool = False  # "功耗墙压到70% 训练速度会掉多少" with no card anywhere: the reference card, said an example
    advise: bool = (
        False  # "4090 功耗墙 设置多少合适": no limit stated, the limit to set is asked (respond/power_limit.py)
    )


@dataclass(frozen=True, kw_only=True)
class PriceWhyQuery(Query):
    """ "why is the h100 so expensive", "为啥h100那么贵 比4090强在哪": what the price pays for, against a
    cheaper card (the second GPU named, else the fastest cheaper GeForce card)."""

    intent: str = "price_why"
    gpus: tuple[GpuRef, ...]
    workload: str | None = (
        None  # "跑llm速度却差不多": the speed weighed is that work's (llm_inference: one user's chat)
    )


@dataclass(frozen=True, kw_only=True)
class RatesQuery(Query):
    """Cloud prices as the answer: "h100 per hour", "vast.ai 4090 price", "rent an a100 for 100
    hours", "cost to fine-tune llama 3 8b on rented h100s", "serve llama 3 70b for a month"."""

    intent: str = "rates"
    gpus: tuple[GpuRef, ...] = ()
    provider: str | None = None  # lexicon key: vast.ai | runpod | lambda | aws | gcp | azure | ...
    providers: tuple[str, ...] = ()  # "runpod or vast for a 4090?": two or more providers set side by side
    # rates | rent (hours or a period) | job (train / fine-tune a model) | serve | by_memory | providers (clouds'
    # price lists, no GPU) | spend (the hours an amount of money rents) | plan (a period plan against by the hour)
    mode: str = "rates"
    hours: float | None = None  # total hours of rent
    # clips of a video model made on the card rented ("租5090跑一百段"): the hours are their time (video_rent.py)
    clips: float | None = None
    video: str | None = None  # that video model's key (None: the thread's, filled in by the dialogue)
    period: str | None = None  # day | week | month | year: "for a month"
    model: ModelRef | None = None
    method: str = "full_finetune"  # job: full_finetune | lora | qlora
    tokens: float | None = None  # job: training tokens
    precision: str | None = None  # serve: the weights' precision
    workload: str | None = None  # "l40s or a100 for serving inference, which is better value to rent": the measure
    min_memory_gb: float | None = None  # "cheapest cloud gpu with 80gb": no GPU named, every GPU with this much
    set_count: int = 1  # by_memory: "cheaper?" after 8 x B200 for a month: each row priced for that many (`hours`)
    samples: float | None = None  # job: "about 50k samples" (converted to tokens at an assumed length)
    sample_tokens: float | None = None  # job: "of 512 tokens each": the sample length stated (else assumed)
    sample_tokens_seq: bool = False  # job: that length is the sequence length said ("10k examples, seq len 2048")
    epochs: float | None = None  # job: "3 epochs": passes over the data
    params_b: float | None = None  # job: "a 1b model" without a named model
    pretrain: bool = False  # job: "pretrain", "from scratch": compute-optimal tokens unless stated
    job_open: bool = False  # "how much is that if i rent the 4090": the job talked about, on this GPU (else its rates)
    spend: float | None = None  # mode "spend": "$500, how many hours of h100 is that", "1万块能租多久的4090"
    spend_currency: str | None = None  # the amount's currency (None: dollars)
    # "would 2 h100s be faster and cheaper overall" after 120 hours of an A100: the same work as `hours` hours on
    # `count` x `gpu` (GPU name, count, hours), timed on each card asked by its training speed and priced (rent mode)
    work_of: tuple[str, int, float] | None = None
    cheaper_than_provider: str | None = None  # "cheaper provider?" after a rent at a cloud: is it already cheapest
    spot: bool = False  # "h100 spot price", "cheapest spot a100", "h100竞价实例": spot rates asked (leads the answer)
    # "如果只用晚上 每天4小时呢" after a rented job: the hours a day it runs, so the answer says how many days it takes
    hours_per_day: float | None = None
    # "what if i only have 48 hours to finish": the time the job must fit in; the answer gives the cards it needs
    deadline_hours: float | None = None
    stated_rate: float | None = None  # "if i rent an h100 at $2.49/hr": the user's rate per GPU-hour, for the total
    stated_rate_currency: str | None = None  # its currency (None: dollars)
    card_rates: tuple[tuple[str, float, str | None], ...] = ()  # several cards: each one's rate said beside it
    # mode "plan" ("按量和包月哪个划算", "包月租两张a100 三个月"): how many of the plan's periods (`period`: month |
    # week), and the plan's price if stated ("包月要¥1052") in plan_price_currency (None: dollars)
    plan_periods: float | None = None
    plan_price: float | None = None
    plan_price_currency: str | None = None


@dataclass(frozen=True, kw_only=True)
class RigQuery(Query):
    """A whole machine for a budget: "$10k for a training rig, what gpus?", "i have 3000 dollars,
    build me an llm box", "4-gpu box for 70b", "预算3万组一台炼丹机". The budget is a target to spend."""

    intent: str = "rig"
    gpus: tuple[GpuRef, ...] = ()  # the GPU the rig must use, when named
    gpu_count: int | None = None  # "a 4-gpu box": exactly this many
    mode: str | None = None  # lora | qlora | full_finetune named for a model's fine-tune ("全参微调qwen2.5 7b")
    budget_usd: float | None = None
    budget_currency: str | None = None  # as RecommendQuery.budget_currency
    cheaper_than_usd: float | None = None  # "cheaper?" after a build: that build's total (the budget is below it)
    workload: str | None = None
    model: ModelRef | None = None
    params_b: float | None = None
    precision: str | None = None
    condition: str | None = None
    vendor: str | None = None
    server: bool = False  # "a server", "服务器": passively cooled datacenter cards are candidates too
    organization: bool = False  # "课题组预算10万", "公司采购": an institution buys (in yuan: official channels only)
    card_class: str | None = None  # "workstation cards only", "只要专业卡": as RecommendQuery.card_class
    min_memory_gb: float | None = None  # "不是，我想要 24g 以上的" after a build: cards with at least this memory
    system_ram_gb: float | None = None  # "is 64gb ram enough for 2 3090s": the RAM weighed against the cards
    ram_asked: bool = False  # "how much ram do i need with a 4090": the RAM the cards want, no size said
    ram_overkill: bool = False  # "is 64gb ram overkill for a 4090 build": whether the size said is more than needed
    psu_w: float | None = None  # "3x 3090 on a 1000w psu, will it be ok": the PSU the user has
    asks_power: bool = False  # a PSU question ("4张3090 电源要多大"): the power answer leads
    # the wall circuit the user names ("on a 120v 15a circuit", "220v 10a插座"): volts and breaker amps (None: not said)
    circuit_volts: float | None = None
    circuit_amps: float | None = None
    cpu: str | None = None  # the CPU named, as typed ("threadripper 7960x"): its power class in the PSU sizing
    card_w: float | None = None  # "显卡功耗450w 电源850w够不够": one card's draw when no GPU is named
    replaces: str | None = None  # "主机是b450+5600+650w电源+3060 想上5080": the card the named one replaces
    psu_need_asked: bool = False  # "do i need 1600w for 4x 4090": is that much needed (not: is it enough)
    cap_w: float | None = None  # a cap at the wall ("宿舍限电800w", "ups is 1500va / 900w"): watts, else cap_va
    cap_va: float | None = None
    # an energy budget a day checked by rig.wall_cap ("solar gives me 12 kwh/day surplus"): cap_kind "energy", the
    # kWh a day, the period the user gave it in (shown in that period), the machine's draw the user states ("pulls
    # ~420w at the wall") and the hours a day it runs at load (None: not said)
    cap_kind: str | None = None
    energy_kwh_day: float | None = None
    energy_period: str = "day"
    wall_w: float | None = None
    hours_day: float | None = None
    min_total_gb: float | None = (
        None  # "48gb of vram in one box for under $1,500": the cards' memory together, at least
    )
    budget_includes: tuple[str, ...] = ()  # "¥8000 including a monitor": parts the budget also pays for, unpriced
    owned_parts: tuple[str, ...] = ()  # "already have a case and ssd", "i have a pc": parts not bought (or "pc")


@dataclass(frozen=True, kw_only=True)
class VideoQuery(Query):
    """A video-generation model's memory: "how much vram does hunyuanvideo need", "can a 4090 run wan 2.1"."""

    intent: str = "video"
    video: str  # key in knowledge/video_models.csv
    gpus: tuple[GpuRef, ...] = ()
    budget_usd: float | None = None  # "wan 2.1 14b under 2k", "wan2.2 预算1万 买啥卡": which card to buy
    budget_currency: str | None = None  # as RecommendQuery.budget_currency
    pick: bool = False  # "best card for wan 2.2", "wan2.2用什么显卡好": which card to buy, no budget said
    cheaper_than: str | None = None  # "cheaper option?" after a pick for it: the cards priced below that one
    size: str | None = None  # "480p", "720p": the video size asked (its time and memory); None = every published one
    params_b: float | None = None  # "换成14b呢" after Wan2.1 1.3B: the member of the model's family of that size
    typical: bool = False  # no model named ("文生视频 4090够吗"): the usual open video model's family answers, said
    # several video models named ("hunyuan video / wan 2.1, minimum card?"): each as typed, in text order; each answered
    models_named: tuple[str, ...] = ()
    training: bool = False  # "can i lora wan 2.1 14b on a 4090": training asked, which the data does not hold
