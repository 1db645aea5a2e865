"""Value rankings and their reorderings for recommendations and verdicts: every priced NVIDIA (or named
vendor's) card ranked by value over the ownership period (docs/model.md §rec); cheapest up front (the
cards and the machine that holds them), most speed per watt, cheaper over the years than a set-up already
picked; several smaller cards that hold a memory target together for less than one card."""

from __future__ import annotations

import dataclasses

from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery
from assistant.respond import fit_hardware, quiet
from assistant.respond.env import Env
from assistant.respond.pricing import (
    perf_workload,
    price_of,
)
from assistant.respond.ranking import rank_inputs, rank_snapshot


def label(row) -> str:
    return f"{row.n_gpus} x {row.gpu}" if row.n_gpus > 1 else row.gpu


def upfront_usd(row, env: Env) -> float:
    """What a set of GPUs costs to put to work: the cards and the machine that holds that many
    (3 x RTX 3070 need a 4-slot workstation, one RTX 3090 a desktop: fit_hardware.machine_usd)."""
    spec = env.reader.gpu(row.gpu)
    return row.price_usd * row.n_gpus + fit_hardware.machine_usd(spec, row.n_gpus, False, env.local_desktop_usd())


def cheapest_first(ranking, env: Env):
    """ "cheapest GPU for X": the constraints stay, the order is by what it costs up front (the cards and the
    machine that holds them)."""
    rows = sorted(ranking.rows, key=lambda r: (upfront_usd(r, env), -r.value_per_tco))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=tuple(rows[1:4]), rows=tuple(rows))


def fastest_first(ranking):
    """ "top 5 fastest gpus", "ai性能前五": the constraints stay, the order is by speed whatever the price."""
    rows = sorted(ranking.rows, key=lambda r: (-r.score * r.n_gpus, -r.value_per_tco))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=tuple(rows[1:4]), rows=tuple(rows))


def watts(row, env: Env) -> float:
    spec = env.reader.gpu(row.gpu)
    return float(spec.tdp_w or 0) if spec is not None else 0.0


def most_efficient(ranking, env: Env):
    """ "the most power-efficient gpu": the constraints stay, the order is by speed per watt of board power."""
    rows = sorted(ranking.rows, key=lambda r: -quiet.per_watt(r.score, watts(r, env), r.n_gpus))
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=tuple(rows[1:4]), rows=tuple(rows))


# "anything cheaper?": another option costs at least this much less to buy [A] (§rec.followups; as a cheaper build)
CHEAPER_BY = 0.10


def own_row(unbounded, gpu: str | None, n: int):
    """The picked set-up's own row in `unbounded` (the same ranking without the price cap), or None."""
    return next((r for r in unbounded.rows if r.gpu == gpu and r.n_gpus == n), None)


def cheaper_over_period(ranking, own, by_buying: bool = False):
    """ "cheaper option?" after a pick ranked by its cost over the years: only set-ups that cost less over those
    years too, and, where there are any, at least CHEAPER_BY less to buy (3 x RTX 5060 Ti are $11 cheaper to buy
    than 2 x RTX 3090: not the cheaper option asked for while 4 x RTX 3060 save $393); when none costs less over the
    years and `by_buying`, the ones cheaper to buy (after a ¥1,700 RTX 2080 Ti 22 GB nothing costs less over 5 years;
    a P40 is ¥68 cheaper to buy; cheaper_trade says when the years cost more)."""
    if own is None:
        return ranking
    cheaper_to_buy = tuple(r for r in ranking.rows if r.price_usd * r.n_gpus < own.price_usd * own.n_gpus)
    rows = tuple(r for r in cheaper_to_buy if r.tco_usd < own.tco_usd)
    clearly = tuple(r for r in rows if r.price_usd * r.n_gpus <= (1 - CHEAPER_BY) * own.price_usd * own.n_gpus)
    rows = clearly or rows or (cheaper_to_buy if by_buying else ())
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=rows[1:4], rows=rows)


def cheaper_trade(best, own, years: str, env: Env) -> str:
    """What the cheaper pick saves against the picked set-up (to buy, over the years) and the speed it keeps."""
    if best is None or own is None or not own.score:
        return ""
    dearer = best.tco_usd > own.tco_usd  # cheaper to buy, dearer over the years (a second card, its platform, power)
    return env.t(
        "rec.cheaper_trade_dearer" if dearer else "rec.cheaper_trade",
        saves=env.money(own.price_usd * own.n_gpus - best.price_usd * best.n_gpus),
        saves_years=env.money(abs(own.tco_usd - best.tco_usd)),
        years=years,
        pct=f"{100 * best.score / own.score:.0f}",
        was=f"{own.n_gpus} x {own.gpu}" if own.n_gpus > 1 else own.gpu,
    )


def below_pick(ranking, own, gpu: str | None):
    """The set-ups of `ranking` below the pick `own` of card `gpu`: cheaper over the years, else cheaper to buy."""
    over = cheaper_over_period(ranking, own)
    return other_cards(over if over.choice is not None else cheaper_over_period(ranking, own, by_buying=True), gpu)


def other_cards(ranking, gpu: str | None):
    """ "cheaper option?" after 2 x RTX 3090: the ranking without that card (fewer of it is not another option)."""
    rows = tuple(r for r in ranking.rows if r.gpu != gpu)
    if not gpu or len(rows) == len(ranking.rows):
        return ranking
    return dataclasses.replace(ranking, choice=rows[0] if rows else None, runners_up=rows[1:4], rows=rows)


def picked_rows(rankings, names: tuple[str, ...]) -> tuple:
    """The row of each card picked before ("what else?"): its first row in the first of `rankings` (without the price
    cap; then without the memory need too, where a pick below the floor is found) that has one."""
    rows = (next((r for ranking in rankings for r in ranking.rows if r.gpu == name), None) for name in names)
    return tuple(r for r in rows if r is not None)


def besides(best, picked: tuple, names: tuple[str, ...], years: str, env: Env, near: float | None) -> tuple[str, str]:
    """ "Besides the RTX 3090: " (with the price ceiling `near` when no budget was said), and how the new pick compares
    with the last card picked (value over the years, speed, price), said after the answer's own first sentence (""
    when either is not ranked)."""
    gpus = ", ".join(names)
    head = env.t("rec.besides_near", gpus=gpus, money=env.money(near)) if near else env.t("rec.besides", gpus=gpus)
    was = picked[-1] if picked else None
    if best is None or was is None or not (was.value_per_tco and was.score):
        return head, ""
    return head, env.t(
        "rec.besides_trade",
        was=f"{was.n_gpus} x {was.gpu}" if was.n_gpus > 1 else was.gpu,
        value=f"{100 * best.value_per_tco / was.value_per_tco:.0f}",
        years=years,
        speed=f"{best.score / was.score:.2f}",
        price=env.money(best.price_usd * best.n_gpus),
        was_price=env.money(was.price_usd * was.n_gpus),
    )


def passive_ok(query: RecommendQuery, env: Env) -> bool:
    """Datacenter cards belong in the ranking for an organization or when a server is asked for; not for a person
    buying their own card ("学校服务器排队太久了 想自己买张卡": the server is the school's)."""
    lex = lexicon(env.lang)
    if query.organization is False and lex.words_in("self_buy_words", query.text.lower()):
        return False
    if query.card_class == "datacenter":  # "datacenter gpu", "passive card": the passive boards are what is asked
        return True
    if lex.words_in("rig_server", query.text.lower()):
        return True
    return bool(query.organization) and not below_server(query, env)


def below_server(query: RecommendQuery, env: Env) -> bool:
    """An organization's budget that buys no server (under the server tier's platform, knowledge/rigs.toml; one card
    or none counted): "预算1w2，想给工作室配一张卡" is a card for a desktop, not a server's passive board."""
    from assistant.models.platforms import platforms
    from assistant.respond.pricing import budget_usd

    money = budget_usd(query, env) or env.assumptions.budget_usd
    return money is not None and money < platforms()[-1].usd and (query.gpu_count or 1) <= 1


def nvidia_ranking(env: Env, key: str, memory_need_gb: float | None = None, n: int = 1, vendors=("NVIDIA",), chat=None):
    """The value ranking of every NVIDIA GPU priced in the snapshot under the assumptions in force and
    the user's prices, with no budget: where a GPU stands (cost "perf per dollar", verdicts).
    `vendors`: a verdict on an AMD or Intel card ranks that vendor too; `chat` as in `rank_snapshot`."""
    condition = env.assumptions.condition or "average"
    inputs = rank_inputs(env, key, need=memory_need_gb, condition=condition, vendors=tuple(vendors), n=n, chat=chat)
    return rank_snapshot(env.reader, inputs)


SPLITS = (None, "llm_inference", "inference")  # workloads whose model may be split across cards


def together(query: RecommendQuery, env: Env, need, budget, condition, vendors, best):
    """The best-value set of 2-4 actively cooled cards that holds a memory target asked without a model
    ("cheapest way to get 48gb of vram") for less than the single card chosen, both with the machine around
    them (a 3-card set needs a bigger platform than one card); None otherwise. A language model splits across
    them; an image model or one training batch does not."""
    if not query.min_memory_gb or query.model or query.gpu_count > 1 or query.workload not in SPLITS:
        return None
    ranking = _sets(query, env, need, budget, condition, vendors, passive=False)
    single = upfront_usd(best, env)  # the cards and the machine that holds them (more cards need a bigger platform)
    several = [
        r
        for r in ranking.rows  # best value first: the cheapest set is rarely the one to buy (3 x 16 GB vs 2 x 24 GB)
        if r.n_gpus > 1 and upfront_usd(r, env) < single
    ]
    if several and query.sort == "price":  # "least i can spend": the cheapest machine, not the best value
        return min(several, key=lambda r: upfront_usd(r, env))
    return several[0] if several else None


def fewer_cards(query: RecommendQuery, env: Env, need, budget, condition, vendors, best, cheapest):
    """Beside the cheapest set of several cards ("cheapest way to get 48gb": 4 x RTX 3060): the set of fewer cards,
    still cheaper than one card that holds it, of the best value (2 x RTX 3090: fewer slots, a faster card each);
    None when there is none."""
    if cheapest is None or query.sort != "price" or cheapest.n_gpus <= 2:
        return None
    ranking = _sets(query, env, need, budget, condition, vendors, passive=False)
    single = upfront_usd(best, env)
    fewer = [r for r in ranking.rows if 1 < r.n_gpus < cheapest.n_gpus and upfront_usd(r, env) < single]
    return fewer[0] if fewer else None


def _sets(query: RecommendQuery, env: Env, need, budget, condition, vendors, passive: bool):
    """The ranking of sets of up to 4 cards (actively cooled, or passively cooled server ones) for the memory target."""
    inputs = rank_inputs(
        env,
        perf_workload(query.workload, query.precision),
        need=need,
        budget=budget,
        condition=condition,
        vendors=vendors,
        max_power_w=query.max_power_w,
        max_auto_gpus=4,
        passive=passive,
        memory_asked=bool(query.min_memory_gb),
    )
    return rank_snapshot(env.reader, inputs)


def official(query: RecommendQuery, env: Env) -> bool:
    """An organization's ranking in yuan: grey-market and modified cards left out (respond/rig_market)."""
    from assistant.respond import rig_market

    return rig_market.official_only(query, env)


def together_passive(query: RecommendQuery, env: Env, need, budget, condition, vendors, than):
    """The cheapest set of passively cooled server cards that holds the memory target, when it costs less than `than`
    (the actively cooled set or card chosen, a RankRow): a home ranking leaves them out (§rec.passive), so the answer
    names them with the cooling caveat instead of dropping them silently ("cheapest 48 GB": 2 x Tesla P40). For
    running LLMs, or a memory asked with no work said: the cards' memory adds up split by layer, and llama.cpp runs on
    cards without tensor cores."""
    if not query.min_memory_gb or query.model or query.gpu_count > 1 or query.workload not in (None, "llm_inference"):
        return None
    ranking = _sets(query, env, need, budget, condition, vendors, passive=True)
    ceiling = than.price_usd * than.n_gpus
    one_card = lexicon(env.lang).words_in("one_card_words", f" {query.text.lower()} ")  # "cheapest 24gb card"
    server = [
        r
        for r in ranking.rows
        if (g := env.reader.gpu(r.gpu)) is not None
        and g.passively_cooled
        and r.price_usd * r.n_gpus < ceiling
        and (r.n_gpus == 1 or not one_card)
    ]
    return min(server, key=lambda r: r.price_usd * r.n_gpus, default=None)


# "what else?" with no budget: alternatives up to this much dearer than the dearest card picked before [A]
# (§rec.followups)
NEAR_PRICE = 1.25


def near_price(names: tuple[str, ...], env: Env) -> float | None:
    """The ceiling of "what else?" with no budget: NEAR_PRICE x the dearest card picked before (None when none of
    them has a price), so the alternatives to $450 cards are not $1,100 cards."""
    prices = [p for name in names if (p := price_of_named(name, env))]
    return max(prices) * NEAR_PRICE if prices else None


def price_of_named(gpu: str | None, env: Env) -> float | None:
    """The price (USD) of the GPU a "cheaper than" names, None when none is named or its price is unknown."""
    found = price_of(gpu, env) if gpu else None
    return found.usd if found is not None else None
