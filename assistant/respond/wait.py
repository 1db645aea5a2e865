"""Buy now or wait ("buy a 5090 now or wait", "5090现在买还是等等", "4090会降价吗"): what the knowledge base knows
of the GPU's price over time and of a successor, and what it cannot know.

Contract: `respond(query, gpu, env)` answers a VerdictQuery of kind "wait". Known: the launch list price (MSRP
rows), the street quotes over time in the answer's market (spec_figures.history), their change between the
oldest and the newest quote of one condition, and a successor in the KB (GeForce: the same tier number one
series later, "RTX 4090" -> "RTX 5090", with its release date and price). Not known, and said: future prices,
and any card no source in the KB announces. The headline: street prices rose or held (waiting has not paid so
far: buy_now), or fell (waiting has paid so far: wait), then whether a successor is already out.
`figures.verdict` {answer: buy_now | wait, kind: wait, gpu}; `figures.wait` {msrp_usd, first, last,
change_pct, months, successor}. `against_released`: the card waited for is already on sale (`is_out`): no waiting,
the two compared on value now ("4090d还值得买吗 还是等5090d").
"""

from __future__ import annotations

import dataclasses
import re
from datetime import date

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.respond.env import Env
from assistant.respond.pricing import purchase_price
from assistant.respond.spec_figures import history, launch_price
from assistant.specs import GpuSpec, PriceQuote

_GEFORCE = re.compile(r"^GeForce RTX (\d)0(\d0)(.*)$")
FLAT = 0.05  # a change within 5 % either way is "held" [A]


def successor(gpu: GpuSpec, env: Env) -> GpuSpec | None:
    """The same GeForce tier one series later, when the KB has it ("GeForce RTX 4090" -> "GeForce RTX 5090")."""
    m = _GEFORCE.match(gpu.name)
    if not m:
        return None
    tier = f"GeForce RTX {int(m.group(1)) + 1}0{m.group(2)}"
    # "RTX 4070 Ti SUPER" -> the RTX 5070 Ti when the next series has no SUPER of that tier
    suffixes = dict.fromkeys((m.group(3), m.group(3).removesuffix(" SUPER")))
    return next((g for sfx in suffixes if (g := env.reader.gpu(f"{tier}{sfx}")) is not None), None)


def _months(a: str, b: str) -> int:
    ya, ma = (int(x) for x in a[:7].split("-"))
    yb, mb = (int(x) for x in b[:7].split("-"))
    return max((yb - ya) * 12 + mb - ma, 0)


def _month_mean(rows: list[PriceQuote], month: str) -> PriceQuote:
    """The quotes of one month as one: their mean price (the first quote's source; several sources of a month)."""
    same = [q for q in rows if q.observed[:7] == month]
    return dataclasses.replace(same[0], usd=sum(q.usd for q in same) / len(same), observed=month)


def _trend(gpu: GpuSpec, env: Env) -> tuple[PriceQuote, PriceQuote] | None:
    """The oldest and the newest street quote of one condition (new first), months apart."""
    quotes = [q for q in history(gpu.name, env) if len(q.observed) >= 7]
    market = env.price_market()
    home = [q for q in quotes if (q.market or "") == market]
    # the answer's market first, else the other one alone: a trend across markets measures the markets ("5090:
    # ¥23,000 in China in 2026-01 -> a US street price converted in 2026-08" is no rise of 30 %)
    for pool in (home, [q for q in quotes if q not in home]):
        for condition in ("new", "used"):
            rows = sorted((q for q in pool if q.condition == condition), key=lambda q: q.observed)
            if len(rows) >= 2 and _months(rows[0].observed, rows[-1].observed) >= 1:
                return _month_mean(rows, rows[0].observed[:7]), _month_mean(rows, rows[-1].observed[:7])
    return None


def _other_market(q: PriceQuote, env: Env) -> bool:
    """A quote of the other market (a US price in a yuan answer): shown converted, and said."""
    return (q.market or "") != env.price_market()


def _market_name(q: PriceQuote, env: Env) -> str:
    return env.t("wait.market_cn" if q.market == "CN" else "wait.market_us")


def respond(query, gpu: GpuSpec, env: Env, awaited: GpuSpec | None = None) -> Answer:
    """`awaited`: the card the question says it would wait for ("还是等5090降价"), in place of the successor."""
    msrp = launch_price(gpu.name, env)
    trend = _trend(gpu, env)
    nxt = awaited or successor(gpu, env)
    today = date.today().isoformat()
    out = nxt is not None and nxt.release_date is not None and nxt.release_date.isoformat() <= today
    steps: list[str] = []
    rows: list[list[str]] = []
    figures: dict = {"msrp_usd": msrp.usd if msrp else None, "successor": nxt.name if nxt else None}
    cited = [q.source for q in ([msrp] if msrp else []) + (list(trend) if trend else [])]  # a month's first source
    change = None
    if msrp:
        key = "wait.row_msrp_other" if _other_market(msrp, env) else "wait.row_msrp"
        rows.append([env.t(key, market=_market_name(msrp, env)), env.money(msrp.usd), msrp.observed])
    if trend:
        first, last = trend
        change = last.usd / first.usd - 1
        months = _months(first.observed, last.observed)
        label = env.t(f"cond.{first.condition}")
        key = "wait.row_street_other" if _other_market(first, env) else "wait.row_street"
        street = env.t(key, condition=label, market=_market_name(first, env))
        rows += [[street, env.money(first.usd), first.observed], [street, env.money(last.usd), last.observed]]
        figures |= {
            "first": {"usd": first.usd, "observed": first.observed},
            "last": {"usd": last.usd, "observed": last.observed},
            "change_pct": round(change * 100, 1),
            "months": months,
        }
        steps.append(
            env.t(
                "wait.trend",
                condition=label,
                first=env.money(first.usd),
                first_at=first.observed,
                last=env.money(last.usd),
                last_at=last.observed,
                change=f"{change * 100:+.0f}",
                months=months,
            )
        )
        home = [q for q in history(gpu.name, env) if _other_market(first, env) and not _other_market(q, env)]
        if home:  # "5090": one yuan quote, no trend of its own; shown beside the other market's trend
            q = max(home, key=lambda q: q.observed)
            where = dict(home=_market_name(q, env), other=_market_name(first, env))
            cond = env.t(f"cond.{q.condition}")
            steps.append(env.t("wait.home_quote", money=env.money(q.usd), cond=cond, at=q.observed, **where))
            cited.append(q.source)
        if msrp:
            above = last.usd / msrp.usd - 1
            key = "wait.above_msrp" if above >= 0 else "wait.below_msrp"
            steps.append(env.t(key, last=env.money(last.usd), msrp=env.money(msrp.usd), pct=f"{abs(above) * 100:.0f}"))
    if change is not None and change < -FLAT:
        head = env.t("wait.head_falling", gpu=gpu.short_name, change=f"{-change * 100:.0f}", months=figures["months"])
        answer = "wait"
    elif change is not None:
        key = "wait.head_rising" if change > FLAT else "wait.head_flat"
        head = env.t(key, gpu=gpu.short_name, change=f"{change * 100:.0f}", months=figures["months"])
        answer = "buy_now"
    else:
        now = purchase_price(gpu.name, env)
        if now is not None:  # one street price: no trend, but what it costs now against its launch price
            listed = env.t("wait.msrp_part", msrp=env.money(msrp.usd)) if msrp else ""
            head = env.t("wait.head_single", gpu=gpu.short_name, price=env.money(now.usd), at=now.observed, msrp=listed)
            cited.append(now.source)
        else:
            head = env.t("wait.head_unknown", gpu=gpu.short_name)
        answer = "buy_now"
    if out and nxt is not None:  # a newer generation is already out: no new one is about to push this one down
        price = purchase_price(nxt.name, env)
        own = successor(gpu, env)
        key = "wait.successor_out" if awaited is None or (own and own.name == awaited.name) else "wait.awaited_out"
        head += i18n.gap(env.lang) + env.t(
            key,
            gpu=gpu.short_name,
            next=nxt.short_name,
            released=nxt.release_date.isoformat()[:7] if nxt.release_date else "?",
            price=env.money(price.usd) if price else env.t("wait.no_price"),
        )
        if price:
            cited.append(price.source)
    theirs = _trend(awaited, env) if awaited is not None else None
    if awaited is not None and theirs:  # "还是等5090降价": whether the card waited for has been falling
        first, last = theirs
        head += i18n.gap(env.lang) + env.t(
            "wait.awaited_trend",
            gpu=awaited.short_name,
            change=f"{(last.usd / first.usd - 1) * 100:+.0f}",
            months=_months(first.observed, last.observed),
        )
        cited += [first.source, last.source]
        figures["awaited_change_pct"] = round((last.usd / first.usd - 1) * 100, 1)
    if nxt is None or not out:
        steps.append(env.t("wait.no_successor", gpu=gpu.short_name, snapshot=env.snapshot_label()))
    steps.append(env.t("wait.unknown"))
    figures = {"verdict": {"answer": answer, "kind": "wait", "gpu": gpu.name}, "wait": figures}
    return Answer(
        question=query.text,
        intent="verdict",
        headline=head,
        gpus=[gpu.name] + ([nxt.name] if out and nxt else []),
        tables=[Table(headers=["", env.t("wait.col_price"), env.t("wait.col_when")], rows=rows)] if rows else [],
        steps=steps,
        figures=figures,
        sources=env.cite(*cited),
        lang=env.lang,
    )


def drop_awaited(text: str, env: Env) -> bool:
    """ "还是等5090降价", "wait for 4090 prices to drop": the wait is for a price to fall (lexicon wait_drop_words), so
    the price trend answers it even when the card waited for is out."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(env.lang).words_in("wait_drop_words", f" {text.lower()} ")


def is_out(gpu: GpuSpec) -> bool:
    """The card is on sale already: released on or before today."""
    return gpu.release_date is not None and gpu.release_date.isoformat() <= date.today().isoformat()


def against_released(query, gpu: GpuSpec, awaited: GpuSpec, env: Env) -> Answer:
    """ "4090d还值得买吗 还是等5090d": the card waited for is already out, so there is nothing to wait for: the two
    compared on value now (respond/compare.py, the dearer one's extra weighed), led by the card being out."""
    from assistant.queries import CompareQuery
    from assistant.respond import compare

    refs = tuple(r for r in query.gpus if r.name)[:2]
    asked = CompareQuery(
        text=query.text, gpus=refs, worth=True, aspect="value", workload=query.workload, settings=query.settings
    )
    answer = compare.respond(asked, env)
    if answer.clarification:
        return answer
    price = purchase_price(awaited.name, env)
    lead = env.t(
        "wait.no_need",
        gpu=gpu.short_name,
        next=awaited.short_name,
        released=awaited.release_date.isoformat()[:7] if awaited.release_date else "?",
        price=env.money(price.usd) if price else env.t("wait.no_price"),
    )
    answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
    answer.intent = "verdict"
    answer.figures["verdict"] = {"answer": "compare", "kind": "wait", "gpu": gpu.name, "awaited": awaited.name}
    return answer


_WAITED = re.compile(r"(?:wait(?:ing)?\s+(?:for|till|until)|等)\s*((?:[\w.+-]+\s*){1,6})")


_STOP = re.compile(r"\s+(?:or|with|and|before|to|if|so)\b|[,?？，。]|还是|再")


def for_none(query, env: Env) -> Answer:
    """Buy now or wait, no card the KB knows named: what is waited for (the words after "wait for" / 等, as typed)
    is in no source of the KB, so the answer says what cannot be known and that a card bought now works now."""
    m = _WAITED.search(query.text.lower())
    waited = _STOP.split(m.group(1))[0].strip().lstrip("等").removeprefix("the ").strip() if m else ""
    if not any(ch.isdigit() for ch in waited):
        waited = ""  # "wait for prices to drop", "等等新卡": no card named, nothing to quote
    head = env.t("wait.none_head", waited=waited) if waited else env.t("wait.none_head_plain")
    return Answer(
        question=query.text,
        intent="verdict",
        headline=head,
        steps=[env.t("wait.unknown")],
        figures={"verdict": {"answer": "buy_now", "kind": "wait", "gpu": None}},
        lang=env.lang,
    )
