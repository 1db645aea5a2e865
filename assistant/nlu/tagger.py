"""Tag the salient pieces of a question: GPU and model mentions, numbers with units, keywords.

Contract: `tag(toks, index, lex)` turns the tokens of one question into a list of `Tag`s in
text order (the parser's token stream) plus the words it could not place. Each `Tag` has a
grammar terminal (`kind`), a value (a `GpuMatch`, `ModelMatch`, number, vocabulary value or
True) and every meaning its phrase has in the lexicon (`meanings`: "training" is both a
WORKLOAD and a fine-tuning MODE). Filler words are dropped here. Nothing is resolved against
the dialogue: pronouns stay pronouns.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from assistant.nlu.index import BRAND, MOBILE, SUFFIX_SPLIT, VARIANT_WORDS, GpuMatch, ModelMatch, NameIndex
from assistant.nlu.lexicon import Lexicon, terminal
from assistant.nlu.text import Tok

BITS = {2: "q2_k", 3: "q3_k_m", 4: "int4", 5: "q5_k_m", 6: "q6_k", 8: "int8", 16: "fp16", 32: "fp32"}
CONTEXT_SIZES = {1, 2, 4, 8, 16, 32, 64, 128, 200, 256, 512, 1000, 1024}
BRAND_FIX = ("geforce", "radeon", "nvidia", "quadro", "tesla", "instinct")
SERIES_FIX = ("rtx", "gtx")
SUFFIX_FIX = {
    "tu": "ti",
    "ty": "ti",
    "tie": "ti",
    "supper": "super",
    "suoer": "super",
    "supr": "super",
    "sper": "super",
    "xtz": "xtx",
    "lapop": "laptop",
    "labtop": "laptop",
}
# Apple devices: "macbook pro m3 max", "mac studio m2 ultra" (brand words, then model words, then the chip)
APPLE_WORDS = frozenset({"apple", "macbook", "mac"})
APPLE_MODELS = frozenset({"pro", "air", "studio", "mini"})
APPLE_TIERS = frozenset({"pro", "max", "ultra"})
# descriptive words before a size that are not a model's name ("a dense 70b", "an uncensored 13b")
NOT_A_NAME = frozenset(
    {
        "dense",
        "moe",
        "sized",
        "size",
        "quantized",
        "quant",
        "instruct",
        "chat",
        "base",
        "distilled",
        "local",
        "open",
        "uncensored",
        "new",
        "old",
        "big",
        "small",
        "tiny",
        "huge",
        "like",
        "about",
        "around",
        "jk",
        "lol",
        "the",
        "a",
        "an",
        "my",
        "any",
        "some",
        "this",
        "that",
        "those",
        "these",
        "x",
        "q",
    }
)
# set-up words (lexicon units "<name>_before") and the tag of the number they bind, tried in this order
BINDERS = (
    ("context_before", "CONTEXT"),
    ("batch_before", "BATCH"),
    ("rank_before", "RANK"),
    ("alpha_before", "ALPHA"),
    ("top_before", "TOP"),
    ("stage_before", "ZERO_STAGE"),
)
# words before a name-shaped token that make it a GPU, and the meanings of words after it that do
GPU_BEFORE = frozenset({"a", "an", "my", "the", "on", "used", "new", "rent", "buy", "bought", "have", "got", "own"})
GPU_AFTER = frozenset(
    {"GPU_WORD", "VS", "OR", "AND", "SPEC", "FIELD", "PRICES", "COMPARE", "THAN", "FOLLOW", "RENT", "BUY", "COST"}
)
CHIP_CODE = re.compile(r"^(ad|ga|gp|gk|gm|tu|gv|gh|gb|navi|sp)$")
GPU_WORDS = frozenset({"gpu", "gpus", "card", "cards"})
SYSTEM_RAM = frozenset({"ram", "system", "内", "ddr4", "ddr5"})
# words right before a number that make it a price: "4080 at 7000", "卖7000"
PRICE_BEFORE = frozenset({"at", "for", "@", "卖", "售价", "收", "只要", "to", "is"})
LORA_WORDS = frozenset({"lora", "qlora", "dora", "rank", "alpha", "adapter", "adapters", "peft"})
# units glued to a number: "70b", "8k", "4bit", "300w" are quantities, not a GPU's suffix
GLUED_UNITS = frozenset(
    {"b", "k", "bit", "bits", "w", "h", "hr", "hrs", "x", "t", "m", "mb", "tb", "gbps", "ghz", "mhz"}
)
COSTS_WORDS = frozenset({"is", "for", "at", "costs", "cost", "=", "was", "price", "now", "only"})
# letter prefixes that may stand apart from the model number: "mi 300x", "mi-300x", "wx 7100"
SPACED_PREFIX = frozenset({"mi", "wx", "fx", "mx", "hd", "nx"})
# Chinese numerals: digits, small units (十 百 千) and big units (万 亿)
CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
CN_SMALL = {"十": 10, "百": 100, "千": 1000}
CN_BIG = {"万": 10_000, "亿": 100_000_000}
CN_NUM = frozenset(CN_DIGITS) | frozenset(CN_SMALL) | frozenset(CN_BIG)
PER_WORDS = ("per", "a", "an", "/", "每", "一", "每一")


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
            if section == 0:
                section = 1
            total += section * CN_BIG[ch]
            section, num, last_unit = 0.0, None, CN_BIG[ch]
        else:
            return None
    if num is not None and last_unit >= 100 and len(chars) >= 3 and chars[-2] in (CN_SMALL | CN_BIG):
        section += num * last_unit / 10  # "一万五" = 15000, "两千五" = 2500
        num = None
    value = total + section + (num or 0)
    return value if (value or any(c in ("零", "〇") for c in chars)) else None


FAMILY_WORDS = frozenset(
    {
        "instruct",
        "chat",
        "it",
        "base",
        "coder",
        "mini",
        "medium",
        "dev",
        "schnell",
        "xl",
        "v",
        "r",
        "a",
        "x",
        "b",
        "mt",
        "hf",
        "xxl",
    }
)


@dataclass
class Tag:
    kind: str
    value: object
    text: str
    start: int
    end: int
    meanings: dict = field(default_factory=dict)


def _num(s: str) -> float | None:
    try:
        return float(s)
    except ValueError:
        return None


class _Tagger:
    def __init__(self, toks: list[Tok], text: str, index: NameIndex, lex: Lexicon):
        self.toks, self.text, self.index, self.lex = toks, text, index, lex
        self.tt = [t.text for t in toks]
        self.tags: list[Tag] = []
        self.unknown: list[str] = []
        self._last_unknown = -2
        self._unknown_toks: list[int] = []  # token index of each entry of `unknown` that is one word
        self._fix_typos()

    # helpers --------------------------------------------------------------------------------
    def span(self, i: int, j: int) -> str:
        return self.text[self.toks[i].start : self.toks[j - 1].end]

    def add(self, kind: str, value, i: int, j: int, meanings=None) -> int:
        self.tags.append(Tag(kind, value, self.span(i, j), self.toks[i].start, self.toks[j - 1].end, meanings or {}))
        return j

    def number_at(self, i: int) -> tuple[float, int] | None:
        """A number (digits or a number word) at i: (value, tokens used)."""
        if i >= len(self.tt):
            return None
        t = self.toks[i]
        if t.kind == "num":
            v, used = _num(t.text), 1
            nxt = self.toks[i + 1] if i + 1 < len(self.tt) else None
            if (
                v is not None
                and nxt is not None
                and nxt.glued
                and nxt.text in ("万", "千", "亿")
                and not (nxt.text == "千" and i + 2 < len(self.tt) and self.tt[i + 2] == "瓦")
            ):
                v, used = v * {"万": 1e4, "千": 1e3, "亿": 1e8}[nxt.text], 2
            return v, used
        if t.kind == "cjk" and t.text in CN_NUM:
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] >= 2 and not all(x in CN_NUM for x in self.tt[i : i + hit[0]]):
                return None  # 二手, 一下, 一周, 一度: a phrase, not a number
            j = i
            while j < len(self.tt) and self.toks[j].kind == "cjk" and self.tt[j] in CN_NUM and j - i < 12:
                if j > i and self.tt[j] == "千" and j + 1 < len(self.tt) and self.tt[j + 1] == "瓦":
                    break
                j += 1
            v = cn_number(self.tt[i:j])
            return (v, j - i) if v is not None else None
        if t.text in ("a", "an") and i + 1 < len(self.tt) and self.tt[i + 1] in ("couple", "pair"):
            return 2.0, 2 + (1 if i + 2 < len(self.tt) and self.tt[i + 2] == "of" else 0)
        if t.text in self.lex.numbers:
            n = 1 + (1 if t.text in ("couple", "pair") and i + 1 < len(self.tt) and self.tt[i + 1] == "of" else 0)
            return self.lex.numbers[t.text], n
        return None

    def unit(self, name: str, i: int) -> int:
        return self.lex.unit(name, self.tt, i)

    def currency_at(self, i: int) -> str | None:
        """ISO code of the money unit at token i: EUR, GBP, CNY; None for dollars (or no unit)."""
        for name, code in (("cur_eur", "EUR"), ("cur_gbp", "GBP"), ("cur_cny", "CNY")):
            if self.unit(name, i):
                return code
        return None

    def gap(self, i: int) -> str:
        """The text between token i and token i + 1 (what the tokenizer dropped)."""
        return self.text[self.toks[i].end : self.toks[i + 1].start].strip() if i + 1 < len(self.toks) else ""

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
                or any(w in starts for starts in self.lex.unit_starts.values())
            ):
                continue  # a word of a GPU name ("nforce", "flex") is not a typo
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

    # numbers --------------------------------------------------------------------------------
    def try_number(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        ft = self.full_time(i)
        if ft:
            return self.add("HOURS", {"per_week": 168.0, "full_time": True}, i, i + ft)
        if self.toks[i].kind == "date":
            return self.add("DATE", tt[i], i, i + 1)
        if tt[i : i + 3] == ["百", "分", "之"]:
            got = self.number_at(i + 3)
            return self.add("PERCENT", got[0] / 100.0, i, i + 3 + got[1]) if got else None
        money_pre = self.unit("money_before", i)
        if money_pre and self.toks[i].text != "dollar":
            got = self.number_at(i + money_pre)
            if got is None or self.toks[i + money_pre].kind != "num":
                return None
            return self._money(i, i + money_pre + got[1], got[0], self.currency_at(i))
        got = self.number_at(i)
        if got is None:
            return None
        v, used = got
        j = i + used
        if self.toks[i].kind == "num" and float(v).is_integer() and 1900 <= v <= 2100 and used == 1:
            if j < n and tt[j] == "年":  # 2023年(1月)的价格
                if j + 2 < n and self.toks[j + 1].kind == "num" and tt[j + 2] == "月" and 1 <= float(tt[j + 1]) <= 12:
                    return self.add("DATE", f"{int(v)}-{int(float(tt[j + 1])):02d}", i, j + 3)
                return self.add("DATE", str(int(v)), i, j + 1)
            if j < n and (
                tt[j] in ("prices", "price", "pricing", "snapshot", "market")
                or (i > 0 and tt[i - 1] in ("from", "of", "in", "since", "use"))
            ):
                return self.add("DATE", str(int(v)), i, j)
        # GPU counts with a Chinese classifier: 两张3090, 2块4090, 四卡, 双卡
        if float(v).is_integer() and 1 <= v <= 1024:
            if self.unit("card_count", j):
                return self.add("COUNT", int(v), i, j + self.unit("card_count", j))
            cl = self.unit("classifier", j)
            if cl and (
                j + cl >= n
                or tt[j + cl] in ("呢", "吗", "?", "的")
                or self.gpu_start(j + cl)
                or self.index.model_at(tt, j + cl)
                or "GPU_WORD" in (self.lex.match(tt, j + cl) or (0, {}))[1]
            ):
                return self.add("COUNT", int(v), i, j + cl)
        # 5000以内, 一万左右: a Chinese "under" after the amount
        if (
            v >= 50
            and j < n
            and self.toks[j].kind == "cjk"
            and {"UNDER", "BUDGET"} & set((self.lex.match(tt, j) or (0, {}))[1])
        ):
            return self._money(i, j, v)  # 2万预算
        # thousands: 1.5k, 2 grand
        k = self.unit("thousand", j)
        if (
            k
            and tt[j] == "g"
            and (
                j + 1 < n
                and (self.toks[j + 1].kind == "cjk" or tt[j + 1] in ("vram", "memory", "ram"))
                or (j + 1 == n and any(t.kind == "cjk" for t in self.toks))
            )
        ):
            k = 0  # "24g显存", "12g的卡": gigabytes, not grand
        if k and (self.toks[j].glued or tt[j] != "g"):
            jj = j + k
            if self.unit("context", jj):
                return self.add("CONTEXT", int(v * 1000), i, jj + self.unit("context", jj))
            if self.unit("tokens", jj):
                return self.add("CONTEXT", int(v * 1000), i, jj + self.unit("tokens", jj))
            m = self.unit("money_after", jj)
            if m:
                return self._money(i, jj + m, v * 1000, self.currency_at(jj))
            prev = self.tags[-1].kind if self.tags else ""
            if prev in ("UNDER", "BUDGET") or v not in CONTEXT_SIZES or (jj < n and tt[jj] in ("budget", "dollars")):
                return self._money(i, jj, v * 1000)
            return self.add("CONTEXT", int(v * 1000), i, jj)
        m = self.unit("money_after", j)
        if m:
            return self._money(i, j + m, v, self.currency_at(j), explicit=True)
        tenth = self.unit("cny_tenth", j)
        if tenth:  # 六毛 = 0.6 元
            return self._money(i, j + tenth, v / 10.0, "CNY", explicit=True)
        c = self.unit("cents", j)
        if c:
            jj = j + c
            per = 1 if jj < n and tt[jj] in PER_WORDS else 0
            kw = self.unit("kwh", jj + per)
            return self.add("KWH", v / 100.0, i, jj + per + kw if kw else jj)
        per = 1 if j < n and tt[j] in PER_WORDS else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or tt[j] not in ("unit", "度")):
            return self._kwh(i, j + per + kw, v)
        h = self.unit("hours", j)
        if h and not (tt[j] == "h" and j + 1 < n and self.toks[j + 1].kind == "num"):
            jj = j + h
            skip = 0
            while jj + skip < n and tt[jj + skip] in (
                "per",
                "a",
                "an",
                "/",
                "each",
                "every",
                "of",
                "in",
                "the",
                "每",
                "一",
            ):
                skip += 1
            for unit, mult in (("week", 1.0), ("day", 7.0), ("month", 12.0 / 52.0)):
                u = self.unit(unit, jj + skip)
                if u and (skip or unit != "day" or tt[jj] != "d"):
                    return self.add("HOURS", {"per_week": v * mult}, i, jj + skip + u)
            return self.add("HOURS", {"total": v}, i, jj)
        for unit, kind in (("years", "YEARS"), ("months", "MONTHS")):
            u = self.unit(unit, j)
            if u and not (tt[j] in ("y", "mo") and not self.toks[j].glued):
                return self.add(kind, v, i, j + u)
        p = self.unit("percent", j)
        if p:
            return self.add("PERCENT", v / 100.0, i, j + p)
        g = self.unit("gb", j)
        if g and (tt[j] != "g" or self.toks[j].glued):
            return self.add("MEMORY", v, i, j + g)
        b = self.unit("bit", j)
        if b and int(v) in BITS:
            return self.add("PRECISION", BITS[int(v)], i, j + b, {"PRECISION": BITS[int(v)]})
        for unit, mult in (("trillion", 1e12), ("params", 1e9), ("million", 1e6)):
            u = self.unit(unit, j)
            if u and (self.toks[j].glued or len(tt[j]) > 1):
                jj = j + u
                t = self.unit("tokens", jj)
                if t:
                    return self.add("TOKENS", v * mult, i, jj + t)
                if unit == "params" and tt[j] == "参" and tt[i] in self.index.bare_numbers:
                    return None  # "5090参数": the RTX 5090's specs, not a 5090B model
                if unit == "params" or (unit == "million" and self.toks[j].glued and tt[j] == "m"):
                    params = v / 1e9 if v >= 1e6 else (v / 1e3 if unit == "million" else v)  # 70亿参数 = 7B
                    self.unknown_model_before(i, jj, params)  # "falcon 180b", "gpt2 124m"
                    if unit == "million" and (not self.tags or self.tags[-1].kind != "UNKNOWN_MODEL"):
                        continue  # "124m" alone: millions of something, not a model size
                    return self.add("PARAMS", params, i, jj)
        c = self.unit("context", j)
        if c:
            return self.add("CONTEXT", int(v), i, j + c)
        t = self.unit("tokens", j)
        if t and v >= 256:
            return self.add("CONTEXT", int(v), i, j + t)
        w = self.unit("watts", j)
        if w and v >= 50 and (self.toks[j].glued or tt[j] != "w"):
            return self.add("WATTS", v, i, j + w)
        x = self.unit("count_x", j)
        if x and v <= 64 and float(v).is_integer():
            return self.add("COUNT", int(v), i, j + x)
        if (
            self.tags
            and self.tags[-1].kind in ("UNDER", "BUDGET")
            and self.toks[i].kind in ("num", "cjk")
            and abs(v) >= 50
        ):
            return self._money(i, j, v)
        if (
            self.toks[i].kind in ("word", "cjk")
            and float(v).is_integer()
            and j < n
            and (self.gpu_start(j) or tt[j] in ("of", "x", "gpus", "cards", "used", "new"))
        ):
            return self.add("COUNT", int(v), i, j)
        return None

    def _money(self, i: int, j: int, v: float, currency: str | None = None, explicit: bool = False) -> int:
        """A money amount ending before token j; `currency` None means dollars or not said."""
        n = len(self.tt)
        if j < n and self.tt[j] in ("k", "grand", "thousand") and v < 1000:
            v *= 1000
            j += 1
        meanings = {"CURRENCY": currency} if currency else {}
        per = 1 if j < n and self.tt[j] in PER_WORDS else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or self.tt[j] != "unit"):
            return self._kwh(i, j + per + kw, v, currency, explicit=True)
        if per and self.unit("hours", j + per):
            return self.add("RATE", v, i, j + per + self.unit("hours", j + per), meanings)
        return self.add("MONEY", v, i, j, meanings)

    def _kwh(self, i: int, j: int, v: float, currency: str | None = None, explicit: bool = False) -> int:
        """An electricity price per kWh; a bare 5 or more is cents ("electricity is 30"), a typed amount is not."""
        meanings = {"CURRENCY": currency} if currency else {}
        return self.add("KWH", v / 100.0 if (v >= 5 and not explicit) else v, i, j, meanings)

    # numbers bound by set-up words ------------------------------------------------------------
    def try_bound(self, i: int) -> int | None:
        """A set-up word and the number it binds: "seq len 256" CONTEXT, "batch 8" BATCH, "lora r32" RANK,
        "alpha 64" ALPHA, "top 5" TOP, "zero-3" ZERO_STAGE. Such a number is never a GPU or a GPU count.
        A set-up word with a meaning of its own ("best") keeps its tag."""
        for unit, kind in BINDERS:
            u = self.unit(unit, i)
            if not u or i + u >= len(self.tt):
                continue
            got = self.number_at(i + u)
            if got is None or self.toks[i + u].kind != "num" or not float(got[0]).is_integer():
                continue
            v, used = int(got[0]), got[1]
            end = i + u + used
            if kind == "CONTEXT" and end < len(self.tt) and self.tt[end] == "k":
                v, end = v * 1000, end + 1
            elif end < len(self.tt) and self.toks[end].kind == "word" and self.toks[end].glued:
                continue  # "best 24gb card", "top 70b models": the number has a unit of its own
            elif end < len(self.tt) and (
                self.unit("gb", end) or self.unit("params", end) or self.unit("money_after", end)
            ):
                continue
            if not self._binds(kind, v, i, u):
                continue
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] == u and terminal(hit[1]) not in ("FILLER", "PER"):
                self.add(terminal(hit[1]), hit[1].get(terminal(hit[1]), True), i, i + u, hit[1])
            return self.add(kind, v, i + u, end)
        return None

    def _binds(self, kind: str, v: int, i: int, u: int) -> bool:
        if kind == "RANK" or kind == "ALPHA":
            lora = any(t in LORA_WORDS for t in self.tt)
            return 1 <= v <= 1024 and (lora or self.tt[i] not in ("r", "alpha"))
        if kind == "CONTEXT":
            return v >= 64
        if kind == "BATCH":
            return 1 <= v <= 4096 and (self.tt[i] != "bs" or self.toks[i + u].kind == "num")
        if kind == "TOP":
            return 2 <= v <= 50 and not self.gpu_start(i + u) == "prefix"
        return 1 <= v <= 3  # ZERO_STAGE

    def resolution(self, i: int) -> int | None:
        """ "512x512", "1024×1024", "768*768": an image size, not a GPU."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        if toks[i].kind != "num" or not tt[i].isdigit() or int(tt[i]) < 64:
            return None
        if i + 2 < n and tt[i + 1] in ("x", "×") and toks[i + 2].kind == "num" and tt[i + 2].isdigit():
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 2])), i, i + 3)
        if i + 1 < n and self.gap(i) == "*" and toks[i + 1].kind == "num" and tt[i + 1].isdigit():
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 1])), i, i + 2)
        return None

    # models ---------------------------------------------------------------------------------
    def unknown_model_before(self, i: int, end: int, params: float) -> None:
        """Name words right before a size ("falcon 180b", "starcoder2 15b", "command r 35b") that nothing
        else read: an UNKNOWN_MODEL tag (the question is answered for the size, and says the name is not known)."""
        toks, tt = self.toks, self.tt
        k = i
        words = set(self._unknown_toks[-4:])
        while k > 0 and i - k < 4 and not self.gap(k - 1):
            prev = k - 1
            if prev in words and toks[prev].kind == "word" and tt[prev] not in NOT_A_NAME:
                k = prev
            elif (
                toks[prev].kind == "num" and len(tt[prev]) <= 4 and prev - 1 in words and tt[prev - 1] not in NOT_A_NAME
            ):
                k = prev  # "starcoder2", "olmo 2"
            else:
                break
        if k == i or not any(toks[x].kind == "word" and len(tt[x]) >= 2 for x in range(k, i)):
            return
        while self.tags and self.tags[-1].start >= toks[k].start:
            self.tags.pop()  # a version number ("olmo 2") is part of the name
        while self._unknown_toks and self._unknown_toks[-1] >= k:
            self._unknown_toks.pop()
            self.unknown.pop()
        self.tags.append(
            Tag("UNKNOWN_MODEL", {"params_b": params}, self.span(k, end), toks[k].start, toks[end - 1].end)
        )

    def try_model(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        hit = self.index.model_at(tt, i)
        if hit:
            used, key = hit
            j = i + used
            size = self._size_at(j)
            known = self.index.model_info.get(key, ("", 0.0))[1]
            if size is not None and known and abs(size[0] - known) > max(0.6, 0.08 * known):
                # "mistral 24b", "llama 3.2 11b vision": a size the matched model does not have is another model
                cands = self.index.models_like(self.index.model_info[key][0], size[0])
                end = j + size[1]
                if len(cands) == 1:
                    return self.add("MODEL", ModelMatch(self.span(i, end), "ok", cands[0]), i, end)
                if cands:
                    return self.add("MODEL", ModelMatch(self.span(i, end), "ambiguous", candidates=cands), i, end)
                return self._unknown_model(i, j, size)
            # "llama 3 70b" style aliases may stop before a size the alias did not spell
            return self.add("MODEL", ModelMatch(self.span(i, j), "ok", key), i, j)
        if tt[i] not in self.index.model_families or self.toks[i].kind != "word":
            return None
        j, params = i + 1, None
        while j < n and j - i <= 6:
            t = self.toks[j]
            if t.kind == "num" and j + 1 < n and tt[j + 1] in ("b", "billion") and params is None:
                params = _num(t.text)
                j += 2
                continue
            if t.kind == "num" and len(t.text) <= 3 and params is None:
                j += 1
                continue
            if tt[j] in FAMILY_WORDS and t.glued is False and j > i + 1:
                j += 1
                continue
            break
        mention = self.span(i, j)
        family = tt[i]
        cands = self.index.models_like(family, params)
        version = [tt[k] for k in range(i + 1, j) if self.toks[k].kind == "num" and (k + 1 >= n or tt[k + 1] != "b")]
        if version and cands:
            narrowed = tuple(c for c in cands if version[0] in c.replace("-", " ").replace(family, "", 1).split())
            cands = narrowed or ()
        if len(cands) == 1:
            return self.add("MODEL", ModelMatch(mention, "ok", cands[0]), i, j)
        if cands:
            return self.add("MODEL", ModelMatch(mention, "ambiguous", candidates=cands), i, j)
        if params is None and not version:
            return None
        size_at = next((k for k in range(i + 1, j) if self._size_at(k) is not None), None)
        if size_at is not None:  # "llama 5 70b": not in the KB, answered as a 70B model
            return self._unknown_model(i, size_at, self._size_at(size_at))
        return self.add(
            "MODEL", ModelMatch(mention, "unknown", candidates=self.index.models_like(family, None)[:6]), i, j
        )

    def _size_at(self, j: int) -> tuple[float, int] | None:
        """A model size at token j ("70b", "7 billion", "124m" glued): (billions, tokens used)."""
        tt, n = self.tt, len(self.tt)
        if j + 1 >= n or self.toks[j].kind != "num":
            return None
        v = _num(tt[j])
        if v is None:
            return None
        if tt[j + 1] in ("b", "billion", "bn"):
            return v, 2
        if tt[j + 1] == "m" and self.toks[j + 1].glued:
            return v / 1000.0, 2
        return None

    def _unknown_model(self, i: int, j: int, size: tuple[float, int]) -> int:
        """An UNKNOWN_MODEL tag for tokens i..j and its size; then a PARAMS tag for the size."""
        end = j + size[1]
        self.tags.append(
            Tag("UNKNOWN_MODEL", {"params_b": size[0]}, self.span(i, end), self.toks[i].start, self.toks[end - 1].end)
        )
        return self.add("PARAMS", size[0], j, end)

    # GPUs -----------------------------------------------------------------------------------
    def gpu_start(self, i: int) -> str | None:
        """Why token i can start a GPU mention: brand | prefix | number | word; None if it cannot."""
        tt, toks = self.tt, self.toks
        w = tt[i]
        nxt = toks[i + 1] if i + 1 < len(tt) else None
        if w in BRAND:
            return "brand"
        if toks[i].kind == "word" and nxt is not None and nxt.kind == "num" and nxt.glued and len(w) <= 3:
            return "prefix"
        if w in SPACED_PREFIX and nxt is not None and nxt.kind == "num" and self.gap(i) in ("", "-"):
            return "prefix"
        if toks[i].kind == "num" and w.isdigit() and 3 <= len(w) <= 5:
            return "number"
        if toks[i].kind == "word" and w in ("titan", "vii"):
            return "word"
        return None

    def try_full_name(self, i: int) -> int | None:
        """A KB name spelled out exactly ("NVIDIA GeForce GTX 650 Ti Boost") is that GPU, unless a variant
        word follows it ("geforce rtx 4060 ti": the mention goes on, so the general path reads it)."""
        hit = self.index.full_name_at(self.tt, i)
        if hit is None:
            return None
        used, match = hit
        end = i + used
        first = self.tt[i]
        if used == 2 and first.isalpha() and len(first) <= 2 and self.toks[i + 1].kind == "num":
            return None  # "l4", "a100": the general path and its documented defaults read these
        if used == 1 and (first.isdigit() or len(first) < 3 or self.lex.match(self.tt, i)):
            return None
        if end < len(self.tt) and self._variant_word(end) and not any(t[0].isdigit() for t in self.tt[i:end]):
            ext = end  # "jetson orin 64g": a number-less name and its variant words, read together
            while ext < len(self.tt) and (self._variant_word(ext) or self.tt[ext] in ("g", "gb")):
                ext += 1
            m = self.index.gpu(self.tt[i:ext], self.span(i, ext))
            return self.add("GPU", m, i, ext) if m.status == "ok" else None
        if end < len(self.tt) and (
            self._variant_word(end)
            or (self.toks[end].glued and self.toks[end].kind not in ("sym", "cjk"))
            or (match.how == "alias" and self.gpu_start(end) == "prefix")  # "mac studio m2 ultra": the chip says which
        ):
            return None
        return self.add("GPU", dataclasses.replace(match, mention=self.span(i, end)), i, end)

    def _variant_word(self, j: int) -> bool:
        """Token j changes which product a GPU mention names: ti, super, laptop, sxm, a memory size ..."""
        tt, toks = self.tt, self.toks
        w = tt[j]
        if w in VARIANT_WORDS and (len(w) > 1 or toks[j].glued):
            return True
        if toks[j].kind == "num" and j + 1 < len(tt) and tt[j + 1] in ("gb", "g"):
            return True  # "4060 16gb"
        return w == "max" and j + 1 < len(tt) and tt[j + 1] == "q"

    def _gpu_span(self, i: int, why: str) -> tuple[int, int, bool]:
        """Where a GPU mention starting at i can end: (end, floor, seen a number). A shorter reading may
        drop trailing words, never below `floor`: variant words and glued suffixes ("4070tis") count."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        sfx = self.index.suffixes
        j, floor = i + 1, i + 1
        seen_num = toks[i].kind == "num" or (why == "prefix" and toks[i + 1].glued)
        while j < n and j - i < 8:
            t = toks[j]
            if self.gap(j - 1) not in ("", "-", "_"):
                break  # "4090 + 64gb ram", "p40s (96gb)": punctuation ends a name
            if t.kind == "num":
                if j + 2 < n and tt[j + 1] in ("gb", "g") and tt[j + 2] in SYSTEM_RAM:
                    break  # "64gb ram" is the computer's memory
                if j + 1 < n and tt[j + 1] in ("gb", "g") and (seen_num or why == "brand"):
                    j += 2
                    floor = j
                    continue
                if (
                    j + 1 < n
                    and tt[j + 1] == "k"
                    and toks[j + 1].glued
                    and t.glued
                    and toks[j - 1].kind == "word"
                    and len(tt[j - 1]) <= 2
                ):
                    j += 2  # "a6k": the A6000
                    floor = j
                    seen_num = True
                    continue
                if seen_num and j - 1 > i and t.glued and toks[j - 1].kind == "word" and self._starts_another(j - 1):
                    j -= 1  # "h100 a100 mi300x": the next name starts at its prefix
                    break
                if not seen_num or (
                    t.glued and toks[j - 1].kind == "word" and tt[j - 1] not in BRAND and len(tt[j - 1]) <= 4
                ):
                    if not seen_num or j + 1 >= n or tt[j + 1] not in ("b", "k", "bit", "%"):
                        seen_num = True
                        j += 1
                        continue
                break
            if not seen_num and (
                tt[j] in BRAND
                or (t.kind == "word" and len(tt[j]) <= 3 and j + 1 < n and toks[j + 1].glued)
                or (tt[j] in APPLE_MODELS and tt[i] in APPLE_WORDS)
            ):
                j += 1  # "nvidia a40", "amd radeon r9 370", "ati radeon x800"
                continue
            if (
                seen_num
                and t.kind == "word"
                and t.glued
                and toks[j - 1].kind == "num"
                and (tt[j] not in GLUED_UNITS or why == "brand")
            ):
                j += 1  # "4070tis", "4090d", "3090s": a glued suffix belongs to the name
                floor = j
                continue
            if seen_num and tt[j] in APPLE_TIERS and self._apple_like(i):
                j += 1
                floor = j
                continue
            if tt[j] in GPU_WORDS:
                break  # "apple m4 pro gpu": the word for a GPU is not part of its name
            if seen_num and tt[j] in SUFFIX_SPLIT and toks[j - 1].kind == "num":
                j += 1  # "4070 tis"
                floor = j
                continue
            if (tt[j] in sfx or tt[j] in MOBILE or tt[j] in ("super", "ti", "s")) and (
                len(tt[j]) > 1 or t.glued or (tt[j] == "s" and tt[j - 1] == "ti")
            ):
                if tt[j] == "max" and not (j + 1 < n and tt[j + 1] == "q") and not self._apple_like(i):
                    break  # "4090 max power": not a Max-Q
                j += 1
                if tt[j - 1] == "max" and j < n and tt[j] == "q":
                    j += 1
                if self._variant_word(j - 1) or tt[j - 1] == "q" or self._apple_like(i):
                    floor = j
                continue
            break
        return j, floor, seen_num

    def _words_before(self, i: int, sub: list[str], m: GpuMatch, plural: bool, end: int):
        """Variant words typed before the name: "laptop 4090" is the Mobile card, "a 16gb 4060 ti" the
        16 GB one. Returns (first token, match) when they change the match, else None."""
        if i == 0 or self.gap(i - 1):
            return None
        prev = self.tt[i - 1]
        last = self.tags[-1] if self.tags and self.tags[-1].end == self.toks[i - 1].end else None
        zh = next((k for k in range(1, min(i, 5) + 1) if self.unit("mobile_zh", i - k) == k), 0)
        if zh and "mobile" not in sub:  # "笔记本4090", "移动版4090"
            mm = self.index.gpu(sub + ["mobile"], self.span(i - zh, end), plural=plural)
            if mm.status == "unknown":
                return None
            if last is not None and last.start >= self.toks[i - zh].start:
                self.tags.pop()
            elif self.unknown and self.unknown[-1].endswith(self.span(i - zh, i)):
                self.unknown[-1] = self.unknown[-1][: -len(self.span(i - zh, i))]
                if not self.unknown[-1]:
                    self.unknown.pop()
            return i - zh, mm
        if prev in MOBILE and "mobile" not in sub and "laptop" not in sub:
            mm = self.index.gpu(sub + ["mobile"], self.span(i - 1, end), plural=plural)
            if mm.status == "unknown":
                return None
            if last is not None:
                self.tags.pop()
            elif self.unknown and self.unknown[-1] == prev:
                self.unknown.pop()
            return i - 1, mm
        if last is not None and last.kind == "MEMORY" and m.status != "ok":
            mm = self.index.gpu(sub + [f"{last.value:g}", "gb"], self.text[last.start : self.toks[end - 1].end])
            if mm.status == "unknown":
                return None
            self.tags.pop()
            return next(k for k, t in enumerate(self.toks) if t.start == last.start), mm
        return None

    def _bare_number_is_gpu(self, i: int) -> bool:
        """A number alone names a GPU only when it is a GeForce GTX/RTX or Radeon RX model number
        ("3090", "7900") or GPU words surround it ("7000显卡"); "seq len 256", "卖7000", "(used, 400)" are not."""
        if self.tt[i] in self.index.bare_numbers:
            return not (self.tags and self.tags[-1].kind == "COSTS" and self.tags[-1].end == self.toks[i].start)
        return self._gpu_context(i, i + 1)

    def _gpu_context(self, i: int, end: int) -> bool:
        """Words around tokens i..end that make them a GPU: a count or article before ("2x", "a", "my"),
        a GPU, spec or comparison word after ("gpu", "specs", "vs", "多少钱")."""
        tt = self.tt
        if i > 0 and (tt[i - 1] in PRICE_BEFORE or self.gap(i - 1)):
            return False  # "4080 at 7000 vs ...", "(used, 400)"
        if i > 0 and (tt[i - 1] in GPU_BEFORE or (self.tags and self.tags[-1].kind in ("COUNT", "CONDITION"))):
            return self.tags[-1].end == self.toks[i - 1].end if self.tags else True
        hit = self.lex.match(tt, end) if end < len(tt) else None
        return bool(hit and GPU_AFTER & set(hit[1]))

    def _starts_another(self, k: int) -> bool:
        """Token k (a letter prefix glued to the number after it) starts a GPU name of its own: "a100 mi300x"."""
        w = self.tt[k]
        if CHIP_CODE.match(w) or k == 0 or self.toks[k].glued:
            return False
        return self.index.gpu([w, self.tt[k + 1]], w).status == "ok"

    def _apple_like(self, i: int) -> bool:
        """An M-series chip mention ("m3 max", "macbook pro m4 max"): "max" and "pro" are part of its name."""
        tt = self.tt
        while i < len(tt) and (tt[i] in APPLE_WORDS or tt[i] in APPLE_MODELS):
            i += 1
        return i + 1 < len(tt) and tt[i] == "m" and self.toks[i + 1].glued and len(tt[i + 1]) == 1

    def try_gpu(self, i: int) -> int | None:
        why = self.gpu_start(i)
        if why is None:
            return None
        if why == "prefix":
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] >= 2:  # "l2 cache", "fp16", "q4": vocabulary, not a GPU
                return None
        tt, toks, n = self.tt, self.toks, len(self.tt)
        j, floor, seen_num = self._gpu_span(i, why)
        if not seen_num and why != "word":
            return None
        bare_ok = why != "number" or floor > i + 1 or self._bare_number_is_gpu(i)
        plural = bool(self.tags) and self.tags[-1].kind in ("COUNT", "NUMBER") and float(self.tags[-1].value) > 1
        brand, start = [], i
        if self._apple_like(i):  # "mac studio m2 ultra": the chip names the device
            brand = ["apple"]
            while tt[start] in APPLE_WORDS or tt[start] in APPLE_MODELS:
                start += 1
        for end in range(j, max(floor, i + 1) - 1, -1):
            sub = brand + tt[start:end]
            if not any(toks[k].kind == "num" for k in range(i, end)) and why != "word":
                continue
            if end == i + 1 and not bare_ok:
                continue
            if (
                toks[end - 1].kind == "num"
                and end < n
                and (
                    self.unit("money_after", end)
                    or self.unit("hours", end)
                    or self.unit("years", end)
                    or tt[end] in ("b", "k", "%")
                )
            ):
                continue
            m = self.index.gpu(sub, self.span(i, end), plural=plural)
            if m.status != "unknown":
                if why == "number" and m.status == "ambiguous" and len(tt[i]) < 3:
                    return None
                if why == "prefix" and tt[i] in ("a", "an") and not toks[i + 1].glued:
                    return None
                mob = self.unit("mobile_zh", end) if "mobile" not in sub and "laptop" not in sub else 0
                if mob:  # "4090笔记本版", "4080 移动版"
                    mm = self.index.gpu(sub + ["mobile"], self.span(i, end + mob), plural=plural)
                    if mm.status != "unknown":
                        return self.add("GPU", mm, i, end + mob)
                before = self._words_before(i, sub, m, plural, end)
                if before is not None:
                    return self.add("GPU", before[1], before[0], end)
                return self.add("GPU", m, i, end)
        # nothing known: is it shaped like a GPU name? then it is an unknown GPU, not a number
        end = j
        while end > floor and toks[end - 1].kind == "word" and tt[end - 1] not in ("ti", "super", "xt", "xtx", "s"):
            end -= 1
        shaped = (
            why == "brand"
            or floor > i + 1
            or (why == "prefix" and tt[i] not in ("q", "fp", "bf", "int", "tf", "f", "a", "x", "v"))
            or (
                why == "number"
                and len(tt[i]) == 4
                and tt[i][1] == "0"
                and tt[i][3] == "0"
                and tt[i][2] in "56789"
                and not (end < n and (self.unit("money_after", end) or tt[end] in ("b", "k", "%")))
            )
        )
        if why == "prefix" and tt[i] == "v" and len(tt[i + 1]) == 3 and tt[i + 1].endswith("00"):
            shaped = True
        if not shaped or not any(toks[k].kind == "num" for k in range(i, end)) or (end == i + 1 and not bare_ok):
            return None
        if why == "prefix" and floor <= i + 1 and not self._gpu_context(i, end):
            self.unknown.append(self.span(i, end))  # "t5", "sd3", "p5": a name, but nothing says it is a GPU
            return end
        sub = brand + tt[start:end]
        m = self.index.gpu(sub, self.span(i, end), plural=plural)
        return self.add("GPU", m, i, end)

    # the loop -------------------------------------------------------------------------------
    def run(self) -> tuple[list[Tag], list[str]]:
        i, n = 0, len(self.tt)
        while i < n:
            nxt = self.try_full_name(i)
            if nxt is None:
                nxt = self.try_bound(i)
            if nxt is None:
                nxt = self.resolution(i)
            if nxt is None:
                nxt = self.try_number(i)
            if nxt is None:
                nxt = self.try_model(i)
            if nxt is None:
                nxt = self.try_gpu(i)
            if nxt is None:
                hit = self.lex.match(self.tt, i)
                while (
                    hit
                    and hit[0] > 1
                    and i + hit[0] < n
                    and self.toks[i + hit[0]].glued
                    and {self.toks[i + hit[0] - 1].kind, self.toks[i + hit[0]].kind} == {"word", "num"}
                ):
                    hit = self.lex.match(self.tt, i, hit[0] - 1)
                if hit:
                    used, meanings = hit
                    kind = terminal(meanings)
                    if kind == "FILLER" or (kind in ("PER",) and len(meanings) > 1):
                        if self.tt[i] in COSTS_WORDS:
                            self.add("FILLER", True, i, i + used, meanings)
                        nxt = i + used
                    else:
                        val = meanings.get(kind, True)
                        nxt = self.add(kind, val, i, i + used, meanings)
            if nxt is None:
                if self.toks[i].kind == "num":
                    v = _num(self.tt[i])
                    nxt = self.add("NUMBER", v if v is not None else 0.0, i, i + 1)
                else:
                    t = self.toks[i]
                    if t.kind == "cjk" and self.unknown and i > 0 and self._last_unknown == i - 1:
                        self.unknown[-1] += t.text  # one unknown Chinese word, not one per character
                    elif t.kind in ("word", "cjk"):
                        self.unknown.append(t.text)
                        self._unknown_toks.append(i)
                    self._last_unknown = i
                    nxt = i + 1
            i = max(nxt, i + 1)
        return self._post(), self.unknown

    def _post(self) -> list[Tag]:
        out: list[Tag] = []
        for k, t in enumerate(self.tags):
            nxt = self.tags[k + 1] if k + 1 < len(self.tags) else None
            back = (
                next((k for k in range(len(out) - 1, max(len(out) - 3, -1), -1) if out[k].kind == "PERIOD"), None)
                if t.kind == "HOURS" and "total" in t.value
                else None
            )
            if back is not None and all(
                x.kind in ("FIT", "ON", "QUESTION", "SET", "GPU_WORD") for x in out[back + 1 :]
            ):
                per = out.pop(back)  # 每周(用)10小时, 一天跑8小时
                mult = {"week": 1.0, "day": 7.0, "month": 12.0 / 52.0}.get(per.value, 1.0)
                t = Tag("HOURS", {"per_week": t.value["total"] * mult}, per.text + t.text, per.start, t.end, t.meanings)
            if t.kind == "FILLER":
                if nxt is not None and nxt.kind in ("MONEY", "NUMBER") and out and out[-1].kind == "GPU":
                    out.append(Tag("COSTS", True, t.text, t.start, t.end, t.meanings))
                continue
            if (
                t.kind in ("COST", "FIELD", "QUESTION", "COSTS")
                and t.text in COSTS_WORDS
                and nxt is not None
                and nxt.kind == "MONEY"
                and out
                and out[-1].kind == "GPU"
            ):
                t = Tag("COSTS", True, t.text, t.start, t.end, t.meanings)
            out.append(t)
        return out


def tag(toks: list[Tok], text: str, index: NameIndex, lex: Lexicon) -> tuple[list[Tag], list[str]]:
    return _Tagger(toks, text, index, lex).run()


__all__ = ["Tag", "tag", "GpuMatch", "ModelMatch"]
