"""Concept routing by scored evidence: a question is scored against EVERY concept entry at once, the best wins
only with a margin.

Contract: `scores(r)` ranks the concepts the question gives evidence for, best first, as `Scored` (concept key,
score, whether it is NAMED — by its name or an alias, not only by evidence terms — and ASKED about); computed once
per question from the index built at start-up (nlu/lookup/concept_terms.py: every span with its weight), in one
pass over the question's tokens. A span inside a longer span found elsewhere counts CONTAINED of its weight ("kv
cache" inside "kv cache 量化" is mostly the longer concept's evidence); a span counts once per concept; a one-token
span of lexicon [lists] concept_stop ("l2", "amp") and a word of a GPU's name ("pcie" of "h100 pcie") count
nothing; a concept named where asking words (EXPLAIN) ask about it gets ASKED_BONUS. `decide(r)` is the routing:
None under MIN_SCORE (weak evidence); `Decision(best, ())` when the best is at least MARGIN times the next; else
`Decision(best, near, tie=True)` — the candidates within the margin (up to two more), never one of them silently.
"""

from __future__ import annotations

from dataclasses import dataclass

from assistant.nlu.lookup.concept_terms import ALIAS
from assistant.nlu.reading import Reading

MIN_SCORE = 1.5  # an alias (2) decides alone; a single evidence term (1) does not, two do
ASKED_BONUS = 1.0  # a concept named where "what is" / "是什么" / "explain" asks about it
ASKED_REACH = 16  # characters between the asking words and the concept's words ("what actually is the kv cache")
MARGIN = 1.5  # the best must be this many times the second, else both are candidates
CONTAINED = 0.3  # the weight of a span inside a longer span found elsewhere in the question


@dataclass(frozen=True)
class Scored:
    """A concept's evidence in one question: its score and how it was named."""

    concept: str
    score: float
    named: bool
    asked: bool = False  # named right where asking words ask about it ("what is the kv cache", "kv cache量化是什么")


@dataclass(frozen=True)
class Decision:
    """The routing of one question: the concept decided and the candidates kept beside it (a tie)."""

    concept: str
    others: tuple[str, ...]
    tie: bool = False
    named: bool = False
    asked: bool = False


def scores(r: Reading) -> tuple[Scored, ...]:
    return r.once("concept_scores", lambda: _scores(r))


def _scores(r: Reading) -> tuple[Scored, ...]:
    index, toks = r.index, r.b.toks
    spans, first, longest = index.concept_evidence, index.evidence_first, index.evidence_max
    if not spans:
        return ()
    stop = r.lex.listed("concept_stop")
    names = _in_names(r)
    found: list[tuple[int, int, str]] = []
    for i, tok in enumerate(toks):
        if tok not in first or i in names:
            continue
        for n in range(min(longest, len(toks) - i), 0, -1):
            k = " ".join(toks[i : i + n])
            if k in spans and not (n == 1 and tok in stop) and not names.intersection(range(i, i + n)):
                found.append((i, i + n, k))
                break
    totals: dict[str, float] = {}
    named: set[str] = set()
    asked_about: set[str] = set()
    counted: set[tuple[str, str]] = set()
    fixes = r.lex.listed("concept_fix_words")  # "怎么办": a fix asked, not what the concept is
    # "why does X ..." asks about what X does, not what X is: no bonus for asking words that open with "why"
    asked = [
        (t.start, t.end)
        for t in r.b.kinds.get("EXPLAIN", [])
        if t.text.lower() not in fixes and not t.text.lower().startswith("why")
    ]
    for start, end, k in found:
        inside = any(s <= start and end <= e and e - s > end - start for s, e, _ in found)
        bonus = ASKED_BONUS if not inside and _asked_about(r, start, end, asked) else 0.0
        for concept, weight, kind in spans[k]:
            if (concept, k) in counted:
                continue
            counted.add((concept, k))
            totals[concept] = totals.get(concept, 0.0) + weight * (CONTAINED if inside else 1.0)
            if kind >= ALIAS and not inside:
                named.add(concept)
                totals[concept] += bonus

                if bonus:
                    asked_about.add(concept)
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(Scored(c, round(s, 3), c in named, c in asked_about) for c, s in ranked)


def _in_names(r: Reading) -> set[int]:
    """Token indexes in a GPU's name or a condition written onto it ("pcie" of "h100 pcie", "二手" of "二手3090")."""
    pos = r.b.toks_pos
    gpus = r.b.kinds.get("GPU", [])
    attached = [t for t in r.b.kinds.get("CONDITION", []) if any(0 <= g.start - t.end <= 1 for g in gpus)]
    spans = [(t.start, t.end) for t in (*gpus, *attached)]  # "used" of "buying used gpus" is evidence
    if not spans:
        return set()
    toks = r.b.toks
    # a Chinese word inside a GPU's mention is the user's ("矿卡" of "二手矿卡3090"), an English one its name's ("pcie")
    return {i for i, p in enumerate(pos) if toks[i].isascii() and any(a <= p < z for a, z in spans)}


def _asked_about(r: Reading, start: int, end: int, asked: list[tuple[int, int]]) -> bool:
    """Do asking words (an EXPLAIN tag) stand just before the span (tokens start..end), or just after it ("kv cache
    量化是什么")?"""
    pos = r.b.toks_pos
    if not asked or start >= len(pos):
        return False
    first = pos[start]
    last = pos[end - 1] + len(r.b.toks[end - 1])
    text = r.text
    # after the asking words ("what is the kv cache"), or right before Chinese ones ("kv cache量化是什么")
    return any(0 <= first - e <= ASKED_REACH or (0 <= s - last <= 2 and not text[s:e].isascii()) for s, e in asked)


def decide(r: Reading) -> Decision | None:
    ranked = scores(r)
    if not ranked or ranked[0].score < MIN_SCORE:
        return None
    best = ranked[0]
    near = tuple(s for s in ranked[1:3] if s.score * MARGIN > best.score)  # candidates within the margin
    if not near:
        return Decision(best.concept, (), named=best.named, asked=best.asked)
    named = best.named or any(s.named for s in near)
    others = tuple(s.concept for s in near)
    return Decision(best.concept, others, tie=True, named=named, asked=best.asked)
