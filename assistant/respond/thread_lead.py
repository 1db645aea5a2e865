"""The first sentence a follow-up about the thread's pick needs, put before the answer's own.

Contract: `lead(answer, parsed, before, env)` returns the answer with one sentence first when the turn is about the pick
the conversation made before it (`before`: the card and count of the last recommendation or build, `Context.pick`,
taken before the turn was completed):
- the turn asks whether the pick changes (lexicon pick_change_asks: "does that change the pick", "推荐会变吗"): "No:
  the pick stays the RTX 3090." / "Yes: the pick is now the RTX 4090 (was the RTX 3090)." by the answer's own pick,
  or, for a fit of the new work on the pick, by whether it holds it;
- the turn names that same card as an alternative ("ok and used 3090 instead?", "should i just get a used 3090",
  "那二手3090呢"): "The RTX 3090 is already the pick above." before whatever weighs it again.
- a cheaper pick asked ("cheaper? my parents said $350 max") whose card has less memory than the thread's chosen
  card: what it gives up, said after the answer's first sentence.
Every other answer is returned as it is. Wording in locale [thread_lead].
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words
from assistant.respond.env import Env
from assistant.respond.pricing import price_of


def lead(answer: Answer, parsed, before: tuple[str, int] | None, env: Env) -> Answer:
    from assistant.respond import thread_short_lead

    answer = thread_short_lead.lead(answer, parsed, env)  # "how many hours a month before buying wins"
    if not answer.clarification and (lost := _gives_up(answer, parsed, before, env)) is not None:
        answer.headline = i18n.gap(env.lang).join([answer.headline, lost])  # "cheaper? $350 max": what it lacks
    if before is None or answer.clarification or not answer.headline:
        return answer
    text = f" {answer.question.lower()} "
    lex = lexicon(env.lang)
    priced = "condition" in (answer.figures.get("changed") or {})  # "那二手的呢", "what about used" after a pick
    said = _changed(answer, before, env) if lex.words_in("pick_change_asks", text) else None
    if priced:
        said = _at_condition(answer, before, env) or said
    if said is None and ("budget_usd" in (answer.figures.get("changed") or {}) or _budget_follow_up(parsed)):
        said = _at_budget(answer, before, env)  # "ok what if i had 2k": whether the pick changes with the money
    if said is None and (lex.words_in("pick_alternative_words", text) or _bare_follow_up(parsed)):
        said = _already(parsed, before, env)
    if said:
        answer.headline = i18n.gap(env.lang).join([said, answer.headline])
    return answer


def _gives_up(answer: Answer, parsed, before: tuple[str, int] | None, env: Env) -> str | None:
    """ "cheaper? my parents said $350 max" after the 5060 Ti 16 GB was chosen: the memory the cheaper pick gives up
    against the card the thread chose (its pick, else the card in focus); None when it gives up none."""
    from assistant.query_talk import FollowUpQuery

    # a budget said after a pick ("$350 max?"), or cheaper asked; a new question with a budget of its own ("best gpu
    # for sd under 800") gives nothing up against the thread
    budget = getattr(parsed, "budget_usd", None) and (isinstance(parsed, FollowUpQuery) or _asks_cheaper(parsed, env))
    cheaper = budget or getattr(parsed, "ask", None) == "cheaper"
    if answer.intent != "recommend" or not cheaper or not answer.choice:
        return None
    # the card the cheaper pick is below, else the thread's pick, else the card in focus
    was = answer.figures.get("cheaper_than") or (before[0] if before else getattr(env.context, "focus", None))
    old, new = (env.reader.gpu(was) if was else None), env.reader.gpu(answer.choice)
    if old is None or new is None or old.name == new.name or not (old.memory_gb and new.memory_gb):
        return None
    # a set's memory is its cards' together ("2 x P100 16 GB" hold 32 GB against one 22 GB card)
    new_gb = new.memory_gb * _count(answer.figures.get("ranking"), new.name)
    old_gb = old.memory_gb * (before[1] if before and before[0] == old.name else 1)
    if new_gb >= old_gb:
        return None
    return env.t("thread_lead.gives_up_memory", was=old.short_name, gb=f"{new_gb:g}", was_gb=f"{old_gb:g}")


def _count(ranking, name: str) -> int:
    """How many cards of `name` the ranking's first row is (1 when it is not that card's)."""
    top = ranking[0] if ranking and isinstance(ranking[0], dict) else {}
    return int(top.get("gpu_count") or 1) if top.get("gpu") == name else 1


def _asks_cheaper(parsed, env: Env) -> bool:
    """The question says "cheaper" (lexicon [ask] cheaper: "cheaper? my parents said $350 max", "便宜点的")."""
    toks = words(getattr(parsed, "text", "") or "")
    lex = lexicon(env.lang)
    return any((hit := lex.match(toks, i)) and hit[1].get("ASK") == "cheaper" for i in range(len(toks)))


def _changed(answer: Answer, before: tuple[str, int], env: Env) -> str | None:
    """Whether the pick changes, by the answer's pick (a recommendation, a build) or its fit on the pick."""
    name, count = before
    was = _label(name, count)
    fits = answer.figures.get("fits")
    if answer.choice and answer.intent in ("recommend", "rig"):
        now = _label(answer.choice, _count_of(answer) or 1)
        if now == was:
            return env.t("thread_lead.stays", pick=was)
        return env.t("thread_lead.changes", pick=now, was=was)
    if isinstance(fits, bool) and name in answer.gpus:
        return env.t("thread_lead.stays_holds", pick=was) if fits else env.t("thread_lead.changes_fit", pick=was)
    return None


def _at_condition(answer: Answer, before: tuple[str, int], env: Env) -> str | None:
    """The pick again at used (new) prices: whether it changes at them, then what buying used takes (no warranty:
    test before paying); None when the answer is no pick."""
    condition = str((answer.figures.get("changed") or {}).get("condition"))
    if condition not in ("new", "used") or not answer.choice or answer.intent not in ("recommend", "rig"):
        return None
    was, now = _label(*before), _label(answer.choice, _count_of(answer) or 1)
    if now == was:
        said = env.t(f"thread_lead.at_{condition}_stays", pick=now)
    else:
        said = env.t(f"thread_lead.at_{condition}_changes", pick=now, was=was)
    return i18n.gap(env.lang).join([said, env.t("new_or_used.checks")]) if condition == "used" else said


def _budget_follow_up(parsed) -> bool:
    """A follow-up that says a budget alone ("what about 3k", "那8000呢")."""
    from assistant.query_talk import FollowUpQuery

    return isinstance(parsed, FollowUpQuery) and bool(parsed.budget_usd) and not parsed.gpus


def _at_budget(answer: Answer, before: tuple[str, int], env: Env) -> str | None:
    """The pick again with the budget the turn changed: whether it changes; None when the answer is no pick."""
    budget = (answer.figures.get("changed") or {}).get("budget_usd") or (answer.assumptions or {}).get("budget_usd")
    # (a build's own first words are the budget and the build: "For $3,000: ...")
    if not isinstance(budget, (int, float)) or not answer.choice or answer.intent != "recommend":
        return None
    was, now = _label(*before), _label(answer.choice, _count_of(answer) or 1)
    money = env.money(float(budget))  # the budget in USD, as the assumptions hold it
    if answer.headline.lstrip().startswith(env.t("thread_lead.budget_opening", budget=money)):
        return None  # "预算 ¥12,000 以内 ..." (laptops): the answer opens with the budget and its pick already
    key = "thread_lead.at_budget_stays" if now == was else "thread_lead.at_budget_changes"
    return env.t(key, pick=now, was=was, budget=money)


def _already(parsed, before: tuple[str, int], env: Env) -> str | None:
    """The pick named again, alone, as the alternative ("ok and used 3090 instead?")."""
    refs = [g for g in getattr(parsed, "gpus", ()) if g.name and g.pronoun is None]
    if {g.name for g in refs} != {before[0]}:
        return None
    said = next((g.condition for g in refs if g.condition in ("new", "used")), None)
    if said is not None and price_of(before[0], env, "new" if said == "used" else "used") is not None:
        return None  # "what about used a6000" after a pick priced new too: the used card is another option
    return env.t("thread_lead.already", pick=_label(*before))


def _bare_follow_up(parsed) -> bool:
    from assistant.query_talk import FollowUpQuery

    return isinstance(parsed, FollowUpQuery) and not parsed.ask and not parsed.fields


def _count_of(answer: Answer) -> int | None:
    ranking = answer.figures.get("ranking") or [answer.figures.get("rig")]
    top = ranking[0] if ranking else None
    return top.get("gpu_count") if isinstance(top, dict) and top.get("gpu") == answer.choice else None


def _label(name: str, count: int) -> str:
    """ "RTX 3090", "2 x RTX 3090": the name as the answers say it (without the brand word)."""
    short = next(
        (name[len(b) :] for b in ("GeForce ", "Radeon Instinct ", "Radeon ", "Tesla ") if name.startswith(b)), name
    )
    return f"{count} x {short}" if count > 1 else short
