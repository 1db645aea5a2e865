"""NameIndex: GPU, model and concept names from the KB, prepared for the question parser.

Contract: `NameIndex.from_reader(reader)` reads `reader.name_entries`, `.models` and `.concepts`
once; it does no I/O afterwards. `gpu(tokens)` resolves the token texts of one mention to a
`GpuMatch` (ok / ambiguous / unknown); it never turns one product into another:
- a mention whose core (the name without brand words: "rtx 4090" -> "4090") equals a product's
  core resolves to it; "laptop"/"notebook" mean "mobile"; "4080s" is "4080 super";
- a curated alias (knowledge/aliases.csv) resolves too; when the alias leaves out a variant
  (memory size, form factor: "a100" -> A100 SXM4 80 GB) the match is `assumed`;
- otherwise the products whose name contains every token of the mention are candidates:
  exactly one -> assumed; several -> ambiguous (ask back); none -> unknown, with suggestions
  from rapidfuzz (scorer `fuzz.ratio`, processor None: keys are pre-normalized, cutoff 60).
`model(tokens)` and `concept(tokens)` do the same for open models and concepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from assistant.nlu.text import key as text_key

BRAND = frozenset(
    {
        *(
            "nvidia",
            "geforce",
            "amd",
            "ati",
            "radeon",
            "rx",
            "rtx",
            "gtx",
            "tesla",
            "quadro",
            "instinct",
            "intel",
            "arc",
        ),
        *("apple", "macbook", "mac", "huawei", "ascend", "gaudi", "tpu"),
    }
)
VENDOR_WORDS = {
    "nvidia": "NVIDIA",
    "geforce": "NVIDIA",
    "amd": "AMD",
    "radeon": "AMD",
    "ati": "AMD",
    "intel": "Intel",
    "arc": "Intel",
    "apple": "Apple",
    "macbook": "Apple",
    "mac": "Apple",
    "huawei": "Huawei",
    "ascend": "Huawei",
    "gaudi": "Intel Gaudi",
    "tpu": "Google",
}
MOBILE = {"laptop": "mobile", "notebook": "mobile", "laptops": "mobile", "mobile": "mobile"}
VARIANT = frozenset({"gb", "sxm", "nvl"})
SOFT = frozenset({"generation", "graphics", "edition", "pro"})
# consumer series people name by the number alone ("3090", "7900 xtx"): four digits after GTX/RTX/RX
BARE_NUMBERED = re.compile(r"^(GeForce (?:GTX|RTX)|Radeon RX) (\d{4})\b")
# form-factor words of a product name: a mention that leaves them out picks a documented variant
FORM = frozenset({"sxm", "pcie", "pci", "e", "nvl", "oam", "mxm", "hgx"})
# suffixes people glue together: "4070tis" is the 4070 Ti SUPER, "4080s" the 4080 SUPER
SUFFIX_SPLIT = {"tis": ("ti", "super"), "ts": ("ti", "super"), "maxq": ("max", "q"), "gbs": ("gb",)}
# words after a model number that make it a different product: a match must never drop or add them
VARIANT_WORDS = frozenset(
    {
        "ti",
        "super",
        "xt",
        "xtx",
        "gre",
        "d",
        "x",
        "mobile",
        "laptop",
        "notebook",
        "q",
        "sxm",
        "pcie",
        "nvl",
        "ultra",
        "le",
        "se",
        "gs",
        "gt",
        "gts",
        "boost",
        "gb",
    }
)
CHIP = re.compile(r"^(ad|ga|gp|gk|gm|tu|gv|gh|navi|gddr|oem|sp|x|a|b)$")
TIER = frozenset(
    {
        "ti",
        "super",
        "xt",
        "xtx",
        "gre",
        "s",
        "d",
        "x",
        "m",
        "max",
        "mobile",
        "ultra",
        "le",
        "se",
        "gs",
        "gt",
        "gtx",
        "gto",
        "gx",
        "gso",
        "xl",
    }
)
SUGGEST_CUTOFF = 60.0


_NAME_TOKEN = re.compile(r"\d+(?:\.\d+)?|[a-z]+")


def _low(s: str) -> list[str]:
    """Token texts of a KB name (ASCII): the same split as `text.tokenize`, faster."""
    return _NAME_TOKEN.findall(s.lower())


def core_tokens(toks: list[str]) -> list[str]:
    """Tokens without brand words before the model number ("GeForce 7900 GTX" keeps its GTX)."""
    out, seen_num = [], False
    for t in toks:
        if t[0].isdigit():
            seen_num = True
        elif t in BRAND and not seen_num:
            continue
        out.append(MOBILE.get(t, t))
    return out


def _assumed(missing) -> bool:
    """A match leaves out a variant (memory size, form factor): the answer must say so."""
    return any(t in VARIANT or t.isdigit() for t in missing)


def head_tokens(core: list[str]) -> frozenset[str]:
    """The model number and a short letter prefix glued to it ("v 4900", "mi 300", "4090")."""
    for j, t in enumerate(core):
        if t[0].isdigit():
            if j > 0 and len(core[j - 1]) <= 2 and core[j - 1].isalpha():
                return frozenset((core[j - 1], t))
            return frozenset((t,))
    return frozenset()


def variant_parts(core: list[str]) -> frozenset[str]:
    """Tokens of a product core that only name a variant of it: a memory size ("16 gb") or a form
    factor ("sxm 4", "pcie"). Leaving them out of a mention picks a variant; the answer says which."""
    out = set()
    for j, t in enumerate(core):
        nxt = core[j + 1] if j + 1 < len(core) else ""
        prev = core[j - 1] if j > 0 else ""
        if t in FORM or t == "gb" or (t[0].isdigit() and (nxt == "gb" or prev in ("sxm", "pcie"))):
            out.add(t)
    return frozenset(out)


def chip_parts(core: list[str]) -> frozenset[str]:
    """Tokens naming the die of a product ("ad 106", "ga 102"): a duplicate entry of the same card."""
    out = set()
    for j, t in enumerate(core):
        if j > 0 and CHIP.match(t) and len(t) == 2 and j + 1 < len(core) and core[j + 1][0].isdigit():
            out.update((t, core[j + 1]))
    return frozenset(out)


def split_suffixes(toks: list[str]) -> list[str]:
    """A mention's tokens as the index compares them: glued suffixes split ("4070tis" -> 4070 ti super),
    "g" after a size is gigabytes ("12g"), a thousands "k" after a letter prefix is read ("a6k" -> a 6000)."""
    out: list[str] = []
    for t in toks:
        prev = out[-1] if out else ""
        if t in SUFFIX_SPLIT and prev[:1].isdigit():
            out.extend(SUFFIX_SPLIT[t])
        elif t == "g" and prev[:1].isdigit():
            out.append("gb")
        elif t == "k" and prev.isdigit() and len(out) >= 2 and out[-2].isalpha() and len(out[-2]) <= 2:
            out[-1] = str(int(prev) * 1000)
        else:
            out.append(t)
    return out


def _memory_of_mention(core: list[str]):
    for j in range(len(core) - 1):
        if core[j + 1] == "gb" and core[j].replace(".", "", 1).isdigit():
            return float(core[j]), {j, j + 1}
    return None


@dataclass(frozen=True)
class GpuMatch:
    """`how` says why an ok match is that product: exact (its name or core as typed), alias (curated,
    knowledge/aliases.csv), variant (a memory size or form factor filled in: `assumed`); "" otherwise."""

    mention: str
    status: str  # ok | ambiguous | unknown
    name: str | None = None
    candidates: tuple[str, ...] = ()
    assumed: bool = False
    how: str = ""


@dataclass(frozen=True)
class ModelMatch:
    mention: str
    status: str  # ok | ambiguous | unknown
    key: str | None = None
    candidates: tuple[str, ...] = ()


@dataclass
class NameIndex:
    names: list[str]
    vendor: list[str]
    mobile: list[bool]
    memory: list[float]
    cores: list[frozenset[str]]
    heads: list[frozenset[str]]
    full: list[frozenset[str]]
    exact: dict[str, list[tuple[int, bool]]]
    postings: dict[str, list[int]]
    varparts: list[frozenset[str]] = field(default_factory=list)
    chipparts: list[frozenset[str]] = field(default_factory=list)
    # every KB name's tokens (with and without vendor) and curated aliases without a number ("dgx spark"):
    # key -> (product, how, assumed)
    full_names: dict[str, tuple[int, str, bool]] = field(default_factory=dict)
    full_first: frozenset[str] = frozenset()
    name_words: frozenset[str] = frozenset()  # letter tokens of KB names: never "corrected" as typos
    bare_numbers: frozenset[str] = frozenset()  # GeForce GTX/RTX and Radeon RX model numbers: "3090" alone is a GPU
    curated: frozenset[str] = frozenset()  # exact keys that come from knowledge/aliases.csv
    models: dict[str, str] = field(default_factory=dict)  # key text -> model key
    model_info: dict[str, tuple[str, float, str, str]] = field(
        default_factory=dict
    )  # key -> (family, params_b, name, kind)
    model_families: frozenset[str] = frozenset()
    concepts: dict[str, str] = field(default_factory=dict)  # key text -> concept key
    concept_titles: dict[str, str] = field(default_factory=dict)
    concept_titles_zh: dict[str, str] = field(default_factory=dict)
    concept_words: set[str] | None = None  # tokens of concept names (>= 3 letters): "is this about the domain?"
    _by_name: dict[str, int] = field(default_factory=dict)
    _suggest: list[str] | None = None
    _suggest_idx: list[int] | None = None
    _suffixes: frozenset[str] | None = None

    # construction -----------------------------------------------------------------------
    @classmethod
    def from_reader(cls, reader) -> NameIndex:
        return cls.build(reader.name_entries, getattr(reader, "models", []), getattr(reader, "concepts", []))

    @classmethod
    def build(cls, entries, models=(), concepts=()) -> NameIndex:
        names, vendor, mobile, memory, cores, heads, full = [], [], [], [], [], [], []
        exact: dict[str, list[tuple[int, bool]]] = {}
        postings: dict[str, list[int]] = {}
        varparts, chipparts, full_names, curated = [], [], {}, set()
        for i, e in enumerate(entries):
            toks = _low(e.name)
            core = core_tokens(toks)
            varparts.append(variant_parts(core))
            chipparts.append(chip_parts(core))
            full_names.setdefault(" ".join(toks), (i, "exact", False))
            vendor_word = (e.vendor or "").lower()
            if vendor_word and toks[0] != vendor_word:
                full_names.setdefault(" ".join([vendor_word, *toks]), (i, "exact", False))
            names.append(e.name)
            vendor.append("AMD" if e.vendor == "ATI" else e.vendor)
            mobile.append(bool(e.is_mobile) or "mobile" in core or "max" in core)
            memory.append(float(e.memory_gb or 0.0))
            cset = frozenset(core)
            cores.append(cset)
            heads.append(head_tokens(core))
            full.append(frozenset(toks))
            ckey = " ".join(core)
            exact.setdefault(ckey, []).append((i, False))
            for t in cset:
                postings.setdefault(t, []).append(i)
            plain = " ".join(toks)
            for alias in e.aliases:
                if (
                    alias == plain
                    or alias.endswith(ckey)
                    or (" " not in alias and not alias.isalpha() and not alias.isdigit())
                ):
                    continue  # generated forms: the name itself already covers them
                acore = core_tokens(_low(alias))
                if not acore:
                    continue
                missing = cset - set(acore)
                assumed = _assumed(missing)
                exact.setdefault(" ".join(acore), []).append((i, assumed))
                curated.add(" ".join(acore))
                if not any(t[0].isdigit() for t in acore):  # "dgx spark", "grace hopper": no model number to start at
                    words_assumed = _assumed(cset - set(_low(alias)))
                    full_names.setdefault(" ".join(_low(alias)), (i, "alias", words_assumed))
        idx = cls(names, vendor, mobile, memory, cores, heads, full, exact, postings)
        idx.varparts, idx.chipparts, idx.curated = varparts, chipparts, frozenset(curated)
        idx.full_names = full_names
        idx.full_first = frozenset(k.split(" ", 1)[0] for k in full_names)
        idx.bare_numbers = frozenset(m.group(2) for n in names if (m := BARE_NUMBERED.match(n)))
        idx.name_words = frozenset(t for k in full_names for t in k.split(" ") if t.isalpha())
        idx._by_name = {n: i for i, n in enumerate(names)}
        idx._add_models(models)
        idx._add_concepts(concepts)
        return idx

    def _add_models(self, models) -> None:
        fams = set()
        for m in models:
            forms = {m.key.replace("-", " "), m.name, *m.aliases}
            for f in forms:
                k = text_key(f)
                if k:
                    self.models.setdefault(k, m.key)
            fam = text_key(m.family or m.key.split("-")[0]).split(" ")[0] if (m.family or m.key) else ""
            first = text_key(m.key).split(" ")[0]
            for f in {fam, first}:
                if f and f.isalpha() and len(f) >= 3:
                    fams.add(f)
            self.model_info[m.key] = (first, float(m.params_b or 0), m.name, m.kind)
        self.model_families = frozenset(fams)

    def _add_concepts(self, concepts) -> None:
        for c in concepts:
            for f in {c.key.replace("_", " ").replace("-", " "), c.title, *c.aliases}:
                k = text_key(f)
                if k:
                    self.concepts.setdefault(k, c.key)
            self.concept_titles[c.key] = c.title
            if getattr(c, "title_zh", ""):
                self.concept_titles_zh[c.key] = c.title_zh
                k = text_key(c.title_zh)
                if k:
                    self.concepts.setdefault(k, c.key)

    # GPUs ----------------------------------------------------------------------------------
    def is_gpu_name(self, name: str) -> bool:
        return name in self._by_name

    def memory_of(self, name: str) -> float | None:
        i = self._by_name.get(name)
        return None if i is None else self.memory[i]

    def is_mobile(self, name: str) -> bool:
        i = self._by_name.get(name)
        return bool(i is not None and self.mobile[i])

    def exact_core(self, core: list[str]) -> list[tuple[int, bool]]:
        return self.exact.get(" ".join(core), [])

    @property
    def suffixes(self) -> frozenset[str]:
        """Letter tokens that follow the model number in names of current products."""
        if self._suffixes is None:
            out = set()
            for i, core in enumerate(self.cores):
                if self.memory[i] >= 4:
                    out.update(t for t in core if t.isalpha())
            self._suffixes = frozenset(out | {"mobile", "laptop", "notebook", "super", "ti", "gb"})
        return self._suffixes

    def full_name_at(self, toks: list[str], i: int, max_len: int = 12) -> tuple[int, GpuMatch] | None:
        """The longest KB name (with or without its vendor) or number-less curated alias spelled exactly
        at token i: (tokens used, match)."""
        if i >= len(toks) or toks[i] not in self.full_first:
            return None
        for n in range(min(max_len, len(toks) - i), 0, -1):
            hit = self.full_names.get(" ".join(toks[i : i + n]))
            if hit is not None:
                k, how, assumed = hit
                return n, GpuMatch(" ".join(toks[i : i + n]), "ok", self.names[k], assumed=assumed, how=how)
        return None

    def gpu(self, toks: list[str], mention: str, plural: bool = False) -> GpuMatch:
        toks = split_suffixes(toks)
        full = self.full_names.get(" ".join(toks))
        if full is not None:
            return GpuMatch(mention, "ok", self.names[full[0]], assumed=full[2], how=full[1])
        brands = [t for t in toks if t in BRAND]
        core = core_tokens(toks)
        if not core:
            return GpuMatch(mention, "unknown")
        if "max" in core and "q" in core and "mobile" in core:
            core = [t for t in core if t != "mobile"]  # "4090 max-q laptop": a Max-Q is a laptop card
        tries = [core]
        if core[-1] == "s" and len(core) > 1:
            sup = core[:-1] + ["super"]
            tries += [core[:-1], sup] if plural else [sup, core[:-1]]
        if core[-1] in ("m",) and len(core) > 1:
            tries.append(core[:-1] + ["mobile"])
        for attempt in tries:
            key = " ".join(attempt)
            hits = self._filter(self.exact.get(key, []), brands, attempt)
            if len({i for i, _ in hits}) == 1:
                i, assumed = hits[0]
                how = "variant" if assumed else ("alias" if key in self.curated else "exact")
                return GpuMatch(mention, "ok", self.names[i], assumed=assumed, how=how)
            if len(hits) > 1:
                return GpuMatch(mention, "ambiguous", candidates=self._rank([i for i, _ in hits]))
        near: list[int] = []  # products that differ by a variant word: suggestions, never the answer
        for attempt in tries:
            found = self._subset(attempt, brands)
            if found is None:
                continue
            status, idx, assumed = found
            if status == "ok":
                return GpuMatch(
                    mention, "ok", self.names[idx[0]], assumed=assumed, how="variant" if assumed else "exact"
                )
            if status == "ambiguous":
                return GpuMatch(mention, status, candidates=self._rank(idx))
            near = near or idx
        mem = _memory_of_mention(core)
        if mem is not None:
            rest = [t for j, t in enumerate(core) if j not in mem[1]]
            inner = self.gpu(([b for b in brands] + rest), mention, plural)
            if inner.status == "ok" and abs(self.memory[self._by_name[inner.name]] - mem[0]) < 0.5:
                return inner
            if inner.status == "ambiguous":
                same = tuple(n for n in inner.candidates if abs(self.memory[self._by_name[n]] - mem[0]) < 0.5)
                if len(same) == 1:
                    return GpuMatch(mention, "ok", same[0], assumed=True, how="variant")
                if same:
                    return GpuMatch(mention, "ambiguous", candidates=same)
            if inner.status == "ok" and not near:
                near = [self._by_name[inner.name]]  # "2080 ti 22gb": the 11 GB card is the nearest real one
        base = [t for t in core if t not in VARIANT_WORDS or t == "gb"]
        if not near and mem is None and base != core and any(t[0].isdigit() for t in base):
            inner = self.gpu(brands + base, mention, plural)  # "4090 ti": the 4090 is the nearest real card
            if inner.status == "ok":
                near = [self._by_name[inner.name]]
        if len(near) > 1 and self._tiers_only(near, core):
            return GpuMatch(mention, "ambiguous", candidates=self._rank(near))  # "radeon 7900": XTX, XT or GRE?
        prefix = {t for t in head_tokens(core) if t.isalpha()}
        suggestions = self._rank([i for i in near if self._same_class(i, prefix)])[:3]
        more = tuple(n for n in self.suggest(core, brands) if n not in suggestions)
        return GpuMatch(mention, "unknown", candidates=(suggestions + more)[:3])

    def _tiers_only(self, idx: list[int], core: list[str]) -> bool:
        """Every candidate is the mention plus tier words only ("7900" -> 7900 XTX / XT / GRE)."""
        need = set(core)
        return all((self.cores[i] - need - self.varparts[i] - SOFT) <= TIER for i in idx)

    def _filter(self, hits, brands, core):
        if not hits:
            return hits
        out = hits
        for b in brands:
            v = VENDOR_WORDS.get(b)
            keep = [h for h in out if (self.vendor[h[0]] == v if v else b in self.full[h[0]])]
            if keep or v:  # a vendor word must hold ("gaudi 3" is not the GeForce3); a series word may be loose
                out = keep
        if "mobile" not in core:
            keep = [h for h in out if not self.mobile[h[0]]]
            if keep:
                out = keep
        if len({i for i, _ in out}) > 1:
            keep = [h for h in out if self.memory[h[0]] >= 2]
            if keep:
                out = keep
        return out

    def _subset(self, core: list[str], brands: list[str]):
        """Products whose core holds every token of the mention, by what they add to it:
        ("ok", [i], assumed) | ("ambiguous", [i...], False) | ("near", [i...], False): only products
        that add a variant word ("4060 16gb" -> the 4060 Ti 16 GB), never an answer | None."""
        sets = [self.postings.get(t) for t in set(core)]
        if not sets or any(s is None for s in sets):
            return None
        base = set(min(sets, key=len))
        for s in sets:
            base &= set(s)
        need = set(core)
        mhead = head_tokens(core)
        # a letter prefix counts only where the name has it: "300x" is not the X300, "mi 300x" is the MI300X
        cands = [
            i
            for i in base
            if need <= self.cores[i]
            and self.heads[i] <= need
            and (self.heads[i] == mhead or (len(self.heads[i]) < 2 and len(mhead) < 2))
        ]
        for b in brands:
            v = VENDOR_WORDS.get(b)
            cands = [i for i in cands if (self.vendor[i] == v if v else b in self.full[i])]
        mob = "mobile" in need or ("max" in need and "q" in need)
        cands = [i for i in cands if self.mobile[i] == mob]
        if not cands:
            return None
        same, variant, chip, other = [], [], [], []
        for i in cands:
            extra = self.cores[i] - need - SOFT
            if not extra:
                same.append(i)
            elif extra <= self.varparts[i]:
                variant.append(i)
            elif extra <= self.varparts[i] | self.chipparts[i]:
                chip.append(i)
            else:
                other.append(i)
        for group, assumed in ((same, False), (variant, True), (chip, False)):
            if not group:
                continue
            if len(group) > 1:
                keep = [i for i in group if self.memory[i] >= 2]
                group = keep or group
            if len(group) == 1:
                return "ok", group, assumed and _assumed(self.cores[group[0]] - need)
            default = self._default_of(core, group) if assumed else None
            if default is not None:  # "h100 80gb": the documented default H100 is one of them
                return "ok", [default], True
            return "ambiguous", group, False
        return "near", [i for i in other if self.memory[i] >= 2] or other, False

    def _default_of(self, core: list[str], group: list[int]) -> int | None:
        """The curated default of the mention's family ("a100" -> A100 SXM4 80 GB) if it is in `group`."""
        mem = _memory_of_mention(core)
        family = [t for j, t in enumerate(core) if mem is None or j not in mem[1]]
        hits = self.exact.get(" ".join(family), [])
        return next((i for i, _ in hits if i in group), None) if len(hits) == 1 else None

    def _rank(self, idx) -> tuple[str, ...]:
        order = sorted(set(idx), key=lambda i: (self.mobile[i], -self.memory[i], len(self.names[i]), self.names[i]))
        return tuple(self.names[i] for i in order[:6])

    def suggest(self, core: list[str], brands=(), limit: int = 3) -> tuple[str, ...]:
        if self._suggest is None:
            keys, owners = [], []
            for k, hits in self.exact.items():
                for i, _ in hits:
                    if self.memory[i] >= 2:
                        keys.append(k)
                        owners.append(i)
            self._suggest, self._suggest_idx = keys, owners
        q = " ".join(core)
        from rapidfuzz import fuzz, process  # only suggestions and typos need it: not imported at start-up

        res = process.extract(
            q, self._suggest, scorer=fuzz.ratio, processor=None, limit=40, score_cutoff=SUGGEST_CUTOFF
        )
        qnum = next((float(t) for t in core if t.isdigit()), None)
        mhead = head_tokens(core)
        prefix = {t for t in mhead if t.isalpha()}
        mob = "mobile" in core or ("max" in core and "q" in core)

        def rank(r):
            i = self._suggest_idx[r[2]]
            knum = next((float(t) for t in self._suggest[r[2]].split() if t.isdigit()), None)
            dist = abs(knum - qnum) if (qnum is not None and knum is not None) else 1e9
            same_len = qnum is not None and knum is not None and len(str(int(qnum))) == len(str(int(knum)))
            return (self.mobile[i] != mob, not same_len, -round(r[1]), dist, len(self.names[i]))

        out: list[str] = []
        vendors = {VENDOR_WORDS[b] for b in brands if b in VENDOR_WORDS}
        series = {b for b in brands if b not in VENDOR_WORDS}
        for r in sorted(res, key=rank):
            i = self._suggest_idx[r[2]]
            if (vendors and self.vendor[i] not in vendors) or (series and not series <= self.full[i]):
                continue
            if not self._same_class(i, prefix):
                continue
            name = self.names[i]
            if name not in out:
                out.append(name)
            if len(out) >= limit:
                break
        return tuple(out)

    def _same_class(self, i: int, prefix: set[str]) -> bool:
        """A suggestion by meaning: the same letter prefix ("h20" -> H100, not L20) and no second model
        number ("m3" is not the GRID M3-3020)."""
        if {t for t in self.heads[i] if t.isalpha()} != prefix:
            return False
        nums = [t for t in self.cores[i] - self.varparts[i] - self.chipparts[i] if t[0].isdigit()]
        return len(nums) <= 1

    def variant(self, base: str, suffix: str) -> str | None:
        """`base` plus a variant word ("ti", "super", "laptop", "12 gb"): for "no, the ti"."""
        i = self._by_name.get(base)
        if i is None:
            return None
        core = core_tokens(_low(base)) + core_tokens(_low(suffix))
        m = self.gpu(core, suffix)
        return m.name if m.status == "ok" and m.name != base else None

    # models -----------------------------------------------------------------------------
    def model_at(self, toks: list[str], i: int, max_len: int = 8) -> tuple[int, str] | None:
        for n in range(min(max_len, len(toks) - i), 0, -1):
            k = self.models.get(" ".join(toks[i : i + n]))
            if k:
                return n, k
        return None

    def models_like(self, family: str, params_b: float | None) -> tuple[str, ...]:
        out = []
        for k, (fam, p, _name, _kind) in self.model_info.items():
            if fam == family and (params_b is None or abs(p - params_b) <= max(0.6, 0.08 * params_b)):
                out.append(k)
        return tuple(out)

    def model_kind(self, key: str) -> str | None:
        info = self.model_info.get(key)
        return info[3] if info else None

    def model_name(self, key: str) -> str:
        info = self.model_info.get(key)
        return info[2] if info else key

    def fix_family(self, word: str) -> str | None:
        if word in self.model_families or len(word) < 4:
            return None
        from rapidfuzz.distance import OSA

        best = None
        for fam in self.model_families:
            if len(fam) < 4:
                continue
            d = OSA.distance(word, fam, score_cutoff=2 if len(fam) >= 6 else 1)
            if d <= (2 if len(fam) >= 6 else 1) and (best is None or d < best[0]):
                best = (d, fam)
        return best[1] if best else None

    # concepts ---------------------------------------------------------------------------
    def concept(self, toks: list[str]) -> str | None:
        if not toks or not self.concepts:
            return None
        k = " ".join(toks)
        hit = self.concepts.get(k)
        if hit is None and k.endswith("s"):
            hit = self.concepts.get(k[:-1].rstrip())
        if hit is None and len(k) >= 4:
            from rapidfuzz import fuzz, process

            res = process.extractOne(k, list(self.concepts), scorer=fuzz.ratio, processor=None, score_cutoff=85)
            if res:
                hit = self.concepts[res[0]]
        return hit
