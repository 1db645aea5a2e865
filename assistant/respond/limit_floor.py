"""The lowest per-card power limit an answer offers, as a share of the card's stock board power, from measured sweeps.

Contract: `min_limit_share() -> float`: the highest, over the sweeps of knowledge/power_limit_sweeps.csv whose work is
decode or gaming (one sweep = one card and one work), of the lowest measured limit share at which that sweep still kept
at least KEPT (90 %) of its stock speed (docs/model.md, §rig power limit floor). A limit below it is not offered
(a PSU, a circuit or a wall budget too small for the cards is then said to be too small). `limit_sources() -> tuple`:
the source ids of the rows that set it. Prefill and training rows are in the file to show what compute-bound work
loses at that limit; they do not set it.
"""

from __future__ import annotations

from functools import cache

from assistant import paths

KEPT = 0.90  # a limit that keeps at least this share of stock speed is worth offering [A]
FLOOR_WORK = ("decode", "gaming")  # the sweeps that set the floor


@cache
def _floors() -> dict[tuple[str, str], tuple[float, str]]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "power_limit_sweeps.csv", ["gpu", "stock_w", "limit_w", "work", "kept"])
    floors: dict[tuple[str, str], tuple[float, str]] = {}
    for _, r in rows:
        if r["work"] not in FLOOR_WORK or float(r["kept"]) < KEPT:
            continue
        share = float(r["limit_w"]) / float(r["stock_w"])
        key = (r["gpu"], r["work"])
        if key not in floors or share < floors[key][0]:
            floors[key] = (share, r.get("source", ""))
    return floors


def min_limit_share() -> float:
    return round(max(share for share, _ in _floors().values()), 2)


def limit_sources() -> tuple[str, ...]:
    return tuple(sorted({src for _, src in _floors().values() if src}))
