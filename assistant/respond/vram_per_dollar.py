"""Memory per unit of money as the ranking ("best vram per dollar right now, new or used?", "cheapest gb of vram per
dollar", "显存性价比最高的卡 每GB多少钱").

Contract: `respond(query, env)` -> an Answer, or None unless the question asks for memory per dollar (lexicon
vram_per_dollar_asks). Every desktop card with a price in the snapshot in force is ranked by GB per unit of money, new
and used apart (`pricing.price_of`, each price with its condition and date); passively cooled datacenter cards, laptop
parts, whole computers (unified memory) and modified cards (魔改) are left out unless the question says "server"
(then the passive cards are in), and the answer says what was left out. SHOWN rows per condition; the lead names the
best of each with its money per GB. figures["vram_per_dollar"]: new / used lists of (gpu, memory_gb, usd,
usd_per_gb). Two cards or more named ("AUD 1,299 for a 4070 ti super, AUD 3,999 for 5090, better value per gb"): only
those, at the prices in force (the user's first), the cheapest per GB leading (figures vram_per_dollar.named). Pure;
never raises.
"""

from __future__ import annotations

from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import price_of, price_text
from assistant.respond.variants import is_modified
from assistant.specs import GpuSpec

SHOWN = 6
_SERVER = ("server", "服务器", "机架", "rack")
_USED = ("used", "second hand", "second-hand", "secondhand", "二手", "闲鱼")
_NEW = (" new", "brand new", "全新", "新卡", "新的")


def respond(query, env: Env) -> Answer | None:
    low = query.text.lower()
    if not lexicon(env.lang).words_in("vram_per_dollar_asks", low):
        return None
    named = list(dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name))
    if len(named) > 1:  # "AUD 1,299 for a 4070 ti super, AUD 3,999 for 5090, better value per gb": those cards
        return _among(query, env, named)
    server = any(w in low for w in _SERVER)
    used_said, new_said = any(w in low for w in _USED), any(w in low for w in _NEW)
    # "most vram per $ used": that condition alone; both or neither said: both
    conditions = (
        ("used",) if used_said and not new_said else ("new",) if new_said and not used_said else ("new", "used")
    )
    names = sorted({q.gpu for q in env.reader.prices(env.assumptions.snapshot)})
    ranked: dict[str, list[tuple[float, GpuSpec, float]]] = {c: [] for c in conditions}
    cited: dict[tuple[str, str], str] = {}
    for gpu in env.reader.gpus(names):
        mem = gpu.memory_gb or 0
        mobile = "mobile" in gpu.name.lower() or "laptop" in gpu.name.lower()
        if mem <= 0 or mobile or gpu.unified_memory or is_modified(gpu.name) or (gpu.passively_cooled and not server):
            continue
        for condition in ranked:
            found = price_of(gpu.name, env, condition)
            if found is not None and found.usd > 0 and found.condition == condition:
                ranked[condition].append((found.usd / mem, gpu, found.usd))
                cited[(condition, gpu.name)] = found.source
    if not any(ranked.values()):
        return None
    tables, leads, figures = [], [], {}
    for condition, rows in ranked.items():
        rows.sort(key=lambda r: r[0])
        if not rows:
            continue
        per_gb, best, usd = rows[0]
        leads.append(
            env.t(
                f"vram_dollar.lead_{condition}" + ("_alone" if conditions == ("used",) else ""),
                gpu=best.short_name,
                mem=f"{best.memory_gb:g}",
                price=env.money(usd),
                per_gb=env.money(per_gb, 0 if env.currency == "CNY" else 1),
            )
        )
        tables.append(
            Table(
                headers=[
                    env.t("rec.col_gpu"),
                    env.t("rec.col_memory"),
                    env.t("vram_dollar.col_price"),
                    env.t("vram_dollar.col_per_gb"),
                ],
                rows=[
                    [g.short_name, f"{g.memory_gb:g} GB", env.money(u), env.money(p, 0 if env.currency == "CNY" else 1)]
                    for p, g, u in rows[:SHOWN]
                ],
                title=env.t(f"vram_dollar.title_{condition}"),
            )
        )
        figures[condition] = [
            {"gpu": g.name, "memory_gb": g.memory_gb, "usd": round(u, 2), "usd_per_gb": round(p, 2)}
            for p, g, u in rows[:SHOWN]
        ]
    steps = [env.t("vram_dollar.left_out_server" if server else "vram_dollar.left_out"), env.t("vram_dollar.speed")]
    return Answer(
        question=query.text,
        intent="recommend",
        headline=env.t("vram_dollar.both", first=leads[0], second=leads[1]) if len(leads) > 1 else leads[0],
        tables=tables,
        steps=steps,
        figures={"vram_per_dollar": figures},
        sources=_sources(env, cited, figures),
        lang=env.lang,
    )


def _among(query, env: Env, named: list[str]) -> Answer | None:
    """The cards named, ranked by money per GB at the prices in force (the user's own first: "your price")."""
    env = env.for_query(query)  # "AUD 1,299 ...": in the question's currency
    rows = []
    for gpu in env.reader.gpus(named):
        found = price_of(gpu.name, env)
        if found is not None and found.usd > 0 and (gpu.memory_gb or 0) > 0:
            rows.append((found.usd / (gpu.memory_gb or 1.0), gpu, found))
    if len(rows) < 2:
        return None
    rows.sort(key=lambda r: r[0])
    digits = 0 if env.currency == "CNY" else 1
    (per, best, price), (other_per, other, other_price) = rows[0], rows[1]
    head = env.t(
        "vram_dollar.lead_named",
        gpu=best.short_name,
        per_gb=env.money(per, digits),
        mem=f"{best.memory_gb:g}",
        price=price_text(price, env),
        other=other.short_name,
        other_per_gb=env.money(other_per, digits),
        other_mem=f"{other.memory_gb:g}",
        other_price=price_text(other_price, env),
    )
    table = Table(
        headers=[
            env.t("rec.col_gpu"),
            env.t("rec.col_memory"),
            env.t("vram_dollar.col_price"),
            env.t("vram_dollar.col_per_gb"),
        ],
        rows=[[g.short_name, f"{g.memory_gb:g} GB", price_text(f, env), env.money(p, digits)] for p, g, f in rows],
    )
    figures = [
        {"gpu": g.name, "memory_gb": g.memory_gb, "usd": round(f.usd, 2), "usd_per_gb": round(p, 2)} for p, g, f in rows
    ]
    return Answer(
        question=query.text,
        intent="compare",
        headline=head,
        gpus=[g.name for _, g, _ in rows],
        choice=best.name,
        tables=[table],
        steps=[env.t("vram_dollar.speed")],
        figures={"vram_per_dollar": {"named": figures}},
        lang=env.lang,
    )


def _sources(env: Env, cited: dict[tuple[str, str], str], figures: dict) -> list[str]:
    """The price sources of the rows shown, each once."""
    ids: list[str] = []
    for condition, rows in figures.items():
        for row in rows:
            for sid in (cited.get((condition, row["gpu"])) or "").replace(",", ";").split(";"):
                if sid.strip() and sid.strip() not in ids:
                    ids.append(sid.strip())
    return env.cite(*ids) if ids else []
