"""Does it fit / how fast: "will llama 3 70b fit on two 3090s?", "tokens/s of mixtral on a 4090",
"how much vram for a 13b model", "12GB显存够跑Transformer吗".

`read` claims a question naming a model or a parameter count (not asking for a recommendation);
`mixed_set` claims different GPUs in one machine ("a 3090 and a 4090 in one rig for llama.cpp", "i have a 3090
and a 3060, can i run 70b", "3090加一张3060能跑70b吗"): a fit on that set (FitQuery.gpus of two or more names);
`unnamed_model` claims "can i run olmo on a 3090": words the KB does not know where the model goes
(after run / fit / load, before the GPU), so the answer says the model is not known instead of
answering about the GPU alone; `memory_only` claims a memory size asked to fit a workload, with no
GPU or model named.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu import card_uses
from assistant.nlu.audio import audio_seconds
from assistant.nlu.card_size import card_size_said
from assistant.nlu.deadline import deadline_hours
from assistant.nlu.intents.rates import epochs, period, sample_tokens, samples, throughput
from assistant.nlu.intents.verdict import last_gpu, said
from assistant.nlu.job_terms import (
    adapters,
    image_batch,
    image_count,
    image_steps,
    ram_channels,
    resolution,
    setup_options,
    train_steps,
    trained_images,
)
from assistant.nlu.owned_fit import need_other, owned_after, owned_fit_first, sizes_weighed
from assistant.nlu.reading import Reading
from assistant.queries import FitQuery, GpuRef, ModelRef, Query, RigQuery
from assistant.query_talk import ExplainQuery

# set-up options a memory question may state (lexicon [lists] setup_<name>); in each pair the second
# wins when both match ("no gradient checkpointing" contains "gradient checkpointing")


def _gpu_count(r: Reading) -> int | None:
    """The GPUs counted, never the images counted ("4090出1000张sdxl图": 张 counts both) or the training steps
    ("2000 steps of sdxl lora on a 4070 ti super")."""
    count = r.total_count()
    if count is not None and count == train_steps(r):
        return None
    if count is not None and _needed_instead(r):
        return None  # "is 32gb on the 5090 enough for 70b or do i still need 2 cards": the count is the other way
    return None if count is not None and r.workload == "image_generation" and count == image_count(r) else count


def _needed_instead(r: Reading) -> bool:
    """The count is said after "or" with a need word between ("... or do i still need 2 cards", "还是得上两张"): the
    alternative weighed against the card as named, not the set asked about; the card itself is counted once."""
    tags = r.b.tags
    at_or = next((t.end for t in tags if t.kind == "OR"), None)
    counted = [t for t in tags if t.kind in ("NUMBER", "COUNT") and at_or is not None and t.start >= at_or]
    # no count before the "or" ("2x 3090 or do i need 3"): the card as named is one ("two of them" after it is not)
    named_once = not any(
        t.kind in ("NUMBER", "COUNT") and at_or is not None and t.end <= at_or and _above_one(t) for t in tags
    )
    if at_or is None or not counted or not named_once:
        return False
    between = r.text[at_or : counted[0].start].lower()
    return any(w in between for w in r.lex.listed("asks_need")) or any(w in between for w in ("要", "得"))


def _above_one(tag) -> bool:
    try:
        return float(tag.value) > 1
    except (TypeError, ValueError):
        return True


def _thread_gpu(r: Reading) -> list[GpuRef]:
    """ "那跑flux呢", "换成qwen 14b呢": a model asked after a follow-up word that opens the question, with no GPU or
    memory named and no hardware asked for ([lists] fit_hardware_words): on the GPUs the conversation is about (a
    pronoun the dialogue fills, with their count)."""
    b = r.b
    last = next((t for t in reversed(b.tags) if t.kind != "QUESTION"), None)
    led = b.tags and (b.tags[0].kind == "FOLLOW" or (last is not None and last.kind == "FOLLOW" and last.text == "呢"))
    if not led or not (r.model or b.has("PARAMS")) or b.has("MEMORY"):
        return []  # "what about for running 13b llms" after a comparison: a size is asked the same way
    if said(r, "fit_hardware_words"):
        return []
    return [GpuRef(mention="", pronoun="it", count_open=True)]


def gpu_hours_asked(r: Reading) -> bool:
    """ "how many 4090 hours for a lora on llama 3 8b": hours of a card named right before "hours" (its time)."""
    b = r.b
    for t in b.kinds.get("GPU", []):
        after = next((k for k, at in enumerate(b.toks_pos) if at >= t.end), None)
        if after is not None and b.toks[after] in ("hours", "hrs", "gpu-hours"):
            return True
    return False


def asked_form(r: Reading) -> str:
    """The form of the yes/no question (FitQuery.asked): "need" ("you need 24gb for X", a memory and no GPU named),
    "need_card" ("do i need an h100 / two 3090s for X": the cards named, not "how many"), "overkill" ("is a 4090
    overkill for sdxl"),
    "oom" ("会爆显存吗", "will it oom"), "too_little" ("is 12gb too little"), "enough" ("够不够"), in that order of
    precedence (lexicon [lists] asks_<form>); "" otherwise."""
    if r.num("MEMORY") and not r.refs and said(r, "asks_need") and not card_size_said(r.text, vram=False):
        return "need"  # "is it true you need 24gb for sdxl lora": a claim on the memory needed (not "a 24gb card")
    if r.explicit and not said(r, "asked_count"):
        if said(r, "asks_overkill"):
            return "overkill"  # "is a 4090 overkill for sdxl": the same numbers, the claim the other way round
        need = said(r, "asks_need_card")
        at = r.text.lower().find(need) if need else -1
        need = None if owned_after(r, need, at) else need  # "what gpu do i need, i have a 4060 ti": owned
        if need and (0 <= at < min(g.start for g in r.b.kinds.get("GPU", [])) or not need.isascii()):
            # "do i need an h100 to finetune 7b": whether the cards named after it are needed, in numbers; not
            # "will it fit on the 8gb or do i need the 16gb" (a fit asked first); Chinese says it after the card
            # ("我就跑7b 上4090有必要吗")
            return "need_card"
    return next((form for form in ("oom", "too_little", "enough") if said(r, f"asks_{form}")), "")


def _only_what_runs(r: Reading) -> bool:
    """Every word not understood is part of a what-runs phrase (lexicon what_runs: "能跑多大的模型")."""
    phrases = r.lex.listed("what_runs")
    words = {w for p in phrases for w in p.split()} | {ch for p in phrases if not p.isascii() for ch in p}
    return all(w in words or (not w.isascii() and all(ch in words for ch in w)) for w in r.b.unknown)


def variant_pair(r: Reading) -> bool:
    """ "5060ti 8g 和 16g", "4060 ti 8gb and 16gb": a card and its other memory version said as a bare size, two
    versions weighed against each other (a comparison), never two cards in one machine."""
    named = [g for g in r.explicit if g.name]
    if len(named) != 2 or named[0].name == named[1].name:
        return False
    return any(_BARE_SIZE.fullmatch((g.mention or "").strip().lower()) for g in named)


_BARE_SIZE = re.compile(r"\d+\s*g(?:b|ib)?")


def least_card_asked(r: Reading) -> bool:
    """ "whats the minimum gpu to run llama 3 8b", "跑qwen 14b最低要什么显卡": the least card for a model named, no
    GPU, memory amount or count asked ("minimum vram for ..." is the memory it needs; "最少几张" a count)."""
    if r.refs or not (r.model or r.b.has("PARAMS")) or not r.b.has("GPU_WORD") or r.b.has("MEMORY", "FIELD", "COUNT"):
        return False
    return bool(said(r, "asked_minimum")) and not said(r, "vram_words")


def read(r: Reading) -> Query | None:
    b, refs = r.b, r.refs
    if variant_pair(r):
        return None  # "5060ti 8g 和 16g 有必要上16g吗": the two versions compared (compare.read)
    # "whisper large v3 on a cpu only laptop or do i need a gpu": whether the CPU alone runs it, not which GPU
    on_cpu = bool(r.model) and not refs and said(r, "cpu_only_words") and not b.has("MONEY", "BUDGET", "UNDER")
    if (b.has("RECOMMEND") and not (owned_fit_first(r) or sizes_weighed(r)) and not on_cpu) or (
        b.has("SORT") and not refs
    ):
        return None  # "跑70b最省钱的方案": the cheapest GPUs for it, a recommendation (not "我有两张3090 跑70b够不够")
    if least_card_asked(r):
        return None  # "whats the minimum gpu to run llama 3 8b": the cheapest card that runs it (recommend.read)
    if not refs and said(r, "pick_one_words") and len(r.b.kinds.get("MODEL", [])) < 2:
        # "ok which one for sdxl lora training then": a pick (among the cards talked about), not a fit; of two models
        # ("glm-4.5 air vs llama 4 scout, which one runs better on a 64gb mac") the fit of each
        return None
    if b.has("COMPARE") and len({g.name for g in r.explicit if g.name}) == 2 and said(r, "ask_pick"):
        return None  # "5070 ti 4000块，二手 3090 3000块，跑 sdxl 出图，选哪个": a pick between the two (compare)
    if not refs and b.has("CPU") and said(r, "add_card") and said(r, "ask_pick"):
        return None  # "我电脑是i5 12400加16g内存，加一张啥卡能跑7b": which card to add, a recommendation
    if not (r.model or b.has("PARAMS")):
        gpus = refs or last_gpu(r)  # "能跑大模型吗" after an answer about one GPU: that GPU
        if not gpus and said(r, "what_runs") and not b.has("MEMORY", "BUDGET", "MONEY") and _only_what_runs(r):
            gpus = [GpuRef(mention="", pronoun="it", count_open=True)]  # "能跑多大的模型" after a pick: its cards
        if gpus and (said(r, "what_runs") or card_uses.asked(r)) and not b.has("RECOMMEND", "COMPARE", "VS"):
            # "3090能跑什么模型", "what can a 5090 run": the memory rule for LLMs (the workload named, else LLMs)
            workload = r.workload or "llm_inference"
            return FitQuery(
                text=r.text,
                model=None,
                gpus=tuple(gpus),
                gpu_count=r.total_count(),
                workload=workload,
                asked="what_runs",
                precision=r.precision,  # "biggest model on 2x 3090 at q8": the quant it is sized at (respond/inverse)
                context_tokens=r.num("CONTEXT"),
            )
        if gpus and said(r, "run_words") and r.workload in ("llm_inference", "llm_finetune", "image_generation"):
            # "3060能跑大模型吗", "mi50 32g能跑大模型吗": a GPU and a workload, no model: the memory rule; both kinds
            # ("3060能跑sd和大模型吗"): what the card runs of each
            both = len(set(b.meanings.get("WORKLOAD", [])) & {"image_generation", "llm_inference"}) >= 2
            work, asked = ("llm_inference", "what_runs") if both else (r.workload, "")
            count = r.total_count()
            return FitQuery(text=r.text, model=None, gpus=tuple(gpus), gpu_count=count, workload=work, asked=asked)
        return None
    if not refs and b.has("BUDGET", "MONEY") and not b.has("MEMORY"):
        return None  # "预算3k，跑sd1.5够用就行", "预算1万，想买张能跑32b的卡": which card, a recommendation
    if not refs and said(r, "link_need_words"):  # "do i need nvlink to run 70b on two cards": the nvlink concept
        return ExplainQuery(text=r.text, concept="nvlink", mention="nvlink", asked="yes_no", workload=r.workload)
    return _fit_query(r)


def settings_fix(r: Reading) -> Query | None:
    """ "got CUDA out of memory on my 4070 trying to train a lora on sdxl at batch 4, what do i change",
    "ollama跑qwen2.5 32b一直爆显存 我是4090 24g 怎么办": memory ran short on the user's own card (lexicon [lists]
    fix_trouble_words) and a fix is asked (fix_asks): the fit at the stated settings, answered with the settings to
    change (asked "fix", respond/fit_fix.py). A model the KB does not know is left to the OOM concept."""
    own = r.explicit or r.vram()  # "on my 12gb card": the memory said stands for the card
    generic = None if r.model or r.b.has("PARAMS") else said(r, "fix_generic_image_words")
    # "getting out of memory errors running sdxl on my 3060": the trouble told with no other ask asks its fix too
    told = said(r, "trouble_happening_words") and not (
        r.b.has("RECOMMEND", "BUY", "BUDGET", "MONEY") or said(r, "trouble_buy_words")
    )
    fix = said(r, "fix_asks") or told
    if not ((r.model or r.b.has("PARAMS") or generic) and own and said(r, "fix_trouble_words") and fix):
        return None
    if len({g.name for g in r.explicit}) > 1 or r.b.has("VS") or not all(g.name for g in r.explicit):
        return None  # two cards weighed (a comparison), or a card not known ("tried to allocate 2.00 GiB 3090...")
    found = dataclasses.replace(_fit_query(r), asked="fix")
    if found.context_tokens is None and (m := _MAX_MODEL_LEN.search(r.text.lower())):
        found = dataclasses.replace(found, context_tokens=int(m.group(1)))  # "with max_model_len 32768": as it ran
    if generic:  # "跑sd训练lora 爆显存": Stable Diffusion with no version is sized as SDXL, said (respond/fit_fix.py)
        found = dataclasses.replace(found, model=ModelRef(mention=generic, key=GENERIC_IMAGE_MODEL))
    return found


_MAX_MODEL_LEN = re.compile(r"max[-_ ]model[-_ ]len(?:gth)?\s*[=:]?\s*(\d{3,7})\b")  # vLLM's flag as typed
GENERIC_IMAGE_MODEL = "sdxl-base"  # "sd" / "stable diffusion" with no version, out of memory: SDXL [A]


def _speed_asked(r: Reading) -> bool:
    """The message asks a speed in the words of an ask (nlu/asks.kind_of: "一秒大概出几个字", "how quick is it")."""
    from assistant.nlu.asks import asked_as_word, kind_of

    return kind_of(r.text, r.b.lang) == "speed" and asked_as_word("speed", r.text, r.b.lang)


def _ram_alone(r: Reading) -> float | None:
    """The one memory amount, named as system RAM in words that never mean a GPU's memory (lexicon list
    ram_only_words: "64g内存", "32gb of system ram"), with no GPU named: the machine's RAM (a CPU run), not a GPU of
    that size. None otherwise (an English "16gb ram" alone stays the memory asked about; a Mac's or a mini PC's
    unified memory is the device's)."""
    if r.refs or len(r.b.kinds.get("MEMORY", [])) != 1 or not said(r, "ram_only_words"):
        return None
    if r.b.has("VENDOR") or said(r, "device_machine_words"):
        return None  # "mac mini 64g内存", "ai max 395 128g 小主机": unified memory, the device's own (a fit on it)
    tag = r.system_ram_tag(alone=True)
    return float(tag.value) if tag is not None and isinstance(tag.value, (int, float)) else None


def _with_added(r: Reading, gpus: tuple) -> tuple:
    """ "手上一张3090 想再加一张 跑72b 够不够", "i have one 3090, add another?": the card owned and one more of it (the
    card named once: "再加一张3060" names the one added)."""
    named = [g for g in gpus if g.name and not g.pronoun]
    once = len(r.b.kinds.get("GPU", [])) == 1
    if len(gpus) != 1 or len(named) != 1 or not once or not (said(r, "asked_add_card") and said(r, "add_card")):
        return gpus
    if _adds_memory(r):
        return gpus  # "四张3090再加128G内存": four cards and system RAM added, not a fifth card
    return (dataclasses.replace(named[0], count=named[0].count + 1),)


def _adds_memory(r: Reading) -> bool:
    """Every adding word ("再加", "add") is followed by a memory amount: memory is what is added."""
    text = r.text.lower()
    words = sorted(r.lex.listed("add_card") | r.lex.listed("asked_add_card"), key=len, reverse=True)
    after = [m.end() for w in words for m in re.finditer(re.escape(w), text)]
    return bool(after) and all(re.match(r"\s*(?:another\s+|more\s+)?\d+(?:\.\d+)?\s*g", text[i:]) for i in after)


def _several_formats(r: Reading) -> bool:
    """ "vram for llama 3.1 70b fp16 and q4": two formats asked of a model with no card, every format's row shown
    (one format would show that one alone); with a card, two formats are their speeds (respond/fit_precisions)."""
    generic = r.lex.listed("generic_quant_words")  # "q4量化": "量化" says it is quantized, not a second format
    named = {t.value for t in r.b.kinds.get("PRECISION", []) if t.text.lower() not in generic}
    return not r.refs and len(named) >= 2


def _fit_query(r: Reading) -> FitQuery:
    b, refs = r.b, r.refs
    if refs and r.vram() and all(g.pronoun and not g.name for g in refs):
        refs = []  # "i have 8gb vram, can it run qwen3 8b": "it" is the memory said, not a card talked about
    setup = setup_options(r)
    mode = trained_mode(r)
    return FitQuery(
        text=r.text,
        # "跑sd1.5和sdxl够用吗": the larger of one kind decides; "sd1.5 lora和sdxl lora 显存差多少": side by side
        model=r.model if b.has("FASTER", "COMPARE", "VS") or r.said("asked_difference") else r.heaviest_model(),
        # "could two of them run 34b": that many of the GPU talked about; "那跑flux呢": on the GPU talked about
        gpus=_with_added(r, tuple(refs or r.counted_them() or _thread_gpu(r)))
        if not _needed_instead(r)
        else tuple(dataclasses.replace(g, count=1) for g in refs),  # "... or would i need two of them": one card
        gpu_count=(_gpu_count(r) or 1) + 1 if _with_added(r, tuple(refs)) != tuple(refs) else _gpu_count(r),
        # "8-bit adam" names the optimizer, not the weights' precision
        precision=None if "adamw8bit" in setup and r.precision == "int8" or _several_formats(r) else r.precision,
        context_tokens=r.num("CONTEXT"),
        mode=mode,
        want_speed=b.has("SPEED", "SPEED_TARGET", "USERS")
        or (b.has("FASTER") and not b.has("THAN"))
        or "speed" in r.fields()  # "跑qwen2.5 14b速度呢", "4090跑qwen 14b速度": a model's speed is asked
        or (r.workload == "image_generation" and mode == "inference" and bool(said(r, "image_time_words")))
        or throughput(r)  # "how many images per hour can a 4090 do": a speed
        or _speed_asked(r)  # "一秒大概出几个字": the words that ask a speed (lists ask_speed), however interposed
        # "m4 max跑70b怎么样", "how does a 3090 do with 70b", "run 70b models well": how it runs is its speed
        or (mode == "inference" and bool(said(r, "verdict_how_is") or said(r, "run_well_words"))),
        params_b=r.num("PARAMS"),
        active_b=active_said(r.text, r.num("PARAMS")) if not r.model else None,
        samples=samples(r) or trained_images(r),
        sample_tokens=sample_tokens(r),
        epochs=epochs(r),
        images=image_count(r) if r.workload == "image_generation" else None,
        images_per=period(r) if r.workload == "image_generation" and image_count(r) else None,
        audio_s=audio_seconds(r.text) if r.model and r.model.key.startswith("whisper") else None,
        rented=r.b.has("RENT"),
        image_steps=image_steps(r) if mode == "inference" else None,
        train_steps=train_steps(r),
        memory_gb=r.vram() if not refs and not _ram_alone(r) else None,
        # "on a 4090 with 128gb ram": system RAM for offload, not the GPU's memory; "64g内存能跑70b吗": RAM, no GPU
        system_ram_gb=r.system_ram() or _ram_alone(r),
        ram_mts=r.num("RAM_SPEED"),  # "ddr5-6000": what the CPU reads system RAM at
        ram_channels=ram_channels(r),
        workload=r.workload,
        batch=r.num("BATCH") or image_batch(r) or r.num("USERS"),  # "并发20个用户": 20 sequences decoded at once
        resolution=resolution(r),
        lora_rank=r.num("RANK"),
        setup=setup,
        addons=adapters(r),
        want_time=bool(said(r, "duration_words") or gpu_hours_asked(r) or r.form.figure == "clock")
        and mode != "inference",
        released=bool(said(r, "full_weights") or b.has("UNQUANTIZED")) and not r.precision,
        want_context=bool(said(r, "context_asked")),
        tokens=r.num("TOKENS"),
        asked=asked_form(r),
        pretrain=bool(said(r, "pretrain_words")) and mode == "full_finetune",
        # "how many 4090s to pretrain a 1b model in a week", "一周内训完要几张": the time the job must fit in
        deadline_hours=(deadline_hours(r.text) or r.form.deadline_hours) if mode != "inference" else None,
    )


def trained_mode(r: Reading) -> str:
    """The method said, else training when epochs are said over a data set ("bert base, 50k tweets, 2 epochs on a t4,
    how long": a full fine-tune), else inference."""
    mode = r.mode()
    if mode == "inference" and epochs(r) and samples(r) and "inference" not in r.b.meanings.get("WORKLOAD", []):
        return "full_finetune"
    return mode


_RAM_CHOICE = re.compile(r"\d+\s*(?:gb?)?\s*(?:or|还是|/)\s*\d+\s*(?:gb?)?\s*(?:of\s+)?(?:ram|ddr[45]|内存)")


def system_ram(r: Reading) -> Query | None:
    """ "how much ram do i need for a 70b gguf with a 12gb card", "is 32gb of ram enough for 70b q4 with a 4090",
    "64 or 128gb ram for 70b partly on my 3090", "跑70b q4 显卡4090 内存要多大": the system RAM a model run on those
    GPUs needs (lexicon [lists] asks_system_ram, or two RAM sizes to choose from), with a model or a size named.
    The fit query of the question, asked "system_ram", its speed worked out (the part in RAM slows it)."""
    if not (said(r, "asks_system_ram") or _RAM_CHOICE.search(r.text.lower())) or not (r.model or r.b.has("PARAMS")):
        return None
    found = read(r)
    if not isinstance(found, FitQuery) or found.mode != "inference":
        return None
    ram = found.system_ram_gb
    if ram is None and found.gpus:  # "is 32gb of ram enough ... with a 4090": alone, the amount is RAM
        ram = next((float(t.value) for t in r.b.kinds.get("MEMORY", []) if isinstance(t.value, (int, float))), None)
    tag = r.system_ram_tag(alone=True) if ram is None and not found.gpus else None
    if tag is not None and isinstance(tag.value, (int, float)):  # "128g ram enough to offload deepseek?": RAM
        ram = float(tag.value)
    vram = found.memory_gb if found.memory_gb != ram else None
    if vram is not None and not found.gpus and _RAM_CHOICE.search(r.text.lower()):
        vram = None  # "64G还是128G内存": both sizes are the RAM to choose from, neither a GPU's memory
    return dataclasses.replace(found, asked="system_ram", want_speed=True, system_ram_gb=ram, memory_gb=vram)


def mixed_set(r: Reading) -> Query | None:
    """Two or more different GPUs in one machine: a word of lexicon list `mixed_set` ("in one rig", "together",
    "一起"), a "+" between them, or the user's own cards (`mixed_owned`) asked to run a model; never a choice
    between them ("or", "vs", "还是" between the two names)."""
    named = distinct_cards(r.explicit)
    if len({g.name for g in named if g.name}) < 2 or any(g.name is None for g in named):
        return None
    compares = r.b.has("VS", "COMPARE") or (r.b.has("FASTER") and r.b.has("THAN"))  # "how fast" asks the speed
    if compares or r.b.has("RECOMMEND", "RENT", "COST") or _choice_between(r, named) or variant_pair(r):
        return None
    together = said(r, "mixed_set") or plus_between(r, named)
    owned = said(r, "mixed_owned") and (r.model or r.b.has("PARAMS", "FIT", "SPEED")) and not need_other(r, named)
    if owned and not together and r.b.has("VALUE"):
        return None  # "i have a 3060 12gb. is a 4060 ti 16gb worth it for sdxl": the other card weighed, an upgrade
    if not (together or owned):
        return None
    if ((watts := r.psu_watts()) or 0) >= 300 or said(r, "rig_psu"):  # "my 3090 + 3060 on a 850w?": 300 W+ is a PSU
        return RigQuery(text=r.text, gpus=tuple(named), asks_power=True, psu_w=watts)
    found = read(r) if (r.model or r.b.has("PARAMS")) else None
    if isinstance(found, FitQuery):
        return dataclasses.replace(found, gpus=tuple(named), gpu_count=None)
    workload = r.workload or "llm_inference"
    return FitQuery(text=r.text, model=None, gpus=tuple(named), workload=workload, want_speed=r.b.has("SPEED"))


def distinct_cards(named: list[GpuRef]) -> list[GpuRef]:
    """The cards of a set, each once: a card named again later ("a 4090 and a 3090 for ddp, will the 3090 drag the
    4090 down") is the same card, not one more; a count typed with it stays ("a second 3060" is counted by
    Reading.refs)."""
    out: list[GpuRef] = []
    for g in named:
        same = next((k for k, e in enumerate(out) if e.name == g.name and _same_condition(e, g)), None)
        if same is None:
            out.append(g)
        elif g.count > out[same].count:
            out[same] = dataclasses.replace(out[same], count=g.count)
    return out


def _same_condition(a: GpuRef, b: GpuRef) -> bool:
    """ "a used 3090 ... the 3090": one card; "a used 3090 and a new 3090": two."""
    return a.condition is None or b.condition is None or a.condition == b.condition


def plus_between(r: Reading, named) -> bool:
    """A "+" joining the cards ("3090 + 3060 for 70b", "4090+4060ti"), not one elsewhere in the message ("5060 8gb
    or the 5060 ti, mostly chat + some coding": a choice, the "+" joins two uses)."""
    text = r.text.lower()
    first = text.find(named[0].mention.lower())
    last = text.rfind(named[-1].mention.lower())
    return "+" in (text[first:last] if 0 <= first < last else text)


def _choice_between(r: Reading, named) -> bool:
    """A choice word ([lists] choice_between_words: "or", "还是", "vs", "if not ... instead") between the first and the
    last GPU named: "3090 or 4090 for 70b" and "fit on a dgx spark? if not what about a mac studio" choose;
    "slapping a 4060 ti next to my 4070 super, would that work or is it dumb" does not."""
    text = r.text.lower()
    first = text.find(named[0].mention.lower())
    last = text.rfind(named[-1].mention.lower())
    between = f" {text[first:last]} " if 0 <= first < last else f" {text} "
    if any(w in between for w in r.lex.listed("choice_between_words")):
        return True
    return not said(r, "mixed_set") and any(w in between for w in r.lex.listed("choice_instead_words"))


def unknown_device(r: Reading) -> Query | None:
    """ "mac mini m4 16g能跑什么模型": a device the KB lacks, named with its memory size, asked what it runs (or
    whether a model fits): answered for that much memory; the answer says the device is not known."""
    if len(r.explicit) != 1 or r.explicit[0].name is not None or not (r.b.has("FIT") or said(r, "run_words")):
        return None
    mention = r.explicit[0].mention
    size = re.search(r"(\d+(?:\.\d+)?)\s*(?:gb|g)\b", mention.lower())
    if size is None or r.b.has("RECOMMEND", "COMPARE", "VS", "COST", "RENT"):
        return None
    return FitQuery(
        text=r.text,
        model=r.model,
        memory_gb=float(size.group(1)),
        params_b=r.num("PARAMS"),
        precision=r.precision,
        mode=r.mode(),
        workload=r.workload or ("llm_inference" if not (r.model or r.b.has("PARAMS")) else None),
        want_speed=r.b.has("SPEED"),
        unrecognized=(mention,),
    )


def unnamed_model(r: Reading) -> Query | None:
    b = r.b
    if r.model or not r.explicit or not b.unknown or b.has("PARAMS", "UNKNOWN_MODEL", "RECOMMEND", "COMPARE", "VS"):
        return None
    mention = model_words(r)
    if not mention:
        return None
    return FitQuery(
        text=r.text,
        model=ModelRef(mention=mention, key=""),
        gpus=tuple(r.refs),
        gpu_count=_gpu_count(r),
        precision=r.precision,
        mode=r.mode(),
        want_speed=b.has("SPEED"),
    )


def model_words(r: Reading) -> str:
    """The words between a run/fit word and the GPU ("run olmo on a 3090" -> "olmo", "grok-1" -> "grok 1")
    when they are words nothing else read (an unknown word first, then only unknown words and numbers)."""
    b = r.b
    fit = next((t for t in b.tags if t.kind == "FIT"), None)
    stop = next((t for t in b.tags if fit is not None and t.start >= fit.end and t.kind in ("ON", "GPU")), None)
    if fit is None or stop is None:
        return ""
    span = [(w, pos) for w, pos in zip(b.toks, b.toks_pos, strict=False) if fit.end <= pos < stop.start]
    while span and span[0][0] in r.lex.listed("model_articles"):
        span = span[1:]
    unknown = "".join(b.unknown)
    if not span or span[0][0] not in unknown:
        return ""
    if not all(w in unknown or w.replace(".", "").isdigit() for w, _ in span):
        return ""
    start, end = span[0][1], span[-1][1] + len(span[-1][0])
    typed = r.text[start:end].lower() if r.text.isascii() else ""
    return (
        typed
        if typed.replace("-", " ").split() == [w for w, _ in span]
        or typed.replace("-", "") == "".join(w for w, _ in span)
        else " ".join(w for w, _ in span)
    )


def memory_only(r: Reading) -> Query | None:
    """ "is 12gb enough for training transformers", "12g显存能跑什么模型"; a memory size asked about by itself ("is 8gb
    vram dead for local ai", "8g显存还能玩ai吗") is every kind of work (a FitQuery without a workload)."""
    b = r.b
    viable = not b.has("MONEY", "BUDGET", "VENDOR", "UNDER") and bool(
        said(r, "memory_viability") or said(r, "verdict_good_asked")
    )
    if r.refs or not b.has("MEMORY") or not (b.has("FIT") or viable) or b.has("RECOMMEND"):
        return None
    if b.has("GPU_WORD") and not viable:
        return None
    asks_what = bool(said(r, "what_runs"))  # "12g显存能跑什么模型", "what models can i run on 8gb vram"
    workload = None if viable and said(r, "generic_ai_words") else r.workload
    if (
        not workload
        and not asks_what
        and not viable
        and (b.has("MONEY", "BUDGET", "VENDOR", "UNDER") or not r.said("verdict_enough"))
    ):
        return None  # "is 12gb enough tho": enough for what the conversation is about (the dialogue fills it)
    return FitQuery(
        text=r.text,
        model=None,
        memory_gb=r.num("MEMORY"),
        workload=workload or ("llm_inference" if asks_what else None),
        mode=r.mode(),
        precision=r.precision,
        context_tokens=r.num("CONTEXT"),
        asked=asked_form(r) or ("what_runs" if asks_what else ""),
    )


_ACTIVE = re.compile(r"(\d+(?:\.\d+)?)\s*b\s*[-_ ]?\s*a(\d+(?:\.\d+)?)b(?![a-z0-9])", re.IGNORECASE)


def active_said(text: str, total: float | None) -> float | None:
    """The active parameters of a mixture of experts typed in its name: "qwen3-next-80b-a3b" -> 3, "480b a35b" -> 35
    (the total said beside them, and fewer than it); None otherwise."""
    found = _ACTIVE.search(text)
    if found is None or total is None or float(found.group(1)) != total:
        return None
    active = float(found.group(2))
    return active if 0 < active < total else None
