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

from assistant.nlu.index import NameIndex
from assistant.nlu.lexicon import Lexicon, terminal
from assistant.nlu.lookup.matches import GpuMatch, ModelMatch
from assistant.nlu.tagging.adapters import adapter_words_known, adapters_tagged
from assistant.nlu.tagging.base import Tag, number_or_none
from assistant.nlu.tagging.budget_words import counted_not_budget
from assistant.nlu.tagging.card_hours import card_hours
from assistant.nlu.tagging.card_prices import prices_after_cards
from assistant.nlu.tagging.coming import coming_numbers
from assistant.nlu.tagging.counted_numbers import counted_numbers
from assistant.nlu.tagging.cpus import CpuTagging
from assistant.nlu.tagging.datasets import DatasetTagging
from assistant.nlu.tagging.device_names import DeviceNameTagging
from assistant.nlu.tagging.excluded_sizes import excluded_sizes
from assistant.nlu.tagging.gpus import GpuTagging
from assistant.nlu.tagging.hardware import HardwareTagging
from assistant.nlu.tagging.hourly_rates import hourly_rates
from assistant.nlu.tagging.integrated import integrated_parts
from assistant.nlu.tagging.item_prices import item_prices
from assistant.nlu.tagging.laptops import laptop_for_all
from assistant.nlu.tagging.link import LinkTagging
from assistant.nlu.tagging.models import ModelTagging
from assistant.nlu.tagging.number_roles import NumberRoleTagging
from assistant.nlu.tagging.psu_asked import asked_supplies
from assistant.nlu.tagging.quantities import QuantityTagging
from assistant.nlu.tagging.ram_speed import RamSpeedTagging, ram_sizes
from assistant.nlu.tagging.said_amounts import (
    clock_ranges,
    powered_and_load,
    round_the_clock,
    temperatures,
    vague_amounts,
)
from assistant.nlu.tagging.said_equal import equal_said
from assistant.nlu.tagging.series import SeriesTagging
from assistant.nlu.tagging.shared_units import shared_units
from assistant.nlu.tagging.sizes import size_ranges
from assistant.nlu.tagging.usage import idle_time, session_usage
from assistant.nlu.tagging.vendor_ones import vendor_ones
from assistant.nlu.tagging.words import COSTS_WORDS
from assistant.nlu.text import Tok

# quantities after which "each" is each of the things counted ("1k tokens each", "$800 each"), not the GPUs
_AMOUNTS = frozenset({"CONTEXT", "TOKENS", "COUNTED", "NUMBER", "MONEY", "MEMORY", "WATTS", "PARAMS", "HOURS"})


class _Tagger(
    RamSpeedTagging,
    NumberRoleTagging,
    QuantityTagging,
    ModelTagging,
    GpuTagging,
    CpuTagging,
    HardwareTagging,
    LinkTagging,
    SeriesTagging,
    DatasetTagging,
    DeviceNameTagging,
):
    """The reading loop: at each token the first step that reads something wins (CPU name, full KB name,
    bound number, image size, a number its neighbouring words name, quantity, model, GPU, lexicon phrase);
    the rest is unknown words."""

    # the loop -------------------------------------------------------------------------------
    def run(self) -> tuple[list[Tag], list[str]]:
        i, n = 0, len(self.tt)
        while i < n:
            nxt = self.try_uncovered(i)
            if nxt is None:
                nxt = self.try_ram_speed(i)  # "ddr5-6000", "6000mhz": the computer's memory, never "5 x RX 6400"
            if nxt is None:
                nxt = self.try_cpu(i)  # "threadripper 7960x", "9950x": a CPU, never a GPU or a count
            if nxt is None:
                nxt = self.try_hardware(i)  # "rm850x", "1500va", "355mm", "fractal north", "b650": never a GPU
            if nxt is None:
                nxt = self.try_rack(i)  # "gb200 nvl72": 72 of its GPU; "dgx h100": eight H100s
            if nxt is None:
                nxt = self.try_full_name(i)
            if nxt is None:
                nxt = self.try_brand(i)  # "零一万物yi 34b": a model's brand, before "零一" reads as a number
            if nxt is None:
                nxt = self.try_series(i)  # "40 series", "rtx 30-series", "50系": a family, never one card silently
            if nxt is None:
                nxt = self.try_link(i)  # "pcie 4.0 x4 slot", "gen4 x8": a PCIe link, never a count of cards
            if nxt is None:
                nxt = self.count_after_gpu(i)  # "3090 x4", "4090*2": that many of the card before
            if nxt is None:
                nxt = self.try_bound(i)
            if nxt is None:
                nxt = self.resolution(i)
            if nxt is None:
                nxt = self.try_role(i)  # "出一张1024的图", "并发20个用户", "每秒30个token"
            if nxt is None:
                nxt = self.try_number(i)
            if nxt is None:
                nxt = self.try_dataset(i)  # "on openwebtext": that dataset's training tokens (knowledge/datasets.csv)
            if nxt is None:
                nxt = self.try_named_card(i)  # "zephyr-x 9000 gpu": a card name the KB lacks, never a model
            if nxt is None:
                nxt = self.try_model(i)
            if nxt is None:
                nxt = self.try_unknown_family(i)  # "minimax m2", "ltx video": a model the KB does not hold
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
                    after = self.tt[i + used] if i + used < n else ""  # "does that change", "the gpu count"
                    if kind == "PRONOUN" and after in self.lex.listed("pronoun_not_before"):
                        kind = "FILLER"
                    if kind == "PRONOUN" and self._not_a_card(i, meanings.get("PRONOUN")):
                        kind = "FILLER"  # "a setup that gives me 48 gigs", "a pc build ..., what gpu goes in it"
                    if kind == "PRONOUN" and self._both_cards(i, used):
                        kind, meanings = "COUNT", {"COUNT": 2}  # "limit both my 3090s to 280w": two of them
                    if kind == "PRECISION" and self._negated(i):
                        # "不量化fp16", "no quantization": not that precision; no quantization = the weights as released
                        quant = str(meanings.get("PRECISION", "")).startswith(("int", "q"))
                        kind, meanings = ("UNQUANTIZED" if quant else "FILLER"), {}
                    if kind in ("WORKLOAD", "MODE") and self._negated(i):
                        kind = "FILLER"  # "只用来跑70b 不训练", "no training, just inference": not that work
                    if kind in ("CONDITION", "VENDOR") and not self._why_before(i) and self._negated(i):
                        # "no used cards", "不要二手": new only; "not nvidia", "不要n卡": the other makers
                        kind, meanings = _not_this(kind, meanings, self.lex)
                    if kind == "FILLER" or (kind in ("PER",) and len(meanings) > 1):
                        if self.tt[i] in COSTS_WORDS:
                            self.add("FILLER", True, i, i + used, meanings)
                        nxt = i + used
                    else:
                        val = meanings.get(kind, True)
                        nxt = self.add(kind, val, i, i + used, meanings)
            if nxt is None:
                if self.toks[i].kind == "num":
                    v = number_or_none(self.tt[i])
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
        self.tags = ram_sizes(self.tags)  # "3060 12gb and 32gb ddr4": the computer's memory, not a 32 GB card
        self.tags = session_usage(self.tags, self.text, self.lex)  # "i train twice a month": hours a week
        self.tags = size_ranges(self.tags, self.text, self.lex)  # "14b-32b models": the top of the range, said
        self.tags = round_the_clock(self.tags, self.text, self.lex)  # "24小时挂机": all the time, not a 24-hour job
        self.tags = idle_time(self.tags, self.text, self.lex)  # "idles 24/7, 4h of load a day": on, not in use
        self.tags = temperatures(self.tags, self.text, self.lex)  # "90度正常吗", "is 85c normal": °C, not a rate
        self.tags = vague_amounts(self.tags, self.text, self.lex)  # "几百块", "两千多": a range, its middle, said
        self.tags = hourly_rates(self.tags, self.text, self.lex)  # "0.4 an hour", "一小时两块": a rent per hour
        self.tags = shared_units(self.tags, self.text, self.lex)  # "from 350 to 250w": both watts, no price
        self.tags = asked_supplies(self.tags, self.text, self.lex)  # "850w enough for a 5090?": the PSU asked about
        self.tags = counted_not_budget(self.tags, self.text, self.lex)  # "主板只有一个pcie x16": no budget of ¥1
        self.tags = counted_numbers(self.tags, self.text, self.lex)  # "1500 sdxl images", "at 30 steps": no money
        self.tags = item_prices(self.tags, self.text, self.lex)  # "nvlink bridge ($100)": the bridge's, no card's
        self.tags = prices_after_cards(self.tags, self.text, self.lex.listed("card_each"))
        self.tags = equal_said(
            self.tags, self.text, self.lex
        )  # "电费都一样": the same for both, no cost asked  # "二手4080s 6000": its price, not a Quadro RTX 6000
        self.tags = coming_numbers(self.tags, self.text, self.lex, self.index)  # "6090出来之前": a card, no price
        self.tags = clock_ranges(self.tags, self.text, self.lex)  # "晚上11点到早上7点": 8 hours a day
        self.tags = card_hours(self.tags, self.text, self.lex)  # "300个a100小时": GPU-hours of that card, not 300 cards
        self.tags = vendor_ones(self.tags, self.text)  # "8 of the amd ones": the AMD cards talked about
        self.tags = excluded_sizes(self.tags, self.text, self.lex)  # "what else besides 7b models": no size asked
        self.sized_families()  # "32b的qwen", "70b llama 3.1": a size stated apart from the family's name
        self.vague_families()  # "worth it for llama stuff": local LLMs in general, not one Llama
        self.instance_names()  # "阿里云gn7i a10": the cloud's instance type, not a second GPU
        self.named_again()  # "4060 ti 16gb vs 4070, is the 4060 ti worth it": the card already named
        self.numbered_devices()  # "amd 395 128g": the one device carrying the numbers typed
        self.said_twice()  # "strix halo laptop (asus flow z13 128gb)": one device named twice in a row
        self.tags = laptop_for_all(self.tags, self.text, self.lex, self.index)  # "笔记本买4060还是4070": both laptops
        self.tags = integrated_parts(self.tags, self.text, self.lex, self.index)  # "核显780m": the Radeon 780M
        # "24小时开机 每天只训练4小时": on all week, under load for the hours said (said_amounts.powered_and_load)
        return powered_and_load(_stated_hours_first(self._post()), self.text, self.lex), self.unknown

    def _negated(self, i: int) -> bool:
        """A negation word (lexicon [lists] negations) right before token i, with only words of [lists] negation_gap
        between ("不量化", "不做量化", "no quantization"): the negation and anything tagged from it are dropped."""
        before = self.text[: self.toks[i].start].rstrip()
        for gap in sorted(self.lex.listed("negation_gap"), key=len, reverse=True):
            if before.endswith(gap):
                before = before[: -len(gap)].rstrip()
                break
        neg = next((w for w in self.lex.listed("negations") if before.endswith(w)), None)
        if neg is None or (neg.isascii() and before[: -len(neg)][-1:].isalnum()):
            return False
        cut = len(before) - len(neg)
        while self.tags and self.tags[-1].start >= cut:
            self.tags.pop()
        while self._unknown_toks and self.toks[self._unknown_toks[-1]].start >= cut:
            self._unknown_toks.pop()
            self.unknown.pop()
        return True

    def _why_before(self, i: int) -> bool:
        """A why word shortly before token i ("why not amd", "为啥不用a卡"): a question about that choice."""
        before = f" {self.text[max(0, self.toks[i].start - 16) : self.toks[i].start].lower()} "
        return any(w in before for w in self.lex.listed("why_words"))

    def _both_cards(self, i: int, used: int) -> bool:
        """ "both my 3090s", "both of the 4090s": a word of [lists] both_words right before a GPU (with "my" / "the" /
        "of" between) counts two of it."""
        if self.tt[i] not in self.lex.listed("both_words"):
            return False
        j = i + used
        while j < len(self.tt) and j - i - used < 2 and self.tt[j] in ("my", "the", "of", "these", "those"):
            j += 1
        if j >= len(self.tt) or not self.gpu_start(j):
            return False
        # a plural name ("both my 3090s") or "of" ("both of the 4090"); "both 4090 and 3090" names a pair
        return "of" in self.tt[i + used : j] or bool(re.match(r"\S*\d+\s?s\b", self.text[self.toks[j].start :]))

    def _not_a_card(self, i: int, pronoun: object) -> bool:
        """The pronoun at token i stands for no GPU: "each" right after a quantity ("1k tokens each") or a
        card word ("one gpu each"), "that" right
        after a noun it describes (lexicon relative_heads: "setup that gives me", "a card that runs"), or "it" after a
        machine named with no GPU before it (machine_words: "need a pc build ..., what gpu should i put in it"), "it"
        in "if it's slow" (if_it_speed: the run's speed, not a card), or an
        English word glued to a Chinese one ("公司给IT部门两台机器的预算")."""
        nxt = self.toks[i + 1] if i + 1 < len(self.toks) else None
        if self.tt[i].isascii() and nxt is not None and nxt.glued and nxt.kind == "cjk":
            return True  # "IT部门", "it行业": an English word inside a Chinese word, never the card talked about
        if i == 0:
            return False
        last = self.tags[-1] if self.tags else None
        if self.tt[i] == "each" and last is not None and last.end == self.toks[i - 1].end and last.kind in _AMOUNTS:
            return True  # "1k tokens each", "$800 each": each of the things counted, not the GPUs
        if self.tt[i] == "each" and last is not None and last.end == self.toks[i - 1].end and last.kind == "GPU_WORD":
            return True  # "4 workstations, one gpu each": a card in each of the machines, not the cards talked about
        if self.tt[i] == "each" and self.tt[i - 1] in ("in", "into", "per"):
            return True  # "single gpu in each": in each of the machines
        if pronoun == "other" and i + 1 < len(self.tt) and self.tt[i + 1] == "than":
            return True  # "what can i run other than 8b models": no other card
        if pronoun in ("that", "this") and i + 1 < len(self.tt) and self.tt[i + 1] in self.lex.listed("use_nouns"):
            return True  # "rent or buy at that rate", "that often": the use said, not a card
        if pronoun in ("this", "that", "it") and self.tt[i - 1] in self.lex.listed("job_verbs"):
            return True  # "i'd do this about 4 times a month": the job done, not a card
        if pronoun == "that" and self.tt[i - 1] in self.lex.listed("relative_heads"):
            return i + 1 < len(self.tt) and self.toks[i + 1].kind == "word"
        if pronoun == "it" and self.tt[i - 1] == "if" and set(self.tt[i + 1 : i + 5]) & self.lex.listed("if_it_speed"):
            return True  # "don't care if it's slow", "even if it is like 2 t/s": the run's speed, not a card
        if pronoun != "it" or any(t.kind == "GPU" for t in self.tags):
            return False
        if self._model_subject(i):
            return True  # "gpt-oss 20b on a 16gb card, will it fit": "it" is the model named before
        return any(w in self.lex.listed("machine_words") for w in self.tt[:i])

    def _model_subject(self, i: int) -> bool:
        """ "it" right before a verb of [lists] model_subject_verbs ("will it fit", "can it run") after a model named
        with no GPU before it: the model is what fits or runs, not a card of an earlier answer."""
        nxt = self.tt[i + 1] if i + 1 < len(self.tt) else ""
        return nxt in self.lex.listed("model_subject_verbs") and any(t.kind == "MODEL" for t in self.tags)

    def _post(self) -> list[Tag]:
        out: list[Tag] = []
        for k, t in enumerate(self.tags):
            nxt = self.tags[k + 1] if k + 1 < len(self.tags) else None
            back = (
                next((k for k in range(len(out) - 1, max(len(out) - 6, -1), -1) if out[k].kind == "PERIOD"), None)
                if t.kind == "HOURS" and "total" in t.mapping()
                else None
            )
            if back is not None and all(
                # "每周租autodl的3090十个小时", "每天跑sdxl八小时": the rent, the cloud, the card or the model
                # between the period and its hours
                x.kind
                in ("FIT", "ON", "QUESTION", "SET", "GPU_WORD", "MODE", "WORKLOAD", "RENT", "GPU", "COUNT", "MODEL")
                for x in out[back + 1 :]
            ):
                per = out.pop(back)  # 每周(用)10小时, 一天跑8小时
                mult = {"week": 1.0, "day": 7.0, "month": 12.0 / 52.0}.get(per.word(), 1.0)
                # "周末用 每天10小时": hours a day, so a usage pattern's days count them (2 weekend days: 20 a week)
                daily = {"per_day": t.mapping()["total"]} if per.word() == "day" else {}
                daily |= {"gpu_hours": True} if t.mapping().get("gpu_hours") else {}  # "每个月300个GPU小时"
                t = Tag(
                    "HOURS",
                    {"per_week": t.mapping()["total"] * mult} | daily,
                    per.text + t.text,
                    per.start,
                    t.end,
                    t.meanings,
                )
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


def _stated_hours_first(tags: list[Tag]) -> list[Tag]:
    """Hours a usage pattern assumes ("every evening": 3 a day) give way to hours the question states ("每天就晚上跑三四
    个小时": 4 a day); hours stated alone are per day of the pattern ("every evening for 2 hours": 14 a week)."""
    hours = [t for t in tags if t.kind == "HOURS"]
    assumed = [t for t in hours if t.mapping().get("assumed")]
    if not assumed or len(assumed) == len(hours):
        return tags
    counted = [t for t in assumed if t.mapping().get("days") and any(c.isdigit() for c in t.text)]
    pattern = (counted or assumed)[0].mapping()  # "every night ~8h, 5 nights a week": the days counted, 5
    days = pattern.get("days") or (
        pattern["per_week"] / pattern["each"] if pattern.get("per_week") and pattern.get("each") else None
    )
    if not days:  # a pattern with no days to count ("几个小时", a few hours) has no per-day hours to give way to
        return tags
    out = []
    for t in tags:
        m = t.mapping() if t.kind == "HOURS" else {}
        if m.get("assumed"):
            continue
        each = m.get("per_day") if pattern["assumed"] != "evenings" else None  # "8 hrs a day weekdays only"
        each = each or (m.get("total") if not m.get("span") else None)  # "every evening for 2 hours"
        if each and 0 < each <= 24 and pattern["assumed"] != "few":
            # the tag spans the pattern's words too ("每周末用12小时"), so no period is read inside them ("每周")
            start, end = min(assumed[0].start, t.start), max(assumed[0].end, t.end)
            t = Tag("HOURS", {"per_week": each * days}, t.text, start, end, t.meanings)
        out.append(t)
    return out


def tag(toks: list[Tok], text: str, index: NameIndex, lex: Lexicon) -> tuple[list[Tag], list[str]]:
    tags, unknown = _Tagger(toks, text, index, lex).run()
    tags = adapters_tagged(_named_again(tags, text), text, lex, index.model_kind)  # "sdxl + 2 controlnets"
    return _per_card_dropped(_feature_pronoun_dropped(tags)), adapter_words_known(tags, unknown, lex)


def _per_card_dropped(tags: list[Tag]) -> list[Tag]:
    """ "多少钱一张", "how much each": one card right after a price asked is the unit the price is for, not a count
    of cards (the cards talked about are still the ones priced)."""
    return [
        t
        for k, t in enumerate(tags)
        if not (
            t.kind == "COUNT" and t.value == 1 and k and tags[k - 1].kind == "FIELD" and tags[k - 1].value == "price"
        )
    ]


def _feature_pronoun_dropped(tags: list[Tag]) -> list[Tag]:
    """ "does llama.cpp use tensor cores or is that only a pytorch thing", "what is memory bandwidth and why does
    everyone care about it": a pronoun in a clause joined by "or" or asking why / what after a feature (FIELD) named,
    with no card or memory size before it, stands for that feature, not a card: dropped."""
    field_at = next((i for i, t in enumerate(tags) if t.kind == "FIELD"), None)
    if field_at is None:
        return tags

    def of_feature(i: int, t: Tag) -> bool:
        return (
            t.kind == "PRONOUN"
            and i > field_at
            and any(u.kind in ("OR", "WHY", "EXPLAIN") for u in tags[field_at:i])
            and not any(u.kind in ("GPU", "MEMORY", "MODEL") for u in tags[:i])
        )

    return [t for i, t in enumerate(tags) if not of_feature(i, t)]


_THE_BEFORE = re.compile(r"\bthe\s+$")
_CLAUSE_BREAK = re.compile(r"[,;.?!，；。？！]")


def _named_again(tags: list[Tag], text: str) -> list[Tag]:
    """ "why buy a 4070 ti super over a 4080 super for ai, the 4080 is faster right?": a card named again in a later
    clause as "the" and the shorter name of a card already named (RTX 4080 of RTX 4080 SUPER) is that card, not a
    third one. Cards set side by side in one clause ("4080 super vs 4080") stay two."""
    named: list[Tag] = []
    out: list[Tag] = []
    for t in tags:
        if t.kind == "GPU" and isinstance(t.value, GpuMatch) and t.value.status == "ok" and t.value.name:
            short = t.value.name
            own = any(p.gpu_match().name == short for p in named)  # "4090d vs 4090 ..., is the 4090 worth it": itself
            before = (
                None
                if own
                else next(
                    (
                        p
                        for p in named
                        if p.gpu_match().name
                        and str(p.gpu_match().name).startswith(short + " ")
                        and _THE_BEFORE.search(text[: t.start].lower())
                        and _CLAUSE_BREAK.search(text[p.end : t.start])
                    ),
                    None,
                )
            )
            if before is not None:
                t = dataclasses.replace(t, value=dataclasses.replace(t.value, name=before.gpu_match().name))
            named.append(t)
        out.append(t)
    return out


__all__ = ["Tag", "tag", "GpuMatch", "ModelMatch"]


def _not_this(kind: str, meanings: dict, lex: Lexicon) -> tuple[str, dict]:
    """A condition or a maker said after a negation: the other condition ("no used" -> new), the other makers ("not
    nvidia" -> the makers of lexicon list other_vendors_of_<maker>); a FILLER when there is no other."""
    value = str(meanings.get(kind, ""))
    other = (
        {"used": "new", "new": "used"}.get(value)
        if kind == "CONDITION"
        else ",".join(lex.listed(f"vendors_but_{value}"))
    )
    return (kind, {kind: other}) if other else ("FILLER", {})
