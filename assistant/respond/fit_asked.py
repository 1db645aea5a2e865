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

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery
from assistant.respond.env import Env

OPENER_ENDS = frozenset(" ,:，：")  # what follows an opener word ("No:", "能，"): never part of a longer word


NEED_TIGHT = 0.75  # "do you need 24gb for X": true when X takes more than this share of the memory named [A]


def as_asked(answer: Answer, query: FitQuery, env: Env) -> Answer:
    if not query.asked or not answer.headline or answer.clarification:
        return answer
    if query.asked == "need":
        return _need(answer, env)
    head = answer.headline
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
    said = env.t(key, need=f"{need:.1f}", memory=f"{memory:g}")
    head = answer.headline
    for kind in ("gguf", "short", "fits"):  # the fit's own yes / no answers another question: dropped
        opener = next((o for o in env.t(f"fit.opener_{kind}").split("|") if head.startswith(o)), None)
        if opener and head[len(opener) : len(opener) + 1] in OPENER_ENDS:
            head = i18n.cap(env.lang, head[len(opener) :].lstrip(" ,:，："))
            break
    answer.headline = i18n.gap(env.lang).join([said, head])
    figures["claim"] = {"memory_gb": memory, "needed_gb": need, "holds": key.endswith("yes")}
    return answer
