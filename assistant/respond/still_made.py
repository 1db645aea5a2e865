"""Cards taken as still made new, for "cheapest nvidia card with 24gb+ that's still being made new" (RecommendQuery
.still_made): the ranking is limited to them and the answer says how they were chosen.

Contract: `limit(query, env)` gives the query with `among` set to the KB cards launched within LAUNCH_WINDOW_YEARS of
the price snapshot's last observation and not reported discontinued in the answer's market
(knowledge/withdrawn.csv), modified cards left out, and `among_label` saying so; the query as it is when it does not
ask, or already names a family. The window is an assumption shown in the label: a card launched earlier may still be
made, one launched since may have stopped without a report on record.
"""

from __future__ import annotations

import dataclasses
import datetime

from assistant.queries import RecommendQuery
from assistant.respond.env import Env
from assistant.respond.variants import is_modified, withdrawn

LAUNCH_WINDOW_YEARS = 3  # [A] a line is usually replaced within 2-3 years (RTX 40 in 2022 -> RTX 50 in 2025)


def limit(query: RecommendQuery, env: Env) -> RecommendQuery:
    if not query.still_made or query.among:
        return query
    last = env.reader.price_snapshots().get(env.assumptions.snapshot, ("", "", 0))[1]
    try:
        end = datetime.date.fromisoformat(last[:10]) if len(last) >= 10 else datetime.date.fromisoformat(last + "-01")
    except ValueError:
        return query
    since = end.replace(year=end.year - LAUNCH_WINDOW_YEARS)
    market = env.price_market()
    names = tuple(
        g.name
        for g in env.reader.all_gpus()
        if g.release_date
        and g.release_date >= since
        and withdrawn(g.name, market or None) is None
        and not is_modified(g.name)  # a 魔改 card is a modification, never a product still made
    )
    label = env.t("rec.still_made_label", since=since.isoformat()[:7], years=LAUNCH_WINDOW_YEARS)
    return dataclasses.replace(query, among=names, among_label=label)
