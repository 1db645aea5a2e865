"""Comparisons: "4090 vs 3090", "why 4070 ti over 4080?", "how much faster is X than Y",
"compare them", "why not the 4060 ti?" (the other GPU comes from the conversation).

Claims two or more GPU references (unless a model is asked to fit or run on them), a pair the
grammar read (X vs Y, why X over Y, X faster than Y), "compare them", one GPU with a
comparison word (the second from the dialogue, or asked back), or a comparison word with an
aspect and no GPU ("which one has more memory?": the GPUs of the conversation).
"""

from __future__ import annotations

import dataclasses
import re

from assistant.nlu.intents.verdict import upgrade_to_card
from assistant.nlu.lookup import model_versions
from assistant.nlu.owned_gpus import owned_before, swapped_from
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.nlu.text import words
from assistant.queries import CompareQuery, GpuRef, Query, VerdictQuery
from assistant.query_talk import ExplainQuery


def _grades_priced(r: Reading, ref: GpuRef) -> Query | None:
    """One card named in two grades (conditions of lexicon [condition]; an ex-mining word of [lists] grade_mining is
    its own grade) and a price difference asked (lexicon asked_price_gap): the card's prices by grade
    (respond/spec.py prices them and says the difference)."""
    priced = r.b.has("COSTS") or bool(r.said("form_money_words"))  # "现在卖多少 跟闲鱼二手差多少": a gap of prices
    if ref.pronoun or not (r.said("asked_price_gap") or (priced and r.said("gap_words"))):
        return None
    mining = r.lex.listed("grade_mining")
    grades = {"mining" if t.text.lower() in mining else str(t.value) for t in r.b.kinds.get("CONDITION", [])}
    if r.said("grade_new_sites"):
        grades.add("new")  # "京东上4090现在卖多少 跟闲鱼二手差多少": the shop's price is the new one
    if len(grades) < 2:
        return None
    from assistant.queries import SpecQuery

    return SpecQuery(text=r.text, gpus=(ref,), fields=("price",))


def _one_card_said_twice(r: Reading, refs, pair) -> bool:
    """Every card named is the same one and its price is asked ("heard the 3090 is cheap now, how much is a used 3090
    24gb"), with no word setting two things against each other: one card priced, not compared with itself."""
    named = [g for g in refs if g.name and g.pronoun is None]
    if len(named) < 2 or len(named) != len(refs) or len({g.name for g in named}) != 1:
        return False
    priced = r.b.has("HOW_MUCH", "PRICES") or "price" in r.fields()  # a yes-no on it stays its verdict (later)
    return priced and pair is None and not r.b.has("COMPARE", "VS", "OR", "FASTER", "THAN", "OVER")


def read(r: Reading) -> Query | None:
    b, refs = r.b, r.refs
    if b.meaning("ASK") == "other" and not r.explicit:
        return None  # "what else could i get for cheap that does it better?": other cards for the work (a follow-up)
    if len(refs) == 1 and len(b.kinds.get("MEMORY", [])) == 1 and r.system_ram_tag() is not None:
        return None  # "i have a 4070 super and 32gb ram": the card and the machine's RAM, no two forms of the card
    why = b.struct("why")
    pair = b.struct("versus") or why or b.struct("faster")
    named_at = next((t.start for t in b.tags if t.kind == "GPU"), None)
    pair_of_one = (
        pair is not None
        and len(refs) == 1
        and refs[0].pronoun is None
        and named_at is not None
        and any(p.tag.kind == "PRONOUN" and p.tag.start > named_at for p in pair.refs)
    )
    it_after = named_at is not None and any(t.kind == "PRONOUN" and t.start > named_at for t in b.tags)
    if it_after and len(refs) == 1 and len(r.explicit) == 1 and not b.has("COMPARE", "VS", "FASTER", "THAN", "OR"):
        return None  # "whats an l40s and who is it for": "it" is the L40S, one card asked about, nothing compared
    if pair_of_one and b.has("FASTER") and len(r.explicit) == 1:  # "the 4090d, is it slower": it against another
        return _compare(r, [refs[0], GpuRef(mention="", pronoun="context")], aspect="speed")
    if pair_of_one:  # "is rtx4o90 a typo or a chinese version, saw it on aliexpress": "it" is the card named
        pair = None
    if len(refs) >= 2 and all(g.pronoun in ("it", "that") for g in refs) and not (pair or b.has("COMPARE", "VS")):
        return None  # "that one, how much power does it use": one card named twice, no comparison
    if _one_card_said_twice(r, refs, pair):
        return None  # "小红书说 A100 现在便宜了，二手 A100 80g 多少钱": one card, its price (spec)
    picked = b.has("COMPARE") and r.said("ask_pick")  # "5070 ti 4000块，3090 3000块，跑 sdxl 出图，选哪个"
    if (
        len(refs) >= 2
        and not (r.model and b.has("FIT", "SPEED") and not pair and not picked)
        or (pair and len(pair.refs) >= 2)
    ):
        premise = "first" if (why and len(why.refs) >= 2 and "OVER" in why.parts) else None
        aspect = r.aspect()
        if why and not b.has("FASTER", "SPEED") and not r.speed_words():
            aspect = None if aspect == "speed" else aspect
        return _compare(r, refs, premise=premise, aspect=aspect)
    if b.has("COMPARE", "VS", "FASTER") and len(refs) == 1 and refs[0].pronoun == "them":
        return _compare(r, refs, aspect=r.aspect())
    asks_fit = (
        r.model and b.has("FIT", "SPEED") and not (pair and len(pair.refs) >= 2)
    )  # "will it fit on the 8gb or do i need the 16gb"
    siblings = siblings_of(r, refs) if (pair or b.has("VS", "OR", "AND", "COMPARE")) and len(refs) == 1 else []
    siblings = [] if asks_fit else siblings
    if siblings:  # "h100 pcie vs sxm", "sxm and pcie h100", "the 8gb and 16gb 4060 ti": one GPU in its forms
        return _compare(r, siblings, aspect=r.aspect())
    # "为啥不推荐4090", "why didn't you recommend the 4090": why not that card, against the one recommended
    negated = b.has("NO") or bool({"not", "didnt", "dont", "wouldnt"} & set(b.toks))
    not_recommended = b.has("WHY") and negated and b.has("RECOMMEND") and not b.has("MONEY", "BUDGET", "WORKLOAD")
    upgraded = len(refs) == 1 and upgrade_to_card(r)  # "would a 5090 be worth upgrading to": against the user's own
    if len(refs) == 1 and r.said("cpu_option_words"):
        return cpu_or_card(r)  # "should i spend on a 5070 or a better cpu": the card against a CPU, no second card
    if (
        (pair or b.has("COMPARE", "VS") or not_recommended or upgraded or _than_card(r))
        and len(refs) == 1
        and not r.model
        and (not_recommended or upgraded or not b.has("RECOMMEND", "PARAMS"))
        and not (
            set(r.fields()) - {"all"} and not b.has("COMPARE", "VS", "OR", "FASTER", "THAN")
        )  # "msrp of X and ..."
        and not _figures_versus(r)  # "5090 msrp vs street price": two figures of the card, no other card
    ):
        # "why not the 4060 ti?", "compare the 4090": the other GPU comes from the conversation
        # (pronoun "context"); with nothing to refer to, the dialogue asks which GPU
        graded = _grades_priced(r, refs[0])
        if graded is not None:  # "3090矿卡和正常二手差多少钱", "4090全新和二手差多少": one card, its grades' prices
            return graded
        other = _vendor_peer(r, refs[0]) or GpuRef(mention="", pronoun="context")
        coming = _coming_number(r, refs[0])
        if coming is not None:  # "5090和6090差多少": the next generation's number, not in the data, said
            return VerdictQuery(text=r.text, gpus=(refs[0],), kind="wait", workload=r.workload, unrecognized=(coming,))
        counted = None if why or not_recommended else _counted_sides(r.text, refs[0])
        if counted:  # "8 x h100 vs 1", "4 vs 2 a100", "4张3090没有nvlink 训练会不会很慢": the same card, other counts
            return _compare(r, counted, aspect=r.aspect())
        if not (why or not_recommended) and other.pronoun == "context" and _card_after_versus(r):
            return _compare(r, [other, refs[0]], aspect=r.aspect())  # "how fast vs a 4090": the card talked about first
        return _compare(r, [refs[0], other], aspect=r.aspect(), premise="first" if why or not_recommended else None)
    if (
        not refs
        and (b.has("COMPARE") or b.has("ASPECT") and not b.has("EXPLAIN"))
        and (r.aspect() or r.fields())
        and not (r.model or b.has("PARAMS", "RECOMMEND") or r.said("big_memory_words"))
        and not (b.has("SORT") and b.has("MEMORY", "MONEY", "BUDGET"))  # "显存24g以内最便宜的是哪张": a ranking
        and not b.has("MONEY", "BUDGET")  # "which one has the most memory under 1500": the cards within it, ranked
        and not (b.has("GPU_WORD") and r.said("speed_rank_words"))  # "最快的显卡是哪张": the fastest of all
    ):
        # "which one has more memory?", "which is faster?": the GPUs the conversation is about
        aspect = r.aspect() or ("memory" if "memory" in r.fields() else None)
        implicit = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="implicit", count_open=True)
        return _compare(r, [implicit], aspect=aspect)
    kinds = {t.kind for t in b.tags}
    which_of = {"COMPARE", "QUESTION", "FOLLOW", "AND", "PRONOUN", "WORKLOAD", "PARAMS", "MODEL", "FIT", "ON"}
    if not refs and b.has("COMPARE") and kinds <= which_of:
        # "ok so which would you pick", "which one then?", "以后想上32b的话选哪个": the pick among the GPUs the
        # conversation is about (for that model or size when one is said)
        implicit = GpuRef(mention=r.text.strip(" ?!.？！。"), pronoun="implicit", count_open=True)
        return _compare(r, [implicit])
    return None


def _coming_number(r: Reading, ref: GpuRef) -> str | None:
    """A bare model number of the generation after the card named, whose tier it continues ("rtx 5090 vs 6090": the
    RTX 5090 is what "6090" would follow, index.stand_in): the coming card's number, else None."""
    for t in r.b.kinds.get("NUMBER", []):
        if ref.name and t.text.isdigit() and len(t.text) == 4 and r.index.stand_in([t.text]) == ref.name:
            return t.text
    return None


_BARE_PAIR = re.compile(
    r"(?<![\w.])(\d{1,2})\s*(?:x\s*)?(?:vs\.?|versus|compared to|or|比|对比)\s*(\d{1,2})(?![\w.])", re.I
)
_BARE_OTHER = re.compile(
    r"(?:vs\.?|versus|than|compared to|比|对比)\s*(\d{1,2}|一|单)\s*(?:x\b|张|块|卡|个|gpus?\b|cards?\b|$)", re.I
)


_WITH_SET = re.compile(r"(?:和|跟|与|同)\s*(?:(?:\d{1,2}|[两二三四五六七八])\s*(?:张|块|个|台|x)?)?\s*$", re.I)
_WHO_AFTER = re.compile(r"比\s*(?:谁|哪)")
_AGAINST = re.compile(r"(?:\bvs\.?|\bversus\b|\bcompared to\b|\bagainst\b|比|对比)", re.I)


def _than_card(r: Reading) -> bool:
    """ "is it cheaper than an h100", "比4090便宜吗": "than" (or "cheaper than", an UNDER) right before the card, a
    count between at most, or the message opening 跟 / 和 the card ... 比 ("跟 h100 8卡比呢"): the card against the
    one talked about, not a budget or its own price."""
    tags = [t for t in r.b.tags if t.kind != "COUNT"]
    if any(t.kind in ("THAN", "UNDER") and nxt.kind == "GPU" for t, nxt in zip(tags, tags[1:], strict=False)):
        return True
    opens = [t.kind for t in tags[:2]] == ["AND", "GPU"]  # "跟 h100 8卡比呢": 跟 / 和 the card (and a count) then 比
    return opens and r.b.has("THAN")


def _counted_sides(text: str, ref: GpuRef) -> list[GpuRef] | None:
    """One GPU and counts only: "4 vs 2 a100" (both counts said), "8 x h100 vs 1" / "8卡h100比单卡" (the other
    count after vs / 比), or a set alone in a comparison ("compare 2 4090s", "4张3090 ... 会不会很慢"): against
    one card. None when the GPU is one card and no other count is said (the other GPU is the conversation's)."""
    if ref.name is None:
        return None
    pair = _BARE_PAIR.search(text)
    if pair:
        first, second = int(pair.group(1)), int(pair.group(2))
    else:
        other = _BARE_OTHER.search(text)
        said = other.group(1) if other else ""
        against = _AGAINST.search(text)
        if other is None and against is not None and against.start() < text.lower().find(ref.mention.lower()):
            return None  # "power draw vs 2 3090s?": the set against the card the conversation is about
        if other is None and _WHO_AFTER.search(text):
            return None  # "H100 8卡比谁便宜": the set against the other option, not against one of itself
        if other is None and _WITH_SET.search(text[: max(text.lower().find(ref.mention.lower()), 0)]):
            return None  # "那和两张4090 48G比呢", "和H100 8卡比": compared with the set, against the conversation's
        first, second = ref.count, 1 if said in ("", "一", "单") else int(said)
    if first == second or min(first, second) < 1 or max(first, second) < 2:
        return None
    return [dataclasses.replace(ref, count=first), dataclasses.replace(ref, count=second)]


def siblings_of(r: Reading, refs) -> list[GpuRef]:
    """One GPU named in two or more of its forms: "h100 pcie vs sxm", "sxm and pcie h100", "4090 desktop or
    laptop", "the 8gb and 16gb 4060 ti", "a100 40 or 80gb". Each form word or memory size the name did not
    take makes the GPU in that form; the GPUs found (at least two different ones), else []."""
    first = refs[0]
    if first.name is None:
        return []
    forms = r.lex.listed("form_words")
    variants = [[w] for w in r.b.unknown if w in forms]
    variants += [[f"{t.value:g}", "gb"] for t in _loose_sizes(r)]
    variants += _parts_said(r, first, variants)
    if not variants:
        return []
    said = words(first.mention)
    base = [t for t in _without_variant(said, forms | r.lex.listed("laptop_words")) if t.isascii()]  # "3070笔记本"
    out = [first] if len(base) < len(said) else []
    desktop = r.lex.listed("desktop_words")
    for extra in variants:
        # "3070 laptop vs desktop": the desktop part is the name without its laptop word, never a laptop card
        found = r.index.gpu(base if extra[0] in desktop else base + extra, " ".join(base + extra))
        if extra[0] in desktop and found.name and r.index.is_mobile(found.name):
            continue
        if found.status == "ok" and found.name and all(g.name != found.name for g in out):
            # "5070笔记本 还是攒台式机": the desktop part of the card named is an assumption, said
            assumed = found.assumed or extra[0] in desktop
            out.append(GpuRef(mention=" ".join(extra), name=found.name, assumed=assumed))
    if not out or len(out) < 2 and out[0].name == first.name:
        return []
    return out if len(out) >= 2 else [first, *out]


def _parts_said(r: Reading, first: GpuRef, variants: list[list[str]]) -> list[list[str]]:
    """ "3070笔记本和台式差多少", "4090 笔记本版和台式版": a laptop and a desktop word both said outside the card's
    mention, in a language whose words the tagger keeps in runs: the other part of the card as a form."""
    rest = r.text.lower().replace(first.mention.lower(), " ")
    said = {v[0] for v in variants}
    laptop, desktop = r.lex.listed("laptop_words"), r.lex.listed("desktop_words")
    if not any(w in r.text.lower() for w in laptop):
        return []
    out = []
    said_desktop = sorted((w for w in desktop if w in rest), key=len, reverse=True)
    if not said & desktop and said_desktop:
        out.append([said_desktop[0]])  # the user's own word ("台式机"), said back in the answer's assumption
    if not said & laptop and any(w in rest for w in laptop) and any(w in rest for w in desktop):
        out.append(["laptop"])
    return out


def _without_variant(toks: list[str], forms: frozenset[str]) -> list[str]:
    """A mention's tokens without its form words and memory size ("16gb 4060 ti" -> 4060 ti)."""
    out: list[str] = []
    prev = ""
    for t in toks:
        if t in ("gb", "g") and out and out[-1].isdigit():
            out.pop()
        elif t not in forms and not (len(t) == 1 and t.isdigit() and prev in forms):  # "sxm 5"
            out.append(t)
        prev = t
    return out


def _loose_sizes(r: Reading) -> list:
    """Memory sizes that no GPU took, next to a joiner ("8gb and 16gb 4060 ti"; "a100 40 or 80gb": the 40 too)."""
    tags = r.b.tags
    if not any(t.kind == "MEMORY" for t in tags):
        return []
    joined = {id(tags[k - 1]) for k in range(1, len(tags) - 1) if tags[k].kind in ("OR", "AND", "VS")}
    out = [
        t
        for t in tags
        if t.kind == "MEMORY"
        or (t.kind == "NUMBER" and id(t) in joined and isinstance(t.value, float) and t.value < 300)
    ]
    return out


def _form(name: str | None) -> str | None:
    """The form factor a KB name states ("A800 PCIe 40 GB" -> "pcie"), None when it states none."""
    found = re.search(r"\b(SXM|PCIe|NVL)", name or "")
    return found.group(1).lower() if found else None


def _same_form(r: Reading, gpus: list[GpuRef]) -> list[GpuRef]:
    """ "a100 40g和a800 40g有啥区别": a side whose form factor was assumed takes the other side's form when
    it comes in that form (the A100 PCIe 40 GB against the A800 PCIe 40 GB), so the comparison is not the form
    factor; the answer still says which one it assumed."""
    forms = r.lex.listed("form_words")

    def said_form(g: GpuRef) -> bool:  # the form is the user's word, or the only one the card comes in
        return not g.assumed or any(t in forms for t in words(g.mention))

    stated = {f for g in gpus if g.name and said_form(g) for f in [_form(g.name)] if f}
    if len(stated) != 1:
        return gpus
    form = stated.pop()
    out = []
    for g in gpus:
        if g.name and not said_form(g) and _form(g.name) not in (None, form):
            toks = [t for t in words(g.mention) if t not in forms] + [form]
            found = r.index.gpu(toks, g.mention)
            if found.status == "ok" and found.name and _form(found.name) == form:
                g = dataclasses.replace(g, name=found.name, assumed=True)
        out.append(g)
    return out


def worth_asked(r: Reading) -> bool:
    """ "is the 4090 worth the extra", "is the upgrade worth it", "值得换吗": a yes / no on the dearer card."""
    decide = (r.said("buy_which") or (r.b.has("BUY") and r.b.has("OR"))) and not r.said("buy_where")
    if decide and not (r.model or r.b.has("PARAMS")):
        # "买二手v100 32g还是3090", "3090和4090买哪个": a decision between them, the dearer one first (with a
        # model named, the comparison already decides on it: "4060ti 16g和3080 10g跑flux选哪个")
        return True
    if r.said("value_which_words") and not r.said("pay_more_words"):
        return False  # "4090和5090跑r1 70b哪个划算": which one is the better value, a pick, no yes / no on one card
    return r.said("verdict_worth") or r.said("pay_more_words")


def _compare(r: Reading, gpus, premise=None, aspect=None) -> CompareQuery:
    worth = worth_asked(r)
    aspect = aspect or ("value" if worth else None)  # "is the ti worth the extra": a question of value
    aspect = None if r.said("aspect_tradeoff") else aspect  # "vram or speed": the two weighed, a pick is asked
    seen: set = set()
    kept = []
    for g in _same_form(r, list(gpus)):  # "3090 vs 4090 for local llms, is the 4090 worth the extra": the 4090 once
        key = (g.name or g.mention, g.count, g.condition, g.pronoun)
        if g.name is None or key not in seen:
            kept.append(g)
        seen.add(key)
    model = _model(r)
    sized = model is not None or bool(r.num("PARAMS"))
    # "is it dumb to buy a 5090 just for running 32B models ... a used 3090": an LLM run, weighed as one
    workload = r.workload or ("llm_inference" if sized and r.mode() == "inference" else None)
    return CompareQuery(
        text=r.text,
        gpus=tuple(kept),
        worth=worth,
        workload=workload,
        precision=r.precision,
        released=bool(r.said("full_weights") or r.b.has("UNQUANTIZED")) and not r.precision and model is not None,
        premise=premise,
        aspect=aspect,
        model=model,  # "two 3090s or one 4090 for llama 3 70b"
        params_b=None if model else r.num("PARAMS") or _size_of_any(r),
        context_tokens=r.num("CONTEXT"),  # "qwen3 32b at q6 w/ 32k ctx": sized and run at that context
        organization=_organization(r),  # "h20和4090做推理 企业采购": a server is assumed
        large_model=bool(r.said("large_training_words")),  # "训练大模型": tensor peaks decide, kept in the thread
    )


def _organization(r: Reading) -> bool | None:
    orgs = r.b.meanings.get("ORGANIZATION") or []  # a personal purchase said beats an institution named as context
    return None if not orgs else "no" not in orgs


def _model(r: Reading):
    """The model named, or for "llama 70b" (versions of one family at one size) the unresolved mention, which the
    checks resolve to the newest version and say so, as a fit question does."""
    if r.model and r.model.key:
        return r.heaviest_model() or r.model  # "for sdxl / flux": the cards are weighed on the heavier, Flux
    tag = r.b.first("MODEL")
    if r.model and tag is not None and tag.status == "ambiguous" and tag.candidates:
        if model_versions.newest_of(tag.mention, tuple(tag.candidates)):
            return r.model
    if r.model and tag is not None and tag.status == "unknown" and model_versions.earlier_version(tag.mention, r.index):
        return r.model  # "deepseek v3.1": the checks answer it as DeepSeek V3 and say so, as a fit question does
    return None


def _size_of_any(r: Reading) -> float | None:
    """ "llama 70b" (Llama 2 / 3 / 3.1 / 3.3 70B) in a comparison: the models named all have one size, and
    the comparison is answered for that size (asking which one would not change it)."""
    tag = r.b.first("MODEL")
    if tag is None or tag.status != "ambiguous" or not tag.candidates:
        return None
    sizes = [r.index.model_info.get(c, ("", 0.0))[1] for c in tag.candidates]
    if min(sizes) > 0 and max(sizes) <= min(sizes) * 1.08:
        return float(round(max(sizes))) if max(sizes) >= 10 else round(max(sizes), 1)
    return None


@needs(("GPU",), unless=("MONEY", "BUDGET", "HOURS"))
def owned_upgrade(r: Reading) -> Query | None:
    """ "already have a 3080 10gb. upgrade to 5080 or keep it and rent when i need more?", "手上一张3080，出掉再换4090",
    "3080换4090要加多少钱": two different cards, an owned word a few words before the first and an upgrade or sell word,
    or the first moved from to the second (nlu/owned_gpus.swapped_from): moving from the owned card is the question
    (the rent said beside it is the alternative), so the comparison answers it (respond/upgrade_path.owned_upgrade),
    before rates and costs."""
    names = {g.name for g in r.explicit if g.name}
    if len(names) != 2 or r.b.has("MONEY", "BUDGET", "HOURS"):
        return None
    low, first = r.text.lower(), r.explicit[0]
    second = next(g for g in r.explicit if g.name and g.name != first.name)
    if swapped_from(low, first.mention, second.mention, r.lex):
        return read(r)
    if not (r.said("upgrade_swap_words") or r.said("sell_owned_words")):
        return None
    at = low.find((first.mention or "").lower())
    if at < 0 or not owned_before(low, at, r.lex):
        return None
    return read(r)


_OTHER_SIDES = ("GPU", "PRONOUN", "COUNT", "NUMBER", "MEMORY")  # what would make the side after "vs" another card


def _figures_versus(r: Reading) -> bool:
    """ "5090 msrp vs street price", "launch price vs now", "5080 msrp vs what people are paying now": "vs" right
    after a figure of the one card named, with no card, count or size after it: two figures of that card."""
    tags = r.b.tags
    return any(
        t.kind == "VS" and 0 < i and tags[i - 1].kind == "FIELD" and not any(u.kind in _OTHER_SIDES for u in tags[i:])
        for i, t in enumerate(tags)
    )


def for_model(r: Reading) -> Query | None:
    """ "would a 4060 ti 16gb be enough for qwen 14b at decent speed or should i save for a 3090": two different cards
    named with a choice word between them ("or", "还是") and a model or size: the two weighed on that model (how each
    runs it), not one machine of both. Not when the cards are said to be used together ([lists] mixed_set) or owned."""
    from assistant.nlu.intents.fit import _choice_between, distinct_cards, plus_between
    from assistant.nlu.intents.verdict import said

    named = distinct_cards(r.explicit)
    if len({g.name for g in named if g.name}) != 2 or any(g.name is None for g in named) or len(named) != 2:
        return None
    if not (r.model or r.b.has("PARAMS")) or said(r, "mixed_set") or said(r, "mixed_owned") or plus_between(r, named):
        return None
    return _compare(r, named) if _choice_between(r, named) else None


def cpu_or_card(r: Reading) -> Query:
    """One card against a better CPU ("ppo on atari ... should i spend on a 5070 or a better cpu"): the concept the
    question's evidence decides (nlu/concept_score: reinforcement learning's CPU-bound environments), else what the
    CPU does beside the GPUs (cpu-for-gpus); the card named is kept."""
    from assistant.nlu import concept_score

    decision = concept_score.decide(r)
    concept = decision.concept if decision is not None else _CPU_CONCEPT
    return ExplainQuery(
        text=r.text, concept=concept, mention=r.text.strip(" ?!."), gpus=tuple(g for g in r.explicit if g.name)[:1]
    )


_CPU_CONCEPT = "cpu-for-gpus"


_MAKERS = {
    "nvidia": ("GeForce", "RTX", "Quadro", "Tesla", "NVIDIA", "TITAN", "GTX"),
    "amd": ("Radeon", "AMD"),
    "intel": ("Arc", "Intel"),
}


def _vendor_peer(r: Reading, card: GpuRef) -> GpuRef | None:
    """ "7900xtx跑sd和n卡比慢多少", "rx 9070 xt vs nvidia for llms": one card set against another maker, which the
    answer fills with that maker's card at about its price (pronoun "vendor_peer", mention the maker); None when no
    other maker is named."""
    makers = [str(t.value) for t in r.b.kinds.get("VENDOR", []) if isinstance(t.value, str)]
    own = next((m for m, words in _MAKERS.items() if (card.name or "").startswith(words)), None)
    other = next((m for m in makers if m in _MAKERS and m != own), None)
    return GpuRef(mention=other, pronoun="vendor_peer") if other and own else None


_VERSUS_ZH = ("比", "跟", "和", "与", "对比", "相比")


def _card_after_versus(r: Reading) -> bool:
    """ "how fast vs a 4090", "compared to a 4090?", "比4090慢多少", "和4090比呢": the one card named is what the card
    talked about is measured against (it comes second), not the subject."""
    b = r.b
    card = next((t for t in b.tags if t.kind == "GPU"), None)
    if card is None:
        return False
    before = [t for t in b.tags if t.start < card.start]
    if before and before[-1].kind in ("VS", "THAN"):
        return True
    if before and before[-1].kind == "AND" and all(t.kind in ("AND", "FOLLOW") for t in before):  # "和4090比呢"
        return any(t.kind == "THAN" and t.start > card.start for t in b.tags)
    return not before and b.text[: card.start].rstrip().endswith(_VERSUS_ZH)
