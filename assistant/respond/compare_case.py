"""The case for the slower, cheaper card a question asks why anyone would buy ("why would anyone buy a 4070 ti super
over a 4080 super, isnt the 4080 way faster", "why 4070 ti super over 4080 super"): the headline grants the speed and
gives the reason the asked card is bought, its price, in numbers.

Contract: `case_for(a, b, speed_text, value_text, even, env)` -> the headline or None. `a` is the card asked about
(premise "first"), `b` the other; it applies when `b` is faster, both are priced, `a` costs less and `b` is not
clearly the better value per dollar (`even`, or `a` is the better value): the price of each and the gap, the memory
when `a` holds as much or more, the share of `b`'s speed `a` gives, then the value sentence. None otherwise (the
comparison's own premise headlines answer).
"""

from __future__ import annotations

from assistant.respond.env import Env
from assistant.respond.pricing import ValueRow


def case_for(a: ValueRow, b: ValueRow, speed_text: str, value_text: str, even: bool, env: Env) -> str | None:
    if not (a.price and b.price and a.per_tco and b.per_tco):
        return None
    pa, pb = a.price.usd * a.n_gpus, b.price.usd * b.n_gpus
    if pa >= pb or (not even and a.per_tco < b.per_tco) or not (a.perf.score and b.perf.score):
        return None
    ma, mb = (a.gpu.memory_gb or 0) * a.n_gpus, (b.gpu.memory_gb or 0) * b.n_gpus
    memory = ""
    if ma and ma == mb:
        memory = env.t("compare.case_same_memory", gb=f"{ma:g}")
    elif ma > mb:
        memory = env.t("compare.case_more_memory", gb=f"{ma:g}", other_gb=f"{mb:g}")
    share = 100 * a.perf.score / b.perf.score
    return env.t(
        "compare.case_cheaper",
        a=a.label,
        b=b.label,
        pa=env.money(pa),
        pb=env.money(pb),
        gap=env.money(pb - pa),
        memory=memory,
        share=f"{share:.0f}",
        speed=speed_text,
        value=value_text,
    )
