"""The clouds a question names: "runpod or vast for a 4090?", "除了autodl还有哪家便宜", "跟恒源云按小时租比哪个划算".

Contract: `provider(r)` -> the key of the first cloud named (lexicon [lists] cloud_providers, spellings mapped to one
key: "vast" -> "vast.ai"), or None; `providers(r)` -> every cloud named, by key, in the order written;
`asked_providers(r)` -> those a follow-up asks to price at (none when each is one to leave out: "any cheaper provider
than runpod"); `against_renting(r)` -> whether renting is set against what is talked about ("how does that compare
to renting", the cloud's name and an hourly word allowed inside the phrase). Never raises.
"""

from __future__ import annotations

import re

from assistant.nlu.intents.verdict import said
from assistant.nlu.reading import Reading

_PROVIDER_KEYS = {
    "vast": "vast.ai",
    "vastai": "vast.ai",
    "run pod": "runpod",
    "lambda labs": "lambda",
    "lambdalabs": "lambda",
    "lambda cloud": "lambda",
    "amazon": "aws",
    "ec2": "aws",
    "google cloud": "gcp",
    "core weave": "coreweave",
    "tensor dock": "tensordock",
    "jarvis labs": "jarvislabs",
    "digital ocean": "digitalocean",
    "verda": "datacrunch",
    "alibaba cloud": "aliyun",
    "阿里云": "aliyun",
    "tencent cloud": "tencent",
    "腾讯云": "tencent",
    "volcano engine": "volcengine",
    "火山引擎": "volcengine",
    "恒源云": "gpushare",
}

_OTHER_THAN = re.compile(r"(?:\bthan|\bbesides|\bexcept|\bbut|\bother than|\bapart from|除了|比)\s*(?:the\s+)?$")


def provider(r: Reading) -> str | None:
    found = said(r, "cloud_providers")
    return _PROVIDER_KEYS.get(found, found) if found else None


def providers(r: Reading) -> tuple[str, ...]:
    """Every provider the question names, by key, in the order written ("runpod or vast" -> runpod, vast.ai); read
    once per question."""
    return r.once("providers", lambda: _providers(r))


def _providers(r: Reading) -> tuple[str, ...]:
    text = r.text.lower()
    found: list[tuple[int, int, str]] = []
    for word, _ in r.lex.keyed("cloud_providers"):
        if word not in text:
            continue  # the search below finds only the word itself: one substring test instead of a regex
        # ASCII names as whole words, Chinese names anywhere ("恒源云" is one token, "矩池云" is three): one text
        hit = re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])" if word.isascii() else re.escape(word), text)
        at = hit.start() if hit else -1
        if at >= 0 and not any(s <= at < e for s, e, _ in found):  # "lambda labs" once, not also "lambda"
            found.append((at, at + len(word), _PROVIDER_KEYS.get(word, word)))
    return tuple(dict.fromkeys(k for _, _, k in sorted(found)))


def against_renting(r: Reading) -> bool:
    """ "how does that compare to renting", "跟恒源云按小时租比哪个划算": renting (at a cloud, by the hour) set against
    what is talked about; the cloud's name and an hourly word may stand inside the phrase."""
    if said(r, "against_renting_words"):
        return True
    low = r.text.lower()
    for word in (*[w for w, _ in r.lex.keyed("cloud_providers") if w in low], *r.lex.listed("rent_by_hour_words")):
        low = low.replace(word, "")
    # English phrases keep their spaces ("compare it to renting"), Chinese ones none ("跟 恒源云 租比": "跟租比")
    return any(r.lex.words_in("against_renting_words", t) for t in (" ".join(low.split()), low.replace(" ", "")))


def asked_providers(r: Reading) -> tuple[str, ...]:
    """The providers a follow-up asks to price at: none when every one named is one to leave out ("any cheaper
    provider than runpod", "除了autodl还有哪家便宜": the others), else all named ("is lambda cheaper than runpod")."""
    named = providers(r)
    text = r.text.lower()
    for key in named:
        words = [w for w, k in r.lex.keyed("cloud_providers") if _PROVIDER_KEYS.get(w, w) == key and w in text]
        if not any(_OTHER_THAN.search(text[: text.index(w)]) for w in words):
            return named
    return ()
