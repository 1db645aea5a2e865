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
`model_at(tokens, i)` and `concept(tokens)` do the same for open models and concepts. The lookups
live in assistant/nlu/lookup/ (GpuLookup, ModelLookup mixins); this module holds the data and its build.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.nlu.lookup.gpus import GpuLookup
from assistant.nlu.lookup.matches import GpuMatch, ModelMatch
from assistant.nlu.lookup.models import ModelLookup
from assistant.nlu.lookup.name_tokens import (
    BARE_NUMBERED,
    BRAND,
    VARIANT_WORDS,
    chip_parts,
    core_tokens,
    head_tokens,
    leaves_variant,
    name_tokens,
    variant_parts,
)
from assistant.nlu.text import words


@dataclass(repr=False)
class NameIndex(GpuLookup, ModelLookup):
    """The lookups of GpuLookup and ModelLookup over the data of IndexData, built from the KB."""

    def __repr__(self) -> str:
        # a summary: the field-by-field repr is about 1 MB of text, built whenever a failing test shows its arguments
        return (
            f"NameIndex({len(self.names)} GPU names, {len(self.models)} model keys, {len(self.concepts)} concept keys)"
        )

    # construction -----------------------------------------------------------------------
    @classmethod
    def from_reader(cls, reader) -> NameIndex:
        return cls.build(reader.name_entries, getattr(reader, "models", []), getattr(reader, "concepts", []))

    @classmethod
    def build(cls, entries, models=(), concepts=()) -> NameIndex:
        names, vendor, mobile, memory, cores, heads, full = [], [], [], [], [], [], []
        exact: dict[str, list[tuple[int, bool]]] = {}
        postings: dict[str, list[int]] = {}
        varparts, chipparts, curated = [], [], set()
        full_names: dict[str, tuple[int, str, bool]] = {}
        for i, e in enumerate(entries):
            toks = name_tokens(e.name)
            core = core_tokens(toks)
            varparts.append(variant_parts(core))
            chipparts.append(chip_parts(core))
            full_names.setdefault(" ".join(toks), (i, "exact", False))
            vendor_word = (e.vendor or "").lower()
            if vendor_word and toks[0] != vendor_word:
                full_names.setdefault(" ".join([vendor_word, *toks]), (i, "exact", False))
            names.append(e.name)
            vendor.append("AMD" if e.vendor == "ATI" else e.vendor)
            # the KB says which cards are laptop parts (a Max-Q is one, except the 300 W RTX PRO 6000 Max-Q)
            mobile.append(bool(e.is_mobile) or "mobile" in core)
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
                acore = core_tokens(name_tokens(alias))
                if not acore:
                    continue
                missing = cset - set(acore)
                assumed = leaves_variant(missing)
                exact.setdefault(" ".join(acore), []).append((i, assumed))
                curated.add(" ".join(acore))
                if not any(t[0].isdigit() for t in acore):  # "dgx spark", "grace hopper": no model number to start at
                    left = cset - set(name_tokens(alias))  # "jetson orin nano": the Super, a variant word, said
                    words_assumed = leaves_variant(left) or bool(left & VARIANT_WORDS)
                    full_names.setdefault(" ".join(name_tokens(alias)), (i, "alias", words_assumed))
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

    def is_alias(self, text: str) -> bool:
        """Is the text a curated alias of knowledge/aliases.csv ("pro 6000"), by its core tokens?"""
        return " ".join(core_tokens(name_tokens(text))) in self.curated

    def names_only(self, text: str) -> bool:
        """Is the text nothing but GPU and model names, sizes and numbers ("qwen3 14b", "a100 80g", "4090")? Such
        a reply has no language of its own."""
        toks = words(text.lower())
        return bool(toks) and all(
            len(t) <= 2 or t in BRAND or t in VARIANT_WORDS or t in self.model_first or t in self.model_families
            for t in toks
            if t.isalpha()
        )


__all__ = ["GpuMatch", "ModelMatch", "NameIndex"]
