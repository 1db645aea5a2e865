"""Which builds a rig answer leads with and shows beside it: "$10k for a training rig, what gpus?", "4-gpu box for
70b", "build me an llm box for 3000".

Contract: over builds already rated and sorted fastest first (respond/builds.py), `fewer_first` puts a build of
fewer cards first unless more cards are clearly faster per doubling (MORE_CARDS_GAIN) or beat it outright,
`alternatives` picks the builds shown beside the choice, `stretch` the faster or roomier one a little over the
budget (STRETCH) and `ladder` the steps up from the cheapest build when no budget is said (docs/model.md §rig).
Pure functions of the builds; the wording is respond/rig_rows.py's, the answer respond/rig.py's.
"""

from __future__ import annotations

import math

from assistant.respond.builds import Build, builds

MORE_CARDS_GAIN = 0.5  # more cards must be this much faster per doubling of the count than the best with fewer [A]


def fewer_first(found: list[Build]) -> list[Build]:
    """Without a count asked, a build of more cards leads only when it is at least 1 + MORE_CARDS_GAIN x log2(count
    ratio) times as fast as the fastest build of fewer cards (2 cards: 1.5x one, 4 cards: 2x one): every extra card
    means a bigger platform, more power and multi-GPU code, and each card still holds only its own memory
    (docs/model.md §rig). A build that beats that lead on speed with at least its memory (per card and in all) and
    no higher total leads instead: the headline is never beaten by a row of its own table."""
    best: Build | None = None
    for n in sorted({b.n for b in found}):
        top = max((b for b in found if b.n == n), key=lambda b: b.speed)
        if best is None or top.speed >= best.speed * (1 + MORE_CARDS_GAIN * math.log2(n / best.n)):
            best = top
    if best is None:
        return found
    # never a lead its own table beats: a build faster by SAME_SPEED, with at least its memory on each card (what a
    # card holds decides what runs) and in all, for no more money ("预算8万": not 3 x 5090 at 5.84x for ¥79,530 above
    # 4 x 5090 D at 6.87x, 128 GB, ¥76,526; one 5090 stays above 4 x 3080 Ti, 12 GB a card)
    beaters = [
        b for b in found if b.speed > best.speed * SAME_SPEED and _holds(b, best) and b.total_usd <= best.total_usd
    ]
    if beaters:
        best = max(beaters, key=lambda b: b.speed)
    return [best, *(b for b in found if b is not best)]


def _holds(b: Build, than: Build) -> bool:
    """Does build `b` hold at least what `than` holds, per card and in all?"""
    return (b.gpu.memory_gb or 0) >= (than.gpu.memory_gb or 0) and b.memory_gb >= than.memory_gb


SAME_SPEED = 1.05  # [A] closer than this, a faster build does not beat the lead (as compare_pick.SAME_SPEED)


def same_build(a: Build, b: Build) -> bool:
    return a.gpu.name == b.gpu.name and a.n == b.n


def alternatives(found: list[Build], choice: Build, cheapest: Build | None) -> list[Build]:
    """The fastest build of each other GPU (up to 3), the one with the most memory, and the cheapest
    that does the job."""
    out: list[Build] = []
    seen = {choice.gpu.name}
    for b in found:
        if b.gpu.name in seen:
            continue
        seen.add(b.gpu.name)
        out.append(b)
        if len(out) == 3:
            break
    roomy = max(found, key=lambda b: (b.memory_gb, b.speed), default=None)
    for extra in (roomy, cheapest):
        if extra is not None and not any(same_build(extra, b) for b in [choice, *out]):
            out.append(extra)
    return out


STRETCH = 0.15  # a build this much over the budget is shown when it is faster or holds more


def stretch(priced, budget: float, rate, counts, choice: Build, desktop_usd: float | None, owned=()) -> Build | None:
    """The fastest build a little over the budget (at most STRETCH more) that beats the choice."""
    wider = builds(priced, budget * (1 + STRETCH), rate, counts, None, desktop_usd, owned)
    over = [b for b in wider if b.total_usd > budget]
    better = [b for b in over if b.speed > choice.speed * 1.05 or b.memory_gb > choice.memory_gb]
    return better[0] if better else None


def ladder(found: list[Build], choice: Build) -> list[Build]:
    """Without a budget: the next steps up from the cheapest build, each at least 10 % faster than the last."""
    out, last = [], choice.speed
    for b in sorted(found, key=lambda b: b.total_usd):
        if b.speed > last * 1.1 and not same_build(b, choice):
            out.append(b)
            last = b.speed
        if len(out) == 4:
            break
    return out
