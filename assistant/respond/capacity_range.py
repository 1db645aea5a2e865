"""The other end of a serving count: "how many concurrent users can a single 4090 serve for llama 3.1 8b with vllm
at decent latency" is answered with the users whose full default context fits (respond/fit_capacity.py, a floor),
and here with the count at short chats, so the answer is a range rather than one worst case.

Contract: `short_end(gpu, model, prec, ctx, n, env, served)` -> the sentence for chats of SHORT_CONTEXT tokens each:
the most users whose KV caches fit beside the weights (`served(users, ctx)` from fit_capacity) and, when their speed
would fall under USABLE_TPS each, the most users that still get that much; "" when the question set its own context,
the default is no longer than SHORT_CONTEXT, or no more users fit than at the default. Same memory and batched decode
model as the floor (§mem, §llm); the short context and the usable speed are assumptions said in the sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant.respond.bandwidth_speed import USABLE_TPS
from assistant.respond.env import Env
from assistant.respond.serving import tokens_rate

SHORT_CONTEXT = 2048  # [A] tokens of context a short chat turn keeps (question, answer and a little history)


def short_end(most_full: int, ctx: int, most: Callable[[int], int], served: Callable, env: Env) -> str:
    if ctx <= SHORT_CONTEXT:
        return ""
    users = most(SHORT_CONTEXT)
    if users <= most_full:
        return ""
    s = served(users, SHORT_CONTEXT)
    if s is None:
        return ""
    if s.per_user >= USABLE_TPS:
        return env.t("capacity.short", ctx=f"{SHORT_CONTEXT:,}", users=f"{users:,}", each=tokens_rate(s.per_user))
    low, high = most_full, users  # per-user speed falls as users are added: the most that still get USABLE_TPS
    while high - low > 1:
        mid = (low + high) // 2
        found = served(mid, SHORT_CONTEXT)
        low, high = (mid, high) if found is not None and found.per_user >= USABLE_TPS else (low, mid)
    quick = served(low, SHORT_CONTEXT)
    if quick is None or low <= most_full:
        return env.t("capacity.short", ctx=f"{SHORT_CONTEXT:,}", users=f"{users:,}", each=tokens_rate(s.per_user))
    return env.t(
        "capacity.short_usable",
        ctx=f"{SHORT_CONTEXT:,}",
        users=f"{users:,}",
        each=tokens_rate(s.per_user),
        usable=f"{USABLE_TPS:g}",
        quick=f"{low:,}",
    )
