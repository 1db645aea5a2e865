""" "which one has more bandwidth", "哪个带宽更高", "which has fewer tensor cores" of two or more GPUs: the answer first
(power has its own lead: respond/idle_power.less_power_lead).

Contract: `lead(query, gpus, sections, env)` -> one sentence naming the GPU with the most (or, when the question says
less / fewer / lower: lexicon less_words, the least) of the one figure asked ("which", or a word of
which_more_words), with every GPU's value, or "" when the
question does not ask which, asks more than one figure, names one GPU, or a value is missing. A tie says so.
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.wording import num

# section -> (the figure, its unit, the label key in [spec])
_FIGURES = {
    "memory": (lambda g: g.memory_gb, "GB", "spec.memory"),
    "bandwidth": (lambda g: g.memory_bandwidth_gb_s, "GB/s", "spec.bandwidth"),
    "tensor_cores": (lambda g: g.tensor_cores, "", "spec.tensor_cores"),
    "compute": (lambda g: g.shading_units, "", "spec.shading"),
    "l2": (lambda g: g.l2_cache_mb, "MB", "spec.l2"),
}


def lead(query, gpus: list, sections: list[str], env: Env) -> str:
    if len(gpus) < 2 or len(sections) != 1 or sections[0] not in _FIGURES:
        return ""
    lex, text = lexicon(env.lang), f" {query.text.lower()} "
    if query.asked_figure != "which" and not lex.words_in("which_more_words", text):
        return ""
    value, unit, label = _FIGURES[sections[0]]
    values = [(g, value(g)) for g in gpus]
    if any(v is None for _, v in values):
        return ""
    least = lex.words_in("less_words", text)
    ranked = sorted(values, key=lambda gv: gv[1], reverse=not least)
    shown = [f"{g.short_name} {num(v, 0 if v >= 10 or float(v).is_integer() else 1, unit)}".strip() for g, v in ranked]
    said = {"what": env.t(label), "items": i18n.sep(env.lang).join(shown), "gpu": ranked[0][0].short_name}
    if ranked[0][1] == ranked[1][1]:
        return env.t("spec_which.tie", **said)
    key = ("less" if least else "more") if len(ranked) == 2 else ("least" if least else "most")
    return env.t(f"spec_which.{key}", **said)
