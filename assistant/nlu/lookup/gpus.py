"""GPU lookups on the NameIndex: a mention's tokens -> GpuMatch (exact core, curated alias, the
single product holding every token, a documented default variant), near-ties as ambiguous, and
suggestions by meaning (same vendor and letter prefix) for names the KB lacks.

Contract: `gpu(tokens, mention)` never turns one product into another: a variant word the mention
has or lacks (Ti, SUPER, laptop, a memory size) changes the product, so a mismatch is ambiguous
or unknown, never a sibling.
"""

from __future__ import annotations

import re

from assistant.names import apple_chip
from assistant.nlu.lookup.data import IndexData
from assistant.nlu.lookup.matches import GpuMatch
from assistant.nlu.lookup.name_tokens import (
    ARCHITECTURE_WORDS,
    BARE_NUMBERED,
    BRAND,
    SOFT,
    SUGGEST_CUTOFF,
    TIER,
    VARIANT_WORDS,
    VENDOR_WORDS,
    core_tokens,
    head_tokens,
    leaves_variant,
    memory_of_mention,
    split_suffixes,
)

APPLE_SOFT = SOFT - {"pro"}
STUDIO_TIERS = frozenset({"max", "ultra"})  # the chips Apple sells the Mac Studio with: M1/M2/M4 Max, M1/M2/M3 Ultra
APPLE_DEVICE_WORDS = frozenset({"mac", "macs", "studio", "mini", "macbook", "imac", "air", "macmini", "macstudio"})
# "tis" / "ts" glued or apart is the Ti SUPER ("4070tis"); where there is none, the plural of the Ti ("5070 tis")
PLURAL_TI = {"tis": "ti", "ts": "ti"}
# ... but glued to the number ("5070tis") it is the Ti SUPER asked for, never read as the Ti
_GLUED_TIS = re.compile(r"\dt(?:i)?s\b", re.I)


class GpuLookup(IndexData):
    # GPUs ----------------------------------------------------------------------------------
    def is_gpu_name(self, name: str) -> bool:
        return name in self._by_name

    def memory_of(self, name: str) -> float | None:
        i = self._by_name.get(name)
        return None if i is None else self.memory[i]

    def vendor_of(self, name: str) -> str | None:
        """The maker of a KB GPU, lower case ("nvidia", "amd", "intel", "apple"); None when unknown."""
        i = self._by_name.get(name)
        return None if i is None else (self.vendor[i] or "").lower() or None

    def is_mobile(self, name: str) -> bool:
        i = self._by_name.get(name)
        return bool(i is not None and self.mobile[i])

    def exact_core(self, core: list[str]) -> list[tuple[int, bool]]:
        return self.exact.get(" ".join(core), [])

    @property
    def suffixes(self) -> frozenset[str]:
        """Letter tokens that follow the model number in names of current products."""
        if self._suffixes is None:
            out: set[str] = set()
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
        found = self._gpu(toks, mention, plural)
        if (
            found.status == "unknown"
            and any(t in PLURAL_TI for t in toks)
            and (plural or not _GLUED_TIS.search(mention))
        ):
            # "new 5070 tis": no 5070 Ti SUPER, so the plural of the 5070 Ti
            plain = self._gpu([PLURAL_TI.get(t, t) for t in toks], mention, plural)
            if plain.status != "unknown":
                return plain
        return found

    def stand_in(self, toks: list[str]) -> str | None:
        """The card the KB holds that an unknown GeForce / Radeon name is the next generation of: the same tier one
        generation back ("rtx 6080" -> RTX 5080, "6070 ti" -> RTX 5070 Ti), when no card of that tier in the KB is as
        new (a card not released yet, or not in the data); None otherwise (a typo, "rtx 9090", a tier that never was,
        a generation the line skipped: "rx 8900 xtx" after the RX 9070).
        """
        toks = split_suffixes(toks)
        at = next((k for k, t in enumerate(toks) if t.isdigit() and len(t) == 4), None)
        if at is None:
            return self._newer_in_line(toks)
        if toks[at] in self.bare_numbers:
            return None
        gen, tier = divmod(int(toks[at]), 1000)
        line = "Radeon" if {"rx", "radeon"} & set(toks) else "GeForce"
        numbered = (BARE_NUMBERED.match(n) for n in self.names)
        numbers = {int(m.group(2)) for m in numbered if m and m.group(1).startswith(line)}
        same_tier = [n for n in numbers if n % 1000 == tier]
        older = [n for n in same_tier if n // 1000 < gen]
        if not older or len(older) != len(same_tier) or gen != max(older) // 1000 + 1:
            return None  # "rtx 9090": no next generation's name, a typo or a joke (asked back)
        if gen < max(n // 1000 for n in numbers):
            return None  # "rx 8900 xtx": a newer generation (RX 9070) is out, so a skipped number, not a coming card
        base = [*toks[:at], str(max(older)), *toks[at + 1 :]]
        found = self.gpu(base, " ".join(base))
        return found.name if found.status == "ok" else None

    def _newer_in_line(self, toks: list[str]) -> str | None:
        """ "gb300", "arc b770", "mi400": a letter prefix and a three-digit number above every product of that prefix
        the KB holds (and below twice the highest, so no joke or typo) names a newer product of the line: the newest
        one held; None otherwise."""
        core = core_tokens(toks)
        nums = [t for t in core if t.isdigit()]
        prefix = frozenset(t for t in core if t.isalpha())
        if len(nums) != 1 or not prefix or len(nums[0]) != 3:
            return None
        n = int(nums[0])
        line = []
        for i in self.postings.get(sorted(prefix)[0], []):
            held = [t for t in self.cores[i] if t.isdigit()]
            if self.mobile[i] or len(held) != 1 or len(held[0]) != len(nums[0]):
                continue
            if frozenset(t for t in self.heads[i] if t.isalpha()) == prefix:
                line.append((int(held[0]), self.memory[i], i))
        brands = [t for t in toks if t in BRAND]  # "arc b770": Intel's B line, not NVIDIA's B200
        line = [
            x
            for x in line
            if all(self.vendor[x[2]] == VENDOR_WORDS[b] if b in VENDOR_WORDS else b in self.full[x[2]] for b in brands)
        ]
        if not line or len({self.vendor[i] for _, _, i in line}) > 1 or not max(line)[0] < n < 2 * max(line)[0]:
            return None
        newest = max(line)
        found = self.gpu([*sorted(prefix), str(newest[0])], "")  # "h 200": its documented default (H200 SXM)
        return found.name if found.status == "ok" and found.name else self.names[newest[2]]

    def _gpu(self, toks: list[str], mention: str, plural: bool = False) -> GpuMatch:
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
        elif "m" in core[1:] and core[core.index("m", 1) - 1].isdigit():
            # "3070m 8gb laptop": the m glued to the number is the laptop part, the words after it still count
            at = core.index("m", 1)
            tries.append([*core[:at], "mobile", *(t for t in core[at + 1 :] if t != "mobile")])
        for attempt in tries:
            key = " ".join(attempt)
            hits = self._filter(self.exact.get(key, []), brands, attempt)
            if len({i for i, _ in hits}) == 1:
                i, assumed = hits[0]
                ties = self._generation_ties(i, attempt) if key not in self.curated else []
                if ties:  # "rtx 6000": the Quadro RTX 6000 or the RTX 6000 Ada Generation, equally
                    return GpuMatch(mention, "ambiguous", candidates=(self.names[i], *self._rank(ties)))
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
        mem = memory_of_mention(core)
        studio = self._studio_of_memory(toks, mention)
        if studio is not None:
            return studio
        configured = self._apple_config(toks, brands, mention)
        if configured is not None:
            return configured
        if mem is not None:
            rest = [t for j, t in enumerate(core) if j not in mem[1]]
            inner = self.gpu(([b for b in brands] + rest), mention, plural)
            if inner.status == "ok" and (
                abs((self.memory_of(inner.name or "") or 0) - mem[0]) < 0.5 or f" {mem[0]:g} GB" in f" {inner.name}"
            ):  # "ai max 395 128g": a device named by its whole memory (the GPU may use part of it)
                return inner
            if inner.status == "ambiguous":
                same = tuple(n for n in inner.candidates if abs(self.memory[self._by_name[n]] - mem[0]) < 0.5)
                if len(same) == 1:
                    return GpuMatch(mention, "ok", same[0], assumed=True, how="variant")
                if same:
                    return GpuMatch(mention, "ambiguous", candidates=same)
            if inner.status == "ok" and inner.name and not near:
                near = [self._by_name[inner.name]]  # "2080 ti 22gb": the 11 GB card is the nearest real one
        base = [t for t in core if t not in VARIANT_WORDS or t == "gb"]
        if not near and mem is None and base != core and any(t[0].isdigit() for t in base):
            inner = self.gpu(brands + base, mention, plural)  # "4090 ti": the 4090 is the nearest real card
            if inner.status == "ok" and inner.name:
                near = [self._by_name[inner.name]]
        if len(near) > 1 and self._tiers_only(near, core):
            return GpuMatch(mention, "ambiguous", candidates=self._rank(near))  # "radeon 7900": XTX, XT or GRE?
        prefix = {t for t in head_tokens(core) if t.isalpha()}
        suggestions = self._rank([i for i in near if self._same_class(i, prefix)])[:3]
        more = tuple(n for n in self.suggest(core, brands) if n not in suggestions)
        return GpuMatch(mention, "unknown", candidates=(suggestions + more)[:3])

    def _apple_config(self, toks: list[str], brands: list[str], mention: str) -> GpuMatch | None:
        """ "m3 ultra mac studio 256gb", "m4 max 64gb macbook pro": an Apple chip with a memory size the KB does
        not hold is that chip in that configuration, "Apple M3 Ultra 256 GB" (the reader derives its spec:
        kb/memory_configs.py); the Mac's own words (mac, studio, mini, macbook (pro), air) name no chip."""
        kept = [t for k, t in enumerate(toks) if not (t == "pro" and k > 0 and toks[k - 1] == "macbook")]
        core = [t for t in core_tokens([t for t in kept if t not in APPLE_DEVICE_WORDS])]
        mem = memory_of_mention(core)
        if mem is None:
            return None
        inner = self.gpu(brands + [t for j, t in enumerate(core) if j not in mem[1]], mention)
        if inner.status == "unknown":
            return None
        chips = {apple_chip(n) for n in ([inner.name] if inner.name else inner.candidates)}
        if len(chips) != 1 or None in chips:
            return None
        name = f"{chips.pop()} {mem[0]:g} GB"
        return GpuMatch(mention, "ok", name, how="exact" if name in self._by_name else "config")

    def _studio_of_memory(self, toks: list[str], mention: str) -> GpuMatch | None:
        """ "mac studio 192gb", "mac studio 192g": a Mac Studio named by its memory and no chip is the Max or Ultra
        chip the KB holds with exactly that memory (the M2 Ultra 192 GB), never the Mac Studio of the alias with
        another memory; several such chips are asked back; None when none or no such mention."""
        if "studio" not in toks and "macstudio" not in toks:
            return None
        rest = [t for t in toks if t not in APPLE_DEVICE_WORDS and t not in BRAND]
        mem = memory_of_mention(rest)
        if mem is None or len(rest) != 2:
            return None
        held = [
            i
            for i, name in enumerate(self.names)
            if self.vendor[i] == "Apple"
            and abs(self.memory[i] - mem[0]) < 0.5
            and (apple_chip(name) or "").split()[-1].lower() in STUDIO_TIERS
        ]
        if len(held) == 1:
            return GpuMatch(mention, "ok", self.names[held[0]], assumed=True, how="variant")
        return GpuMatch(mention, "ambiguous", candidates=self._rank(held)) if held else None

    def _soft(self, i: int) -> frozenset[str]:
        """Words of product i's name a mention may leave out; an Apple chip's Pro / Max / Ultra is its tier
        (a Mac mini M4 is not an M4 Pro)."""
        return APPLE_SOFT if self.vendor[i] == "Apple" else SOFT

    def _generation_ties(self, i: int, core: list[str]) -> list[int]:
        """Products that the mention names as well as it names product i: the same model number and
        vendor, only an architecture name added ("rtx 6000" -> RTX 6000 Ada Generation, "titan x" ->
        TITAN X Pascal). A variant word (Ti, SUPER, D, a memory size) makes another product, not a tie."""
        need = set(core)
        out = []
        for j in self.postings.get(next((t for t in core if t[0].isdigit()), core[0]), []):
            if j == i or self.vendor[j] != self.vendor[i] or self.mobile[j] != self.mobile[i] or self.memory[j] < 4:
                continue
            extra = self.cores[j] - need - self.varparts[j] - SOFT
            if (
                need <= self.cores[j]
                and extra
                and extra <= ARCHITECTURE_WORDS | {"generation"}
                and extra & ARCHITECTURE_WORDS
            ):
                out.append(j)
        return out

    def _tiers_only(self, idx: list[int], core: list[str]) -> bool:
        """Every candidate is the mention plus tier words only ("7900" -> 7900 XTX / XT / GRE)."""
        need = set(core)
        if any(self.vendor[i] == "Apple" for i in idx):
            return False  # "mac mini m4": the base M4 is a chip of its own, not the M4 Pro or Max
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
        found = [self.postings.get(t) for t in set(core)]
        sets: list[list[int]] = [hits for hits in found if hits is not None]
        if not sets or len(sets) < len(found):
            return None
        smallest = min(sets, key=len)
        base = set(smallest)
        for hits in sets:
            base &= set(hits)
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
        if "mobile" in need or not ("max" in need and "q" in need):  # a Max-Q may be either: its name says which
            cands = [i for i in cands if self.mobile[i] == ("mobile" in need)]
        if not cands:
            return None
        same, variant, chip, arch, other = [], [], [], [], []
        for i in cands:
            extra = self.cores[i] - need - self._soft(i)
            if not extra:
                same.append(i)
            elif extra <= self.varparts[i]:
                variant.append(i)
            elif extra <= self.varparts[i] | self.chipparts[i]:
                chip.append(i)
            elif extra <= ARCHITECTURE_WORDS:  # "rtx pro 6000 max-q": the Blackwell one, the only one
                arch.append(i)
            else:
                other.append(i)
        for group, assumed in ((same, False), (variant, True), (chip, False), (arch, False)):
            if not group:
                continue
            if len(group) > 1:
                keep = [i for i in group if self.memory[i] >= 2]
                group = keep or group
            if len(group) == 1:
                return "ok", group, assumed and leaves_variant(self.cores[group[0]] - need)
            default = self._default_of(core, group) if assumed else None
            if default is not None:  # "h100 80gb": the documented default H100 is one of them
                return "ok", [default], True
            return "ambiguous", group, False
        return "near", [i for i in other if self.memory[i] >= 2] or other, False

    def _default_of(self, core: list[str], group: list[int]) -> int | None:
        """The curated default of the mention's family ("a100" -> A100 SXM4 80 GB) if it is in `group`."""
        mem = memory_of_mention(core)
        family = [t for j, t in enumerate(core) if mem is None or j not in mem[1]]
        hits = self.exact.get(" ".join(family), [])
        return next((i for i, _ in hits if i in group), None) if len(hits) == 1 else None

    def _rank(self, idx) -> tuple[str, ...]:
        order = sorted(set(idx), key=lambda i: (self.mobile[i], -self.memory[i], len(self.names[i]), self.names[i]))
        return tuple(self.names[i] for i in order[:6])

    def suggest(self, core: list[str], brands=(), limit: int = 3) -> tuple[str, ...]:
        """Up to `limit` KB names near the mention's core (rapidfuzz), remembered per index."""
        key = (tuple(core), frozenset(brands), limit)
        if key not in self._suggested:
            self._suggested[key] = self._suggest_now(core, brands, limit)
        return self._suggested[key]

    def _suggest_now(self, core: list[str], brands, limit: int) -> tuple[str, ...]:
        if self._suggest is None or self._suggest_idx is None:
            keys: list[str] = []
            owners: list[int] = []
            for k, hits in self.exact.items():
                for i, _ in hits:
                    if self.memory[i] >= 2:
                        keys.append(k)
                        owners.append(i)
            self._suggest, self._suggest_idx = keys, owners
        suggest_keys, suggest_idx = self._suggest, self._suggest_idx
        q = " ".join(core)
        from rapidfuzz import fuzz, process  # only suggestions and typos need it: not imported at start-up

        res = process.extract(q, suggest_keys, scorer=fuzz.ratio, processor=None, limit=40, score_cutoff=SUGGEST_CUTOFF)
        qnum = next((float(t) for t in core if t.isdigit()), None)
        if qnum is not None:  # the cards of the mention's own model number, however far the words around it
            number = str(int(qnum))
            seen = {r[2] for r in res}
            res += [(k, 0.0, j) for j, k in enumerate(suggest_keys) if j not in seen and number in k.split()]
        mhead = head_tokens(core)
        prefix = {t for t in mhead if t.isalpha()}
        mob = "mobile" in core or ("max" in core and "q" in core)

        def rank(r):
            i = suggest_idx[r[2]]
            knum = next((float(t) for t in suggest_keys[r[2]].split() if t.isdigit()), None)
            dist = abs(knum - qnum) if (qnum is not None and knum is not None) else 1e9
            same_len = qnum is not None and knum is not None and len(str(int(qnum))) == len(str(int(knum)))
            # the card with the mention's own model number first ("5080 super 24gb" -> RTX 5080, not the 2080 SUPER)
            return (self.mobile[i] != mob, dist != 0, not same_len, -round(r[1]), dist, len(self.names[i]))

        out: list[str] = []
        vendors = {VENDOR_WORDS[b] for b in brands if b in VENDOR_WORDS}
        series = {b for b in brands if b not in VENDOR_WORDS}
        for r in sorted(res, key=rank):
            i = suggest_idx[r[2]]
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
