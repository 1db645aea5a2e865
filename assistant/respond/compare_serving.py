"""Serving in a comparison that names a language model: "4090 vs 5090 to serve 70b", "4090 or a6000 for 30 users of a
32B", "10 staff on a 32b, 5090 or a 48 GB card".

Contract: `serving(query, model, prec, names, counts, figures, env)` returns (sentence, table row) of the total
tokens/s of the users at once on each side that holds the model (None when serving is neither asked nor users
stated); `serving_sets(model, names, users, context, figures, env)` the fewest cards of each side that serve the
users when no side holds the model on one card ("" when none does). Both add their figures to `figures`
(`model_serving_tokens_per_second`, `model_serving_holds`, `model_serving_sets`, `model_choice`). Formulas:
docs/model.md §mem (KV cache per user) and §llm.decode (batched decoding). Called by compare_model.model_rows.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import llm, memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery
from assistant.respond.compare_pick import FASTER_BY
from assistant.respond.env import Env


def serving_sets(model, names: list[str], users: int, context: int | None, figures: dict, env: Env) -> str:
    """No side holds the model on one card and the question serves N users: the fewest cards of each that hold the
    weights and every user's KV cache as vLLM serves it (serving.served_on), each user's speed and the cards' price,
    and the pick: the cheaper set unless the other serves each user FASTER_BY times as fast; "" when none does."""
    from assistant.respond.serving import serve_precisions, served_on, tokens_rate, vllm_runs

    prec, ctx = serve_precisions(model)[0], context or memory.default_context(model)
    sets = {}
    for name in names:
        gpu = env.reader.known_gpu(name)
        if vllm_runs(gpu, prec, model) and (s := served_on(gpu, model, prec, users, ctx, env, False)) is not None:
            sets[name] = s
    if not sets:
        return ""
    figures["model_serving_sets"] = {n: s.figures() for n, s in sets.items()}
    items = env.t("compare.model_sep").join(
        env.t(
            "compare.serve_set_item",
            what=f"{s.count} x {s.gpu.short_name}",
            each=tokens_rate(s.per_user),
            cards=env.money(s.cards_usd) if s.cards_usd else env.t("compare.serve_set_unpriced"),
        )
        for s in sets.values()
    )
    head = env.t(
        "compare.serve_sets_head",
        model=model.name,
        users=users,
        fmt=env.t(f"serve.fmt_{prec}"),
        ctx=f"{ctx:,}",
        items=items,
    )
    if len(sets) == 2:
        (na, a), (nb, b) = sets.items()
        fast, slow = (a, b) if a.per_user >= b.per_user else (b, a)
        cheap = min((a, b), key=lambda s: s.cards_usd or float("inf")) if a.cards_usd and b.cards_usd else None
        pick = fast if cheap is None or fast.per_user >= slow.per_user * FASTER_BY else cheap
        figures["model_choice"] = pick.gpu.name
        key = "compare.serve_pick_cheaper" if pick is cheap and pick is not fast else "compare.serve_pick_faster"
        head = env.t(key, what=f"{pick.count} x {pick.gpu.short_name}") + i18n.gap(env.lang) + head
    return head


SERVE_BATCH = 16  # concurrent sequences when serving is asked (as the scaling answer's serving row) [A]


SERVE_BATCH_CONTEXT = 1024  # tokens each of those sequences holds when no users are said [A]


def serve_context(query: CompareQuery, model) -> int:
    """Each stated user's KV cache when serving is compared: the context asked, else the model's default (at most 8,192)
    as the serving sets count it ("10 staff on a 32b, 5090 or a 48 GB card": 1,024 tokens each let both hold them)."""
    return query.context_tokens or memory.default_context(model)


def _holds_users(model, prec: str, name: str, counts: dict[str, int], users: int, env: Env, ctx: int) -> bool:
    """The side holds the weights and `users` KV caches of `ctx` tokens (§mem)."""
    gpu, n = env.reader.known_gpu(name), max(counts.get(name, 1), 1)
    est = memory.inference_memory(model, prec, context=ctx, batch=users, n_gpus=n)
    return memory.fit(est, gpu.memory_gb, n).fits


def serving(query: CompareQuery, model, prec: str, names: list[str], counts: dict[str, int], figures: dict, env: Env):
    """The total tokens/s of SERVE_BATCH users at once on each side that holds the model, when the question asks
    about serving (lexicon serving_words) or states the users ("to 50 concurrent users": that many, each side that
    holds their KV caches too): batched decoding uses compute and bandwidth differently (§llm.decode)."""
    users = int(dict(query.targets).get("users", 0))
    if not (users > 1 or lexicon(env.lang).words_in("serving_words", query.text.lower())):
        return None
    stated = users > 1
    users = users if stated else SERVE_BATCH
    ctx = serve_context(query, model) if stated else SERVE_BATCH_CONTEXT  # no users said: a short chat each
    fitting, full, short = [n for n in names if figures["model_fits"].get(n)], ctx, ""
    tried = (ctx, *(c for c in SHORTER_CONTEXTS if c < ctx)) if stated else (ctx,)
    for ctx in tried:  # the users' full context first, then shorter ones (said) until a side holds them all
        held = [n for n in fitting if _holds_users(model, prec, n, counts, users, env, ctx)]
        if held:
            break
    if ctx < full and held and len(fitting) > 1:
        short = env.t("compare.serving_short", users=users, ctx=f"{ctx:,}", full=f"{full:,}")
    if len(held) == 1 and len(fitting) > 1:  # "4090 or a6000 for 30 users of a 32B": one side holds their caches
        figures["model_serving_holds"] = figures["model_choice"] = held[0]  # holding the users decides
        one = _serving_one(model, prec, names, held[0], max(counts.get(held[0], 1), 1), users, env, ctx)
        return (short + one[0], one[1]) if one and short else one
    if len(held) < 2:
        return None
    tps = {}
    for name in held:
        gpu, n = env.reader.known_gpu(name), max(counts.get(name, 1), 1)
        tps[name] = llm.decode_speed(gpu, model, prec, context=ctx, batch=users, n_gpus=n, engine="vllm").tokens_per_s
    figures["model_serving_tokens_per_second"] = {k: round(v, 0) for k, v in tps.items()}
    fast, slow = sorted(held, key=lambda k: -tps[k])[:2]
    head = env.t(
        "compare.serving_head",
        users=users,
        prec=prec,
        fast=_label(fast, counts, env),
        slow=_label(slow, counts, env),
        ratio=f"{tps[fast] / tps[slow]:.2f}" if tps[slow] else "?",
        fast_tps=f"{tps[fast]:,.0f}",
        slow_tps=f"{tps[slow]:,.0f}",
    )
    row = [env.t("compare.row_serving", users=users), *[f"{tps[n]:,.0f}" if n in tps else "—" for n in names]]
    return (short + head if short else head), row


SHORTER_CONTEXTS = (4096, 2048, 1024)  # per-user contexts tried when the default one does not fit beside the weights


def _label(name: str, counts: dict[str, int], env: Env) -> str:
    n, short = max(counts.get(name, 1), 1), env.reader.known_gpu(name).short_name
    return f"{n} x {short}" if n > 1 else short


def _serving_one(model, prec: str, names: list[str], holder: str, n: int, users: int, env: Env, ctx: int):
    """Only `holder` holds the users' KV caches: its total and per-user tokens/s, as (sentence, table row)."""
    gpu = env.reader.known_gpu(holder)
    speed = llm.decode_speed(gpu, model, prec, context=ctx, batch=users, n_gpus=n, engine="vllm")
    label = _label(holder, {holder: n}, env)  # "only the 2 x RTX 3090", never one card
    head = env.t(
        "compare.serving_only",
        users=users,
        prec=prec,
        ctx=f"{ctx:,}",
        gpu=label,
        tps=f"{speed.tokens_per_s:,.0f}",
        each=f"{speed.per_sequence:.1f}",
    )
    total = f"{speed.tokens_per_s:,.0f}"
    return head, [env.t("compare.row_serving", users=users), *[total if x == holder else "—" for x in names]]
