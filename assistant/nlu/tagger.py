"""Tag the salient pieces of a question: GPU and model mentions, numbers with units, keywords.

Contract: `tag(toks, index, lex)` turns the tokens of one question into a list of `Tag`s in
text order (the parser's token stream) plus the words it could not place. Each `Tag` has a
grammar terminal (`kind`), a value (a `GpuMatch`, `ModelMatch`, number, vocabulary value or
True) and every meaning its phrase has in the lexicon (`meanings`: "training" is both a
WORKLOAD and a fine-tuning MODE). Filler words are dropped here. Nothing is resolved against
the dialogue: pronouns stay pronouns.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz.distance import OSA

from assistant.nlu.index import BRAND, MOBILE, GpuMatch, ModelMatch, NameIndex
from assistant.nlu.lexicon import Lexicon, terminal
from assistant.nlu.text import Tok

BITS = {2: "q2_k", 3: "q3_k_m", 4: "int4", 5: "q5_k_m", 6: "q6_k", 8: "int8", 16: "fp16", 32: "fp32"}
CONTEXT_SIZES = {1, 2, 4, 8, 16, 32, 64, 128, 200, 256, 512, 1000, 1024}
BRAND_FIX = ("geforce", "radeon", "nvidia", "quadro", "tesla", "instinct")
SERIES_FIX = ("rtx", "gtx")
SUFFIX_FIX = {"tu": "ti", "ty": "ti", "tie": "ti", "supper": "super", "suoer": "super", "supr": "super",
              "sper": "super", "xtz": "xtx", "lapop": "laptop", "labtop": "laptop"}
COSTS_WORDS = frozenset({"is", "for", "at", "costs", "cost", "=", "was", "price", "now", "only"})
FAMILY_WORDS = frozenset({"instruct", "chat", "it", "base", "coder", "mini", "medium", "dev", "schnell", "xl",
                          "v", "r", "a", "x", "b", "mt", "hf", "xxl"})


@dataclass
class Tag:
    kind: str
    value: object
    text: str
    start: int
    end: int
    meanings: dict = field(default_factory=dict)


def _num(s: str) -> float | None:
    try:
        return float(s)
    except ValueError:
        return None


class _Tagger:
    def __init__(self, toks: list[Tok], text: str, index: NameIndex, lex: Lexicon):
        self.toks, self.text, self.index, self.lex = toks, text, index, lex
        self.tt = [t.text for t in toks]
        self.tags: list[Tag] = []
        self.unknown: list[str] = []
        self._fix_typos()

    # helpers --------------------------------------------------------------------------------
    def span(self, i: int, j: int) -> str:
        return self.text[self.toks[i].start:self.toks[j - 1].end]

    def add(self, kind: str, value, i: int, j: int, meanings=None) -> int:
        self.tags.append(Tag(kind, value, self.span(i, j), self.toks[i].start, self.toks[j - 1].end, meanings or {}))
        return j

    def number_at(self, i: int) -> tuple[float, int] | None:
        """A number (digits or a number word) at i: (value, tokens used)."""
        if i >= len(self.tt):
            return None
        t = self.toks[i]
        if t.kind == "num":
            return _num(t.text), 1
        if t.text in ("a", "an") and i + 1 < len(self.tt) and self.tt[i + 1] in ("couple", "pair"):
            return 2.0, 2 + (1 if i + 2 < len(self.tt) and self.tt[i + 2] == "of" else 0)
        if t.text in self.lex.numbers:
            n = 1 + (1 if t.text in ("couple", "pair") and i + 1 < len(self.tt) and self.tt[i + 1] == "of" else 0)
            return self.lex.numbers[t.text], n
        return None

    def unit(self, name: str, i: int) -> int:
        return self.lex.unit(name, self.tt, i)

    def _fix_typos(self) -> None:
        tt, toks = self.tt, self.toks
        for i, w in enumerate(tt):
            if toks[i].kind != "word":
                continue
            nxt_num = i + 1 < len(tt) and toks[i + 1].kind == "num"
            prev_num = i > 0 and toks[i - 1].kind == "num"
            if prev_num and w in SUFFIX_FIX:
                tt[i] = SUFFIX_FIX[w]
                continue
            if not nxt_num or w in BRAND or w in self.lex.phrases.get((w,), {}) or (w,) in self.lex.phrases:
                continue
            if len(w) >= 5:
                for b in BRAND_FIX:
                    if OSA.distance(w, b, score_cutoff=2) <= 2:
                        tt[i] = b
                        break
            elif len(w) == 3:
                for b in SERIES_FIX:
                    if OSA.distance(w, b, score_cutoff=1) <= 1:
                        tt[i] = b
                        break
            if tt[i] == w:
                fam = self.index.fix_family(w)
                if fam:
                    tt[i] = fam

    # numbers --------------------------------------------------------------------------------
    def try_number(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        if tt[i] in ("24",) and i + 2 < n and tt[i + 1] == "/" and tt[i + 2] == "7":
            return self.add("HOURS", {"per_week": 168.0}, i, i + 3)
        if self.toks[i].kind == "date":
            return self.add("DATE", tt[i], i, i + 1)
        money_pre = self.unit("money_before", i)
        if money_pre and self.toks[i].text != "dollar":
            got = self.number_at(i + money_pre)
            if got is None or self.toks[i + money_pre].kind != "num":
                return None
            return self._money(i, i + money_pre + got[1], got[0])
        got = self.number_at(i)
        if got is None:
            return None
        v, used = got
        j = i + used
        if self.toks[i].kind == "num" and float(v).is_integer() and 1900 <= v <= 2100 and used == 1:
            if j < n and (tt[j] in ("prices", "price", "pricing", "snapshot", "market") or
                          (i > 0 and tt[i - 1] in ("from", "of", "in", "since", "use"))):
                return self.add("DATE", str(int(v)), i, j)
        # thousands: 1.5k, 2 grand
        k = self.unit("thousand", j)
        if k and (self.toks[j].glued or tt[j] != "g"):
            jj = j + k
            if self.unit("context", jj):
                return self.add("CONTEXT", int(v * 1000), i, jj + self.unit("context", jj))
            if self.unit("tokens", jj):
                return self.add("CONTEXT", int(v * 1000), i, jj + self.unit("tokens", jj))
            m = self.unit("money_after", jj)
            if m:
                return self._money(i, jj + m, v * 1000)
            prev = self.tags[-1].kind if self.tags else ""
            if prev in ("UNDER", "BUDGET") or v not in CONTEXT_SIZES or (jj < n and tt[jj] in ("budget", "dollars")):
                return self._money(i, jj, v * 1000)
            return self.add("CONTEXT", int(v * 1000), i, jj)
        m = self.unit("money_after", j)
        if m:
            if j + m < n and self.unit("kwh", j + m + (1 if tt[j + m] in ("per", "/", "a") else 0)):
                return self._kwh(i, j + m, v)
            return self._money(i, j + m, v)
        c = self.unit("cents", j)
        if c:
            jj = j + c
            per = 1 if jj < n and tt[jj] in ("per", "/", "a", "an") else 0
            kw = self.unit("kwh", jj + per)
            return self.add("KWH", v / 100.0, i, jj + per + kw if kw else jj)
        per = 1 if j < n and tt[j] in ("per", "/", "a", "an") else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or tt[j] != "unit"):
            return self._kwh(i, j + per + kw, v)
        h = self.unit("hours", j)
        if h and not (tt[j] == "h" and j + 1 < n and self.toks[j + 1].kind == "num"):
            jj = j + h
            skip = 0
            while jj + skip < n and tt[jj + skip] in ("per", "a", "an", "/", "each", "every", "of", "in", "the"):
                skip += 1
            for unit, mult in (("week", 1.0), ("day", 7.0), ("month", 12.0 / 52.0)):
                u = self.unit(unit, jj + skip)
                if u and (skip or unit != "day" or tt[jj] != "d"):
                    return self.add("HOURS", {"per_week": v * mult}, i, jj + skip + u)
            return self.add("HOURS", {"total": v}, i, jj)
        for unit, kind in (("years", "YEARS"), ("months", "MONTHS")):
            u = self.unit(unit, j)
            if u and not (tt[j] in ("y", "mo") and not self.toks[j].glued):
                return self.add(kind, v, i, j + u)
        p = self.unit("percent", j)
        if p:
            return self.add("PERCENT", v / 100.0, i, j + p)
        g = self.unit("gb", j)
        if g and (tt[j] != "g" or self.toks[j].glued):
            return self.add("MEMORY", v, i, j + g)
        b = self.unit("bit", j)
        if b and int(v) in BITS:
            return self.add("PRECISION", BITS[int(v)], i, j + b, {"PRECISION": BITS[int(v)]})
        for unit, mult in (("trillion", 1e12), ("params", 1e9), ("million", 1e6)):
            u = self.unit(unit, j)
            if u and (self.toks[j].glued or len(tt[j]) > 1):
                jj = j + u
                t = self.unit("tokens", jj)
                if t:
                    return self.add("TOKENS", v * mult, i, jj + t)
                if unit == "params":
                    return self.add("PARAMS", v, i, jj)
        c = self.unit("context", j)
        if c:
            return self.add("CONTEXT", int(v), i, j + c)
        t = self.unit("tokens", j)
        if t and v >= 256:
            return self.add("CONTEXT", int(v), i, j + t)
        w = self.unit("watts", j)
        if w and v >= 50 and (self.toks[j].glued or tt[j] != "w"):
            return self.add("WATTS", v, i, j + w)
        x = self.unit("count_x", j)
        if x and v <= 64 and float(v).is_integer():
            return self.add("COUNT", int(v), i, j + x)
        if self.tags and self.tags[-1].kind in ("UNDER", "BUDGET") and self.toks[i].kind == "num" and v >= 50:
            return self._money(i, j, v)
        if self.toks[i].kind == "word" and float(v).is_integer() and j < n and (
                self.gpu_start(j) or tt[j] in ("of", "x", "gpus", "cards", "used", "new")):
            return self.add("COUNT", int(v), i, j)
        return None

    def _money(self, i: int, j: int, v: float) -> int:
        n = len(self.tt)
        if j < n and self.tt[j] in ("k", "grand", "thousand") and v < 1000:
            v *= 1000
            j += 1
        per = 1 if j < n and self.tt[j] in ("per", "/", "a", "an") else 0
        kw = self.unit("kwh", j + per)
        if kw and (per or self.tt[j] != "unit"):
            return self._kwh(i, j + per + kw, v)
        if per and self.unit("hours", j + per):
            return self.add("RATE", v, i, j + per + self.unit("hours", j + per))
        return self.add("MONEY", v, i, j)

    def _kwh(self, i: int, j: int, v: float) -> int:
        return self.add("KWH", v / 100.0 if v >= 5 else v, i, j)

    # models ---------------------------------------------------------------------------------
    def try_model(self, i: int) -> int | None:
        tt, n = self.tt, len(self.tt)
        hit = self.index.model_at(tt, i)
        if hit:
            used, key = hit
            j = i + used
            # "llama 3 70b" style aliases may stop before a size the alias did not spell
            return self.add("MODEL", ModelMatch(self.span(i, j), "ok", key), i, j)
        if tt[i] not in self.index.model_families or self.toks[i].kind != "word":
            return None
        j, params = i + 1, None
        while j < n and j - i <= 6:
            t = self.toks[j]
            if t.kind == "num" and j + 1 < n and tt[j + 1] in ("b", "billion") and params is None:
                params = _num(t.text)
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
        family = tt[i]
        cands = self.index.models_like(family, params)
        version = [tt[k] for k in range(i + 1, j) if self.toks[k].kind == "num" and (k + 1 >= n or tt[k + 1] != "b")]
        if version and cands:
            narrowed = tuple(c for c in cands if version[0] in c.replace("-", " ").replace(family, "", 1).split())
            cands = narrowed or ()
        if len(cands) == 1:
            return self.add("MODEL", ModelMatch(mention, "ok", cands[0]), i, j)
        if cands:
            return self.add("MODEL", ModelMatch(mention, "ambiguous", candidates=cands), i, j)
        if params is None and not version:
            return None
        return self.add("MODEL", ModelMatch(mention, "unknown", candidates=self.index.models_like(family, None)[:6]), i, j)

    # GPUs -----------------------------------------------------------------------------------
    def gpu_start(self, i: int) -> str | None:
        """Why token i can start a GPU mention: brand | prefix | number | word; None if it cannot."""
        tt, toks = self.tt, self.toks
        w = tt[i]
        nxt = toks[i + 1] if i + 1 < len(tt) else None
        if w in BRAND:
            return "brand"
        if toks[i].kind == "word" and nxt is not None and nxt.kind == "num" and nxt.glued and len(w) <= 3:
            return "prefix"
        if toks[i].kind == "num" and w.isdigit() and 3 <= len(w) <= 5:
            return "number"
        if toks[i].kind == "word" and w in ("titan", "vii"):
            return "word"
        return None

    def try_gpu(self, i: int) -> int | None:
        why = self.gpu_start(i)
        if why is None:
            return None
        if why == "prefix":
            hit = self.lex.match(self.tt, i)
            if hit and hit[0] >= 2:  # "l2 cache", "fp16", "q4": vocabulary, not a GPU
                return None
        tt, toks, n = self.tt, self.toks, len(self.tt)
        sfx = self.index.suffixes
        j = i + 1
        seen_num = toks[i].kind == "num" or (why == "prefix")
        while j < n and j - i < 8:
            t = toks[j]
            if t.kind == "num":
                if j + 1 < n and tt[j + 1] in ("gb", "g") and (seen_num or why == "brand"):
                    j += 2
                    continue
                if not seen_num or (t.glued and toks[j - 1].kind == "word" and tt[j - 1] not in BRAND and
                                    len(tt[j - 1]) <= 4):
                    if not seen_num or j + 1 >= n or tt[j + 1] not in ("b", "k", "bit", "%"):
                        seen_num = True
                        j += 1
                        continue
                break
            if tt[j] in BRAND and not seen_num:
                j += 1
                continue
            if (tt[j] in sfx or tt[j] in MOBILE or tt[j] in ("max", "q", "super", "ti", "s")) and \
                    (len(tt[j]) > 1 or t.glued or (tt[j] == "q" and tt[j - 1] == "max")):
                j += 1
                continue
            break
        if not seen_num and why != "word":
            return None
        plural = bool(self.tags) and self.tags[-1].kind in ("COUNT", "NUMBER") and float(self.tags[-1].value) > 1
        for end in range(j, i, -1):
            sub = tt[i:end]
            if not any(toks[k].kind == "num" for k in range(i, end)) and why != "word":
                continue
            if toks[end - 1].kind == "num" and end < n and (self.unit("money_after", end) or self.unit("hours", end)
                                                            or self.unit("years", end) or tt[end] in ("b", "k", "%")):
                continue
            m = self.index.gpu(sub, self.span(i, end), plural=plural)
            if m.status != "unknown":
                if why == "number" and m.status == "ambiguous" and len(tt[i]) < 3:
                    return None
                if why == "prefix" and tt[i] in ("a", "an") and not toks[i + 1].glued:
                    return None
                return self.add("GPU", m, i, end)
        # nothing known: is it shaped like a GPU name? then it is an unknown GPU, not a number
        end = j
        while end > i + 1 and toks[end - 1].kind == "word" and tt[end - 1] not in ("ti", "super", "xt", "xtx", "s"):
            end -= 1
        shaped = why == "brand" or (why == "prefix" and tt[i] not in ("q", "fp", "bf", "int", "tf", "f", "a", "x", "v")) \
            or (why == "number" and len(tt[i]) == 4 and tt[i][1] == "0" and tt[i][3] == "0" and tt[i][2] in "56789"
                and not (end < n and (self.unit("money_after", end) or tt[end] in ("b", "k", "%"))))
        if why == "prefix" and tt[i] == "v" and len(tt[i + 1]) == 3 and tt[i + 1].endswith("00"):
            shaped = True
        if not shaped or not any(toks[k].kind == "num" for k in range(i, end)):
            return None
        sub = tt[i:end]
        m = self.index.gpu(sub, self.span(i, end), plural=plural)
        return self.add("GPU", m, i, end)

    # the loop -------------------------------------------------------------------------------
    def run(self) -> tuple[list[Tag], list[str]]:
        i, n = 0, len(self.tt)
        while i < n:
            nxt = self.try_number(i)
            if nxt is None:
                nxt = self.try_model(i)
            if nxt is None:
                nxt = self.try_gpu(i)
            if nxt is None:
                hit = self.lex.match(self.tt, i)
                while hit and hit[0] > 1 and i + hit[0] < n and self.toks[i + hit[0]].glued \
                        and {self.toks[i + hit[0] - 1].kind, self.toks[i + hit[0]].kind} == {"word", "num"}:
                    hit = self.lex.match(self.tt, i, hit[0] - 1)
                if hit:
                    used, meanings = hit
                    kind = terminal(meanings)
                    if kind == "FILLER" or (kind in ("PER",) and len(meanings) > 1):
                        if self.tt[i] in COSTS_WORDS:
                            self.add("FILLER", True, i, i + used, meanings)
                        nxt = i + used
                    else:
                        val = meanings.get(kind, True)
                        nxt = self.add(kind, val, i, i + used, meanings)
            if nxt is None:
                if self.toks[i].kind == "num":
                    v = _num(self.tt[i])
                    nxt = self.add("NUMBER", v if v is not None else 0.0, i, i + 1)
                else:
                    if self.toks[i].kind in ("word", "cjk"):
                        self.unknown.append(self.toks[i].text)
                    nxt = i + 1
            i = max(nxt, i + 1)
        return self._post(), self.unknown

    def _post(self) -> list[Tag]:
        out: list[Tag] = []
        for k, t in enumerate(self.tags):
            nxt = self.tags[k + 1] if k + 1 < len(self.tags) else None
            if t.kind == "FILLER":
                if nxt is not None and nxt.kind in ("MONEY", "NUMBER") and out and out[-1].kind == "GPU":
                    out.append(Tag("COSTS", True, t.text, t.start, t.end, t.meanings))
                continue
            if t.kind in ("COST", "FIELD", "QUESTION", "COSTS") and t.text in COSTS_WORDS and nxt is not None \
                    and nxt.kind == "MONEY" and out and out[-1].kind == "GPU":
                t = Tag("COSTS", True, t.text, t.start, t.end, t.meanings)
            out.append(t)
        return out


def tag(toks: list[Tok], text: str, index: NameIndex, lex: Lexicon) -> tuple[list[Tag], list[str]]:
    return _Tagger(toks, text, index, lex).run()


__all__ = ["Tag", "tag", "GpuMatch", "ModelMatch"]
