"""The tagger's state and its small readers: a `Tag`, the token cursor helpers, numbers with
Chinese multipliers, units from the lexicon, and the spelling fixes applied before tagging.

Contract: `TaggerBase(toks, text, index, lex)` holds the tokens of one question (their texts
after typo fixes in `tt`), the tags found so far (`tags`) and the unplaced words (`unknown`);
`add` appends a tag and returns the index after it. The reading steps are mixins (quantities,
models, gpus) combined in assistant/nlu/tagger.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from assistant.nlu.asked_currency import CODES
from assistant.nlu.index import NameIndex
from assistant.nlu.lexicon import Lexicon
from assistant.nlu.lookup.matches import GpuMatch, ModelMatch
from assistant.nlu.lookup.name_tokens import BRAND
from assistant.nlu.tagging.cn_numerals import CN_NUM, cn_number, cn_range
from assistant.nlu.tagging.words import BRAND_FIX, FAMILY_WORDS, SERIES_FIX, SUFFIX_FIX
from assistant.nlu.text import Tok

V = TypeVar("V")
# Chinese words of approximation between a number and its unit ("十来个小时", "二十多块", "十几个小时")
_APPROX = frozenset({"来", "多", "几"})
_CURRENCY_UNITS = tuple((f"cur_{code}", code.upper()) for code in CODES)  # CNY before the later ones: ¥
_APPROX_UNITS = ("hours", "classifier", "money_after", "months", "day", "week", "years", "gb")
# a reading step's answer that the token it was asked about starts no quantity at all ("5090参数": the card's specs),
# so no later step may read one there; a step's None only says the quantity is not of its kind
NO_QUANTITY = -1


@dataclass
class Tag:
    """A tagged span of the question: its kind, value, text and position."""

    kind: str
    value: object
    text: str
    start: int
    end: int
    meanings: dict = field(default_factory=dict)

    def number(self) -> float:
        """The value of a numeric tag (NUMBER, COUNT, MONEY, YEARS ...); ValueError when it holds none."""
        if isinstance(self.value, (int, float, str)):
            return float(self.value)
        raise ValueError(f"a {self.kind} tag holds no number")

    def word(self) -> str:
        """The value of a tag that holds a word (PRONOUN, PERIOD, CONDITION ...)."""
        return self._value(str)

    def mapping(self) -> dict:
        """The value of a tag that holds named parts (HOURS: per_week / total ...)."""
        return self._value(dict)

    def gpu_match(self) -> GpuMatch:
        return self._value(GpuMatch)

    def model_match(self) -> ModelMatch:
        return self._value(ModelMatch)

    def _value(self, kind: type[V]) -> V:
        if isinstance(self.value, kind):
            return self.value
        raise TypeError(f"a {self.kind} tag holds no {kind.__name__}")


def number_or_none(s: str) -> float | None:
    try:
        return float(s)
    except ValueError:
        return None


_EACH_CLASSIFIERS = frozenset({"张", "块", "台", "个", "片", "套"})  # "一万七一张": 一 + one of these is "each"


class TaggerBase:
    def __init__(self, toks: list[Tok], text: str, index: NameIndex, lex: Lexicon):
        self.toks, self.text, self.index, self.lex = toks, text, index, lex
        self.tt = [t.text for t in toks]
        self.tags: list[Tag] = []
        self.unknown: list[str] = []
        self._last_unknown = -2
        self._unknown_toks: list[int] = []  # token index of each entry of `unknown` that is one word
        self._fix_typos()

    # provided by the GPU and model taggers that the tagger combines with this one
    def gpu_start(self, i: int) -> str | None:
        raise NotImplementedError

    def unknown_model_before(self, i: int, end: int, params: float) -> bool:
        raise NotImplementedError

    def _numbered_alias_at(self, i: int) -> int | None:
        raise NotImplementedError

    def _number_first_alias_at(self, i: int) -> int | None:
        raise NotImplementedError

    # helpers --------------------------------------------------------------------------------
    def span(self, i: int, j: int) -> str:
        return self.text[self.toks[i].start : self.toks[j - 1].end]

    def add(self, kind: str, value, i: int, j: int, meanings=None) -> int:
        self.tags.append(Tag(kind, value, self.span(i, j), self.toks[i].start, self.toks[j - 1].end, meanings or {}))
        return j

    def number_at(self, i: int) -> tuple[float, int] | None:
        """A number (digits or a number word) at i: (value, tokens used), with a Chinese approximation glued after
        it and before its unit ("十来个小时" 10, "二十多块" 20, "十几个小时" 15: 几 after a ten adds 5)."""
        got = self._number_at(i)
        if got is None:
            return None
        v, used = got
        k = i + used
        if k + 1 < len(self.tt) and self.toks[k].glued and self.tt[k] in _APPROX and self._unit_word_at(k + 1):
            tens = self.tt[k] == "几" and self.tt[k - 1] == "十"
            if self.tt[k] != "几" or tens:
                return v + (5.0 if tens else 0.0), used + 1
        return got

    def _unit_word_at(self, k: int) -> bool:
        """A unit or a classifier starts at token k ("个小时", "块", "万", "张")."""
        return self.tt[k] in ("万", "千") or any(self.unit(u, k) for u in _APPROX_UNITS)

    def _number_at(self, i: int) -> tuple[float, int] | None:
        """A number (digits or a number word) at i: (value, tokens used)."""
        if i >= len(self.tt):
            return None
        t = self.toks[i]
        if t.kind == "num":
            v, used = number_or_none(t.text), 1
            nxt = self.toks[i + 1] if i + 1 < len(self.tt) else None
            if (
                v is not None
                and nxt is not None
                and (nxt.glued or nxt.text in ("万", "亿"))  # "预算 5 万": a space before 万 is common
                and nxt.text in ("万", "千", "亿")
                and not (nxt.text == "千" and i + 2 < len(self.tt) and self.tt[i + 2] == "瓦")
            ):
                mult = {"万": 1e4, "千": 1e3, "亿": 1e8}[nxt.text]
                v, used = v * mult, 2
                if nxt.text == "万" and i + 2 < len(self.tt) and self.tt[i + 2] == "亿" and self.toks[i + 2].glued:
                    return v * 1e8, 3  # "1万亿" = 10^12
                tail = self.toks[i + 2] if i + 2 < len(self.tt) else None
                if tail is not None and tail.glued and tail.kind == "num" and len(tail.text) == 1 and tail.text != "0":
                    small = i + 3 < len(self.tt) and self.toks[i + 3].glued and self.tt[i + 3] in ("千", "百")
                    v += float(tail.text) * ({"千": 1e3, "百": 1e2}[self.tt[i + 3]] if small else mult / 10)
                    used = 4 if small else 3  # "1万5" = 15000, "1万5千" = 15000, "2千5" = 2500
            elif v is not None and nxt is not None and nxt.glued and nxt.text == "w" and self._wan_shorthand(v, i):
                v, used = v * 1e4, 2  # "预算2w", "1.5w左右": w = 万 in Chinese chat
                tail = self.toks[i + 2] if i + 2 < len(self.tt) else None
                if tail is not None and tail.glued and tail.kind == "num" and len(tail.text) == 1 and tail.text != "0":
                    v, used = v + float(tail.text) * 1e3, 3  # "1w5" = 15000, as "1万5"
            return (v, used) if v is not None else None
        if t.kind == "cjk" and t.text in CN_NUM:
            if self._weekday_at(i):
                return None  # 周五, 星期三, 礼拜六: a day of the week, never five cards
            if self._cn_phrase_at(i):
                return None  # 二手, 一下, 一周, 一度: a phrase, not a number
            spoken = cn_range(self.tt[i : i + 3]) if all(t.glued for t in self.toks[i + 1 : i + 3]) else None
            if spoken is not None:
                return spoken  # "闲鱼两三百一张": about 250
            j = i
            while j < len(self.tt) and self.toks[j].kind == "cjk" and self.tt[j] in CN_NUM and j - i < 12:
                if j > i and self.tt[j] == "千" and j + 1 < len(self.tt) and self.tt[j + 1] == "瓦":
                    break
                if j > i and (not self.toks[j].glued or self._cn_phrase_at(j)):
                    break  # "预算一万，二手可以": the numeral after the comma starts 二手
                if j > i and self._each_after_amount(i, j):
                    break  # "一万七一张", "四千五一张": the amount, then 一张 (each), not 10,001 / 4,001
                j += 1
            v = cn_number(self.tt[i:j])
            return (v, j - i) if v is not None else None
        if t.text in ("a", "an") and i + 1 < len(self.tt) and self.tt[i + 1] in ("couple", "pair"):
            return 2.0, 2 + (1 if i + 2 < len(self.tt) and self.tt[i + 2] == "of" else 0)
        if t.text in self.lex.numbers:
            n = 1 + (1 if t.text in ("couple", "pair") and i + 1 < len(self.tt) and self.tt[i + 1] == "of" else 0)
            return self.lex.numbers[t.text], n
        return None

    def _each_after_amount(self, i: int, j: int) -> bool:
        """Token j is 一 right before a classifier, after a run with 百 / 千 / 万 ("一万七一张"): 一 starts 一张."""
        after = self.tt[j + 1] if j + 1 < len(self.tt) else ""
        return self.tt[j] == "一" and after in _EACH_CLASSIFIERS and any(c in "百千万" for c in self.tt[i:j])

    def _wan_shorthand(self, v: float, i: int) -> bool:
        """ "2w" is 2 万 (20,000) in a Chinese question that speaks of money, not of watts. Ten or more ("80w",
        "350w") is a draw in watts unless a money word ([lists] wan_money_cues) sits right before it ("预算30w") or
        right after it ("老板给了100w预算")."""
        chinese = any(t.kind == "cjk" for t in self.toks)
        power = any(w in self.text for w in ("功耗", "功率", "瓦", "电源", "tdp", "TDP"))
        if not chinese or power or not 0 < v < 10000:
            return False
        if v < 10 or not float(v).is_integer():
            return True
        before = self.text[max(0, self.toks[i].start - 6) : self.toks[i].start]
        w_end = self.toks[i + 1].end if i + 1 < len(self.toks) else self.toks[i].end
        after = self.text[w_end : w_end + 4].lstrip("的 ")
        cues = self.lex.listed("wan_money_cues")
        return any(w in before for w in cues) or any(after.startswith(w) for w in cues if not w.isascii())

    def _weekday_at(self, i: int) -> bool:
        """A Chinese numeral glued after 周 / 星期 / 礼拜 names a weekday ("今天周五"), unless a count follows it
        ("每周五天", "每周三次": five days, three times)."""
        if not self.toks[i].glued or i == 0:
            return False
        before = "".join(self.tt[max(0, i - 2) : i])
        after = self.tt[i + 1] if i + 1 < len(self.tt) and self.toks[i + 1].glued else ""
        return before.endswith(("周", "星期", "礼拜")) and after not in ("天", "次", "个", "小", "晚")

    def _cn_phrase_at(self, i: int) -> bool:
        """A Chinese numeral at i that starts a longer lexicon word (二手, 一下, 一周)."""
        hit = self.lex.match(self.tt, i)
        return bool(hit and hit[0] >= 2 and not all(x in CN_NUM for x in self.tt[i : i + hit[0]]))

    def unit(self, name: str, i: int) -> int:
        return self.lex.unit(name, self.tt, i)

    def money_after(self, k: int) -> int:
        """The money unit after a number, at token k (its length; 0 if none). A sign glued to the number after it
        ("3090 $650 each") is that number's unit, so the number before it is no amount (a card)."""
        m = self.unit("money_after", k)
        glued_to_next = (
            m == 1
            and self.tt[k] in ("$", "€", "£", "¥")
            and k + 1 < len(self.tt)
            and self.toks[k + 1].kind == "num"
            and self.text[self.toks[k].end : self.toks[k + 1].start] == ""
        )
        return 0 if glued_to_next else m

    def gpu_hours(self, i: int) -> bool:
        """Token i is a card's bare model number counted in hours of it ("how many 4090 hours for a lora", "4090
        hours to finetune llama"): "many" before it or a job word after the hours (lexicon gpu_hours_after)."""
        tt = self.tt
        h = self.unit("hours", i + 1) if tt[i] in self.index.bare_numbers else 0
        if not h or tt[i + 1] in ("h", "hr", "hrs"):
            return False
        after = i + 1 + h
        return (i > 0 and tt[i - 1] == "many") or (after < len(tt) and tt[after] in self.lex.listed("gpu_hours_after"))

    def currency_at(self, i: int) -> str | None:
        """ISO code of the money unit at token i (one of asked_currency.CODES); None for dollars (or no unit).
        A ¥ in
        a question about Japan ([lists] japan_words: "¥31/kWh in japan") is yen."""
        for name, code in _CURRENCY_UNITS:
            if self.unit(name, i):
                if (
                    code == "CNY"
                    and self.toks[i].text in ("¥", "￥")
                    and self.lex.words_in("japan_words", self.text.lower())
                ):
                    return "JPY"
                if code == "CNY" and self.toks[i].text in ("块", "元", "块钱", "蚊") and self._in_hong_kong():
                    return "HKD"  # "电费一块二一度(香港)": 块 in Hong Kong is its dollar
                return code
        return None

    def gap(self, i: int) -> str:
        """The text between token i and token i + 1 (what the tokenizer dropped)."""
        return self.text[self.toks[i].end : self.toks[i + 1].start].strip() if i + 1 < len(self.toks) else ""

    def _in_hong_kong(self) -> bool:
        """The question says it is in Hong Kong (a Chinese word of [lists] place_hkd: "香港")."""
        return any(w in self.text for w in self.lex.listed("place_hkd") if not w.isascii())

    def full_time(self, i: int) -> int:
        """24/7, 24x7, 7x24, 7*24(小时): tokens used, 0 if none."""
        tt, n = self.tt, len(self.tt)
        if tt[i] in ("24", "7") and i + 1 < n:
            other = "7" if tt[i] == "24" else "24"
            j = 0
            if tt[i + 1] == other and self.gap(i) in ("*", "x", "×", "/"):
                j = i + 2
            elif i + 2 < n and tt[i + 1] in ("/", "x", "×") and tt[i + 2] == other:
                j = i + 3
            if j:
                return j - i + self.unit("hours", j)
        return self.unit("full_time", i)

    def _fix_typos(self) -> None:
        tt, toks = self.tt, self.toks
        for i, w in enumerate(tt):
            if toks[i].kind != "word":
                continue
            nxt_num = i + 1 < len(tt) and toks[i + 1].kind == "num"
            prev_num = i > 0 and toks[i - 1].kind == "num"
            if prev_num and w in SUFFIX_FIX and not (nxt_num and toks[i + 1].glued):  # "tu106" is a chip
                tt[i] = SUFFIX_FIX[w]
                continue
            if (
                not nxt_num
                or w in BRAND
                or (w,) in self.lex.phrases
                or w in self.index.name_words
                or w in self.index.model_families
                or w in FAMILY_WORDS  # "qwen2.5 7b instruct 1m": a model's variant word, never "instinct"
                or w in self.lex.count_words
                or w in self.lex.numbers
                or any(w in starts for starts in self.lex.unit_starts.values())
            ):
                continue  # a word of a GPU or model name ("nforce", "llama") or a number word is not a typo
            from rapidfuzz.distance import OSA  # typos only: not imported at start-up

            if len(w) >= 5:
                for b in BRAND_FIX:
                    if OSA.distance(w, b, score_cutoff=2) <= 2:
                        tt[i] = b
                        break
            elif len(w) == 3:
                for b in SERIES_FIX:
                    if OSA.distance(w, b, score_cutoff=1) <= 1:
                        tt[i] = b
                        break
            if tt[i] == w:
                fam = self.index.fix_family(w)
                if fam:
                    tt[i] = fam
