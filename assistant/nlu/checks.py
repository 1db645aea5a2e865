"""Checks on a built query: unresolved GPU and model mentions become Clarifications.

Contract: `check(query, bag, index)` returns the query, or a Clarification (unknown_gpu /
ambiguous_gpu / unknown_model / ambiguous_model) carrying the `pending` query and the `slot`
the candidates fill ("gpus[i]", "model", "settings[i].gpu"); `assistant.clarify.fill` fills
every slot this module can produce.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant import i18n
from assistant.nlu import messages as msg
from assistant.nlu.bag import Bag
from assistant.nlu.index import GpuMatch, ModelMatch, NameIndex
from assistant.nlu.lexicon import lexicon
from assistant.nlu.lookup import lineup, model_versions
from assistant.nlu.lookup.name_tokens import memory_of_mention, split_suffixes
from assistant.nlu.text import words
from assistant.queries import (
    Clarification,
    CompareQuery,
    CostQuery,
    FitQuery,
    GpuRef,
    ModelRef,
    Query,
    RecommendQuery,
    RentOrBuyQuery,
    RigQuery,
    SpecQuery,
    VerdictQuery,
)
from assistant.query_talk import ExplainQuery, SetQuery

# spec fields and verdict features that memory-size variants of one card share ("does the 4060 ti support nvlink")
_FAMILY_FIELDS = frozenset({"nvlink", "pcie", "architecture"})


def _same_for_all(q: Query, candidates: tuple[str, ...]) -> bool:
    """The question asks only what every candidate has alike: memory-size variants of one card (names that
    differ only in "N GB") asked about NVLink, PCIe, the architecture or a precision feature."""
    if len({re.sub(r"\s*\d+ GB$", "", c) for c in candidates}) != 1:
        return False
    if isinstance(q, SpecQuery):
        return bool(q.fields) and set(q.fields) <= _FAMILY_FIELDS
    if isinstance(q, ExplainQuery) and q.concept == "pcie":
        return True  # "5060 ti只有pcie 5.0 x8 插老主板影响大不大": the sizes share one link (the memory read is said)
    if isinstance(q, ExplainQuery) and (q.asked == "prompt_wait" or q.embed is not None or q.fact):
        # "why does my m2 max chew on a long prompt", "embed 20万篇 on a 4060ti", "egpu for my mac mini m4" (a fact of
        # the chip, concept_facts.toml): one chip, any memory
        return True
    return isinstance(q, VerdictQuery) and q.kind == "feature"


def memory_named(mention: str) -> float | None:
    """The memory size a GPU mention states ("mac mini m4 16g", "rtx 5080 super 24gb" -> 16, 24), else None."""
    found = memory_of_mention(split_suffixes(words(mention)))
    return found[0] if found else None


def _with_gpu(q: Query, i: int, picked: GpuRef) -> Query:
    """`q` with its i-th GPU replaced by `picked`."""
    with_gpus: Any = q  # a query with `gpus` (its caller iterates them)
    return dataclasses.replace(with_gpus, gpus=(*with_gpus.gpus[:i], picked, *with_gpus.gpus[i + 1 :]))


def _stated_memory_pick(q: Query, candidates, bag: Bag, index: NameIndex) -> str | None:
    """The one candidate whose memory the question states as an amount of its own (not system RAM), else None."""
    ram = getattr(q, "system_ram_gb", None)
    stated = {t.number() for t in bag.kinds.get("MEMORY", [])} - {ram}
    fitting = [c for c in candidates if index.memory_of(c) in stated]
    return fitting[0] if len(fitting) == 1 else None


def _by_memory(q: Query, i: int, m: GpuMatch) -> Query | None:
    """A model asked to fit on a GPU the KB lacks, whose mention states its memory ("can a mac mini m4 16g run
    llama 3 8b"): the fit on a card of that memory, with the name said not to be in the list."""
    if not isinstance(q, FitQuery) or m.status != "unknown" or len(q.gpus) != 1 or q.memory_gb is not None:
        return None
    size = memory_named(m.mention)
    if not size:
        return None
    count = q.gpus[i].count
    return dataclasses.replace(
        q,
        gpus=(),
        memory_gb=size,
        gpu_count=q.gpu_count or (count if count > 1 else None),
        unrecognized=(*q.unrecognized, m.mention),
    )


_VARIANT_WORDS = ("super", "ti", "xt", "xtx", "d")  # a variant suffix a card not yet in the data is named with


def _variant_awaited(mention: str, text: str, bag: Bag, index: NameIndex) -> str | None:
    """ "is the 5080 super out yet", "5090 ti什么时候出": an unknown variant of a card the KB holds, asked whether it is
    out (lexicon [lists] release_asked_words): that card stands in, and the answer says the variant is not in the data
    (not released yet, or unsourced) instead of asking which of three near names was meant; None otherwise."""
    toks = split_suffixes(words(mention))
    if len(toks) < 2 or toks[-1] not in _VARIANT_WORDS:
        return None
    low = text.lower()
    if not any(w in low for w in lexicon(bag.lang).listed("release_asked_words")):
        return None
    base = index.gpu(toks[:-1], " ".join(toks[:-1]))
    return base.name if base.status == "ok" else None


def check(q: Query, bag: Bag, index: NameIndex) -> Query | Clarification:
    if isinstance(q, VerdictQuery) and q.kind == "wait" and q.unrecognized:
        q = _never_released(q, index)
    gpu_tags = {t.text: t.gpu_match() for t in bag.kinds.get("GPU", [])}
    gpus = getattr(q, "gpus", ())
    for i, g in enumerate(gpus):
        if g.pronoun is not None or g.name is not None:
            continue
        m = gpu_tags.get(g.mention)
        if m is None:
            continue
        if m.status == "ambiguous" and _same_for_all(q, m.candidates):
            picked = dataclasses.replace(g, name=m.candidates[0], assumed=True)  # the answer names the one assumed
            return check(_with_gpu(q, i, picked), bag, index)
        if m.status == "ambiguous" and (stated := _stated_memory_pick(q, m.candidates, bag, index)):
            # "is 16gb enough for flux on a 4060 ti": the memory typed elsewhere names the variant
            return check(_with_gpu(q, i, dataclasses.replace(g, name=stated)), bag, index)
        sized = _by_memory(q, i, m)
        if sized is not None:
            return check(sized, bag, index)
        stand_in = index.stand_in(words(m.mention)) if m.status == "unknown" else None
        read = lineup.unknown_name(index, m.mention) if stand_in is None and m.status == "unknown" else None
        if read is not None and isinstance(q, CompareQuery) and any(o.name == read[0] for o in gpus):
            return _against_itself(q, read[0], (m.mention, *read), bag, index)  # "m5 ultra vs m3 ultra"
        if (
            read is not None
        ):  # "4090 ti", "4080 32g", "m5 ultra", "rx 8900 xtx": said not in the data, a real card answered
            later = _with_gpu(q, i, dataclasses.replace(g, name=read[0]))
            return check(dataclasses.replace(later, stand_ins=(*q.stand_ins, (m.mention, *read))), bag, index)
        if stand_in is None and m.status != "ok":  # "is the 5080 super out yet": a variant asked about, not a typo
            stand_in = _variant_awaited(m.mention, q.text, bag, index)
        if stand_in is not None and isinstance(q, CompareQuery) and any(o.name == stand_in for o in gpus):
            # "rtx 5090 vs 6090": a coming card set against the card it would follow: not in the data, said; whether
            # to buy the known one now or wait is what can be answered (respond/wait.py), never "compare with which?"
            known = next(o for o in gpus if o.name == stand_in)
            return VerdictQuery(text=q.text, gpus=(known,), kind="wait", workload=q.workload, unrecognized=(m.mention,))
        if stand_in is not None:  # "rtx 6080什么时候出": not in the data, said; the newest card of its tier answered
            later = dataclasses.replace(
                _with_gpu(q, i, dataclasses.replace(g, name=stand_in)), stand_ins=(*q.stand_ins, (m.mention, stand_in))
            )
            return check(later, bag, index)
        if m.status == "unknown" and m.candidates and isinstance(q, VerdictQuery) and q.kind == "deal":
            # "found a tesla v200 32gb for $300": a listing under a name no card has, weighed as the nearest card held
            # with the warning that the listing is mislabelled or a fake (respond/stand_ins "listing")
            later = _with_gpu(q, i, dataclasses.replace(g, name=m.candidates[0]))
            listing = (m.mention, m.candidates[0], "listing", "")
            return check(dataclasses.replace(later, stand_ins=(*q.stand_ins, listing)), bag, index)
        kind = "ambiguous_gpu" if m.status == "ambiguous" else "unknown_gpu"
        return Clarification(
            kind,
            msg.gpu_problem(q, m, kind, index, lang=bag.lang),
            candidates=m.candidates,
            intent=q.intent,
            text=q.text,
            pending=_rest_checked(q, i, m.candidates, bag, index) if m.candidates else q,
            slot=f"gpus[{i}]",
            extras={
                "mention": m.mention,
                "options": msg.options(m.candidates, index),
                "lang": bag.lang,
                # "does huawei ascend 910b run pytorch": the engine answers what is known of its software
                "uncovered": msg.is_uncovered(m.mention, bag.lang),
                "field": msg.sheet_asked(bag),
            },
        )
    if isinstance(q, SetQuery):
        for i, s in enumerate(q.settings):
            if s.key == "price_override" and s.gpu is None:
                first = next(iter(gpu_tags.values()), None)
                if first is not None:
                    kind = "ambiguous_gpu" if first.status == "ambiguous" else "unknown_gpu"
                    return Clarification(
                        kind,
                        msg.gpu_problem(q, first, kind, index, lang=bag.lang),
                        candidates=first.candidates,
                        intent="set",
                        text=q.text,
                        pending=q,
                        slot=f"settings[{i}].gpu",
                        extras={
                            "mention": first.mention,
                            "options": msg.options(first.candidates, index),
                            "lang": bag.lang,
                        },
                    )
    model = getattr(q, "model", None)
    mt = bag.kinds.get("MODEL")
    found = mt[0].model_match() if mt else ModelMatch(model.mention if model else "", "unknown")
    if (
        model is not None
        and not model.key
        and isinstance(q, (RecommendQuery, RigQuery))
        and found.status == "ambiguous"
    ):
        # "手里4000块 想本地跑个qwen 买啥显卡好", "预算3w 整机 双卡 跑qwen 32b": which cards for local LLMs; a size
        # typed ("qwen 32b": several 32B models) is the model's size, else the workload alone
        size = re.search(r"(\d+(?:\.\d+)?)\s*b\b", found.mention.lower())
        params = float(size.group(1)) if size else q.params_b
        return dataclasses.replace(
            q,
            model=None,
            params_b=params,
            workload="llm_inference" if q.workload in (None, "inference") else q.workload,
            unsized=(found.mention,),
            unsized_models=found.candidates,
        )
    sized_rent = isinstance(q, RentOrBuyQuery) and re.search(r"\d\s*b\b", found.mention.lower())
    if model is not None and not model.key and (_bill_of_named_cards(q) and not sized_rent or _api_asked(bag)):
        # "rent or buy for llama loras": whichever llama; "cost to run llama 70b on runpod": the size picks the cards
        # "my 3090 runs llama 24/7, yearly electricity bill": the cards' draw prices it, whichever llama it is
        unused = {"model": None}  # CostQuery and RentOrBuyQuery both have it
        return dataclasses.replace(q, unsized=(found.mention,), unsized_models=found.candidates, **unused)  # type: ignore[arg-type]
    if model is not None and not model.key and found.status == "ambiguous":
        newest = model_versions.newest_of(found.mention, found.candidates)
        if newest:  # "qwen 14b", "llama 70b": versions of one family at one size need the same memory
            others = tuple(c for c in found.candidates if c != newest)
            return _with_model(q, ModelRef(found.mention, newest, assumed_over=others))
        same = model_versions.same_size(found.mention, found.candidates, index.model_info)
        if same:  # "deepseek 671b": R1 and V3 are one architecture, so the answer is the same for both
            others = tuple(c for c in found.candidates if c != same)
            return _with_model(q, ModelRef(found.mention, same, assumed_over=others))
    if model is not None and not model.key and found.status == "unknown":
        earlier = model_versions.earlier_version(found.mention, index)
        if earlier:  # "deepseek v3.1": the DeepSeek V3 the KB holds, said
            return _with_model(q, ModelRef(found.mention, earlier, earlier_version=True))
    if isinstance(q, FitQuery) and q.asked == "system_ram" and model is not None and not model.key:
        if found.status == "ambiguous" and not _family_on_gpu(q, model, found):
            # "64G还是128G内存 CPU+GPU混合跑DeepSeek": RAM for offload is asked of the family's likeliest model, said
            ranked = model_versions.ranked(found.candidates, index.model_info)
            return _with_model(q, ModelRef(found.mention, ranked[0], assumed_over=ranked[1:]))
    if isinstance(q, FitQuery) and not bag.has("EXPLAIN") and _family_alone(q, model, found, index):
        # "deepseek要多少显存", "想本地跑deepseek 笔记本行吗": each size's memory and the cheapest cards that hold it
        laptop = lexicon(bag.lang).words_in("laptop_words", q.text.lower())
        ranked = model_versions.ranked(found.candidates, index.model_info)
        return RecommendQuery(
            text=q.text,
            workload="llm_inference",
            settings=q.settings,
            laptop=laptop,
            unsized=(found.mention,),
            unsized_models=ranked,
        )
    if isinstance(q, FitQuery) and _family_on_gpu(q, model, found):  # "4090能跑deepseek吗": each size on that GPU
        ranked = model_versions.ranked(found.candidates, index.model_info)
        return dataclasses.replace(q, model=ModelRef(found.mention, ranked[0]), family_models=ranked)
    if model is not None and not model.key:
        mm = found
        if mm.status == "ambiguous":  # "qwen": the likeliest first, so the question can name three of them
            mm = dataclasses.replace(mm, candidates=model_versions.ranked(mm.candidates, index.model_info))
        kind = "ambiguous_model" if mm.status == "ambiguous" else "unknown_model"
        # "RTX 6090跑DeepSeek V4": the card is unknown too, said (never answered as another card)
        cards = [t.text for t in bag.kinds.get("GPU", []) if t.gpu_match().status == "unknown"]
        also = "".join(i18n.t(bag.lang, "nlu.also_unknown_gpu", mention=c) for c in dict.fromkeys(cards))
        return Clarification(
            kind,
            msg.model_problem(q, mm, kind, index, lang=bag.lang) + also,
            candidates=mm.candidates,
            intent=q.intent,
            text=q.text,
            pending=q,
            slot="model",
            extras={"mention": mm.mention, "lang": bag.lang},
        )
    return q


def _rest_checked(q: Query, i: int, candidates: tuple[str, ...], bag: Bag, index: NameIndex) -> Query:
    """The question asked back about card `i`, with the rest of it checked as for any one candidate
    ("4060ti能跑qwen 14b吗": the model resolved to Qwen3 14B), the card left open for the reply to fill; as typed when
    the rest asks back too."""
    g = q.gpus[i]  # type: ignore[attr-defined]
    trial = check(_with_gpu(q, i, dataclasses.replace(g, name=candidates[0])), bag, index)
    gpus = getattr(trial, "gpus", ())
    if type(trial) is not type(q) or len(gpus) != len(q.gpus) or gpus[i].name != candidates[0]:  # type: ignore[attr-defined]
        return q
    return _with_gpu(trial, i, g)


def _against_itself(
    q: CompareQuery, name: str, said: tuple[str, ...], bag: Bag, index: NameIndex
) -> Query | Clarification:
    """A name the KB lacks set against the very card that stands in for it ("m5 ultra vs m3 ultra", "4090 ti vs
    4090"): a card not out yet is a buy-now-or-wait verdict on the known one; one never released, that card's specs."""
    known = next(o for o in q.gpus if o.name == name)
    if said[2] in ("awaited", "tier"):
        return VerdictQuery(text=q.text, gpus=(known,), kind="wait", workload=q.workload, unrecognized=(said[0],))
    return check(SpecQuery(text=q.text, gpus=(known,), stand_ins=(*q.stand_ins, said)), bag, index)


def _never_released(q: VerdictQuery, index: NameIndex) -> VerdictQuery:
    """A buy-or-wait verdict whose awaited name was never released, or is a memory size the card never had ("is the
    rtx 4090 ti out yet", "等4080 32g"): said so (a stand-in line) instead of "not released yet"."""
    kept, said = [], []
    for mention in q.unrecognized:
        read = lineup.unknown_name(index, mention)
        if read is not None and read[1] in ("never", "skipped") and q.gpus and q.gpus[0].name == read[0]:
            said.append((mention, *read))
        else:
            kept.append(mention)
    if not said:
        return q
    return dataclasses.replace(q, unrecognized=tuple(kept), stand_ins=(*q.stand_ins, *said))


def _api_asked(bag: Bag) -> bool:
    """ "is running llama locally cheaper than the openai api": a family against an API, answered for the usual model
    of the work (respond/api_local.py), not asked back which one."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(bag.lang).words_in("api_words", f" {bag.text.lower()} ")


def _bill_of_named_cards(q: Query) -> bool:
    """A running cost of cards named, or a rent-or-buy with no job of a size: the model run does not change it."""
    named = any(g.name and not g.pronoun for g in getattr(q, "gpus", ()))
    if isinstance(q, CostQuery):
        return named and q.kind in ("running", "tco")
    if not isinstance(q, RentOrBuyQuery) or q.tokens or q.samples:
        return False
    # "rent or buy for training llama loras, 10h a week": the hours decide it and the work picks the card, whichever
    # llama it is; a job of a size (tokens, samples) needs the model
    return not named or q.mode is None


def _with_model(q: Query, model: ModelRef) -> Query:
    """The query with the model the mention was resolved to (every query with a `model` slot)."""
    changes: dict[str, Any] = {"model": model}
    return dataclasses.replace(q, **changes)


def _family_alone(q: FitQuery, model: ModelRef | None, found: ModelMatch, index: NameIndex) -> bool:
    """A fit question naming a language-model family without its size and no GPU, memory or RAM ("deepseek要多少显存",
    "想本地跑deepseek 笔记本行吗"): what each size takes (respond/recommend_family.py), rather than asked which one."""
    if model is None or model.key or found.status != "ambiguous" or any(g.name for g in q.gpus):
        return False
    if q.memory_gb or q.system_ram_gb or q.mode != "inference" or q.asked or q.want_speed:
        return False
    if re.search(r"(\d+(?:\.\d+)?)\s*[bm]\b", found.mention.lower()):
        return False  # "qwen 32b": several models of one size, answered for the size
    sizes = {round(index.model_info[c][1], 1) for c in found.candidates if c in index.model_info}
    llms = all(index.model_info[c][3] == "llm" for c in found.candidates if c in index.model_info)
    return llms and len(sizes) > 1


def _family_on_gpu(q: FitQuery, model: ModelRef | None, found: ModelMatch) -> bool:
    """A fit question naming a GPU and a model family without its size ("4090能跑deepseek吗", "can a 3060 run
    qwen"): answered for every size of the family (respond/fit_family.py) rather than asked which one."""
    if model is None or model.key or found.status != "ambiguous":
        return False
    sized = re.search(r"(\d+(?:\.\d+)?)\s*[bm]\b", found.mention.lower())
    return not sized and any(g.name for g in q.gpus)
