"""Upgrades from hardware the user owns: what to change for a job, a new card in an owned machine, and two ways up.

- `for_job`: "rig: 5800x3d, 750w psu, 3070. want to run 70b. what do i actually have to change", "i have a 3060 12gb
  + 32gb ram. next step for running 30b models without spending more than $900", "现在是2060 6g 想跑14b 预算3000
  升级啥": one card named and owned (lexicon owned_gpu / hand_words, or a word of change_asked_words, which says the
  machine is the user's), a model or a size (a workload alone is recommend.upgrade's), and a word of upgrading
  or changing: the recommendation for
  that job from the owned card (RecommendQuery.upgrade_from; its memory and speed are the floor), with the PSU the
  user has (owned_psu_w) and the budget; the owned card's memory is not a requirement and its PSU is no power cap.
- `add_to_owned`: "i have a 2080 ti, which card should i add to run qwen2.5 72b": the second card picked, the owned
  one kept (RecommendQuery.add_to; respond/add_card.py).
- `new_card`: "主机是b450+5600+650w电源+3060 想上5080 要换哪些", "my pc has a 3060 and a 650w psu, moving to a
  5080, what else do i need": two cards, the second after a word of [lists] upgrade_target_words: the build of the
  new card in place of the old one (RigQuery.replaces), its power against the PSU and CPU named.
- `two_ways`: "have a 2080 super 8gb. upgrade to a 5060 ti 16gb or add a second card next to it?", "手上一张3090
  再加一张3090 还是直接换魔改4090 48g": adding one more of the owned card against replacing it (asked_add_card with
  asked_sell or asked_replace): the comparison that respond/upgrade_path.answer words as the two ways.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading, gpu_ref
from assistant.queries import CompareQuery, Query, RecommendQuery, RigQuery


def _named(r: Reading) -> list:
    seen, out = set(), []
    for g in r.explicit:
        if g.name and g.name not in seen:
            seen.add(g.name)
            out.append(g)
    return out


def _owned(r: Reading) -> bool:
    words = f" {' '.join(r.b.toks)} {r.text.lower()} "
    return bool(r.lex.words_in("owned_gpu", words) or said(r, "hand_words") or said(r, "change_asked_words"))


@needs(("GPU",), ("MODEL", "PARAMS"), said=("add_which",), unless=("VS", "OR", "RENT", "COST"))
def add_to_owned(r: Reading) -> Query | None:
    """ "i have a 2080 ti, which card should i add to run qwen2.5 72b", "我有一张3090 想再加一张卡跑70b 加什么": one
    card named and owned, a model or a size, a word of adding a card (add_which) and a pick asked (add_which_ask):
    the pick of the second card with the owned one kept (RecommendQuery.add_to), never the owned card's verdict."""
    names = _named(r)
    if len(names) != 1 or r.b.has("VS", "OR", "RENT", "COST") or not (r.model or r.b.has("PARAMS")):
        return None
    if not ((_owned(r) or said(r, "mixed_owned")) and said(r, "add_which") and said(r, "add_which_ask")):
        return None
    return RecommendQuery(
        text=r.text,
        workload="llm_inference",
        model=r.heaviest_model(),
        params_b=r.num("PARAMS"),
        precision=r.precision,
        context_tokens=r.num("CONTEXT"),
        add_to=names[0].name,
        add_to_count=max(names[0].count or 1, 1),
    )


@needs(("GPU",), ("MODEL", "PARAMS"), unless=("VS", "RENT", "COST", "COMPARE"))
def for_job(r: Reading) -> Query | None:
    names = _named(r)
    if len(names) != 1 or r.b.has("VS", "RENT", "COST", "COMPARE"):  # "add or change": one card, an OR of verbs
        return None
    if not (r.model or r.b.has("PARAMS")) or not _owned(r):
        return None  # a workload alone ("1080ti showing its age for training, ~1500"): recommend.upgrade
    words = f" {' '.join(r.b.toks)} {r.text.lower()} "
    if not (r.lex.words_in("upgrade_words", words) or said(r, "change_asked_words")):
        return None
    money = r.money()
    psu = r.psu_watts() if r.b.has("WATTS") else None
    return RecommendQuery(
        text=r.text,
        workload=r.workload or ("llm_inference" if (r.model or r.b.has("PARAMS")) else None),
        budget_usd=money,
        budget_currency=r.currency() if r.b.has("MONEY") else (r.unnamed_currency() if money is not None else None),
        model=r.heaviest_model(),
        params_b=r.num("PARAMS"),
        precision=r.precision,
        upgrade_from=names[0].name,
        owned_psu_w=psu,
        sort=r.b.meaning("SORT"),  # "what's the cheapest upgrade that would let me run it": by price
    )


@needs(("GPU",), unless=("VS", "OR", "RENT", "COST", "MODEL"))
def new_card(r: Reading) -> Query | None:
    names = _named(r)
    if len(names) != 2 or r.b.has("VS", "OR", "RENT", "COST") or r.model or not _owned(r):
        return None
    text = r.text.lower()
    wanted = names[1]
    mention = (wanted.mention or "").lower()
    at = text.find(mention) if mention else -1
    before = text[max(0, at - 14) : at] if at > 0 else ""
    if not any(w in before for w in r.lex.listed("upgrade_target_words")):
        return None
    if not (said(r, "change_asked_words") or said(r, "rig_psu") or r.b.has("WATTS", "CPU")):
        return None
    return RigQuery(
        text=r.text,
        gpus=(wanted,),
        gpu_count=1,
        asks_power=True,
        psu_w=r.psu_watts() if r.b.has("WATTS") else None,
        cpu=r.b.first("CPU"),
        replaces=names[0].name,
    )


@needs(("GPU",), said=("asked_add_card",), unless=("RENT", "COST"))
def two_ways(r: Reading) -> Query | None:
    names = _named(r)
    if len(names) != 2 or r.b.has("RENT", "COST") or not said(r, "asked_add_card"):
        return None
    if not (said(r, "asked_sell") or said(r, "asked_replace")):
        return None
    # "手上一张3060 ... 是加一张3060还是换4060ti": the card owned at its own count, before the one added is counted in
    owned = next((gpu_ref(x) for x in r.b.refs if x.tag.kind == "GPU" and gpu_ref(x).name == names[0].name), None)
    if owned is not None and owned.count < names[0].count:
        names[0] = dataclasses.replace(names[0], count=owned.count)
    return CompareQuery(text=r.text, gpus=tuple(names), workload=r.workload, model=r.model)
