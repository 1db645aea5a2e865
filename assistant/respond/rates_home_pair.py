"""Two cards rented inside China, set side by side on one price list: "租a100 40g和80g差多少钱", "autodl上3090和4090
租哪个划算", "h800和a800租哪个".

Contract: `home_pair(query, env, names)` gives (sentence, [(GPU rated, offer), (GPU rated, offer)]) or None. Only
for a question whose market is the clouds inside China (offers.home_market) naming exactly two cards. Each card's
candidates are its own yuan offers and those of its other forms and China-market versions with at least the
memory the user named (variants.home_versions: the A800 PCIe 80 GB for an "a100 80g" no Chinese cloud lists).
The pair is taken at ONE cloud when a cloud rents both: the cloud named (it must rent both, else None), else the
one where both together cost least (the cards' own offers first at equal cost); else each card's cheapest. The
sentence gives both hourly rates, the difference and the share the dearer one costs more, and names each
stand-in. The speed-per-money verdict of rates_several then uses these offers, so both sides are one market.
"""

from __future__ import annotations

from assistant.queries import RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import DOMESTIC, home_market, of_provider
from assistant.respond.variants import compute_cut, home_versions, kept_memory


def _candidates(query: RatesQuery, name: str, env: Env) -> list[tuple]:
    """(GPU rated, offer, is a stand-in) for every yuan offer of the card and of its versions keeping its memory."""
    gpu = env.reader.known_gpu(name)
    out = [(gpu, r, False) for r in env.reader.cloud_rates(name) if r.currency == DOMESTIC]
    kept = kept_memory(query, env.reader.known_gpu(name))
    for version, _cheapest, _form in home_versions(gpu, env, DOMESTIC, kept):
        if (version.memory_gb or 0) >= kept:
            out += [(version, r, True) for r in env.reader.cloud_rates(version.name) if r.currency == DOMESTIC]
    return out


def cut(candidate: tuple) -> int:
    """1 for a stand-in with its compute cut (variants.compute_cut), else 0."""
    return int(candidate[2] and compute_cut(candidate[0].name))


def _cost(candidate: tuple) -> float:
    return candidate[1].on_demand_usd_per_gpu_hour


def _pick(query: RatesQuery, sides: list[list[tuple]]) -> tuple[tuple, tuple, bool]:
    """The two offers compared and whether they are at one cloud."""
    a_side, b_side = sides
    if query.provider:  # "autodl上…": that cloud's offers (home_pair declines when it lacks a card)
        a_side = [c for c in a_side if c[1] in of_provider(query.provider, [x[1] for x in a_side])]
        b_side = [c for c in b_side if c[1] in of_provider(query.provider, [x[1] for x in b_side])]
    pairs = [(a, b) for a in a_side for b in b_side if a[1].provider == b[1].provider and a[0].name != b[0].name]
    if pairs:
        # a stand-in that does the card's work first (the H800 for an H100, not the compute-cut H20), then cost
        a, b = min(pairs, key=lambda p: (cut(p[0]) + cut(p[1]), _cost(p[0]) + _cost(p[1]), p[0][2] + p[1][2]))
        return a, b, True
    best = [min(side, key=lambda c: (c[2], c[1].on_demand_usd_per_gpu_hour)) for side in (a_side, b_side)]
    return best[0], best[1], False


def home_pair(query: RatesQuery, env: Env, names: list[str]) -> tuple[str, list[tuple]] | None:
    if len(names) != 2 or home_market(query.text, env, query.provider) != DOMESTIC:
        return None
    sides = [_candidates(query, n, env) for n in names]
    if query.provider:  # the cloud named must rent both (else its missing card is what the answer says first)
        sides = [[c for c in side if c[1] in of_provider(query.provider, [x[1] for x in side])] for side in sides]
    if not all(sides):
        return None
    a, b, same = _pick(query, sides)
    if a[0].name == b[0].name:
        return None
    ra, rb = a[1].on_demand_usd_per_gpu_hour, b[1].on_demand_usd_per_gpu_hour
    dear, cheap = (a, b) if ra >= rb else (b, a)
    pct = (max(ra, rb) / min(ra, rb) - 1) * 100 if min(ra, rb) > 0 else 0.0
    stand = [
        env.t("rates.home_pair_stand_in", gpu=env.reader.known_gpu(n).short_name, version=c[0].short_name)
        for n, c in zip(names, (a, b), strict=True)
        if c[2]
    ]
    text = env.t(
        "rates.home_pair_same" if same else "rates.home_pair_apart",
        provider=a[1].provider,
        a=a[0].short_name,
        b=b[0].short_name,
        pa=a[1].provider,
        pb=b[1].provider,
        ra=env.money(ra, 2),
        rb=env.money(rb, 2),
        diff=env.money(abs(ra - rb), 2),
        dear=dear[0].short_name,
        pct=f"{pct:.0f}",
        oa=a[1].observed,
        ob=b[1].observed,
    ) + "".join(stand)
    return text, [(a[0], a[1]), (b[0], b[1])]


def home_jobs(query: RatesQuery, env: Env, offers: list[tuple]) -> tuple[str, dict] | None:
    """A job ("从零预训练7b 租h100还是a100更省钱") on the two offers of `home_pair`: each card's count and hours for the
    job (rates_job.cards / job_hours, §cost.training) at that offer's rate, the cheaper one first with both totals."""
    from assistant.respond import rates_job
    from assistant.respond.wording import duration

    jobs = []
    for gpu, offer in offers:
        n, _, _ = rates_job.cards(query, env, gpu, 1)
        hours, figures, _ = rates_job.job_hours(query, env, gpu, n)
        if hours is None or not figures.get("gpu_hours"):
            return None
        jobs.append((figures["gpu_hours"] * offer.on_demand_usd_per_gpu_hour, hours, n, gpu, offer))
    (cost, hours, n, gpu, offer), (other_cost, other_hours, other_n, other, other_offer) = sorted(
        jobs, key=lambda j: j[0]
    )
    text = env.t(
        "rates.home_job_cheaper",
        gpu=gpu.short_name,
        other=other.short_name,
        n=n,
        other_n=other_n,
        cost=env.money_total(cost),
        other_cost=env.money_total(other_cost),
        time=duration(env, hours),
        other_time=duration(env, other_hours),
        provider=offer.provider,
        other_provider=other_offer.provider,
        pct=f"{(1 - cost / other_cost) * 100:.0f}" if other_cost > 0 else "0",
    )
    return text, {"best_value": gpu.name, "cheaper_job": gpu.name, "home_job_usd": round(cost, 2)}
