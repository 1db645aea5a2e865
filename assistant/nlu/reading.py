"""The slots of one tagged question, read once and shared by every intent reader.

Contract: `Reading(bag, index, lex)` answers slot questions about the question — its GPU references (`gpu_refs`,
`explicit`), workload, precision, fine-tuning mode, model, money and its currency, hours, GPU count, comparison
aspect, spec fields, months — without deciding the intent. Values are computed on first use and cached. The intent
readers in `assistant.nlu.intents` decide; this module only reads.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar, cast

from assistant.nlu import pronoun_refs
from assistant.nlu.bag import Bag, Ref
from assistant.nlu.index import NameIndex
from assistant.nlu.lexicon import Lexicon
from assistant.nlu.precision_ask import precision_in_ask
from assistant.nlu.reading_watts import WattsReading
from assistant.nlu.tagger import Tag
from assistant.nlu.tagging.said_amounts import ram_word_before
from assistant.queries import GpuRef, ModelRef

if TYPE_CHECKING:
    from assistant.nlu.form import Form

T = TypeVar("T")


class Reading(WattsReading):
    def __init__(self, bag: Bag, index: NameIndex, lex: Lexicon):
        self.b, self.index, self.lex = bag, index, lex
        self.text = bag.text
        self._once: dict[str, object] = {}

    def once(self, key: str, compute: Callable[[], T]) -> T:
        """A value of this question that an intent module computes, computed once whichever reader asks first
        (`settings.settings_of` is asked by several readers of every question)."""
        if key not in self._once:
            self._once[key] = compute()
        return self._once[key]  # type: ignore[return-value]  # what `compute` gave (no typing.cast call: 180k a chat)

    # GPUs -----------------------------------------------------------------------------------
    @cached_property
    def refs(self) -> list[GpuRef]:
        """GPU references in text order; a pronoun counts only where no GPU is named, or inside a pair."""
        b = self.b
        named = [r for r in b.refs if r.tag.kind == "GPU"]
        in_struct = {id(r) for s in b.structs for r in s.refs if len(s.refs) > 1}
        out: list[GpuRef] = []
        seen_pron = set()
        for r in b.refs:
            t = r.tag
            if t.kind == "PRONOUN":
                if named and id(r) not in in_struct:
                    continue
                if named and self._own_card(t):
                    continue  # "should i add a second 3060 or sell it": "it" is the card named before
                if named and self._named_before_outside(r):
                    continue  # "7900 xtx for flux, how bad is it compared to a 4090": "it" is the 7900 XTX
                if pronoun_refs.no_gpu(b, self.lex, t, bool(named)):
                    continue  # "a card under 500 that can run 13b", "kimi k2 locally, is that even possible"
                if t.value in seen_pron and t.value in ("it", "them", "that"):
                    continue
                seen_pron.add(t.value)
            out.append(gpu_ref(r))
        return self._added_cards(out)

    def _added_cards(self, refs: list[GpuRef]) -> list[GpuRef]:
        """A card named again after "a second" / "a third" / "another" (lexicon scale_second ... scale_more) once it was
        named as one's own ("i have a 3060, should i add a second 3060 or ..."): one reference, counted 2 (3, or one
        more than owned), where the first mention stood."""
        out = list(refs)
        for k, ref in enumerate(refs):
            earlier = next((i for i, e in enumerate(out[:k]) if e.name and e.name == ref.name and e is not ref), None)
            if earlier is None or ref.pronoun is not None:
                continue
            seen = sum(1 for e in refs[:k] if e.mention == ref.mention)
            added = self._ordinal_before(ref.mention, seen, out[earlier].count, ref.count)
            if added is not None:
                out[earlier] = dataclasses.replace(out[earlier], count=added)
                out = [e for e in out if e is not ref]
        return out

    def _ordinal_before(self, mention: str, seen: int, owned: int, more: int = 1) -> int | None:
        """How many cards "a second <mention>" / "another <mention>" (its mention after `seen` earlier ones with the
        same text) makes: 2, 3, 4 or owned + 1; "with 3 other <mention>s" (`more` counted): owned + more; None
        without such words."""
        b = self.b
        tags = [t for t in b.tags if t.kind == "GPU" and t.text == mention]
        tag = tags[seen] if seen < len(tags) else None
        at = b.toks_pos.index(tag.start) if tag is not None and tag.start in b.toks_pos else 0
        before = f" {' '.join(b.toks[max(0, at - 3) : at])} "
        # Chinese words are read on the text itself ("再加一张3060": the tokens are single characters)
        head = self.text.lower()[: tag.start].rstrip() if tag is not None else ""

        def said_before(name: str) -> bool:
            words = self.lex.listed(name)
            return any(before.endswith(f" {w} ") if w.isascii() else head.endswith(w) for w in words)

        for name, n in (("scale_fourth", 4), ("scale_third", 3), ("scale_second", 2)):
            if said_before(name):
                return n
        if said_before("scale_more"):
            return owned + 1
        if said_before("scale_others"):  # "a 4090 in a server with 3 other 4090s": four of them
            counted = more if more > 1 else _count_before(before.split()[:-1])
            return owned + counted if counted else None
        return None

    def counted_them(self) -> list[GpuRef]:
        """The GPUs "two of them" stands for in a question that names none: a pronoun counted N times (the
        dialogue fills in which GPU); [] without such a phrase."""
        co = self.b.struct("count_of")
        if co is None or self.explicit:
            return []
        pron = next((t for t in co.parts if isinstance(t, Tag) and t.kind == "PRONOUN"), None)
        count = self.total_count()
        if pron is None or not count:
            return []
        return [GpuRef(mention=pron.text, pronoun=pron.word(), count=count)]

    def _named_before_outside(self, pronoun: Ref) -> bool:
        """A singular "it" inside a pair ("it compared to a 4090", "it vs the 3090") after a GPU named earlier in the
        same question outside that pair: the pronoun is that GPU (already among the references)."""
        if pronoun.tag.value != "it":
            return False
        pair = next((s for s in self.b.structs if any(x is pronoun for x in s.refs)), None)
        inside = {id(x.tag) for x in pair.refs} if pair is not None else set()
        before = [t for t in self.b.tags if t.kind == "GPU" and t.start < pronoun.tag.start]
        return pronoun_refs.the_one_card(self.b, before) or any(id(t) not in inside for t in before)

    def _own_card(self, pronoun: Tag) -> bool:
        """A pronoun right after a verb for what one does with a card one has ("sell it", "keeping it", lexicon
        own_card_verbs) after a GPU is named: that GPU, not one talked about before."""
        b = self.b
        at = next((i for i, pos in enumerate(b.toks_pos) if pos == pronoun.start), None)
        named_before = any(t.kind == "GPU" and t.start < pronoun.start for t in b.tags)
        if not at or not named_before:
            return False
        return b.toks[at - 1].lower() in self.lex.listed("own_card_verbs")

    @cached_property
    def explicit(self) -> list[GpuRef]:
        """The GPUs named in so many words (no pronouns)."""
        return [r for r in self.refs if r.pronoun is None]

    def total_count(self) -> int | None:
        """How many GPUs the question is about: "two 3090s", "two of them", "2x", "四卡", "3 gpus"."""
        counts = [r.count for r in self.refs if r.count and r.count > 1]
        if counts:
            return counts[0]
        co = self.b.struct("count_of")
        if co is not None:
            nums = [t.value for t in co.parts if t.kind in ("COUNT", "NUMBER")]
            if nums:
                return int(nums[0])
        counted = [int(t.value) for t in self.b.kinds.get("COUNT", []) if isinstance(t.value, (int, float))]
        if counted:  # "mi50 一张五六百 插四张": 一张 says each card's price, 四张 the count
            return next((c for c in counted if c > 1), counted[0]) or None
        tags = self.b.tags
        for k in range(len(tags) - 1):
            if tags[k].kind == "NUMBER" and tags[k + 1].kind == "GPU_WORD":
                try:
                    v = int(tags[k].number())
                except (TypeError, ValueError, OverflowError):
                    continue
                if 1 <= v <= 1024:
                    return v
        return None

    # the workload ---------------------------------------------------------------------------
    @cached_property
    def model(self) -> ModelRef | None:
        t = self.b.kinds.get("MODEL")
        if not t:
            return None
        m = t[0].model_match()
        return ModelRef(mention=t[0].text, key=m.key or "")

    def heaviest_model(self) -> ModelRef | None:
        """Of several models of one kind named ("跑sdxl和flux出图"), the one with the most parameters: a card chosen
        for all of them must hold that one. Otherwise the model (the first named)."""
        found = [t.model_match() for t in self.b.kinds.get("MODEL", [])]
        keys = [m.key for m in found if m.key]
        kinds = {self.index.model_kind(k) for k in keys}
        if len(keys) < 2 or len(keys) != len(found) or len(kinds) != 1:
            return self.model
        key = max(keys, key=self.index.model_params)
        t = next(t for t in self.b.kinds["MODEL"] if t.model_match().key == key)
        return ModelRef(mention=t.text, key=key)

    def other_kind_models(self, chosen: ModelRef | None) -> tuple[ModelRef, ...]:
        """Models named beside `chosen` of another kind ("whisper large-v3 + some sdxl"): a card picked for all of
        them must hold each, and sizes of different kinds are not compared by parameters (respond/recommend_need)."""
        found = [(t, t.model_match().key) for t in self.b.kinds.get("MODEL", [])]
        keyed = [(t, key) for t, key in found if key]
        if chosen is None or len(found) < 2 or len(keyed) != len(found):
            return ()
        if len({self.index.model_kind(key) for _, key in keyed}) < 2:
            return ()
        out, seen = [], {chosen.key}
        for t, key in keyed:
            if key not in seen:
                seen.add(key)
                out.append(ModelRef(mention=t.text, key=key))
        return tuple(out)

    @cached_property
    def workload(self) -> str | None:
        w = self.b.meaning("WORKLOAD")
        found = self.b.meanings.get("WORKLOAD", [])
        vision = "training" in found and self.lex.words_in("vision_training_words", f" {self.b.text.lower()} ")
        if "llm_inference" in found and ("training" in found or "llm_finetune" in found) and not vision:
            w = "llm_finetune"  # 训练 + 大模型, "train an llm"; "training small cnns + some llm inference": training
        image_training = "training" in found or "llm_finetune" in found or self.mode() != "inference"
        if "image_generation" in found and "llm_inference" not in found and image_training:
            w = "training"  # "a rig for stable diffusion training", "跑图和训lora": training image models
        m = self.model
        if m is not None and w == "llm_finetune" and self.index.model_kind(m.key) == "image":
            w = "training"  # "sdxl lora training": a LoRA of an image model, not of an LLM
        if w in (None, "training", "inference") and m is not None:
            kind = self.index.model_kind(m.key) if m.key else self.index.family_kind(m.mention)  # "for llama"
            if kind == "llm":
                if w == "training" or self.mode() != "inference":
                    return "llm_finetune"
                return "llm_inference"
            if kind == "image":  # "best gpu for sdxl training": training a diffusion model, not generating images
                return "training" if w == "training" and self.mode() != "inference" else "image_generation"
        # "部署个本地知识库": a knowledge base is an LLM's; "a dual 3090 rig for 70b inference": so is a model size
        sized = "llm_inference" in found or (m is None and self.b.has("PARAMS") and not self.b.has("UNKNOWN_MODEL"))
        return "llm_inference" if w == "inference" and sized else w

    @property
    def precision(self) -> str | None:
        return None if precision_in_ask(self) else self.b.meaning("PRECISION")  # "用什么量化" says none

    def mode(self) -> str:
        modes = self.b.meanings.get("MODE", [])
        for m in ("qlora", "lora", "full_finetune"):
            if m in modes:
                return m
        return "inference"

    # numbers --------------------------------------------------------------------------------
    def num(self, kind: str):
        return self.b.first(kind)

    def money(self) -> float | None:
        """The amount of money asked about; "my budget is 1500" (a bare number after "budget") counts."""
        found = self.b.first("MONEY")
        if found is None and self.b.has("BUDGET") and self.b.has("NUMBER"):
            try:
                value = float(self.b.first("NUMBER"))
            except (TypeError, ValueError):
                return None
            return value if value >= 50 or value < 0 else None  # "budget -5": refused with a message, not dropped
        return self._range_top(found)

    def _range_top(self, amount):
        """ "预算一万五到两万", "$800-1000": the top of a range that starts with the amount found."""
        tags = self.b.tags
        k = next((k for k, t in enumerate(tags) if t.kind == "MONEY"), None)
        if k is None or k + 1 >= len(tags) or tags[k + 1].kind not in ("NUMBER", "MONEY"):
            return amount
        if self.text[tags[k].end : tags[k + 1].start].strip() not in self.lex.listed("range_words"):
            return amount
        try:
            return max(float(amount), float(tags[k + 1].value))
        except (TypeError, ValueError):
            return amount

    def currency(self, kind: str = "MONEY") -> str | None:
        """Currency of the first `kind` tag: "USD" when the amount names dollars ("$800", "800刀"),
        None when it names no currency and the question's language means dollars; an amount
        without a unit in a language whose currency is another ("预算一万", "电价0.6") is in that
        currency (i18n.currency)."""
        got = self.b.kinds.get(kind)
        if not got:
            return None
        cur = got[0].meanings.get("CURRENCY")
        if cur is None and self.lex.words_in("dollar_marks", got[0].text):
            cur = "USD"
        return cur or self.unnamed_currency()

    def unnamed_currency(self) -> str | None:
        """The currency of an amount without a unit: nlu/local_dollars.unnamed (None for dollars)."""
        from assistant.nlu.local_dollars import unnamed

        return unnamed(self)

    def hours(self) -> tuple[float | None, float | None]:
        """(hours per week, total hours) the question names."""
        h = self.b.first("HOURS")
        if not h:
            return None, None
        return h.get("per_week"), h.get("total")

    def system_ram(self) -> float | None:
        """GB of system RAM the question states next to a named GPU or a VRAM amount: an amount named as
        RAM, not VRAM ("with 128gb ram", "96 gb of ddr5", "64g内存"; lexicon [lists] system_ram_words).
        Alone ("16gb ram enough for llama 8b?") the amount stays the memory asked about."""
        tag = self.system_ram_tag()
        return cast(float, tag.value) if tag is not None else None

    def vram(self) -> float | None:
        """The memory amount asked about that is not system RAM ("on 16gb vram and 64gb ram" -> 16)."""
        ram = self.system_ram_tag()
        return next((cast(float, t.value) for t in self.b.kinds.get("MEMORY", []) if t is not ram), None)

    def system_ram_tag(self, alone: bool = False) -> Tag | None:  # with `alone`, also with no GPU or other amount
        b = self.b
        if not (alone or b.has("GPU") or len(b.kinds.get("MEMORY", [])) > 1):
            return None
        words = self.lex.listed("system_ram_words")
        text = b.text.lower()
        for t in b.kinds.get("MEMORY", []):
            own, rest = t.text.lower(), text[t.end :].lstrip()
            if "vram" in own or "显存" in own:
                continue
            if any(own.endswith(w) or rest.startswith(w) and not rest[len(w) : len(w) + 1].isalnum() for w in words):
                return t
            if ram_word_before(b.text.lower(), t.start, self.lex):  # "内存512g", "ram: 64gb"
                return t
        return None

    def months(self) -> float | None:
        m = self.num("MONTHS")
        if m is None and self.b.has("YEARS"):
            return float(self.b.first("YEARS")) * 12
        return m

    # what is asked about the GPUs -----------------------------------------------------------
    def aspect(self) -> str | None:
        b = self.b
        if b.has("FASTER", "SPEED") or "speed" in b.meanings.get("ASPECT", []):
            return "speed"
        if b.has("VALUE") or "value" in b.meanings.get("ASPECT", []):
            return "value"
        if "memory" in b.meanings.get("ASPECT", []) or (b.has("MORE") and "memory" in b.meanings.get("FIELD", [])):
            return "memory"
        return None

    def fields(self) -> tuple[str, ...]:
        out = []
        for f in self.field_values():
            if f not in out and not (
                f == "speed" and len(self.b.meanings.get("FIELD", [])) > 1 and not self.b.has("FASTER")
            ):
                out.append(f)
        from assistant.nlu.form import asked_fields

        out += [f for f in asked_fields(self) if f not in out]  # "is the 5060 ti single slot": the slot width asked
        if self.b.has("SPEC") and "all" not in out and not out:
            out.append("all")
        if "msrp" in out and "price" in out:  # "msrp of the 5090 and what it goes for now": the launch-price answer
            out.remove("price")  # gives today's street price as well
        return tuple(out)

    def field_values(self) -> list:
        """The spec fields asked, without "year" in a period ("how much per year", "a year"): no release date."""
        b, per = self.b, self.lex.listed("period_before")
        out = []
        for t in b.tags:
            if "FIELD" not in t.meanings and t.kind != "FIELD":
                continue
            k = b.toks_pos.index(t.start) if t.start in b.toks_pos else 0
            if "YEARS_WORD" in t.meanings and k > 0 and b.toks[k - 1] in per:
                continue
            out.append(t.meanings["FIELD"] if "FIELD" in t.meanings else t.value)
        return out

    def rate_tags(self) -> tuple[Tag, Tag] | None:
        """(electricity word, amount) when an amount right after an electricity word states a rate
        ("electricity is 0.12 here", "一度电5毛"); not a count of GPUs ("electricity for 4 3090s")."""
        tags = self.b.tags
        for k in range(len(tags) - 1):
            word, amount = tags[k], tags[k + 1]
            after = tags[k + 2].kind if k + 2 < len(tags) else ""
            count = amount.kind == "NUMBER" and amount.number().is_integer() and 1 <= amount.number() <= 64
            if (
                "ELECTRICITY" in word.meanings
                and amount.kind in ("NUMBER", "MONEY")
                and not (count and after in ("GPU", "GPU_WORD", "PRONOUN", "COUNT"))
            ):
                return word, amount
        return self._loose_rate()

    def _loose_rate(self) -> tuple[Tag, Tag] | None:
        """ "electricity cost of 2x 4090 running 12h a day at 0.15": in a question about electricity or
        running costs, an amount elsewhere that can only be a rate (a decimal below 2, or a number after
        "at" / "@" below 100, read as cents) is the rate; not a count, a price ("at $700") or a size."""
        b = self.b
        word = next((t for t in b.tags if "ELECTRICITY" in t.meanings or t.kind == "COST"), None)
        if word is None and b.has("HOW_MUCH") and (b.has("FIT") or self.form.figure == "bill"):
            word = b.kinds["HOW_MUCH"][0]  # "how much per year to run a 4090 @ 0.12", "how much a month in power"
        if word is None or b.has("MONEY", "BUDGET") and not b.means("ELECTRICITY"):
            return None
        tags = b.tags
        for k, t in enumerate(tags):
            after = tags[k + 1].kind if k + 1 < len(tags) else ""
            if t.kind not in ("NUMBER", "MONEY") or after in ("GPU", "GPU_WORD", "PRONOUN", "COUNT"):
                continue
            v = t.value if isinstance(t.value, (int, float)) else 0.0
            if t.kind == "MONEY" and not (0 < v < 2):
                continue  # "$0.30" may be a rate, "$700" is a price
            at = t.start in b.toks_pos and b.toks_pos.index(t.start) > 0 and b.toks[b.toks_pos.index(t.start) - 1]
            if (0 < v < 2 and "." in t.text) or (at in ("at", "@") and 0 < v < 100):
                # with a GPU the cost word still asks its question; alone ("电费0.35") it only states the rate
                return (t, t) if b.has("GPU", "PRONOUN") else (word, t)
        return None

    def boards(self) -> tuple[str, ...]:
        """Board versions typed with a GPU name ("3090涡轮版和公版", "founders edition"; lexicon [lists]
        board_words), in the order typed: the same GPU chip, which the answer says. A word inside a longer one
        found first is not counted again."""
        text = self.text.lower()
        # a word inside a device the KB lacks or inside a GPU's own name ("strix halo") is no board version
        inside = [*self.b.kinds.get("UNCOVERED", []), *self.b.kinds.get("GPU", [])]
        taken: list[tuple[int, int]] = [(t.start, t.end) for t in inside]
        found: list[tuple[int, str]] = []
        for word, _ in self.lex.keyed("board_words"):
            if word not in text:  # most questions name no board version: skip the pattern
                continue
            pattern = rf"(?<![a-z]){re.escape(word)}(?![a-z])" if word.isascii() else re.escape(word)
            for m in re.finditer(pattern, text):
                if not any(a < m.end() and m.start() < b for a, b in taken):
                    taken.append((m.start(), m.end()))
                    found.append((m.start(), word))
        return tuple(dict.fromkeys(w for _, w in sorted(found)))

    def targets(self) -> tuple[tuple[str, float], ...]:
        """Targets stated: users ("并发20个用户"), a speed per user ("每秒30个token"), a power limit per card ("4x 3090s
        limited to 250w each"; "to 70%": power_limit_share 0.7)."""
        from assistant.nlu.two_rates import share_of_stock

        limit = self.card_limit_tag()
        found = (
            ("users", self.b.first("USERS")),
            ("speed", self.b.first("SPEED_TARGET")),
            ("power_limit", limit.number() if limit is not None else None),
            ("power_limit_share", share_of_stock(self) if limit is None else None),
        )
        return tuple((kind, float(v)) for kind, v in found if v is not None)

    def usage_assumed(self) -> tuple[str, float, float] | None:
        """Usage said without its hours ("on weekends", "a few hours every evening"): what was assumed, the hours
        assumed for each day (or for "a few"), and the hours a week read (tagging/usage.py USAGE)."""
        hours = self.b.first("HOURS")
        if not hours or not hours.get("assumed") or not hours.get("per_week"):
            return None
        return str(hours["assumed"]), float(hours["each"]), float(hours["per_week"])

    def size_range(self) -> tuple[float, float] | None:
        """ "14b-32b models": the (low, high) of a range of model sizes (tagging/sizes.size_ranges), or None."""
        for t in self.b.kinds.get("PARAMS", []):
            if "RANGE" in t.meanings:
                lo, hi = t.meanings["RANGE"]
                return float(lo), float(hi)
        return None

    def vague_amount(self) -> tuple[str, float, float, float] | None:
        """ "几百块", "两千多", "a few hundred bucks": (as typed, the middle read, low, high) of the first rough amount
        (tagging/said_amounts.vague_amounts), or None."""
        for t in self.b.tags:
            if t.kind in ("MONEY", "NUMBER") and "VAGUE" in t.meanings:
                low, high = t.meanings["VAGUE"]
                return t.text, t.number(), float(low), float(high)
        return None

    @cached_property
    def form(self) -> Form:
        """The figure asked and the settings that go with it (assistant/nlu/form.py), whatever the wording."""
        from assistant.nlu.form import form_of

        return form_of(self)

    @cached_property
    def spaced_tokens(self) -> str:
        """The tokens joined by single spaces, with a space at each end (a word is found whole as " word ")."""
        return " " + " ".join(self.b.toks) + " "

    def said(self, name: str) -> bool:
        """Does the question use a word of lexicon list `name`? (English words as words, Chinese as text.) Looked up
        once per question and list: the English words as one set against the question's tokens."""
        return self.once(f"uses:{name}", lambda: self.lex.uses(name, self.token_set, self.text, self.spaced_tokens))

    @cached_property
    def token_set(self) -> frozenset[str]:
        return frozenset(self.b.toks)

    def speed_words(self) -> bool:
        """ "why X over Y for (raw) speed": speed asked for in so many words."""
        return any(t.kind == "ASPECT" and t.value == "speed" for t in self.b.tags)


_SMALL = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "两": 2, "三": 3, "四": 4, "五": 5}


def _count_before(words: list[str]) -> int | None:
    """The number just before "other" / "more" ("3 other", "three more"), else None."""
    last = words[-1] if words else ""
    return int(last) if last.isdigit() and 0 < int(last) < 100 else _SMALL.get(last)


def gpu_ref(r: Ref) -> GpuRef:
    """The GpuRef of one grammar reference: a named GPU (resolved or not) or a pronoun."""
    t = r.tag
    if t.kind == "GPU":
        m = t.gpu_match()
        return GpuRef(
            mention=t.text,
            name=m.name if m.status == "ok" else None,
            count=r.count or 1,
            condition=r.condition,
            assumed=m.assumed,
        )
    return GpuRef(
        mention=t.text, pronoun=t.word(), count=r.count or 1, condition=r.condition, count_open=r.count is None
    )
