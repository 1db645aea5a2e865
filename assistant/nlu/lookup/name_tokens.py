"""How GPU names are split and compared: brand and vendor words, variant and tier words, and the
token helpers that reduce a name or a mention to its core (the name without brand words).

Contract: pure functions over lists of lower-case token texts; constants shared by the index and
the tagger (BRAND, MOBILE, SUFFIX_SPLIT, VARIANT_WORDS).
"""

from __future__ import annotations

import re

BRAND = frozenset(
    {
        *(
            "nvidia",
            "geforce",
            "amd",
            "ati",
            "radeon",
            "rx",
            "rtx",
            "gtx",
            "tesla",
            "quadro",
            "instinct",
            "intel",
            "arc",
        ),
        *("apple", "macbook", "mac", "huawei", "ascend", "gaudi", "tpu"),
    }
)
VENDOR_WORDS = {
    "nvidia": "NVIDIA",
    "geforce": "NVIDIA",
    "amd": "AMD",
    "radeon": "AMD",
    "ati": "AMD",
    "intel": "Intel",
    "arc": "Intel",
    "apple": "Apple",
    "macbook": "Apple",
    "mac": "Apple",
    "huawei": "Huawei",
    "ascend": "Huawei",
    "gaudi": "Intel Gaudi",
    "tpu": "Google",
}
MOBILE = {"laptop": "mobile", "notebook": "mobile", "laptops": "mobile", "mobile": "mobile"}
VARIANT = frozenset({"gb", "sxm", "nvl"})
SOFT = frozenset({"generation", "graphics", "edition", "pro"})
# consumer series people name by the number alone ("3090", "7900 xtx"): four digits after GTX/RTX/RX
BARE_NUMBERED = re.compile(r"^(GeForce (?:GTX|RTX)|Radeon RX) (\d{4})\b")
# form-factor words of a product name: a mention that leaves them out picks a documented variant
FORM = frozenset({"sxm", "pcie", "pci", "e", "nvl", "oam", "mxm", "hgx"})
# suffixes people glue together: "4070tis" and "4070tisuper" are the 4070 Ti SUPER, "4080s" the 4080 SUPER
SUFFIX_SPLIT = {
    "tis": ("ti", "super"),
    "ts": ("ti", "super"),
    "tisuper": ("ti", "super"),  # "4070tisuper": the two words typed without a space
    "tisup": ("ti", "super"),
    "maxq": ("max", "q"),
    "gbs": ("gb",),
}
# a variant word in the plural ("two 4070 supers", "7900 xtxs"): the variant, never dropped
PLURAL_VARIANT = {"supers": "super", "xts": "xt", "xtxs": "xtx"}
# words after a model number that make it a different product: a match must never drop or add them
VARIANT_WORDS = frozenset(
    {
        "ti",
        "super",
        "xt",
        "xtx",
        "gre",
        "d",
        "x",
        "mobile",
        "laptop",
        "notebook",
        "q",
        "sxm",
        "pcie",
        "nvl",
        "ultra",
        "le",
        "se",
        "gs",
        "gt",
        "gts",
        "boost",
        "gb",
    }
)
CHIP = re.compile(r"^(ad|ga|gp|gk|gm|tu|gv|gh|navi|gddr|oem|sp|x|a|b)$")
TIER = frozenset(
    {
        "ti",
        "super",
        "xt",
        "xtx",
        "gre",
        "s",
        "d",
        "x",
        "m",
        "max",
        "mobile",
        "ultra",
        "le",
        "se",
        "gs",
        "gt",
        "gtx",
        "gto",
        "gx",
        "gso",
        "xl",
    }
)
# architecture names that tell two products of one model number apart ("RTX 6000" / "RTX 6000 Ada Generation")
ARCHITECTURE_WORDS = frozenset(
    {"kepler", "maxwell", "pascal", "volta", "turing", "ampere", "ada", "hopper", "blackwell", "rubin", "lovelace"}
)
SUGGEST_CUTOFF = 60.0


_NAME_TOKEN = re.compile(r"\d+(?:\.\d+)?|[a-z]+")


def name_tokens(s: str) -> list[str]:
    """Token texts of a KB name (ASCII): the same split as `text.tokenize`, faster."""
    return _NAME_TOKEN.findall(s.lower())


def core_tokens(toks: list[str]) -> list[str]:
    """Tokens without brand words before the model number ("GeForce 7900 GTX" keeps its GTX)."""
    out, seen_num = [], False
    for j, t in enumerate(toks):
        if t[0].isdigit():
            seen_num = True
        elif t in BRAND and not seen_num:
            continue
        if seen_num and len(t) == 2 and t.isalpha() and t[1] == "v" and j + 1 < len(toks) and toks[j + 1].isdigit():
            out += [t[0], "v"]  # "5090dv2": the D V2, a variant letter glued to a version
            continue
        out.append(MOBILE.get(t, t))
    return out


def leaves_variant(missing) -> bool:
    """A match leaves out a variant (memory size, form factor): the answer must say so."""
    return any(t in VARIANT or t.isdigit() for t in missing)


def head_tokens(core: list[str]) -> frozenset[str]:
    """The model number and a short letter prefix glued to it ("v 4900", "mi 300", "4090")."""
    for j, t in enumerate(core):
        if t[0].isdigit():
            if j > 0 and len(core[j - 1]) <= 2 and core[j - 1].isalpha():
                return frozenset((core[j - 1], t))
            return frozenset((t,))
    return frozenset()


def variant_parts(core: list[str]) -> frozenset[str]:
    """Tokens of a product core that only name a variant of it: a memory size ("16 gb") or a form
    factor ("sxm 4", "pcie"). Leaving them out of a mention picks a variant; the answer says which."""
    out = set()
    for j, t in enumerate(core):
        nxt = core[j + 1] if j + 1 < len(core) else ""
        prev = core[j - 1] if j > 0 else ""
        if t in FORM or t == "gb" or (t[0].isdigit() and (nxt == "gb" or prev in ("sxm", "pcie"))):
            out.add(t)
    return frozenset(out)


def chip_parts(core: list[str]) -> frozenset[str]:
    """Tokens naming the die of a product ("ad 106", "ga 102"): a duplicate entry of the same card."""
    out: set[str] = set()
    for j, t in enumerate(core):
        if j > 0 and CHIP.match(t) and len(t) == 2 and j + 1 < len(core) and core[j + 1][0].isdigit():
            out.update((t, core[j + 1]))
    return frozenset(out)


def _glued_variants(word: str) -> tuple[str, ...]:
    """Variant words written as one ("tisuper" -> ti super, "xtxlaptop" -> xtx laptop); () when it is not."""
    if not word.isalpha() or len(word) < 4:
        return ()
    for cut in range(2, len(word) - 1):
        head, tail = word[:cut], word[cut:]
        if head in VARIANT_WORDS and len(head) > 1:
            rest = (tail,) if tail in VARIANT_WORDS and len(tail) > 1 else _glued_variants(tail)
            if rest:
                return (head, *rest)
    return ()


# Chinese words inside a mention, one token per character: a laptop word is "mobile", the word for the memory
# ("3080 笔记本 16g 显存") adds nothing
_CJK_WORDS = {
    "笔记本版": "mobile",
    "笔记本": "mobile",
    "移动版": "mobile",
    "移动端": "mobile",
    "游戏本": "mobile",
    "轻薄本": "mobile",
    "显存": "",
}


def _cjk_words(toks: list[str]) -> list[str]:
    out: list[str] = []
    k = 0
    while k < len(toks):
        word = next((w for w in _CJK_WORDS if "".join(toks[k : k + len(w)]) == w), None)
        if word is None:
            out.append(toks[k])
            k += 1
            continue
        out.extend([_CJK_WORDS[word]] if _CJK_WORDS[word] else [])
        k += len(word)
    return out


def split_suffixes(toks: list[str]) -> list[str]:
    """A mention's tokens as the index compares them: glued suffixes split ("4070tis" -> 4070 ti super),
    "g" after a size is gigabytes ("12g"), a thousands "k" after a letter prefix is read ("a6k" -> a 6000), a Chinese
    laptop word is "mobile" ("3080 笔记本 16g")."""
    out: list[str] = []
    if any(not t.isascii() for t in toks):
        toks = _cjk_words(toks)
    for t in toks:
        prev = out[-1] if out else ""
        if t in SUFFIX_SPLIT and prev[:1].isdigit():
            out.extend(SUFFIX_SPLIT[t])
        elif prev[:1].isdigit() and t not in VARIANT_WORDS and (glued := _glued_variants(t)):
            out.extend(glued)
        elif t in PLURAL_VARIANT and (prev[:1].isdigit() or prev in VARIANT_WORDS):
            out.append(PLURAL_VARIANT[t])
        elif t == "g" and prev[:1].isdigit():
            out.append("gb")
        elif t == "k" and prev.isdigit() and len(out) >= 2 and out[-2].isalpha() and len(out[-2]) <= 2:
            out[-1] = str(int(prev) * 1000)
        else:
            out.append(t)
    return out


def memory_of_mention(core: list[str]):
    for j in range(len(core) - 1):
        if core[j + 1] == "gb" and core[j].replace(".", "", 1).isdigit():
            return float(core[j]), {j, j + 1}
    return None
