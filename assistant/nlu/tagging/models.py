"""Model mentions: names the KB holds ("llama 3 70b"), a family with a size it lacks (ambiguous or
unknown), and unknown names right before a size ("falcon 180b"), answered for the size.

Contract: `try_model(i)` adds a MODEL (or UNKNOWN_MODEL + PARAMS) tag at token i and returns the
index after it, or None; `try_brand(i)` does the same for a Chinese brand of a model family (lists
`model_brand_<family>` of the lexicon: "千问" -> qwen), a brand whose family the KB lacks being an
unknown model; `unknown_model_before` turns name words already passed into UNKNOWN_MODEL; `sized_families()`, after the
loop, narrows a family mention left ambiguous to the one model size the question states elsewhere, in any order.
"""

from __future__ import annotations

import re

from assistant.nlu.lookup import model_versions
from assistant.nlu.lookup.matches import ModelMatch
from assistant.nlu.tagging.base import Tag, TaggerBase, number_or_none
from assistant.nlu.tagging.words import FAMILY_WORDS, NOT_A_NAME

_NAME_GAPS = ("", "(", "-")  # what may stand between a model's name and its size ("nanogpt (124m)", "mpt-30b")

# words that join two things in a question, never part of a model's name ("llama 3 8b and 70b")
# letters glued to a number that state a setting, not a model's code: "r64" (LoRA rank), "q4", "t5", "x8", "bs8"
_SETTING_LETTERS = frozenset({"q", "t", "x", "bs", "lr", "s", "ep"})
_JOINERS = frozenset({"and", "or", "vs", "versus", "with", "for", "than", "then", "the", "on", "in", "at", "to"})
_FORMS: dict[tuple[frozenset[str], str | None], dict[str, tuple[list[str], ...]]] = {}
_FAMILIES: dict[int, tuple[object, frozenset[str]]] = {}  # per lexicon (by id, held with it so an id is not reused)
_HELD: dict[int, tuple[object, frozenset[str]]] = {}  # per name index: the words of the names of the models it holds


_SENTENCE_END = re.compile(r"[.!?;,，。！？；]\s")  # punctuation then a space: what follows is another clause


def _word_forms(listed: frozenset[str], sep: str | None = None) -> dict[str, tuple[list[str], ...]]:
    """The words of a lexicon list split into tokens (`str.split(sep)`), by their first token: a reader
    compares only the words that can start at a token."""
    key = (listed, sep)
    found = _FORMS.get(key)
    if found is None:
        table: dict[str, list[list[str]]] = {}
        for w in listed:
            parts = w.split(sep)
            table.setdefault(parts[0] if parts else "", []).append(parts)
        found = _FORMS[key] = {first: tuple(forms) for first, forms in table.items()}
    return found


class ModelTagging(TaggerBase):
    # models ---------------------------------------------------------------------------------
    def unknown_model_before(self, i: int, end: int, params: float) -> bool:
        """Name words right before a size ("falcon 180b", "starcoder2 15b", "command r 35b") that nothing
        else read: an UNKNOWN_MODEL tag (the question is answered for the size, and says the name is not known).
        A video model's name with its size ("wan 2.2 14b", lexicon [lists] video_models) is known (intents/video
        reads it from the text): no tag, and True (the size is part of the name, no model size of its own)."""
        toks, tt = self.toks, self.tt
        k = i
        words = set(self._unknown_toks[-4:])
        while k > 0 and i - k < 4 and self.gap(k - 1) in _NAME_GAPS:
            prev = k - 1
            if prev in words and toks[prev].kind == "word" and tt[prev] not in NOT_A_NAME and not _gerund(tt[prev]):
                k = prev
            elif (
                toks[prev].kind == "num" and len(tt[prev]) <= 4 and prev - 1 in words and tt[prev - 1] not in NOT_A_NAME
            ):
                k = prev  # "starcoder2", "olmo 2"
            else:
                break
        if k == i or not any(toks[x].kind == "word" and len(tt[x]) >= 2 for x in range(k, i)):
            return False
        while self.tags and self.tags[-1].start >= toks[k].start:
            self.tags.pop()  # a version number ("olmo 2") is part of the name
        while self._unknown_toks and self._unknown_toks[-1] >= k:
            self._unknown_toks.pop()
            self.unknown.pop()
        name = _name(self.span(k, end))
        if name.lower() in self.lex.listed("video_models"):
            return True
        release = model_versions.point_release(name, self.index.model_info)
        if release:  # "llama 3 405b": the one release of that line at that size (Llama 3.1 405B), said by the answer
            self.tags.append(Tag("MODEL", ModelMatch(name, "ok", release), name, toks[k].start, toks[end - 1].end))
            return False
        self.tags.append(Tag("UNKNOWN_MODEL", {"params_b": params}, name, toks[k].start, toks[end - 1].end))
        return False

    def _bare_r1(self, i: int) -> bool:
        """ "r1" typed alone as a model ("can 4x 3090 run r1", "4张3090 跑r1"), no KB alias starting there."""
        tt = self.tt
        return tt[i : i + 2] == ["r", "1"] and self.toks[i + 1].glued and (i == 0 or tt[i - 1] != "deepseek")

    def _r1(self, i: int) -> int:
        """ "r1" is DeepSeek R1 (the 671B model people mean by it); "r1 distill" (and "r1蒸馏版") the R1 distills,
        asked which or answered for every size; a size after it was an alias of its distill (never here)."""
        if i + 2 < len(self.tt) and self.tt[i + 2] in self._family_variants("deepseek"):
            found = self._family_model(i, "deepseek", i + 2, named_to=i + 2)
            if found is not None:
                return found
        return self.add("MODEL", ModelMatch(self.span(i, i + 2), "ok", "deepseek-r1"), i, i + 2)

    def _family_of_variant(self, i: int, j: int, other: int) -> str | None:
        """The family word at token i when the words j..other after an alias are variant words of that family's
        models ("deepseek r1 distill": the R1 distills of the deepseek family), else None."""
        family = self.tt[i]
        if other <= j or family not in self.index.model_families:
            return None
        named = self._family_variants(family)
        return family if named and all(w in named for w in self.tt[j:other]) else None

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
        found = [
            (len(w), family)
            for w, family in self.lex.brands_by_first_char.get(rest[:1], ())
            if rest.startswith(w) and all(self.toks[k].kind == "cjk" for k in range(i, min(i + len(w), len(self.toks))))
        ]
        if not found or any(rest.startswith(w) for w in self.lex.listed("video_models")):
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
        if any(tt[i : i + len(form)] == form for form in _word_forms(self.lex.listed("runtime_names")).get(tt[i], ())):
            return None  # "llama.cpp" is software for running models, not a Llama model
        if tt[i : i + 2] == ["r", "1"] and self.toks[i + 1].glued and self._full_weights_near(i, i + 2):
            if "deepseek-r1" in self.index.model_info:  # "满血r1": DeepSeek R1 itself, not a distill
                return self.add("MODEL", ModelMatch(self.span(i, i + 2), "ok", "deepseek-r1"), i, i + 2)
        if self._unknown_family_words(i) > 1 and not self._held_words(i + 1, i + self._unknown_family_words(i)):
            return None  # "gpt-sovits": a family the KB lacks, named by more words than the known "gpt" it starts with
        hit = self.index.model_at(tt, i)
        if not hit and self._bare_r1(i):
            return self._r1(i)
        if hit:
            used, key = hit
            j = i + used
            # "qwen2.5 7b instruct 1m": the name said its size; a number after it is no other size (1M is its context)
            size = None if any(self._size_at(k) for k in range(i, j)) else self._size_at(j)
            named = j
            while size is None and named < min(n, j + 2) and self._name_word(named):
                named += 1  # "mistral large 123b", "llama 3.3 nemotron super 49b": name words before the size
                size = self._size_at(named)
            j = named if size is not None else j
            known = self.index.model_info.get(key, ("", 0.0))[1]
            if size is None:
                other = self._variant_end(j, key)
                family = self._family_of_variant(i, j, other)
                if family is not None:  # "deepseek r1 distill": the family's models with that word, asked which
                    return self._family_model(i, family, j, named_to=j)
                if other > j:  # "mistral medium 3", "flux 2 dev", "kimi k2.5", "sdxl turbo": another model
                    return self._not_this_model(i, other, (key,))
            if size is not None and known and abs(size[0] - known) > max(0.6, 0.08 * known):
                # "mistral 24b", "llama 3.2 11b vision", "mistral large 123b": a size the matched model does not
                # have is another model (never the matched one: that would answer about a different model)
                cands = self._without_variants(self.index.models_like(self.index.model_info[key][0], size[0]), i, j)
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
        if tt[i] in self.lex.listed("generic_model_families") and not (
            i + 1 < len(tt) and self.toks[i + 1].kind == "num"
        ):
            return None  # "a 350m gpt", "350m的gpt": a GPT-style model (the size said), not GPT-2 or gpt-oss
        before = self._size_before(i)
        version = i + 1 < len(tt) and self.toks[i + 1].kind == "num" and self._size_at(i + 1) is None
        if (
            before is not None and not version
        ):  # "a 350m gpt", "a 7b llama": the size names which one (or a model of that size)
            cands = self._without_variants(self.index.models_like(tt[i], before), i, i + 1)
            if not cands:  # no such model of the family: a model of the size stated ("a 350m gpt")
                if self.tags and self.tags[-1].kind != "PARAMS" and self.tags[-1].start == self.toks[i - 2].start:
                    self.tags.pop()
                    return self.add("PARAMS", before, i - 2, i + 1)
                return i + 1
            status = "ok" if len(cands) == 1 else "ambiguous"
            match = ModelMatch(tt[i], status, cands[0] if status == "ok" else None, () if status == "ok" else cands)
            return self.add("MODEL", match, i, i + 1)
        return self._family_model(i, tt[i], i + 1)

    def _family_model(self, i: int, family: str, j: int, brand: bool = False, named_to: int = 0) -> int | None:
        """A family word at token i (or a brand naming it) with a version and size up to token j onwards:
        the one model it names, the candidates, or an unknown model. A brand alone whose family the KB
        lacks ("混元", "豆包") is an unknown model, said, never another one. Tokens before `named_to` are a name
        already read ("r1" of "r1 distill"), no version."""
        tt, n = self.tt, len(self.tt)
        params = None
        named = self._family_variants(family)
        variants: set[str] = set()
        while j < n and j - i <= 6:
            t = self.toks[j]
            if j > i and _SENTENCE_END.search(self.text[self.toks[j - 1].end : t.start]):
                break  # "running llama. 5h of inference a day": the sentence ended after the family
            if t.kind == "word" and tt[j] in named:  # "deepseek distill" (from "deepseek蒸馏版"), "qwen coder"
                variants.add(tt[j])
                j += 1
                continue
            if t.kind == "num" and j + 1 < n and tt[j + 1] in ("b", "billion") and params is None:
                params = number_or_none(t.text)
                j += 2
                continue
            if t.kind == "num" and len(t.text) <= 3 and params is None and not self._counts_something(j):
                if self.full_time(j):  # "running llama 24/7": round the clock, not a version of the family
                    break
                j += 1
                continue
            if tt[j] in FAMILY_WORDS and t.glued is False and j > i + 1:
                j += 1
                continue
            break
        other = self._variant_end(j, None, family=family) if params is None else j
        if other > j:  # "llama 4 behemoth", "deepseek v3.1", "qwen 2.5 max 72b": a variant no model of the KB has
            return self._not_this_model(i, other, self.index.models_like(family, None)[:6])
        mention = self.span(i, j)
        cands = self.index.models_like(family, params)
        if variants:  # the variant words said keep the models whose names have them
            cands = tuple(c for c in cands if variants <= self._name_tokens(c))
        version = [
            tt[k]
            for k in range(max(i + 1, named_to), j)
            if self.toks[k].kind == "num" and (k + 1 >= n or tt[k + 1] != "b")
        ]
        if version and cands:
            narrowed = tuple(c for c in cands if version[0] in c.replace("-", " ").replace(family, "", 1).split())
            cands = narrowed or ()
        if brand and len(cands) > 1 and params is not None:  # "千问2.5 32b": Qwen2.5 32B, not the Coder
            said = {*version, f"{params:g}b"}
            plain = [c for c in cands if set(c.replace("-", " ").replace(family, "", 1).split()) <= said]
            cands = tuple(plain) if len(plain) == 1 else cands
        if params is not None:
            sized = cands
            cands = self._without_variants(cands, i, j)  # "qwen2.5 3b" is not Qwen2.5-Coder 3B
            cands = cands or model_versions.distill_alone(sized)  # "deepseek 70b": the R1 distill, said in a note
            cands = self._of_named_size(cands, params)  # "qwen 32b": Qwen3 32B, not the 30B-A3B near it
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

    def _family_variants(self, family: str) -> frozenset[str]:
        """The variant words (lexicon model_variant_words) in the names of the family's models ("distill" of the
        DeepSeek-R1 distills when the family is deepseek): said after the family word, they belong to the mention."""
        words = self.lex.listed("model_variant_words")
        return frozenset(w for m in self.index.models_like(family, None) for w in self._name_tokens(m) & words)

    def try_unknown_family(self, i: int) -> int | None:
        """A model of a family the KB does not hold ("minimax m2", "ltx video", "command r plus", "sd 3.5 medium",
        lexicon [lists] unknown_model_families), with its variant words and size: said not to be in the list."""
        if self.tt[i] not in _word_forms(self._families(), " "):
            return None  # no family the KB lacks starts with this word
        if i > 0 and self._counts_something(i - 1) and self.toks[i - 1].kind == "num":
            return None  # "a 2000 step lora": the steps counted, not StepFun's Step
        hit = self.lex.match(self.tt, i)
        used = self._unknown_family_words(i)
        if not used or (hit and hit[0] > used):
            return None
        return self._not_this_model(i, self._variant_end(i + used, None, loose=True), ())

    def _held_words(self, i: int, j: int) -> bool:
        """Some token i..j is a number or a word of a model name the KB holds ("flux 2", "qwen image", "sd 3.5"):
        the known model may be meant; "sovits" of "gpt sovits" is none."""
        held = _HELD.get(id(self.index))
        if held is None or held[0] is not self.index:
            names = frozenset().union(*(self._name_tokens(k) for k in self.index.model_info))
            held = _HELD[id(self.index)] = (self.index, names)
        return any(self.toks[k].kind == "num" or self.tt[k] in held[1] for k in range(i, j))

    def _unknown_family_words(self, i: int) -> int:
        """How many words from token i name a family the KB lacks (the longest; 0 when none)."""
        if self.tt[i] not in _word_forms(self._families(), " "):
            return 0
        families = self._families()
        return next((k for k in range(min(4, len(self.tt) - i), 0, -1) if " ".join(self.tt[i : i + k]) in families), 0)

    def _families(self) -> frozenset[str]:
        """The families the KB lacks, one set per lexicon (asked at every token: a new union each time was hashed
        again by `_word_forms`)."""
        held = _FAMILIES.get(id(self.lex))
        if held is None or held[0] is not self.lex:
            # nlu/messages.py names each as its kind (vision words stay workloads)
            kinds = ("video", "image", "speech", "science", "ocr", "restore")
            families = self.lex.listed("unknown_model_families").union(
                *(self.lex.listed(f"unknown_{k}_families") for k in kinds)
            )
            held = _FAMILIES[id(self.lex)] = (self.lex, families)
        return held[1]

    def _variant_end(self, j: int, key: str | None, loose: bool = False, family: str | None = None) -> int:
        """The end of the variant words right after a model name at token j that the name `key` lacks
        ("medium 3", "2 dev", "k2.5", "turbo", "reasoning plus", "v3.1"): j when there are none. `loose`: a version
        number alone counts too (after a family the KB lacks: "grok 2.5", "mochi 1"). `family`: words of any of its
        models' names are no variant ("kimi k2" after a brand word)."""
        tt, toks, n = self.tt, self.toks, len(self.tt)
        words = self.lex.listed("model_variant_words")
        known = [key] if key else list(self.index.models_like(family, None)) if family else []
        name = set().union(*(self._name_tokens(m) for m in known)) if known else set()
        codes = set().union(*(self._name_codes(m) for m in known)) if known else set()  # "k2" of Kimi K2
        k, seen = j, False
        while k < n and k - j < 5:
            w, t = tt[k], toks[k]
            if (
                self._size_at(k) is not None
                or w in _JOINERS
                or self.gpu_start(k) == "brand"
                or self.gap(k - 1) not in ("", "-")
            ):
                break  # "flux, 1200 budget": a comma ends the name; a hyphen joins it ("qwen2.5-vl")
            if w in words and w not in name and not (k == j and self._output_noun(k, known)):
                k, seen = k + 1, True
                continue
            if self._code_at(k) and w + tt[k + 1] not in codes:  # "k2.5", "v3.1", "m2", "i1", "e4b"
                k += 2
                if k < n and tt[k] == "b" and toks[k].glued:
                    k += 1
                seen = True
                continue
            glued = t.kind == "word" and t.glued and k > j and toks[k - 1].kind == "num" and len(w) <= 2  # "3n"
            version = (
                t.kind == "num"
                and len(t.text.replace(".", "")) <= 2
                and not (k + 1 < n and toks[k + 1].glued)
                and not self._counts_something(k)
            )
            if (glued or version) and (seen or loose or k + 1 < n and tt[k + 1] in words) and w not in name:
                k, seen = k + 1, True
                continue
            if version and w not in name and k == j and key is not None and self._differs_in_version(key, w):
                k, seen = k + 1, True  # "flux 2": FLUX.1 is another version
                continue
            break
        return k if seen else j

    def _counts_something(self, k: int) -> bool:
        """The number at token k counts what the word after it names ("sdxl 8 images", "flux 20 steps", "3 epochs";
        lexicon counted_nouns), the cards counted ("deepseek 8 卡", "qwen 4 gpus"; card_count_nouns) or a number after a
        comma: a quantity of the question, never a model's version."""
        if k > 0 and "," in self.gap(k - 1):
            return True  # "满血 deepseek，8 卡一台": the clause ended before the number
        return k + 1 < len(self.tt) and (
            self.tt[k + 1] in self.lex.listed("counted_nouns") or self.tt[k + 1] in self.lex.listed("card_count_nouns")
        )

    def _output_noun(self, k: int, known: list[str]) -> bool:
        """Token k names what an image model makes ("sdxl image", "flux pics"; lexicon image_outputs), right after the
        name of image models only: the noun of the sentence, not a variant ("qwen image" stays another model)."""
        if self.tt[k] not in self.lex.listed("image_outputs") or not known:
            return False
        return all(self.index.model_kind(m) == "image" for m in known)

    def _size_before(self, i: int) -> float | None:
        """A model size typed right before token i ("350m gpt", "7b llama"), in billions; None when there is none."""
        toks, tt = self.toks, self.tt
        if i < 2 or self.gap(i - 1) or toks[i - 2].kind != "num" or not toks[i - 1].glued:
            return None
        v = number_or_none(tt[i - 2])
        if v is None or tt[i - 1] not in ("b", "m"):
            return None
        return v if tt[i - 1] == "b" else v / 1000.0

    def _without_variants(self, cands: tuple[str, ...], i: int, j: int) -> tuple[str, ...]:
        """The candidates whose names add no variant word to what tokens i..j say ("qwen2.5 3b" is not
        Qwen2.5-Coder 3B: with no other 3B Qwen2.5 it is a model the KB does not hold)."""
        return self._plain(cands, set(self.tt[i:j]))

    def _plain(self, cands: tuple[str, ...], said: set[str]) -> tuple[str, ...]:
        words = self.lex.listed("model_variant_words")
        return tuple(c for c in cands if not ((self._name_tokens(c) - said) & words))

    @staticmethod
    def _of_named_size(cands: tuple[str, ...], size: float) -> tuple[str, ...]:
        """The candidates whose key names `size` ("32b": Qwen3 32B, not the 30B-A3B near it); all when none does."""
        named = tuple(c for c in cands if f"{size:g}b" in c.split("-"))
        return named or cands

    def vague_families(self) -> None:
        """ "worth it for llama stuff", "a card for qwen models", "sd things": a family left ambiguous followed by a
        word of [lists] vague_family_nouns names the kind of work, not one model: a WORKLOAD tag (local LLMs, or image
        generation for an image family) with meanings["FAMILY"] = the mention, which the answer names."""
        kinds = {"llm": "llm_inference", "image": "image_generation"}
        for k, t in enumerate(self.tags):
            if t.kind != "MODEL" or t.model_match().status != "ambiguous":
                continue
            rest = self.text[t.end :].lower().split()
            noun = next((w for w in self.lex.listed("vague_family_nouns") if rest[: len(w.split())] == w.split()), None)
            families = {self.index.model_info[c][3] for c in t.model_match().candidates if c in self.index.model_info}
            if noun is None or len(families) != 1 or next(iter(families)) not in kinds:
                continue
            workload = kinds[next(iter(families))]
            meanings = {"WORKLOAD": workload, "FAMILY": t.text}
            self.tags[k] = Tag("WORKLOAD", workload, t.text, t.start, t.end, meanings)

    def sized_families(self) -> None:
        """A family mention left ambiguous ("qwen", "llama 3.1", "千问") and ONE model size stated elsewhere in the
        question, before or after it ("32b的qwen", "qwen的32b", "70b llama 3.1", "8b的llama3"): the family's models
        of that size replace the candidates (one model: resolved; versions of one size: the check takes the newest).
        No model of the family has that size: a model the KB does not hold, answered for the size, said."""
        from assistant.nlu.text import words

        inside_unknown = [(t.start, t.end) for t in self.tags if t.kind == "UNKNOWN_MODEL"]
        sizes = {
            t.number()
            for t in self.tags
            if t.kind == "PARAMS" and not any(s <= t.start and t.end <= e for s, e in inside_unknown)
        }
        if len(sizes) != 1:
            return
        size = sizes.pop()
        for k, t in enumerate(self.tags):
            if t.kind != "MODEL" or t.model_match().status == "ok":
                continue
            m = t.model_match()
            if m.status == "unknown":  # "qwen4出了没 72b的话要多大显存": a version the KB lacks, at the size stated
                self.tags[k] = Tag("UNKNOWN_MODEL", {"params_b": size}, t.text, t.start, t.end, t.meanings)
                continue
            near = max(0.6, 0.08 * size)
            at_size = tuple(
                c
                for c in m.candidates
                if abs(self.index.model_info[c][1] - size) <= near or f"{size:g}b" in c.split("-")
            )
            at_size = self._of_named_size(at_size, size)
            said = {self.tt[x] for x, tok in enumerate(self.toks) if t.start <= tok.start and tok.end <= t.end}
            at_size = self._plain(
                at_size, said | set(words(m.mention))
            )  # "deepseek蒸馏版" was read as "deepseek distill"
            if len(at_size) == len(m.candidates):
                continue
            if not at_size:
                self.tags[k] = Tag("UNKNOWN_MODEL", {"params_b": size}, t.text, t.start, t.end, t.meanings)
            elif len(at_size) == 1:
                self.tags[k] = Tag("MODEL", ModelMatch(m.mention, "ok", at_size[0]), t.text, t.start, t.end, t.meanings)
            else:
                self.tags[k] = Tag(
                    "MODEL", ModelMatch(m.mention, "ambiguous", candidates=at_size), t.text, t.start, t.end
                )

    def _code_at(self, k: int) -> bool:
        """A short model code at token k: one or two letters glued to a small version number ("v2", "k2.5", "m2",
        "i1", "e4b"), not a phrase of the lexicon ("q4", "fp8") nor a GPU ("v100", "a6000")."""
        tt, toks = self.tt, self.toks
        if k + 1 >= len(tt) or toks[k].kind != "word" or len(tt[k]) > 2 or tt[k] in _SETTING_LETTERS:
            return False
        num = toks[k + 1]
        if num.kind != "num" or not num.glued or len(num.text.replace(".", "")) > 2:
            return False
        if tt[k] == "r" and not (num.text.isdigit() and int(num.text) < 8):
            return False  # "deepseek r2" is a model code, "r64" / "r16" a LoRA rank
        hit = self.lex.match(tt, k)
        return not (hit and hit[0] >= 2)

    def _name_codes(self, key: str) -> set[str]:
        """Letter codes glued to their number in a model's name ("Kimi K2" -> k2, "DeepSeek V3" -> v3)."""
        from assistant.nlu.text import words

        toks = words(f"{key.replace('-', ' ')} {self.index.model_name(key)}")
        return {a + b for a, b in zip(toks, toks[1:], strict=False) if a.isalpha() and len(a) <= 2 and b[:1].isdigit()}

    def _name_tokens(self, key: str) -> set[str]:
        from assistant.nlu.text import words

        return set(words(f"{key.replace('-', ' ')} {self.index.model_name(key)}"))

    def _differs_in_version(self, key: str, number: str) -> bool:
        """The model's name has a version number and `number` is another one ("flux 2" vs FLUX.1 [dev])."""
        own = [w for w in self._name_tokens(key) if w.replace(".", "").isdigit() and len(w) <= 3]
        return bool(own) and number not in own

    def _not_this_model(self, i: int, j: int, near: tuple[str, ...]) -> int:
        """Tokens i..j name a model the KB does not hold: with a size after them, an UNKNOWN_MODEL answered for
        the size; without, a MODEL that is unknown (asked back with the nearest known models)."""
        size = self._size_at(j)
        if size is not None:
            return self._unknown_model(i, j, size)
        said = set(self.tt[i:j])
        near = tuple(sorted(near, key=lambda k: -len(said & self._name_tokens(k))))  # "deepseek v3.1": V3 first
        return self.add("MODEL", ModelMatch(self.span(i, j), "unknown", candidates=near), i, j)

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
        """An UNKNOWN_MODEL tag for tokens i..j and its size; then a PARAMS tag for the size. The one release of that
        line at that size when the name lacks only its point ("llama 3 405b": Llama 3.1 405B), said by the answer."""
        end = j + size[1]
        release = model_versions.point_release(_name(self.span(i, end)), self.index.model_info)
        if release:
            return self.add("MODEL", ModelMatch(_name(self.span(i, end)), "ok", release), i, end)
        self.tags.append(
            Tag(
                "UNKNOWN_MODEL",
                {"params_b": size[0]},
                _name(self.span(i, end)),
                self.toks[i].start,
                self.toks[end - 1].end,
            )
        )
        return self.add("PARAMS", size[0], j, end)


def _name(span: str) -> str:
    """A model's name and size as said, without the bracket between them ("nanogpt (124m" -> "nanogpt 124m")."""
    return " ".join(span.replace("(", " ").split())


def _gerund(word: str) -> bool:
    """An English -ing form ("carrying 70b models", "running 32b"): a verb before a size, never a model's name."""
    return len(word) >= 6 and word.endswith("ing") and word.isascii()
