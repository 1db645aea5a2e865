"""A pick between two cards under the constraint the user states: a budget ("is the 5060 ti 16gb or a used 3090
better ... i have $450", "预算一千五", "i cant spend more than 480") or quiet ("quiet is the #1 priority (it lives in
my bedroom)", "静音优先"). The constraint decides before speed, memory or value.

Contract: `constrained(query, rows, names, picked, env)` -> (choice, text, figure) or None (no constraint stated,
or it changes nothing to say). Budget: the amount after a budget word (a Stated marked whole="budget") or after a
word of lexicon [lists] budget_lead_words ("i have", "最多"), in the question's currency. The card within it wins;
when both are, the pick stands and the text says both fit; when neither is, the cheaper (nearer) one is named with
what it costs over, and the pick's own reason follows. Quiet (quiet_words, not quiet_not_words): the card of lower
board power wins when the two differ by QUIET_GAP or more (less heat, slower fans [A]), the pick's reason follows
as the trade. `figure` carries {gpu, reason: budget | quiet, ...}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.respond.pricing import ValueRow

QUIET_GAP = 1.10  # board powers this far apart make one card the quieter one [A]
_NEAR = 16  # characters between a budget word and its amount ("i have like $450")


def stated_budget(query, env: Env) -> tuple[float, str] | None:
    """(amount, currency) of the budget the question states, or None."""
    stated = [s for s in getattr(query, "stated", ()) or () if s.dim in ("money", "number")]
    for i, s in enumerate(stated):
        if s.whole == "budget" and s.value == 1.0 and i + 1 < len(stated):  # "预算" / "spend": the amount after it
            amount = stated[i + 1]
            between = query.text[s.end : amount.start]
            near = amount.start - s.end <= _NEAR and amount.value >= 50  # "budget for either 2 workstations": no amount
            if near and not any(ch.isdigit() for ch in between):  # no card between
                return amount.value, amount.currency or _currency(query, env)
    low = query.text.lower()
    then = lexicon(env.lang).listed("budget_then_words")  # "一万块 组两张3060 还是...": the money, then what it buys
    for s in stated:
        if s.dim == "money" and s.value >= 50 and not low[: s.start].strip():
            after = low[s.end : s.end + 8].lstrip(" ,，")
            if any(after.startswith(w) for w in then):
                return s.value, s.currency or _currency(query, env)
    leads = lexicon(env.lang).listed("budget_lead_words")
    for s in stated:
        if s.dim != "money" or s.whole == "budget" or s.value < 50:
            continue
        before = low[max(0, s.start - _NEAR) : s.start]
        if any(w in before for w in leads):
            return s.value, s.currency or _currency(query, env)
    return None


def _currency(query, env: Env) -> str:
    return getattr(query, "currency", None) or i18n.currency(env.lang)


def constrained(query, rows: dict[str, ValueRow], names: list[str], picked, env: Env):
    if len(names) != 2:
        return None
    text = f" {query.text.lower()} "
    lex = lexicon(env.lang)
    budget = stated_budget(query, env)
    if budget is not None and picked is not None:
        return _by_budget(rows, names, picked, env.to_usd(budget[0], budget[1]), env)
    if picked is not None and env.assumptions.budget_usd:  # "换成4090呢" in a thread with a budget
        return _by_thread_budget(rows, names, picked, env.assumptions.budget_usd, env)
    if lex.words_in("quiet_words", text) and not lex.words_in("quiet_not_words", text) and picked is not None:
        return _by_quiet(rows, names, picked, env)
    if lex.words_in("verdict_purpose", text):
        return _for_learning(rows, names, picked, env)
    return None


def _for_learning(rows: dict[str, ValueRow], names: list[str], picked, env: Env):
    """ "rx 9070 xt or 5070 for a beginner doing ml courses", "4060 laptop vs macbook pro m4 pro for learning pytorch":
    for learning, the CUDA card when only one side is NVIDIA (what courses, tutorials and repositories assume)."""
    cuda = [n for n in names if (rows[n].gpu.vendor or "").upper() == "NVIDIA"]
    if len(cuda) == 2:
        return _roomier_for_learning(rows, names, picked, env)
    if len(cuda) != 1:
        return None
    other = names[1] if names[0] == cuda[0] else names[0]
    vendor = rows[other].gpu.vendor or ""
    backend = env.t(f"constraint.backend_{vendor.lower()}") if vendor.lower() in _BACKENDS else vendor
    values = dict(gpu=rows[cuda[0]].label, other=rows[other].label, backend=backend)
    if picked is not None and picked[0] == cuda[0]:
        return picked[0], picked[1] + i18n.gap(env.lang) + env.t("constraint.learning_too", **values), picked[2]
    text = env.t("constraint.learning", **values)
    if picked is not None:
        text += i18n.gap(env.lang) + _without(picked[1], "constraint.learning_trade", env)
    return cuda[0], text, {"gpu": cuda[0], "reason": "learning", "instead_of": picked[0] if picked else None}


_BACKENDS = ("amd", "apple", "intel")
LEARN_MORE_GB = 4  # a memory gap that decides what coursework runs (compare_pick.MORE_GB) [A]
LEARN_FASTER_BY = 1.5  # unless the smaller card is this much faster (compare_pick.FASTER_BY) [A]


def _roomier_for_learning(rows: dict[str, ValueRow], names: list[str], picked, env: Env):
    """ "3060 12g和4060 8g 给学生跑深度学习作业 选哪个": two CUDA cards for learning: the one with LEARN_MORE_GB more
    memory per card, unless the other is LEARN_FASTER_BY as fast; None when the pick already is it."""
    a, b = rows[names[0]], rows[names[1]]
    big, small = (a, b) if (a.gpu.memory_gb or 0) >= (b.gpu.memory_gb or 0) else (b, a)
    gap = (big.gpu.memory_gb or 0) - (small.gpu.memory_gb or 0)
    if gap < LEARN_MORE_GB or not big.perf.score or not small.perf.score:
        return None
    ratio = small.perf.score / big.perf.score
    if ratio >= LEARN_FASTER_BY or (picked is not None and picked[0] == big.gpu.name):
        return None
    text = env.t(
        "constraint.learning_memory",
        gpu=big.label,
        other=small.label,
        gb=f"{big.gpu.memory_gb:g}",
        other_gb=f"{small.gpu.memory_gb:g}",
        ratio=f"{max(ratio, 1 / ratio):.2f}",
        faster=small.label if ratio >= 1 else big.label,
    )
    if picked is not None:
        text += i18n.gap(env.lang) + _without(picked[1], "constraint.learning_trade", env)
    return big.gpu.name, text, {"gpu": big.gpu.name, "reason": "learning_memory"}


def _cost(row: ValueRow) -> float | None:
    return row.price.usd * row.n_gpus if row.price is not None else None


def _by_budget(rows: dict[str, ValueRow], names: list[str], picked, budget: float | None, env: Env):
    if not budget:
        return None
    choice, reason, figure = picked
    other = names[1] if names[0] == choice else names[0]
    mine, theirs = _cost(rows[choice]), _cost(rows[other])
    if mine is None or theirs is None:
        return None
    gap = i18n.gap(env.lang)
    values = dict(budget=env.money(budget), price=env.money(mine), other_price=env.money(theirs))
    if mine <= budget and theirs <= budget:
        text = reason + gap + env.t("constraint.both_within", **values)
        return choice, text, figure | {"budget_usd": budget, "within": True}
    if mine <= budget:
        text = reason + gap + env.t("constraint.other_over", other=rows[other].label, **values)
        return choice, text, figure | {"budget_usd": budget, "within": True}
    if theirs <= budget:  # the pick is over the budget, the other is not: the budget decides
        text = env.t("constraint.within", gpu=rows[other].label, other=rows[choice].label, **values)
        text += gap + _without(reason, "constraint.over_reason", env)
        figure = {"gpu": other, "reason": "budget", "budget_usd": budget, "instead_of": choice}
        return other, text, figure
    cheaper, dearer = (choice, other) if mine <= theirs else (other, choice)
    text = env.t(
        "constraint.neither",
        gpu=rows[cheaper].label,
        other=rows[dearer].label,
        budget=env.money(budget),
        price=env.money(_cost(rows[cheaper]) or 0.0),
        other_price=env.money(_cost(rows[dearer]) or 0.0),
        over=env.money((_cost(rows[cheaper]) or 0.0) - budget),
    )
    key = "constraint.over_reason" if cheaper != choice else "constraint.own_reason"
    text += gap + _without(reason, key, env)
    figure = {"gpu": cheaper, "reason": "budget", "budget_usd": budget, "within": False}
    return cheaper, text, figure


def _by_thread_budget(rows: dict[str, ValueRow], names: list[str], picked, budget: float, env: Env):
    """The budget in force, for a comparison that states none: a card over it that the pick is not is said first
    ("RTX 4090 costs ¥20,180, over your ¥10,000"); None otherwise (a pick over it is said by compare_pick.over_budget
    after the pick, "which one for 500" after a comparison)."""
    choice, reason, figure = picked
    other = names[1] if names[0] == choice else names[0]
    mine, theirs = _cost(rows[choice]), _cost(rows[other])
    if mine is None or theirs is None or mine > budget or theirs <= budget:
        return None
    values = dict(budget=env.money(budget), price=env.money(mine), other_price=env.money(theirs))
    text = env.t("constraint.thread_other_over", gpu=rows[choice].label, other=rows[other].label, **values)
    return choice, text + i18n.gap(env.lang) + reason, figure | {"budget_usd": budget, "within": True}


def _by_quiet(rows: dict[str, ValueRow], names: list[str], picked, env: Env):
    choice, reason, figure = picked
    a, b = rows[names[0]], rows[names[1]]
    watts = {r.gpu.name: (r.gpu.tdp_w or 0) * r.n_gpus for r in (a, b)}
    if not all(watts.values()):
        return None
    low, high = (a, b) if watts[a.gpu.name] <= watts[b.gpu.name] else (b, a)
    if watts[high.gpu.name] < QUIET_GAP * watts[low.gpu.name]:
        return None  # as hot as each other: quiet decides nothing
    values = dict(gpu=low.label, other=high.label, watts=watts[low.gpu.name], other_watts=watts[high.gpu.name])
    if low.gpu.name == choice:
        return choice, reason + i18n.gap(env.lang) + env.t("constraint.quiet_too", **values), figure | {"quiet": True}
    text = env.t("constraint.quiet", **values) + i18n.gap(env.lang) + _without(reason, "constraint.quiet_trade", env)
    return low.gpu.name, text, {"gpu": low.gpu.name, "reason": "quiet", "instead_of": choice}


def _without(reason: str, key: str, env: Env) -> str:
    """The pick's reason after "without the budget": as a clause when it opens with "Get the", else as its own
    sentence ("Level on value, so speed decides: ...")."""
    lowered = _lowered(reason, env)
    return env.t(key, reason=lowered) if lowered != reason else env.t(key + "_plain", reason=reason)


def _lowered(reason: str, env: Env) -> str:
    """The pick's own sentence as a clause after another ("Get the RTX 3090: ..." -> "the RTX 3090: ...")."""
    for opener in env.t("constraint.openers").split("|"):
        if reason.startswith(opener):
            return reason[len(opener) :].lstrip()
    return reason
