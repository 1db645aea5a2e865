"""The answers a GPU ranking hands over to or adds to: a count of cards for a budget answered as a whole machine, a
video pick, a ranking among one family, 16-bit training without tensor-core cards, a budget below the memory floor,
and the headline of cards that work together.

Contract: `as_rig` and `video_pick` return the Answer of the rig / video responder for the question; `among`,
`without_tensor_cores`, `pick_below_floor` and `with_together` return the ranking, notes or headline that
`recommend.respond` puts in its answer; none changes the snapshot or the dialogue.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import RecommendQuery, RigQuery, VideoQuery
from assistant.respond import fit_hardware, use_case
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm, sized_model
from assistant.respond.pricing import budget_usd, perf_workload
from assistant.respond.ranking import rank_inputs, rank_snapshot
from assistant.respond.wording import gb, software_stack


def as_rig(query: RecommendQuery, env: Env) -> Answer:
    """A count of cards for a budget in a whole machine: the rig answer (cards, platform, PSU, wall power)."""
    from assistant.respond import rig

    if query.released and query.model and not query.precision:  # "满血r1": the weights as released (FP8 for R1)
        released = sized_model(query, env)[0]
        if released is not None and released.kind == "llm":
            query = dataclasses.replace(query, precision=memory.released_precision(released))
    asked = RigQuery(
        text=query.text,
        gpu_count=query.gpu_count if (query.gpu_count or 1) > 1 else None,  # no count said: the build chooses it
        budget_usd=query.budget_usd,
        budget_currency=query.budget_currency,
        workload=query.workload,
        model=query.model,
        mode=query.mode,  # "全参微调qwen2.5 7b": the build rated for that method
        params_b=getattr(query, "params_b", None),
        precision=query.precision,
        condition=query.condition,
        vendor=query.vendor,
        # an organization's budget past a server's platform (use_case.asks_build) is a server build
        server=bool(
            use_case.said("rig_server", query.text, env) or ((query.gpu_count or 1) < 2 and query.organization)
        ),
        organization=bool(query.organization),
        card_class=query.card_class,  # "workstation cards only": the rig keeps the class asked
        settings=query.settings,
    )
    return rig.respond(asked, env)


def video_pick(query: RecommendQuery, key: str, env: Env) -> Answer:
    """A video-generation use with no model named: the video pick for the common video model, said to be assumed."""
    from assistant.respond import video

    budget = budget_usd(query, env.for_query(query))  # a budget said, or kept from the conversation
    asked = VideoQuery(
        text=query.text,
        video=key,
        budget_usd=query.budget_usd,
        budget_currency=query.budget_currency,
        pick=budget is None,  # no budget: the open pick (respond/video_pick.open_pick)
    )
    answer = video.respond(asked, env)
    name = next((r["name"] for r in video.rows_of(key)), key)
    return dataclasses.replace(answer, steps=[env.t("rec.video_typical", model=name), *answer.steps])


def among(query: RecommendQuery, ranking):
    """ "best 30 series card for llms": the rows of the family's cards only (RecommendQuery.among), in every ranking
    the answer builds (the wider ones its notes compare with too); the ranking as it is when no family is named.
    "what else?" after a pick: every row but those of the cards picked before (RecommendQuery.other_than)."""
    if not query.among and not query.other_than:
        return ranking
    kept = tuple(r for r in ranking.rows if (not query.among or r.gpu in query.among) and r.gpu not in query.other_than)
    # why each of the family is not ranked
    left_out = tuple(x for x in ranking.excluded if x[0] in query.among) if query.among else ranking.excluded
    return dataclasses.replace(
        ranking, choice=kept[0] if kept else None, runners_up=kept[1:4], rows=kept, excluded=left_out
    )


def without_tensor_cores(ranking, wider, fallback: bool, env: Env):
    """(ranking, note) for a 16-bit training ranking, which holds cards with tensor / matrix cores only: the
    note names the card without them that would have come first (a P40 trains at its FP32 vector rate, its
    FP16 at 1/64 of it). When no card with tensor cores meets the constraints, `fallback` returns the ranking
    with them, said so; otherwise the ranking stays empty (the below-floor answer follows) and the note says
    which card without tensor cores was left out. `wider` is the same ranking with them."""
    first = wider.choice
    if first is None or (ranking.choice is not None and first.gpu == ranking.choice.gpu):
        return ranking, ""
    gpu = env.reader.known_gpu(first.gpu)
    if gpu.arch and gpu.arch.tensor_generation:  # first in the wider ranking for another reason (an SXM2 module)
        return ranking, ""
    short = gpu.short_name
    if ranking.choice is None and fallback:
        return wider, env.t("rec.only_no_tensor", gpu=short)
    return ranking, env.t("rec.no_tensor", gpu=short)


STRETCH = 0.15  # [A] a card this much over the budget that has the memory floor is named (as a rig's stretch build)


def _relaxed(query: RecommendQuery, env: Env, budget: float, basis):
    """The ranking within the budget without the reference's memory floor (for a home user: no passive cards)."""
    condition, vendors, n, chat = basis
    relaxed_inputs = rank_inputs(
        env,
        perf_workload(query.workload, query.precision),
        budget=budget,
        condition=condition,
        vendors=vendors,
        max_power_w=query.max_power_w,
        n=n,
        chat=chat,
        passive=False,  # a home user
    )
    return relaxed_inputs, among(query, rank_snapshot(env.reader, relaxed_inputs))  # "best single-slot card": those


def top_below_floor(query: RecommendQuery, env: Env, ranking, need: float, budget: float, basis):
    """(ranking, note) for "top 3 gpus under $2000 for llms" when fewer than the cards asked for have the
    reference's memory floor: the list filled with the best-value cards under it (the floor is a rule, not the
    user's need), said; (ranking, "") when the floor leaves enough."""
    if not query.top_n or len(ranking.rows) >= query.top_n:
        return ranking, ""
    _, relaxed = _relaxed(query, env, budget, basis)
    have = {r.gpu for r in ranking.rows}
    extra = tuple(r for r in relaxed.rows if r.gpu not in have)[: query.top_n - len(ranking.rows)]
    if not extra:
        return ranking, ""
    note = env.t("rec.top_below_floor", n=len(ranking.rows), budget=env.money(budget), floor=f"{need:g}")
    return dataclasses.replace(ranking, rows=(*ranking.rows, *extra)), note


def pick_below_floor(query: RecommendQuery, env: Env, ranking, need: float, budget: float, basis):
    """(ranking, headline) when no card within budget has the reference's memory floor ("quiet gpu for ollama,
    ~500 bucks"): the most memory within the budget, and what that runs, instead of a dead end; (ranking,
    None) when nothing at all is within it."""
    relaxed_inputs, relaxed = _relaxed(query, env, budget, basis)
    active = list(relaxed.rows)
    roomy = max(active, key=lambda r: (r.memory_gb, r.value_per_tco), default=None)
    if roomy is None:
        return ranking, None
    by_memory = tuple(sorted(active, key=lambda r: (-r.memory_gb, -r.value_per_tco)))
    ranking = dataclasses.replace(relaxed, choice=roomy, rows=by_memory, runners_up=by_memory[1:4])
    model = largest_llm(env, roomy.memory_gb) if query.workload == "llm_inference" else None
    below = "rec.below_floor_cheaper" if query.cheaper_than else "rec.below_floor"  # "cheaper?" after the 24 GB pick
    if basis[1] and not query.vendor and not query.cheaper_than:
        below = "rec.below_floor_nvidia"  # "no card" would be false of another maker's (RX 7900 XTX, 24 GB)
    if query.other_than and not query.cheaper_than:
        below = "rec.below_floor_besides"  # "what else?" after the one card with the floor: no *other* card has it
    head = env.t(
        below,
        floor=f"{need:g}",
        budget=env.money(budget),
        gpu=roomy.gpu,
        memory=gb(roomy.memory_gb),
        price=env.money(roomy.price_usd * roomy.n_gpus),
        runs=env.t("rec.below_floor_runs", model=model) if model else "",
    )
    vendors = basis[1]
    if vendors and not query.vendor and not query.cheaper_than:  # NVIDIA only by default: another maker's may have it
        if other := _other_maker_floor(env, relaxed_inputs, need):
            spec = env.reader.known_gpu(other.gpu)
            head += i18n.gap(env.lang) + env.t(
                "rec.below_floor_other_maker",
                gpu=spec.short_name,
                memory=gb(other.memory_gb),
                price=env.money(other.price_usd * other.n_gpus),
                stack=software_stack([spec]),
            )
    if query.cheaper_than:  # over the "budget" is the card it was to be cheaper than: no stretch to name
        return ranking, head
    stretched = rank_snapshot(env.reader, dataclasses.replace(relaxed_inputs, budget=budget * (1 + STRETCH), need=need))
    near = min(among(query, stretched).rows, key=lambda r: r.price_usd * r.n_gpus, default=None)  # cheapest w/ floor
    if near is not None and near.price_usd * near.n_gpus > budget:  # "~$800 for llms": a used 3090 at $824
        over = near.price_usd * near.n_gpus / budget - 1
        head += i18n.gap(env.lang) + env.t(
            "rec.below_floor_stretch",
            gpu=env.reader.known_gpu(near.gpu).short_name,
            memory=gb(near.memory_gb),
            price=env.money(near.price_usd * near.n_gpus),
            pct=f"{over * 100:.0f}",
            floor=f"{need:g}",
        )
    return ranking, head


def _other_maker_floor(env: Env, relaxed_inputs, need: float):
    """The best-value card of another maker within the budget that has the memory floor (an RX 7900 XTX's 24 GB
    within $800), or None."""
    wider = rank_snapshot(env.reader, dataclasses.replace(relaxed_inputs, vendors=(), need=need))
    return next((r for r in wider.rows if r.n_gpus == 1 and r.memory_gb >= need), None)


def with_together(query: RecommendQuery, headline: str, together, best, env: Env) -> str:
    """ "cheapest way to get 48gb": several cards that hold it together for less than the one card chosen lead
    when the cheapest is asked (and one card is not), else they follow the pick."""
    desktop = env.local_desktop_usd()
    machine = fit_hardware.machine_usd(env.reader.gpu(together.gpu), together.n_gpus, False, desktop)
    one_machine = fit_hardware.machine_usd(env.reader.gpu(best.gpu), best.n_gpus, False, desktop)
    several = {
        "n": together.n_gpus,
        "gpu": together.gpu,
        "total": env.money(together.price_usd * together.n_gpus),
        "memory": gb(together.memory_gb * together.n_gpus),
        "machine": env.money(together.price_usd * together.n_gpus + machine),
        "one_machine": env.money(best.price_usd * best.n_gpus + one_machine),
    }
    one_card = lexicon(env.lang).words_in("one_card_words", f" {query.text.lower()} ")
    if query.sort == "price" and not one_card:  # the cheapest of all leads
        return env.t("rec.together_first", **several, one=best.gpu, price=env.money(best.price_usd * best.n_gpus))
    return headline + i18n.gap(env.lang) + env.t("rec.together", **several)


def fewer_sentence(fewer, env: Env) -> str:
    """The set of fewer cards said beside the cheapest set (recommend_order.fewer_cards), with its machine."""
    machine = fit_hardware.machine_usd(env.reader.gpu(fewer.gpu), fewer.n_gpus, False, env.local_desktop_usd())
    gpu = env.reader.gpu(fewer.gpu)
    return env.t(
        "rec.together_fewer",
        n=fewer.n_gpus,
        gpu=fewer.gpu,
        total=env.money(fewer.price_usd * fewer.n_gpus),
        machine=env.money(fewer.price_usd * fewer.n_gpus + machine),
        bw=f"{(gpu.memory_bandwidth_gb_s or 0) if gpu else 0:,.0f}",
    )
