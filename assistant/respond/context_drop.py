"""How much an LLM's generation slows at a long context ("how much does tok/s drop at 32k context on a 3090").

Contract: `drop(case, dec, link, where)` -> (sentence, place, figures) or None. For an LLM that fits, asked about
a context of at least LONG_CONTEXT tokens with a speed asked (or a drop asked: lexicon `context_drop_words`), the
decode speed at that context against the same GPU(s), precision and batch at SHORT_CONTEXT tokens (or the shorter
"2k" said), the drop in percent, the KV cache read per token that causes it, and the time to read a prompt that
long first (docs/model.md §llm.decode, §llm.prefill, §llm.context_drop). No constant of its own: both speeds are
the decode formula at two contexts. `place`: "lead" (a drop asked), "after" (a speed asked at a long context),
"alone" (the reader kept the shorter of two contexts said, so the fit's own sentence is about that one).
`prompt_time(case, link, where)` -> (sentence, figures) or None: a time asked at a long context is the time to read
that prompt (§llm.prefill at that length) and the speed of generating after it.
"""

from __future__ import annotations

import re

from assistant.models import llm, memory
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.fit_rows import FitCase

SHORT_CONTEXT = 1024  # the context the fit answers' speeds are given at (fit_speed.llm_speed's default)
LONG_CONTEXT = 4096  # from this context on, a speed asked at it is set against the short one [A]


_K_TOKENS = re.compile(r"(?<![0-9a-z.])(\d{1,3})\s*k(?![a-z])", re.IGNORECASE)


def said_contexts(text: str) -> list[int]:
    """Every "32k" of the question, in tokens."""
    return [int(m.group(1)) * 1024 for m in _K_TOKENS.finditer(text)]


def base_context(text: str, ctx: int) -> int:
    """The shorter context a drop is measured from: a second "2k" said beside the long one ("at 32k than at 2k"), else
    SHORT_CONTEXT."""
    shorter = [c for c in said_contexts(text) if 0 < c < ctx]
    return min(shorter) if shorter else SHORT_CONTEXT


def drop_asked(text: str, env: Env) -> bool:
    """ "how much does it drop", "slower at 32k", "速度掉多少": the change with context is the question."""
    return lexicon(env.lang).words_in("context_drop_words", f" {text.lower()} ")


def drop(case: FitCase, dec, link: str, where: str) -> tuple[str, str, dict] | None:
    query, env, model, spec, n = case.query, case.env, case.model, case.spec, case.n
    ctx = query.context_tokens or 0
    asked = drop_asked(query.text, env)
    longest, alone = max(said_contexts(query.text), default=0), False
    if asked and longest > ctx and spec is not None:  # "从4k到32k 速度掉多少": the reader kept the first; both are said
        if memory.max_context(model, case.pick[0], case.memory_gb, n, batch=query.batch or 1) < longest:
            return None
        ctx, alone = longest, True  # the fit worked out at the shorter context: this sentence replaces it
        dec = llm.decode_speed(
            spec, model, case.pick[0], context=ctx, batch=query.batch or 1, n_gpus=n, interconnect=link
        )
    if ctx < LONG_CONTEXT or spec is None or not (asked or query.want_speed) or dec.tokens_per_s <= 0:
        return None
    prec, batch = case.pick[0], query.batch or 1
    base = base_context(query.text, ctx) if asked else SHORT_CONTEXT
    short = llm.decode_speed(spec, model, prec, context=base, batch=batch, n_gpus=n, interconnect=link)
    if short.tokens_per_s <= 0:
        return None
    pct = 100 * (1 - dec.tokens_per_s / short.tokens_per_s)
    kv_gb = memory.kv_cache_bytes(model, ctx) * batch / 1e9
    weights_gb = memory.active_weights_gb(model, prec, batch)
    pre = llm.prefill_speed(spec, model, prec, prompt=ctx, n_gpus=n, interconnect=link)
    prompt_s = ctx / pre.tokens_per_s if pre.tokens_per_s > 0 else 0.0
    values = dict(
        ctx=f"{ctx:,}",
        model=model.name,
        where=where,
        prec=prec,
        long=_tps(dec.tokens_per_s),
        short=_tps(short.tokens_per_s),
        base=f"{base:,}",
        pct=f"{pct:.0f}",
        kv=f"{kv_gb:.1f}",
        weights=f"{weights_gb:.1f}",
    )
    key = "job_time.context_drop" if pct >= 1 else "job_time.context_flat"
    text = env.t(key, **values)
    if prompt_s > 0:
        text += env.t("job_time.context_prompt", ctx=f"{ctx:,}", time=seconds_text(env, prompt_s))
    figures = {
        "context_drop": {
            "context": ctx,
            "tokens_per_second": round(dec.tokens_per_s, 1),
            "short_context": base,
            "short_tokens_per_second": round(short.tokens_per_s, 1),
            "drop_pct": round(pct, 1),
            "kv_gb": round(kv_gb, 2),
            "prompt_seconds": round(prompt_s, 1),
        }
    }
    return text, "alone" if alone else "lead" if asked else "after", figures


def seconds_text(env: Env, s: float) -> str:
    """A short wait in seconds under two minutes, else in minutes ("about 9 s", "about 3.5 min")."""
    if s < 120:
        return env.t("job_time.seconds", n=f"{s:.1f}" if s < 10 else f"{s:.0f}")
    return env.t("job_time.minutes", n=f"{s / 60:.1f}" if s < 600 else f"{s / 60:.0f}")


def _tps(v: float) -> str:
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


PROMPT_AT_LEAST = 2048  # a time asked of an LLM with a context this long is the time to read that prompt [A]


def prompt_time(case: FitCase, link: str, where: str) -> tuple[str, dict] | None:
    """ "how long to process a 100k token prompt on a 3090 with qwen2.5 7b", "32k的提示词要读多久": the prompt read at
    the §llm.prefill rate for that prompt length, then the generation speed at that context (§llm.decode)."""
    query, env, model, spec, n = case.query, case.env, case.model, case.spec, case.n
    ctx = query.context_tokens or 0
    if ctx < PROMPT_AT_LEAST or spec is None or query.mode not in (None, "inference"):
        return None
    from assistant.respond.asked import parts

    if "time" not in parts(query.text, env.lang):  # (FitQuery.want_time is a training job's time)
        return None
    prec = case.pick[0]
    pre = llm.prefill_speed(spec, model, prec, prompt=ctx, n_gpus=n, interconnect=link)
    dec = llm.decode_speed(spec, model, prec, context=ctx, batch=1, n_gpus=n, interconnect=link)
    if pre.tokens_per_s <= 0 or dec.tokens_per_s <= 0:
        return None
    seconds = ctx / pre.tokens_per_s
    text = env.t(
        "job_time.prompt_time",
        ctx=f"{ctx:,}",
        model=model.name,
        where=where,
        prec=prec,
        time=seconds_text(env, seconds),
        rate=_tps(pre.tokens_per_s),
        tps=_tps(dec.tokens_per_s),
    )
    return text, {
        "prompt_seconds": round(seconds, 1),
        "prompt_tokens": ctx,
        "tokens_per_second": round(dec.tokens_per_s, 1),
    }
