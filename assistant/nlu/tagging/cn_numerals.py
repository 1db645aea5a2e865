"""Chinese numerals: "一万五" -> 15000, "两千" -> 2000, "三十二" -> 32.

Contract: `cn_number(chars)` returns the value of a run of Chinese numeral characters or None;
`cn_range(chars)` the middle of a spoken range at the start of `chars` ("两三百" 250, "三四千" 3500, "七八十" 75)
with the characters it used, or None; `CN_NUM` is the set of characters that may start or continue such a run.
"""

from __future__ import annotations

# Chinese numerals: digits, small units (十 百 千) and big units (万 亿)
CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CN_SMALL = {"十": 10, "百": 100, "千": 1000}
CN_BIG = {"万": 10_000, "亿": 100_000_000}
CN_NUM = frozenset(CN_DIGITS) | frozenset(CN_SMALL) | frozenset(CN_BIG)


def cn_number(chars: list[str]) -> float | None:
    """Value of a run of Chinese numerals ("一万五" -> 15000, "两千" -> 2000, "三十二" -> 32)."""
    total, section, num, last_unit = 0.0, 0.0, None, 0
    for ch in chars:
        if ch in CN_DIGITS:
            num = CN_DIGITS[ch]
        elif ch in CN_SMALL:
            section += (1 if num is None else num) * CN_SMALL[ch]
            num, last_unit = None, CN_SMALL[ch]
        elif ch in CN_BIG:
            section += num or 0
            if last_unit > CN_BIG[ch] or last_unit == 0 or section:
                total += (section or 1) * CN_BIG[ch]
            else:
                total *= CN_BIG[ch]  # "一万亿": 万 then 亿 multiplies (10^12)
            section, num, last_unit = 0.0, None, CN_BIG[ch]
        else:
            return None
    if num is not None and last_unit >= 100 and len(chars) >= 3 and chars[-2] in (CN_SMALL | CN_BIG):
        section += num * last_unit / 10  # "一万五" = 15000, "两千五" = 2500
        num = None
    value = total + section + (num or 0)
    return value if (value or any(c in ("零", "〇") for c in chars)) else None


def cn_amount(word: str) -> float | None:
    """A small amount said in Chinese numerals, or 半 (a half): "半" -> 0.5, "两" -> 2, "十二" -> 12; None otherwise."""
    return 0.5 if word == "半" else cn_number(list(word))


def cn_range(chars: list[str]) -> tuple[float, int] | None:
    """ "两三百一张" -> (250, 3): two neighbouring digits and a unit say "two or three hundred"; the middle counts."""
    if len(chars) < 3 or chars[0] not in CN_DIGITS or chars[1] not in CN_DIGITS:
        return None
    low, high = CN_DIGITS[chars[0]], CN_DIGITS[chars[1]]
    unit = CN_SMALL.get(chars[2]) or CN_BIG.get(chars[2])
    if not low or high != low + 1 or unit is None:
        return None
    return (low + 0.5) * unit, 3
