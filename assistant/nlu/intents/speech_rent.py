"""Transcription on a rented card ("whisper transcription cost per audio hour on a rented 4090", "rent a 3090 for
whisper, what does an hour of audio cost", "租4090跑whisper 每小时音频成本多少").

Contract: `transcription_rented(r)` claims a Whisper model (or transcription words: large-v3 assumed, said) on one
GPU named, rented (RENT) or on a cloud named, before the rent readers answer the card's hourly rate alone -> a FitQuery
asking the speed with `rented` set, which respond/speech_rent.py prices per hour of audio (and work_rent.py prices the
amount of audio said). A fine-tune of Whisper (training words) is not claimed.
"""

from __future__ import annotations

from assistant.nlu.intents.job_speed import transcription_query
from assistant.nlu.intents.rates import provider
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query


@needs(("MODEL", "transcribe_words"))
def transcription_rented(r: Reading) -> Query | None:
    whisper = r.model is not None and r.model.key.startswith("whisper")
    if (r.model is not None and not whisper) or r.mode() != "inference":
        return None
    if not whisper and not said(r, "transcribe_words"):
        return None
    if not (r.b.has("RENT") or provider(r)) or len({g.name for g in r.refs if g.name}) != 1:
        return None
    return transcription_query(r, rented=True, mode="inference")
