"""Whether a card the user already has (or got free) is of any use, asked with no one kind of work: "got a free 1080 ti
from my uncle, can it do anything ml-wise or is it just a space heater", "我只有一张1660s 6g 想入门ai绘画 先凑合还是直接
换卡", "my old 2080 ti, any use for ai".

Contract: `asked(query)` says whether this answers: a VerdictQuery with `owned_use` set, kind good / enough and no
work narrower than "ml" / "ai" (None, "training", "inference"), or a work named when the question weighs keeping the
card against changing it (owned_use "keep"). `respond(query, env, gpu, n, speed)` -> Answer | None.
The first sentence is the verdict on using it: yes, for what it runs (the capability
lead of respond/capability.py: the largest LLM at 4-bit and its speed, the image models, the largest QLoRA), then its
limits (16-bit training speed against an RTX 3090 when it has no tensor cores or is under the 12 GB floor; CUDA
support ending for its architecture). No purchase price or value rank: the card is already paid for. None when the
capability lead gives nothing (no memory known): the caller answers as before.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery, VerdictQuery
from assistant.respond import vendor_practice
from assistant.respond.env import Env
from assistant.respond.pricing import price_of, price_text
from assistant.respond.verdict_free import first_card

BROAD = (None, "training", "inference")  # "ml-wise", "for ai": no one kind of work named
SMALL_GB = 12.0  # the reference's smallest memory floor (image generation): under it training stays small


def asked(query: VerdictQuery) -> bool:
    """An owned card's use asked broadly, or keeping it weighed against changing it."""
    if query.owned_use not in ("any", "keep") or query.kind not in ("good", "enough") or query.offer or query.model:
        return False
    return query.workload in BROAD or query.owned_use == "keep"


def respond(query: VerdictQuery, env: Env, gpu, n: int, speed: float | None) -> Answer | None:
    from assistant.respond import fit  # the fit answer's ~20 modules only when an owned card's use is weighed

    runs = fit.respond(
        FitQuery(text=query.text, model=None, gpus=query.gpus[:1], workload="llm_inference", asked="what_runs"), env
    )
    if runs.clarification or "capability" not in runs.figures:
        return None
    said = runs.headline.split("\n")[0]
    lead = env.t(
        "verdict_owned.keep" if query.owned_use == "keep" else "verdict_owned.yes",
        gpu=gpu.short_name,
        runs=_lower(said),
    )
    limits = []
    no_cores = not (gpu.tensor_cores or 0) and (gpu.vendor or "") == "NVIDIA"
    small = (gpu.memory_gb or 0) < SMALL_GB
    if speed is not None:
        key = "slow_no_cores" if no_cores else "slow_small" if small else "training"
        limits.append(env.t(f"verdict_owned.{key}", gpu=gpu.short_name, speed=f"{speed:.2f}", mem=f"{gpu.memory_gb:g}"))
    if gpu.passively_cooled:  # "a p4 in my nas": no fan of its own
        limits.append(env.t("verdict.passive_caveat", gpu=gpu.short_name))
    step, _, sources = vendor_practice.cuda_ended(gpu, env)
    if step:
        limits.append(step)
    first = first_card(env) if query.owned_use == "keep" and small else None
    if first is not None:  # "先凑合还是直接换卡": when to change, and to what
        card = first[0]
        price = price_text(price_of(card.name, env), env)
        limits.append(env.t("verdict_owned.change_to", gpu=card.short_name, price=price, mem=f"{card.memory_gb:g}"))
    headline = i18n.gap(env.lang).join([lead, *limits])
    answer = Answer(question=query.text, intent="verdict", headline=headline, gpus=[gpu.name], lang=env.lang)
    answer.steps = [s for s in runs.steps if s]
    answer.sources = [*runs.sources, *sources]
    answer.figures = {
        "verdict": {"answer": "yes", "kind": query.kind, "gpu": gpu.name, "owned": True, "relative_speed": speed}
    }
    return answer


RENT_FLOOR_GB = 24.0  # the card to rent when the user's is not enough: the reference's floor for LLMs and training


def rent_line(env: Env) -> tuple[str, dict]:
    """ "还是租卡": the cheapest cloud card with at least RENT_FLOOR_GB (the answer's home market first) by the hour,
    and an example run of EXAMPLE_HOURS [A]; ("", {}) when no rate is known."""
    from assistant.respond.offers import home_first, provider_name

    for offer in home_first(env.reader.cloud_rates(), env):
        spec = env.reader.gpu(offer.gpu)
        if spec is None or (spec.memory_gb or 0) < RENT_FLOOR_GB or not offer.on_demand_usd_per_gpu_hour:
            continue
        per = env.shown_per_usd(env.currency)
        rate = round(offer.on_demand_usd_per_gpu_hour * per, 2) / per  # the rate as shown, so the run adds up
        text = env.t(
            "verdict_owned.rent",
            provider=provider_name(offer.provider),
            gpu=spec.short_name,
            mem=f"{spec.memory_gb:g}",
            rate=env.money(rate, 2),
            observed=offer.observed,
            hours=f"{EXAMPLE_HOURS:g}",
            run=env.money_total(rate * EXAMPLE_HOURS),
        )
        return text, {"rent_gpu": spec.name, "rent_usd_per_hour": rate, "provider": offer.provider}
    return "", {}


EXAMPLE_HOURS = 10.0  # [A] one night's training run, the example priced beside an hourly rate


def _lower(text: str) -> str:
    """ "On the GTX 1080 Ti ..." inside an English sentence: its first word lowercased (Chinese text unchanged)."""
    return "on " + text[3:] if text.startswith("On ") else text
