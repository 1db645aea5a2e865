"""The cheapest rent of a card family when the question names the family, not the version ("阿里云 腾讯云 autodl 按小时
租a100 哪家最便宜", "a100哪个平台租最便宜", "which cloud is cheapest for an a100").

Contract: `lead(query, env)` -> a sentence for the front of a rates answer, "" when it does not apply. It applies to a
rates question that asks where renting is cheapest (lexicon [lists] cloud_cheapest_words), whose one card was assumed
from a family name (GpuRef.assumed) and that names no single cloud: each cloud the question names (else every cloud
of the answer's home market) with its cheapest on-demand offer of ANY version of that family (another form factor, or
memory size unless the question said one; knowledge/cloud*.csv), cheapest first; clouds named without an offer are
said to have none. The versions differ in memory and speed, and the sentence says so. Nothing is said when the
assumed version is itself the cheapest offer (the answer below already leads with it), nor, with no cloud named, when
the market does not rent the assumed version at all (the answer below then leads with the versions it rents).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import home_market, of_provider, provider_name
from assistant.respond.pricing import variant_siblings

_SIZED = re.compile(r"\d+\s*g", re.IGNORECASE)  # a memory size in the card's mention


def lead(query: RatesQuery, env: Env) -> str:
    ref = next((r for r in query.gpus if r.name), None)
    if query.mode != "rates" or ref is None or not ref.assumed or (query.provider and len(query.providers) < 2):
        return ""
    if len({r.name for r in query.gpus if r.name}) > 1 or not _cheapest_asked(query.text, env):
        return ""
    rates = env.reader.cloud_rates()
    family = {ref.name or ""} | set(variant_siblings(ref.name or "", {r.gpu for r in rates}, env))
    if _SIZED.search(ref.mention or ""):  # "a100 80gb": the memory said is kept, only the form was assumed
        memory = env.reader.known_gpu(ref.name or "").memory_gb
        family = {g for g in family if env.reader.known_gpu(g).memory_gb == memory}
    offers = [r for r in rates if r.gpu in family]
    if query.providers:
        keys = list(query.providers)
    else:
        market = home_market(query.text, env)
        offers = [r for r in offers if r.currency == market]
        keys = sorted({r.provider for r in offers})
        if not any(r.gpu == ref.name for r in offers):
            return ""  # the answer below already moves to the versions the market rents (rates._home_alternatives)
    best = []
    missing = []
    for key in keys:
        mine = of_provider(key, offers) if query.providers else [r for r in offers if r.provider == key]
        if mine:
            best.append(min(mine, key=lambda r: r.on_demand_usd_per_gpu_hour))
        else:
            missing.append(provider_name(key))
    best.sort(key=lambda r: r.on_demand_usd_per_gpu_hour)
    if not best or best[0].gpu == ref.name:
        return ""
    shown = [
        env.t(
            "rates_family.offer",
            provider=o.provider,
            gpu=env.reader.known_gpu(o.gpu).short_name,
            rate=env.money(o.on_demand_usd_per_gpu_hour, 2),
            observed=o.observed,
        )
        for o in best[:4]
    ]
    family_name = env.reader.known_gpu(ref.name or "").short_name.split()[0]
    head = env.t("rates_family.head", family=family_name, first=shown[0], others=i18n.listing(env.lang).join(shown[1:]))
    if len(shown) == 1:
        head = env.t("rates_family.head_one", family=family_name, first=shown[0])
    if missing:
        head += env.t("rates_family.missing", providers=i18n.listing(env.lang).join(missing), family=family_name)
    return head + env.t("rates_family.versions", assumed=env.reader.known_gpu(ref.name or "").short_name)


def _cheapest_asked(text: str, env: Env) -> bool:
    """The question asks where renting is cheapest (lexicon [lists] cloud_cheapest_words)."""
    from assistant.nlu.lexicon import lexicon

    low = (text or "").lower()
    return any(w in low for w in lexicon(env.lang).listed("cloud_cheapest_words"))
