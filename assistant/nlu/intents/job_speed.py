"""Speed and job-time questions of the work the speed models rate (docs/model.md §speech.speed, §image.speed), claimed
before the rent readers take "per hour" / "一小时" as the rent of an hour and the spec reader takes the card alone.

- `transcription`: "whisper large-v3 transcription on a 3060 12gb, how many hours of audio per hour of compute",
  "transcribe 200 h of audio on a 4090, how long", "4090跑whisper large-v3 一小时能转多少小时音频": a Whisper model
  named (or transcription words: Whisper large-v3 assumed, the answer says so) on one GPU named, with a speed, an
  amount of audio per time or a time asked -> a FitQuery asking the speed.
- `transcription_followup`: "一小时能转多少小时音频", "and how many hours of audio per hour?", "i have 300 hours of
  audio" after a Whisper answer: no GPU or model named, audio or transcription words with a speed asked or an amount
  of audio said -> the follow-up asking the speed of what was talked about (the amount read again from its text).
- `images_made`: "4070 super跑sdxl 30步 一小时能出多少张", "how many sdxl images an hour on a 4090": an image model
  generating on one GPU named, with a count made in a time asked, or a time for a count of images ("generating 10k
  sdxl images on 2x 4090, how many hours") -> a FitQuery asking the speed, with that time.

- `spill`: "how much slower is it when about half of a 70b q4 spills into ddr4 system ram next to my 4090", "4090跑70b
  q4 一半放内存 速度会掉多少": an LLM (named or sized) on one GPU named, spilling into system RAM (lexicon
  `offload_words`), with a share of it said (`spill_share_*`, a percent) or a slowdown asked (`spill_slowdown_asks`)
  -> the offload-speed concept (respond/concept_leads_speed.offload_speed) with that share (`cpu_share`).

- `vision_training`: "3060 12g 训yolov8s 一万张图 100个epoch 大概多久", "yolov8m 20000 images 100 epochs rtx 3090
  training time?": a vision network (lexicon `vision_train_models`) on one GPU named with a time asked -> the GPU's
  sheet led by the training time (respond/vision_train.py, knowledge/vision_models.csv).

None claims a rent or a price asked ("rent a 4090 to transcribe 200 h, how much": the rent readers), nor two GPUs
(a comparison). The words are lexicon lists: `transcribe_words`, `speech_rate_asks`, `audio_words`, `duration_words`,
`realtime_words`, `made_count_asks`.
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu import job_terms
from assistant.nlu.audio import audio_seconds
from assistant.nlu.followup_details import made_in
from assistant.nlu.intents import fit
from assistant.nlu.intents.followup import build
from assistant.nlu.intents.rates import provider, throughput
from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import FitQuery, ModelRef, Query, SpecQuery
from assistant.query_talk import ExplainQuery

ASSUMED_WHISPER = "whisper-large-v3"  # the Whisper size a transcription question without one is answered for [A]


def _one_gpu(r: Reading) -> bool:
    """One GPU named (any count of it), no rent, no provider, no price asked."""
    names = {g.name for g in r.refs if g.name}
    if len(names) != 1 or r.b.has("RENT", "BUDGET") or provider(r):
        return False
    return not (r.form.figure == "price" and said(r, "form_money_words"))


def _speed_asked(r: Reading) -> bool:
    return bool(
        said(r, "speech_rate_asks")
        or said(r, "duration_words")
        or said(r, "realtime_words")
        or throughput(r)
        or r.b.has("SPEED", "FASTER")
    )


@needs(("MODEL", "transcribe_words"))
def transcription(r: Reading) -> Query | None:
    whisper = r.model is not None and r.model.key.startswith("whisper")
    if (r.model is not None and not whisper) or r.mode() != "inference":
        return None  # "how long to finetune whisper large-v3 on 100 hours of audio": a training job
    if not whisper and not said(r, "transcribe_words"):
        return None
    if not _one_gpu(r) or not _speed_asked(r):
        return None
    found = fit.read(r) if whisper else None
    if isinstance(found, FitQuery):
        return dataclasses.replace(found, want_speed=True, mode="inference")
    return transcription_query(r)


def transcription_query(r: Reading, **extra) -> FitQuery:
    """Whisper's speed on the cards named (the one asked, else ASSUMED_WHISPER) over the audio said; `extra` sets more
    fields ("rented")."""
    return FitQuery(
        text=r.text,
        model=r.model or ModelRef(mention="", key=ASSUMED_WHISPER),
        gpus=tuple(r.refs),
        gpu_count=r.total_count(),
        precision=r.precision,
        want_speed=True,
        audio_s=audio_seconds(r.text),
        **extra,
    )


@needs(said=("audio_words", "transcribe_words"), unless=("RENT", "BUDGET", "PARAMS", "MODEL"))
def transcription_followup(r: Reading) -> Query | None:
    if r.refs or r.model or r.b.has("RENT", "BUDGET", "PARAMS") or provider(r):
        return None
    if not (said(r, "audio_words") or said(r, "transcribe_words")):
        return None
    audio = audio_seconds(r.text)
    if not (_speed_asked(r) or audio):  # "i have 300 hours of audio": that much, timed
        return None
    found = build(r, want_speed=True)
    # the hours said are the audio, or the span of the rate asked ("一小时能转多少"), never hours of use
    return dataclasses.replace(found, hours_total=audio / 3600 if audio else None, hours_bare=None)


@needs(("MODEL",))
def images_made(r: Reading) -> Query | None:
    span = made_in(r)
    if span is None and said(r, "made_count_asks"):  # "how many sdxl pics overnight (8h)": the hours said
        span = r.hours()[1]
    if r.model is None or r.workload != "image_generation" or r.mode() not in (None, "inference"):
        return None
    # "10k sdxl images, how many hours"
    counted = bool(said(r, "duration_words")) and job_terms.image_count(r) is not None
    if not (span or throughput(r) or counted) or not _one_gpu(r):
        return None
    found = fit.read(r)
    if not isinstance(found, FitQuery):
        return None
    return dataclasses.replace(found, want_speed=True, images_in_hours=found.images_in_hours or span)


_SHARES = (("spill_share_half", 0.5), ("spill_share_third", 1 / 3), ("spill_share_quarter", 0.25))
_PERCENT = re.compile(r"(\d{1,2})\s*%")


def spill_share(r: Reading) -> float | None:
    """The share of the model said to sit in system RAM: half / a third / a quarter (lexicon spill_share_*) or a percent
    (1-99 %); None when unsaid."""
    found = next((share for name, share in _SHARES if said(r, name)), None)
    if found is None and (m := _PERCENT.search(r.text)):
        found = int(m.group(1)) / 100
    return found if found and 0 < found < 1 else None


def _spill_precision(r: Reading) -> tuple[str, ...]:
    """The format said; "half" of the model is a share, not half precision, unless 16 bits are said too."""
    if r.precision is None or (r.precision == "fp16" and not re.search(r"16|half[ -]precision", r.text.lower())):
        return ()
    return (r.precision,)


def _spilled_gb(r: Reading) -> float | None:
    """GB said to sit in system RAM: a memory amount that is not system RAM and not the named card's own memory."""
    gb = r.vram()
    names = [g.name for g in r.refs if g.name]
    if not gb or r.system_ram() or any(r.index.memory_of(n) == gb for n in names):
        return None
    return float(gb)


@needs(("MODEL", "PARAMS"), said=("offload_words",))
def spill(r: Reading) -> Query | None:
    if not (r.model or r.b.has("PARAMS")) or not _one_gpu(r) or r.mode() != "inference":
        return None
    if not said(r, "offload_words") or said(r, "asks_system_ram"):
        return None  # "how much ram do i need ... offloading r1 with one 3090, 128gb enough?": the RAM (fit.system_ram)
    share = spill_share(r)
    spilled = _spilled_gb(r)  # "10gb of my 70b sits in ddr5": those GB in RAM
    if share is None and not spilled and (not said(r, "spill_slowdown_asks") or r.system_ram()):
        # "70b on a 4090 with offload, how fast": the fit with its offloaded speed; "r1 on 2x 3090 + 192gb ddr5, how
        # slow": the fit on that RAM (an MoE keeps its experts there)
        return None
    return ExplainQuery(
        text=r.text,
        concept="cpu-offload",
        mention=r.text.strip(" ?!."),
        gpus=tuple(g for g in r.explicit if g.name),
        model=r.model if r.model is not None and r.model.key else None,
        params_b=r.num("PARAMS") if not (r.model and r.model.key) else None,  # "a 32b q8": that size
        precisions=_spill_precision(r),  # "q8", "q4": the format it runs at
        workload="llm_inference",
        asked="offload_speed",
        cpu_share=share,
        stated_gb=spilled if share is None else None,
    )


# a sized vision network (knowledge/vision_models.csv has sizes, not families): "yolov8s", "yolo11 m", "resnet-50",
# "vit-b/16"; "yolov8" alone with a time asked is timed at every size (respond/vision_sizes.py)
_SIZED_VISION = re.compile(
    r"yolo\s*v?\d+\s*-?[nsmlx](?![a-z])|resnet[\s_-]?\d+|vit[\s_/-]?[bl]\b|deit"
    r"|yolo\s*-?\s*v?(?:8|11)(?![0-9a-z])|(?<![a-z])yolo(?!\s*-?\s*v?\d)(?![a-z])",
    re.I,
)


_EPOCHS_SAID = re.compile(r"\d+\s*(?:epochs?|个?\s*epoch|轮)", re.I)


@needs(said=("vision_train_models",))
def vision_training(r: Reading) -> Query | None:
    if not said(r, "vision_train_models") or not _SIZED_VISION.search(r.text) or not _one_gpu(r):
        return None
    if not (said(r, "duration_words") or said(r, "epoch_time_asks") or _EPOCHS_SAID.search(r.text)):
        return None  # a time asked, or the job described by its epochs
    return SpecQuery(text=r.text, gpus=tuple(g for g in r.refs if g.name))
