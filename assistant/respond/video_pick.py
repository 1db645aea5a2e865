"""Which card to buy for a video model within a budget: "best gpu for wan 2.1 14b under 2k", "想跑comfyui
视频 wan2.2 预算1万 买啥卡".

Contract: the memory the model needs is its most frugal published setting (knowledge/video_models.csv,
usually ComfyUI with fp8 weights and the text encoder in CPU memory); the cards are the priced NVIDIA
desktop cards (no passive datacenter boards) within the budget that have that much memory, fastest
first those that hold the most published settings, then by 16-bit batched inference (the diffusion-speed proxy,
docs/model.md §perf); each row says
which published settings the card holds. Nothing in budget: the cheapest card that holds it.
`figures.video_pick`: need_gb, setting, budget_usd, picks [{gpu, price_usd, memory_gb, speed}].
`open_pick` answers the same with no budget ("best card for wan 2.2"): the cheapest card that holds the second most
frugal published setting, the fastest such card, and the cheapest that holds the least; stock cards only unless the
question asks for modified ones (lexicon modified_asked_words).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import VideoQuery
from assistant.respond.env import Env
from assistant.respond.pricing import budget_usd, is_converted, price_of, price_text, purchase_price, score
from assistant.respond.variants import is_modified

KEY = "infer16"
SHOWN = 5


def cards_with(env: Env, need: float) -> list[tuple]:
    """(spec, price, speed) of every priced NVIDIA desktop card with `need` GB, fastest first."""
    out = []
    for name in {q.gpu for q in env.reader.prices(env.assumptions.snapshot)}:
        spec = env.reader.gpu(name)
        if spec is None or spec.vendor != "NVIDIA" or spec.is_mobile or spec.passively_cooled:
            continue
        if (spec.memory_gb or 0) < need:
            continue
        price = price_of(name, env)
        if price is not None and not (is_converted(price, env) and env.price_market() != "CN"):
            out.append((spec, price, score(spec, KEY).score))  # (not a card sold only in China, in a dollar answer)
    return sorted(out, key=lambda t: -t[2])


def _held(spec, published: list[dict]) -> int:
    """How many of the model's published settings fit the card's memory."""
    return sum(1 for r in published if float(r["peak_gb"]) <= (spec.memory_gb or 0))


def respond(query: VideoQuery, env: Env, rows: list[dict], below: str | None = None) -> Answer:
    """Within the budget asked, or (`below`) priced below that card, said first."""
    budget = budget_usd(query, env) or 0.0
    lead = ""
    below_price = purchase_price(below, env) if below else None
    if below and below_price is not None:
        budget = below_price.usd * 0.999
        spec = env.reader.gpu(below)
        lead = env.t("rec.cheaper_than", gpu=spec.short_name if spec else below, money=env.money(below_price.usd))
    published = [r for r in rows if r["peak_gb"]]
    frugal = min(published, key=lambda r: float(r["peak_gb"]))
    need = float(frugal["peak_gb"])
    name = rows[0]["name"]
    cards = cards_with(env, need)
    # the settings a card holds first (video memory grows with size and frames), then speed
    within = sorted((c for c in cards if c[1].usd <= budget), key=lambda c: (-_held(c[0], published), -c[2]))
    if within:
        spec, price, _ = within[0]
        head = env.t(
            "video.pick_head",
            model=name,
            budget=env.money(budget),
            gpu=spec.short_name,
            price=env.money(price.usd),
            gb=f"{spec.memory_gb:g}",
            need=f"{need:g}",
            setting=env.term(frugal["setting"]),
        )
        fastest = max(within, key=lambda c: c[2])
        if _held(spec, published) > 1:  # it holds heavier published settings than the frugal one
            head = env.t(
                "video.pick_head_roomy",
                model=name,
                budget=env.money(budget),
                gpu=spec.short_name,
                price=env.money(price.usd),
                gb=f"{spec.memory_gb:g}",
                held=_held(spec, published),
                settings=len(published),
            )
            if fastest[0].name != spec.name:
                head += i18n.gap(env.lang) + env.t(
                    "video.pick_fastest_smaller",
                    gpu=fastest[0].short_name,
                    price=env.money(fastest[1].usd),
                    gb=f"{fastest[0].memory_gb:g}",
                    ratio=f"{fastest[2] / within[0][2]:.2f}",
                    need=f"{need:g}",
                )
        shown = within[:SHOWN]
    else:
        cheapest = min(cards, key=lambda c: c[1].usd, default=None)
        head = env.t("video.pick_none", model=name, budget=env.money(budget), need=f"{need:g}")
        if cheapest:
            head += i18n.gap(env.lang) + env.t(
                "video.pick_cheapest", gpu=cheapest[0].short_name, price=env.money(cheapest[1].usd)
            )
        shown = [cheapest] if cheapest else []
    head = lead + head
    table = Table(
        headers=[
            "GPU",
            env.t("video.col_memory"),
            env.t("video.col_price"),
            env.t("video.col_speed"),
            env.t("video.col_settings"),
        ],
        rows=[
            [
                s.short_name,
                f"{s.memory_gb:g} GB",
                price_text(p, env),
                f"{v:.2f}",
                i18n.listing(env.lang).join(
                    env.term(r["setting"]) for r in published if float(r["peak_gb"]) <= (s.memory_gb or 0)
                ),
            ]
            for s, p, v in shown
        ],
    )
    steps = [
        env.t("video.pick_need", model=name, need=f"{need:g}", setting=env.term(frugal["setting"])),
        env.t("video.pick_speed"),
        env.t("video.published"),
    ]
    return Answer(
        question=query.text,
        intent="video",
        headline=head,
        gpus=[s.name for s, _, _ in shown],
        choice=shown[0][0].name if within else None,
        tables=[table],
        steps=steps,
        figures=_figures(query, need, frugal["setting"], round(budget, 2), shown),
        sources=_sources(env, rows, shown),
        lang=env.lang,
    )


def open_pick(query: VideoQuery, env: Env, rows: list[dict]) -> Answer:
    published = sorted((r for r in rows if r["peak_gb"]), key=lambda r: float(r["peak_gb"]))
    frugal, roomy = published[0], published[1] if len(published) > 1 else published[0]
    name, need = rows[0]["name"], float(frugal["peak_gb"])
    modified_ok = lexicon(env.lang).words_in("modified_asked_words", query.text.lower())  # "魔改卡能跑wan2.2吗"
    cards = [c for c in cards_with(env, need) if modified_ok or not is_modified(c[0].name)]  # stock cards unless asked
    if not cards:
        return respond(query, env, rows)
    fast = max(cards, key=lambda c: c[2])
    cheap = min(cards, key=lambda c: c[1].usd)
    holding = [c for c in cards if (c[0].memory_gb or 0) >= float(roomy["peak_gb"])]
    room = min(holding, key=lambda c: c[1].usd) if holding else fast
    head = env.t(
        "video.open_head",
        model=name,
        fast=fast[0].short_name,
        fast_price=env.money(fast[1].usd),
        fast_gb=f"{fast[0].memory_gb:g}",
        room=room[0].short_name,
        room_price=env.money(room[1].usd),
        room_need=f"{float(roomy['peak_gb']):g}",
        room_setting=env.term(roomy["setting"]),
        cheap=cheap[0].short_name,
        cheap_price=env.money(cheap[1].usd),
        need=f"{need:g}",
        setting=env.term(frugal["setting"]),
    )
    shown = sorted({c[0].name: c for c in (cheap, room, fast)}.values(), key=lambda c: c[1].usd)
    table = Table(
        headers=["GPU", env.t("video.col_memory"), env.t("video.col_price"), env.t("video.col_speed")],
        rows=[[s.short_name, f"{s.memory_gb:g} GB", price_text(p, env), f"{v:.2f}"] for s, p, v in shown],
    )
    steps = [env.t("video.pick_speed"), env.t("video.published")]
    return Answer(
        question=query.text,
        intent="video",
        headline=head,
        gpus=[s.name for s, _, _ in shown],
        choice=room[0].name,
        tables=[table],
        steps=steps,
        figures=_figures(query, need, frugal["setting"], None, shown),
        sources=_sources(env, rows, shown),
        lang=env.lang,
    )


def _figures(query: VideoQuery, need: float, setting: str, budget: float | None, shown: list) -> dict:
    picks = [
        {"gpu": s.name, "price_usd": round(p.usd, 2), "memory_gb": s.memory_gb, "speed": round(v, 3)}
        for s, p, v in shown
    ]
    return {
        "model": query.video,
        "video_pick": {"need_gb": need, "setting": setting, "budget_usd": budget, "picks": picks},
    }


def _sources(env: Env, rows: list[dict], shown: list) -> list[str]:
    cited = env.cite(*dict.fromkeys(r["source"] for r in rows), *dict.fromkeys(p.source for _, p, _ in shown))
    return cited + env.rate_sources() + ["method: docs/model.md §perf"]
