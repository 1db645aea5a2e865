"""A fit answer's first word in the form the question asked: "会爆显存吗" is answered 会爆 / 不会爆, "will it oom"
"Yes, it will run out of memory" / "No, ...", "is 12gb too little" "Yes, too little" / "No, it is enough", "够不够"
够 / 不够; never a bare "No" that reads as the opposite.

Contract: `as_asked(answer, query, env)` rewrites the headline of a fit answer whose question asks in one of the
forms of FitQuery.asked (lexicon [lists] asks_<form>). The headline's own opener (locale fit.opener_yes /
fit.opener_no, alternatives separated by "|") is replaced by the form's word (fit.asked_<form>_fits /
fit.asked_<form>_short) and its punctuation kept; a headline with no such opener is prefixed with the form's word,
chosen by figures["verdict"]. Answers of other questions are returned as they are.
"""

from __future__ import annotations

import dataclasses
import math

from assistant import i18n
from assistant.answer import Answer
from assistant.models.constants import GGUF_TYPES
from assistant.queries import FitQuery
from assistant.respond.env import Env

OPENER_ENDS = frozenset(" ,:，：")  # what follows an opener word ("No:", "能，"): never part of a longer word


NEED_TIGHT = 0.75  # "do you need 24gb for X": true when X takes more than this share of the memory named [A]


OVERKILL_CHAT_QUANT = "q8_0"  # an LLM weighed for chatting with no precision said: 8-bit, near-lossless [A]


def overkill_as_chatted(query, env: Env, answered):
    """(query, answer): "5090 just to chat with a 14b, overkill?": an LLM weighed for inference with no precision said
    is sized at 8-bit (q8_0), how people run a model to chat, when that fits the card (docs/model.md §fit.asked);
    otherwise, or for any other question, the plain fit (`answered(query)`, its own precision ladder)."""
    chat = query.asked == "overkill" and query.workload == "llm_inference" and not query.precision
    if chat and query.mode in (None, "inference"):
        at_8 = dataclasses.replace(query, precision=OVERKILL_CHAT_QUANT)
        answer = answered(at_8)
        if answer.figures.get("fits"):
            answer.steps = [env.t("fit.overkill_chat_quant"), *answer.steps]
            return at_8, answer
    return query, answered(query)


def as_asked(answer: Answer, query: FitQuery, env: Env) -> Answer:
    from assistant.respond import image_both

    return image_both.lead(_as_asked(answer, query, env), query, env)  # "sdxl and flux": both named, first


def _as_asked(answer: Answer, query: FitQuery, env: Env) -> Answer:
    answer = _quant_asked(answer, query, env)
    if not query.asked or query.asked == "system_ram" or not answer.headline or answer.clarification:
        return answer
    if query.asked == "need":
        return _need(answer, env)
    if query.asked in ("need_card", "overkill"):
        return _need_card(answer, env, query.asked)
    head = answer.headline
    if not i18n.has(env.lang, f"fit.asked_{query.asked}_fits"):  # "what_runs": no opener of its own (a crash before)
        return answer
    for kind in ("gguf", "short", "fits"):
        for opener in sorted(env.t(f"fit.opener_{kind}").split("|"), key=len, reverse=True):
            if head.startswith(opener) and head[len(opener) : len(opener) + 1] in OPENER_ENDS:
                answer.headline = env.t(f"fit.asked_{query.asked}_{kind}") + head[len(opener) :]
                return answer
    verdict = answer.figures.get("verdict")
    if isinstance(verdict, dict) and verdict.get("answer") in ("yes", "yes_if", "no"):
        word = env.t(f"fit.asked_{query.asked}_{'short' if verdict['answer'] == 'no' else 'fits'}")
        answer.headline = word + i18n.colon(env.lang) + head
    return answer


def _need(answer: Answer, env: Env) -> Answer:
    """ "is it true you need 24gb for sdxl lora": a claim on the memory needed. It holds when the work does not fit
    the memory named or takes most of it (NEED_TIGHT); else less is enough, and the headline says how much."""
    figures, verdict = answer.figures, answer.figures.get("verdict")
    need, memory = figures.get("vram_required_gb"), verdict.get("memory_gb") if isinstance(verdict, dict) else None
    if not isinstance(need, (int, float)) or not isinstance(memory, (int, float)) or not memory:
        return answer
    key = "fit.asked_need_yes" if not figures.get("fits") or need > NEED_TIGHT * memory else "fit.asked_need_no"
    more = need > memory  # "you need 12gb for a 14b at q8": more than that (never "about right" for a miss)
    said = env.t("fit.asked_need_more" if more else key, need=f"{need:.1f}", memory=f"{memory:g}")
    head = answer.headline
    for kind in ("gguf", "short", "fits"):  # the fit's own yes / no answers another question: dropped
        opener = next((o for o in env.t(f"fit.opener_{kind}").split("|") if head.startswith(o)), None)
        if opener and head[len(opener) : len(opener) + 1] in OPENER_ENDS:
            head = i18n.cap(env.lang, head[len(opener) :].lstrip(" ,:，："))
            break
    answer.headline = i18n.gap(env.lang).join([said, head])
    figures["claim"] = {"memory_gb": memory, "needed_gb": need, "holds": key.endswith("yes")}
    return answer


def _need_card(answer: Answer, env: Env, form: str) -> Answer:
    """ "do i need an h100 to finetune 7b", "do i need two 3090s for llama 70b": whether the cards named are needed,
    in numbers. The memory the work needs (vram_required_gb) is set against the set's memory (memory per card x
    cards): the claim holds when fewer cards cannot hold that memory (need / memory per card, rounded up), or, for
    one card, when it takes most of it (NEED_TIGHT);
    fewer cards that hold it, or far less memory, say less is enough; a set that does not hold it is not enough.
    "is a 4090 overkill for sdxl" (form "overkill") is answered the other way round (yes when less is enough).
    The fit's own headline follows, its yes / no opener dropped (it answers whether it fits, not whether needed)."""
    figures, verdict = answer.figures, answer.figures.get("verdict")
    need = figures.get("vram_required_gb")
    if not isinstance(verdict, dict) or not isinstance(need, (int, float)):
        return answer
    per_card, n, name = verdict.get("memory_gb"), int(verdict.get("gpu_count") or 1), verdict.get("gpu")
    if not isinstance(per_card, (int, float)) or not per_card or not name:
        return answer
    total, fewest = per_card * n, max(1, math.ceil(need / per_card))  # the cards the memory needed fills
    cards = env.t("fit.need_card_set", n=n, gpu=name) if n > 1 else env.t("fit.need_card_one", gpu=name)
    fewer = env.t("fit.need_card_count", n=fewest) if fewest > 1 else env.t("fit.need_card_single")
    values = {"need": f"{need:.1f}", "total": f"{total:g}", "cards": cards, "fewest": fewer}
    values["less"] = f"{per_card * (n - 1):g}"
    if not figures.get("fits"):
        case = "short"
    elif fewest < n:
        case = "fewer"
    elif n > 1 or need > NEED_TIGHT * total:
        case = "tight" if n == 1 else "all"  # "two 3090s for 70b": one card fewer does not hold it
    else:
        case = "less"
    key = f"fit.asked_{form}_{case}"
    head = answer.headline
    for kind in ("gguf", "short", "fits"):  # the fit's own yes / no answers another question: dropped
        opener = next((o for o in env.t(f"fit.opener_{kind}").split("|") if head.startswith(o)), None)
        if opener and head[len(opener) : len(opener) + 1] in OPENER_ENDS:
            head = i18n.cap(env.lang, head[len(opener) :].lstrip(" ,:，："))
            break
    answer.headline = i18n.gap(env.lang).join([env.t(key, **values), head])
    holds = case in ("tight", "all") if form == "need_card" else case in ("less", "fewer")
    figures["claim"] = {"memory_gb": total, "needed_gb": need, "holds": holds}
    return answer


def _quant_asked(answer: Answer, query: FitQuery, env: Env) -> Answer:
    """ "what quant should i use for 70b on 2x 3090", "at what quant", "用什么量化": the precision the fit found, first
    (the fit picks the highest-quality precision of its table that fits)."""
    from assistant.respond.use_case import said

    verdict, prec = answer.figures.get("verdict"), answer.figures.get("precision")
    if not said("precision_asked", query.text, env) or not isinstance(verdict, dict) or not isinstance(prec, str):
        return answer
    if verdict.get("answer") not in ("yes", "yes_if") or query.mode not in (None, "inference"):
        return answer
    condition = str(verdict.get("condition") or "")
    if isinstance(verdict.get("fits_at"), str):  # "a little less than asked": the lighter quantization that fits
        prec = verdict["fits_at"]
    if condition.startswith("gguf_"):  # flux on 12 GB: the GGUF denoiser it runs as, not the fp8 row that missed
        prec = env.t("fit.quant_gguf", quant=condition.removeprefix("gguf_").upper())
    elif prec in GGUF_TYPES and "image_seconds" in answer.figures:  # asked again at that GGUF type: an image model's
        prec = env.t("fit.quant_gguf", quant=prec.upper())
    answer.headline = env.t("fit.quant_lead", prec=prec) + answer.headline
    return answer
