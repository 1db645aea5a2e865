"""The watts a question states, told apart: the limit each card is set to, a power supply's watts, a card's draw.

Contract: `WattsReading` is a part of `nlu.reading.Reading` (its base class), reading the WATTS amounts of the
tagged question: `card_limit_tag` (a power limit per card), `psu_watts` / `psu_named` (the power supply), `draw_tag`
(the power one card draws). Each returns the tag or value, or None when the question states none.
"""

from __future__ import annotations

from assistant.nlu.bag import Bag
from assistant.nlu.lexicon import Lexicon
from assistant.nlu.patterns import compiled
from assistant.nlu.patterns import word_pattern as _word
from assistant.nlu.tagger import Tag
from assistant.nlu.watts_role import wall_tags

_JOIN_GAP = 12  # characters between a PSU or draw word and its watts ("电源是850w", "draws about 450w")
_LIMIT_GAP = 6  # characters between a power-limit word and its watts ("limited to 250w", "限功耗到250w")
_IDLE_GAP = 12  # characters between an idle word and the draw it says ("idles at about 60w")


class WattsReading:
    """The power amounts of one question (the tagged words `b`, their `text`, the `lex` lists: set by Reading)."""

    b: Bag
    text: str
    lex: Lexicon

    def card_limit_tag(self) -> Tag | None:
        """The watts each card is limited to: a WATTS amount after a power-limit word (lexicon power_limit_words:
        "power limiting 4x 3090s to 250w each") or followed by a word of card_each ("at 300w a card"); an amount
        followed by a PSU word ("on a 1600w psu") is the power supply, not a limit."""
        # "from 350 to 250w each": the limit is where the change ends; the start (meanings FROM) is the stock draw
        watts = [t for t in self.b.kinds.get("WATTS", []) if not t.meanings.get("FROM")]
        if not watts:
            return None
        text = self.text.lower()
        limits = [m.end() for w in self.lex.listed("power_limit_words") for m in compiled(_word(w)).finditer(text)]
        idle = self.idle_tag()
        for t in watts:
            if t is idle:
                continue  # "mostly idle ~60w each": the draw at idle, not a limit
            after = text[t.end : t.end + 16].strip(" ,.?!")
            each = any(compiled(_word(w)).match(after) for w in self.lex.listed("card_each"))
            psu = t.meanings.get("PSU") or any(
                text[t.end : t.end + 16].lstrip(" ").startswith(w) for w in self.lex.listed("rig_psu")
            )
            if each or any(0 <= t.start - end <= _LIMIT_GAP for end in limits) or self._card_at(t):
                return t  # "250w each", "limited to 250w", "限功耗到250w", "my 4090s at 350w"
            if psu:
                continue
            if any(end <= t.start for end in limits):
                return t
        return None

    def idle_tag(self) -> Tag | None:
        """The draw of a card at idle, said: a WATTS amount right after a word of lexicon idle_draw_words ("mostly
        idle ~60w each", "idles at 25w", "待机30w")."""
        text = self.text.lower()
        for t in self.b.kinds.get("WATTS", []):
            before = text[max(0, t.start - _IDLE_GAP) : t.start]
            if any(compiled(_word(w)).search(before) for w in self.lex.listed("idle_draw_words")):
                return t
        return None

    def idle_watts(self) -> float | None:
        tag = self.idle_tag()
        return tag.number() if tag is not None else None

    def _card_at(self, watts: Tag) -> bool:
        """ "both of my 4090s at 350w": watts right after a GPU name with a word of [lists] card_at_words between."""
        before = [t for t in self.b.tags if t.end <= watts.start]
        if not before or before[-1].kind != "GPU":
            return False
        gap = self.text.lower()[before[-1].end : watts.start].strip()
        return gap in self.lex.listed("card_at_words")

    def psu_watts(self) -> float | None:
        """A PSU's watts: the WATTS amount beside a PSU word (times the supplies counted before it: "2 个 2000w 电源"),
        else the first not a limit, draw or wall draw."""
        skip = (self.card_limit_tag(), self.draw_tag(), *wall_tags(self.b.tags, self.text.lower(), self.lex))
        watts = [t for t in self.b.kinds.get("WATTS", []) if not any(t is k for k in skip)]
        named = [t for t in watts if self._psu_beside(t)]
        if not watts:
            return None
        chosen = (named or watts)[0]
        return chosen.number() * (self._psu_count(chosen) if named else 1)

    def _psu_count(self, watts: Tag) -> int:
        """ "2 个 2000w 电源", "two 1600w psus", "3 1200w psus": a count of 2-4 right before a PSU's watts is that
        many supplies."""
        before = [t for t in self.b.tags if t.end <= watts.start]
        if not before or before[-1].kind not in ("COUNT", "NUMBER") or watts.start - before[-1].end > 2:
            return 1
        n = int(before[-1].number())
        return n if 2 <= n <= 4 else 1

    def _psu_beside(self, watts: Tag) -> bool:
        """A PSU word right after the amount ("850w psu", "850w电源") or right before it ("电源850w", "psu: 850w"), or
        the amount is a PSU model's ("rm850x", tagging/hardware.py)."""
        return bool(watts.meanings.get("PSU")) or self._psu_before(watts) or self._psu_after(watts)

    def psu_named(self) -> bool:
        """A PSU model is named ("corsair rm850x", "hx1500i"): the question is about the power supply the user has."""
        return any(t.meanings.get("PSU") for t in self.b.kinds.get("WATTS", []))

    def _psu_before(self, watts: Tag) -> bool:
        text = self.text.lower()
        psu = tuple(self.lex.listed("rig_psu"))
        return any(self._joined(text[end : watts.start]) for end in self._ends_of(psu, text[: watts.start]))

    def _psu_after(self, watts: Tag) -> bool:
        text = self.text.lower()
        psu = tuple(self.lex.listed("rig_psu"))
        tail = text[watts.end :]
        start = watts.end + len(tail) - len(tail.lstrip(" "))
        word = next((w for w in sorted(psu, key=len, reverse=True) if text.startswith(w, start)), None)
        if word is None:
            return False
        end = start + len(word)
        # "450w 电源850w": the word has its own amount, so this one is not the PSU's
        return not any(t.start >= end and self._joined(text[end : t.start]) for t in self.b.kinds.get("WATTS", []))

    def _joined(self, gap: str) -> bool:
        """Does `gap` (the text between a word and an amount) only join them ("", "是", "is", "大概")? [lists]
        amount_joiners."""
        gap = gap.strip(" :：,，~～")
        return len(gap) <= _JOIN_GAP and (not gap or gap in self.lex.listed("amount_joiners"))

    @staticmethod
    def _ends_of(words: tuple[str, ...], text: str) -> list[int]:
        return [m.end() for w in words for m in compiled(_word(w)).finditer(text)]

    def draw_tag(self) -> Tag | None:
        """The power one card draws, stated ("显卡功耗450w", "my gpu draws 450w", "tdp 350w"): a WATTS amount right
        after a word of [lists] card_draw_words that is not a PSU's; with no such word, the amount beside a PSU
        amount ("450w的卡 配850w电源") when the question has exactly two."""
        watts = self.b.kinds.get("WATTS", [])
        if not watts:
            return None  # no amount of watts: nothing to look for (before the word searches below)
        text = self.text.lower()
        inside = [(m.start(), m.end()) for w in self.lex.listed("rig_psu") for m in compiled(_word(w)).finditer(text)]
        ends = [
            m.end()
            for w in self.lex.listed("card_draw_words")
            for m in compiled(_word(w)).finditer(text)
            if not any(a <= m.start() and m.end() <= b for a, b in inside)  # "整机功耗" is the whole system's
        ]
        for t in watts:
            if t.meanings.get("PSU"):
                continue  # "rm850x": a PSU model, never a card's draw
            if not self._psu_before(t) and any(end <= t.start and self._joined(text[end : t.start]) for end in ends):
                return t
        if len(watts) == 2 and sum(self._psu_beside(t) for t in watts) == 1:
            return next(t for t in watts if not self._psu_beside(t))
        return None
