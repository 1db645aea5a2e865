"""Which word lists of a lexicon a question says: every list at once, in one pass over the question.

Contract: `ListIndex(list_keys)` indexes the words of every list of `Lexicon.list_keys`: an ASCII word by its token
key (" a b "), any other word as text. `said(spaced_tokens, text)` returns the names of the lists that have a word
in the question, decided exactly as `Lexicon.may_say` decides one list (the key is a substring of `spaced_tokens`;
another word is a substring of `text`), or None when `spaced_tokens` is not words joined by single spaces with a
space at each end (the caller then asks list by list). Readers ask ~50 lists of every question and most are absent:
one pass over the question's runs of words and its characters replaces ~50 searches.

Why it is exact: in " w1 w2 ... wn " (no word empty, none holding a space) a key " a b " that is words joined by
single spaces occurs exactly when a, b are consecutive words, so looking the question's runs of up to `longest`
words up among the keys finds every key the substring search finds; a key of another shape is searched as text.
A word occurs in `text` exactly when one of its occurrences starts at a character that starts some word, with a
length some word starting with that character has: those slices are looked up.
"""

from __future__ import annotations


def _is_run(key: str) -> bool:
    """ " a b ": words joined by single spaces, a space at each end."""
    inner = key[1:-1]
    return len(key) > 2 and key[0] == key[-1] == " " and "" not in inner.split(" ")


class ListIndex:
    def __init__(self, list_keys: dict[str, tuple[tuple[str, str | None], ...]]):
        by_key: dict[str, set[str]] = {}
        by_text: dict[str, set[str]] = {}
        odd: list[tuple[str, str]] = []
        for name, keyed in list_keys.items():
            for word, key in keyed:
                if key is None:
                    by_text.setdefault(word, set()).add(name)
                elif _is_run(key):
                    by_key.setdefault(key, set()).add(name)
                else:
                    odd.append((key, name))
        self.by_key = {key: frozenset(names) for key, names in by_key.items()}
        self.longest = max((key.count(" ") - 1 for key in self.by_key), default=0)
        self.by_text = {word: frozenset(names) for word, names in by_text.items()}
        lengths: dict[str, set[int]] = {}
        for word in self.by_text:
            lengths.setdefault(word[0], set()).add(len(word))
        self.lengths = {first: tuple(sorted(found)) for first, found in lengths.items()}
        self.odd = tuple(odd)

    def said(self, spaced_tokens: str, text: str) -> frozenset[str] | None:
        if not _is_run(spaced_tokens):
            return None
        words = spaced_tokens[1:-1].split(" ")
        found: set[str] = set()
        by_key, longest = self.by_key, self.longest
        for i in range(len(words)):
            run = " "
            for word in words[i : i + longest]:
                run += word + " "
                names = by_key.get(run)
                if names:
                    found |= names
        by_text, lengths = self.by_text, self.lengths
        size = len(text)
        for i, char in enumerate(text):
            for length in lengths.get(char, ()):
                if i + length > size:
                    break
                names = by_text.get(text[i : i + length])
                if names:
                    found |= names
        found.update(name for key, name in self.odd if key in spaced_tokens)
        return frozenset(found)
