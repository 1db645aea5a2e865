"""Adapters loaded with an image model when it generates: ControlNets and LoRAs ("sdxl with 2 controlnets", "flux + a
lora", "加个controlnet", "叠两个lora"), tagged ADDON.

Contract: `adapters_tagged(tags, text, lex, model_kind)` returns the tags with each adapter said as an ADDON tag whose
value is (kind, count, count said): a ControlNet word (lexicon [keyword] ADDON) always; a LoRA word (a MODE tag) when
the LoRA is applied, not trained: a word of lexicon list lora_applied_words right before it, no word of
lora_trained_words in the question, and no language model named (`model_kind(key)` gives a model's kind), with an
image model, image work or a ControlNet said beside it. Applied with none of those ("那用lora呢", "what about with 2
loras"), the LoRA stays a MODE tag that also carries the ADDON meaning: the thread decides (an image set-up takes the
adapter, a fine-tune the method; dialogue/adapters.py). The number
right before an adapter ("2 controlnets", "两个lora") is its count and leaves the tags (no count of cards); plural with
no number is ADAPTERS_PLURAL [A, shown as assumed]. Pure.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

ADAPTERS_PLURAL = 2  # "with loras", "a few controlnets": two, said as assumed
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "一": 1, "两": 2, "二": 2,
                "三": 3, "四": 4, "五": 5, "single": 1, "another": 1}  # fmt: skip
_COUNT_BEFORE = re.compile(
    r"(?<![a-z\d.])(\d{1,2}|a|an|one|two|three|four|five|single|another|[一两二三四五])\s*(?:个|条|张|套)?\s*$"
)
_COUNT_AFTER = re.compile(r"^\s*[x×*]\s*(\d{1,2})(?!\d)")
_PLURAL = re.compile(r"(?:s|们)$|^(?:几个|多个|一些|multiple|several|some|a few|few)")


def adapters_tagged(tags: list[Tag], text: str, lex: Lexicon, model_kind: Callable[[str], str | None]) -> list[Tag]:
    low = text.lower()
    kinds = {model_kind(t.model_match().key or "") for t in tags if t.kind == "MODEL"}
    applied_lora = not (kinds - {"image", None}) and not _trained(low, lex)
    imaged = "image" in kinds or any(
        t.kind == "ADDON" or "image_generation" in str(t.meanings.get("WORKLOAD", "")) for t in tags
    )
    out: list[Tag] = []
    drop: set[int] = set()
    for k, t in enumerate(tags):
        kind = "controlnet" if t.kind == "ADDON" else "lora" if _lora_applied(t, low, lex, applied_lora) else None
        if kind is None:
            out.append(t)
            continue
        count, said, number_at = _count(tags, k, low)
        if number_at is not None:
            drop.add(id(tags[number_at]))
        value = (kind, count, said)
        if kind == "lora" and not imaged:  # the thread decides: kept a method, carrying the adapter too
            out.append(dataclasses.replace(t, meanings=t.meanings | {"ADDON": value}))
            continue
        out.append(dataclasses.replace(t, kind="ADDON", value=value, meanings={"ADDON": kind}))
    return [t for t in out if id(t) not in drop]


def adapter_words_known(tags: list[Tag], unknown: list[str], lex: Lexicon) -> list[str]:
    """The unknown words left once adapters are tagged: an applying word with a count before an adapter ("加两" of
    "加两个controlnet") is part of it."""
    if not any(t.kind == "ADDON" for t in tags):
        return unknown
    applied = [w for w in lex.listed("lora_applied_words") if not w.isascii()]
    return [u for u in unknown if not any(u.rstrip("一两二三四五几个条").endswith(w) or u == w for w in applied)]


def _trained(low: str, lex: Lexicon) -> bool:
    return any(_word_in(w, low) for w in lex.listed("lora_trained_words"))


def _word_in(word: str, low: str) -> bool:
    if not word.isascii():
        return word in low
    return re.search(r"(?<![a-z])" + re.escape(word) + r"(?![a-z])", low) is not None


def _lora_applied(t: Tag, low: str, lex: Lexicon, applied: bool) -> bool:
    """A LoRA word (MODE lora) with an applying word right before it ("with a lora", "+ 2 loras", "叠两个lora")."""
    if not applied or t.kind != "MODE" or t.value != "lora":
        return False
    before = _COUNT_BEFORE.sub("", low[: t.start]).rstrip()
    return any(before.endswith(w) and _ends_word(before, w) for w in lex.listed("lora_applied_words"))


def _ends_word(before: str, w: str) -> bool:
    start = len(before) - len(w)
    return not w.isascii() or not w[0].isalpha() or start == 0 or not before[start - 1].isalpha()


def _count(tags: list[Tag], k: int, low: str) -> tuple[int, bool, int | None]:
    """How many of the adapter at tags[k]: the number right before it (and the index of its tag, dropped), "x2" after
    it, else one, or ADAPTERS_PLURAL when said in the plural."""
    t = tags[k]
    before = low[: t.start]
    found = _COUNT_BEFORE.search(before)
    if found:
        word = found.group(1)
        n = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 1)
        at = next((j for j in (k - 1, k - 2) if j >= 0 and tags[j].kind in ("NUMBER", "COUNT")), None)
        at = at if at is not None and tags[at].start >= found.start() else None
        return max(n, 1), True, at
    after = _COUNT_AFTER.search(low[t.end :])
    if after:
        at = next((j for j in (k + 1,) if j < len(tags) and tags[j].kind in ("NUMBER", "COUNT")), None)
        return max(int(after.group(1)), 1), True, at
    plural = _PLURAL.search(t.text.lower()) or re.search(r"(?:几个|多个|一些|multiple|several|some|a few)\s*$", before)
    return (ADAPTERS_PLURAL, False, None) if plural else (1, True, None)
