"""Model mentions: names the KB holds ("llama 3 70b"), a family with a size it lacks (ambiguous or
unknown), and unknown names right before a size ("falcon 180b"), answered for the size.

Contract: `try_model(i)` adds a MODEL (or UNKNOWN_MODEL + PARAMS) tag at token i and returns the
index after it, or None; `try_brand(i)` does the same for a Chinese brand of a model family (lists
`model_brand_<family>` of the lexicon: "千问" -> qwen), a brand whose family the KB lacks being an
unknown model; `unknown_model_before` turns name words already passed into UNKNOWN_MODEL.
"""

from __future__ import annotations

from assistant.nlu.lookup.matches import ModelMatch
from assistant.nlu.tagging.base import Tag, TaggerBase, number_or_none
from assistant.nlu.tagging.words import FAMILY_WORDS, NOT_A_NAME

# words that join two things in a question, never part of a model's name ("llama 3 8b and 70b")
_JOINERS = frozenset({"and", "or", "vs", "versus", "with", "for", "than", "then", "the", "on", "in", "at", "to"})


class ModelTagging(TaggerBase):
    # models ---------------------------------------------------------------------------------
    def unknown_model_before(self, i: int, end: int, params: float) -> None:
        """Name words right before a size ("falcon 180b", "starcoder2 15b", "command r 35b") that nothing
        else read: an UNKNOWN_MODEL tag (the question is answered for the size, and says the name is not known)."""
        toks, tt = self.toks, self.tt
        k = i
        words = set(self._unknown_toks[-4:])
        while k > 0 and i - k < 4 and not self.gap(k - 1):
            prev = k - 1
            if prev in words and toks[prev].kind == "word" and tt[prev] not in NOT_A_NAME:
                k = prev
            elif (
                toks[prev].kind == "num" and len(tt[prev]) <= 4 and prev - 1 in words and tt[prev - 1] not in NOT_A_NAME
            ):
                k = prev  # "starcoder2", "olmo 2"
            else:
                break
        if k == i or not any(toks[x].kind == "word" and len(tt[x]) >= 2 for x in range(k, i)):
            return
        while self.tags and self.tags[-1].start >= toks[k].start:
            self.tags.pop()  # a version number ("olmo 2") is part of the name
        while self._unknown_toks and self._unknown_toks[-1] >= k:
            self._unknown_toks.pop()
            self.unknown.pop()
        self.tags.append(
            Tag("UNKNOWN_MODEL", {"params_b": params}, self.span(k, end), toks[k].start, toks[end - 1].end)
        )

    def _full_weights_near(self, i: int, j: int) -> bool:
        """A word for the weights as released ("满血", "unquantized") right before or after tokens i..j."""
        start, end = self.toks[i].start, self.toks[j - 1].end
        near = self.text[max(0, start - 5) : start] + " " + self.text[end : end + 5]
        return any(w in near for w in self.lex.listed("full_weights"))

    def _brand_at(self, i: int) -> tuple[str, int] | None:
        """A Chinese maker or product name of a model family at token i ("千问", "百川", "混元"; lists
        `model_brand_<family>`): (family word, tokens used). Not inside a video model's name ("混元视频")."""
        if self.toks[i].kind != "cjk":
            return None
        rest = self.text[self.toks[i].start :]
        if any(rest.startswith(w) for w in self.lex.listed("video_models")):
            return None
        found = [
            (len(w), name.removeprefix("model_brand_"))
            for name in self.lex.lists
            if name.startswith("model_brand_")
            for w in self.lex.listed(name)
            if rest.startswith(w) and all(self.toks[k].kind == "cjk" for k in range(i, min(i + len(w), len(self.toks))))
        ]
        if not found:
            return None
        used, family = max(found)
        return family, used

    def try_brand(self, i: int) -> int | None:
        """A Chinese brand of a model family at token i ("通义千问72b", "百川2 13b", "零一万物yi 34b", "混元"):
        the model it names with what follows, read before numbers ("零一" is not a number here)."""
        brand = self._brand_at(i)
        if brand is None:
            return None
        family, used = brand
        j = i + used
        if j < len(self.tt) and self.tt[j] == family:  # "智谱glm4.5 air", "零一万物yi 34b": the name follows
            return self.try_model(j) or self._family_model(i, family, j + 1, brand=True)
        return self._family_model(i, family, j, brand=True)

    def try_model(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        if tt[i : i + 2] == ["r", "1"] and self.toks[i + 1].glued and self._full_weights_near(i, i + 2):
            if "deepseek-r1" in self.index.model_info:  # "满血r1": DeepSeek R1 itself, not a distill
                return self.add("MODEL", ModelMatch(self.span(i, i + 2), "ok", "deepseek-r1"), i, i + 2)
        hit = self.index.model_at(tt, i)
        if hit:
            used, key = hit
            j = i + used
            size = self._size_at(j)
            named = j
            while size is None and named < min(n, j + 2) and self._name_word(named):
                named += 1  # "mistral large 123b", "llama 3.3 nemotron super 49b": name words before the size
                size = self._size_at(named)
            j = named if size is not None else j
            known = self.index.model_info.get(key, ("", 0.0))[1]
            if size is not None and known and abs(size[0] - known) > max(0.6, 0.08 * known):
                # "mistral 24b", "llama 3.2 11b vision", "mistral large 123b": a size the matched model does not
                # have is another model (never the matched one: that would answer about a different model)
                cands = self.index.models_like(self.index.model_info[key][0], size[0])
                end = j + size[1]
                if len(cands) == 1:
                    return self.add("MODEL", ModelMatch(self.span(i, end), "ok", cands[0]), i, end)
                if cands:
                    return self.add("MODEL", ModelMatch(self.span(i, end), "ambiguous", candidates=cands), i, end)
                return self._unknown_model(i, j, size)
            # "llama 3 70b" style aliases may stop before a size the alias did not spell
            return self.add("MODEL", ModelMatch(self.span(i, j), "ok", key), i, j)
        if tt[i] not in self.index.model_families or self.toks[i].kind != "word":
            return None
        return self._family_model(i, tt[i], i + 1)

    def _family_model(self, i: int, family: str, j: int, brand: bool = False) -> int | None:
        """A family word at token i (or a brand naming it) with a version and size up to token j onwards:
        the one model it names, the candidates, or an unknown model. A brand alone whose family the KB
        lacks ("混元", "豆包") is an unknown model, said, never another one."""
        tt, n = self.tt, len(self.tt)
        params = None
        while j < n and j - i <= 6:
            t = self.toks[j]
            if t.kind == "num" and j + 1 < n and tt[j + 1] in ("b", "billion") and params is None:
                params = number_or_none(t.text)
                j += 2
                continue
            if t.kind == "num" and len(t.text) <= 3 and params is None:
                j += 1
                continue
            if tt[j] in FAMILY_WORDS and t.glued is False and j > i + 1:
                j += 1
                continue
            break
        mention = self.span(i, j)
        cands = self.index.models_like(family, params)
        version = [tt[k] for k in range(i + 1, j) if self.toks[k].kind == "num" and (k + 1 >= n or tt[k + 1] != "b")]
        if version and cands:
            narrowed = tuple(c for c in cands if version[0] in c.replace("-", " ").replace(family, "", 1).split())
            cands = narrowed or ()
        if brand and len(cands) > 1 and params is not None:  # "千问2.5 32b": Qwen2.5 32B, not the Coder
            said = {*version, f"{params:g}b"}
            plain = [c for c in cands if set(c.replace("-", " ").replace(family, "", 1).split()) <= said]
            cands = tuple(plain) if len(plain) == 1 else cands
        if len(cands) == 1:
            return self.add("MODEL", ModelMatch(mention, "ok", cands[0]), i, j)
        if cands and params is None and not version and self._full_weights_near(i, j):
            full = [c for c in cands if self.index.model_info[c][1] == max(self.index.model_info[x][1] for x in cands)]
            if len(full) > 1 and "deepseek-r1" in full:
                full = ["deepseek-r1"]  # "满血版deepseek": R1 (V3 shares its size; people say 满血 of R1)
            if len(full) == 1:  # "满血版deepseek": the full model of the family, not a distill
                return self.add("MODEL", ModelMatch(mention, "ok", full[0]), i, j)
        if cands:
            return self.add("MODEL", ModelMatch(mention, "ambiguous", candidates=cands), i, j)
        if params is None and not version:
            return self.add("MODEL", ModelMatch(mention, "unknown", candidates=()), i, j) if brand else None
        sizes = ((k, size) for k in range(i + 1, j) if (size := self._size_at(k)) is not None)
        size_at, size = next(sizes, (None, None))
        if size_at is not None and size is not None:  # "llama 5 70b": not in the KB, answered as a 70B model
            return self._unknown_model(i, size_at, size)
        return self.add(
            "MODEL", ModelMatch(mention, "unknown", candidates=self.index.models_like(family, None)[:6]), i, j
        )

    def _size_at(self, j: int) -> tuple[float, int] | None:
        """A model size at token j ("70b", "7 billion", "124m" glued): (billions, tokens used)."""
        tt, n = self.tt, len(self.tt)
        if j + 1 >= n or self.toks[j].kind != "num":
            return None
        v = number_or_none(tt[j])
        if v is None:
            return None
        if tt[j + 1] in ("b", "billion", "bn"):
            return v, 2
        if tt[j + 1] == "m" and self.toks[j + 1].glued:
            return v / 1000.0, 2
        return None

    def _name_word(self, k: int) -> bool:
        """Could token k be a word of a model's name ("large", "nemotron"), not a joiner or a GPU?"""
        t = self.toks[k]
        word = self.tt[k]
        return (
            t.kind == "word"
            and len(word) >= 3
            and word not in _JOINERS
            and word not in NOT_A_NAME
            and self.gpu_start(k) is None
        )

    def _unknown_model(self, i: int, j: int, size: tuple[float, int]) -> int:
        """An UNKNOWN_MODEL tag for tokens i..j and its size; then a PARAMS tag for the size."""
        end = j + size[1]
        self.tags.append(
            Tag("UNKNOWN_MODEL", {"params_b": size[0]}, self.span(i, end), self.toks[i].start, self.toks[end - 1].end)
        )
        return self.add("PARAMS", size[0], j, end)
