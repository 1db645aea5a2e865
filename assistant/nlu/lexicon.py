"""The parser's vocabulary, read from `grammar/lexicon.<lang>.toml` (data, not code).

Contract: `lexicon(lang="en")` returns a cached `Lexicon`; another language is loaded on top of
English (`lexicon("zh")` = lexicon.en.toml + lexicon.zh.toml: questions mix both languages).
`phrases` maps a tuple of token texts to a dict {section: value} (for `[keyword]` entries the
section is the terminal name and the value is True); `match(tokens, i)` gives the longest phrase starting at token i as
(length, meanings). `terminal(meanings)` picks the grammar terminal a phrase becomes,
by `PRIORITY`. Units and number words for the number tagger are in `units` and `numbers`; word
lists the intent readers consult by name (`[lists]`, `listed(name)`) are data too, and so are common
misspellings (`[spelling]`, applied to the tokens by `respell` before tagging).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from assistant import paths
from assistant.nlu.list_index import ListIndex
from assistant.nlu.text import slash_words, words

BASE = "en"  # every language's lexicon is read on top of this one

# Which terminal a phrase becomes when it has several meanings: structure first, filler last.
PRIORITY = (
    "WHY",
    "HOW_MUCH",
    "FASTER",
    "VS",
    "OR",
    "OVER",
    "THAN",
    "RESET",
    "HELP",
    "EXPLAIN",
    "NO",
    "FOLLOW",
    "RENT",
    "SPEED",
    "VALUE",
    "RECOMMEND",
    "COMPARE",
    "COST",
    "SPEC",
    "FX",
    "ELECTRICITY",
    "UTILIZATION",
    "BUDGET",
    "UNDER",
    "PRICES",
    "SET",
    "PRONOUN",
    "ADDON",
    "MODE",
    "WORKLOAD",
    "PRECISION",
    "FIT",
    "BUY",
    "FIELD",
    "CONDITION",
    "VENDOR",
    "AND",
    "COSTS",
    "OF",
    "ON",
    "GPU_WORD",
    "MORE",
    "ONLY",
    "QUESTION",
    "PER",
    "YEARS_WORD",
    "ASK",
    "ASPECT",
    "PERIOD",
    "ORGANIZATION",
    "SORT",
    "COST_KIND",
    "CURRENCY",
    "FILLER",
)
VALUE_SECTIONS = (
    "workload",
    "precision",
    "field",
    "mode",
    "condition",
    "vendor",
    "pronoun",
    "aspect",
    "organization",
    "sort",
    "cost_kind",
    "currency",
    "period",
    "family",
    "ask",
)


@dataclass(frozen=True)
class Lexicon:
    """One language's lexicon: phrases, units, number words and word lists the readers consult."""

    phrases: dict[tuple[str, ...], dict[str, object]]
    max_len: int
    units: dict[str, frozenset[tuple[str, ...]]]
    numbers: dict[str, float]
    count_words: frozenset[str]
    unit_starts: dict[str, frozenset[str]]  # first token of each unit phrase, per unit
    lists: dict[str, frozenset[str]]  # [lists]: word lists the intent readers consult by name
    # per list: (word, " token key " for ASCII words or None), longest word first
    list_keys: dict[str, tuple[tuple[str, str | None], ...]]
    # [spelling]: a common misspelling of a word -> the word ("electricty" -> "electricity"), one token each
    spelling: dict[str, str]
    # per list: its first word in the language's own file (else in the base file): the word an answer writes
    # when it joins text with a list's word ("和" for Chinese); a frozenset has no stable first word
    first_words: dict[str, str]

    def first_word(self, name: str, default: str) -> str:
        """The word of list `name` this language writes (its own file's first), `default` when none."""
        return self.first_words.get(name, default)

    def respell(self, toks: list, name_words: frozenset[str] = frozenset()) -> list:
        """`toks` with every misspelled word token replaced by the word it means (its position kept); a spelling of
        several tokens ("蒸馏版" for "distill": a Chinese word of a model's name) becomes one word token over them.
        A short shorthand right after a word of a GPU name (`name_words`) is part of that name ("wii u", not "you")."""
        fixed = self.spelling
        toks = slash_words(toks)  # "w/", "w/o"

        def kept(k: int) -> bool:
            return len(toks[k].text) <= 2 and k > 0 and toks[k - 1].text.lower() in name_words

        out = [
            t._replace(text=fixed[t.text.lower()]) if t.text.lower() in fixed and not kept(k) else t
            for k, t in enumerate(toks)
        ]
        phrases = self.spelled_phrases
        if not phrases or not any(t.kind == "cjk" or t.text in self.spelled_firsts for t in out):
            return out
        k = 0
        while k < len(out):
            hit = next(
                (
                    n
                    for n in range(min(self.spelled_reach, len(out) - k), 1, -1)
                    if tuple(x.text for x in out[k : k + n]) in phrases
                ),
                0,
            )
            if hit:
                word = phrases[tuple(x.text for x in out[k : k + hit])]
                out[k : k + hit] = [out[k]._replace(text=word, kind="word", end=out[k + hit - 1].end, glued=False)]
                if k + 1 < len(out) and out[k + 1].kind == "word" and out[k + 1].glued:
                    out[k + 1] = out[k + 1]._replace(glued=False)  # "锐龙ai": a Chinese word, then an English one
            k += 1
        return out

    @cached_property
    def spelled_phrases(self) -> dict[tuple[str, ...], str]:
        """The [spelling] entries of several tokens, by their tokens."""
        return {toks: word for typo, word in self.spelling.items() if len(toks := tuple(words(typo))) > 1}

    @cached_property
    def spelled_firsts(self) -> frozenset[str]:
        """The first tokens of the [spelling] entries of several ASCII tokens ("set" of "set me back")."""
        return frozenset(k[0] for k in self.spelled_phrases if k[0].isascii())

    @cached_property
    def spelled_reach(self) -> int:
        return max((len(k) for k in self.spelled_phrases), default=0)

    def listed(self, name: str) -> frozenset[str]:
        return self.lists.get(name, frozenset())

    @cached_property
    def _splits(self) -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
        return {}

    def uses(self, name: str, tokens: frozenset[str], text: str, spaced: str = "") -> bool:
        """Is an ASCII word of list `name` one of `tokens`, an ASCII phrase of it ("how many years") a run of the
        tokens in `spaced` (" a b c "), or another word of it in `text`? (Reading.said.)"""
        ascii_words, others = self.split_listed(name)
        if not ascii_words.isdisjoint(tokens) or any(w in text for w in others):
            return True
        return bool(spaced) and any(key in spaced for key in self._phrase_keys(name))

    def _phrase_keys(self, name: str) -> tuple[str, ...]:
        """The token keys (" a b ") of the ASCII words of list `name` that are more than one token."""
        found = self._phrases.get(name)
        if found is None:
            found = self._phrases[name] = tuple(k for _, k in self.keyed(name) if k is not None and k.count(" ") > 2)
        return found

    @cached_property
    def _phrases(self) -> dict[str, tuple[str, ...]]:
        return {}

    def split_listed(self, name: str) -> tuple[frozenset[str], tuple[str, ...]]:
        """List `name` as (its ASCII words, its other words), split once per list."""
        found = self._splits.get(name)
        if found is None:
            listed = self.listed(name)
            found = self._splits[name] = (
                frozenset(w for w in listed if w.isascii()),
                tuple(sorted(w for w in listed if not w.isascii())),
            )
        return found

    def keyed(self, name: str) -> tuple[tuple[str, str | None], ...]:
        """List `name` longest word first, each with its token key (" a b ") when it is ASCII."""
        return self.list_keys.get(name, ())

    @cached_property
    def brands_by_first_char(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """The words of the lists `model_brand_<family>` ("千问" for qwen) by their first character:
        (word, family) pairs, so a reader tries only the words that can start at a position."""
        table: dict[str, list[tuple[str, str]]] = {}
        for name, listed in self.lists.items():
            if name.startswith("model_brand_"):
                for w in listed:
                    table.setdefault(w[:1], []).append((w, name.removeprefix("model_brand_")))
        return {first: tuple(pairs) for first, pairs in table.items()}

    def words_in(self, name: str, text: str) -> bool:
        """Does `text` contain (as a substring) a word of list `name`?"""
        held = _SEARCHERS.get(id(self))  # the compiled search once made: straight to it (called ~180 times an answer)
        if held is not None and held[0] is self and type(made := held[1].get(("words_in", name))) is tuple:
            return made[0].search(text) is not None
        found = self._searcher(("words_in", name), lambda: (self.listed(name),))
        if found is None:
            return any(w in text for w in self.listed(name))
        return found[0].search(text) is not None

    def may_say(self, name: str, spaced_tokens: str, text: str) -> bool:
        """False when no word of list `name` can be in the question: no ASCII word's token key (" a b ") is in
        `spaced_tokens` and no other word is in `text`. One search per haystack instead of one per word (readers
        ask ~25 lists of every question, and most lists are absent); True (search word by word) while the list
        has been asked too few times in this process to pay for compiling its searches. Once the process has asked
        enough (a chat, the tests), every list of the question is decided at once (`list_index.ListIndex`)."""
        said = _lists_said(self, spaced_tokens, text)
        if said is not None:
            return name in said
        keyed = self.keyed(name)
        found = self._searcher(
            ("may_say", name),
            lambda: ([k for _, k in keyed if k is not None], [w for w, k in keyed if k is None]),
        )
        if found is None:
            return True
        keys, others = found
        return keys.search(spaced_tokens) is not None or others.search(text) is not None

    def _searcher(self, key: tuple[str, str], texts: Callable[[], tuple]) -> tuple[re.Pattern[str], ...] | None:
        """One compiled search per group of `texts()`, made on the _COMPILE_AFTER-th use of `key` in this
        process; None before (a one-shot question asks each list a few times: compiling would cost it more
        than the word-by-word search it saves; a chat or the tests ask thousands of times)."""
        held = _SEARCHERS.get(id(self))
        if held is None or held[0] is not self:
            held = _SEARCHERS[id(self)] = (self, {})
        memo = held[1]
        found = memo.get(key, 0)
        if isinstance(found, int):
            if found + 1 < _COMPILE_AFTER:
                memo[key] = found + 1
                return None
            found = tuple(_any_of(group) for group in texts())
            memo[key] = found
        return found

    @cached_property
    def phrase_reach(self) -> dict[str, int]:
        """The length of the longest phrase that starts with each token text (tokens that start none are absent)."""
        reach: dict[str, int] = {}
        for phrase in self.phrases:
            if len(phrase) > reach.get(phrase[0], 0):
                reach[phrase[0]] = len(phrase)
        return reach

    def match(self, toks: list[str], i: int, longest: int | None = None) -> tuple[int, dict[str, object]] | None:
        reach = self.phrase_reach.get(toks[i], 0) if i < len(toks) else 0
        for n in range(min(longest or self.max_len, reach, len(toks) - i), 0, -1):
            hit = self.phrases.get(tuple(toks[i : i + n]))
            if hit is not None:
                return n, hit
        return None

    @cached_property
    def _starts_by_units(self) -> dict[tuple[str, ...], frozenset[str]]:
        return {}

    def unit_starts_of(self, names: tuple[str, ...]) -> frozenset[str]:
        """The tokens that start a phrase of any of the units `names` (computed once per tuple of names)."""
        found = self._starts_by_units.get(names)
        if found is None:
            found = frozenset().union(*(self.unit_starts.get(name, frozenset()) for name in names))
            self._starts_by_units[names] = found
        return found

    def unit(self, name: str, toks: list[str], i: int) -> int:
        """Length of the longest `name` unit phrase at token i (0 if none)."""
        if i >= len(toks) or toks[i] not in self.unit_starts.get(name, ()):
            return 0  # most tokens start no unit: answer without building candidate tuples
        forms = self.units.get(name, frozenset())
        for n in (6, 5, 4, 3, 2, 1):
            if i + n <= len(toks) and tuple(toks[i : i + n]) in forms:
                return n
        return 0


def terminal(meanings: dict[str, object]) -> str:
    for name in PRIORITY:
        if name in meanings:
            return name
    return "FILLER"


def lexicon(lang: str = "en") -> Lexicon:
    """The lexicon of `lang` on top of the base one, built once per process; a process takes it from the
    start-up cache (`lexicon-<lang>` in the data folder, keyed by the code and grammar version) when
    another process built it, so an English question never reads or unpickles the Chinese lexicon."""
    found = _LOADED.get(lang)
    if found is None:
        from assistant import startup_cache

        found = _LOADED[lang] = startup_cache.load_or_build(
            f"lexicon-{lang}", startup_cache.code_version(), lambda: _load(lang)
        )
    return found


_LOADED: dict[str, Lexicon] = {}


def _read(lang: str) -> dict:
    import tomllib  # only when the lexicons are not in the start-up cache

    with open(paths.grammar_dir() / f"lexicon.{lang}.toml", "rb") as fh:
        return tomllib.load(fh)


def _merge(base: dict, extra: dict) -> dict:
    """Lists are concatenated, tables merged key by key, scalars replaced."""
    out = dict(base)
    for k, v in extra.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        elif isinstance(v, list) and isinstance(out.get(k), list):
            out[k] = out[k] + v
        else:
            out[k] = v
    return out


def _question_forms(section: dict, table: str) -> dict[str, frozenset[str]]:
    """Per key of `[question_forms.<table>]` (a word list for "stems", a [field] value for "fields"): each stem in
    each frame of `frames_<table>` (else `frames`; {s} the stem, {h} its first character for the "划不划算" form,
    used only for stems of two characters or more)."""
    frames = section.get(f"frames_{table}", section.get("frames", []))
    out: dict[str, frozenset[str]] = {}
    for name, stems in section.get(table, {}).items():
        out[name] = frozenset(f.format(s=s, h=s[0]) for s in stems for f in frames if "{h}" not in f or len(s) > 1)
    return out


@lru_cache(maxsize=4)
def _load(lang: str) -> Lexicon:
    doc = _read(BASE)
    own = doc
    if lang != BASE:
        own = _read(lang)
        doc = _merge(doc, own)
    phrases: dict[tuple[str, ...], dict[str, object]] = {}

    def add(phrase: str, section: str, value: object) -> None:
        toks = tuple(words(phrase))
        if toks:
            phrases.setdefault(toks, {}).setdefault(section, value)

    for term, items in doc.get("keyword", {}).items():
        for p in items:
            add(p, term, True)
    for value, forms in _question_forms(doc.get("question_forms", {}), "fields").items():
        doc.setdefault("field", {})[value] = [*doc.get("field", {}).get(value, []), *sorted(forms)]
    for section in VALUE_SECTIONS:
        for value, items in doc.get(section, {}).items():
            for p in items:
                add(p, section.upper(), value)
    for p in doc.get("filler", {}).get("words", []):
        add(p, "FILLER", True)
    for p in doc.get("lists", {}).get("board_words", []):
        add(p, "FILLER", True)  # "3090涡轮版": a board version names the same GPU; readers find it by list
    units = {name: frozenset(tuple(words(p)) for p in items) for name, items in doc.get("units", {}).items()}
    nums = doc.get("numbers", {})
    numbers = {k.replace("_", " "): float(v) for k, v in nums.get("words", {}).items()}
    starts = {name: frozenset(form[0] for form in forms if form) for name, forms in units.items()}
    lists = {name: frozenset(items) for name, items in doc.get("lists", {}).items()}
    for name, forms in _question_forms(doc.get("question_forms", {}), "stems").items():
        lists[name] = lists.get(name, frozenset()) | forms
    list_keys = {
        name: tuple(
            (w, f" {' '.join(words(w))} " if w.isascii() else None) for w in sorted(items, key=lambda w: (-len(w), w))
        )
        for name, items in lists.items()
    }
    kept = set(own.get("lists", {}).get("spelling_kept", []))  # a base typo that is a word of this language
    spelling = {typo: word for word, typos in doc.get("spelling", {}).items() for typo in typos if typo not in kept}
    own_lists = own.get("lists", {})
    first_words = {name: (own_lists.get(name) or items)[0] for name, items in doc.get("lists", {}).items() if items}
    return Lexicon(
        phrases,
        max(len(k) for k in phrases),
        units,
        numbers,
        frozenset(nums.get("count_words", ())),
        starts,
        lists,
        list_keys,
        spelling,
        first_words,
    )


_COMPILE_AFTER = 20  # uses of a list in one process before its words are searched as one pattern
# the compiled searches of each lexicon (by id, with the lexicon itself so that an id is never reused): kept outside
# the lexicon, whose __dict__ must stay plain data for the start-up cache (tests/test_startup_cache_format.py)
_SEARCHERS: dict[int, tuple[Lexicon, dict[tuple[str, str], tuple[re.Pattern[str], ...] | int]]] = {}
_NOTHING = re.compile(r"(?!)")  # matches nowhere: an empty list
_INDEX_AFTER = 200  # lists asked in one process before every list is decided at once per question (~4 questions)
_LIST_INDEXES: dict[int, tuple[Lexicon, ListIndex | int]] = {}  # by id, as _SEARCHERS
_LAST_SAID: list = [None, None, None, None]  # the last question's (lexicon, spaced tokens, text, lists said)


def _lists_said(lex: Lexicon, spaced_tokens: str, text: str) -> frozenset[str] | None:
    """The lists the question says (one pass per question, kept for its next list), or None before the index pays."""
    last = _LAST_SAID
    if last[0] is lex and last[1] is spaced_tokens and last[2] is text:
        return last[3]
    held = _LIST_INDEXES.get(id(lex))
    if held is None or held[0] is not lex:
        held = _LIST_INDEXES[id(lex)] = (lex, 0)
    index = held[1]
    if isinstance(index, int):
        if index + 1 < _INDEX_AFTER:
            _LIST_INDEXES[id(lex)] = (lex, index + 1)
            return None
        index = ListIndex(lex.list_keys)
        _LIST_INDEXES[id(lex)] = (lex, index)
    said = index.said(spaced_tokens, text)
    last[:] = [lex, spaced_tokens, text, said]
    return said


def _any_of(texts) -> re.Pattern[str]:
    """One pattern that finds any of `texts` as a plain substring (longest first; an empty text matches anywhere)."""
    ordered = sorted(set(texts), key=lambda t: (-len(t), t))
    return re.compile("|".join(map(re.escape, ordered))) if ordered else _NOTHING
