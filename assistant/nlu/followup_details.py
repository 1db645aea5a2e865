"""The details a follow-up states beside its cue, read for intents/followup.build and the follow-up readers.

Contract: each function takes a `Reading` and returns one detail, or None / False / {} when it is not said:
`job_data` the training job's data (samples, tokens per sample, epochs), `made_in` the hours of "how many ... in an
hour / a day / a minute", `_amount` a bare number (the dialogue decides what it is), `_count_word` a number word alone
(a GPU count), `mode_said` the training method named, `_sale_said` whether a card's sale price is stated,
`total_hours` / `bare_hours` hours in all said or hours said bare. The words
are lexicon lists; nothing here matches one question.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.rates import epochs, sample_tokens, samples
from assistant.nlu.intents.verdict import said
from assistant.nlu.job_terms import adapters, image_count, image_steps, train_steps
from assistant.nlu.reading import Reading


def _sale_said(r: Reading) -> bool:
    """The follow-up states what a card of the user's sells for ("what if i sell it for $700", "要是能卖5000呢",
    "what if i get $700 for it"): a word of sale, or "get" with an amount "for it"."""
    if said(r, "asked_sell") or said(r, "sale_price_words"):
        return True
    return bool(said(r, "sold_for_words")) and "get" in r.b.toks and (r.money() is not None or r.b.has("NUMBER"))


def mode_said(r: Reading) -> str | None:
    """The training method a follow-up names: LoRA / QLoRA, or a full fine-tune in so many words ("full finetune",
    "全参"); a bare training word ("大概要训多久", "train it") names none (the thread's method stays)."""
    mode = r.mode() if r.b.has("MODE") else "inference"
    if mode == "inference" or (mode == "full_finetune" and not r.lex.words_in("full_finetune_words", r.text.lower())):
        return None
    return mode


def job_data(r: Reading) -> dict:
    """The data of a training job a follow-up states ("if i do 3 epochs instead", "with 100k samples", "and if
    they're ~2k tokens each"): the job talked about on that data."""
    return {"samples": samples(r) or data_images(r), "sample_tokens": sample_tokens(r), "epochs": epochs(r)}


def job_and_adapters(r: Reading) -> dict:
    """The job's data and the adapters a follow-up says ("with a lora and a controlnet on top?": the image set-up's),
    and the share of the last amount it names ("anything cheaper? like half that": 0.5, FollowUpQuery.budget_share)."""
    return job_data(r) | {"addons": adapters(r) or None, "budget_share": budget_share(r)}


_SHARES = (
    (
        re.compile(r"\bhalf (?:that|of that|the price|the budget|as much|of it|of the price)\b|\bfor half\b|半价|一半"),
        0.5,
    ),
    (re.compile(r"\ba third of\b|\bone third of\b|三分之一"), 1 / 3),
    (re.compile(r"\ba quarter of\b|四分之一"), 0.25),
)


def budget_share(r: Reading) -> float | None:
    low = r.text.lower()
    return next((share for pattern, share in _SHARES if pattern.search(low)), None)


def data_images(r: Reading) -> float | None:
    """ "数据3000张图", "my dataset is 5k images": images said as the training data (a data word beside them) are its
    samples; a count of images alone may be images to make."""
    if not r.lex.words_in("data_set_words", r.text.lower()):
        return None
    found = image_count(r)
    return float(found) if found else None


def made_in(r: Reading) -> float | None:
    """The hours of "how many ... in an hour / a day / a minute" (1, 24, 1/60): a count of things made in that time
    asked; None otherwise ("how many hours a day" counts hours, not things made)."""
    ask = said(r, "made_count_asks")
    if not ask:
        return None
    if ask.isascii():
        after = r.text.lower().split(ask, 1)[-1].split()
        if after and after[0].strip("?,.") in r.lex.listed("made_not_counted"):
            return None
    for name, hours in (("made_span_hour", 1.0), ("made_span_day", 24.0), ("made_span_minute", 1 / 60)):
        if said(r, name):
            return hours
    return None


def _amount(r: Reading) -> float | None:
    """A bare number the follow-up states ("and if i only had 800?"); the dialogue decides what it is."""
    b = r.b
    if b.has("MONEY", "COUNT") or r.money() is not None or b.struct("count_of"):
        return None
    if any(job_data(r).values()) or image_steps(r) is not None or train_steps(r, True) is not None:
        return None  # "if i do 3 epochs instead", "with 50 steps?": the job's data or set-up, not a count or a budget
    rate = r.rate_tags()
    if rate is not None and rate[1] is b.kinds["NUMBER"][0]:
        return None  # "what if electricity is 0.35": a setting (Query.settings), not a number to place
    v = b.first("NUMBER")
    try:
        return float(v) if v is not None else None
    except (TypeError, ValueError):
        return None


def _count_word(r: Reading) -> int | None:
    """ "and with four?": a number word alone in a follow-up is a GPU count."""
    found = [r.lex.numbers[w] for w in r.b.unknown if w in r.lex.numbers]
    return int(found[0]) if len(found) == 1 and 2 <= found[0] <= 16 else None


def opens_followup(b) -> bool:
    """The first tag opens the question, at most one word before it ("ok and with 2?"); "paper due friday and
    today is monday, qlora llama 3 8b ..." is a question of its own, not a follow-up led by "and"."""
    before = [t for t, p in zip(b.toks, b.toks_pos, strict=False) if p < b.tags[0].start]
    # "gaming and ai, 4080 super or 7900 xtx": a word of the question's own before "and" opens no follow-up
    return not before or (len(before) == 1 and (not before[0].isascii() or before[0].lower() in _OPENERS))


_OPENERS = frozenset(
    "ok okay k kk so oh hmm hm alright right well cool nice great thanks thx ty yes yeah yep no nah but then also"
    " now hey wait actually fine sure".split()
)


_PER_IMAGE = re.compile(
    r"\b(?:per|each|an?|one|every)\s+(?:(?:[\w.-]+\s+){0,2}?(?:image|img|pic|picture|photo)s?\b|\d{3,4}\s*[x×*]\s*\d{3,4})"
    r"|每张图|每张|一张图|出一张"
)


def per_image_asked(r: Reading) -> bool:
    """ "how long per 1024x1024 image", "一张图要多久": the time of one image asked, a generation speed (lexicon
    image_time_words, or a duration word and one image however sized, or per image size: "per 1024x1024", the word
    "image" itself read aside as a stray), not a job's hours."""
    if said(r, "image_time_words"):
        return True
    return bool(said(r, "duration_words")) and _PER_IMAGE.search(r.text.lower()) is not None


def total_hours(r: Reading) -> float | None:
    """Hours in all that a follow-up states ("the job is about 120 hours total", "跑三天": days are always in all),
    None when it states none (a bare "and at 25 hours?" is hours a week)."""
    from assistant.nlu.intents.verdict import said as _said

    tag = r.b.first("HOURS")
    in_all = r.said("total_words") or _said(r, "money_asks")  # "i need 120 hours, what does that come to"
    return tag.get("total") if isinstance(tag, dict) and (tag.get("span") or in_all) else None


def bare_hours(r: Reading) -> float | None:
    """Hours stated with neither a span nor a period ("and at 25 hours?", "那50小时呢"), None otherwise; whether they
    are a rent's hours or hours a week of use depends on what was asked before (the dialogue decides)."""
    tag = r.b.first("HOURS")
    if not isinstance(tag, dict) or set(tag) != {"total"} or total_hours(r) is not None:
        return None
    return tag["total"]


def referred(r: Reading) -> list:
    """The cards the question refers to, without a pronoun that is part of a cost-total phrase ("and including the
    card prices over 4 years?": the cards' prices added, not "the card" talked about)."""
    low = r.text.lower()
    phrases = [w for w in r.lex.listed("cost_total_asked") if w in low]
    return [g for g in r.refs if not (g.pronoun and any((g.mention or "").lower() in w for w in phrases))]


def follow_precision(r: Reading) -> str | None:
    """The precision a follow-up asks: "不量化呢", "what about unquantized" (list full_weights, tag UNQUANTIZED) the
    16-bit weights; "like half that" no precision (a share of a budget, not fp16)."""
    if r.precision == "fp16" and budget_share(r) == 0.5:
        return None
    if r.precision is None and (r.b.has("UNQUANTIZED") or said(r, "full_weights")):
        return "fp16"
    return r.precision
