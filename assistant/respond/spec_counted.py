"""A spec answer about the power of several of one card ("how much power do two 4090s pull", "8卡4090 功耗多少"): the
count the question states leads, multiplied out — the set's draw — before the per-card figure (the set's memory and
price are spec._set_lead's).

Contract: `lead(query, gpus, sections, env)` -> the sentence, or "" when the question counts no card above one or
does not ask the power; several cards counted ("what about power draw" after 2 x RTX 4090 vs an RTX 6000 Ada): each
set's draw in one sentence; several cards asked as one machine (lexicon set_together: "power draw of that combo",
"这个组合功耗多少"): their board powers summed, each card's beside it.
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.lexicon import lexicon
from assistant.queries import SpecQuery
from assistant.respond.env import Env
from assistant.respond.wording import counted


def count_of(query: SpecQuery) -> int:
    return max((r.count for r in query.gpus if r.name), default=1)


def lead(query: SpecQuery, gpus: list, sections: list[str], env: Env) -> str:
    n = count_of(query)
    if len({g.name for g in gpus}) > 1 and "power" in sections and _together(query.text, env):
        return _sum(query, gpus, env)  # "power draw of that combo": one machine's cards, summed
    if n < 2 or "power" not in query.fields or "power" not in sections:
        return ""  # only a power asked is multiplied out (a spec sheet of "8x h100" stays one card's)
    if len({g.name for g in gpus}) > 1:
        return _sets(query, gpus, env)  # "what about power draw" after 2 x RTX 4090 vs an RTX 6000 Ada: each set's
    gpu = gpus[0]
    what = counted(env, gpu, n, article=False)
    out = []
    if "power" in sections and gpu.tdp_w:
        out.append(env.t("spec.count_power", what=what, watts=f"{n * gpu.tdp_w:,.0f}", each=f"{gpu.tdp_w:,.0f}"))
    return i18n.gap(env.lang).join(out)


def _sets(query: SpecQuery, gpus: list, env: Env) -> str:
    """Each set's draw, as many of each card as the question (or the conversation) counts."""
    counts = {r.name: max(r.count, 1) for r in query.gpus if r.name}
    parts = [
        env.t("spec.set_power", what=counted(env, g, counts.get(g.name, 1), article=False), watts=f"{k * g.tdp_w:,.0f}")
        for g in gpus
        if g.tdp_w and (k := counts.get(g.name, 1))
    ]
    return env.t("spec.sets_power", sets=i18n.join_names(env.lang, parts)) if len(parts) > 1 else ""


def _together(text: str, env: Env) -> bool:
    return lexicon(env.lang).words_in("set_together", f" {text.lower()} ")


def _sum(query: SpecQuery, gpus: list, env: Env) -> str:
    """The board powers of the cards of one machine added up, each set's draw beside it ("" when one lacks a figure)."""
    counts = {r.name: max(r.count, 1) for r in query.gpus if r.name}
    if any(not g.tdp_w for g in gpus):
        return ""
    parts = [
        env.t(
            "spec.set_power",
            what=counted(env, g, counts.get(g.name, 1), article=False),
            watts=f"{counts.get(g.name, 1) * g.tdp_w:,.0f}",
        )
        for g in gpus
    ]
    total = sum(counts.get(g.name, 1) * g.tdp_w for g in gpus)
    return env.t("spec.sum_power", watts=f"{total:,.0f}", sets=i18n.join_names(env.lang, parts))
