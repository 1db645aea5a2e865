"""The reference's decision chart (Dettmers 2023) as a second opinion on a recommendation, and as the lead
for organizations.

Contract: `chart_opinion(query, env, budget)` -> the chart's answer for the question, or the next question it
would ask; `organization_answer(query, env, budget, base)` -> `base` with the chart's answer leading and the
value pick after it (the chart assumes "not rich"). A chart option counts as affordable when a priced GPU of it
(new, or used when the option says so) fits the budget for the cards asked.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.models import recommend
from assistant.queries import RecommendQuery
from assistant.respond import recommend_order, rig_market
from assistant.respond.env import Env
from assistant.respond.pricing import price_of


def _affordable(env: Env, budget: float | None, n: int):
    def check(option: str) -> bool:
        if not budget:
            return True
        for alternative in option.split(" or "):
            used = alternative.startswith("used ")
            name = "GeForce " + alternative.removeprefix("used ").strip()
            price = price_of(name, env, "used" if used else None)
            if price is not None and price.usd * n <= budget:
                return True
        return False

    return check


# The reference chart's answers that name GPUs, and the KB GPU each one favours first.
_CHART_CHOICE = {
    "H100 SXM": "H100 SXM5 80 GB",
    "80% RTX 6000 Ada (A6000 Ada) / L40, 20% H100 SXM / PCIe": "RTX 6000 Ada Generation",
}


def _walk_chart(query: RecommendQuery, env: Env, budget: float | None):
    training = query.workload in ("training", "llm_finetune")
    named = env.reader.model(query.model.key) if query.model is not None else None
    big = (query.params_b or 0) >= 13 or (named is not None and named.params_b >= 13)
    answers = {
        "organization": bool(query.organization),
        "train": training,
        "transformers": query.workload == "llm_finetune" or bool(query.model and training),
        "use_llms": query.workload == "llm_inference" or bool(query.model),
        "train_llm_13b": training and big,
        "rich": False,
        "not_poor": True,
    }
    return recommend.walk_flowchart(
        recommend.load_flowchart(), answers, _affordable(env, budget, max(query.gpu_count, 1))
    )


def chart_opinion(query: RecommendQuery, env: Env, budget: float | None) -> str:
    result = _walk_chart(query, env, budget)
    if result.answer is None:
        return env.t("rec.chart_next", question=env.term(result.next_question))
    answer = env.term(result.answer).rstrip(".。")
    if result.ladder and result.answer not in result.ladder:
        options = env.t("rec.chart_then").join(env.term(option) for option in result.ladder)
        return env.t("rec.chart_over_budget", options=options, answer=answer)
    return env.t("rec.chart_answer", answer=answer)


def organization_answer(query: RecommendQuery, env: Env, budget: float | None, base: Answer) -> Answer:
    """Organizations: the reference chart's answer leads (it assumes "not rich": say a budget to change that); when
    the question asks the cheapest or fastest ("cheapest possible", RecommendQuery.sort), or gives a budget to buy
    with when the chart answers "cloud", that ranking leads and the chart's answer follows it as a note, never
    overriding the ask."""
    result = _walk_chart(query, env, budget)
    if query.sort and result.answer is not None:
        base.steps.insert(0, env.t("rec.org_sorted", answer=env.term(result.answer).rstrip(".。")))
        return base
    below = recommend_order.below_server(query, env)  # "预算1w2 给工作室配一张卡": a desktop card, its ranking leads
    if budget and result.answer is not None and (result.answer.startswith("Cloud") or below):
        # "our company wants to buy one card, budget $10k": a purchase with its money asked, so the ranking within it
        # answers; the chart's cloud answer follows as a note
        base.steps.insert(0, env.t("rec.org_buying", answer=env.term(result.answer).rstrip(".。")))
        if rig_market.official_only(query, env):  # "实验室预算5万": the cards ranked are the ones sold with an invoice
            base.steps.insert(1, env.t("rec.org_official"))
        return base
    best = base.figures["ranking"][0]
    base.headline = (
        env.t("rec.head_org", answer=env.term(result.answer))
        + i18n.gap(env.lang)
        + env.t("rec.org_value", gpu=best["gpu"], price=env.money(best["price_usd"]))
    )
    if query.among_label:  # "not a gaming card", "best 30 series card": the cards ranked, said first as elsewhere
        among = env.t("rec.among", family=query.among_label, n=len(base.figures["ranking"]))
        base.headline = among + i18n.gap(env.lang) + base.headline
    base.choice = _CHART_CHOICE.get(result.answer, base.choice)
    if rig_market.official_only(query, env):  # "公司采购": the cards ranked are the ones sold with an invoice
        base.steps.insert(0, env.t("rec.org_official"))
    base.steps.insert(
        0, env.t("rec.org_path", path=i18n.sep(env.lang).join(f"{env.term(q)} {env.term(a)}" for q, a in result.path))
    )
    return base
