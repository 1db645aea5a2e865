"""The rent of the time a piece of work takes on a rented card: "how much to generate 10000 sdxl images on a rented
a100", "transcribe 500 hours of audio with whisper on a rented 4090, cost?".

Contract: `priced(answer, query, env)` -> the fit answer with one sentence added to its headline: the hours the fit
gives for the work (figures images_hours, else transcribe_hours and transcribe_hours_batched) times the cheapest
on-demand rate for that card in the answer's market (offers.home_first), per card used; figures gain rent_usd (and
rent_usd_batched), rent_provider. Unchanged when the question rents nothing (FitQuery.rented), the answer times no
work, or no cloud rents the card.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env
from assistant.respond.offers import home_first, home_market, shown_provider
from assistant.respond.wording import counted


def priced(answer: Answer, query, env: Env) -> Answer:
    f = answer.figures
    hours = f.get("images_hours") or f.get("transcribe_hours")
    names = [r.name for r in query.gpus if r.name]
    if not getattr(query, "rented", False) or not hours or not names or answer.clarification:
        return answer
    gpu = env.gpu(names[0])
    n = max(int(f.get("gpu_count") or 1), 1)
    market = home_market(query.text, env)
    rates = home_first(env.reader.cloud_rates(gpu.name), env, market)
    if not rates:
        return answer
    rate = rates[0]
    per_hour = rate.on_demand_usd_per_gpu_hour * n
    values = {
        "what": counted(env, gpu, n),
        "hours": f"{hours:,.1f}",
        "total": env.money_total(per_hour * hours),
        "provider": shown_provider(rate, env, market),
        "rate": env.money(rate.on_demand_usd_per_gpu_hour, 2),
        "observed": rate.observed,
    }
    text = env.t("fit.work_rent", **values)
    batched = f.get("transcribe_hours_batched")
    if batched:  # Whisper: one file at a time, or batched (faster-whisper)
        text += i18n.gap(env.lang) + env.t("fit.work_rent_batched", total=env.money_total(per_hour * batched))
        f["rent_usd_batched"] = round(per_hour * batched, 2)
    answer.headline = i18n.gap(env.lang).join([answer.headline, text])
    f["rent_usd"], f["rent_provider"] = round(per_hour * hours, 2), rate.provider
    return answer
