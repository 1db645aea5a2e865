"""The side-by-side table of a comparison: per GPU the estimated relative speed for 16-bit training,
16-bit and 8-bit inference (RTX 3090 = 1.00, docs/model.md §perf), memory, bandwidth, L2, tensor cores,
power, price and electricity over the ownership period; the per-dollar rows when a side has a price; the
single-user tokens/s row of a common local model (§llm.decode)."""

from __future__ import annotations

from assistant.answer import Table
from assistant.models import hardware as hw
from assistant.respond import unrated
from assistant.respond.env import Env
from assistant.respond.pricing import (
    CHAT_CONTEXT,
    CHAT_MODEL,
    ValueRow,
    chat_tokens_per_s,
    price_text,
    workload_title,
)
from assistant.respond.wording import num

SPEED_ROWS = ("train16", "infer16", "infer8")


def _fmt(v: float | None, env: Env, d: int = 2) -> str:
    return env.term("n/a") if v is None else f"{v:.{d}f}"


def _score_text(row: ValueRow, env: Env) -> str:
    return env.t("spec.not_rated") if unrated.is_unrated(row.perf) else _fmt(row.perf.score, env)


def table(rows: dict[str, dict[str, ValueRow]], names: list[str], env: Env) -> Table:
    main = rows[SPEED_ROWS[0]]
    g = {n: main[n].gpu for n in names}
    t = Table(headers=["", *[main[n].label for n in names]], rows=[])
    for key in SPEED_ROWS:
        t.rows.append(
            [
                env.t("compare.row_speed", title=workload_title(env, key)),
                *[_score_text(rows[key][n], env) for n in names],
            ]
        )

    def tensor(x) -> str:
        if not x.tensor_cores:  # AMD / Intel matrix units are rated, but they are not NVIDIA tensor cores
            rated = x.vendor != "NVIDIA" and hw.has_tensor_cores(x)
            return env.t("compare.matrix_units") if rated else env.t("compare.none")
        gen = x.arch.tensor_generation if x.arch and x.arch.tensor_generation else None
        return f"{x.tensor_cores}" + (env.t("compare.tensor_gen", gen=gen) if gen else "")

    def each(n: str, text: str) -> str:
        """ "2 x 24 GB": a column of several cards shows the count with the one-card value."""
        count = main[n].n_gpus
        return env.t("compare.each", n=count, each=text) if count > 1 else text

    def power(n: str) -> str:
        count, watts = main[n].n_gpus, g[n].tdp_w
        return num(watts * count, 0, "W") if count > 1 and watts else num(watts, 0, "W")

    def price(n: str) -> str:
        row = main[n]
        if row.n_gpus == 1 or row.price is None:
            return price_text(row.price, env)
        return env.t(
            "compare.total", total=env.money(row.price.usd * row.n_gpus), n=row.n_gpus, each=price_text(row.price, env)
        )

    t.rows += [
        [
            env.t("compare.row_memory"),
            *[each(n, f"{num(g[n].memory_gb)} GB {g[n].memory_type or ''}".strip()) for n in names],
        ],
        [env.t("compare.row_bandwidth"), *[num(g[n].memory_bandwidth_gb_s, 0, "GB/s") for n in names]],
        [env.t("compare.row_l2"), *[num(g[n].l2_cache_mb, 0, "MB") for n in names]],
        [env.t("compare.row_tensor"), *[tensor(g[n]) for n in names]],
        [env.t("compare.row_power"), *[power(n) for n in names]],
        [env.t("compare.row_price"), *[price(n) for n in names]],
        [
            env.t("compare.row_electricity", years=f"{env.assumptions.years:g}"),
            *[env.money(main[n].electricity_usd) for n in names],
        ],
    ]
    return t


def value_rows(rows: dict[str, ValueRow], names: list[str], title: str, env: Env) -> list[list[str]]:
    return [
        [
            env.t("compare.row_per_purchase", title=title, per=env.money_unit()),
            *[_fmt(env.per_money(rows[n].per_purchase), env) for n in names],
        ],
        [
            env.t("compare.row_per_tco", title=title, years=f"{env.assumptions.years:g}", per=env.money_unit()),
            *[_fmt(env.per_money(rows[n].per_tco), env) for n in names],
        ],
    ]


def image_row(gpus, names: list[str], env: Env, model) -> list[str]:
    """Seconds per image of the image model on each GPU (§image.speed; "—" where it has no speed)."""
    from assistant.models import image_speed

    by_name = {g.name: g for g in gpus}
    cells, timed = [], []
    for n in names:
        speed = image_speed.image_speed(by_name[n], model)
        cells.append(f"{speed.seconds_per_image:.1f}" if speed is not None else "—")
        timed += [speed] if speed is not None else []
    # the steps and size the seconds are for (FLUX.1 [schnell]: its own 4 steps, as the headline says)
    steps, px = (timed[0].steps, timed[0].resolution) if timed else (20, 1024)
    return [env.t("compare.row_image_seconds", model=model.name, steps=steps, px=px), *cells]


def chat_row(
    gpus, names: list[str], env: Env, counts: dict | None = None, split: str = "layer"
) -> tuple[list[str] | None, dict]:
    """Batch-1 tokens/s of a common local model on each GPU (§llm.decode), the other kind of inference; a set of
    cards (`counts`) split by tensor parallelism (`split` "tensor") reads each layer in parts, faster."""
    model = env.reader.model(CHAT_MODEL[0])
    if model is None:
        return None, {}
    by_name, counts = {g.name: g for g in gpus}, counts or {}
    tps = {n: round(chat_tokens_per_s(model, CHAT_MODEL[1], by_name[n], counts.get(n, 1), split), 1) for n in names}
    k = f"{CHAT_CONTEXT // 1024}"  # the tokens in the cache: a speed at another context reads differently
    row = [env.t("compare.row_chat", model=model.name, quant=CHAT_MODEL[1], k=k), *[f"{tps[n]:,.0f}" for n in names]]
    return row, tps
