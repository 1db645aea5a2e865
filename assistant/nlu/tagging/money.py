"""Money read from a question: budgets and prices ("$1500", "1.5k", "2 grand", "2万预算", "700 for a used 3090",
"一块二"), rental rates ("$2/hr") and electricity prices ("30 cents per kwh", "电费5毛", "0.12/kwh").

Contract: `MoneyTagging` reading steps look at token i (the number's value `v` already read, its unit starting at
token j) and, when they read an amount there, add its tag (MONEY with meanings["CURRENCY"] when a currency other
than dollars is said; RATE per hour; KWH per kWh; or, where the words show the number is no money, CONTEXT /
COUNTED) and return the index after it; None when the amount is not theirs; NO_QUANTITY when token i must be
read as no quantity at all. A bare electricity price of 5 or more is cents ("electricity is 30").
"""

from __future__ import annotations

import re

from assistant.nlu.patterns import compiled
from assistant.nlu.tagging.base import NO_QUANTITY, TaggerBase
from assistant.nlu.tagging.cn_numerals import CN_DIGITS
from assistant.nlu.tagging.sizes import context_k
from assistant.nlu.tagging.words import CONTEXT_SIZES, GPU_SUFFIXES, PER_WORDS

_PRICE_BEFORE = (
    "budget",
    "dollars",
    "rig",
    "build",
    "box",
    "pc",
    "machine",
    "workstation",
    "server",
    "setup",
    "computer",
    "配",  # "8k 配一台能跑ai的主机": the machine's price, not an 8k context
    "装",
    "攒",
    "组",
    "买",
)

# words between "for" and the card an amount is paid for ("700 for a used 3090", "1400 for two 3090s")
_BEFORE_A_CARD = frozenset({"a", "an", "one", "the", "my", "this", "that", "two", "three", "four", "2", "3", "4"})


class MoneyTagging(TaggerBase):
    # reading steps ----------------------------------------------------------------------------
    def money_before(self, i: int) -> int | None:
        """A money unit before its number ("$1500", "¥5000", "rmb 8000"); NO_QUANTITY when no number follows it."""
        money_pre = self.unit("money_before", i)
        if not money_pre or self.toks[i].text == "dollar":
            return None
        got = self.number_at(i + money_pre)
        if got is None or self.toks[i + money_pre].kind != "num":
            return NO_QUANTITY
        end = i + money_pre + got[1]
        mil = self.unit("million", end)  # "₩1.2m", "$1m": millions
        return self._money(i, end + mil, got[0] * (1e6 if mil else 1), self.currency_at(i))

    def millions(self, i: int, j: int, v: float) -> int | None:
        """ "1.2m won", "2 million krw": an amount in millions of the currency said right after it."""
        m = self.unit("million", j)
        if not m:
            return None
        cur = self.currency_at(j + m) if self.unit("money_after", j + m) else None
        if cur is None:
            return None
        return self._money(i, j + m + self.unit("money_after", j + m), v * 1e6, cur)

    def amount_by_words(self, i: int, j: int, v: float) -> int | None:
        """An amount the words after it make a budget or a price: "2000买啥卡" (a buying verb, lexicon [units]
        budget_after), "700 for a used 3090", "5000以内" / "2万预算" (a Chinese under or budget word)."""
        tt, n = self.tt, len(self.tt)
        if self.unit("context", j):
            return None  # "4096上下文": a context length ("上下" after an amount would read "about 4096")
        if v >= 100 and self.unit("budget_after", j) and self.tt[i] not in self.index.bare_numbers:
            return self._money(i, j, v)
        # "got offered 700 for a used 3090": an amount for a card is its price, not a count of them
        if v >= 20 and self.tt[i] not in self.index.bare_numbers and self._for_a_gpu(j):
            return self._money(i, j, v)
        under = self.lex.match(tt, j) if j < n and self.toks[j].kind == "cjk" else None
        if v >= 50 and under and {"UNDER", "BUDGET"} & set(under[1]) and not self._gpu_then_most(i, j + under[0]):
            after = j + under[0]
            if self.tt[i] in self.index.bare_numbers and after < n and self.number_at(after) is not None:
                return None  # "双3090 预算两万": the card, then the budget word's own amount
            return self._money(i, j, v)  # 2万预算
        return None

    def _size_after_sized_card(self) -> bool:
        """The tags end with a GPU named with its memory in g / gb and then and / or / vs: a number in g next is
        that card's other memory size."""
        tags = self.tags
        if len(tags) < 2 or tags[-1].kind not in ("AND", "OR", "VS") or tags[-2].kind != "GPU":
            return False
        return bool(re.search(r"\d\s*gb?$", tags[-2].text.strip(), re.I))

    def thousands(self, i: int, j: int, v: float) -> int | None:
        """ "1.5k", "2 grand", "8k context", "50k samples": a number in thousands is money, unless a context or
        token word follows (or it is a usual context size with no money word), or a counted noun ("50k samples").
        "24g显存" is gigabytes, not grand."""
        tt, n = self.tt, len(self.tt)
        k = self.unit("thousand", j)
        if (
            k
            and tt[j] == "g"
            and (
                j + 1 < n
                and (self.toks[j + 1].kind == "cjk" or tt[j + 1] in ("vram", "memory", "ram"))
                or (j + 1 == n and any(t.kind == "cjk" for t in self.toks))
                or (j + 1 < n and self.gpu_start(j + 1) and any(t.kind == "cjk" for t in self.toks))
            )
        ):
            k = 0  # "24g显存", "12g的卡": gigabytes, not grand
        if k and tt[j] == "g" and self._size_after_sized_card():
            k = 0  # "h20 96g vs 141g", "a100 40g or 80g": the other memory size of the card, not grand
        if (
            k
            and tt[j] == "g"
            and j + 1 < n
            and tt[j + 1] in ("one", "version", "variant", "model", "ones", "版", "版本")
        ):
            k = 0  # "what about the 48g one": a memory size of the card talked about, not 48 grand
        if k and tt[j] == "g" and i > 0 and tt[i - 1] == "the":
            k = 0  # "tok/s for qwen2.5 32b on the 48g": the card of that memory, not 48 grand
        if not (k and (self.toks[j].glued or tt[j] != "g")):
            return None
        jj = j + k
        if self._chinese_k_tail(j, jj):  # "预算3k5" = 3,500 (as "1w5" = 15,000)
            return self._money(i, jj + 1, v * 1000 + float(self.tt[jj]) * 100, self.currency_at(jj + 1))
        if self.unit("context", jj):
            return self.add("CONTEXT", context_k(v), i, jj + self.unit("context", jj))
        if self.unit("tokens", jj):
            return self.add("CONTEXT", context_k(v), i, jj + self.unit("tokens", jj))
        m = self.unit("money_after", jj)
        if m:
            return self._money(i, jj + m, v * 1000, self.currency_at(jj))
        if self.counted_at(jj):
            return self.add("COUNTED", v * 1000, i, jj)  # "50k samples", "10k steps": a count of them, not money
        prev = self.tags[-1].kind if self.tags else ""
        # "my budget is 2k": a budget word just before ("is", "of around" between); "a 2k rig", "2k build for llms": a
        # machine of that price, not a 2k context
        budgeted = any(t.kind == "BUDGET" for t in self.tags[-3:])
        # "便宜点，2k 左右", "cheaper, like 2k": the new budget of a cheaper pick, not a context
        budgeted = budgeted or any(t.kind == "ASK" and t.value == "cheaper" for t in self.tags[-2:])
        # "2k for a whole pc build": the machine named a few words on ("for a (whole / new) pc"), its price
        machine_on = jj + 1 < n and tt[jj] == "for" and any(w in _PRICE_BEFORE for w in tt[jj + 1 : jj + 5])
        # "one gpu each, 8k in total": an amount for all the machines, never a context
        after = " ".join(tt[jj : jj + 4]) + " "
        total_after = any(after.startswith(w + " ") for w in self.lex.listed("budget_total_words"))
        # "what if i had 2k", "got like 2k": money one has, never a context
        budgeted = budgeted or self._had_before(i)
        if prev == "UNDER" or budgeted or v not in CONTEXT_SIZES or (jj < n and tt[jj] in _PRICE_BEFORE):
            return self._money(i, jj, v * 1000)
        if machine_on or total_after:
            return self._money(i, jj, v * 1000)
        return self.add("CONTEXT", context_k(v), i, jj)

    def _had_before(self, i: int) -> bool:
        """A have / spend word ends just before token i (lexicon [lists] money_had_words: "had", "got like")."""
        before = " ".join(self.tt[max(0, i - 3) : i])
        return any(before == w or before.endswith(" " + w) for w in self.lex.listed("money_had_words"))

    def _chinese_k_tail(self, j: int, jj: int) -> bool:
        """ "3k5": one digit glued after a glued k, in a Chinese question, gives the hundreds."""
        if jj >= len(self.tt) or self.tt[j] != "k" or not any(t.kind == "cjk" for t in self.toks):
            return False
        tok = self.toks[jj]
        return tok.glued and tok.kind == "num" and len(tok.text) == 1

    def money_units(self, i: int, j: int, v: float) -> int | None:
        """A money unit after the number ("800 dollars", "5000块", "一块二", "六毛") or an electricity price
        ("电费0.6", "30 cents per kwh", "0.12/kwh"): MONEY, or KWH after an electricity word or before a kWh unit."""
        tt, n = self.tt, len(self.tt)
        m = self.money_after(j)
        power_price = self.after_power_price(i)
        whole = float(v).is_integer()  # "2.3元一小时": an amount with decimals has no tenths after 元
        tenths = self._tenths_after(j + m) if m and tt[j] in ("块", "元") and v < 100 and whole else None
        if tenths is not None:  # "一块二" = 1.2 元, "1块5" = 1.5 元
            v, m = v + tenths / 10.0, m + 1
        if m and power_price and v < 5:  # "电费1块" (a price per kWh, not a budget)
            return self._kwh(i, j + m, v, self.currency_at(j), explicit=True)
        if m:
            return self._money(i, j + m, v, self.currency_at(j), explicit=True)
        tenth = self.unit("cny_tenth", j)
        hundredths = self._tenths_after(j + tenth) if tenth and v < 10 else None
        if hundredths is not None:  # "五毛五" = 0.55 元, "5毛5"
            v, tenth = v + hundredths / 10.0, tenth + 1
        if tenth and power_price:  # "电费5毛" = 0.5 元 per kWh
            return self._kwh(i, j + tenth, v / 10.0, "CNY", explicit=True)
        if tenth:  # 六毛 = 0.6 元
            return self._money(i, j + tenth, v / 10.0, "CNY", explicit=True)
        if power_price and v < 5 and self.toks[i].kind == "num" and not self.unit("hours", j):
            return self._kwh(i, j, v, explicit=True)  # "电费0.6"
        pence = self._pence(i, j, v)
        if pence is not None:
            return pence
        c = self.unit("cents", j)
        if c and (tt[i] in self.index.bare_numbers or self.text[self.toks[j].start :].startswith(("分辨", "分钟"))):
            c = 0  # "3060 分辨率768", "20分钟": a card and a word, minutes; not cents
        if c:
            jj = j + c
            per = 1 if jj < n and tt[jj] in PER_WORDS else 0
            kw = self.unit("kwh", jj + per)
            if not kw and v >= 100:
                return None  # "300 ct scans": a count of scans, not $3 a kWh (a rate in cents says its kWh)
            return self.add("KWH", v / 100.0, i, jj + per + kw if kw else jj)
        per = 1 if j < n and tt[j] in PER_WORDS else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or tt[j] not in ("unit", "度")) and tt[i] not in self.index.bare_numbers:
            return self._kwh(i, j + per + kw, v)  # (not "4090 一度电6毛": the card, then the rate)
        return None

    def after_budget(self, i: int, j: int, v: float) -> int | None:
        """A number right after a budget or "under" word: data counted ("手上有三万条客服对话") or the amount, unless
        it is a card ("手上有张3090", "a 3060", "手上是2080ti")."""
        tt = self.tt
        if not (self.tags and self.tags[-1].kind in ("UNDER", "BUDGET") and self.toks[i].kind in ("num", "cjk")):
            return None
        if self.unit("data_items", j):
            return self.add("COUNTED", v, i, j + self.unit("data_items", j))  # "手上有三万条客服对话": data, not money
        if self._images_after(j):
            return None  # "about 5000 sdxl images a day": images counted (the image readers), not money
        if self._owned_card(i, j):
            return None  # "手里4090 闲鱼能出1.6万": the card in hand, not an amount
        if self._card_after_cap(i, j):
            return None  # "$450 max, 5060 ti 8gb or 16gb": the cap said already, then a card
        if (
            abs(v) >= 50
            and not self._card_after_article(i)  # "手上有张3090", "about putting a 3060 in": a card, not money
            and not (j < len(tt) and self.toks[j].glued and tt[j] in GPU_SUFFIXES)  # "手上是2080ti": a card
        ):
            return self._money(i, j, v)
        return None

    def beside_total_word(self, i: int, j: int, v: float) -> int | None:
        """An amount right after or before a total word (lexicon [lists] budget_total_words): "每台一张卡，一共 4 万",
        "2 servers, 16000 total" is money for all the machines, never a count or a card (a card's model number alone
        is left to the cards)."""
        if abs(v) < 500 or (j - i == 1 and self.tt[i] in self.index.bare_numbers):
            return None
        before = self.text[: self.toks[i].start].rstrip(" ,，:：").lower()
        after = " ".join(self.tt[j : j + 4]) + " "
        words = self.lex.listed("budget_total_words")
        if any(before.endswith(w) and (not w.isascii() or before[: -len(w)][-1:] in ("", " ")) for w in words):
            return self._money(i, j, v)
        said = next((w for w in words if after.startswith(w + " ")), None)
        nxt = j + len(said.split()) if said else j
        if said and not (nxt < len(self.tt) and self.tt[nxt] in self.lex.listed("counted_nouns")):
            return self._money(i, j, v)  # not "2000 total steps", "500 total images": those counted
        return None

    # helpers ----------------------------------------------------------------------------------
    def _card_after_cap(self, i: int, j: int) -> bool:
        """A card's model number right after a cap word whose amount came before it ("$450 max, 5060 ti", "450 max,
        4060 or 3060"): the cap is said, the number starts a card ("ti", "super" after it, or no amount word)."""
        tt = self.tt
        if tt[i] not in self.index.bare_numbers or len(self.tags) < 2:
            return False
        capped = self.tags[-2].kind in ("MONEY", "NUMBER") and self.tags[-1].kind == "UNDER"
        return capped and not (j < len(tt) and self.unit("money_after", j))

    def _images_after(self, j: int) -> bool:
        """An image word (lexicon setup_images) at token j, or right after a model named there ("5000 sdxl images")."""
        tt = self.tt
        model = self.index.model_at(tt, j)
        k = j + model[0] if model else j
        return k < len(tt) and tt[k] in self.lex.listed("setup_images")

    def _owned_card(self, i: int, j: int) -> bool:
        """A card's bare model number right after a word of having in hand (lexicon [lists] hand_words: "手里",
        "手上"), with no money unit after it: the card owned ("手里4090"), not money ("手里有4090块")."""
        hand = self.tags[-1].text in self.lex.listed("hand_words")
        return hand and self.tt[i] in self.index.bare_numbers and not self.unit("money_after", j)

    def _pence(self, i: int, j: int, v: float) -> int | None:
        """ "28p per kWh", "electricity is 30p", "25p/kwh": pence per kWh, a KWH in pounds (CURRENCY GBP). The pence
        unit (lexicon [units] pence) counts only before a kWh unit or after an electricity word, so "1080p" and "p40"
        stay what they are."""
        p = self.unit("pence", j)
        if not p or v >= 100 or (self.tt[j] == "p" and not self.toks[j].glued):
            return None
        k = j + p
        per = 1 if k < len(self.tt) and self.tt[k] in PER_WORDS else 0
        kw = self.unit("kwh", k + per)
        electricity = any(t.kind == "ELECTRICITY" for t in self.tags[-3:]) or self.after_power_price(i)
        if not (kw or electricity):
            return None
        return self.add("KWH", v / 100.0, i, k + per + kw if kw else k, {"CURRENCY": "GBP"})

    def counted_at(self, j: int) -> bool:
        """Token `j` starts a counted noun (lexicon counted_nouns: "samples", "steps"), or a noun of data after up to
        two words that say what kind ("30k instruction pairs", "20k labeled chat examples"; lexicon count_modifiers,
        data_nouns)."""
        tt, kinds = self.tt, self.lex.listed("count_modifiers")
        if j < len(tt) and tt[j] in self.lex.listed("counted_nouns"):
            return True
        for k in range(j, min(j + 3, len(tt))):
            if k > j and tt[k] in self.lex.listed("data_nouns"):
                return True
            if tt[k] not in kinds:
                return False
        return False

    def _gpu_then_most(self, i: int, k: int) -> bool:
        """ "3090最多能开多长上下文": a GPU's model number before 最多 and a verb (lexicon [lists]
        most_verbs) asks what the card can do at most; it is no budget."""
        return (
            self.tt[i] in self.index.bare_numbers
            and self.lex.match(self.tt, k) is not None
            and any(self.text[self.toks[k].start :].startswith(w) for w in self.lex.listed("most_verbs"))
        )

    def after_power_price(self, i: int) -> bool:
        """Does token i follow an electricity word that a price per kWh follows ("电费5毛", "电费0.6",
        "电价按1块算"; lexicon [lists] kwh_before)?"""
        words = self.lex.listed("kwh_before")
        recent = self.tags[-2:]
        if recent and recent[-1].kind in ("SET", "FILLER") and len(recent) == 2:
            recent = recent[:1]  # "电价按": the word before 按
        last = recent[-1] if recent else None
        if last is None or last.text not in words:
            return False
        if len(self.tags) > 1 and self.tags[-2].kind == "KWH" and last is self.tags[-1]:
            return False  # "电费0.55一度 两张3090": 一度 closes the price already read; what follows is not one
        return not self.text[last.end : self.toks[i].start].strip(" 是为按:：")

    def _for_a_gpu(self, j: int) -> bool:
        """ "for a used 3090", "for two 3090s", "for the 4090": "for" at token j, then articles, count words and
        condition words, then a GPU."""
        if j >= len(self.tt) or self.tt[j] != "for":
            return False
        k = j + 1
        while k < len(self.tt):
            hit = self.lex.match(self.tt, k)
            if self.tt[k] in _BEFORE_A_CARD:
                k += 1
            elif hit and "CONDITION" in hit[1]:
                k += hit[0]
            else:
                break
        return k < len(self.tt) and bool(self.gpu_start(k))

    def _card_after_article(self, i: int) -> bool:
        """A GPU's model number right after a classifier or an article ("有张3090", "a 3060", "my 3090")."""
        before = self.tt[i - 1] if i > 0 else ""
        if before in ("张", "块", "台", "片"):
            return True
        return before in ("a", "an", "my", "another", "the") and self.tt[i] in self.index.bare_numbers

    def _tenths_after(self, k: int) -> int | None:
        """A single digit glued after 块 / 元 ("一块二", "1块5"): the tenths of the amount; None if there is none."""
        if k >= len(self.tt) or not self.toks[k].glued or self._cn_phrase_at(k):
            return None
        d = self.tt[k]
        value = CN_DIGITS.get(d) if self.toks[k].kind == "cjk" else (int(d) if d.isdigit() and len(d) == 1 else None)
        nxt = self.tt[k + 1] if k + 1 < len(self.tt) else ""
        if value is None or nxt in ("张", "块", "个", "卡", "台") or self.unit("classifier", k + 1):
            return None
        if nxt in ("千", "百", "万") or (self.toks[k].kind == "num" and nxt in ("k", "w")):
            return None  # "一块四千五": 一块 is one card, 四千五 its price (¥4,500), not ¥1.4 and then 千五
        if self.unit("rate_hour_after", k) or self.unit("hours", k + 1):
            return None  # "2块一小时", "3元一个小时": the digit starts the hour the amount is paid for
        return value

    def _money(self, i: int, j: int, v: float, currency: str | None = None, explicit: bool = False) -> int:
        """A money amount ending before token j; `currency` None means dollars or not said."""
        n = len(self.tt)
        if j < n and self.tt[j] in ("k", "grand", "thousand") and v < 1000:
            v *= 1000
            j += 1
        scale, used = self._indian_scale(j)
        if used:  # "1.5 lakh", "₹2 lakh", "1 crore rupees": Indian numbering is rupees unless another currency is said
            v, j = v * scale, j + used
            after = self.unit("money_after", j)
            currency, j = (currency or self.currency_at(j) or "INR"), j + after
        meanings = {"CURRENCY": currency} if currency else {}
        per = 1 if j < n and self.tt[j] in PER_WORDS else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or self.tt[j] != "unit"):
            return self._kwh(i, j + per + kw, v, currency, explicit=True)
        if per and self.unit("hours", j + per):
            return self.add("RATE", v, i, j + per + self.unit("hours", j + per), meanings)
        if per and self._hour_char(j + per):  # "¥9.5/时", "3块每时": 时 alone after a per word is an hour
            return self.add("RATE", v, i, j + per + 1, meanings)
        return self.add("MONEY", v, i, j, meanings)

    def _whole_unit_place(self) -> str | None:
        """INR or JPY when the question says it is in India or Japan (lexicon [lists] place_inr / place_jpy): their
        electricity is priced in whole units a kWh, never in cents."""
        low = self.text.lower()
        for code, name in (("INR", "place_inr"), ("JPY", "place_jpy")):
            if any(compiled(rf"(?<![a-z]){re.escape(w)}(?![a-z])").search(low) for w in self.lex.listed(name)):
                return code
        return None

    def lakhs(self, i: int, j: int, v: float) -> int | None:
        """ "1.5 lakh", "2 lakhs rupees", "1 crore": an amount in Indian numbering (lexicon [units] lakh, crore)."""
        return self._money(i, j, v) if self._indian_scale(j)[1] else None

    def _indian_scale(self, j: int) -> tuple[float, int]:
        """(100,000 or 10,000,000, tokens) for a lakh or a crore word at token j; (1, 0) when none."""
        if j >= len(self.tt):
            return 1.0, 0
        lakh = self.unit("lakh", j)
        if lakh:
            return 1e5, lakh
        crore = self.unit("crore", j)
        return (1e7, crore) if crore else (1.0, 0)

    def _hour_char(self, k: int) -> bool:
        """Token k is 时 on its own (not 时候 / 时间 / 时长)."""
        if k >= len(self.tt) or self.tt[k] != "时":
            return False
        return not (k + 1 < len(self.tt) and self.toks[k + 1].glued and self.tt[k + 1] in ("候", "间", "长", "段"))

    def _kwh(self, i: int, j: int, v: float, currency: str | None = None, explicit: bool = False) -> int:
        """An electricity price per kWh; a bare 5 or more is cents ("electricity is 30"), a typed amount is not, nor one
        in a place whose money has no cents in use ("bangalore ... 8 per kwh": ₹8, "japan ... 31/kwh": ¥31)."""
        if currency is None and not explicit and (local := self._whole_unit_place()):
            currency, explicit = local, True
        meanings = {"CURRENCY": currency} if currency else {}
        return self.add("KWH", v / 100.0 if (v >= 5 and not explicit) else v, i, j, meanings)
