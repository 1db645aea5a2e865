"""Queries that talk about the conversation rather than a job: a concept explained, settings changed, help,
a follow-up ellipsis merged into the last question, and a message not understood.

Contract: typed frozen values like every query in `assistant.queries` (same vocabularies, see its docstring); the
parser returns them, the dialogue merges a `FollowUpQuery` into the previous query and applies a `SetQuery`'s
settings. Nothing here refers to Lark or to the database.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from assistant.query_base import Query, Setting
from assistant.query_terms import GpuRef, ModelRef


@dataclass(frozen=True, kw_only=True)
class ExplainQuery(Query):
    """ "what is a tensor core": a concept from the knowledge base."""

    intent: str = "explain"
    concept: str  # Concept.key, resolved
    mention: str = ""
    others: tuple[str, ...] = ()  # concepts it is compared with ("tensor core vs cuda core", "带宽比算力")
    gpus: tuple[GpuRef, ...] = ()  # the GPU whose board versions are compared ("3090涡轮版和公版"), named in a note
    # the work and the model the question is about ("a卡能跑sd吗": image generation): not used by the answer, kept by
    # the conversation for the follow-ups ("那n卡呢" is about SD on NVIDIA cards)
    workload: str | None = None
    model: ModelRef | None = None
    context_tokens: int | None = None  # "上下文开到32k还能跑吗" after a fit: that fit at this context (the dialogue)
    temperature_c: float | None = None  # "85c is that ok": the reading the user gives, weighed against the rule
    sensor: str | None = None  # "vram temp 100c": "memory" (junction / hotspot) when not the GPU core reading
    core_temperature_c: float | None = None  # "核心75度 显存结温104度": the core reading given beside the memory one
    # what the question asks of the concept (respond/concept_leads answers it first): "yes_no" ("does gqa cut
    # vram"), "why_slow" ("why is a 4060 ti so slow for llms"), "why_not" ("why not amd" after a ranking: a side
    # question, the conversation keeps the ranking as the question talked about); "longest" ("what context length
    # could i get": the longest context of the fit talked about, dialogue/method_choice); None: what the concept is
    asked: str | None = None
    ranks: tuple[int, ...] = ()  # "lora rank 8 vs 64": the LoRA ranks the question names
    precisions: tuple[str, ...] = ()  # "int4 vs fp8 quality": the number formats named (lexicon [precision] keys)
    # "at fp8?", "int4?": a number format said with nothing else; after a fit, that fit at the format (the dialogue)
    format_alone: str | None = None
    params_b: float | None = None  # "why does a 7b model need 100+gb to fully finetune": the size named, no model
    stated_gb: float | None = None  # "why does a 7b model take 14gb": the memory the user sees, matched to a precision
    stated_tps: float | None = None  # "only getting 8 tok/s", "才5 token/s 正常吗": the speed the user measures
    batch: int | None = None  # "3090训练bert batch 64 爆显存 怎么改": the batch of the run that ran out of memory
    architectures: tuple[str, ...] = ()  # "does cuda still support pascal": NVIDIA architecture families named
    # a runtime's log line: "offloaded 33/81 layers to GPU" -> (33, 81); "45%/55% CPU/GPU" -> cpu_share 0.45
    offload_layers: tuple[int, ...] = ()
    cpu_share: float | None = None
    # "CUDA out of memory. Tried to allocate 2.00 GiB (... 23.69 GiB total capacity; 21.5 GiB already allocated ...)":
    # (tried, total, allocated, reserved but unallocated, free) in GiB, None where the line does not say
    oom_gib: tuple[float | None, ...] = ()
    # figures a pasted log line states: vLLM's "Maximum concurrency for 8192 tokens per request: 3.41x" -> (8192, 3.41);
    # llama.cpp's "prompt eval 412 tokens per second ... eval 18.5 tokens per second" -> (412, 18.5)
    concurrency: tuple[float, ...] = ()
    uses: tuple[str, ...] = ()  # "watts in inference vs training": the uses whose power draw is asked
    stated_w: float | None = None  # "at 250w while llama.cpp generates": the draw the user reads; a set-up's PSU
    cpu: str | None = None  # "3090 + 5800x, do the transient spikes trip it": the CPU named (its class's watts)
    embed: tuple[float | None, float | None] | None = None  # "embed 5M docs of ~500 tokens": (documents, tokens each)
    tie: bool = False  # the evidence fits `concept` and `others[0]` about equally (nlu/concept_score): both, said
    fact: str = ""  # the asked fact (knowledge/concept_facts.toml id) the question's first ask says: answered first


@dataclass(frozen=True, kw_only=True)
class SetQuery(Query):
    """A message that changes assumptions or saved data rather than asking a question."""

    intent: str = "set"
    settings: tuple[Setting, ...]
    save: bool = False  # "remember this", "save as default": keep for later sessions, not just this conversation
    confirmed: bool = False  # "yes, really": apply a price far from the known one


@dataclass(frozen=True, kw_only=True)
class HelpQuery(Query):
    """ "help", "what can you do": what can be asked."""

    intent: str = "help"
    topic: str | None = None


@dataclass(frozen=True, kw_only=True)
class FollowUpQuery(Query):
    """Ellipsis: "and the 3090?", "what about for training?", "what about two of them?",
    "no, the ti". The dialogue merges the set fields into the previous query."""

    intent: str = "followup"
    gpus: tuple[GpuRef, ...] = ()
    replace: bool = False  # "no, the ti": replace the last-mentioned GPU instead of adding
    workload: str | None = None
    precision: str | None = None
    gpu_count: int | None = None
    model: ModelRef | None = None
    context_tokens: int | None = None
    batch: int | None = None  # "batch 开到16呢", "what about batch 16": the sequences (users) at once
    budget_usd: float | None = None
    budget_currency: str | None = None  # as RecommendQuery.budget_currency
    fields: tuple[str, ...] = ()  # "and its bandwidth?": the spec fields asked now
    ask: str | None = None  # "cheaper" ("anything cheaper?", "便宜点的？") | "why" ("why?", "为啥")
    vendor: str | None = None  # "with amd too", "what about amd": nvidia | amd | intel
    also: bool = False  # "too", "as well", "也": add to the last answer's GPUs or vendors, not replace
    adds: bool = False  # "what if i add a 3060", "再加一张3060呢": the cards named join the last question's set
    removes: bool = False  # "what if i drop one card", "去掉一张呢": fewer of the set's card (gpu_count: how many go)
    swaps: bool = False  # "换成4090呢", "switch to a 4090": the card named instead of the set talked about
    instead: bool = False  # "what about an m4 max instead?": the card named set against the one before (instead_words)
    laptop: bool = False  # "what about a laptop instead", "笔记本呢" (no card named): laptops for the thread's pick
    precisions: tuple[str, ...] = ()  # "fp8 or q4 on it?": two formats weighed for the thread's model on its card
    want_speed: bool = False  # "how fast?", "tokens per sec?": the speed of what the last answer was about
    video_use: bool = (
        False  # "视频生成呢", "what about video gen?": video generation with no model named (not the image one)
    )
    min_memory_gb: float | None = None  # "only 24gb+ cards", "with at least 16gb"
    mode: str | None = None  # "and with lora?", "qlora then?", "full finetune?"
    organization: bool | None = None  # "what if it's for my company" -> True, "and for a student?" -> False
    amount: float | None = None  # "and if i only had 800?": a bare number; the dialogue reads it by the last question
    period: str | None = None  # "and per month?", "for a week?": day | week | month | year, for a cost or a rental
    providers: tuple[str, ...] = ()  # "what about on lambda?", "runpod vs coreweave?": the clouds to price it at
    # "which provider", "租卡哪个平台便宜" with no card: the rent of what was talked about, or, with nothing talked
    # about, the cheapest cloud GPUs (dialogue/core._without_pronouns)
    any_card: bool = False
    of_them: bool = False  # "two of them?": a count of the GPUs just talked about (not "with 2 gpus")
    one_asked: bool = False  # "can i do it on one or do i need 2": whether one card does the last question's work
    own_platform: bool = False  # "what if i already have a pc": buying without the desktop around the GPU
    hours_total: float | None = None  # "the job is about 120 hours total, what does that come to": the rent for them
    # hours stated without a span or a period ("and at 25 hours?"): a rent's hours after a rent of so many hours,
    # else hours a week of use (the utilization setting the question also carries)
    hours_bare: float | None = None
    images_in_hours: float | None = (
        None  # "how many in an hour", "一小时能出几张": things made in that time (1, 24, 1/60)
    )
    resolution: int | None = None  # "at 1536x1536?", "1536的呢": another image size for the image talked about
    image_steps: int | None = None  # "with 50 steps?", "50步呢": other denoising steps
    train_steps: int | None = None  # "how long would a 2000 step lora take on it": the training job's steps
    tokens: float | None = None  # "how long would 50m tokens take": the training data of the last fit or job
    want_time: bool = False  # "how long would it take": the training time of the last fit
    system_ram_gb: float | None = None  # "what if i add 64gb ram": system RAM for the last fit's offload
    params_b: float | None = None  # "what about 70b": a model size instead of the model talked about
    samples: float | None = None  # "with 100k samples": the training job's data, as a sample count
    sample_tokens: float | None = None  # "if they're ~2k tokens each": the length of one sample
    epochs: float | None = None  # "if i do 3 epochs instead": passes over the data
    deadline_hours: float | None = None  # "what if i only have 48 hours to finish": the time the job must fit in
    months: float | None = None  # "what if i only need it for 3 months": how long it is needed (a rent-or-buy)
    same_work: bool = False  # "same job on 4 of them": the job's work on the new set (its hours scale), not its hours
    # "what if i get $700 for it", "要是能卖5000呢" after a swap weighed: the amount is what the card sold brings back
    sale: bool | float = False  # a float: the share of its price it sells for ("sell it after 2 years for half")
    addons: tuple[tuple[str, int, bool], ...] | None = None  # "with a lora and a controlnet on top?": FitQuery.addons
    budget_share: float | None = None  # "anything cheaper? like half that": that share of the last budget


@dataclass(frozen=True, kw_only=True)
class UnknownQuery(Query):
    """A message not understood, with what was recognised in it."""

    intent: str = "unknown"
    understood: tuple[str, ...] = ()  # what was recognised, e.g. ("GPU: GeForce RTX 4090",)


def said_fields(follow: FollowUpQuery) -> set[str]:
    """The fields of a follow-up set to something other than their defaults (what the message said), "text" left out."""
    bare = FollowUpQuery(text=follow.text)
    return {f.name for f in dataclasses.fields(FollowUpQuery) if getattr(follow, f.name) != getattr(bare, f.name)}
