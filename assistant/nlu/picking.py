"""Which candidate of a clarification a short reply picks ("the first", "16 GB", "laptop").

Contract: `choose(answer, clarification, index)` -> one of `clarification.candidates`, or None
when the reply does not pick exactly one. Ordinals ("first", "2", "the second one"), memory
sizes ("16 GB", "the 16gb one"), "desktop"/"laptop", a name or part of a name ("sxm", "ti")
all work, and so do Chinese replies ("第一个", "后者", "16G的", "笔记本", "台式"). The dialogue then
puts the name into `clarification.pending` at `clarification.slot`.
"""

from __future__ import annotations

import re

from assistant.nlu.text import clean, tokenize

ORDINALS = {
    "first": 0,
    "1st": 0,
    "one": 0,
    "second": 1,
    "2nd": 1,
    "two": 1,
    "third": 2,
    "3rd": 2,
    "three": 2,
    "fourth": 3,
    "4th": 3,
    "last": -1,
    "former": 0,
    "latter": 1,
}


ORDINALS_ZH = (("第一", 0), ("前者", 0), ("第二", 1), ("后者", 1), ("第三", 2), ("第四", 3), ("最后", -1))
MOBILE_ZH = ("笔记本", "移动版", "移动端", "游戏本")
DESKTOP_ZH = ("台式", "桌面", "桌面版")


def choose(answer: str, clar, index) -> str | None:
    cands = list(clar.candidates or ())
    if not cands:
        return None
    text, _ = clean(answer)
    words = [t.text for t in tokenize(text)]
    if not words:
        return None
    if text.strip() in [c.lower() for c in cands]:
        return next(c for c in cands if c.lower() == text.strip())
    for zh, k in ORDINALS_ZH:
        if zh in text:
            return cands[k] if -len(cands) <= k < len(cands) else None
    if index is not None and any(z in text for z in MOBILE_ZH):
        words = words + ["laptop"]
    if index is not None and any(z in text for z in DESKTOP_ZH):
        words = words + ["desktop"]
    content = [w for w in words if w not in ("the", "a", "an", "one", "please", "no", "yes", "i", "meant", "mean")]
    for w in words:
        if w == "one" and content:
            continue  # "the ada one", "the 16gb one": "one" is the card, not the first
        if w in ORDINALS:
            k = ORDINALS[w]
            return cands[k] if -len(cands) <= k < len(cands) else None
    if len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= len(cands) and int(words[0]) < 8:
        return cands[int(words[0]) - 1]
    m = re.search(r"(\d+(?:\.\d+)?)\s*(?:gb|g(?![a-z])|gig)", text)
    if m and index is not None:
        size = float(m.group(1))
        hits = [c for c in cands if index.memory_of(c) is not None and abs(index.memory_of(c) - size) < 0.5]
        if len(hits) == 1:
            return hits[0]
    if index is not None and any(w in ("laptop", "mobile", "notebook") for w in words):
        hits = [c for c in cands if index.is_mobile(c)]
        return hits[0] if len(hits) == 1 else None
    if index is not None and "desktop" in words:
        hits = [c for c in cands if not index.is_mobile(c)]
        return hits[0] if len(hits) == 1 else None
    wanted = {w for w in words if w not in ("the", "a", "an", "one", "i", "meant", "mean", "please", "no", "yes")}
    hits = [c for c in cands if wanted and wanted <= {t.text for t in tokenize(c.lower())}]
    return hits[0] if len(hits) == 1 else None
