"""Answer a yes / no about one GPU: enough / good / worth it / overkill for a workload, or does it
support a feature.

Contract: the headline starts with the verdict (yes / no / yes if <condition>), then the numbers
that decide it. Suitability uses the reference's memory floors (12 GB image generation, 24 GB
LLMs and transformers), the relative speed of the performance model and the value ranking of
every GPU priced in the snapshot in force (the recommender's ranking, §rec); a feature is read
from the GPU's tensor-core formats (§perf.tensor). A "no" names better alternatives.
`figures["verdict"]`: answer (yes | no | yes_if), kind, condition, gpu, workload, memory_gb,
memory_floor_gb, relative_speed, value_rank, ranked, alternatives (GPU names). The ranking, the alternatives in
the price class and the value table rows: respond/verdict_value.py.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery, VerdictQuery
from assistant.respond import (
    afford,
    best_claim,
    card_risks,
    deal,
    deal_runs,
    deal_trust,
    ollama,
    use_case,
    vendor_practice,
    verdict_feature,
    verdict_model,
    verdict_owned,
    verdict_sibling,
    wait,
)
from assistant.respond.env import Env
from assistant.respond.verdict_reply import both_verdicts
from assistant.respond.verdict_suitability import for_a_purpose, suitability_verdict
from assistant.specs import GpuSpec


def respond(query: VerdictQuery, env: Env) -> Answer:
    return verdict_sibling.other_version(_respond(query, env), query, env, _respond)  # "or is 8gb version ok too"


def _respond(query: VerdictQuery, env: Env) -> Answer:
    env = env.for_query(query)
    from assistant.respond import laptop_part

    query, laptop_note = laptop_part.on_laptop(query, env)  # "laptop with a 4060, good for llms?": the laptop part
    if laptop_note:
        answer = respond(query, env)
        answer.steps = [laptop_note, *answer.steps]
        return answer
    named = [r for r in query.gpus if r.name]
    if query.kind == "free":  # "stick to kaggle's free T4s or buy": the free notebooks against a card of one's own
        from assistant.respond import verdict_free

        return verdict_free.respond(query, env)
    if not named and query.kind == "wait":  # "buy now or wait for the 50 super refresh": nothing known to weigh
        return wait.for_none(query, env)
    if not named:
        return Answer(
            question=query.text, intent="verdict", headline="", clarification=env.t("verdict.which_gpu"), lang=env.lang
        )
    typical_video = use_case.video_key(query, env) if query.kind in ("good", "enough") else None
    if typical_video:  # "文生视频 4090够吗", "can a 3060 do ai video": the usual open video model on it, not images
        from assistant.queries import VideoQuery
        from assistant.respond import video

        return video.respond(VideoQuery(text=query.text, video=typical_video, gpus=query.gpus, typical=True), env)
    gpu = env.gpu(named[0].name)
    n = max(named[0].count, 1)
    if query.kind == "afford":  # "预算一万 能买4090吗": the budget against the card's prices
        return afford.respond(query, env)
    if query.kind == "best":  # "is the 3060 12gb still the best budget card for ai": against the pick
        return best_claim.respond(query, env)
    if query.kind == "deal" and query.offer_period:  # "8卡a800包月12万 贵不贵": a rent quote against cloud rates
        from assistant.respond import rent_quote

        return rent_quote.respond(query, env)
    if query.kind == "deal":  # "used 3090 for $650 a good deal?": the offer against the market
        price = deal_trust.lead(deal.respond(query, env), query, gpu, env)  # "modded 2080 ti, trusted?": trust first
        if query.model or query.params_b:
            return price  # a model named: whether it runs is the use, already answered beside the price
        priced = bool(price.figures.get("deal"))
        if deal_runs.asked(query, env):  # "p40 180刀收的 能跑啥": what it runs and the price (unknown or not)
            return deal_runs.respond(query, price, env)
        if not for_a_purpose(query, env):
            return price
        # "used p100 for $80, worth it for a beginner": the price, then whether the card does the job; a card with no
        # street price ("v100 sxm2 for $150, good idea for llm inference?") still gets whether it does the job
        at_offer = _at_offer(query, env, gpu, n)
        suits = _with_ollama(
            suitability_verdict(dataclasses.replace(query, kind="good", offer=None), gpu, n, at_offer), gpu, at_offer
        )
        gone = vendor_practice.cuda_ended(gpu, env)[0]
        if gone and gone in suits.headline:  # said once, by the suitability verdict
            price.headline = price.headline.replace(gone + i18n.gap(env.lang), "", 1)
        bare = price.figures["verdict"].pop("price_only", None)
        if bare and suits.figures["verdict"]["answer"] == "no":  # "no" for the job: no "worth it if sound" after it
            price.headline = bare
        beaten = price.figures["verdict"]["answer"] == "no" and suits.figures["verdict"]["answer"] != "no"
        use_asked = priced and not beaten and deal.use_only(query, env)  # "矿卡3080 1800块 跑yolov8 够用吗"
        if (priced or beaten) and not use_asked:  # "used a5000 for 1400, good for training?": the price leads
            return both_verdicts(price, suits)
        # no price to weigh, or only the use asked: whether the card does the job leads, the price follows
        said = suits.headline
        answer = both_verdicts(price, suits, first=suits)
        answer.headline = i18n.gap(env.lang).join([said, price.headline])
        return answer
    if query.kind == "wait":  # "buy a 5090 now or wait": its price over time and a successor, what is not known
        both = list({r.name: env.gpu(r.name) for r in named[:2]}.values())  # bought now, then the one waited for
        if len(both) > 1 and wait.is_out(both[1]) and query.offer is None and not wait.drop_awaited(query.text, env):
            return wait.against_released(query, both[0], both[1], env)  # "还是等5090d": it is out, compare now
        waited = wait.respond(query, both[0], env, awaited=both[1] if len(both) > 1 else None)
        if query.offer is None:
            return waited
        price = deal.respond(dataclasses.replace(query, kind="deal"), env)  # "used 3090 around $650, buy or wait?"
        return both_verdicts(price, waited) if price.figures.get("deal") else waited
    if query.kind == "feature":
        return verdict_feature.respond(query, gpu, env)
    if query.kind == "install":  # "can i put an a100 pcie in a normal gaming pc": what it takes
        from assistant.respond import card_install

        return card_install.respond(query, gpu, env)
    if query.model is not None and query.kind in ("good", "enough") and query.offer is None:
        from assistant.respond import fit  # "what about for flux" after "would a 3060 do": that model on that card

        return fit.respond(FitQuery(text=query.text, model=query.model, gpus=query.gpus, workload=query.workload), env)
    if verdict_owned.asked(query):  # "got a free 1080 ti, can it do anything ml-wise": what it runs, its limits
        trained = suitability_verdict(dataclasses.replace(query, kind="good", workload="training"), gpu, n, env)
        used = verdict_owned.respond(query, env, gpu, n, trained.figures["verdict"].get("relative_speed"))
        if used is not None:
            return used
    if query.offer is None:
        # the risks first, then the opener turned for a question asked the negative way ("risky?", "useless?")
        answer = _as_asked(
            card_risks.added(_with_ollama(suitability_verdict(query, gpu, n, env), gpu, env), query, gpu, env), env
        )
        answer = verdict_model.weigh(query, answer, n, env)  # "is the 5090 worth it for 70b": whether 70B runs first
        rent, rented = verdict_owned.rent_line(env) if query.owned_use == "rent" else ("", {})
        if rent:  # "用笔记本3060够吗 还是租卡": renting by the hour for what it does not do, no purchase break-even
            answer.headline = i18n.gap(env.lang).join([answer.headline, rent])
            answer.figures["verdict"] |= rented
            answer.tables, answer.steps = [], []  # the user's card: no purchase price, value rank or ownership years
            answer.assumptions = {}
        return answer
    at_offer = _at_offer(query, env, gpu, n)
    suits = _with_ollama(suitability_verdict(query, gpu, n, at_offer), gpu, at_offer)
    price = deal.respond(dataclasses.replace(query, kind="deal"), env)  # "p40 for $200 still worth it": the price too
    return both_verdicts(price, suits, first=suits) if price.figures.get("deal") else suits


def _as_asked(answer: Answer, env: Env) -> Answer:
    """ "is a 1080 ti useless for deep learning", "rx 6800 for ai, waste of money?": a question asked the negative way
    round (lexicon [lists] verdict_negative, with no word of lists verdict_good / verdict_good_asked / verdict_worth /
    verdict_buy_this before it) gets
    the verdict's Yes / No opener swapped (verdict.answer_yes / answer_no), so "Yes" means "yes, it is useless"."""
    text = f" {answer.question.lower()} "
    words = lexicon(env.lang).listed("verdict_negative")
    at = min((text.find(f" {w}") for w in words if f" {w}" in text), default=-1)
    positive = ("verdict_good_asked", "verdict_good", "verdict_worth", "verdict_buy_this")
    good = [w for name in positive for w in lexicon(env.lang).listed(name)]
    if at < 0 or any(0 <= text.find(f" {w} ") < at for w in good):
        return answer  # not negative, or "any use / should i buy ... or a waste": the first asked is the positive
    yes, no = env.t("verdict.answer_yes"), env.t("verdict.answer_no")
    head = answer.headline
    for said, swapped in ((yes, no), (no, yes)):
        if head.startswith(said) and head[len(said) : len(said) + 1] in (":", ","):
            answer.headline = swapped + head[len(said) :]
            break
    return answer


def _at_offer(query: VerdictQuery, env: Env, gpu: GpuSpec, n: int) -> Env:
    """The env in which the card costs what the user was offered ("闲鱼五千左右 能买吗"), so that whether it is worth
    it is weighed at that price, not at the street price (for this answer only; a price setting is not changed)."""
    usd = env.to_usd(query.offer, query.money_currency) if query.offer else None
    if not usd:
        return env
    each = usd / max(n, 1)  # a counted offer is for all of them together (VerdictQuery.offer)
    named = next((r for r in query.gpus if r.name == gpu.name), None)
    prices = {(gpu.name, c): each for c in ("new", "used")}
    if named is not None and named.condition in ("new", "used"):
        prices = {(gpu.name, named.condition): each}
    assumptions = dataclasses.replace(env.assumptions, prices=env.assumptions.prices | prices)
    return dataclasses.replace(env, assumptions=assumptions)


def _with_ollama(answer: Answer, gpu: GpuSpec, env: Env) -> Answer:
    """ "arc a770 ok for ollama?": how Ollama runs a card that is not NVIDIA's (respond/ollama.py) after the verdict."""
    said, source = ollama.note(gpu, answer.question, env)
    if said:
        answer.headline = i18n.gap(env.lang).join([answer.headline, said])
        answer.sources = [*answer.sources, *env.cite(source)]
    return answer
