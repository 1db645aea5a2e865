"""Follow-ups that change how a cloud rate just given is priced: another cloud set beside it ("跟vast比差多少",
"how does that compare to vast", "vs runpod?") and a period plan of it ("按月租呢", "包月的话呢").

Contract: `cloud_beside_rate(dlg, query)` -> when `query` is a RentOrBuyQuery that only sets a cloud against what is
talked about (`cloud_against`) and the last question was a RatesQuery of named cards, that rate question again at
both clouds (the last one's, the new one) side by side, or at the new cloud when the last named none;
`plan_of_rate(dlg, query)` -> when `query` is a period plan (RatesQuery mode "plan") that names no card, it completed
with the cards, counts and cloud of the last rate question. `query` unchanged otherwise; nothing here raises.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from assistant.queries import Query, RatesQuery, RentOrBuyQuery

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

_RATE_MODES = ("rates", "rent", "plan")


def _last_rate(dlg: Dialogue) -> RatesQuery | None:
    last = dlg.context.last_query
    if not isinstance(last, RatesQuery):
        return None
    return last if any(g.name for g in last.gpus) and last.mode in _RATE_MODES else None


def cloud_beside_rate(dlg: Dialogue, query: Query) -> Query:
    last = _last_rate(dlg)
    if not (isinstance(query, RentOrBuyQuery) and query.cloud_against and query.provider) or last is None:
        return query
    clouds = tuple(dict.fromkeys(p for p in (last.provider, *last.providers, query.provider) if p))
    mode = "rent" if last.mode == "plan" else last.mode
    if len(clouds) < 2:
        return dataclasses.replace(last, text=query.text, provider=query.provider, providers=(), mode=mode)
    return dataclasses.replace(last, text=query.text, provider=None, providers=clouds, mode=mode)


def plan_of_rate(dlg: Dialogue, query: Query) -> Query:
    last = _last_rate(dlg)
    if not (isinstance(query, RatesQuery) and query.mode == "plan" and not query.gpus) or last is None:
        return query
    return dataclasses.replace(query, gpus=last.gpus, provider=query.provider or last.provider)
