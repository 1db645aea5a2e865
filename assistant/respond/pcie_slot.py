"""Answer "is a pcie 4.0 x4 slot ok for a 3090", "does pcie 3.0 x16 bottleneck a 4090 for training", "pcie 4.0 x8会影响
显卡跑大模型吗": what a slot's generation and lanes cost, per use, with the numbers that decide it.

Contract: `respond(query, env)` answers an ExplainQuery about the `pcie` concept whose text names a generation or a
lane count (`asked.link_of`); None otherwise (the concept card answers "what is pcie"). The slot's rate is lanes x
the per-lane rate of the lower of the slot's and the card's generations x PCIE_COPY_EFFICIENCY (§image.speed,
`hardware.pcie_gb_s`), against the card's own full link. Per use: loading the model (the card's memory over the
link, once), generating on one card or split by layers (one activation hop per token: no change), tensor
parallelism (an all-reduce every layer: it costs), data-parallel training across cards (Dettmers 2023: x8 fine,
x4 about 5-10 % at 4 GPUs) and weights streamed from system RAM every step (offload: the link is the speed).
`figures.pcie` = {gen, lanes, gb_s, full_gb_s, load_s, full_load_s, gpu}. The workload asked (training or
inference) orders the answer; the GPU is the one named, else a 24 GB card on a full link of the slot's
generation (said, never named).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.query_talk import ExplainQuery
from assistant.respond import asked
from assistant.respond.env import Env

_TRAIN = re.compile(r"train|fine[- ]?tun|lora|ddp|fsdp|deepspeed|训练|微调|炼丹", re.IGNORECASE)
_SECOND = re.compile(r"second|2nd|another|extra|two|both|multi|dual|第二|两张|双卡|多卡|2张|另一", re.IGNORECASE)
_TP = re.compile(r"vllm|tensor[- ]?parallel|张量并行|sglang", re.IGNORECASE)


OLD_BOARD_GEN = 3  # an "old board" runs PCIe 3.0 (B450 / Z390 and older) [A]


def _old_board(text: str, env: Env) -> bool:
    """An older board said ("老主板", "old mobo"; lexicon old_board_words) or a PCIe 3.0 chipset named ("b450")."""
    from assistant.nlu.lexicon import lexicon

    lex, low = lexicon(env.lang), f" {text.lower()} "
    return bool(lex.words_in("old_board_words", low) or lex.words_in("pcie3_chipsets", low))


def _card_link(gpu) -> tuple[int, int]:
    m = re.search(r"PCIe\s*(\d)\.0\s*x(\d+)", gpu.bus_interface or "")
    return (int(m.group(1)), int(m.group(2))) if m else (4, 16)


_OCULINK = re.compile(r"oculink", re.IGNORECASE)


def egpu_link(text: str) -> tuple[asked.Link, str]:
    """The PCIe link an eGPU gets: OCuLink a PCIe 4.0 x4 cable, Thunderbolt 3/4 and USB4 about PCIe 3.0 x4 (the
    egpu concept's sources), with the locale key of its name."""
    if _OCULINK.search(text):
        return asked.Link(gen=4, lanes=4), "setup.egpu_oculink"
    return asked.Link(gen=3, lanes=4), "setup.egpu_tb"


def respond(query: ExplainQuery, env: Env) -> Answer | None:
    egpu = query.concept == "egpu"
    link, link_name = egpu_link(query.text) if egpu else (asked.link_of(query.text), "")
    board_only = link is None and not egpu and _old_board(query.text, env)  # "4090插b450主板上": its PCIe 3.0
    link = asked.Link(gen=OLD_BOARD_GEN, lanes=None) if board_only else link
    if link is None:
        return None
    names = [r.name for r in query.gpus if r.name]
    gpu = env.reader.gpu(names[0]) if names else None
    assumed = gpu is None
    gpu = gpu or env.reader.known_gpu(C.REF_NAME)  # its memory and link size an unnamed card: said, never named
    card_gen, card_lanes = _card_link(gpu) if not assumed else (link.gen or 4, 16)
    old_board = link.gen is not None and link.gen > OLD_BOARD_GEN and _old_board(query.text, env)
    slot_gen = OLD_BOARD_GEN if old_board else link.gen or card_gen  # "5.0 x8 on an old board": it runs at 3.0 x8
    gen = min(slot_gen, card_gen)
    lanes = min(link.lanes or 16, card_lanes)
    per_lane = C.PCIE_LANE_GB_S.get(gen, C.PCIE_LANE_GB_S[4])
    gb_s = per_lane * lanes * C.PCIE_COPY_EFFICIENCY
    full = C.PCIE_LANE_GB_S.get(card_gen, per_lane) * card_lanes * C.PCIE_COPY_EFFICIENCY
    mem = gpu.memory_gb or 0.0
    load_s, full_load_s = mem / gb_s, mem / full
    share = gb_s / full
    training = bool(_TRAIN.search(query.text)) or query.workload in ("training", "llm_finetune")
    second = bool(_SECOND.search(query.text))
    values = {
        "gen": f"{slot_gen}.0",
        "lanes": lanes,
        "gbs": f"{gb_s:.1f}",
        "full": f"{full:.1f}",
        "card_link": f"PCIe {card_gen}.0 x{card_lanes}",
        "pct": f"{share * 100:.0f}",
        "whose": env.t("pcie.whose_gpu", gpu=gpu.short_name) if not assumed else env.t("pcie.whose_full"),
        "what_mem": env.t("pcie.mem_gpu", gpu=gpu.short_name, mem=f"{mem:g}")
        if not assumed
        else env.t("pcie.mem_any", mem=f"{mem:g}"),
        "load": f"{load_s:.1f}",
        "full_load": f"{full_load_s:.1f}",
    }
    if egpu:  # "雷电4外接显卡坞会慢多少": the tunnel's link, what it costs and what it does not
        head = env.t("setup.egpu_head", link=env.t(link_name), **values)
    elif share >= 0.99:
        head = env.t("pcie.head_full", **values)
    elif training:
        head = env.t("pcie.head_training" if lanes >= 8 else "pcie.head_training_x4", **values)
    else:  # "is x4 ok for inference": yes; "how bad is x4", "does x8 vs x16 matter": hardly
        key = "pcie.head_inference" if _ok_asked(query.text) else "pcie.head_inference_hardly"
        head = env.t(key, **values)
    steps = [
        env.t("pcie.rate", **values),
        env.t("pcie.load", **values),
        env.t("pcie.generate"),
        env.t("pcie.split"),
        env.t("pcie.tensor_parallel", lanes=lanes) if not _TP.search(query.text) else env.t("pcie.tensor_asked"),
        env.t("pcie.training", lanes=lanes),
        env.t("pcie.offload", **values),
    ]
    if slot_gen > card_gen:
        steps.insert(1, env.t("pcie.card_slower", **values))
    if second:
        steps.insert(0, env.t("pcie.second", **values))
    if board_only:
        head = env.t("pcie.board_gen", gen=f"{OLD_BOARD_GEN}.0") + i18n.gap(env.lang) + head
    if old_board:
        old = env.t("pcie.old_board", gen=f"{OLD_BOARD_GEN}.0", said=f"{link.gen}.0", lanes=lanes)
        head = old + i18n.gap(env.lang) + head
    if assumed:
        steps.append(env.t("pcie.assumed_gpu", gen=card_gen))
    return Answer(
        question=query.text,
        intent="explain",
        headline=head,
        gpus=[gpu.name] if not assumed else [],
        steps=steps,
        figures={
            "pcie": {
                "gen": slot_gen,
                "lanes": lanes,
                "gb_s": round(gb_s, 2),
                "full_gb_s": round(full, 2),
                "load_s": round(load_s, 1),
                "full_load_s": round(full_load_s, 1),
                "gpu": None if assumed else gpu.name,
            }
        },
        sources=env.cite("dettmers-2023") + ["method: docs/model.md §image.speed (PCIe copy rate), §perf.multigpu"],
        lang=env.lang,
    )


def applies(query, env: Env) -> bool:
    if isinstance(query, ExplainQuery) and query.concept == "egpu":
        return not query.fact  # "egpu on a macbook": the fact asked (no eGPU on Apple silicon) leads, not the link
    if not (isinstance(query, ExplainQuery) and query.concept == "pcie"):
        return False
    return asked.link_of(query.text) is not None or (bool(query.gpus) and _old_board(query.text, env))


_OK_WORDS = (
    " ok ",
    " okay ",
    " fine ",
    " enough ",
    " good ",
    " alright ",
    " acceptable ",
    " work ",
    " works ",
    " usable ",
)


def _ok_asked(text: str) -> bool:
    """Does the question ask whether the slot is good enough ("is a pcie 4.0 x4 slot ok"), not how much it costs?"""
    low = f" {' '.join(text.lower().replace('?', ' ').replace(',', ' ').split())} "
    return any(w in low for w in _OK_WORDS)
