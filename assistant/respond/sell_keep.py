"""Sell or keep a card the user owns: "keep my 4090 or sell it now for $1,800 before prices fall further", "去年6500买的
3090 现在留着还是出掉".

Contract: `respond(query, env)` answers a SpecQuery with fields ("sell",). The figures: the card's used street price
(price_of "used", with its date and source) and its new price when known; a stated sale amount is weighed against
the used price (FAIR_BAND [A]: within it a fair price to sell at, above it a good one, below it under the street
price); a stated paid amount is sunk: what selling gets back of it is said, never a reason on its own. Whether to
sell turns on use, which the answer states as the rule (keep it while it works for you: buying the same memory back
later costs about the used price; sell it if it sits idle or to fund another card now). Prices are not forecast:
the dated used quotes show the trend so far. `figures.sell` = {gpu, used_usd, new_usd, sale_usd, paid_usd,
sale_vs_used, trend}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.queries import SpecQuery
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.respond.spec_figures import history

FAIR_BAND = 0.10  # a sale within 10 % of the used street price is a fair one [A]


def _sale_line(sale: float, used: float, gpu: str, env: Env) -> tuple[str, float]:
    ratio = sale / used
    key = "sell.sale_fair" if abs(ratio - 1) <= FAIR_BAND else ("sell.sale_high" if ratio > 1 else "sell.sale_low")
    pct = f"{abs(ratio - 1) * 100:.0f}"
    return env.t(key, sale=env.money(sale), used=env.money(used), gpu=gpu, pct=pct), ratio


def _trend(name: str, env: Env) -> tuple[str, list]:
    """The used quotes, oldest and newest, as the trend so far ("" when fewer than two)."""
    used = [q for q in history(name, env) if q.condition == "used"]
    if len(used) < 2:
        return "", []
    first, last = used[0], used[-1]
    values = {"first": env.money(first.usd), "first_at": first.observed, "last": env.money(last.usd)}
    return env.t("sell.trend", last_at=last.observed, n=len(used), **values), [first.source, last.source]


def respond(query: SpecQuery, env: Env) -> Answer:
    ref = next(r for r in query.gpus if r.name)
    gpu = env.reader.known_gpu(ref.name or "")
    n = max(ref.count, 1)
    used, new = price_of(gpu.name, env, "used"), price_of(gpu.name, env, "new")
    sale = env.to_usd(query.sale_amount, query.money_currency)
    paid = env.to_usd(query.paid_amount, query.money_currency)
    name = gpu.short_name if n == 1 else f"{n} x {gpu.short_name}"
    parts, ratio = [], None
    if used is None:
        parts.append(env.t("sell.no_used", gpu=name))
    elif sale is not None:
        line, ratio = _sale_line(sale, used.usd * n, name, env)
        parts.append(line)
    else:
        parts.append(env.t("sell.used_now", gpu=name, used=env.money(used.usd * n), at=used.observed))
    if paid is not None and used is not None:
        back = (sale if sale is not None else used.usd * n) / paid * 100
        parts.append(env.t("sell.paid", paid=env.money(paid), back=f"{back:.0f}"))
    parts.append(env.t("sell.rule", used=env.money(used.usd * n)) if used else env.t("sell.rule_unpriced"))
    trend, trend_sources = _trend(gpu.name, env)
    steps = [trend] if trend else []
    steps.append(env.t("sell.no_forecast"))
    if new is not None:
        steps.append(env.t("sell.new_price", gpu=gpu.short_name, new=env.money(new.usd), at=new.observed))
    rows = [[env.t("sell.row_used"), env.money(used.usd * n) if used else "n/a"]]
    if sale is not None:
        rows.append([env.t("sell.row_sale"), env.money(sale)])
    if paid is not None:
        rows.append([env.t("sell.row_paid"), env.money(paid)])
    figures = {
        "sell": {
            "gpu": gpu.name,
            "count": n,
            "used_usd": round(used.usd * n, 2) if used else None,
            "new_usd": round(new.usd, 2) if new else None,
            "sale_usd": round(sale, 2) if sale is not None else None,
            "paid_usd": round(paid, 2) if paid is not None else None,
            "sale_vs_used": round(ratio, 3) if ratio is not None else None,
        }
    }
    sources = env.cite(*[p.source for p in (used, new) if p is not None], *trend_sources) + env.rate_sources()
    return Answer(
        question=query.text,
        intent="spec",
        headline=i18n.gap(env.lang).join(parts),
        gpus=[gpu.name],
        tables=[Table(headers=["", name], rows=rows)],
        steps=steps,
        figures=figures,
        sources=sources,
        lang=env.lang,
    )
