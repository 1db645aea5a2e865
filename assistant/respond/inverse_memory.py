"""The inverse solver's memory limits: the biggest model that fits the memory given ("biggest model on 2x3090 at q4
with 16k context", "两张3090 最大能跑多大的模型 上下文8k", "largest model i could full finetune on 8x a100 80gb"), and
the least memory a model takes ("minimum vram for qwen2.5-coder 32b at q5 with 32k context", "50 concurrent users on
mistral small 24b with 8k ctx each, how much vram total", "跑qwen3 32b q4 最少要多大显存 上下文32k的话呢").

Contract: `biggest(query, env)` -> an Answer, or None without cards or memory named. The model is varied over every
KB LLM by size, each sized by the forward model (models.memory.inference_memory at the quant and context stated,
else q4_k_m and DEFAULT_CONTEXT; models.train_memory.training_memory for a fine-tune, ZeRO-3 over the cards for a
full one) and checked on the cards (models.memory.fit): the largest that fits first, then the check at it and at the
next larger model, then what was assumed. Dense models are weighed; the largest mixture-of-experts model that fits is
said beside them. `least_memory(query, env)` -> an Answer, or None without a sized LLM: the forward estimate at the
quant (said, else q4_k_m, the lightest of usual quality), every context said (else the model's default) and the users
said (each holds a KV cache), with the parts; the fit answer's tables follow. `figures["inverse"]`: asked, gb, model.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import memory, train_memory
from assistant.models.hardware import gpu_memory_limit_gb
from assistant.respond.env import Env
from assistant.respond.model_pick import SIZE_CLASS, named_largest, release, vision_variant

DEFAULT_CONTEXT = 8192  # the context the biggest model is sized at when none is said (the fit answer's) [A]
LIGHTEST_USUAL = "q4_k_m"  # the lightest quant of usual quality: the least memory of a model, when none is said [A]
_SIZED = re.compile(r"\d(?:\.\d+)?\s*[BbM]\b")  # a size in the name: "70B", "8x22B", "A22B"
SHOWN_AROUND = 3  # models shown below and above the boundary in the biggest-model table


def _contexts(query) -> list[int]:
    said = [int(s.value) for s in getattr(query, "stated", ()) if s.dim == "tokens" and s.value >= 256]
    ctx = getattr(query, "context_tokens", None)
    return list(dict.fromkeys(([int(ctx)] if ctx else []) + said))


def _quant(query) -> tuple[str, bool]:
    prec = getattr(query, "precision", None)
    return (prec, True) if prec in C.BITS_PER_WEIGHT else (LIGHTEST_USUAL, False)


def _memory(query, env: Env) -> tuple[float, int, str] | None:
    """(GB per card, cards, label) of the cards named, else of the memory said."""
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if refs:
        names = list(dict.fromkeys(r.name for r in refs))
        if len(names) != 1:
            return None
        gpu = env.gpu(names[0])
        n = max(int(getattr(query, "gpu_count", None) or sum(max(r.count, 1) for r in refs)), 1)
        label = f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
        return gpu_memory_limit_gb(gpu), n, label  # a Mac: the share of unified memory macOS gives the GPU
    gb = getattr(query, "memory_gb", None) or next(
        (s.value for s in getattr(query, "stated", ()) if s.dim == "gb"), None
    )
    return (float(gb), 1, env.t("inverse.your_memory")) if gb else None


def _method(query, env: Env) -> str | None:
    """None for inference, else the fine-tune's method (a full fine-tune when a word of full_finetune_words is said:
    "full finetune", "全量微调")."""
    from assistant.nlu.lexicon import lexicon

    mode = getattr(query, "mode", None)
    low = (query.text or "").lower()
    full = lexicon(env.lang).words_in("full_finetune_words", low)
    if mode == "full_finetune" or (full and (mode in ("lora", "qlora") or getattr(query, "workload", None))):
        return "full" if full or mode == "full_finetune" else mode
    if mode in ("lora", "qlora"):
        return mode
    return "qlora" if getattr(query, "workload", None) in ("llm_finetune", "training") else None


def biggest(query, env: Env) -> Answer | None:
    found = _memory(query, env)
    if found is None or found[0] <= 0:
        return None
    per_gb, n, label = found
    quant, quant_said = _quant(query)
    contexts = _contexts(query)
    ctx = contexts[0] if contexts else DEFAULT_CONTEXT
    method = _method(query, env)

    def need(m):
        if method is not None:
            zero = 3 if method == "full" and n > 1 else 0
            seq = min(ctx, 2048)
            return train_memory.training_memory(m, method, seq=seq, checkpointing=True, n_gpus=n, zero_stage=zero)
        return memory.inference_memory(m, quant, context=ctx, n_gpus=n)

    from assistant.respond.pricing import speech

    models = sorted(  # language models only: a speech model (Whisper) is sized apart
        (
            m
            for m in env.reader.models
            if m.kind == "llm" and m.params_b and not speech(m) and not (method and m.experts)
        ),
        key=lambda m: (m.params_b, m.name),
    )
    estimates = [(m, need(m)) for m in models]
    sized = [(m, est.total_gb * n) for m, est in estimates]
    fits = [(m, est.total_gb * n) for m, est in estimates if est.total_gb <= per_gb]
    dense = [(m, gb) for m, gb in fits if not m.experts]
    dense = [(m, gb) for m, gb in dense if not vision_variant(m)] or dense  # text models first (§mem.largest)
    if not dense:
        return None
    top, top_gb = dense[-1]  # the largest that fits: the boundary of the check and the table
    named = named_largest([m for m, _ in dense], env)  # the newest of its size class is the one named (§mem.largest)
    best, best_gb = next(((m, gb) for m, gb in dense if m is named), (top, top_gb))
    above = [(m, gb) for m, gb in sized if not m.experts and m.params_b > top.params_b]
    total = per_gb * n
    values = {
        "model": _named(best),
        "gb": f"{best_gb:,.1f}",
        "total": f"{total:g}",
        "cards": label,
        "quant": quant if method is None else env.t(f"inverse.method_{method}" + ("_one" if n == 1 else "")),
        "ctx": f"{ctx:,}",
    }
    parts = [env.t("inverse.biggest" if method is None else "inverse.biggest_train", **values)]
    if best is not top:  # "Qwen3 32B is named rather than the slightly larger Yi-1.5 34B": the rule, said
        values_top = {"top": _named(top), "top_gb": f"{top_gb:,.1f}", "pct": f"{(1 - SIZE_CLASS) * 100:.0f}"}
        parts.append(env.t("inverse.biggest_newest", model=_named(best), date=release(best, env), **values_top))
    if above:
        nxt, nxt_gb = above[0]
        parts.append(env.t("inverse.biggest_next", model=_named(nxt), gb=f"{nxt_gb:,.1f}"))
    moe = [(m, gb) for m, gb in fits if m.experts and m.params_b > top.params_b]
    if moe:
        m, gb = moe[-1]
        parts.append(env.t("inverse.biggest_moe", model=_named(m), gb=f"{gb:,.1f}"))
    if method is None and getattr(query, "asked", "") == "what_runs":  # "3090能跑多大的模型": the reference rule too
        parts.append(_rule(env, total))
    steps = [_assumed(env, quant, quant_said, ctx, bool(contexts), method)]
    shown = [(m, gb) for m, gb in sized if not m.experts]
    at = shown.index((top, top_gb))
    rows = [
        [m.name, f"{m.params_b:.3g}B", f"{gb:,.1f} GB", env.t("inverse.yes" if (m, gb) in fits else "inverse.no")]
        for m, gb in shown[max(at - SHOWN_AROUND + 1, 0) : at + SHOWN_AROUND]
    ]
    table = Table(env.t("inverse.biggest_headers").split("|"), rows, env.t("inverse.biggest_table", cards=label))
    figures = {"inverse": {"asked": "biggest", "model": best.key, "gb": round(best_gb, 1), "memory_gb": total}}
    return Answer(
        question=query.text,
        intent=query.intent,
        headline=i18n.gap(env.lang).join(parts),
        gpus=list(dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name)),
        tables=[table],
        steps=steps,
        figures=figures,
        sources=[],
        lang=env.lang,
    )


def _rule(env: Env, memory_gb: float) -> str:
    """The reference's memory rule for running LLMs on this much memory (respond/fit_unnamed.rule_answer's)."""
    from assistant.respond.fit_unnamed import FLOORS

    floor, key = FLOORS["llm_inference"]
    rule = "fit.rule_meets" if memory_gb >= floor else "fit.rule_no"
    return env.t(rule, memory=f"{memory_gb:g}", floor=f"{floor:g}", rule=env.t(key))


def _named(m) -> str:
    """The model's name with its size, unless the name says it ("Mistral Small 3 (24B)", "Llama 3.1 70B")."""
    return m.name if _SIZED.search(m.name) else f"{m.name} ({m.params_b:.3g}B)"


def _assumed(env: Env, quant: str, quant_said: bool, ctx: int, ctx_said: bool, method: str | None) -> str:
    if method is not None:
        return env.t("inverse.assumed_train", method=env.t(f"inverse.method_{method}"), seq=f"{min(ctx, 2048):,}")
    said_q = env.t("inverse.said") if quant_said else env.t("inverse.assumed_quant")
    said_c = env.t("inverse.said") if ctx_said else env.t("inverse.assumed")
    return env.t("inverse.assumed_infer", quant=quant, said_q=said_q, ctx=f"{ctx:,}", said_c=said_c)


def least_memory(query, env: Env) -> Answer | None:
    from assistant.respond import fit

    named = getattr(query, "model", None) or getattr(query, "params_b", None)
    model = fit.sized_model(query, env)[0] if named else None
    if model is None or model.kind != "llm":
        return None
    if getattr(query, "mode", None) not in (None, "inference") or getattr(query, "pretrain", False):
        return None  # a fine-tune's least memory: the fit's own table of methods answers it
    if getattr(query, "workload", None) in ("training", "llm_finetune"):
        return None
    if _mac_said(query, env):  # "smallest mac that'll run X": the least unified memory a Mac holds it in (macs.py)
        from assistant.queries import RecommendQuery
        from assistant.respond import macs

        asked = RecommendQuery(
            text=query.text, model=getattr(query, "model", None), precision=getattr(query, "precision", None)
        )
        found = macs.respond(dataclasses.replace(asked, vendor="apple", params_b=getattr(query, "params_b", None)), env)
        found.figures["inverse"] = {"asked": "least_memory", "model": model.key, "device": "mac"}
        found.figures["minimum"] = True
        smallest = _smallest_mac(found, env)
        if smallest:
            found.headline = i18n.gap(env.lang).join([smallest, found.headline])
        return found
    if query.intent != "fit":
        return None  # a recommendation or a follow-up sizes the model its own way ("The least it takes: ...")
    quant, quant_said = _quant(query)
    contexts = _contexts(query)
    said_ctx = bool(contexts)
    default = memory.default_context(model)
    if len(contexts) < 2 and default not in contexts:
        contexts.append(default)  # the model's usual context beside the one said: how much the context costs
    users = max(int(dict(getattr(query, "targets", ())).get("users", 1)), 1)
    ests = [memory.inference_memory(model, quant, context=c, batch=users) for c in contexts]
    need = ests[0].total_gb
    if len(ests) > 1 and _more_asked(query, env):  # "from 8k to 128k, how much more": the difference leads
        parts = [_more_line(env, model, quant, contexts, ests)]
        need = max(e.total_gb for e in ests)  # the card must hold the longer context the question goes to
    else:
        parts = [_least_line(env, model, quant, contexts[0], users, ests[0])]
        parts += [
            env.t(
                "inverse.least_other",
                ctx=f"{c:,}",
                gb=f"{e.total_gb:,.1f}",
                diff=f"{e.total_gb - ests[0].total_gb:+,.1f}",
            )
            for c, e in zip(contexts[1:], ests[1:], strict=True)
        ]
    if users == 1 and not getattr(query, "gpus", ()):
        parts.append(_smallest_card(query, env, need))
    base = fit.respond(query, env)
    served = users > 1 and base.headline
    headline = i18n.gap(env.lang).join([*parts, base.headline] if served else parts)
    steps = [_assumed(env, quant, quant_said, contexts[0], said_ctx, None), *base.steps]
    base.headline, base.steps = headline, steps
    base.figures["inverse"] = {"asked": "least_memory", "gb": round(ests[0].total_gb, 1), "model": model.key}
    base.figures["minimum"] = True
    return base


def _smallest_mac(found: Answer, env: Env) -> str:
    """The least unified memory among the Macs that hold the model (the Mac answer's rows), and the largest that
    does not: the limit, whatever the price data holds."""
    rows = [r for r in found.figures.get("ranking") or () if isinstance(r, dict) and r.get("gpu")]
    sized = [(float(env.gpu(r["gpu"]).memory_gb or 0), r) for r in rows]
    holds = sorted((gb, r["gpu"]) for gb, r in sized if r.get("fits"))
    short = sorted((gb, r["gpu"]) for gb, r in sized if not r.get("fits"))
    if not holds:
        return ""
    least = holds[0][0]
    names = [env.gpu(n).short_name for gb, n in holds if gb == least]
    values = {"gb": f"{least:g}", "macs": i18n.join_names(env.lang, names)}
    below = [(gb, n) for gb, n in short if gb < least]
    if below:
        values |= {"below": f"{below[-1][0]:g}"}
        return env.t("inverse.mac_least", **values)
    return env.t("inverse.mac_least_all", **values)


def _smallest_card(query, env: Env, need_gb: float) -> str:
    """The least memory one priced desktop card holds the model in, the cheapest card of that size, and the largest
    size below it that does not (the value ranking's cards: respond/inverse_speed._ranked)."""
    from assistant.respond.builds import fits_a_workstation
    from assistant.respond.inverse_speed import _ranked

    ranking, _ = _ranked(env.for_query(query), query, None, None, 1)
    cards = [(env.gpu(r.gpu), r) for r in ranking.rows]
    sized = [(float(g.memory_gb or 0), r.price_usd, g) for g, r in cards if not fits_a_workstation(g) and g.memory_gb]
    holds = sorted((gb, usd, g.name) for gb, usd, g in sized if gb >= need_gb)
    if not holds:
        return ""
    gb, usd, name = holds[0]
    below = max((m for m, _, _ in sized if m < need_gb), default=None)
    values = {"gb": f"{gb:g}", "gpu": env.gpu(name).short_name, "price": env.for_query(query).money(usd)}
    if below is None:
        return env.t("inverse.least_card_only", **values)
    return env.t("inverse.least_card", below=f"{below:g}", **values)


def _mac_said(query, env: Env) -> bool:
    """A Mac named as the device to size (lexicon [lists] inverse_mac_words, as whole words)."""
    from assistant.nlu.lexicon import lexicon

    low = (query.text or "").lower()
    words = sorted(lexicon(env.lang).listed("inverse_mac_words"))
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) for w in words)


def _more_asked(query, env: Env) -> bool:
    """ "how much more memory from 8k to 128k", "显存要多出多少": the growth between two contexts is asked."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(env.lang).words_in("inverse_more_memory_asks", f" {(query.text or '').lower()} ")


def _more_line(env: Env, model, quant: str, contexts: list[int], ests: list) -> str:
    (lo_ctx, lo), (hi_ctx, hi) = sorted(zip(contexts, ests, strict=True), key=lambda p: p[0])[:2]
    kv = [float(dict(e.components).get("KV cache", 0.0)) for e in (lo, hi)]
    per_token = memory.kv_cache_bytes_per_token(model) / 1e6
    values = {"model": model.name, "quant": quant, "lo": f"{lo_ctx:,}", "hi": f"{hi_ctx:,}"}
    values |= {"diff": f"{hi.total_gb - lo.total_gb:,.1f}", "kv_lo": f"{kv[0]:,.1f}", "kv_hi": f"{kv[1]:,.1f}"}
    values |= {"mb": f"{per_token:.3f}", "total_lo": f"{lo.total_gb:,.1f}", "total_hi": f"{hi.total_gb:,.1f}"}
    return env.t("inverse.least_more", **values)


def _least_line(env: Env, model, quant: str, ctx: int, users: int, est) -> str:
    p = dict(est.components)
    kv = float(p.get("KV cache", 0.0))
    rest = est.total_gb - float(p.get("weights", 0.0)) - kv
    values = {
        "model": model.name,
        "gb": f"{est.total_gb:,.1f}",
        "quant": quant,
        "ctx": f"{ctx:,}",
        "weights": f"{float(p.get('weights', 0.0)):,.1f}",
        "kv": f"{kv:,.1f}",
        "rest": f"{rest:,.1f}",
        "users": users,
    }
    return env.t("inverse.least_users" if users > 1 else "inverse.least", **values)


def need_with_card(query, env: Env) -> Answer | None:
    """ "how much vram does qwen3 32b 4bit need, is one 4090 enough", "跑qwen3 32b 4bit 需要多大显存 一张4090够不够":
    the need asked beside a card: the fit's own need (figures vram_required_gb) first, then its verdict on the card,
    unless its first sentence gives the need already."""
    from assistant.nlu.lexicon import lexicon

    if query.intent != "fit" or not getattr(query, "model", None) or not any(r.name for r in query.gpus):
        return None
    if not lexicon(env.lang).words_in("inverse_need_asks", f" {(query.text or '').lower()} "):
        return None
    from assistant.respond import fit  # its ~20 modules only when this answer is built

    base = fit.respond(query, env)
    need, prec = base.figures.get("vram_required_gb"), base.figures.get("precision")
    model = fit.sized_model(query, env)[0]
    if not need or not prec or model is None or not base.headline or _said_first(base.headline, float(need)):
        return None
    if "kv_bytes_per_token" in base.figures:
        return None  # "how much vram does the kv cache take ... on 2x a6000": the cache's size leads (fit_kv)
    lead = env.t("inverse.need_first", model=model.name, gb=f"{float(need):,.1f}", quant=prec)
    base.headline = i18n.gap(env.lang).join([lead, base.headline])
    base.figures["inverse"] = {"asked": "need", "gb": need, "model": model.key}
    return base


_GB = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*GB")
_FIRST = re.compile(r"^.*?(?:[。！？]|[.!?](?:\s|$))", re.S)


def _said_first(headline: str, need: float) -> bool:
    """The first sentence already gives the need ("不能：... 大约需要 239.0 GB"): within 1 %."""
    found = _FIRST.match(headline)
    first = found.group(0) if found else headline
    return any(abs(float(m.group(1).replace(",", "")) - need) <= 0.01 * need for m in _GB.finditer(first))
