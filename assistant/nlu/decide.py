"""Decide what a parsed question asks: from the items of the grammar to one typed Query.

Contract: `Bag` holds a question's tags and grammar items; `Decider(bag, index, lexicon).decide()`
picks the intent and builds the frozen Query (or a Clarification); `check(query, bag)` turns
unresolved GPU and model mentions into Clarifications (unknown_gpu / ambiguous_gpu /
unknown_model / ambiguous_model) carrying the `pending` query and the `slot` the candidates
fill. `Ref` and `Struct` are the grammar items `assistant.nlu.parse` produces.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from assistant.nlu import messages as msg
from assistant.nlu.index import GpuMatch, ModelMatch, NameIndex
from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagger import Tag
from assistant.queries import (
    Clarification,
    CompareQuery,
    CostQuery,
    ExplainQuery,
    FitQuery,
    FollowUpQuery,
    GpuRef,
    HelpQuery,
    ModelRef,
    Query,
    RecommendQuery,
    RentOrBuyQuery,
    SetQuery,
    Setting,
    SpecQuery,
)

THANKS = frozenset(
    {
        "thanks",
        "thank",
        "you",
        "thx",
        "ty",
        "cheers",
        "great",
        "cool",
        "ok",
        "okay",
        "nice",
        "perfect",
        "谢谢",
        "多谢",
        "谢啦",
        "感谢",
        "好的",
        "",
        "a",
        "lot",
        "much",
        "so",
    }
)
THANK_WORDS = frozenset({"thanks", "thank", "thx", "ty", "cheers", "谢谢", "多谢", "谢啦", "感谢"})

# concepts on which the reference gives should-I advice, and the words that ask for it
ADVICE_CONCEPTS = frozenset({"nvlink", "power-limit", "12vhpwr", "pcie", "rocm", "multi-gpu-build", "used-gpus"})
ADVICE_WORDS = frozenset(
    {"worth", "need", "needed", "should", "matter", "matters", "necessary", "safe", "值得", "需要", "有必要"}
)

VARIANT_WORDS = {
    "ti": "ti",
    "super": "super",
    "xt": "xt",
    "xtx": "xtx",
    "laptop": "laptop",
    "mobile": "laptop",
    "notebook": "laptop",
    "desktop": "desktop",
    "gre": "gre",
    "d": "d",
    "s": "super",
}


@dataclass
class Ref:
    tag: Tag
    count: int | None = None
    condition: str | None = None


@dataclass
class Struct:
    kind: str  # versus | why | faster | rent_buy | price | count_of
    refs: list = field(default_factory=list)
    parts: list = field(default_factory=list)  # the terminal kinds inside


# items -> bag -------------------------------------------------------------------------------
@dataclass
class Bag:
    text: str
    tags: list[Tag]
    items: list
    unknown: list[str]
    toks: list[str]
    refs: list[Ref] = field(default_factory=list)
    structs: list[Struct] = field(default_factory=list)
    kinds: dict[str, list[Tag]] = field(default_factory=dict)
    meanings: dict[str, list] = field(default_factory=dict)
    lang: str = "en"

    def __post_init__(self):
        for it in self.items:
            if isinstance(it, Struct):
                self.structs.append(it)
                self.refs.extend(it.refs)
            elif isinstance(it, Ref):
                self.refs.append(it)
        for t in self.tags:
            self.kinds.setdefault(t.kind, []).append(t)
            for k, v in t.meanings.items():
                self.meanings.setdefault(k, []).append(v)
            if t.kind not in t.meanings:
                self.meanings.setdefault(t.kind, []).append(t.value)

    def has(self, *kinds: str) -> bool:
        return any(k in self.kinds for k in kinds)

    def means(self, *sections: str) -> bool:
        return any(s in self.meanings for s in sections)

    def first(self, kind: str):
        got = self.kinds.get(kind)
        return got[0].value if got else None

    def meaning(self, section: str):
        got = self.meanings.get(section)
        return got[0] if got else None

    def struct(self, kind: str) -> Struct | None:
        return next((s for s in self.structs if s.kind == kind), None)

    def phrase_in(self, *words: str) -> bool:
        texts = " ".join(t.text for t in self.tags)
        return any(w in texts for w in words)


# the decision -------------------------------------------------------------------------------
class Decider:
    def __init__(self, bag: Bag, index: NameIndex, lex: Lexicon):
        self.b, self.index, self.lex = bag, index, lex

    # pieces ---------------------------------------------------------------------------------
    def gpu_refs(self) -> list[GpuRef]:
        b = self.b
        explicit = [r for r in b.refs if r.tag.kind == "GPU"]
        in_struct = {id(r) for s in b.structs for r in s.refs if len(s.refs) > 1}
        out: list[GpuRef] = []
        seen_pron = set()
        for r in b.refs:
            t = r.tag
            if t.kind == "GPU":
                m: GpuMatch = t.value
                out.append(
                    GpuRef(
                        mention=t.text,
                        name=m.name if m.status == "ok" else None,
                        count=r.count or 1,
                        condition=r.condition,
                        assumed=m.assumed,
                    )
                )
            elif t.kind == "PRONOUN":
                if explicit and id(r) not in in_struct:
                    continue
                if t.value in seen_pron and t.value in ("it", "them", "that"):
                    continue
                seen_pron.add(t.value)
                out.append(GpuRef(mention=t.text, pronoun=t.value, count=r.count or 1, condition=r.condition))
        return out

    def workload(self) -> str | None:
        w = self.b.meaning("WORKLOAD")
        found = self.b.meanings.get("WORKLOAD", [])
        if "llm_inference" in found and ("training" in found or "llm_finetune" in found):
            w = "llm_finetune"  # 训练 + 大模型, "train an llm"
        m = self.model_ref()
        if w in (None, "training", "inference") and m is not None:
            kind = self.index.model_kind(m.key)
            if kind == "llm":
                if w == "training" or self.mode() != "inference":
                    return "llm_finetune"
                return "llm_inference"
            if kind == "image":
                return "image_generation"
        return w

    def precision(self) -> str | None:
        return self.b.meaning("PRECISION")

    def mode(self) -> str:
        modes = self.b.meanings.get("MODE", [])
        for m in ("qlora", "lora", "full_finetune"):
            if m in modes:
                return m
        return "inference"

    def model_ref(self) -> ModelRef | None:
        t = self.b.kinds.get("MODEL")
        if not t:
            return None
        m: ModelMatch = t[0].value
        return ModelRef(mention=t[0].text, key=m.key or "")

    def money(self) -> float | None:
        """The amount of money asked about; "my budget is 1500" (a bare number after "budget") counts."""
        found = self.b.first("MONEY")
        if found is None and self.b.has("BUDGET") and self.b.has("NUMBER"):
            try:
                value = float(self.b.first("NUMBER"))
            except (TypeError, ValueError):
                return None
            return value if value >= 50 else None
        return found

    def currency(self, kind: str = "MONEY") -> str | None:
        """Currency of the first `kind` tag: None for US dollars. A Chinese question's amount without a
        unit ("预算一万", "电价0.6") is in yuan."""
        got = self.b.kinds.get(kind)
        if not got:
            return None
        cur = got[0].meanings.get("CURRENCY")
        if (
            cur is None
            and self.b.lang == "zh"
            and not any(c in got[0].text for c in "$€£")
            and "usd" not in got[0].text
            and "dollar" not in got[0].text
            and "美" not in got[0].text
            and "刀" not in got[0].text
        ):
            cur = "CNY"
        return None if cur == "USD" else cur

    def num(self, kind: str):
        return self.b.first(kind)

    def hours(self) -> tuple[float | None, float | None]:
        h = self.b.first("HOURS")
        if not h:
            return None, None
        return h.get("per_week"), h.get("total")

    def total_count(self, refs: list[GpuRef]) -> int | None:
        counts = [r.count for r in refs if r.count and r.count > 1]
        if counts:
            return counts[0]
        co = self.b.struct("count_of")
        if co is not None:
            nums = [t.value for t in co.parts if t.kind in ("COUNT", "NUMBER")]
            if nums:
                return int(nums[0])
        c = self.b.first("COUNT")
        if c:
            return int(c)
        tags = self.b.tags
        for k in range(len(tags) - 1):
            if tags[k].kind == "NUMBER" and tags[k + 1].kind == "GPU_WORD":
                try:
                    v = int(float(tags[k].value))
                except (TypeError, ValueError, OverflowError):
                    continue
                if 1 <= v <= 1024:
                    return v
        return None

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
        for f in self.b.meanings.get("FIELD", []):
            if f not in out and not (
                f == "speed" and len(self.b.meanings.get("FIELD", [])) > 1 and not self.b.has("FASTER")
            ):
                out.append(f)
        if self.b.has("SPEC") and "all" not in out and not out:
            out.append("all")
        return tuple(out)

    def concept(self) -> str | None:
        tt = self.b.toks
        ex = self.b.kinds.get("EXPLAIN")
        start = 0
        if ex:
            start = next((k for k, t in enumerate(self.b.toks_pos) if t >= ex[0].end), len(tt))
        rest = [
            w
            for w in tt[start:]
            if w
            not in (
                "?",
                "a",
                "an",
                "the",
                "is",
                "are",
                "mean",
                "means",
                "do",
                "does",
                "work",
                "works",
                "gpu",
                "gpus",
                "in",
                "for",
                "please",
                "s",
                "exactly",
                "really",
                "what",
                "me",
                "to",
                "and",
                "why",
                "it",
                "matter",
                "matters",
                "important",
                "explain",
                "deep",
                "learning",
                "ml",
                "ai",
                "a",
                "does",
                "how",
            )
        ]
        for n in range(len(rest), 0, -1):
            for i in range(0, len(rest) - n + 1):
                hit = self.index.concepts.get(" ".join(rest[i : i + n]))
                if hit:
                    return hit
        if ex and start > 0:  # "张量核心是什么", "nvlink 是干嘛的": the concept comes first
            head = tt[: next((k for k, t in enumerate(self.b.toks_pos) if t >= ex[0].start), len(tt))]
            for n in range(min(len(head), 8), 0, -1):
                for i in range(0, len(head) - n + 1):
                    hit = self.index.concepts.get(" ".join(head[i : i + n]))
                    if hit:
                        return hit
        if rest and all(len(w) == 1 and "\u3400" <= w <= "\u9fff" for w in rest):
            return None  # no fuzzy matching of Chinese characters
        return self.index.concept(rest) if rest and len(rest) <= 5 else None

    def domain_words(self) -> bool:
        """Does the question name anything of this domain beyond "what is"? ("what is a frobnicator" is
        concept-like: one unknown term; "what's the weather in Paris tomorrow" is not.)"""
        b = self.b
        if any(t.kind not in ("EXPLAIN", "QUESTION", "FILLER", "PER", "OF", "ON", "AND", "FOLLOW") for t in b.tags):
            return True
        words = [w for w in b.unknown if w.isascii()]
        vocab = getattr(self.index, "concept_words", None)
        if vocab is None:
            vocab = {w for k in self.index.concepts for w in k.split() if len(w) >= 3}
            self.index.concept_words = vocab
        if any(w in vocab for w in b.unknown):
            return True
        return len(b.unknown) == 1 and (len(words) == 1 and len(words[0]) >= 3 or not words)

    # intents --------------------------------------------------------------------------------
    def settings(self) -> list[Setting]:
        b, out = self.b, []
        price = b.struct("price")
        if price is not None and price.refs and any(t.kind in ("MONEY", "NUMBER") for t in price.parts):
            ref = self.gpu_refs_of(price.refs)[0]
            tag = next(t for t in price.parts if t.kind in ("MONEY", "NUMBER"))
            cur = tag.meanings.get("CURRENCY") or ("CNY" if b.lang == "zh" and tag.kind == "NUMBER" else None)
            cur = self.currency("MONEY") if tag.kind == "MONEY" else cur
            out.append(Setting("price_override", float(tag.value), gpu=ref.name, currency=cur))
            self._override_ref = ref
        kwh, kwh_cur = b.first("KWH"), self.currency("KWH")
        if kwh is None and b.means("ELECTRICITY"):
            if b.has("MONEY"):  # a typed amount ("-5 dollars", "0.6元") is taken as typed
                kwh, kwh_cur = b.first("MONEY"), self.currency("MONEY")
            elif b.has("NUMBER"):
                v = b.first("NUMBER")
                kwh = v / 100.0 if v >= 5 else v
                kwh_cur = "CNY" if b.lang == "zh" else None
        if kwh is not None:
            out.append(Setting("electricity_usd_per_kwh", float(kwh), currency=kwh_cur))
        if b.has("FX") and b.has("MONEY", "NUMBER"):
            vals = [(float(t.value), t.meanings.get("CURRENCY")) for t in b.tags if t.kind in ("MONEY", "NUMBER")]
            cny = [v for v, c in vals if c == "CNY"] or [v for v, _ in vals if v > 1] or [v for v, _ in vals]
            usd = [v for v, c in vals if c is None and v != cny[0]]
            rate = cny[0] / usd[0] if usd and usd[0] else cny[0]
            out.append(Setting("cny_per_usd", 1.0 / rate if 0 < rate < 0.5 else rate))
        hours = b.first("HOURS")
        if (
            hours
            and (hours.get("full_time") or (hours.get("per_week") or 0) >= 168)
            and not b.has("UTILIZATION", "PERCENT")
            and not b.has(
                "GPU",
                "MODEL",
                "PARAMS",
                "RECOMMEND",
                "COMPARE",
                "RENT",
                "COST",
                "SPEC",
                "FASTER",
                "VS",
                "WHY",
                "SPEED",
                "VALUE",
                "EXPLAIN",
            )
        ):
            out.append(Setting("utilization", 1.0))  # "we run it 24/7"
        if b.has("CURRENCY") and not b.has("MONEY", "KWH", "RATE", "FX", "NUMBER"):
            out.append(Setting("currency", b.first("CURRENCY")))  # "show prices in yuan", "用人民币"
        if b.has("UTILIZATION") or (b.has("PERCENT") and b.has("SET")):
            v = b.first("PERCENT")
            if v is None and b.has("NUMBER"):
                v = float(b.first("NUMBER"))
                v = v / 100.0 if v > 1 else v
            if v is not None:
                out.append(Setting("utilization", float(v)))
        if b.has("YEARS") and (b.has("SET") or not self.question_like()):
            out.append(Setting("years", float(b.first("YEARS"))))
        if b.has("BUDGET") and self.money() is not None and not b.has("RECOMMEND"):
            out.append(Setting("budget_usd", float(self.money()), currency=self.currency()))
        if b.has("PRICES") or (b.has("SET") and b.has("CONDITION", "DATE")):
            if b.has("DATE"):
                out.append(Setting("snapshot", str(b.first("DATE"))))
            elif "current" in b.toks or "latest" in b.toks or "today" in b.toks:
                out.append(Setting("snapshot", "current"))
            if b.has("CONDITION"):
                out.append(Setting("condition", b.first("CONDITION")))
        elif b.has("SET") and b.has("DATE"):
            out.append(Setting("snapshot", str(b.first("DATE"))))
        return out

    def gpu_refs_of(self, refs: list[Ref]) -> list[GpuRef]:
        out = []
        for r in refs:
            t = r.tag
            if t.kind == "GPU":
                m = t.value
                out.append(
                    GpuRef(
                        mention=t.text,
                        name=m.name if m.status == "ok" else None,
                        count=r.count or 1,
                        condition=r.condition,
                        assumed=m.assumed,
                    )
                )
            else:
                out.append(GpuRef(mention=t.text, pronoun=t.value, count=r.count or 1, condition=r.condition))
        return out

    def advice_concept(self) -> str | None:
        """A should-I question about a hardware practice the reference gives advice on: "is nvlink
        worth it", "should i power limit my 4090", "do I need pcie 4.0" -> that concept."""
        toks = self.b.toks
        if not ADVICE_WORDS.intersection(toks):
            return None
        for n in (3, 2, 1):
            for i in range(len(toks) - n + 1):
                hit = self.index.concepts.get(" ".join(toks[i : i + n]))
                if hit in ADVICE_CONCEPTS:
                    return hit
        return None

    def question_like(self) -> bool:
        b = self.b
        if b.has("COST") and not (b.means("ELECTRICITY") and not b.has("GPU", "PRONOUN")):
            return True
        return b.has(
            "GPU",
            "MODEL",
            "PARAMS",
            "RECOMMEND",
            "COMPARE",
            "FIT",
            "RENT",
            "SPEC",
            "FASTER",
            "VS",
            "WHY",
            "SPEED",
            "VALUE",
            "EXPLAIN",
        )

    def decide(self) -> Query | Clarification:
        b, text = self.b, self.b.text
        refs = self.gpu_refs()
        explicit = [r for r in refs if r.pronoun is None]
        wl, prec, model = self.workload(), self.precision(), self.model_ref()
        words = {w.strip("!.?,~！。") for w in text.lower().split()}
        if THANKS.issuperset(words) and words & THANK_WORDS:
            return HelpQuery(text=text, topic="thanks")  # "thanks!", "谢谢": not a question, a courtesy
        if not b.tags:
            return msg.unparsed(text, b.unknown, [], lang=b.lang)
        if b.has("RESET") and not b.has("GPU", "MODEL"):
            return SetQuery(text=text, settings=(Setting("reset", None),))
        strong = b.has(
            "RECOMMEND",
            "COMPARE",
            "RENT",
            "COST",
            "FIT",
            "SPEED",
            "VS",
            "WHY",
            "FASTER",
            "VALUE",
            "SPEC",
            "MODEL",
            "PARAMS",
        )
        if b.has("HELP") and not strong and not explicit:
            return HelpQuery(text=text)
        advice = self.advice_concept()
        if (
            advice
            and len(explicit) <= 2
            and not b.has("RECOMMEND", "RENT", "VS", "FIT", "MODEL", "PARAMS", "MONEY", "BUDGET")
        ):
            return ExplainQuery(
                text=text, concept=advice, mention=text.strip(" ?!.")
            )  # "is nvlink worth it for two 3090s?"
        # explain: "what is a tensor core", "nvlink?"
        if not explicit and not b.has(
            "RECOMMEND", "RENT", "VS", "WHY", "FASTER", "MODEL", "PARAMS", "BUDGET", "MONEY", "KWH", "HOURS"
        ):
            if b.has("EXPLAIN") or (
                len(b.tags) + len(b.unknown) <= 3
                and not b.has(
                    "PERCENT", "NUMBER", "MONEY", "YEARS", "MONTHS", "MEMORY", "CONTEXT", "COUNT", "DATE", "PRONOUN"
                )
            ):
                c = self.concept()
                if c and (b.has("EXPLAIN") or not b.has("SET", "FOLLOW", "AND", "NO", "PRICES")):
                    ex = b.kinds.get("EXPLAIN")
                    mention = text[ex[0].end :].strip(" ?!.") if ex else text.strip(" ?!.")
                    return ExplainQuery(text=text, concept=c, mention=mention)
                if b.has("EXPLAIN") and not b.has(
                    "GPU_WORD", "COST", "FIT", "SET", "ELECTRICITY", "UTILIZATION", "FOLLOW", "AND", "NO"
                ):
                    if not self.domain_words():  # "what's the weather in Paris tomorrow?": not a concept question
                        return msg.unparsed(text, b.unknown, b.tags, lang=b.lang)
                    return msg.unknown_concept(text, b.unknown, self.index, lang=b.lang)
        # follow-ups: "and the 3090?", "what about for training?", "no, the ti"
        lead = b.tags[0].kind
        last = next((t for t in reversed(b.tags) if t.kind != "QUESTION"), b.tags[-1])
        if (
            b.lang == "zh"
            and last.kind == "FOLLOW"
            and last.text == "呢"
            and len(explicit) <= 1
            and not b.has("COMPARE", "VS", "OR")
            and lead not in ("FOLLOW", "AND", "NO")
        ):
            lead = "FOLLOW"  # "3090呢？", "训练呢？": the Chinese follow-up particle
        if (
            lead in ("FOLLOW", "AND", "NO")
            and not b.has("RECOMMEND", "RENT", "COST", "EXPLAIN", "HELP", "VS", "WHY", "FASTER", "SPEC")
            and not (b.has("FIT", "SPEED") and (model or b.has("PARAMS")))
        ):
            return self.followup(refs, wl, prec, model)
        # settings
        settings = self.settings()
        override = getattr(self, "_override_ref", None)
        others = [r for r in explicit if override is None or r.mention != override.mention]
        if (
            settings
            and not others
            and not b.has(
                "MODEL",
                "PARAMS",
                "RECOMMEND",
                "COMPARE",
                "RENT",
                "SPEC",
                "FASTER",
                "VS",
                "WHY",
                "SPEED",
                "VALUE",
                "EXPLAIN",
            )
            and not (b.has("FIT") and not (len(settings) == 1 and settings[0].key == "utilization"))
            and not (b.has("COST") and not b.has("KWH", "SET") and not b.means("ELECTRICITY") and not override)
        ):
            return SetQuery(text=text, settings=tuple(settings))
        # rent or buy
        if b.has("RENT") or b.struct("rent_buy"):
            if not (b.has("RECOMMEND") and not explicit and not b.has("BUY")):
                per_week, total = self.hours()
                return RentOrBuyQuery(
                    text=text,
                    gpus=tuple(refs),
                    hours_per_week=per_week,
                    utilization=self.num("PERCENT"),
                    months=self.months(),
                    workload=wl,
                )
        # cost
        cost = self.cost_kind()
        if cost and not b.has("RECOMMEND") and not (cost == "perf_per_dollar" and len(refs) >= 2):
            per_week, _ = self.hours()
            return CostQuery(
                text=text,
                gpus=tuple(refs),
                kind=cost,
                years=self.num("YEARS"),
                hours_per_week=per_week,
                utilization=self.num("PERCENT"),
                workload=wl,
                model=model,
                params_b=self.num("PARAMS"),
                tokens=self.num("TOKENS"),
                electricity_usd_per_kwh=self.num("KWH"),
                electricity_currency=self.currency("KWH"),
            )
        # compare
        pair = b.struct("versus") or b.struct("why") or b.struct("faster")
        versus = b.struct("versus")
        joined = b.has("AND") or any(t.text.startswith("and") for t in b.kinds.get("FOLLOW", []))
        if (
            len(refs) >= 2
            and self.fields()
            and self.fields() != ("all",)
            and joined
            and (versus is None or set(versus.parts) <= {"AND", "COUNT", "NUMBER", "CONDITION"})
            and not model
            and not b.has(
                "COMPARE", "VS", "OR", "WHY", "FASTER", "SPEED", "VALUE", "MORE", "ASPECT", "RECOMMEND", "THAN"
            )
        ):
            return SpecQuery(text=text, gpus=tuple(refs), fields=self.fields())  # "memory of the 4090 and 3090"
        if len(refs) >= 2 and not (model and b.has("FIT", "SPEED") and not pair) or (pair and len(pair.refs) >= 2):
            premise = (
                "first"
                if (b.struct("why") and len(b.struct("why").refs) >= 2 and "OVER" in b.struct("why").parts)
                else None
            )
            aspect = self.aspect()
            if b.struct("why") and not b.has("FASTER", "SPEED") and not self.speed_words():
                aspect = None if aspect == "speed" else aspect
            return CompareQuery(
                text=text, gpus=tuple(refs), workload=wl, precision=prec, premise=premise, aspect=aspect
            )
        if (
            b.has("FASTER")
            and "speed" in b.meanings.get("FIELD", [])
            and len(refs) == 1
            and not model
            and not b.has("THAN", "COMPARE", "VS", "OR")
            and refs[0].pronoun != "them"
            and not b.struct("why")
        ):
            return SpecQuery(text=text, gpus=tuple(refs), fields=("speed",))  # "how fast is the 4090?"
        if b.has("COMPARE", "VS", "FASTER") and len(refs) == 1 and refs[0].pronoun == "them":
            return CompareQuery(text=text, gpus=tuple(refs), workload=wl, precision=prec, aspect=self.aspect())
        if (pair or b.has("COMPARE", "VS")) and len(refs) == 1 and not model and not b.has("RECOMMEND"):
            # "why not the 4060 ti?", "compare the 4090": the other GPU comes from the conversation
            # (pronoun "context"); with nothing to refer to, the dialogue asks which GPU
            other = GpuRef(mention="", pronoun="context")
            return CompareQuery(
                text=text,
                gpus=(refs[0], other),
                workload=wl,
                precision=prec,
                aspect=self.aspect(),
                premise="first" if b.struct("why") else None,
            )
        # fit
        if (model or b.has("PARAMS")) and not b.has("RECOMMEND"):
            return FitQuery(
                text=text,
                model=model,
                gpus=tuple(refs),
                gpu_count=self.total_count(refs),
                precision=prec,
                context_tokens=self.num("CONTEXT"),
                mode=self.mode(),
                want_speed=b.has("SPEED") or (b.has("FASTER") and not b.has("THAN")),
                params_b=self.num("PARAMS"),
                memory_gb=self.num("MEMORY") if not refs else None,
                workload=wl,
            )
        # "12GB显存够跑Transformer吗", "is 12gb enough for training transformers": memory without a GPU or model
        if not refs and b.has("MEMORY") and b.has("FIT") and not b.has("RECOMMEND", "GPU_WORD") and wl:
            return FitQuery(
                text=text,
                model=None,
                memory_gb=self.num("MEMORY"),
                workload=wl,
                mode=self.mode(),
                precision=prec,
                context_tokens=self.num("CONTEXT"),
            )
        # recommend
        if b.has("RECOMMEND") or (not refs and (wl or b.has("MONEY", "UNDER", "BUDGET", "MEMORY", "CONDITION"))):
            org = b.meaning("ORGANIZATION")
            return RecommendQuery(
                text=text,
                workload=wl,
                budget_usd=self.money(),
                condition=b.first("CONDITION"),
                vendor=b.first("VENDOR"),
                min_memory_gb=self.num("MEMORY"),
                gpu_count=self.total_count(refs) or 1,
                model=model,
                precision=prec,
                max_power_w=self.num("WATTS"),
                cloud=True if b.has("RENT") else None,
                organization=None if org is None else org == "yes",
                budget_currency=self.currency() if b.has("MONEY") else None,
                sort=b.meaning("SORT"),
                params_b=self.num("PARAMS"),
                model_family=b.meaning("FAMILY"),
            )
        if refs:
            return SpecQuery(text=text, gpus=tuple(refs), fields=self.fields())
        if settings:
            return SetQuery(text=text, settings=tuple(settings))
        if b.has("FOLLOW", "AND", "NO") or (b.has("WORKLOAD", "PRECISION", "CONTEXT") and len(b.tags) <= 3):
            return self.followup(refs, wl, prec, model)
        if b.has("HELP"):
            return HelpQuery(text=text)
        return msg.unparsed(text, b.unknown, b.tags, lang=b.lang)

    def speed_words(self) -> bool:
        """ "why X over Y for (raw) speed": speed asked for in so many words."""
        return any(t.kind == "ASPECT" and t.value == "speed" for t in self.b.tags)

    def months(self) -> float | None:
        m = self.num("MONTHS")
        if m is None and self.b.has("YEARS"):
            return float(self.b.first("YEARS")) * 12
        return m

    def cost_kind(self) -> str | None:
        b = self.b
        if not b.has("COST", "KWH", "VALUE") and not (b.has("TOKENS") and b.means("MODE", "WORKLOAD")):
            return None
        texts = " ".join(t.text.lower() for k in ("COST", "FIT", "ELECTRICITY", "FIELD") for t in b.kinds.get(k, []))
        if b.has("TOKENS") or ("train" in texts and not b.has("GPU", "PRONOUN")):
            return "training_run"
        kinds = b.meanings.get("COST_KIND", [])
        if kinds:
            return kinds[0]
        if (
            b.has("COST")
            and b.lang == "zh"
            and "full_finetune" in b.meanings.get("MODE", [])
            and b.has("PARAMS", "MODEL")
            and not b.has("GPU", "PRONOUN")
        ):
            return "training_run"  # 训练一个7b模型要多少钱
        if (
            any(
                w in texts
                for w in ("electric", "power", "energy", "running", "to run", "of running", "operating", "kwh")
            )
            or b.has("KWH")
            or "run" in texts.split()
        ):
            return "running"
        if b.has("VALUE"):
            return "perf_per_dollar"
        if any(w in texts for w in ("tco", "total", "ownership")):
            return "tco"
        cost_words = " ".join(t.text.lower() for t in b.kinds.get("COST", []))
        if "price" in b.meanings.get("FIELD", []) and cost_words in ("cost", "costs"):
            return None  # "how much does a 4090 cost": its price, a spec
        if b.has("HOURS", "YEARS"):
            return "tco"
        return "tco" if b.has("GPU", "PRONOUN") else None

    def followup(self, refs, wl, prec, model) -> Query:
        b = self.b
        replace_ = b.has("NO")
        gpus = list(refs)
        if not gpus:
            for w in b.unknown:
                if w in VARIANT_WORDS:
                    gpus.append(GpuRef(mention=w, pronoun="variant"))
                    replace_ = True
                    break
            mem = b.first("MEMORY")
            if not gpus and mem is not None and b.has("NO", "FOLLOW", "AND"):
                gpus.append(GpuRef(mention=f"{mem:g} GB", pronoun="variant"))
                replace_ = True
        count = self.total_count(refs)
        if count and count > 1 and not [r for r in refs if r.pronoun is None]:
            gpus = [g for g in gpus if g.pronoun is None]
        return FollowUpQuery(
            text=b.text,
            gpus=tuple(gpus),
            replace=replace_,
            workload=wl,
            precision=prec,
            gpu_count=count,
            model=model,
            context_tokens=self.num("CONTEXT"),
            budget_usd=self.money(),
            budget_currency=self.currency() if b.has("MONEY") else None,
            fields=tuple(f for f in self.fields() if f != "all"),
        )


# checks: unresolved names -> clarification -------------------------------------------------
def check(q: Query, bag: Bag) -> Query | Clarification:
    gpu_tags = {t.text: t.value for t in bag.kinds.get("GPU", [])}
    gpus = getattr(q, "gpus", ())
    for i, g in enumerate(gpus):
        if g.pronoun is not None or g.name is not None:
            continue
        m: GpuMatch | None = gpu_tags.get(g.mention)
        if m is None:
            continue
        kind = "ambiguous_gpu" if m.status == "ambiguous" else "unknown_gpu"
        return Clarification(
            kind,
            msg.gpu_problem(q, m, kind, bag.index, lang=bag.lang),
            candidates=m.candidates,
            intent=q.intent,
            text=q.text,
            pending=q,
            slot=f"gpus[{i}]",
            extras={"mention": m.mention, "options": msg.options(m.candidates, bag.index), "lang": bag.lang},
        )
    if isinstance(q, SetQuery):
        for i, s in enumerate(q.settings):
            if s.key == "price_override" and s.gpu is None:
                m = next(iter(gpu_tags.values()), None)
                if m is not None:
                    kind = "ambiguous_gpu" if m.status == "ambiguous" else "unknown_gpu"
                    return Clarification(
                        kind,
                        msg.gpu_problem(q, m, kind, bag.index, lang=bag.lang),
                        candidates=m.candidates,
                        intent="set",
                        text=q.text,
                        pending=q,
                        slot=f"settings[{i}].gpu",
                        extras={
                            "mention": m.mention,
                            "options": msg.options(m.candidates, bag.index),
                            "lang": bag.lang,
                        },
                    )
    model = getattr(q, "model", None)
    if model is not None and not model.key:
        mt = bag.kinds.get("MODEL")
        m: ModelMatch = mt[0].value if mt else ModelMatch(model.mention, "unknown")
        kind = "ambiguous_model" if m.status == "ambiguous" else "unknown_model"
        return Clarification(
            kind,
            msg.model_problem(q, m, kind, bag.index, lang=bag.lang),
            candidates=m.candidates,
            intent=q.intent,
            text=q.text,
            pending=q,
            slot="model",
            extras={"mention": m.mention, "lang": bag.lang},
        )
    return q
