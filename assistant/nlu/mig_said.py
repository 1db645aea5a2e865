"""A MIG slice said in a question: "a 1g.10gb slice of an a100", "mig 3g.40gb on h100", "what can one mig slice of an
h100 run" (the smallest slice), "split an a100 into 3 with mig" / "a100 用 mig 切成7份 每份能跑啥" (the slice of a
split into that many). The answer is for the slice (kb/mig_slices.py), never for the whole card silently.

Contract: `read(text, lang)` -> a Said (the words as typed, the profile "<g>g.<n>gb" when typed, the number of equal
slices when a split is said) or None when the question names no slice. `profile_of(said, gpu_name, memory_gb)` -> the
profile the slice has on that GPU, None when the GPU cannot be split so (not MIG-capable, or more slices than it has).
`profile_spans(text)` -> where profiles are typed.
`without(text, said)` -> the text with a typed profile taken out, so that "10gb" in it is not read as a memory size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant import mig_profiles as mig_slices
from assistant.nlu.lexicon import lexicon

_PROFILE = re.compile(r"(?<![\w.])(?:mig[\s-]*)?([1-8])g\.(\d{1,3})\s*gb?(?![\w.])", re.IGNORECASE)
_MIG = re.compile(r"(?<![a-z])mig(?![a-z])|多实例", re.IGNORECASE)
_COUNT = re.compile(
    r"(?:into|in|切成|分成|拆成|切|分)\s*([2-7]|[两二三四五六七])\s*(?:份|个|片|块|ways?|slices?|instances?|parts?|pieces?)?"
)
_ZH = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}


@dataclass(frozen=True)
class Said:
    """A slice as said: the words typed, the profile typed ("1g.10gb") or the number of equal slices ("into 3")."""

    typed: str
    profile: str | None = None
    parts: int | None = None


def read(text: str, lang: str) -> Said | None:
    found = _PROFILE.search(text)
    if found:
        return Said(found.group(0).strip(), profile=f"{found.group(1)}g.{found.group(2)}gb")
    mig = _MIG.search(text)
    if mig is None or not lexicon(lang).words_in("mig_slice_words", text.lower()):
        return None
    count = _COUNT.search(text.lower())
    parts = (_ZH.get(count.group(1)) or int(count.group(1))) if count else None
    return Said(mig.group(0), parts=parts)


def profile_of(said: Said, gpu_name: str, memory_gb: float) -> str | None:
    shares = mig_slices.shares(gpu_name)
    if shares is None:
        return None
    if said.profile:
        return said.profile
    if not said.parts:
        return mig_slices.smallest(gpu_name, memory_gb)
    compute, memory = shares
    if said.parts > compute:
        return None
    return f"{compute // said.parts}g.{round(memory_gb * (memory // said.parts) / memory):d}gb"


def profile_spans(text: str) -> list[tuple[int, int]]:
    """Where MIG profiles are typed ("1g.10gb": its ".10gb" is no memory size of its own)."""
    return [m.span() for m in _PROFILE.finditer(text)] if "g." in text.lower() else []


def without(text: str, said: Said) -> str:
    return _PROFILE.sub(" mig ", text) if said.profile else text
