"""A speed said back to an answer that gave one: "that seems slow, ppl on reddit are saying 20 t/s" after about
22 tokens/s for DeepSeek R1 on an M3 Ultra, "i only get 9 tok/s, normal?" after a fit that timed the model.

Contract: `answer(engine, text, dialogue, lang)` -> the Answer to such a message, or None when it is none (then it is
read as usual). It is one when the message states tokens per second (lexicon list `speed_units` after a number,
or one bare number beside a doubt word of `speed_doubt_words`: "mine does 12, normal?"), names no card or model
of its own, and the last question timed one model on one kind of card (a FitQuery, or a speed check): that model,
format and set are checked at the speed said (respond/concept_leads_measured.speed_check, §llm.decode). A speed
others report (a word of `pushback_leads` or `claim_others`: "ppl on reddit are saying", "别人说") is led by how it
stands against the estimate (`speed_claim.*`): about the same, more (what makes reports that high; on several
cards, tensor parallelism) or less (what makes them that low); a speed the user measures keeps the check's own
verdict. Nothing here raises.
"""

from __future__ import annotations

import dataclasses
import re

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import FitQuery, GpuRef
from assistant.query_talk import ExplainQuery

_NORMAL = (0.75, 1.33)  # reported / estimated speed read as the same estimate (the check's own band, both ways)


def answer(engine, text: str, dialogue, lang: str) -> Answer | None:
    from assistant.nlu import understand
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.patterns import has_word

    lex = lexicon(lang)
    low = text.lower()
    stated = _stated(text, lex.listed("speed_units"))
    if stated is None and has_word(low, lex.listed("speed_doubt_words")):
        stated = _bare(low)  # "mine does 12, normal?" right after a speed: the unit is the answer's
    check = _check_of_thread(dialogue, text, stated) if stated else None
    if check is None or stated is None:
        return None
    own = understand(text, engine.index)
    if any(getattr(g, "name", None) and not g.pronoun for g in getattr(own, "gpus", ()) or ()):
        return None  # "a 4090 does 40 t/s on it": a card of its own, read as usual
    if getattr(getattr(own, "model", None), "key", None) or getattr(own, "params_b", None):
        return None
    said = engine._answer(text, dialogue, whole=False, chosen=check)
    if not said.understood:
        return None
    reported = has_word(low, lex.listed("pushback_leads")) or has_word(low, lex.listed("claim_others"))
    expected = said.figures.get("expected_tokens_per_s")
    if reported and expected:
        ratio = stated / float(expected)
        kind = "same" if _NORMAL[0] <= ratio <= _NORMAL[1] else ("high" if ratio > 1 else "low")
        if kind == "high" and max((g.count for g in check.gpus), default=1) > 1:
            kind = "high_cards"  # two cards or more: tensor parallelism reads them at once
        fmt = said.figures.get("format") or ""
        lead = i18n.t(lang, f"speed_claim.{kind}", stated=f"{stated:g}", tps=f"{float(expected):.0f}", quant=fmt)
        said.steps.insert(0, said.headline)  # the check itself, as its reason
        said.headline = lead
    said.question = text
    return said


def _bare(low: str) -> float | None:
    """The one number of a message with no unit ("mine does 12, normal?"), None when none or several."""
    found = re.findall(r"(?<![\w.$¥])(\d{1,3}(?:\.\d+)?)(?![\w.%])(?!\s*(?:of|x|cards?|gpus?|张|块|个|位|年|月))", low)
    return float(found[0]) if len(found) == 1 and 0 < float(found[0]) < 1000 else None


def _stated(text: str, units: frozenset[str]) -> float | None:
    alternatives = "|".join(re.escape(u) for u in sorted(units, key=lambda u: (-len(u), u)))
    found = re.search(rf"(\d+(?:\.\d+)?)\s*(?:{alternatives})", text.lower()) if alternatives else None
    value = float(found.group(1)) if found else None
    return value if value and 0 < value < 10_000 else None


def _check_of_thread(dialogue, text: str, stated: float) -> ExplainQuery | None:
    """The speed check of the model the last question timed, on its cards, at the speed said."""
    last = dialogue.context.last_query
    if isinstance(last, ExplainQuery) and last.asked == "speed_check":
        gpus, model, params, formats = last.gpus, last.model, last.params_b, last.precisions
    elif isinstance(last, FitQuery) and last.mode == "inference" and (last.model or last.params_b):
        gpus, model, params = last.gpus, last.model, last.params_b
        if last.gpu_count and len(gpus) == 1:  # "what about 3 of them": the set the fit was answered on
            gpus = (dataclasses.replace(gpus[0], count=last.gpu_count),)
        formats = (last.precision,) if last.precision else ()
        fitted = dialogue.context.fitted_precision or (dialogue.context.precision if not formats else None)
        formats = formats or ((fitted,) if fitted else ())
    else:
        return None
    named = [g for g in gpus if g.name]
    if len({g.name for g in named}) != 1:
        return None
    card = named[0]
    return ExplainQuery(
        text=text,
        concept="tokens-per-second",
        mention=text.strip(" ?!."),
        gpus=(GpuRef(mention=card.mention, name=card.name, count=card.count),),
        model=model,
        workload="llm_inference",
        asked="speed_check",
        params_b=params,
        precisions=tuple(formats),
        stated_tps=stated,
    )
