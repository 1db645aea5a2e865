"""Buy a card at all, or stay on the free notebooks: "is a gpu even worth it for me or should i stick to kaggle's
free T4s", "刚入坑kaggle 用colab够不够还是得自己买卡", "毕设就跑个resnet 用不用买显卡".

Contract: `respond(query, env)` answers a VerdictQuery of kind "free". Light work (lexicon light_work_words:
tabular, ResNet, BERT-base, YOLO, coursework, a thesis, learning, Kaggle) or none said -> not yet: what the free
tiers give (Kaggle notebooks: a weekly GPU quota on a T4 16 GB or a P100; Colab's free tier: sessions of at most
12 hours, GPUs not guaranteed; sources in knowledge/sources/concepts.csv), then the card to buy when they hold the
user back: the cheapest NVIDIA desktop card (not passive, not a laptop part) with at least 12 GB (MIN_MEMORY_GB),
not a modded or one-market card (respond/variants.market_variant), faster than a T4 for 16-bit training
(pricing.score), with its price and speed against the T4. Heavy work (heavy_work_words: an LLM or image model
trained or run every day) -> buy: the free tiers' session limits and 16 GB stop it.
figures["verdict"] = {answer: not_yet | buy, kind: free}.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond import builds
from assistant.respond.env import Env
from assistant.respond.pricing import price_of, score
from assistant.respond.variants import market_variant

FREE_GPU = "Tesla T4"  # the free tiers' usual card (Colab free, Kaggle's T4 x2) [A]
MIN_MEMORY_GB = 12.0  # the card to buy when the free tier holds one back: at least this much memory [A]


def first_card(env: Env):
    """(card, usd, speed vs a T4): the cheapest NVIDIA desktop card with MIN_MEMORY_GB that beats a T4 in training."""
    t4 = env.reader.gpu(FREE_GPU)
    base = score(t4, "train16", 1).score if t4 is not None else 0.0
    best = None
    for gpu in env.reader.all_gpus():
        if (gpu.vendor or "").lower() != "nvidia" or gpu.passively_cooled or builds.fits_a_workstation(gpu):
            continue
        if (gpu.memory_gb or 0) < MIN_MEMORY_GB or market_variant(gpu.name) is not None:
            continue  # a modded or one-market card (RTX 2080 Ti 22 GB, RTX 5090 D) is no first card to name
        found = price_of(gpu.name, env)
        speed = score(gpu, "train16", 1).score
        if found is None or not base or speed <= base:
            continue
        if best is None or found.usd < best[1]:
            best = (gpu, found.usd, speed / base)
    return best


def _named_card(query, env: Env):
    """(card, usd, speed vs a T4) of the card the question sets against the free notebooks ("free colab t4 vs buying
    a 3060 12gb"), None when none is named or it has no price."""
    t4 = env.reader.gpu(FREE_GPU)
    named = [env.reader.gpu(g.name) for g in getattr(query, "gpus", ()) if g.name]
    gpu = next((g for g in named if g is not None), None)
    found = price_of(gpu.name, env) if gpu is not None else None
    base = score(t4, "train16", 1).score if t4 is not None else 0.0
    if gpu is None or found is None or not base:
        return None
    return gpu, found.usd, score(gpu, "train16", 1).score / base


def respond(query, env: Env) -> Answer:
    low = f" {query.text.lower()} "
    lex = lexicon(env.lang)
    heavy = lex.words_in("heavy_work_words", low) and not lex.words_in("light_work_words", low)
    named = _named_card(query, env)
    first = named or first_card(env)
    key_card = "free.card" if named is None else "free.card_named" if named[2] > 1.1 else "free.card_named_slower"
    card = (
        env.t(
            key_card,
            gpu=first[0].short_name,
            price=env.money(first[1]),
            memory=f"{first[0].memory_gb:g}",
            ratio=f"{first[2]:.1f}",
        )
        if first
        else ""
    )
    key = "free.buy" if heavy else "free.not_yet"
    answer = Answer(
        question=query.text,
        intent="verdict",
        headline=env.t(key, card=card),
        steps=[env.t("free.kaggle"), env.t("free.colab")],
        gpus=[first[0].name] if first else [],
        figures={"verdict": {"answer": "buy" if heavy else "not_yet", "kind": "free"}},
        sources=env.cite("free-kaggle-book-2022", "free-colab-faq"),
        lang=env.lang,
    )
    return answer
