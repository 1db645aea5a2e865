"""Quiet and low-power builds: a constraint that changes the recommendation ("quiet build for a home office, 2k
budget", "静音一点的炼丹机", "最省电的方案", "most power efficient gpu for llm inference").

Contract: `asks_quiet(text, env)` (lexicon list `quiet_words`) and `asks_efficient(text, env)` (`efficiency_words`)
read the preference from the question. A quiet build keeps to cards of at most QUIET_GPU_W board power and
QUIET_MAX_GPUS of them, with no passively cooled or blower card [A: open-air coolers at that power stay quiet in a
closed case; blowers and several cards side by side are loud]; `quiet_note(env)` says so and points at power
limits for bigger cards. An efficient pick ranks by speed per watt of board power (`per_watt(score, tdp, n)`);
`efficient_note(env)` says what is ranked.
"""

from __future__ import annotations

from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env

QUIET_GPU_W = 300  # board power of the loudest card a quiet build keeps [A]
QUIET_MAX_GPUS = 2  # more cards in one case run hot and loud [A]


def asks_quiet(text: str, env: Env) -> bool:
    return lexicon(env.lang).words_in("quiet_words", text.lower())


def asks_efficient(text: str, env: Env) -> bool:
    return lexicon(env.lang).words_in("efficiency_words", text.lower())


def quiet_note(env: Env) -> str:
    return env.t("quiet.note", watts=QUIET_GPU_W, n=QUIET_MAX_GPUS)


def per_watt(score: float, tdp_w: float | None, n: int = 1) -> float:
    """Relative speed per kW of board power (0 when the board power is unknown)."""
    return score / (tdp_w * n) * 1000.0 if tdp_w else 0.0


def efficient_note(env: Env) -> str:
    return env.t("quiet.efficient_note")
