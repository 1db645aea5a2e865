"""Versions of one model family: "qwen 14b" names Qwen2.5 14B and Qwen3 14B alike, "llama 70b" four Llamas of the
same size; "qwen" alone sixteen models; "deepseek v3.1" a point release the KB lacks.

Contract: `newest_same_size(candidates, size_b)` -> the key of the newest version when the candidates at the size
typed are one family (the key without its version is the same: "qwen2.5-14b" / "qwen3-14b"), else None; such
versions need the same memory and run at about the same speed, so the answer takes the newest and says so.
`distill_alone(candidates)` -> the one distill a family name and a size name ("deepseek 70b": DeepSeek-R1-Distill-Llama
70B), which point_release also finds so the answer says it.
`earlier_version(mention, index)` -> the key of the model a point release builds on ("deepseek v3.1" -> DeepSeek
V3: the mention with its ".1" dropped names a KB model, every word of it, whose name carries no size), else None.
`point_release(mention, keys)` -> the one key among `keys` of the family, major version and size typed when the mention
has no minor version ("llama 3 405b" -> llama-3.1-405b: Llama 3 itself had no 405B), else None.
`same_size(mention, candidates, info)` -> with a size typed, the first (ranked) of candidates of one family and kind
with the same parameters ("deepseek 671b": DeepSeek R1 and V3, one architecture), else None.
`newest_of(mention, candidates)` -> newest_same_size at the size typed in the mention, else at the
candidates' common size. `common_size(candidates)` -> the size every candidate's key ends with, else None (a size
typed apart from the family name: "32b的qwen"). `ranked(candidates, info)` orders an ask-back list the way people
mean a bare family name: general models before specialised ones (Coder, Distill, Instruct variants), newest version
first, dense before mixture-of-experts, larger first. `info` maps a model key to (family word, parameters in
billions, name, kind) as NameIndex.model_info does.
"""

from __future__ import annotations

import re

from assistant.nlu.text import words

_VERSION = re.compile(r"^([a-z]+)-?(\d+(?:\.\d+)*)-(.+)$")  # "qwen2.5-14b", "llama-3.1-70b"
SIZED = re.compile(r"\d+(?:\.\d+)?b\b")  # a model name with its size ("Gemma 3 4B")
SPECIALISED = ("coder", "distill", "math", "vl", "instruct", "base")


def _split(key: str) -> tuple[str, tuple[int, ...], str] | None:
    m = _VERSION.match(key)
    if m is None:
        return None
    version = tuple(int(x) for x in m.group(2).split("."))
    return m.group(1), (version + (0, 0, 0))[:3], m.group(3)  # 3 = 3.0.0, so 3.3 comes after it


def newest_same_size(candidates: tuple[str, ...], size_b: float | None) -> str | None:
    """The newest of versions that differ only in their version number, at the size typed (`size_b`)."""
    parts = [(c, _split(c)) for c in candidates]
    if size_b is None or any(p is None for _, p in parts):
        return None
    at_size = [(c, p) for c, p in parts if p is not None and p[2] == f"{size_b:g}b"]
    if len(at_size) < 2 or len({(p[0], p[2]) for _, p in at_size}) != 1:
        return None
    return max(at_size, key=lambda cp: cp[1][1] if cp[1] else ())[0]


def newest_of(mention: str, candidates: tuple[str, ...]) -> str | None:
    size = re.search(r"(\d+(?:\.\d+)?)\s*b\b", mention.lower())
    # "32b的qwen": the size was typed apart from the name and the tagger kept the family's models of that size
    return newest_same_size(candidates, float(size.group(1)) if size else common_size(candidates))


def same_size(mention: str, candidates: tuple[str, ...], info: dict) -> str | None:
    """A size typed ("deepseek 671b") and every candidate of one family and kind with the same parameters (within
    SAME_PARAMS): one architecture under several names, so the same memory and speed; the first as `ranked`."""
    if len(candidates) < 2 or not re.search(r"\d+(?:\.\d+)?\s*b\b", mention.lower()):
        return None
    rows = [info.get(c) for c in candidates]
    if any(r is None for r in rows) or len({(r[0], r[3]) for r in rows if r}) != 1:
        return None
    params = [r[1] for r in rows if r]
    if min(params) <= 0 or max(params) > min(params) * SAME_PARAMS:
        return None
    return ranked(candidates, info)[0]


SAME_PARAMS = 1.002  # parameter counts this close are one architecture published under several names


def common_size(candidates: tuple[str, ...]) -> float | None:
    """The size every candidate's key ends with ("qwen3-32b", "qwen2.5-32b" -> 32.0), else None."""
    sizes = {p[2] for c in candidates if (p := _split(c)) is not None}
    if len(sizes) != 1 or any(_split(c) is None for c in candidates):
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)b", sizes.pop())
    return float(m.group(1)) if m else None


def ranked(candidates: tuple[str, ...], info: dict) -> tuple[str, ...]:
    def key(c: str):
        split = _split(c)
        version = split[1] if split else ()
        params = info.get(c, ("", 0.0))[1]
        moe = bool(re.search(r"-a\d+(?:\.\d+)?b$", c))
        return (any(w in c.split("-") for w in SPECIALISED), tuple(-v for v in version), moe, -params)

    return tuple(sorted(candidates, key=key))


def earlier_version(mention: str, index) -> str | None:
    base = re.sub(r"(\d+)\.\d+", r"\1", mention.lower())
    if base == mention.lower():
        return None
    toks = words(base)
    hit = index.model_at(toks, 0)
    if hit is None or hit[0] != len(toks):
        return None
    if SIZED.search(index.model_name(hit[1]).lower()) and _sizes_of_family(hit[1], index) > 1:
        return None  # "gemma 3.5": "gemma 3" names one size of several, not the model a 3.5 would build on
    return hit[1]  # "deepseek v3.1", "mistral small 3.2": the one model of that line the KB holds


def _sizes_of_family(key: str, index) -> int:
    """How many sizes the KB holds of models whose name is the name of model `key` without its size ("Mistral Small 3
    (24B)": one, 3.1 / 3.2 being the same size; "Gemma 3 4B": four Gemma 3 sizes)."""
    line = re.sub(r"\W*$", "", SIZED.sub("", index.model_name(key).lower()).replace("()", "")).strip()
    names = [v[2].lower() for v in index.model_info.values() if v[2].lower().startswith(line)]
    return len({m.group() if (m := SIZED.search(n)) else n for n in names})


_TYPED = re.compile(r"^([a-z]+) ?(\d+) (\d+(?:\.\d+)?) ?b$")  # "llama 3 405b", "qwen2 72b"


_BARE = re.compile(r"^([a-z]+) (\d+(?:\.\d+)?) ?b$")  # "deepseek 70b": a family and a size, no version


def distill_alone(cands: tuple[str, ...]) -> tuple[str, ...]:
    """The one candidate of a family at a size when it is a distill ("deepseek 70b": DeepSeek released no plain
    70B model, and the name is what people call the R1 distill Ollama ships as deepseek-r1:70b), else ()."""
    return cands if len(cands) == 1 and "distill" in cands[0].split("-") else ()


def point_release(mention: str, keys) -> str | None:
    """See the module docstring; also the one distill of a family at a size typed without any version."""
    bare = _BARE.match(" ".join(words(mention)))
    if bare is not None:
        size = f"{bare.group(2)}b"
        alone = distill_alone(tuple(k for k in keys if k.startswith(bare.group(1) + "-") and k.endswith("-" + size)))
        return alone[0] if alone else None
    typed = _TYPED.match(" ".join(words(mention)))
    if typed is None:
        return None
    family, major, size = typed.group(1), int(typed.group(2)), f"{typed.group(3)}b"
    found = [k for k in keys if (p := _split(k)) is not None and (p[0], p[1][0], p[2]) == (family, major, size)]
    return found[0] if len(found) == 1 and _split(found[0]) != (family, (major, 0, 0), size) else None
