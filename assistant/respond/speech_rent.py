"""The rent of an hour of audio on a rented card ("whisper transcription cost per audio hour on a rented 4090",
"租4090跑whisper 每小时音频成本多少").

Contract: `per_audio_hour(answer, query, env)` -> the fit answer led by the cost of transcribing one hour of audio:
the cheapest on-demand rate of the card in the answer's market (offers.home_first; the cloud named first when one
is) / the hours of audio an hour of compute transcribes (figures audio_hours_per_hour, one file at a time, and
_batched, docs/model.md §speech.speed), per card. Unchanged when the question rents nothing, states an amount of
audio (work_rent.py prices that), or no cloud rents the card. figures gain usd_per_audio_hour (and _batched).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env
from assistant.respond.offers import home_first, home_market, shown_provider


def _money(env: Env, usd: float) -> str:
    return env.money(usd, 3 if usd < 0.1 else 2)


def per_audio_hour(answer: Answer, query, env: Env) -> Answer:
    f = answer.figures
    rtf, rtf_b = f.get("audio_hours_per_hour"), f.get("audio_hours_per_hour_batched")
    names = [r.name for r in query.gpus if r.name]
    if not getattr(query, "rented", False) or not rtf or f.get("transcribe_hours") or not names:
        return answer
    gpu = env.gpu(names[0])
    market = home_market(query.text, env)
    rates = home_first(env.reader.cloud_rates(gpu.name), env, market)
    low = query.text.lower()
    named = [r for r in rates if r.provider.lower() in low]  # "on runpod": that cloud's rate
    rates = named or rates
    if not rates:
        return answer
    rate = rates[0]
    usd = rate.on_demand_usd_per_gpu_hour
    head = env.t(
        "speech_rent.lead",
        cost=_money(env, usd / rtf),
        gpu=gpu.short_name,
        provider=shown_provider(rate, env, market),
        rate=env.money(usd, 2),
        observed=rate.observed,
        rtf=f"{rtf:g}",
    )
    if rtf_b:
        head = i18n.gap(env.lang).join(
            [head, env.t("speech_rent.batched", cost=_money(env, usd / rtf_b), rtf=f"{rtf_b:g}")]
        )
    answer.headline = i18n.gap(env.lang).join([head, answer.headline])
    f["usd_per_audio_hour"] = round(usd / rtf, 4)
    if rtf_b:
        f["usd_per_audio_hour_batched"] = round(usd / rtf_b, 4)
    f["rent_provider"] = rate.provider
    return answer
