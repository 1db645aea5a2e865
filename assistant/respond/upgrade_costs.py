"""What else changes when the pick replaces a card the user owns ("rig: 5800x3d, 750w psu, 3070. want to run 70b. what
do i actually have to change"): the PSU the user has against the pick's, and what the owned card sells for.

Contract: `sentence(query, best, owned, env, rows)` -> (lead, text, figures, sources): `lead` (may be "") goes
before the recommendation, `text` after it: the PSU line when the question states one
(RecommendQuery.owned_psu_w): the pick's board power + the platform's CPU + the rest, x the margin (builds.psu_sizing,
docs/model.md §rig) against it, enough or a new PSU of that size; then the owned card's used price as what selling
it brings back, and the pick's cost net of it; and, when a set of the owned card does the job (a row of the ranking
without a budget, `rows`), keeping it and adding the rest at its used price: the lead when it costs less than the
pick net of the sale. Empty when there is nothing to add (no PSU stated and no used price).
`figures.upgrade_costs` = {owned_psu_w, psu_needed_w, psu_enough, resale_usd, net_usd, keep_add}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models.recommend import RankRow
from assistant.queries import RecommendQuery
from assistant.respond.builds import psu_sizing
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.specs import GpuSpec


def _keep_and_add(owned: GpuSpec, best: RankRow, rows, env: Env) -> tuple[str, dict, list[str]]:
    """ "i have a 3090, want to run llama 3.3 70b": when a set of the owned card does the job (a row of the ranking
    without a budget), keeping it and adding the rest, at the owned card's used price (else the ranking's)."""
    row = next((r for r in rows if r.gpu == owned.name and r.n_gpus > 1), None)
    if row is None or (best.gpu == owned.name and best.n_gpus == row.n_gpus):
        return "", {}, []
    used = price_of(owned.name, env, "used")
    each = used.usd if used else row.price_usd
    more = row.n_gpus - 1
    text = env.t(
        "upgrade_costs.keep_add",
        owned=owned.short_name,
        more=more,
        each=env.money(each),
        total=env.money(each * more),
        n=row.n_gpus,
        mem=f"{owned.memory_gb or 0:g}",
        speed=f"{row.score:.2f}",
    )
    figures = {"keep_add": {"gpu": owned.name, "gpu_count": row.n_gpus, "cost_usd": round(each * more, 2)}}
    return text, figures, env.cite(used.source if used else row.price_source)


def sentence(
    query: RecommendQuery, best: RankRow, owned: GpuSpec, env: Env, rows=()
) -> tuple[str, str, dict, list[str]]:
    pick = env.reader.known_gpu(best.gpu)
    n = max(best.n_gpus, 1)
    parts: list[str] = []
    figures: dict = {}
    sources: list[str] = []
    keep, keep_figures, keep_sources = _keep_and_add(owned, best, rows, env)
    if query.owned_psu_w:
        _, load, psu = psu_sizing(float(pick.tdp_w or 0) * n, n, env)
        enough = query.owned_psu_w >= psu
        key = "upgrade_costs.psu_ok" if enough else "upgrade_costs.psu_new"
        what = f"{n} x {pick.short_name}" if n > 1 else pick.short_name
        parts.append(env.t(key, have=f"{query.owned_psu_w:,.0f}", pick=what, load=f"{load:,.0f}", psu=f"{psu:,}"))
        figures |= {"owned_psu_w": query.owned_psu_w, "psu_needed_w": psu, "psu_enough": enough}
    resale = price_of(owned.name, env, "used") if best.gpu != owned.name else None
    if resale is not None:
        net = best.price_usd * n - resale.usd
        key = "upgrade_costs.sell" if net >= 0 else "upgrade_costs.sell_gain"  # sold for more than the new one costs
        parts.append(env.t(key, owned=owned.short_name, resale=env.money(resale.usd), net=env.money(abs(net))))
        figures |= {"resale_usd": round(resale.usd, 2), "net_usd": round(net, 2)}
        sources = env.cite(resale.source)
    if keep:
        net = figures.get("net_usd", best.price_usd * n)
        first = keep_figures["keep_add"]["cost_usd"] < net  # the cheaper change leads ("i have a 3090 ... 70b")
        keep = env.t("upgrade_costs.keep_first" if first else "upgrade_costs.keep_or") + keep
        lead = keep if first else ""
        parts = parts if first else [*parts, keep]
        figures |= keep_figures | {"keep_first": first}
        sources += keep_sources
    else:
        lead = ""
    text = i18n.gap(env.lang).join(parts)
    return lead, text, ({"upgrade_costs": figures} if figures else {}), sources
