"""Every ask of a message answered: "will it fit, how fast, and what psu do i need" gets all three.

Contract: `complete(answer, text, env, ask)` runs where the engine completes an answer (after respond/asked.cover). It
reads the checklist of the message (nlu/asks.checklist: the asks in the order written, each with the kind of figure it
asks) and, for a message that asks two or more things, checks each ask against the answer: an ask whose kind the answer
declares it gives (`covers(answer)`: `figures["covers"]`, written by the code that added the figure,
respond/asked.cover) or whose figure the headline already gives (`gives(kind, headline)`, respond/ask_figures.py: by the
shape of the figure in the answer's own words: watts with a PSU, a duration, money, tokens/s, a pick ...) is answered. A
figure the answer's own reasons state (the longest context that fits) becomes the ask's line without asking again. Each
other ask is put to the engine again as a question of its own (`ask(words)`: the ask's words in the conversation as the
answer left it, so "what psu for it" is about the card just answered and the settings stated anywhere in the message
apply), with the existing responders and models, never a second formula; the sentence of that answer that gives the
asked figure becomes one line "(n) "ask": sentence", and its sources join the answer's. An ask of a known kind nothing
answers is named plainly: "I can't answer that here: <why>" (locale asks.cannot_<kind>), never dropped (a figure the
answer already said it cannot give, `figures["not_covered"]`, is asked again all the same, and a line that gives it
replaces that sentence: the time per image of the card a ranking picks); an "other" ask is not said unanswerable. The
lines follow the headline in the order asked; when the headline does not answer the first ask and a line does, that line
leads, and when the headline opens with a later ask's figure, its sentence giving the first ask's moves first (the first
sentence answers the first ask). A main answer that could not be given (a clarification, not understood) is rebuilt from
the asks that can be answered. `figures["asks"]` lists each ask as {"n", "kind", "ask", "answered": "headline" | "line"
| "cannot"}.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import SimpleNamespace

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.asks import Ask, asked_as_word, checklist
from assistant.nlu.lexicon import lexicon
from assistant.respond import ask_about as about_ask
from assistant.respond import ask_concepts, ask_derived, ask_each, ask_facts
from assistant.respond.ask_cards import card_of, count_of, counted_subject, several_of, subject_of
from assistant.respond.ask_figures import GIVES, _figure_sentence, _first_ask_first, _sentences, gives
from assistant.respond.ask_titles import about, judged_in_title
from assistant.respond.env import Env

_NOT_ANSWERS = ("help", "unknown")
# a count of cards said in the ask ("if i go to four of them", "加到四张"): its PSU is not the answer's cards'
_COUNTED = re.compile(
    r"\b\d+\s*x\b|\d+\s*(?:张|块|台|卡|cards?\b|gpus?\b)|[一两二三四五六七八九十]\s*(?:张|块|台|卡)"
    r"|\b(?:two|three|four|five|six|eight)\b",
    re.I,
)
# "qwen2.5 14b", "跑14b吗": the model size an ask names
_SIZE = re.compile(r"(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*b(?![A-Za-z0-9])", re.I)
_SIZED_KINDS = ("fit", "memory", "time")  # (a speed of another quant of the size would contradict the answer's)
# the answers whose kind is itself the figure asked: a ranking or a build is the pick, a fit the fit, a rent-or-buy
# the rent-or-buy; an answer of another intent gives a figure of these kinds only where its words show it
INTENT_GIVES = {
    "pick": ("recommend", "rig"),
    "fit": ("fit",),
    "rent_buy": ("rent_or_buy",),
    "worth": ("verdict", "rent_or_buy"),
    "verdict": ("verdict",),
}
_WATTS_SAID = re.compile(r"(\d{3,4})\s*w(?![a-z])", re.I)  # "is 850w enough", "1200w电源": a PSU the user has
# a ranking answers only a pick (or the parts of a build): offered for another ask it is a neighbouring template
# asks of a judgment the whole answer may give in words no detector reads ("whats the real difference", "值不值"):
# not said unanswerable when no line gives them (a false "I can't" beside an answer that gave it is worse)
_JUDGED = ("other", "pick", "verdict", "worth", "difference")
# answers that weigh the options asked of, whatever their words
_WEIGHS = {"pick": ("compare",), "difference": ("compare", "explain", "spec")}
_ONLY_FOR = {"recommend": ("pick", "parts", "list"), "rig": ("pick", "parts", "psu", "price", "count")}
# the asks of a figure (a number): a concept answer never gives one
_FIGURES = (
    *("psu", "electricity", "payback", "speed", "time", "price", "rate"),
    *("power", "users", "memory", "count", "fit", "context", "batch", "circuit"),
)
# the figures an answer's own reasons may already state, each by a number in its unit ("At q4_k_m the longest context
# that fits is about 21,504 tokens"): such a reason is the ask's line, no question asked again
_IN_STEPS = {
    "context": GIVES["context"],
    "batch": GIVES["batch"],
    "psu": GIVES["psu"],
}


def _line_from(ask: Ask, sub: Answer | None, said: str, named: tuple[str, ...] = ()) -> str:
    """The sentence a separate answer to the ask gives, "" when it gives none or nothing new. `named`: the cards
    the message's answer is about (a ranking of other cards does not answer "which would u pick")."""
    if sub is None or not sub.understood or sub.intent in _NOT_ANSWERS or not sub.headline:
        return ""
    if sub.intent == "recommend" and named and sub.choice not in named and not sub.figures.get("calc"):
        return ""
    if ask.kind == "list" and sub.intent == "recommend" and not sub.figures.get("among"):
        return ""  # "which cards have hbm": a ranking not limited to the cards with it is no list of them
    if sub.intent in _ONLY_FOR and ask.kind not in _ONLY_FOR[sub.intent] and not sub.figures.get("calc"):
        return ""  # "is it cheaper anywhere outside china" answered by a ranking of cheaper cards: not this ask
    if sub.intent == "recommend" and _ALTERNATIVES.search(ask.text):
        return ""  # "能训练吗还是只能推理" weighs two options: a ranking of cards is not its answer
    if ask.kind == "other" and not _bare(ask) and sub.intent != "explain" and not _verdict_on(ask, sub):
        return ""  # "数据会不会泄露" answered with a rate or a spec sheet: a neighbouring template, not this ask
    sentence = _figure_sentence(ask.kind, sub.headline)
    if ask.kind == "price" and about_ask.WHICH.search(ask.text):  # "和 H100 8卡比谁便宜": the weighing sentence
        sentence = next((s for s in _sentences(sub.headline) if about_ask.WEIGHED.search(s)), sentence)
    if not sentence and ask.kind == "list" and sub.intent == "recommend":
        sentence = _sentences(sub.headline)[0]  # "哪些卡支持": the cards (or architectures) that have it lead
    if ask.kind == "practice":  # "does undervolting help much": the practice's concept, its first sentence
        sentence = _sentences(sub.headline)[0] if sub.intent == "explain" else ""
    if sub.intent == "explain" and _NEED.search(ask.text):  # "需要nvlink吗": the concept's sentence on the need
        sentence = next((s for s in _sentences(sub.headline) if _NEEDED.search(s)), sentence)
    if not sentence and sub.intent == "explain" and judged_in_title(ask, sub):  # its first sentence
        sentence = _sentences(sub.headline)[0]
    if not sentence and ask.kind in ("worth", "verdict") and sub.intent == "verdict":
        sentence = _sentences(sub.headline)[0]  # a verdict opens with its verdict ("推理可以，但有前提：...")
    if sub.intent == "explain" and (ask.kind in _FIGURES or ask.kind == "worth"):
        return ""  # a concept is no figure: "电源要1000w还是1200w" is not answered by how multi-GPU rigs are powered
    # a concept led by a figure worked for the cards asked (the heat of a cooling ask; its noise words are no model)
    worked = any(k in sub.figures for k in _WORKED_LEADS.get(ask.kind, ()))
    if sub.intent == "explain" and not worked and not about(ask.text, _sentences(sub.headline)[0], ask.kind, sub.lang):
        return ""  # a concept the ask does not name ("数据会不会泄露" answered with what a GPU marketplace is)
    if sub.intent == "explain" and not (
        sub.figures.get("lead") or _what_is(ask.text) or judged_in_title(ask, sub) or ask.kind == "practice"
    ):
        return (
            ""  # "显存要多大" beside a fit's 62.4 GB: a concept's definition is a neighbouring template, not its answer
        )
    return "" if not sentence or sentence in said else sentence


# the asks a fit answer gives: another fit offered for "需要nvlink吗" re-answers the first half, not this ask
_FIT_KINDS = ("fit", "memory", "speed", "context", "batch", "count", "models", "time", "users")


def _verdict_on(ask: Ask, sub: Answer) -> bool:
    """Does `sub` give a verdict on what the ask names ("需要nvlink吗" -> the NVLink verdict of a comparison)?"""
    verdict = sub.figures.get("verdict")
    kind = verdict.get("kind") if isinstance(verdict, dict) else None
    return isinstance(kind, str) and kind.lower() in ask.text.lower()


def _verdict_kind(answer: Answer) -> str:
    """The kind of the verdict the answer gives (figures["verdict"]["kind"]: "wait", "software" ...), "" when none."""
    verdict = answer.figures.get("verdict")
    kind = verdict.get("kind") if isinstance(verdict, dict) else None
    return kind if isinstance(kind, str) else ""


def _waits(text: str, lang: str) -> str:
    """ "wait" when the ask says a word of waiting ("worth waiting or just buy a 5080": list ask_wait), whatever kind
    its other words gave it, else ""."""
    return "wait" if lexicon(lang).words_in("ask_wait", f" {text.lower()} ") else ""


def _what_is(text: str) -> bool:
    """Does the ask ask what a concept is or why ("what is nvlink", "kv cache是什么", "需要nvlink吗")? (lexicon [lists]
    concept_asked_words, both languages)"""
    from assistant.nlu.lexicon import lexicon

    low = f" {' '.join(text.lower().replace('?', ' ').split())} "
    return any(lexicon(lang).words_in("concept_asked_words", low) for lang in i18n.LANGS)


def answers_kind(words: str, sub: Answer, lang: str, first: Answer | None = None) -> bool:
    """Is `sub` an answer of a kind that can answer `words`? A ranking offered for "what psu should i get" is not,
    nor a fit for "what psu for two of them": an ask of a figure needs that figure (the second half of a two-part
    message is checked so, as every ask is); nor a second fit after a fit (`first`) for an ask no fit gives
    ("双卡3090跑70b模型可以吗 需要nvlink吗"), unless the ask only changes the first ("三张呢")."""
    from assistant.nlu.asks import kind_of

    kind = kind_of(words, lang)
    if first is not None and first.intent == sub.intent == "fit" and kind not in _FIT_KINDS:
        return _bare(Ask(kind, words.strip()))
    if kind == "other":
        return True
    if sub.intent in _ONLY_FOR and kind not in _ONLY_FOR[sub.intent] and not sub.figures.get("calc"):
        return False  # (a ranking led by the sum of the user's own numbers answers the money asked: respond/calc)
    if sub.intent == "explain" and kind in _FIGURES:
        return False  # "what psu if i go to four of them" answered by what power draw is
    return kind not in _FIGURES or kind in ("fit", "count") or gives(kind, sub.headline)


def _bare(item: Ask) -> bool:
    """A short ask that only changes the one before ("四张呢", "and 4?", "what about two"): a follow-up."""
    short = len(item.text.split()) <= 3 if item.text.isascii() else len(item.text) <= 10  # "上下文开到32k呢"
    return item.kind == "other" and short and bool(_FOLLOW.search(item.text))


# the figures of a concept's lead worked for the cards asked (respond/concept_leads_setup: the room's heat)
_WORKED_LEADS = {"cooling": ("room_heat",)}
# an ask whether something is needed, and the sentence of a concept that says whether it is
_NEED = re.compile(r"\bneed(?:s|ed)?\b|necessary|required|需要|要不要|必要|必须", re.I)
_NEEDED = re.compile(
    r"not worth|isn't worth|is not needed|isn't needed|don't need|do not need|no need|only (?:pays|matters|helps)"
    r"|不值得|没必要|不需要|用不着|才有回报|才需要|才值得",
    re.I,
)


def _given(item: Ask, answer: Answer, said: str, text: str = "") -> bool:
    """Does the answer (its headline and what was added) give what the ask asks? A fit or speed asked of a model
    size ("能跑qwen2.5 14b吗") is given only where that size is named; a figure the answer says it cannot give
    (figures["not_covered"]) is answered by saying so."""
    sizes = {f"{float(m):g}b" for m in _SIZE.findall(item.text)} if item.kind in _SIZED_KINDS else set()
    if sizes and not all(size in said.lower().replace(" ", "") for size in sizes):
        return False
    watts = _WATTS_SAID.findall(text if item.kind == "psu" else item.text if item.kind == "fit" else "")
    if any(f"{int(w):,} W" in said for w in watts):  # "is 850w enough", "will a single 1600w be enough": the PSU
        return True
    if item.kind in ("time", "speed", "other", "parts") and _CPU.search(item.text) and not _CPU_SAID.search(said):
        return False  # "how long will that take vs cpu", "纯cpu呢": the CPU's time is asked, not the GPU's again
    if item.kind == "parts" and answer.intent == "rig" and not _BOTTLENECK.search(item.text):
        return True  # "which mobo/cpu/psu" beside a build: its parts line (respond/rig._parts_line) gives them
    judged = _verdict_kind(answer)  # (an answer with no verdict gives no kind: "" is not one)
    if item.kind in covers(answer) or (judged and judged in (item.kind, _waits(item.text, answer.lang))):
        return True  # the code that wrote the answer says it gives this figure (a verdict of the kind: wait or buy)
    if item.kind == "fit" and answer.intent == "recommend" and answer.figures.get("minimum") and _possible(item):
        return True  # "kimi k2 locally, is that even possible? bare minimum hardware": the least it takes answers it
    if item.kind == "practice":  # "should i power limit them" beside a bill that already sets the limit
        return asked_as_word("practice", said, answer.lang)
    if item.kind == "pick" and answer.intent == "rates" and answer.figures.get("best_value"):
        return True  # "租一小时多少钱？哪个性价比高": the rates name the better value to rent
    if item.kind == "payback" and answer.intent == "rent_or_buy" and "breaks even" in said:
        return True  # "how about buying a 4090 instead, payback time": its own break-even
    if item.kind in ("price", "pick") and about_ask.WHICH.search(item.text) and answer.intent == "rent_or_buy":
        return True  # "rent h100 vs buy 4x 5090 ..., which is cheaper?": the rent-or-buy verdict is the cheaper way
    if item.kind == "price" and about_ask.WHICH.search(item.text) and not _CHEAPER.search(said):
        return False  # "which one is cheaper" is not answered by one price: the options weighed, or asked again
    if item.kind == "software" and not _names_tool(item.text, said, answer.lang):
        return False  # "does vllm work" is not answered by a page on ROCm that never names vLLM
    if item.kind in (answer.figures.get("not_covered") or ()):
        return False  # said not covered: a line of its own may still give it (the time per image of the pick)
    worked = answer.figures.get("lead") and gives(item.kind, answer.headline)  # a concept led by worked figures
    job = answer.figures.get("concept") in lexicon(answer.lang).listed("job_concepts")  # its figures are the job's
    worked = worked or (job and gives(item.kind, answer.headline))  # "what batch size": the 3D U-Net's batch
    if answer.intent == "explain" and item.kind in _FIGURES and not answer.figures.get("parts") and not worked:
        # a concept gives no figure, whatever its words ("能不能炼lora" is not answered by what LoRA is); a message
        # answered in two parts may hold one in its second
        return False
    return answer.intent in INTENT_GIVES.get(item.kind, ()) or gives(item.kind, said)


def _possible(item: Ask) -> bool:
    """ "is that even possible", "is it doable": whether it can be done at all (lexicon [lists] ask_possible_words,
    no memory size or card of the ask's own), answered by the least it takes."""
    lex = lexicon("zh" if _CJK.search(item.text) else "en")
    return bool(lex.words_in("ask_possible_words", f" {item.text.lower()} ")) and not re.search(r"\d", item.text)


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _names_tool(ask: str, said: str, lang: str) -> bool:
    """Does `said` name a tool the ask names (list `ask_tools`: vllm, ollama, rocm ...)? True when the ask names none
    ("which one is easier to set up", "驱动好不好装")."""
    named = [w for w in lexicon(lang).listed("ask_tools") if w in ask.lower()]
    return not named or any(w in said.lower() for w in named)


def covers(answer: Answer) -> set[str]:
    """The asked kinds the answer declares it gives (`figures["covers"]`, written by the code that states the figure:
    respond/asked.cover for the parts it adds, the fit answer for the longest context)."""
    return set(answer.figures.get("covers") or ())


# concepts that are a feature cards have or lack (respond/feature_limit): "which cards support it" after one
_FEATURE_CONCEPTS = ("fp8", "bf16", "fp4", "tf32", "nvlink")


def _asked(item: Ask, answer: Answer, env: Env, ask: Callable[[str], Answer | None], said: str, text: str = ""):
    """(the answer that gave the line or None, the line or ""): the ask on its own; when that gives nothing, the
    ask about the card the answer is about ("和双3090比哪个好" -> "Apple M4 Max 128 GB 和双3090比哪个好"); a PSU
    asked without cards of its own is sized for the answer's cards."""
    if item.kind in ("time", "speed", "other", "parts") and _CPU.search(item.text) and not _CPU_SAID.search(said):
        from assistant.respond.ask_cpu import cpu_form  # "how long will that take vs cpu": the CPU alone

        form = cpu_form(item.kind, answer, env, text)
        sub = getattr(ask, "alone", ask)(form) if form else None  # (not about the thread's card)
        line = _line_from(Ask(item.kind if item.kind in ("time", "speed") else "speed", item.text), sub, said)
        if line:
            return sub, line
    counted = bool(_COUNTED.search(item.text) or _WATTS_SAID.search(item.text))  # the ask's own cards or PSU
    if not counted and (direct := _direct(item, answer, env, text) or _from_steps(item, answer, said)):
        return None, direct
    named = tuple(answer.gpus)
    words = f"and {item.text}?" if _bare(item) and item.text.isascii() else item.text  # "3" alone asks nothing
    if before := about_ask.card_before(item, ask, text):  # "MI300X ...？一台8卡够吗，和 H100 8卡比": 8 MI300X
        words = f"{before}{i18n.gap(env.lang) or ' '}{words}"
    if item.kind == "list" and answer.figures.get("concept") in _FEATURE_CONCEPTS:
        words = f"{item.text} {answer.figures['concept']}"  # "FP8是什么，哪些卡支持": the cards that have FP8
    sub = own = ask(words)  # the ask's own reading: the cards it names
    line = _line_from(item, sub, said, named)
    if item.kind == "psu" and not _COUNTED.search(item.text) and (several := several_of(answer, env)):
        # "双3090训练值得吗 1200w电源够吗": the PSU the user has, for both cards the message is about
        counted_sub = ask(f"{several} {item.text}")
        line_again = _line_from(item, counted_sub, said, named)
        if line_again:
            sub, line = counted_sub, line_again
    if not line and _says_again(item, sub, said):
        return sub, _SAID
    subject = subject_of(answer, env) or _named(item, answer, ask)
    generic = bool(line) and sub is not None and sub.intent == "explain" and not sub.figures.get("lead")
    if (not line or generic) and subject and subject.lower() not in item.text.lower():
        # "需要nvlink吗" after a fit on two 3090s: asked of those cards ("2 x RTX 3090 需要nvlink吗": the loss in
        # figures), before a concept's bare definition
        model = env.reader.model(env.context.model) if env.context.model else None  # the model the message sized
        cards_words = counted_subject(answer, subject, model.name if model is not None else "")
        counted_sub = ask(f"{cards_words}{i18n.gap(env.lang) or ' '}{item.text}")
        line_again = _line_from(item, counted_sub, said, named)
        if line_again or not line:
            sub, line = counted_sub, line_again
    if not line and counted and (direct := _direct(item, answer, env, text)):
        return None, direct
    again = _plain_form(item, answer, env, own, text)
    if not line and again:
        sub = ask(again)
        line = _line_from(item, sub, said, named)
    return sub, line


def _plain_form(item: Ask, answer: Answer, env: Env, own: Answer | None, text: str) -> str:
    """The ask put in the plain words of its kind about the message's card and model (lexicon list
    `ask_plain_<kind>`: "b站up主说p40很香 真的吗" -> "Tesla P40值得买吗"), "" when the kind has none, the
    message names no card, or the ask's own reading is about another card. The model is the conversation's, else
    the size another ask of the message names ("4070s跑ollama速度咋样 能跑14b吗": the speed of a 14B model)."""
    from assistant.nlu.lexicon import lexicon

    form = lexicon(env.lang).first_word(f"ask_plain_{item.kind}", "")
    name = answer.choice or (answer.gpus[0] if answer.gpus else None)
    spec = env.reader.gpu(name) if name else None
    if not form or spec is None or about_ask.WHICH.search(item.text):
        return ""  # "which is cheaper per month": an ask between options is not one card's figure
    if own is not None and own.gpus and spec.name not in own.gpus:
        return ""  # "和4090比哪个划算": the ask is about the 4090 too, not the message's card alone
    model = env.reader.model(env.context.model) if env.context.model else None
    sizes = _SIZE.findall(text)
    named = model.name if model is not None else (f"{sizes[0]}b" if len(set(sizes)) == 1 else "")
    if "{model}" in form and not named:
        return ""
    n = count_of(answer, spec.name)
    gpu = f"{n} x {spec.short_name}" if n > 1 and item.kind == "psu" else spec.short_name  # the PSU of both cards
    return form.format(gpu=gpu, model=named, n=n)


# the CPU asked to run the job ("vs cpu", "on cpu only", "纯cpu呢"), not a part to buy ("what cpu should i pair")
_CPU = re.compile(
    r"\b(?:on|vs\.?|versus|than|with|using)\s+(?:the\s+|a\s+|my\s+)?cpus?\b|\bcpu[- ]only\b|\bcpu alone\b"
    r"|纯\s*cpu|只用\s*cpu|用\s*cpu|cpu\s*跑|cpu\s*(?:要多久|呢|的话|上跑|多快|速度)",
    re.I,
)
_CPU_SAID = re.compile(r"\bCPU\b")
_BOTTLENECK = re.compile(r"bottleneck|瓶颈|拖后腿", re.I)  # whether a part holds the others back: not sized here
_CHEAPER = re.compile(r"cheaper|cheapest|costs? less|less than|便宜|省|少花|贵", re.I)
_ALTERNATIVES = re.compile(r"\bor\b|\bvs\.?|versus|还是|哪个|which one|which is", re.I)
_FOLLOW = re.compile(r"\d|[一两二三四五六七八九十]|呢|what about|how about|and with|\bx\b", re.I)  # "四张呢", "and 4?"
_SAID = "\0said"  # the ask's own answer says what the answer already says: given


def _says_again(item: Ask, sub: Answer | None, said: str) -> bool:
    if sub is None or not sub.understood or not sub.headline:
        return False
    sentence = _figure_sentence(item.kind, sub.headline)  # the first sentence for an "other" ask
    return bool(sentence) and sentence in said


def _from_steps(item: Ask, answer: Answer, said: str) -> str:
    """The reason of the answer that already states the asked figure ("上下文能开多长": the longest context that fits,
    worked out by the fit model), "" when none does."""
    shape = _IN_STEPS.get(item.kind)
    if shape is None:
        return ""
    found = re.compile(shape)
    return next((s for step in answer.steps for s in _sentences(step) if found.search(s) and s not in said), "")


def _named(item: Ask, answer: Answer, ask: Callable[[str], Answer | None]) -> str:
    """The card the message names when the answer is about none ("二手矿卡3080怎么验 价格多少算正常": a concept page;
    the price is asked of the 3080), "" when it names none or several."""
    cards = getattr(ask, "cards_named", None)
    if answer.gpus or answer.choice or cards is None:
        return ""
    named = set(cards())
    return next(iter(named)) if len(named) == 1 else ""


def _direct(item: Ask, answer: Answer, env: Env, text: str = "") -> str:
    """The line an existing model gives from the answer's own cards without asking again: the PSU of the card (or set)
    answered (builds.psu_sizing, §rig; a PSU `text` states weighed), whether the circuit said (else the usual socket)
    carries its draw at the wall (respond/circuit); "" otherwise."""
    if item.kind not in ("psu", "circuit"):
        return ""
    name = card_of(answer)
    spec = env.reader.gpu(name) if name else None
    if spec is None or not spec.tdp_w:
        return ""
    from assistant.respond.builds import build, psu_sizing, stated_psu
    from assistant.respond.wording import counted

    n = count_of(answer, spec.name)
    if item.kind == "circuit":  # the build's draw at the wall against the circuit said, else the usual socket
        from assistant.respond import circuit

        return circuit.sentence(SimpleNamespace(text=text), build(spec, n, 0.0, 1.0), env)[0]  # (it names the cards)
    stated = stated_psu(_WATTS_SAID.findall(text), build(spec, n, 0.0, 1.0), env)  # "corsair 650w ... psu enough?"
    line = psu_sizing(float(spec.tdp_w) * n, n, env)[0]
    return stated or env.t("asks.for_card", gpu=counted(env, spec, n, article=False), line=line)


def complete(answer: Answer, text: str, env: Env, ask: Callable[[str], Answer | None]) -> Answer:
    """Answer every ask of `text` (see the module contract)."""
    asks = checklist(text)
    if not asks:  # one question: its first sentence gives the figure it asks, every workload it names answered
        from assistant.respond import lead_ask, other_work

        answer = other_work.complete(lead_ask.first(answer, text, env), text, env, ask)
        answer = _cpu_beside(answer, text, env, ask)  # "qwen3 14b on a 4070 how many tok/s, vs cpu only?"
        return ask_facts.beside(answer, text, env, ask)  # "... vs ..., does rocm still support either": the fact too
    if not answer.understood:  # a name asked back about ("did you mean ...") stays asked: nothing else answered
        # ("昇腾960能买到吗，性能对标哪张卡": the device's own answer; no ranking of other cards in its place)
        kept = answer.figures.get("candidates") or answer.figures.get("uncovered")
        return answer if kept else _rebuilt(answer, asks, env, ask)
    from assistant.respond.concept_first import rebuilt

    concept = rebuilt(answer, asks, env, ask)  # "tensor core是啥？2080ti有吗，1080ti呢": the concept, then each card
    if concept is not None:
        return concept
    said = answer.headline
    # a concept's answer reads the whole question: an ask it leaves without a line is not said unanswerable ("why does
    # it matter for token generation speed" beside GDDR7's bandwidth), and another concept's definition is no line
    explained = answer.intent == "explain"
    lines: list[tuple[int, Ask, str, bool]] = []  # (n, ask, line, answered)
    record = []
    primed = False
    names_of = getattr(ask, "gpus_of", None)
    for n, item in enumerate(asks, 1):
        names = tuple(names_of(item.text)) if names_of and item.kind in ask_each.EACH else ()
        fact, cited = ask_derived.line(n, item, asks, answer, env, ask, text, said)
        if fact:  # "..., is rocm on these dead": the known fact it asks, whatever else the answer says
            answer.sources += [s for s in cited if s not in answer.sources]
            said += " " + fact
            lines.append((n, item, fact, True))
            record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "line"})
            continue
        if (
            _given(item, answer, said, text)
            and not ask_each.missing(item.kind, names, said, env)
            and not about_ask.other_card_given(item, ask, text, said, env)
            and not about_ask.format_unsaid(item, said)
            and not (about_ask.rent_against(item, asks[0], answer) and not about_ask.weighs(said))
        ) or (
            n == 1 and item.kind == "other"
        ):  # the answer read the whole, first ask (a figure of several cards: given for each)
            record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "headline"})
            continue
        if n > 1 and (not primed and _bare(item) or about_ask.rent_against(item, asks[0], answer)):
            ask(asks[0].text)  # "四张呢", "和 H100 8卡比谁便宜" follow the first ask: put that first, as in a chat
        primed = True
        if explained and ask_concepts.said_beside(item.text, answer, ask):  # "B580跑ollama支持吗，intel卡能不能炼丹"
            record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "headline"})
            continue
        sub, line = _asked(item, answer, env, ask, said, text)
        if sub is not None and line and line != _SAID:  # "b200 vs h200 rental prices": the figure of each card
            line = ask_each.each_line(item.kind, names, line, sub.headline, env)
        if explained and sub is not None and sub.intent == "explain" and not sub.figures.get("lead"):
            line = ""  # "(2) what does it give me over bf16": BF16's definition beside FP8's answer is a neighbour
        if (
            explained
            and sub is not None
            and sub.figures.get("fact")
            and sub.figures.get("fact") == answer.figures.get("fact")
        ):
            line = (
                ""  # the same asked fact the answer leads with ("一个参数fp16占几个字节" after the bytes per parameter)
            )
        cannot = (answer.figures.get("cannot_said") or {}).get(item.kind, "")
        if cannot and line and line != _SAID:  # a line gives what the answer said it could not: the line stands
            answer.headline = _without(answer.headline, cannot, env)
            said = answer.headline
        elif item.kind in (answer.figures.get("not_covered") or ()):
            record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "cannot"})
            continue  # the answer already says plainly that it cannot give it
        # an ask of no known kind is not said unanswerable: its words are no proof the answer left it out ("有没有坑"
        # beside the mining checks, "被阉割了多少" beside the 29 % cut), and a false "I can't" contradicts the answer
        unread = item.kind in _JUDGED or (explained and _what_is(item.text))  # a why beside a concept: read by it
        if line == _SAID or (not line and (n == 1 or unread or answer.intent in _WEIGHS.get(item.kind, ()))):
            # the whole answer was read for the first ask; a fragment of no known kind is not said unanswerable
            # (a comparison weighs the options itself: its pick is not said not given when no line says it first)
            record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "headline"})
            continue
        if line and sub is not None:
            answer.sources += [s for s in sub.sources if s not in answer.sources]
            said += " " + line
        lines.append((n, item, line or _cannot(item, env), bool(line)))
        record.append({"n": n, "kind": item.kind, "ask": item.text, "answered": "line" if line else "cannot"})
    answer.figures["asks"] = record
    _drop_unread(answer, [item for n, item, _, given in lines if given], env)  # "available" answered by a line
    lined = {r["kind"] for r in record if r["answered"] == "line"}
    if lined:  # what the lines give, for the checks after this one (respond/figure_net)
        answer.figures["covers"] = sorted(covers(answer) | lined)
    if (
        record and record[0]["answered"] == "headline" and answer.intent != "explain"
    ):  # (a concept opens with its title)
        answer.headline = _first_ask_first(asks, answer.headline)
    if not lines and not answer.figures.get("other_work"):  # "靠谱吗？跑SDXL和7B模型够不够用": the 7B beside SDXL
        from assistant.respond import other_work

        answer = other_work.complete(answer, text, env, ask)
    if not lines:
        return answer
    lead = lines[0][2] if lines[0][0] == 1 and lines[0][3] else ""
    rest = [_numbered(n, item, line, env) for n, item, line, _ in lines if not (n == 1 and lead)]
    block = env.t("asks.also") + "\n" + "\n".join(rest) if rest else ""
    answer.headline = i18n.gap(env.lang).join(p for p in (lead, answer.headline.rstrip()) if p)
    if block:
        answer.headline += "\n\n" + block
    return answer


def _cpu_beside(answer: Answer, text: str, env: Env, ask: Callable[[str], Answer | None]) -> Answer:
    """A one-ask message that also asks the CPU alone ("..., vs cpu only?") whose answer does not name the CPU: the
    CPU's own speed or time (respond/ask_cpu) as a paragraph after the headline."""
    if not answer.understood or not _CPU.search(text) or _CPU_SAID.search(answer.headline):
        return answer
    item = Ask("speed", text)
    _, line = _asked(item, answer, env, ask, answer.headline, text)
    if not line or line == _SAID or not _CPU_SAID.search(line):
        return answer
    para, sep, rest = answer.headline.partition("\n\n")
    answer.headline = para.rstrip() + "\n\n" + line + (sep + rest if sep else "")
    return answer


def _drop_unread(answer: Answer, answered: list[Ask], env: Env) -> None:
    """The card page's "I did not understand <words> about the <card>" (respond/card_topic) leaves the headline when
    every word it did not read is in an ask a line now answers ("is the rtx pro 6000 blackwell actually available to
    buy": the listing line)."""
    unread = [w for w in answer.figures.get("unread") or () if isinstance(w, str)]
    spec = env.reader.gpu(answer.gpus[0]) if answer.gpus else None
    if not unread or spec is None or not all(any(w in a.text.lower() for a in answered) for w in unread):
        return
    words = f"“{env.t('nlu.join_words').join(unread)}”"
    answer.headline = _without(
        answer.headline, env.t("card_topic.not_understood", words=words, gpu=spec.short_name), env
    )


def _without(headline: str, sentence: str, env: Env) -> str:
    """The headline without a sentence asked.cover added (it stood apart, joined by the language's gap)."""
    gap = i18n.gap(env.lang)
    for joined in (gap + sentence, sentence + gap, sentence):
        if joined and joined in headline:
            return headline.replace(joined, "", 1).strip()
    return headline


def _numbered(n: int, item: Ask, line: str, env: Env) -> str:
    return env.t("asks.line", n=n, ask=item.text, line=line)


def _cannot(item: Ask, env: Env) -> str:
    key = f"asks.cannot_{item.kind}"
    reason = env.t(key) if i18n.has(env.lang, key) else env.t("asks.cannot_other")
    return env.t("asks.cannot", reason=reason)


def _rebuilt(answer: Answer, asks: tuple[Ask, ...], env: Env, ask: Callable[[str], Answer | None]) -> Answer:
    """A message whose whole reading could not be answered ("rent or buy? and if rent which gpu and about how much"
    asked back for a GPU): the first ask that can be answered leads, the others follow as lines; the answer as it
    was when none can be."""
    subs = [(n, item, ask(item.text)) for n, item in enumerate(asks, 1)]
    good = [(n, item, sub) for n, item, sub in subs if sub is not None and _line_from(item, sub, "")]
    if not good:
        return answer
    n0, _, base = good[0]
    base.question = answer.question
    said = base.headline
    rest = []
    lead = ""  # the first ask's line leads when the base answers a later ask (the first sentence answers the first)
    for n, item, sub in subs:
        if n == n0 or _given(item, base, said, answer.question):
            continue
        line, _ = ask_derived.line(n, item, asks, base, env, ask, answer.question, said) if n > 1 else ("", [])
        line = line or _line_from(item, sub, said)  # ("那8b呢": the version's answer, not the first model's again)
        if not line:
            sub, line = _asked(item, base, env, ask, said, answer.question)
        if line == _SAID:
            continue
        if line and sub is not None:
            base.sources += [s for s in sub.sources if s not in base.sources]
        said += " " + line
        if n == 1 and line:
            lead = line
            continue
        rest.append(_numbered(n, item, line or _cannot(item, env), env))
    if lead:
        base.headline = i18n.gap(env.lang).join([lead, base.headline.rstrip()])
    if rest:
        base.headline = base.headline.rstrip() + "\n\n" + env.t("asks.also") + "\n" + "\n".join(rest)
    return base
