"""A speed ratio the question claims, checked first: "is the 4090 3x faster than a 3090", "people say the h100 is 10x
faster than a 4090, true?", "is a 5090 twice as fast as a 4090", "4090比3090快3倍吗", "h100真的比4090快10倍？".

Contract: `claimed(text, lang)` -> the ratio claimed (3.0 for "3x faster", 2.0 for "twice as fast" / "快一倍"), or
None. The phrasings are lexicon [lists] data: `ratio_claims` (templates with N for the number: "N x faster",
"快N倍"; digits or Chinese numerals), `ratio_percent_claims` (N a percent more: "50% faster", "快50%": 1.5x) and
`ratio_double` ("twice as fast", "翻倍"). `lead(answer, query, env)` puts the
verdict on the claim before a comparison's headline ("No, not 3x: the RTX 4090 is about 1.58x as fast as ...",
before its first sentence when that gives the ratio) when the estimate (figures
relative_speed, the first GPU named over the second, the measure the answer weighs) is more than CLOSE away from it,
"Yes, about ..." within it; the answer is unchanged when nothing is claimed or there is no such ratio.
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.nlu.tagging.cn_numerals import CN_NUM, cn_number
from assistant.respond.env import Env

_RATIO_SAID = ("{:.2f}x as fast as", "的 {:.2f} 倍")  # how a comparison's first sentence gives the ratio
_RATIO_NAMED = ("{:.2f}x", "{:.2f} 倍")  # ... or names it in passing
CLOSE = 0.15  # within 15 % of the estimate a claimed ratio is right [A] (the speed model's own spread)
_NUMBER = r"(?<![\d.])(\d+(?:\.\d+)?|[" + "".join(sorted(CN_NUM)) + r"]+)"


@cache
def _patterns(lang: str, name: str = "ratio_claims") -> tuple[re.Pattern, ...]:
    out = []
    for template in lexicon(lang).listed(name):
        parts = [re.escape(p) for p in template.split("N")]
        body = _NUMBER.join(parts).replace(r"\ ", r"\s*")
        out.append(re.compile(body + r"(?![a-z])"))
    return tuple(out)


def claimed(text: str, lang: str) -> float | None:
    low = text.lower()
    if lexicon(lang).words_in("ratio_double", low):
        return 2.0
    for name, as_ratio in (("ratio_claims", lambda v: v), ("ratio_percent_claims", lambda v: 1 + v / 100)):
        for pattern in _patterns(lang, name):
            m = pattern.search(low)
            if m is None:
                continue
            said = m.group(1)
            value = float(said) if said[0].isdigit() else cn_number(list(said))
            if value and as_ratio(value) > 1:
                return float(as_ratio(value))
    return None


def lead(answer: Answer, query, env: Env) -> Answer:
    said = claimed(query.text or "", env.lang)
    speeds = answer.figures.get("relative_speed")
    names = [r.name for r in getattr(query, "gpus", ()) if getattr(r, "name", None)]
    if said is None or not isinstance(speeds, dict) or len(names) < 2:
        return answer
    first, second = speeds.get(names[0]), speeds.get(names[1])
    if not first or not second:
        return answer
    ratio = max(first, second) / min(first, second)  # the faster over the slower, whichever the claim named first
    key = "claim_close" if abs(ratio / said - 1) <= CLOSE else "claim_more" if ratio > said else "claim_no"
    fast, slow = (env.gpu(n).short_name for n in (names[:2] if first >= second else names[1::-1]))
    opening, rest = _first_sentence(answer.headline)
    if any(f.format(ratio) in opening for f in _RATIO_SAID):  # the headline opens with the ratio: the verdict first
        answer.headline = env.t(f"compare.{key}_before", claimed=f"{said:.3g}") + i18n.uncap(env.lang, opening) + rest
    else:
        text = env.t(f"compare.{key}", claimed=f"{said:.3g}", ratio=f"{ratio:.2f}", a=fast, b=slow)
        # money weighed against the claim ("extra $1400 for maybe 2x speed, justified?"), whose first sentence already
        # answers it with this ratio ("the $1,400 extra buys about 1.58x the speed"): the verdict follows that sentence
        paid = any(s.dim == "money" for s in getattr(query, "stated", ()))
        named = paid and any(f.format(ratio) in opening for f in _RATIO_NAMED)
        parts = [opening, text, rest] if named else [text, opening, rest]
        answer.headline = i18n.gap(env.lang).join(p.strip() for p in parts if p.strip())
    answer.figures["claimed_ratio"] = {"claimed": said, "estimate": round(ratio, 3)}
    return answer


def _first_sentence(text: str) -> tuple[str, str]:
    """(the first sentence, the rest) of a headline: up to ". " in English (not inside brackets), "。" in Chinese."""
    depth = 0
    for k, c in enumerate(text):
        depth += c in "(（"
        depth -= c in ")）"
        if depth == 0 and (c == "。" or (c == "." and text[k + 1 : k + 2] in (" ", ""))):
            return text[: k + 1], text[k + 1 :]
    return text, ""
