"""A price gap the user states between the two cards compared ("5060ti 16g和4060ti 16g 差两百块 选哪个跑ai",
"5080比5070ti贵两千 值吗"; CompareQuery.price_gap, read by nlu/price_gap.py).

Contract: `with_gap(query, env)` gives (env, note): the env in which the cheaper card costs its market price and the
dearer one that price plus the gap (for this answer only, as an offer is weighed: no setting changes), and the
sentence saying so; (env, None) when no gap is stated or the cards cannot be priced. The cheaper card is the one the
question says is cheaper ("A比B贵" -> B), else the one with the lower launch price, else the slower one (16-bit
training score: a gap is usually paid for speed [A]), else the one with the lower market price. Both prices are
taken in one condition: new when both have a new price, else used when both have one, else each card's average;
when only one card has a price ("3090ti和3090 二手差800": no 3090 Ti quote), the other is that price plus or less
the gap, the dearer one told by the question, the launch prices or the speeds (never by a price it lacks).
The third value is the `Gap` itself, for the "is it worth the extra" verdict to weigh the money the user said. When
the question prices both cards itself ("3199 和 二手3090 4500 差1300"), those prices stand and the gap is only weighed.
When neither card has a price ("笔记本买4060还是4070 差1000块": no laptop prices), the Gap still comes back with
base_usd 0 when the launch prices or the speeds tell the dearer card: the verdict then weighs the gap against the
speed and memory it buys, and says the price of the cheaper machine above which the extra pays for itself.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.models.values import safe_div
from assistant.queries import CompareQuery
from assistant.respond.compare_headline import memory_sentence, memory_tail, more_memory
from assistant.respond.env import Env
from assistant.respond.pricing import PriceLookup, ValueRow, price_of, price_text, score

MEMORY_STEP = 1.5  # the dearer card has at least this many times the memory ...
MEMORY_PAID = 1.25  # ... and is less than this much faster: the gap is paid for memory, not speed [A]


@dataclasses.dataclass(frozen=True)
class Gap:
    """The stated gap in USD, the cheaper and the dearer card, and the cheaper card's price it starts from."""

    usd: float
    cheaper: str
    dearer: str
    base_usd: float
    dearer_usd: float | None = None  # both prices said ("3199 和 二手3090 4500 差1300"): the dearer one's, as said


def with_gap(query: CompareQuery, env: Env) -> tuple[Env, str | None, Gap | None]:
    if query.price_gap is None:
        return env, None, None
    amount, currency, dearer = query.price_gap
    gap = env.to_usd(amount, currency)
    names = list(dict.fromkeys(r.name for r in query.gpus if r.name))
    if gap is None or len(names) != 2:
        return env, None, None
    said = {s.gpu for s in query.settings if s.key == "price_override"}
    if set(names) <= said:  # "5060ti 16g 3199 和 二手3090 4500 差1300": both prices said, the gap only restates them
        priced = {n: price_of(n, env) for n in names}
        if all(priced.values()):
            low, high = sorted(names, key=lambda n: priced[n].usd)  # type: ignore[union-attr]
            note = env.t(
                "compare.gap_both_stated",
                cheaper=env.reader.known_gpu(low).short_name,
                low=price_text(priced[low], env),
                dearer=env.reader.known_gpu(high).short_name,
                high=price_text(priced[high], env),
            )
            return env, note, Gap(gap, low, high, priced[low].usd, priced[high].usd)  # type: ignore[union-attr]
    found = _same_condition(names, env) or _one_priced(names, dearer, env)
    if found is None:
        dearer = dearer if dearer in names else _dearer(names, {}, env, by_price=False)
        cheaper = next((n for n in names if n != dearer), None)
        unpriced = Gap(gap, cheaper, dearer, 0.0) if dearer and cheaper else None
        return env, env.t("compare.gap_unpriced", gap=env.money(gap)), unpriced
    condition, prices = found
    if dearer not in names:
        dearer = _dearer(names, prices, env, by_price=len(prices) == 2)
    cheaper = next((n for n in names if n != dearer), None)
    if dearer is None or cheaper is None or (cheaper not in prices and prices[dearer].usd <= gap):
        return env, env.t("compare.gap_unpriced", gap=env.money(gap)), None
    # the priced card is the start: the cheaper one's price plus the gap, or the dearer one's less the gap
    start, other = (cheaper, dearer) if cheaper in prices else (dearer, cheaper)
    base = prices[cheaper].usd if cheaper in prices else prices[dearer].usd - gap
    conditions = (condition,) if condition else ("new", "used")
    overrides = {(n, c): usd for n, usd in ((cheaper, base), (dearer, base + gap)) for c in conditions}
    assumptions = dataclasses.replace(env.assumptions, prices=env.assumptions.prices | overrides)
    note = env.t(
        "compare.gap_stated" if start == cheaper else "compare.gap_stated_down",
        gap=env.money(gap),
        cheaper=env.reader.known_gpu(start).short_name,
        price=price_text(prices[start], env),
        dearer=env.reader.known_gpu(other).short_name,
        dearer_price=env.money(base + gap if start == cheaper else base),
    )
    return dataclasses.replace(env, assumptions=assumptions), note, Gap(gap, cheaper, dearer, base)


def _one_priced(names: list[str], dearer: str | None, env: Env) -> tuple[str | None, dict[str, PriceLookup]] | None:
    """Only one of the two cards has a price: that price alone, when the question, the launch prices or the speeds
    say which card is the dearer (a price the other card lacks cannot)."""
    found = {n: p for n in names if (p := price_of(n, env)) is not None}
    if len(found) != 1:
        return None
    if dearer not in names:
        dearer = _dearer(names, found, env, by_price=False)
    if dearer is None:
        return None
    lookup = next(iter(found.values()))
    return (lookup.condition if lookup.condition in ("new", "used") else None), found


def _same_condition(names: list[str], env: Env) -> tuple[str | None, dict[str, PriceLookup]] | None:
    for condition in ("new", "used", None):
        found = {n: price_of(n, env, condition) for n in names}
        if all(found.values()):
            return condition, {n: p for n, p in found.items() if p is not None}
    return None


def _dearer(names: list[str], prices: dict[str, PriceLookup], env: Env, by_price: bool = True) -> str | None:
    """The card that costs more when the question does not say (street quotes of different dates and markets can
    cross: a converted used 4070 SUPER above a 闲鱼 4070 Ti SUPER): see the module contract."""
    from assistant.respond.spec_figures import launch_price

    launched = {n: q.usd for n in names if (q := launch_price(n, env)) is not None}
    if len(launched) == len(names) and len(set(launched.values())) == len(names):
        # equal list prices say nothing (RTX 4090 D and RTX 4090 both ¥12,999 at launch): the speeds decide
        return max(names, key=lambda n: launched[n])
    rated = {n: score(env.reader.known_gpu(n), "train16").score or 0.0 for n in names}
    if all(rated.values()) and rated[names[0]] != rated[names[1]]:
        return max(names, key=lambda n: rated[n])  # the faster card is taken to be the dearer one [A]
    if not by_price:
        return None
    return max(names, key=lambda n: prices[n].usd)


def worth(
    up: ValueRow, other: ValueRow, gap: Gap, title: str, env: Env, memory_said: bool = False, held: str | None = None
) -> str:
    """ "is the 4080 super worth the extra 300", "差800值不值": the extra the user said, as a share of the cheaper
    card's price, against the speed it buys for the workload asked (the verdict rule of compare_headline.worth, on
    purchase prices instead of the cost over the years: the gap said is the money in question); "" when a card has no
    speed.
    `held`: the model named, which only the dearer card holds: then the extra buys that, a yes whatever the speed."""
    speed = safe_div(up.perf.score, other.perf.score)
    if speed and gap.base_usd <= 0:
        return _unpriced_worth(up, other, gap, speed, title, env)
    if not speed:
        return ""
    dearer = gap.dearer_usd if gap.dearer_usd is not None else gap.base_usd + gap.usd
    cost = dearer / gap.base_usd
    values = {
        "up": up.label,
        "other": other.label,
        "gap": env.money(gap.usd),
        "pct": f"{(cost - 1) * 100:.0f}",
        "speed": f"{speed:.2f}",
        "title": title,
        "up_price": env.money(dearer),
        "other_price": env.money(gap.base_usd),
        "b": f"{(other.gpu.memory_gb or 0) * other.n_gpus:g} GB",
        "model": held or "",
    }
    roomy = more_memory({up.gpu.name: up, other.gpu.name: other}, [up.gpu.name, other.gpu.name])
    bigger = roomy is not None and roomy["gpu"] == up.label
    if held:
        key = "model"
    elif bigger and roomy is not None and roomy["times"] >= MEMORY_STEP and speed < MEMORY_PAID:
        # "4060ti 8g和16g差600块": the extra is paid for memory; what each holds says whether it is worth it
        return env.t("compare.worth_gap_memory_only", **values) + i18n.gap(env.lang) + memory_sentence(roomy, env)
    elif speed < 1.05 and memory_said and bigger:
        key = "memory_only"
    elif speed < 1.05:  # not even 5 % faster
        key = "no"
    elif abs(speed / cost - 1) < 0.05:  # within 5 %: level per dollar
        key = "even"
    else:
        key = "yes" if speed >= cost else "speed_only"
    text = env.t(f"compare.worth_gap_{key}", **values)
    watts = (up.gpu.tdp_w or 0) * up.n_gpus, (other.gpu.tdp_w or 0) * other.n_gpus
    if all(watts) and watts[0] - watts[1] >= 50:  # "+100 W" is part of what the extra buys
        text += i18n.gap(env.lang) + env.t("compare.worth_gap_power", up=up.label, a=f"{watts[0]:g}", b=f"{watts[1]:g}")
    return text if memory_said else text + memory_tail(up, other, env)


SMALL_GAIN = 1.15  # a dearer card under 15 % faster with the same memory is "probably not worth" a gap [A]


def _unpriced_worth(up: ValueRow, other: ValueRow, gap: Gap, speed: float, title: str, env: Env) -> str:
    """The gap said, no price for either card: what it buys (the speed ratio for the work asked, memory) and the
    price of the cheaper card (or machine) above which the extra is paid back in speed per money (gap / (speed - 1));
    a no when the dearer card is no faster, "probably not" when it is under SMALL_GAIN faster with no more memory."""
    mem_up, mem_other = (up.gpu.memory_gb or 0) * up.n_gpus, (other.gpu.memory_gb or 0) * other.n_gpus
    values = {
        "up": up.label,
        "other": other.label,
        "gap": env.money(gap.usd),
        "speed": f"{speed:.2f}",
        "pct": f"{(speed - 1) * 100:.0f}",
        "title": title,
        "gb": f"{mem_up:g} GB",
        "other_gb": f"{mem_other:g} GB",
        "even": env.money(gap.usd / (speed - 1)) if speed > 1.001 else "",
    }
    if speed <= 1.001:
        return env.t("compare.worth_gap_unpriced_slower", **values)
    if mem_up <= mem_other and speed < SMALL_GAIN:
        return env.t("compare.worth_gap_unpriced_small", **values)
    key = "compare.worth_gap_unpriced_memory" if mem_up > mem_other else "compare.worth_gap_unpriced"
    return env.t(key, **values)
