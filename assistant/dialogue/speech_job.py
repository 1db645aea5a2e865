"""Rent asked of a transcription job talked about: "cheaper to just rent?" after "~500 hours of audio with whisper"
and its time on a 4090.

Contract: `rent_of_transcription(dialogue, query)` -> a FitQuery of the thread's Whisper model on the cards asked (else
the last fit's), the thread's audio (Setup.audio_s) rented (`rented`: respond/work_rent prices the hours the audio
takes), when `query` is a rent-or-buy that states no use, period, model or rent of its own and the thread transcribes
an amount of audio; else `query` unchanged.
"""

from __future__ import annotations

from typing import Any

from assistant.queries import FitQuery, RentOrBuyQuery


def rent_of_transcription(dialogue: Any, query: Any) -> Any:
    if not isinstance(query, RentOrBuyQuery) or query.model is not None or query.params_b:
        return query
    if query.hours_per_week or query.utilization or query.months or query.rent_rate or query.rented_hours:
        return query  # a use or a rent of its own: the break-even asked
    setup = dialogue.context.setup
    if not setup.audio_s or setup.model is None or not setup.model.key.startswith("whisper"):
        return query
    last = dialogue.context.last_query
    gpus = query.gpus or (last.gpus if isinstance(last, FitQuery) else ())
    if not gpus:
        return query
    return FitQuery(
        text=query.text,
        model=setup.model,
        gpus=gpus,
        mode="inference",
        want_speed=True,
        audio_s=setup.audio_s,
        rented=True,
        settings=query.settings,
    )
