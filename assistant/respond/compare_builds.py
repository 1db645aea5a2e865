"""Two cards compared for a whole machine within a budget the question states: "实验室预算20万 要训练7b到13b模型 怎么配
买a800还是多张4090", "budget $28k for the lab, build with a100s or several 4090s?". Each card named is built into the
machine the budget buys (respond/rig.py: as many of that card as the budget pays for, with the platform around them),
and the answer says which build the budget makes and which is faster, instead of comparing one card of each.

Contract: `respond(query, env)` -> the answer, or None when the question does not ask that: exactly two different
GPUs named, a budget stated in the question (a budget_usd Setting), and a machine asked for (lexicon [lists]
rig_words / build_asked) or an organization whose budget passes a server's platform (use_case.asks_build). The
answer is the rig answer of the build chosen: the faster build among those within the budget (rig figures
`speed`, x one RTX 3090; within SPEED_TIE the one with more GPU memory), its headline led by the pick and
followed by what the other card's build is or why the budget makes none (a card without a price, a whole server
above the budget); intent stays the question's.
figures["builds"] lists each card's build ({gpu, gpu_count, total_usd, speed} or {gpu, none: true}).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import CompareQuery, GpuRef, RigQuery
from assistant.respond import use_case
from assistant.respond.env import Env


def _budget(query: CompareQuery):
    return next((s for s in query.settings if s.key == "budget_usd" and isinstance(s.value, (int, float))), None)


def _asked(query: CompareQuery, env: Env) -> bool:
    from assistant.queries import RecommendQuery

    budget = _budget(query)
    if budget is None:
        return False
    if use_case.said("rig_words", query.text, env) or use_case.said("build_asked", query.text, env):
        return True
    as_pick = RecommendQuery(
        text=query.text, budget_usd=float(budget.value), budget_currency=budget.currency, organization=True
    )
    return bool(query.organization) and use_case.asks_build(as_pick, env)


def _build(query: CompareQuery, name: str, env: Env) -> Answer:
    from assistant.respond import rig

    budget = _budget(query)
    asked = RigQuery(
        text=query.text,
        gpus=(GpuRef(mention=name, name=name),),
        budget_usd=float(budget.value) if budget is not None else None,
        budget_currency=budget.currency if budget is not None else None,
        workload=query.workload,
        params_b=query.params_b,
        precision=query.precision,
        server=query.workload != "image_generation",  # images: one card each (more make no image faster, §rig)
    )
    return rig.respond(asked, env)


def _first_sentence(text: str) -> str:
    for end in ("。", ". "):
        if end in text:
            return text.split(end, 1)[0] + end.strip()
    return text


SPEED_TIE = 0.05  # [A] builds this close in speed are a tie: the one with more GPU memory is taken


def _speed(built: tuple[str, Answer]) -> float:
    return float(built[1].figures["rig"].get("speed") or 0.0)


def _pick(fitting: list[tuple[str, Answer]]) -> tuple[str, Answer]:
    """The fastest build; among builds within SPEED_TIE of it, the one with the most GPU memory ("4070tis还是二手
    3090": 1.01 against 1.00 times an RTX 3090, 16 against 24 GB)."""
    top = max(_speed(b) for b in fitting)
    close = [b for b in fitting if _speed(b) >= top / (1 + SPEED_TIE)]
    return max(close, key=lambda b: (float(b[1].figures["rig"].get("memory_gb") or 0.0), _speed(b)))


def respond(query: CompareQuery, env: Env) -> Answer | None:
    names = list(dict.fromkeys(r.name for r in query.gpus if r.name))
    if len(names) != 2 or not _asked(query, env):
        return None
    built = [(name, _build(query, name, env)) for name in names]
    fitting = [
        (name, a)
        for name, a in built
        if isinstance(a.figures.get("rig"), dict)
        and not a.figures["rig"].get("over_budget_usd")
        and a.figures["rig"].get("gpu") == name
    ]
    if not fitting:
        return None  # neither card builds within the budget: the ordinary comparison says what each costs
    name, chosen = _pick(fitting)
    rig = chosen.figures["rig"]
    short = env.reader.known_gpu(name).short_name
    other, other_answer = next((n, a) for n, a in built if n != name)
    other_short = env.reader.known_gpu(other).short_name
    other_rig = other_answer.figures.get("rig")
    if (other, other_answer) in fitting and isinstance(other_rig, dict):
        tail = env.t(
            "compare_builds.other",
            gpu=other_short,
            n=other_rig.get("gpu_count"),
            total=env.money(float(other_rig.get("total_usd") or 0.0)),
            speed=f"{float(other_rig.get('speed') or 0.0):.2f}",
        )
    else:
        tail = env.t("compare_builds.none", gpu=other_short, why=_first_sentence(other_answer.headline))
    lead = env.t("compare_builds.pick", gpu=short, n=rig.get("gpu_count"))
    chosen.headline = i18n.gap(env.lang).join([lead + chosen.headline, tail])
    chosen.intent = query.intent
    chosen.figures["builds"] = [
        {"gpu": n, **{k: a.figures["rig"].get(k) for k in ("gpu_count", "total_usd", "speed")}}
        if (n, a) in fitting
        else {"gpu": n, "none": True}
        for n, a in built
    ]
    chosen.sources = [*chosen.sources, *(s for s in other_answer.sources if s not in chosen.sources)]
    return chosen
