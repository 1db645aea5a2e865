"""Parse a tagged question with the Lark grammar and build exactly one typed Query.

Contract: `parse(text, index)` -> `Query | Clarification`. The tagged token stream goes
through `grammar/en.lark` (LALR, loaded once by `grammar()`); the `Transformer` turns the tree
into plain items (no `lark.Tree` leaves this module); `decide()` picks the intent from the
items and builds the frozen Query; `check()` turns unresolved GPU and model mentions into
`Clarification`s (unknown_gpu / ambiguous_gpu / unknown_model / ambiguous_model) that carry
the `pending` query and the `slot` the candidates fill.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer

from assistant import paths
from assistant.nlu import messages as msg
from assistant.nlu.index import GpuMatch, ModelMatch, NameIndex
from assistant.nlu.lexicon import Lexicon, lexicon
from assistant.nlu.tagger import Tag, tag
from assistant.nlu.text import clean, tokenize
from assistant.queries import (
    Clarification, CompareQuery, CostQuery, ExplainQuery, FitQuery, FollowUpQuery, GpuRef, HelpQuery, ModelRef,
    Query, RecommendQuery, RentOrBuyQuery, SetQuery, Setting, SpecQuery,
)

VARIANT_WORDS = {"ti": "ti", "super": "super", "xt": "xt", "xtx": "xtx", "laptop": "laptop", "mobile": "laptop",
                 "notebook": "laptop", "desktop": "desktop", "gre": "gre", "d": "d", "s": "super"}


# tag kinds the grammar reads; every other tag is passed as KW (the Transformer restores the tag)
STRUCTURAL = frozenset({"GPU", "PRONOUN", "COUNT", "NUMBER", "CONDITION", "OF", "VS", "OR", "AND", "WHY", "OVER",
                        "THAN", "FASTER", "QUESTION", "RECOMMEND", "BUY", "COMPARE", "FIT", "VALUE", "RENT", "COSTS",
                        "MONEY"})


class _PassLexer(Lexer):
    """The tagger has lexed already: hand its tokens to the parser unchanged."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        yield from data


def grammar(lang: str = "en") -> Lark:
    return _grammar(lang)


@lru_cache(maxsize=2)
def _grammar(lang: str) -> Lark:
    # cache=True: Lark keeps the LALR tables in the temp folder (keyed by a hash of the grammar),
    # 13 ms instead of 55 ms per process; a broken cache file is rebuilt by Lark itself.
    return Lark.open(str(paths.grammar_dir() / f"{lang}.lark"), parser="lalr", lexer=_PassLexer, cache=True)


# tree -> items ------------------------------------------------------------------------------
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


class _ToItems(Transformer):
    def __init__(self, tags: list[Tag]):
        super().__init__()
        self.tags = tags

    def __default_token__(self, token):
        return self.tags[token.start_pos]

    def gpu_ref(self, children):
        return Ref(children[-1])

    def _struct(self, kind, children):
        attach_counts(children)
        return Struct(kind, [c for c in children if isinstance(c, Ref)], [c.kind for c in children if isinstance(c, Tag)])

    def versus(self, c):
        return self._struct("versus", c)

    def why(self, c):
        return self._struct("why", c)

    def faster(self, c):
        return self._struct("faster", c)

    def rent_buy(self, c):
        return self._struct("rent_buy", c)

    def price(self, c):
        s = self._struct("price", c)
        s.parts = [c for c in c if isinstance(c, Tag)]
        return s

    def count_of(self, c):
        s = self._struct("count_of", c)
        s.parts = [x for x in c if isinstance(x, Tag)]
        return s

    def start(self, children):
        return attach_counts(children)


def _first_ref(item):
    if isinstance(item, Ref):
        return item
    if isinstance(item, Struct) and item.refs and item.kind not in ("count_of",):
        return item.refs[0]
    return None


def attach_counts(items: list) -> list:
    """COUNT / NUMBER and CONDITION right before a GPU belong to it: "two used 3090s"."""
    for k, item in enumerate(items):
        if not isinstance(item, Tag) or item.kind not in ("COUNT", "NUMBER", "CONDITION"):
            continue
        nxt = items[k + 1] if k + 1 < len(items) else None
        if isinstance(nxt, Tag) and nxt.kind == "CONDITION" and item.kind != "CONDITION":
            nxt = items[k + 2] if k + 2 < len(items) else None
        ref = _first_ref(nxt)
        if ref is None or ref.tag.end < item.start:
            continue
        if item.kind == "CONDITION":
            ref.condition = item.value
            continue
        try:
            v = float(item.value)
        except (TypeError, ValueError, OverflowError):
            continue
        if v.is_integer() and 1 <= v <= 1024:
            ref.count = int(v)
    return items


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
                out.append(GpuRef(mention=t.text, name=m.name if m.status == "ok" else None, count=r.count or 1,
                                  condition=r.condition, assumed=m.assumed))
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
        return self.b.first("MONEY")

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
            if f not in out:
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
        rest = [w for w in tt[start:] if w not in ("?", "a", "an", "the", "is", "are", "mean", "means", "do", "does",
                                                    "work", "works", "gpu", "gpus", "in", "for", "please", "s",
                                                    "exactly", "really", "what", "me", "to", "and", "why", "it",
                                                    "matter", "matters", "important", "explain", "deep", "learning",
                                                    "ml", "ai", "a", "does", "how")]
        for n in range(len(rest), 0, -1):
            for i in range(0, len(rest) - n + 1):
                hit = self.index.concepts.get(" ".join(rest[i:i + n]))
                if hit:
                    return hit
        return self.index.concept(rest) if rest and len(rest) <= 5 else None

    # intents --------------------------------------------------------------------------------
    def settings(self) -> list[Setting]:
        b, out = self.b, []
        price = b.struct("price")
        if price is not None and price.refs and any(t.kind in ("MONEY", "NUMBER") for t in price.parts):
            ref = self.gpu_refs_of(price.refs)[0]
            usd = next(float(t.value) for t in price.parts if t.kind in ("MONEY", "NUMBER"))
            out.append(Setting("price_override", usd, gpu=ref.name))
            self._override_ref = ref
        kwh = b.first("KWH")
        if kwh is None and b.means("ELECTRICITY"):
            v = b.first("MONEY") if b.has("MONEY") else b.first("NUMBER")
            if v is not None:
                kwh = v / 100.0 if v >= 5 else v
        if kwh is not None:
            out.append(Setting("electricity_usd_per_kwh", float(kwh)))
        if b.has("UTILIZATION") or (b.has("PERCENT") and b.has("SET")):
            v = b.first("PERCENT")
            if v is None and b.has("NUMBER"):
                v = float(b.first("NUMBER"))
                v = v / 100.0 if v > 1 else v
            if v is not None:
                out.append(Setting("utilization", float(v)))
        if b.has("YEARS") and (b.has("SET") or not self.question_like()):
            out.append(Setting("years", float(b.first("YEARS"))))
        if b.has("BUDGET") and b.has("MONEY") and not b.has("RECOMMEND"):
            out.append(Setting("budget_usd", float(b.first("MONEY"))))
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
                out.append(GpuRef(mention=t.text, name=m.name if m.status == "ok" else None, count=r.count or 1,
                                  condition=r.condition, assumed=m.assumed))
            else:
                out.append(GpuRef(mention=t.text, pronoun=t.value, count=r.count or 1, condition=r.condition))
        return out

    def question_like(self) -> bool:
        b = self.b
        if b.has("COST") and not (b.means("ELECTRICITY") and not b.has("GPU", "PRONOUN")):
            return True
        return b.has("GPU", "MODEL", "PARAMS", "RECOMMEND", "COMPARE", "FIT", "RENT", "SPEC", "FASTER", "VS",
                     "WHY", "SPEED", "VALUE", "EXPLAIN")

    def decide(self) -> Query | Clarification:
        b, text = self.b, self.b.text
        refs = self.gpu_refs()
        explicit = [r for r in refs if r.pronoun is None]
        wl, prec, model = self.workload(), self.precision(), self.model_ref()
        if not b.tags:
            return msg.unparsed(text, b.unknown, [])
        if b.has("RESET") and not b.has("GPU", "MODEL"):
            return SetQuery(text=text, settings=(Setting("reset", None),))
        strong = b.has("RECOMMEND", "COMPARE", "RENT", "COST", "FIT", "SPEED", "VS", "WHY", "FASTER", "VALUE",
                       "SPEC", "MODEL", "PARAMS")
        if b.has("HELP") and not strong and not explicit:
            return HelpQuery(text=text)
        # explain: "what is a tensor core", "nvlink?"
        if not explicit and not b.has("RECOMMEND", "RENT", "VS", "WHY", "FASTER", "MODEL", "PARAMS", "BUDGET",
                                      "MONEY", "KWH", "HOURS"):
            if b.has("EXPLAIN") or (len(b.tags) + len(b.unknown) <= 3 and not b.has(
                    "PERCENT", "NUMBER", "MONEY", "YEARS", "MONTHS", "MEMORY", "CONTEXT", "COUNT", "DATE", "PRONOUN")):
                c = self.concept()
                if c and (b.has("EXPLAIN") or not b.has("SET", "FOLLOW", "AND", "NO")):
                    ex = b.kinds.get("EXPLAIN")
                    mention = text[ex[0].end:].strip(" ?!.") if ex else text.strip(" ?!.")
                    return ExplainQuery(text=text, concept=c, mention=mention)
                if b.has("EXPLAIN") and not b.has("GPU_WORD", "COST", "FIT", "SET", "ELECTRICITY", "UTILIZATION",
                                                  "FOLLOW", "AND", "NO"):
                    return msg.unknown_concept(text, b.unknown, self.index)
        # follow-ups: "and the 3090?", "what about for training?", "no, the ti"
        lead = b.tags[0].kind
        if lead in ("FOLLOW", "AND", "NO") and not b.has("RECOMMEND", "RENT", "COST", "EXPLAIN", "HELP", "VS", "WHY",
                                                          "FASTER", "SPEC") \
                and not (b.has("FIT", "SPEED") and (model or b.has("PARAMS"))):
            return self.followup(refs, wl, prec, model)
        # settings
        settings = self.settings()
        override = getattr(self, "_override_ref", None)
        others = [r for r in explicit if override is None or r.mention != override.mention]
        if settings and not others and not b.has("MODEL", "PARAMS", "RECOMMEND", "COMPARE", "FIT", "RENT", "SPEC",
                                                 "FASTER", "VS", "WHY", "SPEED", "VALUE", "EXPLAIN") \
                and not (b.has("COST") and not b.has("KWH", "SET") and not b.means("ELECTRICITY") and not override):
            return SetQuery(text=text, settings=tuple(settings))
        # rent or buy
        if b.has("RENT") or b.struct("rent_buy"):
            if not (b.has("RECOMMEND") and not explicit and not b.has("BUY")):
                per_week, total = self.hours()
                return RentOrBuyQuery(text=text, gpus=tuple(refs), hours_per_week=per_week,
                                      utilization=self.num("PERCENT"), months=self.months(), workload=wl)
        # cost
        cost = self.cost_kind()
        if cost and not b.has("RECOMMEND") and not (cost == "perf_per_dollar" and len(refs) >= 2):
            per_week, _ = self.hours()
            return CostQuery(text=text, gpus=tuple(refs), kind=cost, years=self.num("YEARS"), hours_per_week=per_week,
                             utilization=self.num("PERCENT"), workload=wl, model=model, params_b=self.num("PARAMS"),
                             tokens=self.num("TOKENS"))
        # compare
        pair = b.struct("versus") or b.struct("why") or b.struct("faster")
        if len(refs) >= 2 and not (model and b.has("FIT", "SPEED") and not pair) or (pair and len(pair.refs) >= 2):
            premise = "first" if (b.struct("why") and len(b.struct("why").refs) >= 2 and
                                  "OVER" in b.struct("why").parts) else None
            aspect = self.aspect()
            if b.struct("why") and not b.has("FASTER", "SPEED"):
                aspect = None if aspect == "speed" else aspect
            return CompareQuery(text=text, gpus=tuple(refs), workload=wl, precision=prec, premise=premise, aspect=aspect)
        if b.has("COMPARE", "VS", "FASTER") and len(refs) == 1 and refs[0].pronoun == "them":
            return CompareQuery(text=text, gpus=tuple(refs), workload=wl, precision=prec, aspect=self.aspect())
        if (pair or b.has("COMPARE", "VS")) and len(refs) == 1 and not model and not b.has("RECOMMEND"):
            q = CompareQuery(text=text, gpus=tuple(refs), workload=wl, precision=prec, aspect=self.aspect(),
                             premise="first" if b.struct("why") else None)
            return Clarification("missing", msg.missing_second(refs[0]), intent="compare", text=text, pending=q,
                                 slot="gpus[1]")
        # fit
        if (model or b.has("PARAMS")) and not b.has("RECOMMEND"):
            return FitQuery(text=text, model=model, gpus=tuple(refs), gpu_count=self.total_count(refs),
                            precision=prec, context_tokens=self.num("CONTEXT"), mode=self.mode(),
                            want_speed=b.has("SPEED") or (b.has("FASTER") and not b.has("THAN")),
                            params_b=self.num("PARAMS"))
        # recommend
        if b.has("RECOMMEND") or (not refs and (wl or b.has("MONEY", "UNDER", "BUDGET", "MEMORY", "CONDITION"))):
            return RecommendQuery(text=text, workload=wl, budget_usd=self.money(), condition=b.first("CONDITION"),
                                  vendor=b.first("VENDOR"), min_memory_gb=self.num("MEMORY"),
                                  gpu_count=self.total_count(refs) or 1, model=model, precision=prec,
                                  max_power_w=self.num("WATTS"), cloud=True if b.has("RENT") else None)
        if refs:
            return SpecQuery(text=text, gpus=tuple(refs), fields=self.fields())
        if settings:
            return SetQuery(text=text, settings=tuple(settings))
        if b.has("FOLLOW", "AND", "NO") or (b.has("WORKLOAD", "PRECISION", "CONTEXT") and len(b.tags) <= 3):
            return self.followup(refs, wl, prec, model)
        if b.has("HELP"):
            return HelpQuery(text=text)
        return msg.unparsed(text, b.unknown, b.tags)

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
        if any(w in texts for w in ("electric", "power", "energy", "running", "to run", "of running", "operating",
                                     "kwh")) or b.has("KWH") or "run" in texts.split():
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
        return FollowUpQuery(text=b.text, gpus=tuple(gpus), replace=replace_, workload=wl, precision=prec,
                             gpu_count=count, model=model, context_tokens=self.num("CONTEXT"), budget_usd=self.money())


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
        return Clarification(kind, msg.gpu_problem(q, m, kind, bag.index), candidates=m.candidates, intent=q.intent,
                             text=q.text, pending=q, slot=f"gpus[{i}]",
                             extras={"mention": m.mention, "options": msg.options(m.candidates, bag.index)})
    if isinstance(q, SetQuery):
        for i, s in enumerate(q.settings):
            if s.key == "price_override" and s.gpu is None:
                m = next(iter(gpu_tags.values()), None)
                if m is not None:
                    kind = "ambiguous_gpu" if m.status == "ambiguous" else "unknown_gpu"
                    return Clarification(kind, msg.gpu_problem(q, m, kind, bag.index), candidates=m.candidates,
                                         intent="set", text=q.text, pending=q, slot=f"settings[{i}].gpu",
                                         extras={"mention": m.mention, "options": msg.options(m.candidates, bag.index)})
    model = getattr(q, "model", None)
    if model is not None and not model.key:
        mt = bag.kinds.get("MODEL")
        m: ModelMatch = mt[0].value if mt else ModelMatch(model.mention, "unknown")
        kind = "ambiguous_model" if m.status == "ambiguous" else "unknown_model"
        return Clarification(kind, msg.model_problem(q, m, kind, bag.index), candidates=m.candidates, intent=q.intent,
                             text=q.text, pending=q, slot="model", extras={"mention": m.mention})
    return q


def parse(text: str, index: NameIndex, lang: str = "en") -> Query | Clarification:
    cleaned, cut = clean(text)
    toks = tokenize(cleaned)
    lex = lexicon(lang)
    tags, unknown = tag(toks, cleaned, index, lex)
    stream = [Token(t.kind if t.kind in STRUCTURAL else "KW", t.text or t.kind, start_pos=k) for k, t in enumerate(tags)]
    try:
        items = _ToItems(tags).transform(grammar(lang).parse(stream))
    except UnexpectedInput:  # a safety net: read the stream flat rather than fail
        items = attach_counts([Ref(t) if t.kind in ("GPU", "PRONOUN") else t for t in tags])
    bag = Bag(text if isinstance(text, str) else cleaned, tags, items, unknown, [t.text for t in toks])
    bag.toks_pos = [t.start for t in toks]
    bag.index = index
    result = Decider(bag, index, lex).decide()
    if isinstance(result, Clarification):
        return result
    return check(result, bag)


__all__ = ["parse", "grammar"]
