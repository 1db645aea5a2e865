"""A fit question or a verdict about a card or a Mac sold in several memory sizes, named without one ("can a 4060 ti
run mixtral", "is the 4060 ti good for stable diffusion", "mac mini m4能跑deepseek吗"): answered for each size, not
asked back.

Contract: `answer(engine, parsed, text, dialogue) -> Answer | None`: `spread` of the question as read (`parsed`, a
query or a question back), or of `of_assumed`; None when neither applies (the caller goes on as before).
`of_assumed(engine, parsed) -> Clarification | None`: a fit question whose card was assumed to be one memory
configuration of several ("m4 pro mac mini" -> the 64 GB one, "mac studio" -> the M3 Ultra 512 GB) as the
ambiguous_gpu clarification `spread` answers, the assumed one first; None otherwise. Only unified-memory devices
(a Mac's memory is the buyer's choice at every tier): a card's default ("h100" -> the SXM5 80 GB) stands for the rare
variants.
`spread(engine, clar, text, dialogue) -> Answer | None`. None unless `clar` is an ambiguous_gpu
clarification of a fit question or verdict whose 2-4 candidates all have a different, known memory size. Otherwise every
candidate's fit is answered through the engine (so settings, context and notes apply as to any question); the answer
returned is the one for the first candidate (the likeliest, as the name index ranks them), its headline preceded by
one line per size, smallest first, and followed by which one the details are for. The question back stays pending,
so a reply that picks a size ("the 8gb one", "16g的") answers it for that one. `figures["variants"]` maps each
candidate to its line. A verdict the size does not change (SIZE_FREE_KINDS: an install) is answered once, for the
likeliest candidate, with a line saying it holds for each size. A comparison compares every size
(assistant/variant_compare.py).
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant import i18n
from assistant.clarify import fill
from assistant.nlu.checks import memory_named
from assistant.queries import FitQuery, Query, SpecQuery
from assistant.query_clarification import Clarification

if TYPE_CHECKING:
    from assistant.answer import Answer
    from assistant.dialogue import Dialogue
    from assistant.engine import Engine

MAX_SIZES = 4  # more sizes than this make a list nobody reads: asked back instead
SPREAD_INTENTS = ("fit", "verdict", "spec", "compare")  # where the memory size decides the answer
SIZE_FREE_KINDS = ("install",)  # verdicts the memory size does not change: one answer, said to hold for each size


def answer(engine: Engine, parsed: Query | Clarification, text: str, dialogue: Dialogue) -> Answer | None:
    from assistant import stated_size

    if (sized := stated_size.pick(engine, parsed)) is not None:  # "64gb ... on the mac mini m4 pro": that one
        return engine._answer(text, dialogue, whole=False, chosen=dataclasses.replace(sized, text=text))
    asked = parsed if isinstance(parsed, Clarification) else of_assumed(engine, parsed)
    return spread(engine, asked, text, dialogue) if asked is not None else None


def spread(engine: Engine, clar: Clarification, text: str, dialogue: Dialogue) -> Answer | None:
    sizes = _sizes(engine, clar)
    if sizes is None:
        return None
    assert clar.pending is not None  # _sizes checked it
    if getattr(clar.pending, "kind", None) in SIZE_FREE_KINDS:
        return _same_for_each(engine, clar, text, dialogue, sizes)
    if isinstance(clar.pending, SpecQuery):  # "memory bandwidth of the 4060 ti": one answer when the sizes share it
        return (
            _same_for_each(engine, clar, text, dialogue, sizes, "variants.same_spec")
            if _spec_alike(engine, clar)
            else None
        )
    if getattr(clar.pending, "intent", None) == "compare":  # "4060 ti vs 3060 for sd": every size compared
        from assistant.variant_compare import compare_each

        return compare_each(engine, clar, text, dialogue, sizes, clar.extras.get("mention") or _mention(clar))
    main, *others = clar.candidates
    lines: dict[str, str] = {}
    answer = None
    for name in [*others, main]:  # the main one last: the conversation goes on about it
        chosen = dataclasses.replace(fill(clar.pending, clar.slot, name), text=text)
        answer = engine._answer(text, dialogue, whole=False, chosen=chosen)
        if answer.clarification or not answer.headline:
            return None
        lines[name] = answer.headline
    assert answer is not None
    lang = answer.lang
    ordered = sorted(clar.candidates, key=lambda n: sizes[n])
    gb = [f"{sizes[n]:g} GB" for n in ordered]
    lead = i18n.t(
        lang, "variants.lead", mention=clar.extras.get("mention") or _mention(clar), sizes=i18n.join_names(lang, gb)
    )
    each = [i18n.t(lang, "variants.line", size=g, verdict=lines[n]) for g, n in zip(gb, ordered, strict=True)]
    tail = i18n.t(lang, "variants.details", name=main)
    answer.headline = i18n.gap(lang).join([lead, *each, tail])
    answer.figures["variants"] = {n: lines[n] for n in ordered}
    dialogue.context.pending = clar  # "the 8gb one": that size's answer in full
    return answer


def _same_for_each(
    engine: Engine, clar: Clarification, text: str, dialogue: Dialogue, sizes: dict[str, float], key="variants.same"
) -> Answer | None:
    """The answer for the likeliest candidate, led by a line saying it holds for every size ("slap a tesla v100 pcie
    into my gaming rig": the install does not depend on 16 or 32 GB)."""
    assert clar.pending is not None
    chosen = dataclasses.replace(fill(clar.pending, clar.slot, clar.candidates[0]), text=text)
    answer = engine._answer(text, dialogue, whole=False, chosen=chosen)
    if answer.clarification or not answer.headline:
        return None
    gb = [f"{sizes[n]:g} GB" for n in sorted(clar.candidates, key=lambda n: sizes[n])]
    mention = clar.extras.get("mention") or _mention(clar)
    lead = i18n.t(answer.lang, key, mention=mention, sizes=i18n.join_names(answer.lang, gb))
    answer.headline = i18n.gap(answer.lang).join([answer.headline, lead])
    return answer


def of_assumed(engine: Engine, parsed: Query | Clarification) -> Clarification | None:
    if not isinstance(parsed, FitQuery) or len(parsed.gpus) != 1 or not parsed.gpus[0].assumed:
        return None
    ref = parsed.gpus[0]
    family = _family(ref.name or "")
    if not family or memory_named(ref.mention) is not None:  # "a100 80gb": the size typed, only the form assumed
        return None
    siblings = sorted(g.name for g in engine.reader.unified_gpus() if g.name != ref.name and _family(g.name) == family)
    if not siblings:
        return None
    pending = dataclasses.replace(parsed, gpus=(dataclasses.replace(ref, assumed=False),))
    return Clarification(
        "ambiguous_gpu",
        "",
        candidates=(ref.name or "", *siblings),
        intent="fit",
        text=parsed.text,
        pending=pending,
        slot="gpus[0]",
        extras={"mention": ref.mention},
    )


_SPEC_ATTRS = {  # a spec field asked -> the GpuSpec figures that answer it
    "bandwidth": ("memory_bandwidth_gb_s", "memory_bus_bits", "memory_type"),
    "power": ("tdp_w",),
    "tensor_cores": ("tensor_cores",),
    "architecture": ("architecture",),
    "release": ("release_date",),
    "l2": ("l2_cache_mb",),
}


def _spec_alike(engine: Engine, clar: Clarification) -> bool:
    """Every field the spec question asks is one the candidates hold alike ("memory bandwidth of the 4060 ti": both
    288 GB/s); "all", the memory, the price or the speed differ with the size."""
    fields = getattr(clar.pending, "fields", ())
    if not fields or any(f not in _SPEC_ATTRS for f in fields):
        return False
    specs = [engine.reader.gpu(n) for n in clar.candidates]
    if any(s is None for s in specs):
        return False
    return all(len({tuple(getattr(s, a) for a in _SPEC_ATTRS[f]) for s in specs}) == 1 for f in fields)


def _family(name: str) -> str:
    """A name without its memory size ("Apple M4 Pro 64 GB" -> "Apple M4 Pro"); "" when it states none."""
    bare = re.sub(r"\s+\d+(?:\.\d+)?\s*GB$", "", name)
    return bare if bare != name else ""


def _sizes(engine: Engine, clar: Clarification) -> dict[str, float] | None:
    """Each candidate's memory when the clarification is one this module answers, else None."""
    pending = clar.pending
    if clar.kind != "ambiguous_gpu" or pending is None or pending.intent not in SPREAD_INTENTS:
        return None
    if not 2 <= len(clar.candidates) <= MAX_SIZES:
        return None
    sizes = {n: engine.memory_of(n) for n in clar.candidates}
    known = {n: m for n, m in sizes.items() if m}
    if len(known) != len(sizes) or len(set(known.values())) != len(known):
        return None
    return known


def _mention(clar: Clarification) -> str:
    """The words the user typed for the card, from the pending query's reference in the asked slot."""
    gpus = getattr(clar.pending, "gpus", ())
    return next((g.mention for g in gpus if g.name is None and g.mention), "")
