"""Answer how many users a GPU serves with a model at once ("一张4090能同时服务多少人用qwen 7b", "4090部署qwen 7b
能支持多少并发", "how many users can a 4090 serve with qwen 7b").

Contract: `asked(text, lang)` says whether the question asks for that number (lexicon list capacity_asks).
`respond(query, env, fit_answer)` takes the FitQuery and the ordinary fit answer (for its precision): the most users
whose KV caches fit beside the weights on the cards named (`serving.served_on`, the same memory and batched decode
model as a serving answer: each user holds a KV cache of the default context, §mem, §llm), the per-user and total
speed at that many, and the same at a few smaller counts, so the user can trade users for speed. Memory is the
limit counted; the answer says that each user's speed falls as users are added. `figures`: max_users, context,
precision, per_user_tokens_per_second, total_tokens_per_second, rows [{users, per_user, total}].
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond import capacity_range
from assistant.respond.env import Env
from assistant.respond.pricing import speech
from assistant.respond.serving import served_on, tokens_rate

MOST_USERS = 1024  # the search stops here [A]
SHOWN = (1, 4, 16, 64)  # user counts shown below the maximum


def asked(text: str, lang: str) -> bool:
    low = text.lower()
    return any(w in low for w in lexicon(lang).listed("capacity_asks"))


def _served(gpu, model, prec: str, users: int, ctx: int, n: int, env: Env):
    """The users served on the set named: all `n` cards when tensor parallelism splits the model over them (a node
    of 4 serves one user on 4 cards, not on the 2 that hold it), else the fewest of them that hold the users."""
    if n > 1 and (s := served_on(gpu, model, prec, users, ctx, env, False, exactly=n)) is not None:
        return s
    s = served_on(gpu, model, prec, users, ctx, env, False)
    return s if s is not None and s.count <= n else None


def _most_users(gpu, model, prec: str, ctx: int, n: int, env: Env) -> int:
    """The most users (bisection up to MOST_USERS) served on `n` cards; 0 when not even one is."""
    if _served(gpu, model, prec, 1, ctx, n, env) is None:
        return 0
    low, high = 1, MOST_USERS
    if _served(gpu, model, prec, high, ctx, n, env) is not None:
        return high
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if _served(gpu, model, prec, mid, ctx, n, env) else (low, mid)
    return low


def respond(query: FitQuery, env: Env, fit_answer: Answer, gpu, model, n: int) -> Answer | None:
    """None when the question is not an LLM served on a named GPU (the fit answer stands)."""
    prec = str(fit_answer.figures.get("precision") or query.precision or "")
    if gpu is None or model is None or model.kind != "llm" or query.mode != "inference" or not prec:
        return None
    if speech(model):  # Whisper streams are no KV-cache users: the fit answer's live-stream lead (§speech.speed)
        return None
    ctx = query.context_tokens or memory.default_context(model)
    most = _most_users(gpu, model, prec, ctx, n, env)
    if most == 0:
        return None  # not even one user: the fit answer says why
    cards = f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
    rows, found = [], []
    for users in sorted({u for u in SHOWN if u < most} | {most}):
        s = _served(gpu, model, prec, users, ctx, n, env)
        if s is None:
            continue
        rows.append([f"{users:,}", tokens_rate(s.per_user), tokens_rate(s.total)])
        found.append({"users": users, "per_user": round(s.per_user, 1), "total": round(s.total, 1)})
    top = found[-1]
    head = env.t(
        "capacity.head",
        cards=cards,
        model=model.name,
        prec=prec,
        users=f"{most:,}",
        ctx=f"{ctx:,}",
        each=tokens_rate(top["per_user"]),
        total=tokens_rate(top["total"]),
    )
    if most >= MOST_USERS:
        head = env.t("capacity.head_more", cards=cards, model=model.name, prec=prec, users=f"{most:,}", ctx=f"{ctx:,}")
    elif query.context_tokens is None:  # "how many concurrent users ...": a range, the short chats' end said too
        short = capacity_range.short_end(
            most,
            ctx,
            lambda c: _most_users(gpu, model, prec, c, n, env),
            lambda u, c: _served(gpu, model, prec, u, c, n, env),
            env,
        )
        head = head + i18n.gap(env.lang) + short if short else head
    table = Table(
        headers=[env.t("capacity.col_users"), env.t("capacity.col_each"), env.t("capacity.col_total")], rows=rows
    )
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        gpus=[gpu.name],
        tables=[table],
        steps=[env.t("capacity.how", ctx=f"{ctx:,}"), env.t("capacity.speed_falls")],
        figures={
            "max_users": most,
            "context": ctx,
            "precision": prec,
            "per_user_tokens_per_second": top["per_user"],
            "total_tokens_per_second": top["total"],
            "rows": found,
        },
        sources=fit_answer.sources,
        lang=env.lang,
    )
