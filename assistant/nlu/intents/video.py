"""Video-generation models: "how much vram does hunyuanvideo need", "can a 4090 run wan 2.1 1.3b",
"混元视频要多少显存".

`read` claims a question naming a video model (list `video_models`): which one, and the GPUs named; several models
named ("hunyuan video / wan 2.1, minimum card?") are kept as typed (`VideoQuery.models_named`), each answered.
A family name without a size ("wan 2.1", "wan2.2") means its main (largest) model, and the answer names the
family's other models with the memory they need (respond/video.family_typed); a
budget ("wan 2.1 14b under 2k", "预算1万") asks which card to buy for it, and so does a recommendation word with no card
named ("best card for wan 2.2", `VideoQuery.pick`); "480p" / "720p" / "720P" is the size asked.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, VideoQuery

_KEYS = {  # alias -> key of knowledge/video_models.csv
    "hunyuanvideo 1.5": "hunyuanvideo-1.5",
    "hunyuan video 1.5": "hunyuanvideo-1.5",
    "hunyuanvideo-1.5": "hunyuanvideo-1.5",
    "hunyuanvideo1.5": "hunyuanvideo-1.5",
    "混元视频1.5": "hunyuanvideo-1.5",
    "混元视频 1.5": "hunyuanvideo-1.5",
    "hunyuanvideo": "hunyuanvideo",
    "hunyuan video": "hunyuanvideo",
    "hunyuan-video": "hunyuanvideo",
    "混元视频": "hunyuanvideo",
    "wan 2.1 14b": "wan2.1-t2v-14b",
    "wan2.1 14b": "wan2.1-t2v-14b",
    "wan 14b": "wan2.1-t2v-14b",
    "wan2.1-t2v-14b": "wan2.1-t2v-14b",
    "wan 2.2 14b": "wan2.2-t2v-a14b",
    "wan2.2 14b": "wan2.2-t2v-a14b",
    "wan 2.2 a14b": "wan2.2-t2v-a14b",
    "wan2.2 a14b": "wan2.2-t2v-a14b",
    "wan2.2-t2v-a14b": "wan2.2-t2v-a14b",
    "wan 2.2 5b": "wan2.2-ti2v-5b",
    "wan2.2 5b": "wan2.2-ti2v-5b",
    "wan 2.2 ti2v": "wan2.2-ti2v-5b",
    "wan2.2-ti2v-5b": "wan2.2-ti2v-5b",
    "wan 2.2": "wan2.2-t2v-a14b",
    "wan2.2": "wan2.2-t2v-a14b",
    "wan 2.1": "wan2.1-t2v-14b",
    "wan2.1": "wan2.1-t2v-14b",
    "cogvideox 5b": "cogvideox-5b",
    "cogvideox-5b": "cogvideox-5b",
    "cogvideox5b": "cogvideox-5b",
    "cogvideo 5b": "cogvideox-5b",
    "cogvideox 2b": "cogvideox-2b",
    "cogvideox-2b": "cogvideox-2b",
    "cogvideox2b": "cogvideox-2b",
    "cogvideo 2b": "cogvideox-2b",
    "cogvideox": "cogvideox-5b",
    "cogvideo": "cogvideox-5b",
    "mochi 1": "mochi-1",
    "mochi-1": "mochi-1",
    "mochi1": "mochi-1",
    "mochi 1 preview": "mochi-1",
    "mochi-1-preview": "mochi-1",
    "mochi": "mochi-1",
    "ltx video 2b": "ltx-video-2b",
    "ltx-video 2b": "ltx-video-2b",
    "ltx-video-2b": "ltx-video-2b",
    "ltxv 2b": "ltx-video-2b",
    "ltxv-2b": "ltx-video-2b",
    "ltx 2b": "ltx-video-2b",
    "ltx video 13b": "ltx-video-13b",
    "ltx-video 13b": "ltx-video-13b",
    "ltx-video-13b": "ltx-video-13b",
    "ltxv 13b": "ltx-video-13b",
    "ltxv-13b": "ltx-video-13b",
    "ltx 13b": "ltx-video-13b",
    "ltx video": "ltx-video-13b",
    "ltx-video": "ltx-video-13b",
    "ltxv": "ltx-video-13b",
    "ltx": "ltx-video-13b",
}
# typed without a size: respond/video says the others
FAMILIES = frozenset(
    {"wan 2.1", "wan2.1", "wan 2.2", "wan2.2", "cogvideox", "cogvideo", "ltx video", "ltx-video", "ltxv", "ltx"}
)


_SIZE = re.compile(r"(?<!\d)(480|544|540|720)\s*p(?![a-z])", re.IGNORECASE)


@needs(said=("video_models",))
def read(r: Reading) -> Query | None:
    found = said(r, "video_models")
    if not found:
        return None
    if (r.b.has("BUY") and r.b.has("RENT") and r.b.has("OR", "VS")) or r.b.struct("rent_buy"):
        return None  # "每天用wan 2.2跑八小时，买5090还是长租AutoDL的4090": buying against renting (rent_or_buy)
    if r.b.has("RENT") and r.explicit and _CLIPS_COUNTED.search(r.text):
        return None  # "how much to rent a 5090 on runpod for 100 clips of wan 2.1 14b": those clips' rent (rates)
    budget = r.money() if r.b.has("MONEY", "BUDGET") else None
    named = named_models(r.text, r.lex.listed("video_models"))
    return VideoQuery(
        text=r.text,
        video=_KEYS.get(found, "wan2.1-t2v-1.3b"),
        models_named=tuple(named) if len({key_of(w) for w in named}) > 1 else (),
        gpus=tuple(r.explicit),
        budget_usd=budget,
        budget_currency=r.currency() if budget else None,
        # "what gpu do i need for wan 2.1", "跑wan2.1要啥卡": cards named for it (the least it takes among them);
        # not "minimum gpu for wan 2.1" or "is 16gb enough": what it takes, a verdict
        pick=r.b.has("RECOMMEND") and not (r.explicit or budget or r.b.has("MEMORY") or said(r, "asked_minimum")),
        size=size_of(r.text),
        training=r.mode() != "inference",  # "can i lora wan 2.1 14b on a 4090": a LoRA trained on it, asked
    )


_CLIPS_COUNTED = re.compile(r"\d\s*(?:clips?|videos?)\b|[一二三四五六七八九十百千\d]\s*[段条]")  # "100 clips", "一百段"


def key_of(alias: str) -> str:
    """The knowledge/video_models.csv key of a name of list `video_models` (a name not keyed: Wan2.1's 1.3B)."""
    return _KEYS.get(alias, "wan2.1-t2v-1.3b")


def named_models(text: str, aliases) -> list[str]:
    """The video models the text names, as typed, in text order: the longest name wins where names overlap ("wan 2.1
    14b" is one name, not "wan 2.1" too)."""
    low = text.lower()
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    for alias in sorted(aliases, key=len, reverse=True):
        start = low.find(alias)
        while start >= 0:
            end = start + len(alias)
            if not any(s < end and start < e for s, e in taken):
                taken.append((start, end))
                found.append((start, alias))
            start = low.find(alias, end)
    return [alias for _, alias in sorted(found)]


def size_of(text: str) -> str | None:
    """ "720p 5 second clip" -> "720p"; 540p is HunyuanVideo's 544p."""
    found = _SIZE.search(text)
    return None if found is None else ("544" if found.group(1) == "540" else found.group(1)) + "p"
