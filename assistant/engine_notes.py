"""Notes the engine puts before or beside an answer about the names a question holds.

Contract: `model_notes` says which KB model a mention was answered as (a version, a release, the newest of a size,
a version the mention left out: "qwen 3b" -> Qwen2.5 3B);
`memory_configurations` says a chip in a memory configuration the KB lacks is that chip with the user's memory, and
reads of an "o" as a zero; `product_names` says a product named without a number ("dgx spark") is the chip the
data holds it as (the GB10); `unsized_note` lists a model family's sizes when none was said; `unrecognized` names what
the question holds that the KB does not (models, devices, datasets). Each returns locale text, never raises on a
name the KB lacks.
"""

from __future__ import annotations

import importlib
import re

from assistant import i18n, mig_profiles
from assistant.kb import memory_configs, mig_slices
from assistant.kb.reader import KbReader
from assistant.names import apple_chip
from assistant.nlu import mig_said
from assistant.nlu.asked_currency import RATED
from assistant.nlu.lookup.model_versions import newest_of, point_release
from assistant.queries import Query
from assistant.respond.env import SYMBOLS


def model_notes(reader: KbReader, query: Query, lang: str) -> list[str]:
    """ "deepseek v3.1": answered as the version the KB holds; "qwen 14b": the newest of the same size."""
    model = getattr(query, "model", None)
    if model is None:
        return []

    def name(key: str) -> str:
        return spec.name if (spec := reader.model(key)) else key

    notes = [i18n.t(lang, "engine.model_of_work", name=name(model.key))] if not model.mention else []
    if model.earlier_version or point_release(model.mention, (model.key,)):  # "llama 3 405b": Llama 3.1 405B
        key = "engine.model_version" if model.earlier_version else "engine.model_release"
        notes.append(i18n.t(lang, key, mention=model.mention, name=name(model.key)))
    notes += [i18n.t(lang, "engine.model_of_line", mention=model.mention, name=name(model.key))] * model.of_line
    if model.assumed_over:
        others = i18n.join_names(lang, [name(k) for k in model.assumed_over])
        key = "engine.model_newest_one" if len(model.assumed_over) == 1 else "engine.model_newest"
        if newest_of(model.mention, (model.key, *model.assumed_over)) != model.key:  # "deepseek 671b": R1 or V3
            key = "engine.model_same_size"
        notes.append(i18n.t(lang, key, mention=model.mention, name=name(model.key), others=others))
    if not notes and model.mention and _versions(name(model.key)) - _versions(model.mention):
        notes.append(i18n.t(lang, "engine.model_as", mention=model.mention, name=name(model.key)))  # "qwen 3b"
    return notes


_SIZE = re.compile(r"\b\d+(?:\.\d+)?\s*[bm]\b", re.I)


def _versions(text: str) -> set[str]:
    """The version numbers of a model name or mention, sizes left out ("Qwen2.5 3B" -> {"2.5"}, "qwen 3b" -> {})."""
    return set(re.findall(r"\d+(?:\.\d+)?", _SIZE.sub(" ", text.lower())))


def memory_configurations(reader: KbReader, query: Query, lang: str) -> list[str]:
    """ "m4 max 64gb": a chip in a memory configuration the KB lacks is said to be that chip with the user's
    memory (kb/memory_configs.py), with the configurations the KB holds; "rtx4o90": the o read as a zero, said."""
    notes = importlib.import_module("assistant.respond.stand_ins").zeros_read(query.text, lang)
    for name in dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name):
        spec = reader.gpu(name)
        if spec is None or memory_configs.MARK not in spec.overridden:
            continue
        held = memory_configs.held_configs(name, reader.unified_gpus())
        notes.append(
            i18n.t(
                lang,
                "engine.memory_config",
                name=name,
                chip=apple_chip(name) or name,
                held=i18n.join_names(lang, [f"{g:g} GB" for g in held]),
                memory=f"{spec.memory_gb or 0:g}",
                bandwidth=f"{spec.memory_bandwidth_gb_s or 0:g}",
            )
        )
    return notes + _mig_slices(reader, query, lang)


def _mig_slices(reader: KbReader, query: Query, lang: str) -> list[str]:
    """ "a 1g.10gb slice of an a100": the slice the answer is for, its share of the card (kb/mig_slices.py)."""
    notes = []
    for name in dict.fromkeys(r.name for r in getattr(query, "gpus", ()) if r.name):
        parts = mig_profiles.split(name)
        spec = reader.gpu(name) if parts is not None else None
        if parts is None or spec is None or mig_slices.MARK not in spec.overridden:
            continue
        base, shares = reader.gpu(parts[0]), mig_profiles.shares(parts[0])
        if base is None or shares is None:
            continue
        values = dict(name=name, gpu=base.short_name, memory=f"{spec.memory_gb or 0:g}", total=f"{base.memory_gb:g}")
        compute = f"{parts[1]}/{shares[0]}"
        bandwidth = f"{spec.memory_bandwidth_gb_s or 0:,.0f}"
        notes.append(i18n.t(lang, "engine.mig_slice", compute=compute, bandwidth=bandwidth, **values))
    if mig_said.read(query.text, lang) is None:  # most questions: no slice said, nothing more to look up
        return notes
    whole = [r.name for r in getattr(query, "gpus", ()) if r.name and not mig_profiles.shares(r.name)]
    if whole:  # "a mig slice of a 4090": none, said
        notes.append(i18n.t(lang, "engine.mig_none", gpus=i18n.join_names(lang, list(dict.fromkeys(whole)))))
    return notes


def unsized_note(index, mention: str, query: Query, lang: str) -> str:
    """ "跑deepseek要什么显卡": the family's sizes in the KB and one of its models to name (not a size it lacks)."""
    info = index.model_info
    known = [info[k] for k in query.unsized_models if k in info and info[k][1]]
    ranked = query.intent in ("recommend", "rig")
    if not known:
        return i18n.t(lang, "engine.unsized" if ranked else "engine.unsized_work", mention=mention)
    known.sort(key=lambda m: m[1])
    sizes = list(dict.fromkeys(_size_label(name, params) for _, params, name, _ in known))
    example = known[len(known) // 2][2]  # a middle one, by its KB name
    llm = getattr(query, "workload", None) == "llm_inference"
    kind = ("engine.unsized_llm" if llm else "engine.unsized_listed") if ranked else "engine.unsized_work_listed"
    shown = i18n.listing(lang).join(sizes)
    return i18n.t(lang, kind, mention=mention, sizes=shown, example=example)


def unrecognized(query: Query, lang: str) -> list[str]:
    """ "Falcon 180B is not in my model list; ...": names the question holds that the KB does not."""
    from assistant.nlu.checks import memory_named
    from assistant.nlu.messages import is_not_gpu, is_uncovered, non_llm_model
    from assistant.respond import stand_ins, uncovered

    params = getattr(query, "params_b", None)
    memory = getattr(query, "memory_gb", None)
    typed = query.text.lower()  # an instance read as its GPUs is said where it is typed, not on each follow-up after
    said = tuple(e for e in query.stand_ins if e[2:3] != ("instance",) or e[0].lower() in typed)
    out = stand_ins.lines(said, lang, getattr(query, "kind", None) == "deal")
    out += _datasets_said(query, lang)
    for mention in getattr(query, "unrecognized", ()):
        if is_uncovered(mention, lang) and (row := uncovered.device_row(mention)) is not None:
            # "摩尔线程s4000 48g 跑qwen2.5 32b": not estimated, but its paper memory and bandwidth are on record
            gb, bw = f"{float(row['memory_gb']):g}", f"{float(row['bandwidth_gbs']):,.0f}"
            key = "engine.uncovered_device_known" + ("" if uncovered.domestic(mention) else "_foreign")
            out.append(i18n.t(lang, key, mention=mention, gb=gb, bw=bw))
        elif is_uncovered(mention, lang):
            out.append(i18n.t(lang, "engine.uncovered_device", mention=mention))
        elif memory and memory_named(mention) == memory:  # "mac mini m4 16g": a card of that memory
            out.append(i18n.t(lang, "engine.unrecognized_gpu", mention=mention, memory=f"{memory:g}"))
        elif getattr(query, "kind", None) == "wait":  # "要不要等5080 super": a card not out, or not in the data
            out.append(i18n.t(lang, "engine.unrecognized_awaited", mention=mention))
        elif params and getattr(query, "model", None) is None and (kind := non_llm_model(mention, None, lang)):
            out.append(kind)  # "cogvideox 5b": a video model, not a generic 5B language model
        elif params and is_not_gpu(mention, lang):  # "strix halo ... for 70b models": a device, not the model
            out.append(i18n.t(lang, "engine.not_gpu_device", mention=mention))
        elif params and getattr(query, "model", None) is None:
            out.append(i18n.t(lang, "engine.unrecognized_model", mention=mention, params=f"{params:g}B"))
        elif (memory := getattr(query, "memory_gb", None)) and not getattr(query, "gpus", ()):  # "mac mini m4 16g"
            out.append(i18n.t(lang, "engine.unrecognized_memory", mention=mention, gb=f"{memory:g}"))
        else:
            out.append(i18n.t(lang, "engine.unrecognized", mention=mention))
    return out


def budget_split(query: Query, lang: str) -> list[str]:
    """ "3台出图机 总预算2w": the total budget, the machines and the share the answer is for (nlu/budget_split.py)."""
    if not query.budget_split:
        return []
    n, total, currency = query.budget_split
    sign = SYMBOLS.get(currency or "USD", "$")
    return [i18n.t(lang, "engine.budget_split", total=f"{sign}{total:,.0f}", n=n, each=f"{sign}{total / n:,.0f}")]


def ignored(query: Query, lang: str) -> list[str]:
    """ "I did not understand "straight", so ...": the words the question was read without (nlu/stray_words.py), and
    the amounts in a currency with no rate on record (nlu/parse.py)."""
    out = []
    if query.ignored_words:
        words = i18n.listing(lang).join(i18n.quote(lang, w) for w in query.ignored_words)
        out.append(i18n.t(lang, "engine.ignored_words", words=words))
    if query.unrated_amounts:  # "S$3200": no rate on record, so the answer is without it (never read as dollars)
        amounts, currency = query.unrated_amounts
        typed = i18n.listing(lang).join(i18n.quote(lang, a) for a in amounts)
        out.append(i18n.t(lang, "engine.unrated_amounts", amounts=typed, currency=currency, rated=RATED))
    return out


def covered_by(notes: list[str], query: Query, answer) -> list[str]:
    """The notes of names the KB lacks, without those a concept answer covers itself: its page names the device
    ("orange pi 5 with the npu for a 3b llm": the single-board computers' page names the Orange Pi 5), so "not in my
    list" would contradict it."""
    if getattr(answer, "intent", None) != "explain":
        return notes
    page = (answer.headline or "").lower()
    covered = [m for m in getattr(query, "unrecognized", ()) if m and m.lower() in page]
    return [n for n in notes if not any(m in n for m in covered)]


_NAMED_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([BM])\b")


def _size_label(name: str, params_b: float) -> str:
    """A model's size as its name says it ("DeepSeek-R1-Distill-Qwen 32B" -> 32B), else its parameter count rounded
    (BERT base: 0.1083 B -> 110M)."""
    m = _NAMED_SIZE.search(name)
    if m:
        return f"{m.group(1)}{m.group(2)}"
    if params_b < 1:
        return f"{round(params_b * 1000, -1):.0f}M"
    return f"{params_b:.0f}B" if params_b >= 10 else f"{params_b:.1f}B"


def _datasets_said(query: Query, lang: str) -> list[str]:
    """ "on openwebtext": the training tokens used for a dataset named, with where the count comes from."""
    from assistant.nlu.tagging.datasets import dataset_named

    out = []
    for key in query.datasets:
        found = dataset_named(key)
        if found is not None:
            name, tokens, source = found
            out.append(i18n.t(lang, "engine.dataset", name=name, tokens=f"{tokens / 1e9:.2f}", source=source))
    return out


PRODUCT_WORDS = 4  # a product name is at most this many words ("dgx spark", "ryzen ai max plus")


def product_names(reader: KbReader, query: Query, lang: str) -> list[str]:
    """ "dgx spark", "mac studio", "strix halo": a product named without a number, answered as the chip the data
    holds under another name (the GB10, the Apple M3 Ultra 512 GB), said once per card."""
    notes = []
    for ref in {r.name: r for r in getattr(query, "gpus", ()) if r.name and r.mention and not r.pronoun}.values():
        mention = ref.mention.lower()
        spec = reader.gpu(ref.name or "")
        words = set(re.findall(r"[a-z]+", (ref.name or "").lower()))
        if spec is None or re.search(r"\d", mention) or set(re.findall(r"[a-z]+", mention)) & words:
            continue
        if len(mention.split()) > PRODUCT_WORDS:  # a follow-up's own words stood for the card talked about
            continue
        if mention.strip(" ?!.？！。") == query.text.lower().strip(" ?!.？！。"):  # "ok and the PSU?": the message
            continue
        if mention not in query.text.lower():  # a name typed in an earlier turn, kept with the card talked about
            continue
        notes.append(i18n.t(lang, "engine.product_name", mention=ref.mention, name=spec.short_name))
    return notes
