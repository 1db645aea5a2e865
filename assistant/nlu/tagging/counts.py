"""Counts of GPUs read from a question: a Chinese classifier ("两张3090", "2块4090", "四卡", "双卡", "一块二手3090"),
a multiplier ("4x", "x4" as the lexicon's count_x unit) and a number word before a card ("two 3090s", "four of
them", "a pair of"). A count right after a GPU, as a multiplier ("3090 x4") or a classifier ("3090四卡", "2080ti
22g 两张跑qwen"), is that GPU's: one COUNT tag with meanings["AFTER"] (parse.attach_counts gives it to the card).

Contract: `CountTagging` reading steps look at token i (the number's value `v` already read, the word after it at
token j) and, when it counts GPUs, add a COUNT tag and return the index after it; None otherwise. A small number
right after an electricity word ("电费1块") is a price, never a count.
"""

from __future__ import annotations

from assistant.nlu.tagging.money import MoneyTagging

_MADE_IMAGES = ("出图", "生图", "画图", "跑图")  # words of making images right before "N张"
_COUNT_MAX = 1024  # the most GPUs a classifier counts ("1024张h100")
_COUNT_X_MAX = 64  # the most GPUs a multiplier counts ("8x h100")
_COUNT_AFTER_MAX = 16  # the most GPUs a classifier right after the card counts ("3070 8g 八百块" is ¥800) [A]


class CountTagging(MoneyTagging):
    def count_after_gpu(self, i: int) -> int | None:
        """ "3090 x4", "4090 x 2", "4090*2", "a100 ×8": a multiplier right after a GPU counts it (a COUNT tag with
        meanings["AFTER"], attached to the GPU before it); not PCIe lanes ("3090 x16 slot": lexicon [lists]
        link_words after it)."""
        tt, n = self.tt, len(self.tt)
        last = self.tags[-1] if self.tags else None
        if last is None or last.kind != "GPU" or i == 0 or last.end != self.toks[i - 1].end:
            return None
        k = i + 1 if tt[i] in ("x", "×") else i
        sign = self.text[self.toks[i - 1].end : self.toks[i].start].strip()
        if k == i and sign not in ("*", "x", "×"):
            return None  # a number after the card with no multiplier sign
        if k >= n or self.toks[k].kind != "num" or not tt[k].isdigit() or not 1 <= int(tt[k]) <= _COUNT_X_MAX:
            return None
        if k + 1 < n and tt[k + 1] in self.lex.listed("link_words"):
            return None  # "3090 x16 slot": PCIe lanes
        return self.add("COUNT", int(tt[k]), i, k + 1, {"AFTER": True})

    def try_rack(self, i: int) -> int | None:
        """A system named by its GPUs: "gb200 nvl72" is 72 of the GB200's GPU (NVL36: 36), "dgx h100" / "hgx b200"
        eight of the card (an 8-GPU board); a GPU tag and its COUNT. "dgx spark" / "dgx station" are products of their
        own (the general path reads them)."""
        tt, n = self.tt, len(self.tt)
        if tt[i] in ("dgx", "hgx") and i + 1 < n and tt[i + 1] not in ("spark", "station") and self.gpu_start(i + 1):
            return self.add("COUNT", 8, i, i + 1)  # the card read next is counted
        k = next((k for k in range(i + 1, min(i + 4, n - 1)) if tt[k] == "nvl" and tt[k + 1] in ("36", "72")), None)
        if k is None or not self.gpu_start(i):
            return None
        head = self.index.gpu(tt[i:k], self.span(i, k))
        if head.status != "ok":
            return None
        self.add("GPU", head, i, k)
        return self.add("COUNT", int(tt[k + 1]), k, k + 2, {"AFTER": True})

    def classifier_count(self, i: int, j: int, v: float) -> int | None:
        """ "两张3090", "2块4090", "四卡", "双卡": a number and a Chinese classifier before a GPU (or at the end, or
        before 呢 / 吗 / 的, a model, a GPU word, or new / used then a card)."""
        tt, n = self.tt, len(self.tt)
        if not (float(v).is_integer() and 1 <= v <= _COUNT_MAX):
            return None
        if v < 5 and self.after_power_price(i) and not self.unit("card_count", j):
            return None  # "电费1块" is a price; "电费0.56一度 双卡3090": 卡 counts cards whatever comes before
        # "3090四卡", "2080ti 22g 两张跑qwen": the count of the card before it ("3070 8g 八百块" is a price)
        after = self._right_after_gpu(i) and v <= _COUNT_AFTER_MAX
        if j < n and tt[j] == "卡" and self.unit("hours", j):
            return None  # "每月 300 卡时": GPU-hours (hours), not 300 cards
        if j + 2 < n and tt[j] == "个" and tt[j + 1] in self.lex.listed("gpu_hour_words") and self.unit("hours", j + 2):
            return None  # "300个GPU小时": GPU-hours (usage.time_units), not 300 GPUs
        if self.unit("card_count", j):
            return self.add("COUNT", int(v), i, j + self.unit("card_count", j), {"AFTER": True} if after else None)
        cl = self.unit("classifier", j)
        if cl and tt[j] == "张" and self.text[: self.toks[i].start].rstrip().endswith(_MADE_IMAGES):
            return None  # "每天出图1000张": images made, not cards
        if cl and j + cl < n and self.unit("hours", j + cl) and tt[j + cl] != "h":  # "两张h100": a card
            return None  # "3090十个小时": hours of use, not ten cards
        if cl == 1 and tt[j] == "块" and self._per_hour_after(j + 1):
            return None  # "4090 2块一小时", "两块钱一小时": yuan an hour, not two cards
        if cl == 1 and tt[j] == "块" and float(v) < 100 and self._tenths_after(j + 1) is not None:
            return None  # "4090 一块八一小时", "两块五一度": yuan and tenths (一块八 = ¥1.8), not cards
        if cl == 1 and tt[j] == "块" and v >= 50 and not (j + 1 < n and self.gpu_start(j + 1)):
            return None  # "每个月大概花600块": yuan (50 and more cards are said with 张 / 卡, "64块a100" with the card)
        bare = 2 <= v <= _COUNT_AFTER_MAX and not any(t.kind == "GPU" for t in self.tags)
        bare = bare and not (i > 0 and tt[i - 1] in ("的", "前"))  # "性价比最高的三张跑ai的卡", "前三张": a top list
        if cl and bare and (tt[j + cl - 1] == "卡" or self.unit("card_count_then", j + cl)):
            # "三块卡够不够", "两张能跑什么模型", "两张一起功耗多少": the cards of the thread, counted (not ¥3, not
            # images; one, "一张要几秒", is left to the image time; after a card, "八百块能跑" is a price)
            return self.add("COUNT", int(v), i, j + cl)
        if cl and after:
            return self.add("COUNT", int(v), i, j + cl, {"AFTER": True})
        named = 2 <= v <= _COUNT_AFTER_MAX and any(t.kind == "GPU" for t in self.tags)
        # "4090一块1.3w 买两块跑70b": 块 after a buying verb counts cards too, unless 钱 follows ("买了两块钱的")
        yuan = tt[j + cl - 1] == "块" and (j + cl >= n or tt[j + cl] == "钱")
        if cl and named and not yuan and self._bought_before(i):
            # "矿卡3090批量收十张 1.2万以内": a buying verb right before the count, the card named earlier
            return self.add("COUNT", int(v), i, j + cl, {"AFTER": True} if self._gpu_before_verb() else None)
        if cl and named and tt[j + cl - 1] != "块" and self.unit("card_count_then", j + cl):
            # "mi50 32g 一张五六百 插四张要什么主板电源": that many of the card named before
            return self.add("COUNT", int(v), i, j + cl)
        if cl and (
            j + cl >= n
            or tt[j + cl] in ("呢", "吗", "?", "的")
            or self.gpu_start(j + cl)
            or self.index.model_at(tt, j + cl)
            or "GPU_WORD" in (self.lex.match(tt, j + cl) or (0, {}))[1]
            or "PRONOUN" in (self.lex.match(tt, j + cl) or (0, {}))[1]  # "插两张它跑14b": two of the card talked about
            or self._condition_then_gpu(j + cl)
            or self._modifier_then_gpu(j + cl)
        ):
            return self.add("COUNT", int(v), i, j + cl)
        return None

    def _per_hour_after(self, k: int) -> bool:
        """A word of [lists] rate_hour_after right at token k (glued: "4090 两块 每小时多少钱" counts two cards), after
        an optional 钱 ("块钱一小时")."""
        if k < len(self.tt) and self.tt[k] == "钱":
            k += 1
        if k >= len(self.tt) or self.text[self.toks[k - 1].end : self.toks[k].start]:
            return False
        rest = self.text[self.toks[k].start :]
        return any(rest.startswith(w) for w in self.lex.listed("rate_hour_after"))

    def _bought_before(self, i: int) -> bool:
        """The last tag is a buying or selling verb (BUY, COSTS: 买, 收, 入) that ends right before token i."""
        last = self.tags[-1] if self.tags else None
        return (
            last is not None and last.kind in ("BUY", "COSTS") and not self.text[last.end : self.toks[i].start].strip()
        )

    def _gpu_before_verb(self) -> bool:
        """A GPU right before the buying verb, or before a price and the verb ("4090买两张", "3090 5000块 收两张"):
        the count is that card's."""
        before = [t.kind for t in self.tags[-3:-1]]
        return before[-1:] == ["GPU"] or before == ["GPU", "MONEY"]

    def _right_after_gpu(self, i: int) -> bool:
        """The last tag is a GPU that ends right before token i (nothing but spaces between, or words of one machine:
        "mi300x 一台8卡", lexicon [lists] one_machine_words)."""
        last = self.tags[-1] if self.tags else None
        between = self.text[last.end : self.toks[i].start].strip() if last is not None else ""
        return (
            last is not None and last.kind == "GPU" and (not between or between in self.lex.listed("one_machine_words"))
        )

    def count_x(self, i: int, j: int, v: float) -> int | None:
        """ "4x h100", "x4": a multiplier unit after a whole number up to _COUNT_X_MAX."""
        x = self.unit("count_x", j)
        if x and v <= _COUNT_X_MAX and float(v).is_integer() and not self._ratio_at(j + x):
            return self.add("COUNT", int(v), i, j + x)
        return None

    def _ratio_at(self, k: int) -> bool:
        """ "2x faster", "2x or 3x faster", "3x the price": a multiplier before a word of comparing (lexicon [lists]
        ratio_after) is how much more, never a count of cards; "or" / "to" and another multiplier may stand between."""
        tt, words = self.tt, self.lex.listed("ratio_after")
        if k + 2 < len(tt) and tt[k] in ("or", "to", "-", "~") and self.toks[k + 1].kind == "num":
            k += 2 + (1 if k + 2 < len(tt) and tt[k + 2] in ("x", "×") else 0)
        return k < len(tt) and tt[k] in words

    def count_word(self, i: int, j: int, v: float) -> int | None:
        """ "two 3090s", "four of them", "a pair of 4090s", "three used ones": a number word before a GPU or a
        word of counting."""
        tt = self.tt
        if (
            self.toks[i].kind in ("word", "cjk")
            and float(v).is_integer()
            and v <= _COUNT_MAX  # "全新一万三 二手4090": 13,000 is a price before the next card, not a count
            and j < len(tt)
            and (
                self.gpu_start(j) or tt[j] in ("of", "x", "gpus", "cards", "used", "new") or self._modifier_then_gpu(j)
            )
        ):
            if tt[j : j + 2] == ["of", "us"]:  # "two of us want to train loras": people (nlu/schedule.py), not cards
                return None
            return self.add("COUNT", int(v), i, j)
        # "is my 1200w psu ok for three", "enough for all four?": a number word closing the question after "for" /
        # "all" counts the cards talked about (not "for three months": a unit follows that)
        closing = j >= len(tt) or tt[j] in ("?", "then", "now", "of", "them")
        if self.toks[i].kind == "word" and 2 <= v <= 16 and i > 0 and tt[i - 1] in ("for", "all") and closing:
            return self.add("COUNT", int(v), i, j)
        return None

    def _modifier_then_gpu(self, k: int) -> bool:
        """ "四张魔改2080ti", "两块涡轮版3090", "two modded 2080 tis": words of a card's make or state (lexicon [lists]
        count_gap_words) between the count and the GPU."""
        words = self.lex.keyed("count_gap_words")
        for _ in range(2):
            at = next((w for w, _key in words if self._word_at(k, w)), None)
            if at is None:
                return False
            k += len(at) if not at.isascii() else len(at.split())
            if k < len(self.tt) and self.gpu_start(k):
                return True
        return False

    def _word_at(self, k: int, word: str) -> bool:
        """Does `word` start at token k (Chinese characters one token each, English words one token each)?"""
        parts = list(word) if not word.isascii() else word.split()
        return self.tt[k : k + len(parts)] == parts

    def _condition_then_gpu(self, k: int) -> bool:
        """ "一块二手3090": new / used between the classifier and the GPU."""
        hit = self.lex.match(self.tt, k)
        after = k + hit[0] if hit else len(self.tt)
        return bool(
            hit and "CONDITION" in hit[1] and after < len(self.tt) and self.tt[after] in self.index.bare_numbers
        )
