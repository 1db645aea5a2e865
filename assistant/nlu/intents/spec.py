"""Specs: "specs of the 4090", "memory of the 4090 and 3090", "how fast is the 4090?".

`of_several` claims spec fields asked of GPUs joined by "and" (not a comparison);
`speed_of_one` claims "how fast is X" about one named GPU; `read` claims any question naming
GPUs that no other reader took (their specs).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.rates import period
from assistant.nlu.intents.verdict import feature, said, yes_no_of_card
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import CompareQuery, FitQuery, GpuRef, ModelRef, Query, SpecQuery

# what may come with a GPU and "how much" when the price is asked ("dgx spark how much", "a used 3090, how much?")
_PRICE_ONLY = {"GPU", "HOW_MUCH", "QUESTION", "CONDITION", "PRONOUN", "FOLLOW"}


def of_several(r: Reading) -> Query | None:
    b = r.b
    versus = b.struct("versus")
    joined = b.has("AND") or any(t.text.startswith("and") for t in b.kinds.get("FOLLOW", []))
    if (
        len(r.refs) >= 2
        and r.fields()
        and r.fields() != ("all",)
        and joined
        and (versus is None or set(versus.parts) <= {"AND", "COUNT", "NUMBER", "CONDITION"})
        and not r.model
        and not b.has("COMPARE", "VS", "OR", "WHY", "FASTER", "SPEED", "VALUE", "MORE", "ASPECT", "RECOMMEND", "THAN")
    ):
        return SpecQuery(text=r.text, gpus=tuple(r.refs), fields=r.fields())
    return None


def of_them(r: Reading) -> Query | None:
    """ "whats the difference in power between them", "memory of both?": a figure of the GPUs talked about (not a
    comparison of their value, nor a concept)."""
    b = r.b
    fields = r.fields()
    # "which one uses less power": "which" of the GPUs talked about, by that figure
    which = b.has("COMPARE") and b.has("MORE") and fields in (("power",), ("bandwidth",), ("tensor_cores",), ("l2",))
    # "both": two sides to choose between, never one set of several ("哪个更省电" after 3 x 3090 then 2 x 4090)
    refs = r.refs or ((GpuRef(mention="", pronoun="both"),) if which else ())
    if not fields or fields == ("all",) or "speed" in fields or not refs:
        return None
    if any(g.pronoun not in ("them", "both", "all") for g in refs):
        return None
    if r.model or b.has("PARAMS", "WORKLOAD", "COST", "MONEY", "KWH", "HOURS", "FASTER", "SPEED", "RECOMMEND", "WHY"):
        return None
    return SpecQuery(text=r.text, gpus=tuple(refs), fields=fields)


# what may come with a figure and a difference word in a question about the GPUs talked about ("whats the price
# difference", "and the memory difference?", "what's the difference in power")
_DIFFERENCE_OF = {"EXPLAIN", "QUESTION", "FIELD", "PRICES", "COMPARE", "ON", "OF", "FOLLOW", "AND", "HOW_MUCH", "MORE"}


@needs(("COMPARE",))
def difference_talked_about(r: Reading) -> Query | None:
    """ "whats the price difference", "and the memory difference?": a figure of the GPUs talked about, set side by
    side (the dialogue fills them in); without a difference word or with anything else asked, not this reader's."""
    b = r.b
    fields = r.fields()
    if r.refs or not fields or fields == ("all",) or "speed" in fields or not b.has("COMPARE"):
        return None
    if not r.lex.words_in("difference_words", f" {r.text.lower()} ") or b.unknown:
        return None
    if {t.kind for t in b.tags} - _DIFFERENCE_OF or b.has("AND") or len(r.field_values()) != 1:
        return None  # "内存和显存有什么区别": two things set against each other, a concept question
    return SpecQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="them"),), fields=fields)


def speed_of_one(r: Reading) -> Query | None:
    b = r.b
    if (
        b.has("FASTER")
        and "speed" in b.meanings.get("FIELD", [])
        and len(r.refs) == 1
        and not r.model
        and not b.has("PARAMS")  # "m4 max 128gb, how fast on 70b": a model size on it (a fit)
        and not b.has("THAN", "COMPARE", "VS", "OR")
        and r.refs[0].pronoun != "them"
        and not b.struct("why")
    ):
        if _set_against(r):  # "速度跟4090差多少" after a 7900 XTX: the card talked about against this one
            return CompareQuery(text=r.text, gpus=(GpuRef(mention="", pronoun="context"), r.refs[0]))
        return speed_query(r, tuple(r.refs))
    return None


_AGAINST = re.compile(r"(?:跟|和|与|同|比|相比)\s*$")


def _set_against(r: Reading) -> bool:
    """ "跟4090差多少", "和4090比快多少": a Chinese comparison word right before the only card named sets it against
    another card (the one talked about), not a question of its own speed."""
    gpus = r.b.kinds.get("GPU", [])
    return len(gpus) == 1 and r.refs[0].pronoun is None and bool(_AGAINST.search(r.text[: gpus[0].start]))


def _model_named(r: Reading) -> bool:
    """A KB model, or a family at one size ("qwen 14b": the name check takes its newest version)."""
    return r.model is not None and bool(r.model.key or re.search(r"\d+(?:\.\d+)?\s*b\b", r.model.mention))


_CHOICE = re.compile(r"\bwhich\b.*\b(?:use|pick|choose|go with)\b|\bshould i (?:use|pick|go)\b|用哪个|选哪个|该用")


def precision_speed(r: Reading) -> Query | None:
    """ "how much faster is fp8 than fp16 on a 4090", "4090 fp8比fp16快多少", "fp8 vs fp16 speed on h100": one card
    and two number formats set against each other (a faster / versus / than word): the formats' speeds on that card;
    with a model named ("tokens per second of llama 3.1 8b on a 4090 fp16 vs q4") the model's speed at each (a fit).
    FP8 or FP4 alone asked faster is set against BF16, of the card named or else the one talked about."""
    formats = list(dict.fromkeys(r.b.meanings.get("PRECISION", [])))
    names = {g.name for g in r.refs if g.name}
    if formats in (["fp8"], ["fp4"]) and r.b.has("FASTER") and len(names) <= 1 and not _model_named(r):
        formats.append("bf16")  # "how much faster is fp8 on a 4090", "用 transformer engine 能快多少": against 16-bit
        if not names:  # the card talked about
            talked = GpuRef(mention="", pronoun="context")
            return SpecQuery(text=r.text, gpus=(talked,), fields=("precisions",), precisions=tuple(formats))
    # "how fast is qwen 14b fp16 vs q4 on it": a model at two precisions on the card talked about
    on_it = len(r.refs) == 1 and r.refs[0].pronoun is not None and _model_named(r)
    if on_it and len(formats) == 2 and r.b.has("FASTER", "VS", "THAN", "ASPECT", "SPEED"):
        return FitQuery(text=r.text, model=r.model, gpus=tuple(r.refs), want_speed=True, precisions=tuple(formats))
    if len(formats) != 2 or len(names) != 1 or not r.b.has("FASTER", "VS", "THAN", "ASPECT"):
        return None
    if not r.b.has("FASTER", "SPEED") and (_CHOICE.search(r.text.lower()) or r.said("asked_difference")):
        # "bf16 vs fp16 which should i use on a 3090", "fp16 vs bf16 whats the difference, does my 2080 ti do bf16":
        # which format to use, what sets them apart (the concepts), not two speeds
        return None
    if r.b.has("ASPECT") and not r.b.has("FASTER", "VS", "THAN") and r.b.meaning("ASPECT") != "speed":
        return None
    gpus = tuple(g for g in r.refs if g.name)
    if _model_named(r):  # "llama 3.1 8b on a 4090 fp16 vs q4": the model's speed at each
        return FitQuery(text=r.text, model=r.model, gpus=gpus, want_speed=True, precisions=tuple(formats))
    return SpecQuery(text=r.text, gpus=gpus, fields=("precisions",), precisions=tuple(formats))


def _counted(r: Reading) -> set[str]:
    """A count of the cards after "how much" ("how much for one 3090", "how much would 4 used 3090s be"): money for
    them; not "多少" (how many: "两张4090 并发能到多少" asks users)."""
    english = any(t.kind == "HOW_MUCH" and t.text.lower() == "how much" for t in r.b.tags)
    return {"COUNT", "NUMBER"} if english else set()


@needs(("GPU", "PRONOUN"))
def read(r: Reading) -> Query | None:
    if not r.refs:
        return None
    fields = r.fields()
    if not fields and r.b.has("HOW_MUCH") and r.b.has("CURRENCY"):
        fields = ("price",)  # "4090多少欧元", "how much is a 4090 in pounds": its price, in that currency
    elif not fields and r.b.has("HOW_MUCH") and {t.kind for t in r.b.tags} <= _PRICE_ONLY | _counted(r):
        fields = ("price",)  # "dgx spark how much", "how much would 4 used 3090s be": nothing else asked, its price
    elif not fields and (said(r, "where_cheapest_words") or said(r, "cheapest_rate_words")):
        fields = ("price",)  # "where can i buy a 4090 cheapest": what it costs (no shop data to point to)
    elif said(r, "price_now_words"):
        fields = (*[f for f in fields if f != "all"], "price")  # "whats a used a100 worth these days"
    elif fields in ((), ("all",)) and speed_alone(r):
        # "p40 ollama speed?", "3090跑本地模型每秒多少token", "v100 32g 推理速度怎么样" (怎么样 of the speed said, no
        # sheet): its speed, nothing else asked
        fields = ("speed",)
    refs = tuple(r.refs)
    if not fields and all(g.pronoun for g in refs) and period(r) is not None:
        from assistant.nlu.intents import followup  # followup reads the settings this module's readers leave

        return followup.build(r)  # "whats that per year if i run it 6h a day": the last answer over that period
    if said(r, "resale_words") and (not fields or set(fields) <= {"price", "all"}):
        # "how much can i sell my 3060 for", "3060二手能卖多少": what it fetches used
        fields = ("price",)
        refs = tuple(dataclasses.replace(g, condition="used") if g.condition is None else g for g in refs)
    if fields == ("speed",):
        return speed_query(r, refs)
    return SpecQuery(text=r.text, gpus=refs, fields=fields)


DEFAULT_IMAGE_MODEL = "sdxl-base"  # the image model a card's image speed is timed on when none is named [A]


def speed_query(r: Reading, refs: tuple) -> Query:
    """The speed of the cards asked; a token rate or an inference speed said with no work ("3060 12gb tokens per
    second", "how fast is a 4060 ti in tokens per second", "p40推理速度快不快") is an LLM's speed, not a training
    score."""
    speeds = [t.text.lower() for t in r.b.kinds.get("SPEED", [])]
    token_rate = any("tok" in t or "字" in t for t in speeds)
    # "推理速度", "inference speed" said of a card alone: generating text, the inference people ask a card's speed for
    inferring = any(w in t for t in speeds for w in r.lex.listed("speed_inference_words"))
    # "how fast is a v100 for inference": inference named as the work of a card's speed, the same
    work = "llm_inference" if (r.workload in (None, "inference") and (token_rate or inferring)) else None
    work = "llm_inference" if r.workload == "inference" else work
    imaging = any(w in t for t in speeds for w in r.lex.listed("speed_image_words"))
    if (r.workload == "image_generation" or imaging) and refs and not r.model:
        # "4060ti 16g出图速度", "4060 ti 16gb stable diffusion speed": seconds per image of the common model, said
        return FitQuery(
            text=r.text,
            model=ModelRef(mention="", key=DEFAULT_IMAGE_MODEL),
            gpus=refs,
            want_speed=True,
            workload="image_generation",
        )
    return SpecQuery(text=r.text, gpus=refs, fields=("speed",), workload=work)


def speed_alone(r: Reading) -> bool:
    """One card and its speed asked in a word of its own ("speed", "每秒多少token", "速度怎么样"), with no model, size,
    second card or verdict word ("worth", "够不够"): the card's speed is the answer (tokens/s for local LLMs when that
    is the work), not a verdict of the card."""
    verdict_words = ("verdict_worth", "verdict_enough", "verdict_good", "verdict_overkill", "verdict_wait")
    return (
        len(r.refs) == 1
        and r.aspect() == "speed"
        and not r.model
        and not r.b.has("PARAMS", "THAN", "COMPARE", "VS", "OR", "FASTER")
        and not (r.b.has("FIT") and r.workload != "image_generation")  # "跑...速度咋样 能跑14b吗": a fit
        and not r.b.struct("why")
        and not any(said(r, w) for w in verdict_words)
        and not (feature(r) or r.b.has("PRECISION"))  # "does fp4 matter for inference speed": the feature's verdict
        and (not (r.form.figure == "yes_no" or yes_no_of_card(r)) or _how_is_speed(r))
    )


def _how_is_speed(r: Reading) -> bool:
    """ "4090速度怎么样", "v100 推理速度怎么样": the how-is word belongs to the speed asked, inside its words or right
    after them ("is it too slow" is a yes / no of the card)."""
    how = r.lex.listed("verdict_how_is")
    speeds = r.b.kinds.get("SPEED", [])
    if any(w in t.text for t in speeds for w in how):
        return True
    after = [t for t in r.b.tags if any(0 <= t.start - s.end <= 1 for s in speeds) and t.kind != "SPEED"]
    return any(t.text in how for t in after)
