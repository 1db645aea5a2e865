"""Set-up questions: how a part of the user's set-up behaves, asked in words of its own, not a card's specs.

Contract: `topic(r)` returns an ExplainQuery for the concept of knowledge/concepts.toml whose rule the question
meets, or None. A rule (RULES) is a concept and lexicon [lists] names; the question must say a word of every list
(English as whole words, Chinese as text): an eGPU over Thunderbolt / USB4 / OCuLink ("雷电4外接显卡坞会慢多少",
"egpu over thunderbolt 4 with a 3090 for llm inference, how much slower"), a single-board computer or its NPU
("orange pi 5 rk3588 npu, can it run llama 3 8b", "香橙派能跑本地大模型吗"), an SXM module on an adapter board
("sxm2转pcie转接板要注意什么"), a PSU's transient spikes or a PC shutting off under load ("750w bronze, 3090 +
5800x, do the transient spikes trip it", "3090瞬时功耗会不会让850w电源重启"), a board that splits x8/x8 ("which
motherboard can run two 4090s at x8/x8", "双卡主板怎么选"), a fanless or laptop machine's heat ("m4 macbook air
能跑7b吗 会不会很烫降频"), noise and heat at home ("魔改4090 48g涡轮版 放家里会不会很吵", "how much heat does a
4090 rig put into a small room"), and an AMD / Intel card with its software stack named ("rx 9070 xt with rocm for
pytorch training, usable yet?", "7900xtx在windows上能跑comfyui吗": that vendor's practice concept).
The GPUs named, their count, a CPU, a PSU's watts and the work are kept for the answer's numbers (a model named
is not: the set-up is the question, so "树莓派能跑qwen吗" never asks which Qwen).
Not when the question asks money, a budget, a rental or a recommendation (a quiet build under $2k is a build).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.concept_facts import asked_fact
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query
from assistant.query_talk import ExplainQuery

# (concept, the lexicon lists the question must each say a word of), tried in order: the first rule met wins
RULES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("egpu", ("setup_egpu_words",)),
    ("sbc-npu", ("setup_board_computer_words",)),
    ("sxm-adapter", ("setup_sxm_words", "setup_adapter_words")),
    ("psu-transients", ("setup_spike_words", "setup_power_words")),  # not "vram usage spikes during training"
    ("psu-transients", ("setup_shutdown_words", "setup_psu_words")),
    ("dual-gpu-board", ("setup_split_words", "setup_board_words")),
    ("portable-throttle", ("setup_portable_words", "setup_throttle_words")),
    ("home-noise-heat", ("setup_blower_words", "setup_noise_words")),
    ("home-noise-heat", ("setup_blower_words", "setup_heat_words")),
    ("home-noise-heat", ("setup_room_words", "setup_heat_words")),
    ("home-noise-heat", ("setup_room_words", "setup_noise_words")),
    # "is it loud", "会不会太吵", "is the 4090 loud": a noise word alone in a short question about one card (a pronoun
    # or no card at all: the dialogue puts the thread's set in)
    ("home-noise-heat", ("setup_noise_words",)),
)
_ALONE = 1  # a rule of one list holds only for a question naming no GPU (about the thread's set)
_SHORT_ALONE = 40  # [A] characters: a noise / heat word alone in a short follow-up asks it of the thread's set
_CIRCUIT = re.compile(r"circuit|breaker|outlet|socket|\d+\s*a\b|插座|电路|空开|跳闸|线路", re.IGNORECASE)
_SPLIT = re.compile(r"x8\s*[/x+]\s*x8|x16\s*/\s*x16")  # "x8/x8" however the tokenizer splits it
_STACK_CONCEPTS = {"AMD": "amd-practice", "ATI": "amd-practice", "Intel": "intel-practice"}
_ASKS_BOARD = {"dual-gpu-board", "sbc-npu"}  # money, a budget or "which" asked of a board is still the board's
_NOT_GPUS = {"sbc-npu", "portable-throttle"}  # a board computer or a Mac the KB lacks is no GPU to ask about
_COUNT_BEFORE = re.compile(r"(?<![\d.])(\d)\s*(?:x\s*)?(?:[a-z]+\s+)?$")
_ASKS_ELSE = ("MONEY", "BUDGET", "RENT", "RECOMMEND", "SORT", "UNDER", "KWH")


@needs(unless=("RENT", "KWH"))
def topic(r: Reading) -> Query | None:
    if r.b.has("RENT", "KWH"):
        return None
    concept = _rule_met(r) or _stack(r)
    if concept == "sxm-adapter" and _offer(r):
        return None  # "v100 sxm2 魔改转接板 闲鱼一千多 靠谱吗": the offer is weighed (deal), the catches come with it
    if concept is None or (_asks_else(r, concept) and concept not in _ASKS_BOARD):
        return (
            None  # "静音一点的炼丹机推荐": a build; "双卡主板怎么选", "香橙派 800块 能跑吗": the board is the question
        )
    if concept == "psu-transients" and _CIRCUIT.search(r.text) and not _says(r, "setup_spike_words"):
        return None  # "2x 3090 on a 1200w psu, will it trip a 15a breaker?": the circuit's verdict (rig), not spikes
    cpu = r.b.first("CPU")
    count = r.total_count() or _count_before(r)  # "4 blower 3090s": the cards' count rides on the first card named
    gpus = [g for g in r.explicit if g.name or concept not in _NOT_GPUS]  # "orange pi 5" is no GPU
    if concept == "home-noise-heat" and not gpus:  # "is it loud": the card "it" is (the dialogue fills it)
        gpus = [g for g in r.refs if g.pronoun][:1]
    if count and gpus:
        gpus[0] = dataclasses.replace(gpus[0], count=count)
    fact = asked_fact(r.text)  # "egpu 4090 for my macbook": the fact asked of this set-up leads (concept_facts.toml)
    return ExplainQuery(
        text=r.text,
        concept=concept,
        mention=r.text.strip(" ?!.。？"),
        gpus=tuple(gpus),
        workload=r.workload,  # the model named is not asked about ("树莓派能跑qwen吗": no "which qwen?")
        stated_w=r.psu_watts(),
        cpu=str(cpu) if cpu else None,
        fact=fact.id if fact is not None and fact.concept == concept else "",
    )


def _asks_else(r: Reading, concept: str) -> bool:
    """Money, a budget, a rental or a recommendation asked beside the set-up: the question is that, not the set-up.
    "under load" is no budget (UNDER without an amount), and a quieter option asked of a card named in a room ("is a
    4090 too loud to sleep next to, any quieter option", "有没有安静点的方案") is the noise question's own last part."""
    kinds = set(_ASKS_ELSE)
    if not r.b.has("MONEY", "BUDGET", "NUMBER"):
        kinds.discard("UNDER")
    if concept == "home-noise-heat" and r.explicit and not r.b.has("MONEY", "BUDGET"):
        kinds.discard("RECOMMEND")
    return r.b.has(*kinds)


def _offer(r: Reading) -> bool:
    """A price said for the SXM card and a verdict asked on it: the deal reader's question."""
    from assistant.nlu.intents import deal

    return deal.read(r) is not None


def _count_before(r: Reading) -> int | None:
    """ "4 blower 3090s": a number right before the GPU named, at most one word between (the count of that card)."""
    gpus = r.b.kinds.get("GPU", [])
    if not gpus:
        return None
    found = _COUNT_BEFORE.search(r.text[: gpus[0].start].lower())
    return int(found.group(1)) if found and 1 < int(found.group(1)) <= 8 else None


def _rule_met(r: Reading) -> str | None:
    for concept, lists in RULES:
        if not all(_says(r, name) for name in lists):
            continue
        if (
            concept == "home-noise-heat"
            and len(lists) == _ALONE
            and (len(r.explicit) > 1 or len(r.text) > _SHORT_ALONE or r.model or _more(r))
        ):
            continue  # "quiet enough for sd?", "3090 vs 4090 noise", a long question with other asks
        if concept == "home-noise-heat" and (not _heat_asked(r) or _compared(r)):
            continue  # "rtx a5000 or rtx 3090 for a quiet workstation": a comparison with noise as a reason
        if concept == "portable-throttle" and _laptop_fit(r):
            continue  # "gaming laptop with a 3070 ti, train sd loras or will it cook itself": the fit answers the heat
        if concept == "dual-gpu-board" and r.workload:
            continue  # "x8/x8 for two 4090s on a b650, fine for training?": what the link costs (explain.pcie_link)
        return concept
    return None


def _laptop_fit(r: Reading) -> bool:
    """A laptop's (non-Apple) GPU named with a model or a size to run: the fit's own answer says the laptop's heat."""
    at = [r.index._by_name.get(g.name) for g in r.explicit if g.name]
    card = any(i is not None and r.index.vendor[i] != "Apple" for i in at)
    return card and bool(r.model or r.b.has("PARAMS"))


def _more(r: Reading) -> bool:
    return r.b.has("WORKLOAD", "FIT", "SPEED", "VS", "OR", "COMPARE", "MONEY", "BUDGET", "RECOMMEND", "PARAMS")


def _compared(r: Reading) -> bool:
    return len({g.name for g in r.explicit if g.name}) > 1 or r.b.has("VS", "OR", "COMPARE")


def _heat_asked(r: Reading) -> bool:
    """Noise or room heat is the question: a card, a blower or a room is named; not a circuit asked beside it
    ("16a插座扛得住吗 噪音大不大": the circuit's verdict leads, rig), nor throttling without noise ("夏天机房
    4张3090会不会过热降频": the GPU temperature concept)."""
    alone = not r.explicit and len(r.text) <= _SHORT_ALONE  # "is it loud", "会不会太吵": about the thread's set
    if not (r.explicit or alone or _says(r, "setup_blower_words") or _says(r, "setup_room_words")):
        return False
    if _CIRCUIT.search(r.text):
        return False
    return not (said(r, "setup_throttle_only_words") and not _says(r, "setup_noise_words"))


def _says(r: Reading, name: str) -> bool:
    if name == "setup_split_words" and _SPLIT.search(r.text.lower()):
        return True
    return said(r, name) is not None


def _stack(r: Reading) -> str | None:
    """One AMD or Intel card named with its software stack ("rocm", "windows", "ipex"): that vendor's practice."""
    if len(r.explicit) != 1 or len(r.b.kinds.get("GPU", [])) != 1 or not _says(r, "setup_stack_words"):
        return None  # "速度跟4090差多少": a second card is a comparison (with the vendor's caveat)
    if r.model or r.b.has("VS", "COMPARE", "PARAMS") or (r.total_count() or 1) > 1:
        return None  # "两张7900xtx跑qwen2.5 72b q4行不行 rocm多卡稳不稳": the fit, with ROCm's multi-GPU note
    if said(r, "verdict_worth") or said(r, "verdict_buy_this"):
        return None  # "mi50 32gb for llama.cpp, worth it or rocm hell": a verdict on the card, with its caveat
    at = r.index._by_name.get(r.explicit[0].name or "")
    return _STACK_CONCEPTS.get(r.index.vendor[at] or "") if at is not None else None
