"""The model of the thread's line at another size: "what about the 70b one" after Llama 3.1 8B is Llama 3.1 70B,
"what about the 32b one" after DeepSeek R1 is its 32B distill (as "deepseek r1 32b" reads), never a generic model of
that size when the line has one.

Contract: `sibling(index, key, size_b)` -> the key of the model the name of `key`'s model without its size, with
`size_b` after it, reads as; None when that names no model, or names one whose size is not within 15 % of `size_b`.
`named_variant(index, key, text)` -> the key of the model of `key`'s family that a word of `text` sets apart
("换成turbo版呢" after Whisper large-v3 is Whisper large-v3-turbo, "the coder one" after Qwen2.5 7B its Coder 7B):
the one of that family whose name has a word the text points at as a version (`_pointed`) and `key`'s name lacks,
the one with the fewest other words of its own first ("the large one": large-v3, not large-v3-turbo), then of the
same size; None when none or several are.
"""

from __future__ import annotations

import re

_SIZE = re.compile(r"\s*\b\d+(?:\.\d+)?\s*[BM](?:-A\d+(?:\.\d+)?B)?\b.*$", re.IGNORECASE)


def sibling(index, key: str, size_b: float) -> str | None:
    info = index.model_info.get(key)
    if info is None:
        return None
    line = _SIZE.sub("", info[2]).strip()
    if not line:
        return None
    from assistant.nlu import understand  # the question reader, as a question naming the model reads

    found = getattr(getattr(understand(f"{line} {size_b:g}b vram", index), "model", None), "key", None) or ""
    other = index.model_info.get(found)
    if other is None or found == key or abs(other[1] - size_b) > 0.15 * size_b:
        return None
    return found


_WORD = re.compile(r"[a-z][a-z0-9.]+")


def _pointed(word: str, text: str) -> bool:
    """The word said as the version pointed at: "the turbo one", "turbo version", "换成turbo版呢", "what about coder?",
    "turbo?" (the word alone), never inside a sentence about something else ("what about next year")."""
    w = re.escape(word)
    before = rf"(?:\bthe\s+|换成|换|改成|用)\s*{w}(?![a-z0-9])"
    after = rf"{w}\s*(?:one|version|variant|model|版)"
    alone = rf"^\s*(?:what about|how about|and|那)?\s*(?:the\s+)?{w}\s*(?:呢|\?)?\s*$"
    return bool(re.search(f"{before}|{after}|{alone}", text))


def named_variant(index, key: str, text: str) -> str | None:
    info = index.model_info.get(key)
    if info is None or not info[0]:
        return None
    low = text.lower()
    said = {w for w in _WORD.findall(low) if _pointed(w, low)}  # "the turbo one", not "what about next year"
    own = set(_WORD.findall(info[2].lower()))
    extra = {
        k: set(_WORD.findall(other[2].lower())) - own
        for k, other in index.model_info.items()
        if k != key and other[0] == info[0]
    }
    extra = {k: words for k, words in extra.items() if words & said}
    fewest = min((len(words - said) for words in extra.values()), default=0)  # "the large one": large-v3, not turbo
    found = [(k, index.model_info[k]) for k, words in extra.items() if len(words - said) == fewest]
    same = [k for k, other in found if abs(other[1] - info[1]) <= 0.15 * info[1]] if len(found) > 1 else []
    picked = same if same else [k for k, _ in found]
    return picked[0] if len(picked) == 1 else None
