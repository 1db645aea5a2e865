"""Cloud rates of several GPUs in one question: "l40s or a100 80gb, which is better value to rent",
"rent h100 vs a100 per hour", "a800和h800租一天分别多少".

Contract: `respond(query, env, one)` answers the question for each GPU named (with `one`, the responder of
one GPU) and puts the answers together: each GPU's cheapest rate, and which gives the most speed per dollar of
rent for the question's workload (16-bit training unless the question says inference), from the cheapest
on-demand rate and the performance model's speed (RTX 3090 = 1), on one price list inside China when the market
is China's (rates_home_pair); the order follows what is asked (_ordered). When the provider named lacks one of the GPUs
and would stand another one named in for it, that GPU's rates at the other clouds are shown instead.
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.answer import Answer
from assistant.models import hardware as hw
from assistant.queries import RatesQuery
from assistant.respond.compare_reasons import LARGE_TRAINING_GAP
from assistant.respond.env import Env
from assistant.respond.offers import provider_name
from assistant.respond.pricing import perf_workload, score, workload_title
from assistant.respond.rates_abroad_pair import abroad_pair
from assistant.respond.rates_home_pair import home_jobs, home_pair


def _offered(env: Env, answers: list[Answer]) -> list[tuple]:
    """(GPU, USD per GPU-hour) of each answer: the rate its headline names (home market first)."""
    out = []
    for ans in answers:
        rates = ans.figures.get("rates") or []
        if rates and ans.gpus:
            out.append((env.reader.known_gpu(ans.gpus[0]), rates[0]["on_demand_usd_per_gpu_hour"]))
    return out


def _holding(query: RatesQuery, env: Env, offered: list[tuple]) -> tuple[list[tuple], str]:
    """The offers of the cards that hold the LLM named on one card at 4-bit (q4_k_m, 4k context), and a sentence
    saying which do not, when some do not; the offers unchanged and "" with no LLM named or when all or none hold
    it (the fit of several cards is the fit answer's)."""
    from assistant.models import memory

    model = env.reader.model(query.model.key) if query.model and query.model.key and query.mode != "job" else None
    if model is None or model.kind != "llm" or len(offered) < 2:
        return offered, ""
    need = memory.inference_memory(model, "q4_k_m", context=4096).total_gb
    kept = [(gpu, rate) for gpu, rate in offered if (gpu.memory_gb or 0) >= need]
    if not kept or len(kept) == len(offered):
        return offered, ""
    short = [gpu for gpu, _ in offered if (gpu.memory_gb or 0) < need]
    text = env.t(
        "rates.holds_model",
        model=model.name,
        need=f"{need:.1f}",
        holds=i18n.join_names(env.lang, [g.short_name for g, _ in kept]),
        short=i18n.join_names(env.lang, [f"{g.short_name} ({g.memory_gb:g} GB)" for g in short]),
    )
    return kept, text


def _value(env: Env, offered: list[tuple], key: str, training: bool = False) -> tuple[str, dict]:
    """The sentence naming the GPU with the most speed per dollar of rent, and its figures."""
    per = []
    for gpu, rate in offered:
        speed = score(gpu, key).score
        if rate > 0 and speed > 0:
            per.append((speed / rate, gpu, rate, speed))
    if len(per) < 2:
        return "", {}
    per.sort(key=lambda p: -p[0])
    best, other = per[0], per[1]
    large = _large_training_value(env, per, key) if training else None
    if large:
        return large
    text = env.t(
        "rates.value_pair",
        title=workload_title(env, key),
        best=best[1].short_name,
        other=other[1].short_name,
        ratio=f"{best[0] / other[0]:.2f}",
        best_rate=env.money(best[2], 2),
        other_rate=env.money(other[2], 2),
        best_speed=f"{best[3]:.2f}",
        other_speed=f"{other[3]:.2f}",
        best_memory=f"{best[1].memory_gb:g}",
        other_memory=f"{other[1].memory_gb:g}",
    )
    return text, {"best_value": best[1].name, "value_ratio": round(best[0] / other[0], 3)}


LARGE_MEMORY_SHARE = 0.75  # [A] a card with under 3/4 of the other's memory cannot train what the other can
_TRAINING = ("training", "llm_finetune", "train")  # training said in so many words: large-model training leads


def _vision(text: str, env: Env) -> bool:
    """A vision network named ("租h100和a100训练yolo哪个划算", lexicon vision_train_models): the benchmark's mix of
    mid-sized networks rates its training, not large-model (LLM) matmul throughput."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(env.lang).words_in("vision_train_models", (text or "").lower())


def _large_training_value(env: Env, per: list, key: str) -> tuple[str, dict] | None:
    """16-bit training where the score (the benchmark's mix of mid-sized networks, §perf.roofline) and the
    matmul-bound ratio of large-model training (§cost.training: time = FLOPs / (MFU x tensor peak)) disagree by
    more than compare_reasons.LARGE_TRAINING_GAP ("h800和h20租哪个训模型": 756 against 148 TFLOPS, while the
    bandwidth-heavy mix rates the H20 higher): the verdict leads with the work per dollar of large-model training,
    says the compute ratio, and names the mix's pick second. None when they agree."""
    if key != "train16" or len(per) < 2:
        return None
    rows = [(p[1], p[2], p[3], hw.matmul_tflops(p[1], "fp16_acc32").value) for p in per[:2]]
    if any(r[3] <= 0 for r in rows):
        return None
    (ga, ra, sa, ta), (gb, rb, sb, tb) = rows
    rated, matmul = sa / sb, ta / tb
    if abs(math.log(matmul / rated)) <= math.log(LARGE_TRAINING_GAP):
        return None
    by_work = sorted(rows, key=lambda r: -r[3] / r[1])
    (best, best_rate, _, best_tf), (other, other_rate, _, other_tf) = by_work
    mix_best = per[0][1]
    smaller = (best.memory_gb or 0) < LARGE_MEMORY_SHARE * (other.memory_gb or 0)  # "h20和4090租哪个跑训练"
    text = env.t(
        "rates.value_large_training_memory" if smaller else "rates.value_large_training",
        best=best.short_name,
        other=other.short_name,
        ratio=f"{(best_tf / best_rate) / (other_tf / other_rate):.1f}",
        best_tf=f"{best_tf:,.0f}",
        other_tf=f"{other_tf:,.0f}",
        compute=f"{other_tf / best_tf * 100:.0f}" if other_tf < best_tf else f"{best_tf / other_tf * 100:.0f}",
        slow=other.short_name if other_tf < best_tf else best.short_name,
        fast=best.short_name if other_tf < best_tf else other.short_name,
        best_rate=env.money(best_rate, 2),
        other_rate=env.money(other_rate, 2),
        best_memory=f"{best.memory_gb:g}",
        other_memory=f"{other.memory_gb:g}",
    )
    if mix_best.name != best.name:
        text += " " + env.t(
            "rates.value_mix_differs",
            gpu=mix_best.short_name,
            ratio=f"{per[0][0] / per[1][0]:.2f}",
            title=workload_title(env, key),
        )
    figures = {"best_value": best.name, "value_ratio": round((best_tf / best_rate) / (other_tf / other_rate), 3)}
    return text, figures | ({"memory_caveat": other.name} if smaller else {})


def _cheaper_job(env: Env, answers: list[Answer]) -> tuple[str, dict]:
    """ "qlora 70b, a100 or h100, which to rent": the GPU the job costs least on, with both costs and hours."""
    jobs = [
        (a.figures["total_usd"], a.figures.get("hours") or 0.0, a.gpus[0])
        for a in answers
        if a.gpus and a.figures.get("total_usd")
    ]
    if len(jobs) < 2:
        return "", {}
    jobs.sort()
    (cost, hours, gpu), (other_cost, other_hours, other) = jobs[0], jobs[1]
    text = env.t(
        "rates.job_cheaper",
        gpu=env.reader.known_gpu(gpu).short_name,
        other=env.reader.known_gpu(other).short_name,
        cost=env.money(cost, 2),
        other_cost=env.money(other_cost, 2),
        hours=f"{hours:.1f}" if hours < 10 else f"{hours:,.0f}",
        other_hours=f"{other_hours:.1f}" if other_hours < 10 else f"{other_hours:,.0f}",
    )
    return text, {"best_value": gpu, "cheaper_job": gpu}


def _rent_gap(query: RatesQuery, env: Env, answers: list[Answer]) -> str:
    """ "Over those 168 hours the H100 SXM5 80 GB costs $144 more than the A100 SXM4 80 GB": the difference of two
    cards rented for the same hours (each at its cheapest on-demand offer), "" for any other rent."""
    rents = [(a.figures["total_usd"], a.gpus[0]) for a in answers if a.gpus and a.figures.get("total_usd")]
    hours = {a.figures.get("hours") for a in answers}
    if query.mode != "rent" or len(rents) != 2 or len(answers) != 2 or len(hours) != 1 or None in hours:
        return ""
    (cheap, low), (dear, high) = sorted(rents)
    cents = 2 if dear < 100 else 0  # "$0.26 more ($2.25 vs $1.99)" for an hour, not "$0 more ($2 vs $2)"
    return env.t(
        "rates.rent_gap",
        hours=f"{hours.pop():,.0f}",
        dear=env.reader.known_gpu(high).short_name,
        cheap=env.reader.known_gpu(low).short_name,
        diff=env.money(dear - cheap, cents),
        a=env.money(dear, cents),
        b=env.money(cheap, cents),
    )


def _elsewhere(query: RatesQuery, env: Env, one, ref) -> Answer:
    """The rates of `ref` at every cloud, led by the sentence that the provider asked has none for it."""
    found = one(dataclasses.replace(query, gpus=(ref,), provider=None, providers=()), env)
    missing = env.t(
        "rates.none_at_provider",
        gpu=env.reader.known_gpu(ref.name).short_name,
        provider=provider_name(query.provider or ""),
    )
    return dataclasses.replace(found, headline=i18n.gap(env.lang).join(p for p in (missing, found.headline) if p))


def _ordered(query: RatesQuery, env: Env, home: str, value: str, parts: list[str]) -> list[str]:
    """A which / better-value question ([lists] rent_pick_words) is answered by the verdict ("租 4090 更划算",
    "rent the H100"): it leads, the one price list and each card's rate follow; a difference asked ([lists]
    asked_difference: "价格差多少") reads the two rates on one price list (`home`) first; otherwise each card's
    rates come first, as asked ("分别多少")."""
    from assistant.nlu.lexicon import lexicon

    lex, text = lexicon(env.lang), f" {query.text.lower()} "
    if lex.words_in("asked_difference", text) or lex.words_in("asked_price_gap", text):
        return [home, *parts, value]
    if lex.words_in("rent_pick_words", text):
        return [value, home, *parts]
    return [*parts, home, value]


def its_rate(query: RatesQuery, name: str) -> dict:
    """The rate said beside this card ("a100 80gb at $0.75/hr ... a 4090 at 0.30"), none when the rates said stand
    beside other cards (nlu/card_rates.py): one card's rate never prices another."""
    if not query.card_rates:
        return {}
    mine = next((r for r in query.card_rates if r[0] == name), None)
    return {"stated_rate": mine[1] if mine else None, "stated_rate_currency": mine[2] if mine else None}


def respond(query: RatesQuery, env: Env, one) -> Answer:
    seen: set[str] = set()
    answers = []
    named = {ref.name for ref in query.gpus if ref.name}
    for ref in query.gpus:
        if ref.name and ref.name not in seen:
            seen.add(ref.name)
            found = one(dataclasses.replace(query, gpus=(ref,), **its_rate(query, ref.name)), env)
            if query.provider and found.gpus and found.gpus[0] != ref.name and found.gpus[0] in named:
                # "autodl上租4090d和4090": AutoDL's stand-in for the 4090 D is the 4090 also asked; show the
                # 4090 D at the other clouds, never the 4090 against itself
                found = _elsewhere(query, env, one, ref)
            answers.append(found)
    key = perf_workload(query.workload, query.precision)
    names = [n for n in dict.fromkeys(r.name for r in query.gpus if r.name)]
    home = home_pair(query, env, names) or abroad_pair(query, env, names)  # one market for both ("l4和t4")
    offered = [(gpu, offer.on_demand_usd_per_gpu_hour) for gpu, offer in home[1]] if home else _offered(env, answers)
    offered, held = _holding(query, env, offered)  # "a100 40g和a800 80g租哪个划算 跑llama3 70b": one of them holds it
    value, figures = (
        _cheaper_job(env, answers)
        if query.mode == "job"
        else _value(env, offered, key, training=query.workload in _TRAINING and not _vision(query.text, env))
    )
    value = i18n.gap(env.lang).join(p for p in (held, value) if p)
    home_text = home[0] if home else _rent_gap(query, env, answers)  # "租a100 40g和80g差多少钱": one price list
    job_home = home_jobs(query, env, home[1]) if home and query.mode == "job" else None
    if job_home:  # "从零预训练7b 租h100还是a100更省钱": the job at those yuan offers decides
        value, figures = job_home
    if home_text and home:
        figures["home_pair"] = [
            {"gpu": g.name, "provider": o.provider, "usd": o.on_demand_usd_per_gpu_hour} for g, o in home[1]
        ]
    first = answers[0]

    def union(lists) -> list:
        out: list = []
        for items in lists:
            out += [x for x in items if x not in out]
        return out

    return Answer(
        question=query.text,
        intent="rates",
        headline="\n\n".join(
            p for p in _ordered(query, env, home_text, value, [a.headline for a in answers if a.headline]) if p
        ).strip(),
        gpus=union(a.gpus for a in answers),
        choice=figures.get("best_value"),
        tables=[t for a in answers for t in a.tables],
        steps=union(a.steps for a in answers),
        figures={**figures, "per_gpu": [{"gpu": a.gpus[0] if a.gpus else None, **a.figures} for a in answers]},
        assumptions=first.assumptions,
        sources=union(a.sources for a in answers),
        lang=env.lang,
    )
