"""What a question says about the job it sizes, in its own words: the set-up options stated (SETUP_OPTIONS, lexicon
[lists] setup_<name>), the RAM channels, images made or trained on (a count, a batch, the denoising steps, the image
side) and the optimizer steps of a training job.

Contract: each function takes a `Reading` and returns the value said, or None (an empty tuple for set-up options)
when it is not said; nothing here claims a question (the readers in nlu/intents/fit.py and others use these).
"""

from __future__ import annotations

import math
import re

from assistant.nlu.reading import Reading

SETUP_OPTIONS = (
    "checkpointing_on",
    "checkpointing_off",
    "adamw8bit",
    "paged_adamw",
    "sgd",
    "adafactor",
    "pure_bf16",
    "optimizer_in_backward",
    "activation_offload",
    "fsdp_offload",
    "sharded",
    "optimizer_offload",
    "cpu_offload",
    "sequential_offload",
    "text_encoder_offload",
    "no_offload",
    "vae_slicing",
    "chunked_loss",
    "fused_loss",
    "unsloth",
)
_OVERRIDES = {"checkpointing_off": "checkpointing_on", "sequential_offload": "cpu_offload"}


def adapters(r: Reading) -> tuple[tuple[str, int, bool], ...]:
    """The adapters said to be loaded with an image model (ADDON tags, and a LoRA method that may be one: (kind,
    count, count said)), one per kind."""
    found: dict[str, tuple[str, int, bool]] = {}
    for t in r.b.tags:
        value = t.value if t.kind == "ADDON" else t.meanings.get("ADDON") if t.kind == "MODE" else None
        if isinstance(value, tuple):
            found.setdefault(value[0], value)
    return tuple(found.values())


def ram_channels(r: Reading) -> int | None:
    """ "dual channel" 2, "quad channel" 4, "8 channel" 8 (lexicon [lists] ram_channels_*); None when unsaid."""
    return next((n for n in (8, 4, 2) if r.lex.words_in(f"ram_channels_{n}", r.text.lower())), None)


def setup_options(r: Reading) -> tuple[str, ...]:
    """The set-up options the question states, in SETUP_OPTIONS order."""
    text = r.text.lower()
    found = [o for o in SETUP_OPTIONS if r.lex.words_in(f"setup_{o}", text)]
    return tuple(o for o in found if not any(_OVERRIDES.get(x) == o for x in found))


def _images_said(r: Reading) -> tuple[int, str, str] | None:
    """The number right before an image word ("4 images", "1,000 sdxl images", "出1000张图"), with the text before and
    after it."""
    words = sorted(r.lex.listed("setup_images"), key=len, reverse=True)
    if not words:
        return None
    text = r.text.lower()
    image = "|".join(re.escape(w) for w in words)
    gpus = [(t.start, t.end) for t in r.b.kinds.get("GPU", ())]
    found = next(
        (
            m
            for m in re.finditer(
                r"(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d+)\s*(k\s*)?(?:[a-z0-9.\-]+\s+){0,2}?(?:" + image + r")(?![a-z])"
                r"|(?<![\d.,])(\d+)\s*[张幅]\s*(?:[a-z0-9.\-]+\s*){0,2}?图"  # "出1000张sdxl图"
                r"|出\s*(\d+)\s*[张幅]"  # "一天要出2000张" (出: made, so images, with the image work said)
                r"|[出生画跑]\s*图\s*(\d+)\s*[张幅]",  # "每天出图1000张"
                text,
            )
            if not any(a <= _number_start(m) < b for a, b in gpus)  # "a 5090 at generating images": a card
        ),
        None,
    )
    if found is None:
        return None
    number = found.group(1) or found.group(3) or found.group(4) or found.group(5)
    count = int(number.replace(",", "")) * (1000 if found.group(2) else 1)
    if count in (r.num("RESOLUTION") or ()):  # "1024x1024 sdxl image", "per 1024 image": the image's side
        return None
    return count, text[: found.start()], text[found.end() :]


def _number_start(m: re.Match) -> int:
    return next(m.start(g) for g in (1, 3, 4, 5) if m.group(g) is not None)


def _batch_cued(r: Reading, before: str, after: str) -> bool:
    """ "4 images per batch", "batch of 8 images", "一次4张图": the image count is a batch."""
    return r.lex.words_in("image_batch_words", after[:16]) or r.lex.words_in("image_batch_words", before[-12:])


def image_batch(r: Reading) -> int | None:
    """ "4 images per batch", "8 imgs", "一次4张图": the number right before an image word, unless it is how many
    images a job makes or trains on (`image_count`)."""
    found = _images_said(r)
    if found is None or not 0 < found[0] <= 256 or image_count(r):
        return None
    return found[0]


# a count of images made is read as a job (not a batch) above this many when no time is asked [A]
BATCH_AT_MOST = 16


def image_count(r: Reading) -> int | None:
    """ "how long to generate 1000 sdxl images", "train a lora on 20 images", "出1000张图要多久": how many images a job
    makes (inference: a time is asked, or a make word with more than BATCH_AT_MOST) or trains on (a data set); None
    for a batch ("4 images per batch", "batch of 8 images") or no count."""
    found = _images_said(r)
    if found is None or found[0] <= 0 or _batch_cued(r, found[1], found[2]):
        return None
    if r.mode() not in (None, "inference"):
        return found[0]
    from assistant.nlu.intents.verdict import said  # imported here: the intents package imports this module

    timed = bool(said(r, "duration_words") or said(r, "image_time_words"))
    made = r.lex.words_in("image_make_words", r.text.lower()) and found[0] > BATCH_AT_MOST
    return found[0] if timed or made else None


_IMAGE_STEPS = re.compile(
    r"(\d{1,3})\s*(?:sampling |denoising |inference |diffusion )?(?:steps?|步)(?![a-z])", re.IGNORECASE
)


def image_steps(r: Reading) -> int | None:
    """ "sdxl at 30 steps", "flux 4 steps", "出图30步": the denoising steps asked (1 to 200); None when unsaid."""
    found = _IMAGE_STEPS.search(r.text)
    return int(found.group(1)) if found and 0 < int(found.group(1)) <= 200 else None


def resolution(r: Reading) -> int | None:
    """The image side: "1024x1024" -> 1024; a non-square size as the side of the same area."""
    size = r.num("RESOLUTION")
    if not size:
        return None
    w, h = size
    return int(round(math.sqrt(w * h)))


def trained_images(r: Reading) -> float | None:
    """ "train a sdxl lora on 20 images": the images of a training data set are its samples."""
    found = image_count(r) if r.mode() not in (None, "inference") else None
    return float(found) if found else None


_TRAIN_STEPS = re.compile(
    r"(?<![\da-z.,])(\d{1,3}(?:,\d{3})+|\d+)\s*(k)?\s*(?:training |train |optimi[sz]er )?(?:steps?|步)(?![a-z])",
    re.IGNORECASE,
)


def train_steps(r: Reading, any_mode: bool = False) -> int | None:
    """ "a 2000 step lora", "2,000 steps of sdxl lora", "训练2000步", "3k steps": the optimizer steps of a training job
    (10 to 1,000,000); None when unsaid or when the question is not about training (`any_mode`: a follow-up, whose
    thread decides)."""
    if not any_mode and r.mode() in (None, "inference"):
        return None
    found = _TRAIN_STEPS.search(r.text)
    if not found:
        return None
    value = int(found.group(1).replace(",", "")) * (1000 if found.group(2) else 1)
    return value if 10 <= value <= 1_000_000 else None
