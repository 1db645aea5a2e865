"""The engine: question text + dialogue state -> Answer.

Contract: `Engine(reader, index).answer(text, dialogue)` parses the text (assistant.nlu), finishes a pending
clarification or completes follow-ups from the dialogue, dispatches the query to its intent's responder
(assistant.respond.*) and records the context. Settings change
the same way however they are typed: settings stated inside a question of another intent (`Query.settings`) are
applied before it is answered and stay in force; settings typed alone after a question they
affect answer that question again. An answer given again starts with what changed; settings
stated along the way are named in a note; `figures["changed"]` holds the new values either
way. A refused setting changes nothing and answers nothing. It returns an `Answer` for every input (words read
again for one message are read once: read_once); an unexpected failure becomes an Answer with `error` set.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib

from assistant import (
    ask_thread,
    engine_notes,
    fact_of_card,
    i18n,
    model_sibling,
    pronoun_alone,
    pushback,
    sized_ref,
    unknown_subject,
    used_of_thread,
    variant_spread,
    work_switch,
)
from assistant.answer import Answer
from assistant.clarify import fill, of_thread, variant_for_work
from assistant.dialogue import Dialogue, about_last, budget_step, subject, use_edit
from assistant.gpu_variants import GpuVariants
from assistant.kb.reader import KbReader
from assistant.queries import Clarification, Query, Setting
from assistant.query_talk import FollowUpQuery, SetQuery, UnknownQuery
from assistant.read_once import one_message
from assistant.respond import (
    ask_lines,
    asked,
    figure_net,
    kind_answers,
    no_repeat,
    stand_in_memory,
    thread_lead,
    uncovered,
    unused_numbers,
    usage_note,
)
from assistant.respond.env import Env, NoExchangeRate, query_currency

_RESPONDERS = {
    "spec": "spec",
    "compare": "compare",
    "recommend": "recommend",
    "fit": "fit",
    "cost": "cost",
    "rent_or_buy": "rent",
    "explain": "explain",
    "set": "settings",
    "help": "help",
    "verdict": "verdict",
    "rates": "rates",
    "price_why": "price_why",
    "power_limit": "power_limit",
    "rig": "rig",
    "video": "video",
}


last_failure = ""  # the traceback of the last internal error, for --debug


def _full_finetune_said(text: str, lang: str) -> bool:
    """The question asks a full fine-tune in so many words ("full finetune", "全参"), not "finetune" alone."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(lang).words_in("full_finetune_words", text.lower())


def _in_condition(setting: Setting, query: Query) -> Setting:
    """A price stated for a GPU the question calls used or new is a price in that condition."""
    refs = [r for r in getattr(query, "gpus", ()) if r.name == setting.gpu and r.condition in ("new", "used")]
    if setting.key != "price_override" or not refs or setting.condition:
        return setting
    return dataclasses.replace(setting, condition=refs[0].condition)


_FORM_FIELDS = (
    "asked_figure",
    "clock",
    "money_cap",
    "deadline_asked",
    "made_in_hours",
    "usage",
    "ignored_words",
    "unrated_amounts",
    "budget_split",
)  # usage: hours said


def _form_kept(parsed, query):
    """A follow-up completed from the conversation keeps the form of what was typed ("how many sdxl images per hour on
    it": the count in an hour is still asked of the comparison it completes); the figure asked is always the typed
    question's (a time asked two turns ago is not asked again by "what about training a lora on it")."""
    if not isinstance(query, Query) or not isinstance(parsed, Query) or query is parsed:
        return query
    kept = {f: getattr(parsed, f) for f in _FORM_FIELDS if getattr(parsed, f) and not getattr(query, f)}
    kept["asked_figure"] = parsed.asked_figure
    if query.asked_figure == "count" and _precision_only(parsed):
        kept["asked_figure"] = "count"  # "那要几张h20" then "用q4量化呢": how many at q4 is still what is asked
    return dataclasses.replace(query, **kept)


def _precision_only(parsed) -> bool:
    """A follow-up that changes only the precision ("用q4量化呢", "fp8?"): no card, model or figure of its own."""
    from assistant.query_talk import FollowUpQuery

    if not isinstance(parsed, FollowUpQuery) or parsed.asked_figure or not parsed.precision:
        return False
    return not (parsed.gpus or parsed.model or parsed.gpu_count or parsed.fields or parsed.ask)


def _count_needed(query: Query, needed: int | None, lang: str) -> int | None:
    """ "跑llama3 70b要几张3090" answered "要 2 张": the cards needed, which a speed asked next is asked of ("每秒多少
    token": on the 2 cards), or that serving its users takes; None when the question asked no count ("will it fit on a
    3090": that card, whatever more of it would hold)."""
    from assistant.queries import FitQuery
    from assistant.respond.fit_hints import asks_count

    if not (isinstance(query, FitQuery) and needed and len(query.gpus) == 1):
        return None
    if query.gpus[0].count >= needed or query.gpu_count or not (asks_count(query.text, lang) or query.targets):
        return None
    return needed


class Engine:
    def __init__(self, reader: KbReader, index):
        self.reader = reader
        self.index = index
        self._variants = GpuVariants(reader)

    def variant_of(self, base: str, mention: str) -> str | None:
        """The sibling of `base` that `mention` names (gpu_variants.py); None when there is none."""
        return self._variants.variant_of(base, mention)

    def memory_of(self, name: str) -> float | None:
        """The memory of a KB GPU in GB (None when unknown)."""
        return self.index.memory_of(name) or None

    def vendor_of(self, name: str) -> str | None:
        """The maker of a KB GPU, lower case ("nvidia", "amd"); None when unknown."""
        return self.index.vendor_of(name)

    def warm(self) -> None:
        """Import every responder now (the chat calls this while the user is still typing)."""
        for module in sorted(set(_RESPONDERS.values())):
            importlib.import_module(f"assistant.respond.{module}")

    @one_message
    def answer(self, text: str, dialogue: Dialogue) -> Answer:
        try:
            answer = self._answer(text, dialogue)
            env = Env(self.reader, dialogue.assumptions, dialogue.context, lang=answer.lang)
            # every part the question asked is answered or said not to be; the figure asked, given or said not to be
            covered = asked.cover(answer, text, env)  # every ask of the message: its own line when not answered
            covered = ask_lines.complete(covered, text, env, ask_thread.asker(self, text, dialogue))
            return no_repeat.lead_new(figure_net.check(covered, env), env)
        except Exception as exc:  # noqa: BLE001 - one failing question must not end the conversation
            global last_failure
            import traceback  # only after a failure: not imported by an answer

            last_failure = traceback.format_exc()
            return Answer(
                question=text,
                intent="unknown",
                headline="",
                clarification=i18n.t(i18n.language_of(text), "engine.failed", error=type(exc).__name__),
                notes=[f"internal error: {type(exc).__name__}: {exc}"],
                figures={"error": type(exc).__name__},
            )

    def _answer(self, text: str, dialogue: Dialogue, whole: bool = True, usage=None, chosen=None) -> Answer:
        from assistant.nlu import understand
        from assistant.nlu.usage_apply import carried

        if whole and (pushed := pushback.answer(self, text, dialogue)) is not None:
            return pushed  # "are you sure?", "but i heard the 3090 is faster": the last answer stood by or checked
        if whole and dialogue.context.pending is None and (parts := ask_thread.two_parts(self, text, dialogue)):
            return parts  # "h20一张多少钱 能训练吗": both answered, the second in the light of the first
        lang = self._language(text, dialogue)
        dialogue.variant_of = dialogue.variant_of or self.variant_of
        dialogue.memory_of = dialogue.memory_of or self.memory_of
        dialogue.vendor_of = dialogue.vendor_of or self.vendor_of
        dialogue.sibling_of = dialogue.sibling_of or functools.partial(model_sibling.sibling, self.index)
        dialogue.model_variant_of = dialogue.model_variant_of or functools.partial(
            model_sibling.named_variant, self.index
        )
        env = Env(self.reader, dialogue.assumptions, dialogue.context, lang=lang)
        parsed = chosen or self._from_pending(text, dialogue) or understand(text, self.index)
        unknown_before, dialogue.context.unknown_card = dialogue.context.unknown_card, unknown_subject.named(parsed)
        if not isinstance(parsed, Clarification):
            parsed = budget_step.stepped(dialogue, parsed)  # "预算再加2000呢": the thread's budget plus 2,000
            parsed = use_edit.use_edit(dialogue, parsed)  # "i'd train about 10 hours a week" after rent or buy
            parsed = use_edit.model_it(dialogue, parsed)  # "and for fine tuning it" after the memory of a model
            parsed = use_edit.memory_of_fit(dialogue, parsed)  # "what about 24" after "is 16gb enough for ..."
            parsed = use_edit.count_of_them(dialogue, parsed)  # "how long on 8 of them" after a job's rent
        parsed = of_thread(self._with_unfinished(parsed, text, dialogue), subject.talked(dialogue))  # "the 4060 ti"
        parsed = sized_ref.by_size(parsed, text, subject.talked(dialogue), self) or parsed  # "is the 16gb worth it"
        # "为什么不推荐4060ti" in a thread about SD: the 16 GB; "为什么是这个配置" after a build: why that build
        parsed = about_last.why_of_pick(variant_for_work(parsed, dialogue), dialogue)
        if chosen is None and (each := variant_spread.answer(self, parsed, text, dialogue)) is not None:
            return each  # "can a 4060 ti run mixtral", "m4 pro能跑32b吗": answered for each memory size
        if isinstance(parsed, Clarification):
            return self._clarify(parsed, text, dialogue, env)
        focus = dialogue.context.focus
        named = self.reader.known_gpu(focus).short_name if focus and whole else None
        used = (
            used_of_thread.reread(parsed, text, focus, named, lang)
            or work_switch.reread(parsed, text, focus, named, lang)
            or fact_of_card.reread(parsed, text, focus, named, lang)
        )  # "二手的靠谱吗" after a pick; "can it train a vit on cifar-10", "does vllm work on it": asked of that card
        if used is not None:
            answered = self._answer(used, dialogue, whole=False, usage=usage)  # "二手的靠谱吗" after a pick: that card
            answered.question = text
            return answered
        before = dialogue.context.pick  # the thread's pick before this turn ("does that change the pick?")
        last = dialogue.context.last_query
        query = carried(_form_kept(parsed, dialogue.complete(parsed, lang)), usage)  # a half: the whole's usage
        if chosen is None and (on_unknown := unknown_subject.reread(unknown_before, parsed, query, last, text)):
            answered = self._answer(on_unknown, dialogue, whole=False, usage=usage)  # "价格呢" after 思元590: of it
            answered.question = text
            return answered
        if isinstance(query, Clarification) and chosen is None and (alone := pronoun_alone.reread(parsed, text, lang)):
            answered = self._answer(alone, dialogue, whole=False, usage=usage)  # "两张卡没有nvlink…": any two cards
            answered.question = text
            if not answered.clarification:  # "is the card worth it" reread asks back all the same: the first ask
                return answered
        if isinstance(query, Clarification):
            if query.kind == "missing":  # "how much does it cost to run per year": the reply names the card
                dialogue.context.unfinished = text
            return self._clarify(query, text, dialogue, env)
        if isinstance(query, UnknownQuery) or query.intent not in _RESPONDERS:
            return self._not_understood(query, env)
        changed, refused = None, None
        stated = query.settings if not isinstance(query, SetQuery) else ()
        if stated:  # "a used 3090 ti for $900": the price is a used one
            query = dataclasses.replace(query, settings=tuple(_in_condition(s, query) for s in stated))
            stated = query.settings
        again = dialogue.answer_again(query.settings) if isinstance(query, SetQuery) else None
        if stated or again is not None:
            import assistant.respond.settings as settings
            from assistant.nlu.intents.settings import keep_flags

            save, confirmed = keep_flags(text)  # "the 4090 costs $1234, remember this" after another question
            stated_set = SetQuery(text=text, settings=query.settings, save=save, confirmed=confirmed)
            in_its_money = dataclasses.replace(env, question_currency=query_currency(query) or env.question_currency)
            changed = settings.respond(stated_set, in_its_money, brief=True)  # amounts in the question's currency
            if changed.clarification and again is not None:
                return changed  # a refused setting typed alone: nothing changed, nothing answered again
            if changed.clarification:  # refused along the way: the question is answered without it
                refused, changed = changed.clarification, None
            query = again if again is not None else query  # the question keeps its own text in the context
        from assistant.respond import cost_asked, macs

        query = cost_asked.as_asked(macs.within_budget(query, env), env, text)  # Mac in budget; "总共多少" typed
        try:
            answer = self._respond(query, env)
        except NoExchangeRate as exc:
            no_rate = env.t("money.no_rate", currency=str(exc))
            return Answer(question=text, intent=query.intent, headline="", lang=lang, clarification=no_rate)
        if answer.clarification:
            dialogue.context.pending = None
            dialogue.asked_back(query)  # the reply ("on one 4090") completes this question
            answer.question = text  # what was typed, also when the last question answered again asks back
            return answer
        answer.lang = lang
        # a headline that opens with a sized model ("a 70B model generates ...") starts with a capital all the same
        headline = i18n.cap(lang, answer.headline)
        paper = uncovered.against(query, env, answer)  # "s4000 能替代a100吗": paper figures against the card named
        # "orange pi 5": a name the KB lacks that the concept's page covers is not said to be left out
        notes = engine_notes.covered_by(engine_notes.unrecognized(query, lang), query, answer)
        notes += engine_notes.budget_split(query, lang)  # "3台 总预算2w": the share each machine's answer is for
        notes += stand_in_memory.lines(query, env)  # "rtx 5080 super 24gb": what 24 GB would hold, not the 16 GB
        answer.headline = i18n.gap(lang).join([*notes, *paper, headline]).strip()
        answer.notes[:0] = engine_notes.ignored(query, lang)  # "48h straight": the word left out, said
        answer = figure_net.finish(answer, query, env, text)  # a clock time said: when it is done; the figure asked
        answer.question = text  # what was typed, also when the last question is answered again
        if changed is not None and (again is not None or isinstance(parsed, FollowUpQuery)):
            # a setting typed alone ("make it 10 hours a day", "按每天16小时算呢") or a follow-up asking more: the
            # answer the new setting gives first (what was asked), then what changed
            answer.headline = i18n.gap(lang).join(p for p in (answer.headline, changed.headline) if p)
        elif changed is not None and changed.headline:  # settings stated along the way: said, and kept
            answer.notes.insert(0, i18n.t(lang, "engine.stated", changes=changed.headline))
        if changed is not None:
            answer.figures["changed"] = dict(changed.figures)
        if refused:
            answer.notes.insert(0, refused)
        if isinstance(parsed, FollowUpQuery) and parsed.ask == "why" and answer.steps and answer.intent != "explain":
            # "why?": the conclusion, then its reasons; the tables were just shown
            answer.tables, answer.chart = [], None
            from assistant.respond.recommend_why import why_lead

            lead = why_lead(answer, env)  # what decided it first
            if parsed.asked_figure == "pick" and answer.choice:  # "which one would you get": the pick, its reasons
                chosen = self.reader.gpu(answer.choice)
                said = i18n.t(lang, "engine.pick_asked", gpu=chosen.short_name if chosen else answer.choice)
                answer.headline = i18n.gap(lang).join(p for p in (said, lead or answer.headline) if p)
            elif lead and answer.intent in ("recommend", "compare"):  # the pick was just shown: its reasons alone
                answer.headline = lead
            else:  # a fit's "why not?": the arithmetic, then what does fit
                answer.headline = i18n.gap(lang).join(p for p in (lead, answer.headline) if p)
        answer = thread_lead.lead(answer, parsed, before, env)  # "ok and used 3090 instead?": the pick already
        answer.notes += [
            i18n.t(lang, "engine.assumed", mention=r.mention, name=r.name)
            for r in getattr(query, "gpus", ())
            if getattr(r, "assumed", False)
        ]
        sized = getattr(query, "params_b", None)  # "qwen 32b": several models of that size, answered for the size
        answer.notes += [  # an answer on each of the family's sizes ("family") names them itself
            i18n.t(lang, "engine.unsized_sized", mention=m, params=f"{sized:g}B")
            if sized
            else engine_notes.unsized_note(self.index, m, query, lang)
            for m in (() if answer.figures.get("family") else query.unsized)
        ]
        weighed = {"targets", "model_serving_holds", "model_serving_sets"} & set(answer.figures)  # users served
        if query.targets and not weighed:  # "并发20个用户" asked where the answer cannot weigh it
            answer.notes += usage_note.targets_not_counted(query, lang)
        answer.notes += usage_note.said(query, lang)  # the hours of use the answer took and where they come from
        if query.per_card_of and isinstance(parsed, FollowUpQuery) and (parsed.ask or "").startswith("per_card_"):
            # "is that per card?": whether the last figure was for the whole set, then one card's
            n, asked = query.per_card_of
            said = i18n.t(lang, f"engine.per_card_{asked}_{'all' if n > 1 else 'one'}", n=n)
            answer.headline = i18n.gap(lang).join([said, answer.headline])
        if query.size_range:  # "14b-32b models": answered for the top of the range, said after the answer
            low, high = query.size_range
            said = i18n.t(lang, "engine.size_range", low=f"{low:g}B", high=f"{high:g}B")
            answer.headline = i18n.gap(lang).join([answer.headline, said])
        if query.vague_amount:  # "几百块": a rough amount, read as the middle of its range, said
            said, used, low, high = query.vague_amount
            answer.notes.insert(
                0,
                i18n.t(
                    lang, "engine.vague_amount", said=said, used=f"{used:,.0f}", low=f"{low:,.0f}", high=f"{high:,.0f}"
                ),
            )
        answer.notes += engine_notes.memory_configurations(self.reader, query, lang)
        answer.notes += engine_notes.product_names(self.reader, query, lang)  # "dgx spark": the GB10
        answer.notes[:0] = engine_notes.model_notes(self.reader, query, lang)
        if query.requests_day:  # "每天1万次请求": how the load a day became users at once, said
            answer.notes.append(unused_numbers.requests_note(query.requests_day, lang))
        unused_numbers.keep(query, answer, lang)  # "10,000 hours of audio", "$4,800": in the one "Not used" line
        chips = list(dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name))
        if query.boards and len(chips) == 1:  # "3090涡轮版": the same chip as any other RTX 3090
            boards = i18n.join_names(lang, [i18n.quote(lang, b) for b in query.boards])
            answer.notes.insert(0, i18n.t(lang, "engine.boards", boards=boards, name=chips[0]))
        if not answer.assumptions and answer.intent not in ("help", "explain"):
            answer.assumptions = dialogue.assumptions.as_dict()
        shown = answer.gpus or [row["gpu"] for row in answer.figures.get("ranking", [])[:3] if isinstance(row, dict)]
        top = (answer.figures.get("ranking") or [answer.figures.get("rig")])[0]  # a rig of "2 x RTX 3080": two
        picked = top.get("gpu_count") if isinstance(top, dict) and top.get("gpu") == answer.choice else None
        if picked is None and answer.figures.get("fits") is False and len(shown) == 1:
            picked = _count_needed(query, answer.figures.get("min_gpus"), lang)  # "要 2 张 H20" asked: the 2 cards
        if picked is None and answer.figures.get("model_sets_pick"):  # "3090 vs 4090 for 70b": "Get 2 x RTX 3090"
            picked = (answer.figures.get("model_sets") or {}).get(answer.choice, {}).get("count")
        if picked is None and answer.figures.get("serving_sets") and answer.choice:  # "4 x RTX 3070" serve them
            picked = (answer.figures["serving_sets"].get("sets") or [{}])[0].get("gpu_count")
        if picked is None and answer.intent == "rates" and len(shown) == 1:
            picked = answer.figures.get("gpu_count")  # serving a 70B model "on 2 x H100": "rent or buy?" weighs both
        dialogue.remember(query, shown, answer.choice, answer.workload, answer.precision, picked, answer.figures)
        if answer.intent not in ("help", "explain"):
            dialogue.context.currency = env.for_query(query).currency  # the thread's money: the answer's own
        if _full_finetune_said(query.text, lang):
            dialogue.settle_full_finetune()  # "need a full finetune of llama 3.1 8b": full, whatever asks next
        elif answer.intent == "fit":  # "want to finetune qwen2.5 14b" answered "Yes with QLoRA": the method kept
            dialogue.settle_method((answer.figures.get("fit_setup") or {}).get("mode"))
        dialogue.context.needed = _count_needed(query, picked, lang)
        # an image LoRA timed in steps ("大概要训多久": 2,000 steps, 7 minutes): the hours a rent of that job takes
        dialogue.timed_in_steps(answer.figures if answer.intent == "fit" and "train_steps" in answer.figures else None)
        return answer

    def _with_unfinished(self, parsed, text: str, dialogue: Dialogue):
        """A card named alone ("a 3090", "h100") right after a question that was asked back because it named no card
        ("how much does it cost to run per year", "租一个月多少钱"): that question with the card in it."""
        from assistant.nlu import understand
        from assistant.queries import SpecQuery

        before, dialogue.context.unfinished = dialogue.context.unfinished, None
        if not before or not isinstance(parsed, SpecQuery) or parsed.fields:
            return parsed
        if not parsed.gpus or any(g.pronoun is not None for g in parsed.gpus):
            return parsed
        joined = understand(f"{before} {text}", self.index)
        if isinstance(joined, Clarification) or joined.intent == "unknown":
            return parsed
        if joined.intent == "spec" and not getattr(joined, "fields", ()):
            return parsed  # nothing asked of the card beyond its spec sheet
        return dataclasses.replace(joined, text=text)

    def _language(self, text: str, dialogue: Dialogue) -> str:
        """The question's language; a reply of names and numbers alone ("qwen3 14b", "4090", "a100 80g") or of a word
        or two ("why", "tok/s?") keeps the conversation's ("4090能跑qwen吗" then "qwen3 14b" is answered in Chinese)."""
        before = dialogue.context.pending or dialogue.context.last_query
        said = before.text if before is not None else dialogue.context.unfinished  # "二手多少钱" asked back, "3090"
        if said is None or i18n.language_of(text) == "zh" or not (self.index.names_only(text) or i18n.short(text)):
            return i18n.language_of(text)
        return i18n.language_of(said)

    def reanswer(self, dialogue: Dialogue) -> Answer | None:
        """The last answered question answered again under the assumptions now in force (after
        an assumption changed; its own per-question values that settings replace give way to the
        assumptions); the dialogue context is left as it is. None when nothing was answered yet
        or the answer fails."""
        query = dialogue.answer_again_as_is()
        if query is None or query.intent not in _RESPONDERS:
            return None
        lang = i18n.language_of(query.text)
        env = Env(self.reader, dialogue.assumptions, dialogue.context, lang=lang)
        try:
            answer = self._respond(query, env)
        except Exception:  # noqa: BLE001 - the caller then asks the user to ask again
            return None
        answer.lang = lang
        if not answer.assumptions and answer.intent not in ("help", "explain"):
            answer.assumptions = dialogue.assumptions.as_dict()
        return answer

    def remember(self, dialogue: Dialogue, lang: str) -> Answer:
        """Save this conversation's prices and changed settings for later sessions, as "remember
        this" does (the chat panel's save action); the answer says what was saved, or why not."""
        from assistant.respond import settings

        env = Env(self.reader, dialogue.assumptions, dialogue.context, lang=lang)
        return settings.respond(SetQuery(text="", settings=(Setting("remember", None),), save=True), env)

    def _respond(self, query: Query, env: Env) -> Answer:
        if self._non_llm_unknown(query, env.lang):  # "can a 3060 run cogvideox 5b": not sized as a 5B LLM
            named = [r.name for r in getattr(query, "gpus", ()) if r.name]
            return Answer(question=query.text, intent=query.intent, headline="", gpus=named, lang=env.lang)
        if getattr(query, "model", None) is not None:  # "cost per million tokens ... llama 3 8b on a t4", any intent
            from assistant.respond import token_cost

            if token_cost.asks(query.text, env) and (per_token := token_cost.respond(query, env)) is not None:
                return per_token
        if (by_kind := kind_answers.respond(query, env)) is not None:  # "3060 训练resnet50 batch 64会爆显存吗"
            return by_kind
        responder = importlib.import_module(f"assistant.respond.{_RESPONDERS[query.intent]}")
        return responder.respond(query, env)

    def _non_llm_unknown(self, query: Query, lang: str) -> bool:
        """A sized model the list lacks whose family is a video / image / vision / speech one ("cogvideox 5b")."""
        from assistant.nlu.messages import non_llm_model

        if getattr(query, "model", None) is not None or not getattr(query, "params_b", None):
            return False
        return any(non_llm_model(m, self.index, lang) for m in getattr(query, "unrecognized", ()))

    def _from_pending(self, text: str, dialogue: Dialogue) -> Query | None:
        pending = dialogue.context.pending
        if pending is None or pending.pending is None or not pending.candidates:
            return None
        from assistant.nlu import choose

        try:
            choice = choose(text, pending, self.index)
        except Exception:  # noqa: BLE001 - a reply that picks nothing is a new question
            choice = None
        if choice is None:
            # "那4090呢" after "which card is the rtx 4095?": the question asked, on that card
            choice = self._other_card(text, pending)
        dialogue.context.pending = None
        if choice is None:
            return None
        return dataclasses.replace(fill(pending.pending, pending.slot, choice), text=text)

    def _other_card(self, text: str, pending: Clarification) -> str | None:
        """A reply to "which card did you mean?" that names another card as a follow-up ("那4090呢", "what about the
        4090 then"): that card, for the question asked about a GPU slot; None for anything else."""
        from assistant.nlu import understand
        from assistant.query_talk import FollowUpQuery

        if not (pending.slot or "").startswith("gpus"):
            return None
        read = understand(text, self.index)
        if not isinstance(read, FollowUpQuery) or read.model or read.workload or read.ask:
            return None
        named = [g.name for g in read.gpus if g.name and not g.pronoun]
        return named[0] if len(named) == 1 and len(read.gpus) == 1 else None

    def _clarify(self, clar: Clarification, text: str, dialogue: Dialogue, env: Env) -> Answer:
        if (ranked := kind_answers.text_only(text, env)) is not None:  # "显存性价比最高的卡是哪张": no card to name
            return ranked
        dialogue.context.pending = clar if clar.pending is not None and clar.candidates else None
        message = clar.message
        cited: list[str] = []
        if clar.extras.get("uncovered"):  # "国产卡能跑大模型吗 生态怎么样": their software, a device's paper specs
            from assistant.respond import uncovered

            message, cited = uncovered.clarified(clar, env)
        return Answer(
            question=text,
            intent=clar.intent if clar.intent != "followup" else "unknown",
            headline="",
            clarification=message,
            # an uncovered device said so is the answer: no part of the message answered about another card
            figures=({"candidates": list(clar.candidates)} if clar.candidates else {})
            | ({"uncovered": True} if clar.extras.get("uncovered") else {}),
            sources=cited,
            lang=env.lang,
        )

    def _not_understood(self, query: Query, env: Env) -> Answer:
        understood = getattr(query, "understood", ())
        got = env.t("engine.recognised", items="; ".join(understood)) if understood else ""
        return Answer(
            question=query.text,
            intent="unknown",
            headline="",
            clarification=env.t("engine.not_understood", got=got),
            lang=env.lang,
        )
