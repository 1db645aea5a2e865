"""A card the KB has no price for: why there is none, and what renting it tells someone who would buy it.

Contract: `reason(gpu, env)` gives (sentences, source ids) saying why the KB has no price for `gpu`: a
China-market version made for export rules older than the newest in knowledge/market_variants.csv (A800, H800)
has no official price in China; any other card has no public, dated price found. `server_note(gpu, env)`: when
knowledge/servers_cn.csv has a whole server of that card, its price and its share per card, said to be a whole
server's price (never used as the card's); `reason` adds it. `rent_ceiling(...)` answers rent-or-buy when
renting has a rate and buying has no price: what renting costs over the ownership period at the usage asked, and
the most buying (cards, machine) may cost to come out cheaper over that period: (rent per hour - own electricity
per hour) x hours of use (docs/model.md §cost.breakeven).
"""

from __future__ import annotations

from functools import cache

from assistant import paths
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.respond.env import Env
from assistant.respond.pricing import assumption_text
from assistant.respond.variants import market_rows, market_variant
from assistant.respond.wording import counted, spec_source
from assistant.specs import CloudRate, GpuSpec


@cache
def _servers() -> dict[str, dict]:
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "servers_cn.csv"
    required = ["gpu", "gpus", "cny", "observed", "source"]
    return {row["gpu"]: row for _, row in read_csv(path, required)} if path.exists() else {}


def server_row(gpu: str) -> dict | None:
    """The whole-server price row of knowledge/servers_cn.csv for `gpu`, or None."""
    return _servers().get(gpu)


def _banned_by(gpu: str) -> str | None:
    """The newest export rules ("2023-10") when `gpu` is a China-market version made for older ones."""
    row = market_variant(gpu)
    rules = [r["rule"] for r in market_rows().values() if r["kind"] == "china"]
    newest = max(rules, default="")
    return newest if row and row["kind"] == "china" and row["rule"] < newest else None


def server_note(g: GpuSpec, env: Env) -> tuple[list[str], list[str]]:
    """A whole server's price of `g` from knowledge/servers_cn.csv as a reference ([] when none is on record)."""
    row = server_row(g.name)
    if row is None:
        return [], []
    whole = env.to_usd(float(row["cny"]), "CNY") or 0.0
    n = int(row["gpus"])
    text = env.t(
        "variant.server_price",
        n=n,
        gpu=g.short_name,
        money=env.money(whole),
        observed=row["observed"],
        per=env.money(whole / n),
    )
    return [text], [row["source"]]


def reason(g: GpuSpec, env: Env) -> tuple[list[str], list[str]]:
    """Why there is no price for `g`, and a whole server's price when one is on record."""
    rule = _banned_by(g.name)
    if rule:
        year, month = rule.split("-")
        why = env.t("variant.unpriced_banned", gpu=g.short_name, year=year, month=str(int(month)))
    else:
        why = env.t("variant.unpriced", gpu=g.short_name)
    server, sources = server_note(g, env)
    return [why, *server], sources


def rent_ceiling(
    query,
    env: Env,
    gpus: tuple[GpuSpec, GpuSpec],
    rate: CloudRate,
    notes: list[str],
    usage: tuple[float, str],
    horizon: tuple[float, str],
) -> Answer:
    """Rent-or-buy with a rate and no purchase price: the rent over the period and the price buying must beat.
    `gpus`: (the card to buy, the card rented, which may be another version or a card with its memory)."""
    gpu, rented = gpus
    n = max(query.gpus[0].count if query.gpus else 1, 1)
    hours_week, usage_text = usage
    horizon_days, horizon_text = horizon
    a = env.assumptions
    rent_h = rate.on_demand_usd_per_gpu_hour * n
    own_h = ((gpu.tdp_w or 0) * n + C.SYSTEM_BASE_POWER_W) / 1000.0 * a.electricity_usd_per_kwh
    hours = hours_week * horizon_days / 7.0
    ceiling = (rent_h - own_h) * hours
    what = counted(env, rented, n)
    why, cited = reason(gpu, env)
    if ceiling <= 0:
        head = env.t("rent.ceiling_never", gpu=gpu.short_name, rate=env.money(rent_h, 2), what=what)
    else:
        head = env.t(
            "rent.ceiling_head",
            gpu=gpu.short_name,
            usage=usage_text,
            provider=rate.provider,
            what=what,
            horizon=horizon_text,
            total=env.money(rent_h * hours),
            ceiling=env.money(ceiling),
        )
    steps = [*notes, *why]
    if ceiling > 0:
        steps.append(
            env.t(
                "rent.ceiling_formula",
                horizon=horizon_text,
                rent=env.money(rent_h, 2),
                own=env.money(own_h, 3),
                hours=f"{hours:,.0f}",
                ceiling=env.money(ceiling),
            )
        )
        server = server_row(gpu.name)
        if server is not None:
            per_card = (env.to_usd(float(server["cny"]), "CNY") or 0.0) / int(server["gpus"])
            key = "rent.ceiling_server_above" if per_card * n > ceiling else "rent.ceiling_server_below"
            steps.append(
                env.t(
                    key,
                    what=counted(env, gpu, n),
                    per=env.money(per_card * n),
                    ceiling=env.money(ceiling),
                    horizon=horizon_text,
                )
            )
    steps.append(env.t("rent.ceiling_ask", gpu=gpu.short_name))
    return Answer(
        question=query.text,
        intent="rent_or_buy",
        headline=head,
        gpus=[gpu.name],
        workload=query.workload,
        steps=steps,
        figures={
            "break_even_hours": None,
            "verdict": None,
            "rent_usd_per_hour": round(rent_h, 4),
            "max_buy_usd": round(max(ceiling, 0.0), 2),
            "hours_per_week": hours_week,
        },
        assumptions=env.assumption_dict(),
        assumption_text=assumption_text(env, buying=True),
        sources=[spec_source(gpu, env)]
        + env.cite(rate.source, *cited)
        + env.rate_sources()
        + ["method: docs/model.md §cost.breakeven"],
        lang=env.lang,
    )
