"""Numbers with units: money (and its currency), electricity prices, hours, years, percent,
memory, precision bits, model sizes, context, watts, GPU counts, dates, image sizes, and the
numbers set-up words bind ("seq len 256", "lora r32", "top 5", "zero-3").

Contract: each `try_*` / `resolution` method looks at token i and, when it reads a quantity there,
adds its tag and returns the index after it; None when token i starts no quantity.
"""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import terminal
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.tagging.base import Tag, TaggerBase
from assistant.nlu.tagging.cn_numerals import CN_DIGITS, CN_NUM
from assistant.nlu.tagging.words import BINDERS, BITS, CONTEXT_SIZES, GPU_SUFFIXES, LORA_WORDS, PER_WORDS, SYSTEM_RAM
from assistant.nlu.text import words

# words between "for" and the card an amount is paid for ("700 for a used 3090", "1400 for two 3090s")
_BEFORE_A_CARD = frozenset({"a", "an", "one", "the", "my", "this", "that", "two", "three", "four", "2", "3", "4"})
WEEKEND_HOURS = 48.0  # a weekend of renting: Saturday and Sunday [A]
BINDER_UNITS = tuple(unit for unit, _ in BINDERS)
# usage said without a number of hours ("i only train on weekends", "a few hours every evening"): hours assumed, and
# the HOURS tag names the assumption ("assumed") so the answer says it
FEW_HOURS = 3.0  # "a few hours" [A]
WEEKEND_DAY_HOURS = 8.0  # a weekend day of use, "on weekends" [A]
EVENING_HOURS = 3.0  # an evening of use, "every evening", "after work" [A]
WEEKDAY_HOURS = 8.0  # a weekday of use, "on weekdays"; also a 9-5 day (8 hours)
SESSION_HOURS = 8.0  # one time of use, "i train twice a month": a day's run [A]
WEEKS_PER = {"week": 1.0, "month": 52.0 / 12.0, "year": 52.0}
USAGE = (  # unit -> (days a week, hours a day, assumed as what)
    ("usage_work_week", 5, WEEKDAY_HOURS, None),
    ("usage_weekends", 2, WEEKEND_DAY_HOURS, "weekends"),
    ("usage_evenings", 7, EVENING_HOURS, "evenings"),
    ("usage_weekdays", 5, WEEKDAY_HOURS, "weekdays"),
    ("usage_one_day", 1, WEEKDAY_HOURS, "days"),
)
NUMBER_UNITS = (
    "full_time",
    "money_before",
    "weekend",
    "few",
    *(u for u, _, _, _ in USAGE),
)  # what try_number may start
NUMBER_LEADS = frozenset({"24", "7", "百", "a", "an"})  # 24/7, 7x24, 百分之, a couple / a pair


# words between hours and their period ("8 hours a day", "3h every evening", "10 hours on weekends")
_HOURS_SKIP = frozenset({"per", "a", "an", "/", "each", "every", "of", "in", "the", "on", "during", "每", "一"})
# hours a week from hours per unit
_HOURS_PER = (("week", 1.0), ("day", 7.0), ("month", 12.0 / 52.0), ("weekday", 5.0), ("weekend_day", 2.0))


class QuantityTagging(TaggerBase):
    # numbers --------------------------------------------------------------------------------
    def _after_trouble(self, i: int) -> bool:
        """A problem word (lexicon trouble_words: "swapping", "ooms", "out of memory") in the three tokens before token
        i: a full-time word there says how often the problem happens."""
        before = " ".join(self.tt[max(0, i - 3) : i])
        return any(f" {w} " in f" {before} " for w in self.lex.listed("trouble_words"))

    def try_number(self, i: int) -> int | None:
        if not self._may_start_number(i):
            return None
        tt, n = self.tt, len(self.tt)
        ft = self.full_time(i)
        if ft and self._after_trouble(i):
            return i + ft  # "swapping constantly": how often a problem happens, not hours of use
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
        weekend = self.unit("weekend", i)
        if weekend:  # "一周末租8张a100": a weekend of renting, 48 hours [A]
            return self.add("HOURS", {"total": WEEKEND_HOURS}, i, i + weekend)
        usage = self._usage(i)
        if usage is not None:
            return usage
        few = self.unit("few", i)
        if few and self.unit("hours", i + few):  # "a few hours every evening": 3 hours [A], said
            return self._hours(i, i + few, self.unit("hours", i + few), FEW_HOURS, assumed="few")
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
        if float(v).is_integer() and 1 <= v <= 1024 and not (v < 5 and self._after_power_price(i)):
            if self.unit("card_count", j):
                return self.add("COUNT", int(v), i, j + self.unit("card_count", j))
            cl = self.unit("classifier", j)
            if cl and (
                j + cl >= n
                or tt[j + cl] in ("呢", "吗", "?", "的")
                or self.gpu_start(j + cl)
                or self.index.model_at(tt, j + cl)
                or "GPU_WORD" in (self.lex.match(tt, j + cl) or (0, {}))[1]
                or self._condition_then_gpu(j + cl)
            ):
                return self.add("COUNT", int(v), i, j + cl)
        # "2000买啥卡", "两千五能配什么": an amount right before a buying verb is the budget
        if v >= 100 and self.unit("budget_after", j) and self.tt[i] not in self.index.bare_numbers:
            return self._money(i, j, v)
        # "got offered 700 for a used 3090": an amount for a card is its price, not a count of them
        if v >= 20 and self.tt[i] not in self.index.bare_numbers and self._for_a_gpu(j):
            return self._money(i, j, v)
        # 5000以内, 一万左右: a Chinese "under" after the amount
        under = self.lex.match(tt, j) if j < n and self.toks[j].kind == "cjk" else None
        if v >= 50 and under and {"UNDER", "BUDGET"} & set(under[1]) and not self._gpu_then_most(i, j + under[0]):
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
                or (j + 1 < n and self.gpu_start(j + 1) and any(t.kind == "cjk" for t in self.toks))
            )
        ):
            k = 0  # "24g显存", "12g的卡": gigabytes, not grand
        if k and (self.toks[j].glued or tt[j] != "g"):
            jj = j + k
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
            if prev in ("UNDER", "BUDGET") or v not in CONTEXT_SIZES or (jj < n and tt[jj] in ("budget", "dollars")):
                return self._money(i, jj, v * 1000)
            return self.add("CONTEXT", context_k(v), i, jj)
        m = self.unit("money_after", j)
        power_price = self._after_power_price(i)
        tenths = self._tenths_after(j + m) if m and tt[j] in ("块", "元") and v < 100 else None
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
        c = self.unit("cents", j)
        if c and (tt[i] in self.index.bare_numbers or self.text[self.toks[j].start :].startswith(("分辨", "分钟"))):
            c = 0  # "3060 分辨率768", "20分钟": a card and a word, minutes; not cents
        if c:
            jj = j + c
            per = 1 if jj < n and tt[jj] in PER_WORDS else 0
            kw = self.unit("kwh", jj + per)
            return self.add("KWH", v / 100.0, i, jj + per + kw if kw else jj)
        per = 1 if j < n and tt[j] in PER_WORDS else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or tt[j] not in ("unit", "度")) and tt[i] not in self.index.bare_numbers:
            return self._kwh(i, j + per + kw, v)  # (not "4090 一度电6毛": the card, then the rate)
        h = self.unit("hours", j)
        if h and used == 1 and self.gpu_hours(i):
            return None  # "how many 4090 hours for a lora": hours of that card, not a duration
        if h and not (tt[j] == "h" and j + 1 < n and self.toks[j + 1].kind == "num"):
            return self._hours(i, j, h, v)
        days = self._days_a_week(i, j, v)
        if days is not None:
            return days
        for unit, mult in (("day", 24.0), ("week", 168.0)):  # "rent 8x h100 for 3 days": 72 hours in all
            u = self.unit(unit, j)
            rented = i > 0 and tt[i - 1] in ("for", "over") or (j + u < n and tt[j + u] == "of")
            # "跑三天多少钱", "租两周": a verb of running or renting before the days (lexicon [units] duration_before)
            rented = rented or any(i >= k and self.unit("duration_before", i - k) == k for k in (1, 2))
            if j + u < n and tt[j + u] in (*PER_WORDS, "every", "each"):
                rented = False  # "3 days a week": how often, not how long in all
            if u and tt[j] not in ("d", "w") and rented and float(v).is_integer() and 0 < v <= 366:
                return self.add("HOURS", {"total": v * mult, "span": True}, i, j + u)  # days in all, never per week
        for unit, kind in (("years", "YEARS"), ("months", "MONTHS")):
            u = self.unit(unit, j)
            if u and not (tt[j] in ("y", "mo") and not self.toks[j].glued):
                return self.add(kind, v, i, j + u)
        p = self.unit("percent", j)
        if p:
            return self.add("PERCENT", v / 100.0, i, j + p)
        g = self.unit("gb", j)
        if g and (tt[j] != "g" or self.toks[j].glued):
            return self._memory_variant(i, j + g, v) or self.add("MEMORY", v, i, j + g)
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
                        if not self._model_after(jj):
                            continue  # "124m" alone: millions of something, not a model size ("350m的模型" is)
                    return self.add("PARAMS", params, i, jj)
        c = self.unit("context", j)
        if c and tt[i] not in self.index.bare_numbers:  # "4090上下文最长能开多少": the card, then the context
            return self.add("CONTEXT", int(v), i, j + c)
        t = self.unit("tokens", j)
        if t and v >= 1e7:  # "200亿token", "50 million tokens": a training set, not a sequence length
            return self.add("TOKENS", v, i, j + t)
        if t and v >= 256 and not self._card_before_speed(i, j, j + t):
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
            and self.unit("data_items", j)
        ):
            return self.add("COUNTED", v, i, j + self.unit("data_items", j))  # "手上有三万条客服对话": data, not money
        if (
            self.tags
            and self.tags[-1].kind in ("UNDER", "BUDGET")
            and self.toks[i].kind in ("num", "cjk")
            and abs(v) >= 50
            and not self._card_after_article(i)  # "手上有张3090", "about putting a 3060 in": a card, not money
            and not (j < len(tt) and self.toks[j].glued and tt[j] in GPU_SUFFIXES)  # "手上是2080ti": a card
        ):
            return self._money(i, j, v)
        if (
            self.toks[i].kind in ("word", "cjk")
            and float(v).is_integer()
            and j < n
            and (self.gpu_start(j) or tt[j] in ("of", "x", "gpus", "cards", "used", "new"))
        ):
            return self.add("COUNT", int(v), i, j)
        if used > 1 and abs(v) >= 100:
            return self.add("NUMBER", v, i, j)  # "一万二", "2千5": one number over several tokens
        return None

    def _hours(self, i: int, j: int, h: int, v: float, assumed: str | None = None) -> int:
        """ "8 hours a day", "10h per week", "5 hours a month", "3 hours every evening", "10h on weekends": hours a
        week; hours alone ("120 hours") are hours in all. Token j starts the hours unit (h tokens long)."""
        tt, n = self.tt, len(self.tt)
        said = {"assumed": assumed, "each": v} if assumed else {}
        jj = j + h
        skip = 0
        while jj + skip < n and tt[jj + skip] in _HOURS_SKIP:
            skip += 1
        apart = jj < n and self.text[self.toks[jj - 1].end : self.toks[jj].start] != ""
        if jj < n and any(c in self.text[self.toks[jj - 1].end : self.toks[jj].start] for c in ",;，；"):
            return self.add("HOURS", {"total": v} | said, i, jj)
        per_before = any(t.kind == "PERIOD" for t in self.tags[-3:])
        for unit, mult in _HOURS_PER:
            u = self.unit(unit, jj + skip)
            if u and "一" in tt[jj : jj + skip] and (apart or per_before):
                break  # "一天跑10小时 一个月电费多少": the month is the question's period, not the hours'
            if u and (skip or unit != "day" or tt[jj] != "d") and (v * mult <= 168 or unit in ("week", "day", "month")):
                daily = {"per_day": v} if unit == "day" else {}
                return self.add("HOURS", {"per_week": v * mult} | daily | said, i, jj + skip + u)
        return self.add("HOURS", {"total": v} | said, i, jj)

    def _days_a_week(self, i: int, j: int, v: float) -> int | None:
        """ "3 nights a week", "2 days a week": days of use in a week without their hours; an evening is assumed
        EVENING_HOURS, a day WEEKDAY_HOURS (said by the answer)."""
        tt, n = self.tt, len(self.tt)
        u = self.unit("day", j)
        if not u or tt[j] in ("d", "daily") or not (float(v).is_integer() and 1 <= v <= 7):
            return None
        k = j + u
        skip = 1 if k < n and tt[k] in _HOURS_SKIP else 0
        w = self.unit("week", k + skip)
        if not w or tt[k + skip] in ("w", "weekly"):
            return None
        evening = tt[j].startswith(("night", "evening"))
        each = EVENING_HOURS if evening else WEEKDAY_HOURS
        said = {"assumed": "evenings" if evening else "days", "each": each, "days": v}
        return self.add("HOURS", {"per_week": v * each} | said, i, k + skip + w)

    def _usage(self, i: int) -> int | None:
        """Usage said without a number of hours ("i only train on weekends", "weekdays 9-5", "every evening"): hours a
        week (USAGE), with the assumption named when the words leave the hours open."""
        for unit, days, hours, assumed in USAGE:
            u = self.unit(unit, i)
            if not u:
                continue
            work = self.unit("usage_work_week", i + u)
            if unit == "usage_weekdays" and work:  # "weekdays 9-5": 40 hours, nothing assumed
                return self.add("HOURS", {"per_week": days * hours}, i, i + u + work)
            said = {"assumed": assumed, "each": hours, "days": days} if assumed else {}
            return self.add("HOURS", {"per_week": days * hours} | said, i, i + u)
        return None

    def _memory_variant(self, i: int, j: int, gb: float) -> int | None:
        """A memory size that names a variant of the GPU just tagged: "2080ti魔改22g" (the 22 GB card; words
        of lexicon [lists] variant_fillers between), "a100 40g和80g" (the other A100, after and / or / vs).
        Replaces the GPU tag (or adds the sibling) and returns the index after the size; None otherwise."""
        unit = self.span(i, j)
        if (j < len(self.tt) and self.tt[j] in SYSTEM_RAM) or any(
            unit.endswith(w) for w in self.lex.listed("system_ram_words")
        ):
            return None  # "4090 64g内存", "3090 64gb ram": the computer's memory, not a 64 GB card
        tags = self.tags
        k = len(tags) - 1
        sibling = k >= 1 and tags[k].kind in ("AND", "OR", "VS") and tags[k - 1].kind == "GPU"
        gpu = tags[k - 1] if sibling else (tags[k] if tags and tags[k].kind == "GPU" else None)
        if gpu is None or not isinstance(gpu.value, GpuMatch) or gpu.value.status != "ok":
            return None
        current = gpu.value
        between = self.text[(tags[k] if sibling else gpu).end : self.toks[i].start]
        for word in sorted(self.lex.listed("variant_fillers"), key=len, reverse=True):
            between = between.replace(word, "")
        if between.strip(" -_,，、/"):
            return None
        if (
            not sibling and current.name and self.index.memory_of(current.name) == gb
        ):  # "4090笔记本 16g": the card just named
            mention = self.text[gpu.start : self.toks[j - 1].end]
            tags[k] = Tag(
                "GPU", dataclasses.replace(current, mention=mention), mention, gpu.start, self.toks[j - 1].end
            )
            return j
        base = words(current.mention)
        if len(base) > 2 and base[-1] in ("g", "gb") and base[-2].isdigit():
            base = base[:-2]  # "a100 40g" -> "a100", then the size asked for
        found = self.index.gpu([*base, f"{gb:g}", "gb"], self.span(i, j))
        if found.name == current.name or (sibling and found.status != "ok"):
            return None
        if sibling:
            return self.add("GPU", found, i, j)
        # "3080魔改20g": a memory variant the KB lacks is unknown (with the nearest cards), never the stock card
        mention = self.text[gpu.start : self.toks[j - 1].end]
        tags[k] = Tag("GPU", dataclasses.replace(found, mention=mention), mention, gpu.start, self.toks[j - 1].end)
        return j

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

    def _after_power_price(self, i: int) -> bool:
        """Does token i follow an electricity word that a price per kWh follows ("电费5毛", "电费0.6",
        "电价按1块算"; lexicon [lists] kwh_before)?"""
        words = self.lex.listed("kwh_before")
        recent = self.tags[-2:]
        if recent and recent[-1].kind in ("SET", "FILLER") and len(recent) == 2:
            recent = recent[:1]  # "电价按": the word before 按
        last = recent[-1] if recent else None
        if last is None or last.text not in words:
            return False
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

    def _condition_then_gpu(self, k: int) -> bool:
        """ "一块二手3090": new / used between the classifier and the GPU."""
        hit = self.lex.match(self.tt, k)
        after = k + hit[0] if hit else len(self.tt)
        return bool(
            hit and "CONDITION" in hit[1] and after < len(self.tt) and self.tt[after] in self.index.bare_numbers
        )

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
        return value

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

    def _may_start_number(self, i: int) -> bool:
        """Can token i start what `try_number` reads (a number, a date, 24/7, a money or time unit, a number
        word)? Most words cannot: they are answered without trying each reading."""
        t, w = self.toks[i], self.tt[i]
        return (
            t.kind in ("num", "date")
            or w in NUMBER_LEADS
            or t.text in NUMBER_LEADS
            or t.text in CN_NUM
            or t.text in self.lex.numbers
            or w in self.lex.unit_starts_of(NUMBER_UNITS)
        )

    def _kwh(self, i: int, j: int, v: float, currency: str | None = None, explicit: bool = False) -> int:
        """An electricity price per kWh; a bare 5 or more is cents ("electricity is 30"), a typed amount is not."""
        meanings = {"CURRENCY": currency} if currency else {}
        return self.add("KWH", v / 100.0 if (v >= 5 and not explicit) else v, i, j, meanings)

    # numbers bound by set-up words ------------------------------------------------------------
    def try_bound(self, i: int) -> int | None:
        """A set-up word and the number it binds: "seq len 256" CONTEXT, "batch 8" BATCH, "lora r32" RANK,
        "alpha 64" ALPHA, "top 5" TOP, "zero-3" ZERO_STAGE. Such a number is never a GPU or a GPU count.
        A set-up word with a meaning of its own ("best") keeps its tag."""
        if self.tt[i] not in self.lex.unit_starts_of(BINDER_UNITS):
            return None  # no set-up word starts here
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
                v, end = context_k(v), end + 1  # "上下文32k", "seq len 8k": k of 1,024 for a power of two
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

    def _model_after(self, j: int) -> bool:
        """A model word or a model family right after token j, 的 between or not ("350m的模型", "350m gpt", "350m
        model"): the number before it is the model's size (lexicon [lists] model_nouns)."""
        k = j + 1 if j < len(self.tt) and self.tt[j] == "的" else j
        if k >= len(self.tt):
            return False
        rest = self.text[self.toks[k].start :]
        return self.tt[k] in self.index.model_families or any(
            rest.startswith(w) for w in self.lex.listed("model_nouns")
        )

    def _card_before_speed(self, i: int, j: int, after: int) -> bool:
        """ "on 3090 tokens per second?", "on a 3090, tokens/s?": a GPU model number before a speed unit (tokens then a
        per-second word, [lists] per_second_words) or set apart from "tokens" by punctuation is the card, not a
        context length."""
        if self.tt[i] not in self.index.bare_numbers:
            return False
        if self.text[self.toks[i].end : self.toks[j].start].strip():
            return True  # "3090, tokens/s"
        rest = " ".join(self.tt[after : after + 3])
        return any(rest.startswith(w) for w in self.lex.listed("per_second_words"))

    def resolution(self, i: int) -> int | None:
        """ "512x512", "1024×1024", "768*768": an image size, not a GPU."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        if toks[i].kind != "num" or not tt[i].isdigit() or int(tt[i]) < 64:
            return None
        if i + 2 < n and tt[i + 1] in ("x", "×") and toks[i + 2].kind == "num" and tt[i + 2].isdigit():
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 2])), i, i + 3)
        if i + 1 < n and self.gap(i) == "*" and toks[i + 1].kind == "num" and tt[i + 1].isdigit():
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i + 1])), i, i + 2)
        if i + 1 < n and tt[i + 1] in ("px", "pixels") and 256 <= int(tt[i]) <= 8192:  # "1024px", "768 px"
            return self.add("RESOLUTION", (int(tt[i]), int(tt[i])), i, i + 2)
        lines = int(tt[i])
        if i + 1 < n and tt[i + 1] == "p" and toks[i + 1].glued and lines in VIDEO_LINES:  # "720p", "1080p"
            return self.add("RESOLUTION", (lines * 16 // 9, lines), i, i + 2)
        return None


# video heights written with a "p" ("720p"): a 16:9 frame of that many lines, never a GPU ("GTX 760M")
VIDEO_LINES = frozenset({240, 360, 480, 540, 576, 720, 1080, 1440, 2160})


def context_k(v: float) -> int:
    """ "32k context" = 32,768 tokens: a power-of-two context size in k counts 1,024 tokens per k, as
    llama.cpp, Hugging Face configs and model cards do (a "1000k" or "200k" context is read as written)."""
    k = int(v)
    return k * 1024 if v == k and k > 0 and k & (k - 1) == 0 else int(v * 1000)


def size_ranges(tags: list[Tag], text: str, lex) -> list[Tag]:
    """ "14b-32b models", "7-13b", "7b to 13b", "between 13b and 34b", "7b到14b": a range of model sizes is one PARAMS
    tag of its top (the size that needs the most memory) with meanings["RANGE"] = (low, high), so the answer is for
    the largest size of the range and says so. The low end is a PARAMS tag or a bare number below the top, joined to
    it by a word of [lists] range_words (or "and" after a word of [lists] range_between)."""
    out: list[Tag] = []
    for t in tags:
        joiner = 1 if len(out) >= 2 and out[-1].kind == "AND" else 0  # "between 13b and 34b": "and" is a tag
        low = out[-1 - joiner] if len(out) > joiner else None
        if t.kind != "PARAMS" or low is None or low.kind not in ("PARAMS", "NUMBER") or "RANGE" in low.meanings:
            out.append(t)
            continue
        gap = text[low.end : t.start].strip()
        before = text[: low.start].rstrip().rsplit(" ", 1)[-1]
        joined = gap in lex.listed("range_words") or (gap == "and" and before in lex.listed("range_between"))
        try:
            lo, hi = low.number(), t.number()
        except ValueError:
            joined = False
        if not joined or not 0 < lo < hi:
            out.append(t)
            continue
        del out[len(out) - 1 - joiner :]
        out.append(Tag("PARAMS", hi, text[low.start : t.end], low.start, t.end, {**t.meanings, "RANGE": (lo, hi)}))
    return out


def session_usage(tags: list[Tag], text: str, lex) -> list[Tag]:
    """ "i train twice a month", "fine tune 3 times a month for a day", "once a week for 5 hours": times of use in a
    period, as hours a week. The times are a word of [lists] usage_once / usage_twice / usage_few_times or a COUNT
    tag of "N times"; the period a word of [units] week / month / year after a word of [lists] usage_per. Hours said
    for each time ("for 5 hours", a total HOURS tag right after) count; else SESSION_HOURS, assumed and said. A
    question with hours a week already read is left as it is."""
    if any(t.kind == "HOURS" and "per_week" in t.mapping() for t in tags):
        return tags
    low = text.lower()
    found = _times_said(tags, low, lex)
    if found is None:
        return tags
    times, start, end, count_tag = found
    rest = low[end:].split()
    per = next((w for w in lex.listed("usage_per") if rest[: len(w.split())] == w.split()), None)
    if per is None:
        return tags
    period_word = rest[len(per.split())] if len(rest) > len(per.split()) else ""
    period = next((p for p in WEEKS_PER if period_word.rstrip("s?,.") in lex.listed(f"usage_{p}_words")), None)
    if period is None:
        return tags
    stop = end + low[end:].find(period_word) + len(period_word)
    after = [t for t in tags if t.kind == "HOURS" and t.start >= stop and t.start - stop <= 8]
    each = float(after[0].mapping().get("total", 0.0)) if after else 0.0
    said = {} if each else {"assumed": "sessions", "each": SESSION_HOURS}
    each = each or SESSION_HOURS
    per_week = times * each / WEEKS_PER[period]
    hours = Tag("HOURS", {"per_week": round(per_week, 2)} | said, text[start:stop], start, stop, {})
    kept = [t for t in tags if t is not count_tag and not (after and t is after[0])]
    at = next((k for k, t in enumerate(kept) if t.start > start), len(kept))
    return [*kept[:at], hours, *kept[at:]]


def _times_said(tags: list[Tag], low: str, lex) -> tuple[float, int, int, Tag | None] | None:
    """(times, start, end, the COUNT tag read) of "twice", "once", "a few times", "3 times"; None if none is said."""
    for name, times in (("usage_twice", 2.0), ("usage_once", 1.0), ("usage_few_times", 3.0)):
        for w in lex.listed(name):
            at = f" {low} ".find(f" {w} ")  # the padded text's offset is the word's own in `low`
            if at >= 0:
                return times, at, at + len(w), None
    units = tuple(lex.listed("usage_times"))
    count = next((t for t in tags if t.kind == "COUNT" and t.text.lower().endswith(units)), None)
    if count is None:
        return None
    return float(count.number()), count.start, count.end, count
