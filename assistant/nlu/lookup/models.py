"""Model and concept lookups on the NameIndex: the KB's open models (by key, name, alias and
family) and concepts (by key, title, alias, Chinese title).

Contract: `model_at(tokens, i)` the longest model name at token i; `models_like(family, size)` the
models of a family near a size; `fix_family(word)` a typo of a family name; `concept(tokens)`
the concept key a phrase names, or None.
"""

from __future__ import annotations

from assistant.nlu.lookup import concept_terms
from assistant.nlu.lookup.data import IndexData
from assistant.nlu.text import key as text_key


class ModelLookup(IndexData):
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
        self.model_first = frozenset(k.split(" ")[0] for k in self.models)

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
        self.concept_first = frozenset(k.split(" ")[0] for k in self.concepts)
        self.concept_max = max((k.count(" ") + 1 for k in self.concepts), default=0)
        self.concept_evidence, self.evidence_first, self.evidence_max = concept_terms.evidence(concepts)

    def concept_at(self, toks: list[str], i: int) -> tuple[int, str] | None:
        """The longest concept name at token i: (tokens used, concept key), or None."""
        if i >= len(toks) or toks[i] not in self.concept_first:
            return None
        for n in range(min(self.concept_max, len(toks) - i), 0, -1):
            hit = self.concepts.get(" ".join(toks[i : i + n]))
            if hit:
                return n, hit
        return None

    # models -----------------------------------------------------------------------------
    def model_at(self, toks: list[str], i: int, max_len: int = 8) -> tuple[int, str] | None:
        if i >= len(toks) or toks[i] not in self.model_first:
            return None
        for n in range(min(max_len, len(toks) - i), 0, -1):
            k = self.models.get(" ".join(toks[i : i + n]))
            if k:
                return n, k
        return None

    def models_like(self, family: str, params_b: float | None) -> tuple[str, ...]:
        """The models of `family` of about `params_b` billion parameters, or named with that size ("qwen 7b":
        Qwen2.5 7B has 7.6 billion)."""
        out = []
        for k, (fam, p, _name, _kind) in self.model_info.items():
            if fam != family:
                continue
            if params_b is None or abs(p - params_b) <= max(0.6, 0.08 * params_b) or f"{params_b:g}b" in k.split("-"):
                out.append(k)
        return tuple(out)

    def model_kind(self, key: str) -> str | None:
        info = self.model_info.get(key)
        return info[3] if info else None

    def family_kind(self, mention: str) -> str | None:
        """The kind of a family named with no size ("llama", "flux"): the kind of most of its members ("qwen": llm,
        though its embedding and reranking models are encoders), else None."""
        fam = text_key(mention).split(" ")[0]
        kinds = [self.model_info[k][3] for k in self.models_like(fam, None)]
        top = max(set(kinds), key=kinds.count) if kinds else None
        return top if top is not None and kinds.count(top) * 2 > len(kinds) else None

    def model_params(self, key: str) -> float:
        info = self.model_info.get(key)
        return info[1] if info else 0.0

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
