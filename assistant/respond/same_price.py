"""Two sides compared at a price the user says is about the same ("whats better for ai a used a6000 48gb or 2x 3090,
similar price", "a6000和两张3090价格差不多 选哪个"): with the money equal, what each side does decides, so that leads.

Contract: `lead(answer, query, env)` puts first, when the question says the prices are alike (lexicon
same_price_words) and compares two sides (a card and a count each): the faster side for the question's work (the
performance model's measure for it, pricing.perf_workload: 16-bit training unless inference is asked; RTX 3090 = 1)
and by how much, with the memory it has in all; then what the other side has instead when it holds more on one
card or draws less (board power at stock), else that the faster one is the pick at the same money. The comparison's
own headline (priced at the street prices in force) follows. Unchanged otherwise, and when the comparison already
picks the faster side and the other holds no more on one card.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import perf_workload, score, workload_title
from assistant.respond.wording import counted


def lead(answer: Answer, query, env: Env) -> Answer:
    refs = [r for r in getattr(query, "gpus", ()) if getattr(r, "name", None)]
    if len(refs) != 2 or not lexicon(env.lang).words_in("same_price_words", f" {query.text.lower()} "):
        return answer
    sides = [(env.gpu(r.name), max(r.count, 1)) for r in refs]
    if any(g.memory_gb is None for g, _ in sides):
        return answer
    key = perf_workload(getattr(query, "workload", None), getattr(query, "precision", None))
    speed = {i: score(g, key, n_gpus=n).score for i, (g, n) in enumerate(sides)}
    if not all(speed.values()):
        return answer
    fast, slow = (0, 1) if speed[0] >= speed[1] else (1, 0)
    (fg, fn), (sg, sn) = sides[fast], sides[slow]
    values = {
        "fast": counted(env, fg, fn, article=False),
        "slow": counted(env, sg, sn, article=False),
        "ratio": f"{speed[fast] / speed[slow]:.2f}",
        "title": workload_title(env, key),
        "fast_gb": f"{(fg.memory_gb or 0) * fn:g}",
        "slow_one": f"{sg.memory_gb:g}",
        "fast_one": f"{fg.memory_gb:g}",
        "slow_w": f"{(sg.tdp_w or 0) * sn:,}",
        "fast_w": f"{(fg.tdp_w or 0) * fn:,}",
    }
    roomier = (sg.memory_gb or 0) > (fg.memory_gb or 0)
    leaner = (sg.tdp_w or 0) * sn < (fg.tdp_w or 0) * fn
    if answer.choice == fg.name and not roomier:
        return answer  # the pick is already the faster side and the other holds no more on one card: it answers
    key = "same_price.split" if roomier or leaner else "same_price.fast"
    text = env.t(key, **values)
    if roomier or leaner:
        parts = ([env.t("same_price.one_card", **values)] if roomier else []) + (
            [env.t("same_price.power", **values)] if leaner else []
        )
        text += env.t("same_price.other", slow=values["slow"], what=i18n.join_names(env.lang, parts))
    answer.headline = i18n.gap(env.lang).join([text, answer.headline])
    return answer
