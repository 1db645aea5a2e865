"""A bare number whose neighbouring words say what it measures: an image size ("出一张1024的图", "分辨率768",
"出一张768的"), concurrent users ("并发20个用户", "50 concurrent users"), a speed target ("每秒30个token",
"20 t/s", "at least 15 tok/s").

Contract: `try_role(i)` looks at the number at token i; when a role word of lexicon [units] stands right after it
(`<role>_after`) or right before it (`<role>_before`), it adds the role's tag over the number and the words after
it (a lexicon SPEED word such as "t/s" stays a word of its own) and returns the index after them; None otherwise.
A number before a plain image noun ("1024 images") is a side only when it is a multiple of 64, as image sizes
are; "1000 images" is a count.
A speed target named only before the number ("每秒30个") also needs a token word after it (`speed_target_tokens`);
a speed after a measuring word (`speed_measured_before`: "my 4090 does 40 t/s") is no target. Money, context,
memory and the other units stay with their own readers (quantities.py steps).
"""

from __future__ import annotations

from assistant.nlu.tagging.base import TaggerBase
from assistant.nlu.tagging.cn_numerals import CN_NUM

# role -> (tag kind, smallest value, largest value)
ROLES = {
    "image_size": ("RESOLUTION", 64, 8192),
    "users": ("USERS", 1, 100_000),
    "speed_target": ("SPEED_TARGET", 0.1, 100_000),
}
_ROLE_KINDS = frozenset(kind for kind, _, _ in ROLES.values())
BEFORE_SPAN = 5  # how many tokens a role word before the number may take
_SCHOOL_YEAR = frozenset(
    "大研高初博"
)  # the year of a course said before its numeral: 大三 (third year of college), 研一
GAP = 2  # words that may stand between a role word before the number and the number ("每秒能有20个token")


class NumberRoleTagging(TaggerBase):
    def try_role(self, i: int) -> int | None:
        if self.toks[i].kind not in ("num", "cjk") or self.tt[i] in self.index.bare_numbers:
            return None  # "4090 t/s": the card's model number, not a target
        if i > 0 and self.toks[i].glued and self.tt[i - 1] in _SCHOOL_YEAR:
            return None  # "大三学生", "研一": a year of study, not a count of people
        got = self.number_at(i)
        if got is None:
            return None
        v, used = got
        j = i + used
        if j < len(self.tt) and self.toks[j].glued and self.tt[j] == "k" and self.unit("users_after", j + 1):
            v, j = v * 1000, j + 1  # "5k daily active users", "20k concurrent users": thousands of people
        hours = self.unit("hours", j) and not self.unit("users_after", j) > self.unit("hours", j)  # "200 daily users"
        if self.unit("money_after", j) or self.unit("gb", j) or hours:
            return None  # "1万人民币", "20g显存", "8小时": the units read these (quantities.py steps)
        if j < len(self.tt) and self.tt[j] == "张":
            return None  # "出图1000张": a count of images (or cards), never an image's side
        if j < len(self.tt) and self.tt[j] == "b" and self.toks[j].glued:
            return None  # "200并发 用72b模型": a model's size, never users
        if self.tags and self.tags[-1].kind == "BUDGET" and self.tags[-1].end >= self.toks[i].start - 1:
            # "出图，预算五千左右": the number after a budget word is the budget, whatever came before it; after a
            # word that only may open a budget ("只有", list budget_weak) a number of people is users ("只有5个人用呢")
            weak = self.tags[-1].text in self.lex.listed("budget_weak")
            if not (weak and self.unit("users_after", j)):
                return None
        for role, (kind, low, high) in ROLES.items():
            if not low <= v <= high or (kind != "SPEED_TARGET" and not float(v).is_integer()):
                continue
            if kind == "SPEED_TARGET" and self._before("speed_measured", i):
                continue  # "my 4090 does ~40 t/s": a speed measured, not a target
            after = self.unit(f"{role}_after", j)
            if after and role == "image_size" and v % 64 and self.tt[j] in self.lex.listed("image_size_nouns"):
                continue  # "1000 images", "200 pics": how many images; a side before "images" is a multiple of 64
            if not after and self._before(role, i):
                after = self.unit("speed_target_tokens", j) if role == "speed_target" else 0
                if role != "speed_target":
                    return self._role(kind, v, i, j)
            if after and role == "users" and self.unit("team_after", j + after):
                return None  # "a 3 person startup", "3人团队": the team's size, not users served at once
            if after:  # a speed target leaves a SPEED word ("t/s") to the lexicon: it still asks about speed
                hit = self.lex.match(self.tt, j) if kind == "SPEED_TARGET" else None
                return self._role(kind, v, i, j if hit and "SPEED" in hit[1] else j + after)
        return None

    def _before(self, role: str, i: int) -> bool:
        """Does a `<role>_before` word end right before token i, or at most GAP tokens before it ("每秒能有20个",
        "分辨率设成1024")?"""
        last = self.tags[-1] if self.tags else None  # a role word inside the last role tag was that number's
        taken = last.end if last is not None and last.kind in _ROLE_KINDS else -1
        return any(
            i - g - k >= 0 and self.toks[i - g - k].start >= taken and self.unit(f"{role}_before", i - g - k) == k
            for g in range(GAP + 1)
            if all(self._gap_word(x) for x in range(i - g, i))
            for k in range(1, BEFORE_SPAN + 1)
        )

    def _gap_word(self, x: int) -> bool:
        """A Chinese character that is no numeral ("能", "有", "设"): "出一张3090 五千五" has a card in between."""
        return x >= 0 and self.toks[x].kind == "cjk" and self.tt[x] not in CN_NUM

    def _role(self, kind: str, v: float, i: int, j: int) -> int:
        if kind == "RESOLUTION":
            return self.add(kind, (int(v), int(v)), i, j)  # one side: a square image
        return self.add(kind, int(v) if kind == "USERS" else v, i, j)
