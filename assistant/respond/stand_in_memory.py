"""What an unknown card's stated memory would hold: "what about the rtx 5080 super 24gb", "rtx 5085 24g跑大模型咋样".

Contract: `lines(query, env)` -> one sentence per stand-in (Query.stand_ins: a name the KB lacks, answered as a real
card) whose mention states a memory size other than the stand-in card's: the largest KB LLM that size holds at 4-bit
(q4_k_m, 4k context; respond/fit_sizing.largest_llm) against the card answered for. [] when no mention states a size,
the size is the card's own, or no model fits. The unknown card's speed or price is never guessed.
"""

from __future__ import annotations

import re

from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm

_SIZE = re.compile(r"(?<!\d)(\d{2,3})\s*g(?:b)?(?![a-z])", re.IGNORECASE)


def lines(query, env: Env) -> list[str]:
    out = []
    for entry in getattr(query, "stand_ins", ()):
        found = _SIZE.search(entry[0])
        card = env.reader.gpu(entry[1]) if len(entry) > 1 else None
        if found is None or card is None or not card.memory_gb:
            continue
        said = float(found.group(1))
        if said == card.memory_gb:
            continue
        largest = largest_llm(env, said)
        if largest is None:
            continue
        out.append(
            env.t(
                "stand_in_memory.holds",
                gb=f"{said:g}",
                largest=largest,
                card=card.short_name,
                own=f"{card.memory_gb:g}",
                own_largest=largest_llm(env, card.memory_gb) or "—",
            )
        )
    return out
