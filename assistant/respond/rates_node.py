"""The rate of a whole multi-GPU server when one is asked ("8卡H100服务器一小时多少钱", "8xh100 node hourly price",
"租一台8卡a100多少钱一小时"), not the rate of as many one-GPU instances.

Contract: `node_rate(query, env, rates, n)` takes the offers in the answer's order (home market first, cheapest
first) and the card count. When the question asks for a machine of n >= 2 cards (lexicon node_words) and an offer's
instance holds at least n GPUs, it returns the offers with the cheapest such one first (it leads the answer and its
figures) and a sentence saying what a one-GPU instance costs instead; when no offer is a node that big, the offers
as they were and a sentence saying the price is for n one-GPU instances; otherwise (one card, no machine asked) the
offers as they were and "". The price stays per GPU-hour x n.
"""

from __future__ import annotations

from assistant.nlu.lexicon import lexicon
from assistant.queries import RatesQuery
from assistant.respond.env import Env


def node_rate(query: RatesQuery, env: Env, rates: list, n: int, provider_name) -> tuple[list, str]:
    first = rates[0]
    if n < 2 or not lexicon(env.lang).words_in("node_words", query.text.lower()):
        return rates, ""
    nodes = [r for r in rates if r.gpus_per_instance >= n]
    if not nodes:
        return rates, env.t("rates.node_none", n=n)
    node = nodes[0]
    if node is first:
        return rates, ""
    return [node, *(r for r in rates if r is not node)], env.t(
        "rates.node_first",
        n=n,
        provider=provider_name(first),
        rate=env.money(first.on_demand_usd_per_gpu_hour, 2),
    )
