"""The shape of each asked figure in an answer's own words, for the asks of a message (respond/ask_lines).

Contract: GIVES maps an ask's kind (nlu/asks: psu, speed, time, price, fit, ...) to the pattern of its figure in the
en and zh wording (watts with a PSU, a duration, money, tokens/s, a pick ...); `gives(kind, text)` says whether a text
gives it ("other" asks never). `_sentences(text)` splits an answer into sentences (both languages),
`_figure_sentence(kind, headline)` is the first sentence giving the figure, and `_first_ask_first(asks, headline)`
puts first the sentence that gives the first ask's figure when the headline opens with a later ask's (or, for a time or
speed asked first, with a fit verdict no ask asked). Pure.
"""

from __future__ import annotations

import re

from assistant.nlu.asks import Ask

_SENTENCE_END = re.compile(r"(?<=[。！？!?])(?![）)」』])|(?<=[。！？!?][）)」』])|(?<=\.)(?=\s)")

_MONEY = r"[$¥€£]\s?\d|\d\s*(?:元|块)"

# the shape of each asked figure in the answer's own words (en and zh locale wording)
GIVES = {
    "psu": (
        r"(?:PSU|power supply|电源|\bunit\b)[^.。]{0,60}?\d[\d,]*\s*W(?![A-Za-z])"
        r"|\d[\d,]*\s*W[^.。]{0,40}?(?:PSU|电源|\bunit\b)"
    ),
    "electricity": r"(?:[Ee]lectricity|电费|kWh)",
    "payback": r"(?:pays? off|break[- ]?even|回本)",
    "rent_buy": r"(?:\b[Rr]ent|租).*(?:\b[Bb]uy|买)|(?:\b[Bb]uy|买).*(?:\b[Rr]ent|租)",
    "speed": (
        r"(?:tokens?/s|token/秒|it/s|s per image|秒/张|as fast|倍|faster|slower|更快|更慢|a minute|每分钟"
        r"|costs? about \d+ ?% in|约慢 ?\d)"  # a power limit's cost in speed: "costs about 8 % in 16-bit training"
    ),
    "time": r"\d[\d,.]*\s*(?:s|sec|seconds?|min|minutes?|h|hours?|days?|weeks?|秒|分钟|小时|天|周)(?![a-z])",
    "worth": r"(?:\bYes\b|\bNo\b|[Ww]orth|值得|划算|不值|性价比|Only if|[Ff]air price|good buy|good deal)",
    "feature": r"(?:[Ss]upports?|not support|[Nn]o FP8|支持|不支持)",
    "price": _MONEY,
    "rate": r"(?:per (?:GPU-)?hour|an hour|/hr|/GPU-hour|GPU·小时|每小时|一小时)",
    "power": r"\d[\d,]*\s*(?:W|瓦)(?![A-Za-z])",
    "users": r"(?:users|用户|个人|人同时)",
    "models": r"\d+(?:\.\d+)?\s?B\b",
    "memory": r"\d[\d.]*\s*Gi?B",
    "noise": r"(?:[Nn]oise|quiet|loud|dB|噪音|安静|吵)",
    "cooling": r"(?:cool|heat|airflow|BTU|散热|风道|温度|发热|热量|电暖器)",
    "warranty": r"(?:[Ww]arranty|保修)",
    "resale": r"(?:resale|sell|卖)",
    "provider": r"(?:\bat [A-Z]|在 ?[A-Z]|RunPod|Lambda|AutoDL|vast|恒源云)",
    "wait": r"(?:\b[Ww]ait|等)",
    "pick": (
        r"(?:Get the|[Bb]est|[Pp]ick|[Cc]hoose|[Rr]ecommend|[Cc]heapest|decides it"
        r"|选|推荐|最划算|最便宜|性价比最高|最快的是)"
    ),
    "parts": r"(?:\bRAM\b|[Mm]otherboard|mobo|riser|bottleneck|内存|主板|机箱|瓶颈)",
    "software": r"(?:ROCm|CUDA|Ollama|llama\.cpp|oneAPI|driver|驱动|Windows|Linux|software|软件)",
    "gaming": r"(?:gaming|game|游戏)",
    "fit": (
        r"(?:\bfits?\b|does not fit|to spare|holds|\bYes\b|\bNo\b"
        r"|装得下|装不下|放得下|放不下|放不进|能跑|跑不了|还剩|不够|够用|能，|够，|不能)"
    ),
    "count": (  # (a count of images is no count of cards: "1,256 张 Stable Diffusion XL 的图")
        r"(?:(?<![\d.])\d+\s*x\s(?!as )|\d+\s*(?:张|块|台)(?!\s*(?:图|的图|Stable|FLUX|SD))"
        r"|\b\d+\s+(?:cards|GPUs)\b)"
    ),
    "batch": r"(?:[Bb]atch(?: size)?(?: of)?\s*\d|batch 为 ?\d|最大 batch)",
    "context": (
        r"(?:context|上下文)[^.。]{0,60}?\d[\d,]*\s*(?:tokens?|token)"
        r"|\d[\d,]*\s*(?:tokens?|token) (?:of context|的上下文)"
    ),
    "circuit": r"(?:circuit|breaker|outlet|跳闸|插座|线路|电路)",
    "link": r"(?:\bx(?:4|8|16)\b|lanes|通道)",
    "verdict": r"(?:\bYes\b|\bNo\b|能|不能|可以|稳定|reliable|stable|[Ww]orth|值得|perplexity|困惑度)",
}

_GIVES = {kind: re.compile(pattern) for kind, pattern in GIVES.items()}


def gives(kind: str, text: str) -> bool:
    """Does `text` give the figure of an ask of `kind`? ("other" asks are never taken as given.)"""
    found = _GIVES.get(kind)
    return bool(found and found.search(text))


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text.replace("\n\n", " ")) if s.strip()]


def _figure_sentence(kind: str, headline: str) -> str:
    """The first sentence of `headline` that gives the figure asked (the first sentence for an "other" ask)."""
    sentences = _sentences(headline)
    if kind not in _GIVES:  # an "other" ask: the first sentence; a kind no answer can show (an API's price): none
        return sentences[0] if sentences and kind == "other" else ""
    return next((s for s in sentences if _GIVES[kind].search(s)), "")


_LEANS_BACK = re.compile(
    r"^(?:It|Its|This|That|These|Those|They|Both|But|So|Then|Under|它|这|那|两者|但|所以)\b|^(?:它|这|那|但)"
)


def _first_ask_first(asks: tuple[Ask, ...], headline: str) -> str:
    """The headline with the sentence that gives the first ask's figure first ("qwen2.5 32b能在4090上跑吗
    多少token每秒": the fit, then the speed), when its first sentence gives a later ask's figure instead (an answer
    that opens with what it assumed, or with a concept's title, keeps its order) and a later sentence of its first
    paragraph, standing on its own, gives the first ask's."""
    found = _LEADS.get(asks[0].kind) or _GIVES.get(asks[0].kind)
    if found is None:
        return headline
    para, sep, rest = headline.partition("\n")
    sentences = _sentences(para)
    if len(sentences) < 2 or found.search(sentences[0]):
        return headline
    unasked_fit = asks[0].kind in ("time", "speed") and bool(_LEADS["fit"].search(sentences[0]))
    if unasked_fit and any(a.kind == "fit" for a in asks):
        unasked_fit = False  # the fit was asked too: its verdict may stand first
    if not unasked_fit and not any(
        _GIVES[a.kind].search(sentences[0]) for a in asks[1:] if a.kind in _GIVES and a.kind != asks[0].kind
    ):
        return headline  # (a fit verdict no ask asked does not lead a time asked first: "how long does ... take")
    later = [_GIVES[a.kind] for a in asks[1:] if a.kind in _GIVES and a.kind != asks[0].kind]
    k = next(
        (
            k
            for k, s in enumerate(sentences)
            if found.search(s) and (unasked_fit or not any(g.search(s) for g in later))
        ),
        None,
    )
    if k is None or _LEANS_BACK.search(sentences[k]):
        return headline
    gap = "" if _CJK_END.search(sentences[0]) else " "
    ordered = [sentences[k], *sentences[:k], *sentences[k + 1 :]]
    return gap.join(ordered) + sep + rest


_CJK_END = re.compile(r"[。！？]$")

# the sentence that answers a fit asked first: a verdict on the memory of the cards ("Yes with QLoRA, with about
# 4.2 GB to spare"), not any sentence with a yes ("Yes, 32 GB is enough" of system RAM) or a fit word ("Largest batch
# that fits")
_LEADS = {
    "fit": re.compile(
        r"^(?:Yes|No|Not|能|不能|够|不够|可以)"
        r".*?(?:to spare|还剩|装不下|放不下|does not fit|would fit|fits? on|needs? about)"
    )
}
