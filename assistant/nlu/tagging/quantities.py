"""Numbers with units, read in one documented order of steps, each step in the module of its kind:
money, budgets and electricity prices (money.py), GPU counts (counts.py), hours, usage, periods and dates
(usage.py), temperatures (temperature.py), memory, model sizes, context, tokens, watts and image sizes
(sizes.py), and numbers bound by set-up words ("seq len 256", "lora r32", "top 5", "zero-3"; bound.py).

Contract: `try_number(i)` looks at token i and, when it reads a quantity there, adds its tag and returns the index
after it; None when token i starts no quantity. Words that need no number come first (24/7, a date, 百分之, a money
unit before its number, usage words), then the number is read and its steps are tried in NUMBER_STEPS order: the
first that reads it wins, and a step answering NO_QUANTITY stops the reading (the number is no quantity).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.nlu.tagging.base import NO_QUANTITY, TaggerBase
from assistant.nlu.tagging.bound import BoundTagging
from assistant.nlu.tagging.cn_numerals import CN_NUM
from assistant.nlu.tagging.counts import CountTagging
from assistant.nlu.tagging.durations import duration
from assistant.nlu.tagging.half_periods import half_after_number, half_without_number
from assistant.nlu.tagging.money import MoneyTagging
from assistant.nlu.tagging.sizes import SizeTagging
from assistant.nlu.tagging.temperature import TemperatureTagging
from assistant.nlu.tagging.usage import USAGE_UNITS, UsageTagging
from assistant.nlu.tagging.use_span import span_of_use

NUMBER_UNITS = ("full_time", "money_before", *USAGE_UNITS)  # what try_number may start
NUMBER_LEADS = frozenset({"24", "7", "百", "a", "an", "the", "半", "half", "one"})  # 24/7, 百分之, 半年, the next year


def percent(tagger: TaggerBase, i: int, j: int, v: float) -> int | None:
    """ "80%", "80 percent": a share."""
    p = tagger.unit("percent", j)
    return tagger.add("PERCENT", v / 100.0, i, j + p) if p else None


# the steps tried on a number read from token i, its unit at token j, in order -- the order is the meaning: a year
# before a count ("2023年"), a count by classifier before money ("两张3090"), money before hours ...
NUMBER_STEPS: tuple[Callable[[Any, int, int, float], int | None], ...] = (
    UsageTagging.year_date,  # "2023年1月的价格", "2023 prices"
    duration,  # "3h20m", "1h 30m", "两个半小时", "90min": hours and minutes, before "h20" can be a card
    half_after_number,  # "一年半", "一个半月", "2 and a half years": before "一个" can be a count
    CountTagging.classifier_count,  # "两张3090", "四卡"
    MoneyTagging.amount_by_words,  # "2000买啥卡", "700 for a used 3090", "2万预算"
    MoneyTagging.lakhs,  # "1.5 lakh", "2 crore": rupees in Indian numbering
    MoneyTagging.millions,  # "1.2m won", "2 million krw": millions of a currency said after them
    MoneyTagging.thousands,  # "1.5k", "2 grand", "8k context", "50k samples"
    TemperatureTagging.temperature,  # "85c is that ok", "runs at 83 degrees" (before cents: "30c/kwh")
    MoneyTagging.money_units,  # "800 dollars", "一块二", "电费5毛", "30 cents per kwh"
    UsageTagging.time_units,  # "8 hours a day", "3 nights a week", "for 3 days", "3 years"
    percent,  # "80%"
    SizeTagging.size_units,  # "24gb", "4bit", "70b", "8k tokens", "300w"
    CountTagging.count_x,  # "4x"
    MoneyTagging.after_budget,  # "预算 8000", "手上有三万条客服对话"
    MoneyTagging.beside_total_word,  # "一共 4 万", "16000 total"
    CountTagging.count_word,  # "two 3090s", "four of them"
)


class QuantityTagging(CountTagging, UsageTagging, SizeTagging, TemperatureTagging, BoundTagging):
    def try_number(self, i: int) -> int | None:
        if not self._may_start_number(i):
            return None
        tt = self.tt
        if self._in_a_name(i):
            return i + 1  # "cifar-10", "cifar100": part of the dataset's name, no quantity
        ft = self.full_time(i)
        if ft and self.after_trouble(i):
            return i + ft  # "swapping constantly": how often a problem happens, not hours of use
        if ft:
            return self.add("HOURS", {"per_week": 168.0, "full_time": True}, i, i + ft)
        if self.toks[i].kind == "date":
            return self.add("DATE", tt[i], i, i + 1)
        if tt[i : i + 3] == ["百", "分", "之"]:
            got = self.number_at(i + 3)
            return self.add("PERCENT", got[0] / 100.0, i, i + 3 + got[1]) if got else None
        read = half_without_number(self, i)  # "半年", "half a year", "a year and a half"
        if read is None:
            read = span_of_use(self, i)  # "3 hours a day for a year": one year of that use
        if read is not None:
            return read
        read = self.money_before(i)
        if read is None:
            read = self.usage_words(i)
        if read is not None:
            return None if read == NO_QUANTITY else read
        got = self.number_at(i)
        if got is None:
            return None
        v, used = got
        j = i + used
        for step in NUMBER_STEPS:
            read = step(self, i, j, v)
            if read is not None:
                return None if read == NO_QUANTITY else read
        if used > 1 and abs(v) >= 100:
            return self.add("NUMBER", v, i, j)  # "一万二", "2千5": one number over several tokens
        return None

    def _in_a_name(self, i: int) -> bool:
        """A number glued or hyphened to a word of lexicon [lists] named_with_number ("cifar-10", "cifar100")."""
        if i == 0 or self.toks[i].kind != "num" or self.tt[i - 1] not in self.lex.listed("named_with_number"):
            return False
        return self.text[self.toks[i - 1].end : self.toks[i].start] in ("", "-")

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
