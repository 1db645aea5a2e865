"""Answer "specs of X" / "how much memory does X have": values from the KB, with sources."""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models.cost import PriceLookup, cheapest_cloud
from assistant.queries import SpecQuery
from assistant.respond import (
    card_size,
    grades,
    identity,
    memory_check,
    owned_alone,
    precision_speed,
    sell_keep,
    spec_counted,
    spec_figures,
    spec_which,
    unpriced,
    unrated,
    use_case,
    used_spread,
)
from assistant.respond.env import Env, rules_of_thumb
from assistant.respond.idle_power import with_idle
from assistant.respond.mining import band_prices, mining_notes, mining_price
from assistant.respond.pricing import (
    is_converted,
    price_of,
    price_text,
    score,
    sibling_price_note,
    variant_siblings,
)
from assistant.respond.spec_rows import (
    ROWS,
    asked_sections,
    has_matrix_units,
    has_tensor_cores,
    speed_rows,
    table_cell,
    tensor_text,
)
from assistant.respond.variants import risk_lead, variant_notes
from assistant.respond.vision_infer import with_vision_fps
from assistant.respond.vision_train import with_vision_time
from assistant.respond.wording import num, spec_source
from assistant.specs import GpuSpec


def _price_rows(gpus: list[GpuSpec], env: Env, per_gpu: dict) -> list[list[str]]:
    rows = []
    for condition in ("new", "used"):
        found = [price_of(g.name, env, condition) for g in gpus]
        if any(found):
            rows.append(
                [
                    env.t("spec.price_row", cond=env.t(f"cond.{condition}"), snapshot=env.snapshot_label()),
                    *[price_text(p, env) for p in found],
                ]
            )
            for g, p in zip(gpus, found, strict=False):
                per_gpu[g.name][f"price_{condition}_usd"] = round(p.usd, 2) if p else None
    clouds = [cheapest_cloud(g.name, env.cloud_rates(g.name)) for g in gpus]
    if any(clouds):
        rows.append(
            [
                env.t("spec.cloud_row"),
                *[
                    env.t(
                        "spec.cloud_rate",
                        money=env.money(c.on_demand_usd_per_gpu_hour, 2),
                        provider=c.provider,
                        observed=c.observed,
                    )
                    if c
                    else env.t("spec.no_rate")
                    for c in clouds
                ],
            ]
        )
        for g, c in zip(gpus, clouds, strict=False):
            per_gpu[g.name]["cloud_usd_per_hour"] = c.on_demand_usd_per_gpu_hour if c else None
    if not rows:
        rows.append([env.t("spec.price"), *[env.t("spec.no_price") for _ in gpus]])
    return rows


def _conditions_named(text: str, env: Env) -> set[str]:
    """The conditions (new / used) a question names anywhere ("4090d现在京东卖多少 二手能卖多少": used)."""
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.text import words

    lex, toks = lexicon(env.lang), words(text or "")
    hits = (lex.match(toks, i) for i in range(len(toks)))
    return {str(h[1]["CONDITION"]) for h in hits if h and "CONDITION" in h[1]}


_OWN_HEADLINE = ("power", "speed", "price")  # sections with a one-line answer of their own (besides spec_figures)


def _set_lead(query: SpecQuery, gpus: list[GpuSpec], sections: list[str], env: Env) -> list[str]:
    """ "四张加起来多少显存", "how much did that cost me" after 2 x RTX 3090: the memory or the price of the set asked
    (N of one card), before the card's own figure; [] for one card or another figure."""
    count = query.gpus[0].count if len(query.gpus) == 1 else 1
    if count < 2 or len(gpus) != 1 or sections not in (["memory"], ["price"]):
        return []
    g = gpus[0]
    if sections == ["memory"]:
        return (
            []
            if not g.memory_gb
            else [
                env.t(
                    "spec.set_memory",
                    n=count,
                    gpu=g.short_name,
                    total=num(count * g.memory_gb, 0),
                    each=num(g.memory_gb, 0),
                )
            ]
        )
    found = price_of(g.name, env, query.gpus[0].condition)
    if found is None:
        return []
    return [
        env.t(
            "spec.set_price",
            n=count,
            gpu=g.short_name,
            total=env.money(count * found.usd),
            each=env.money(found.usd),
            condition=env.t(f"spec.condition_{found.condition}"),
        )
    ]


def _headline(gpus: list[GpuSpec], sections: list[str], env: Env, text: str = "", llm: bool = False) -> str:
    lang = env.lang
    if "china" in sections and len(sections) > 1:  # "h20现在还能买到吗 多少钱一张": whether it can be bought leads
        rest = [s for s in sections if s != "china"]
        return i18n.gap(lang).join([spec_figures.headline("china", gpus, env), _headline(gpus, rest, env, text, llm)])
    own = [s for s in sections if s in spec_figures.FIGURES or s in _OWN_HEADLINE or (s == "memory" and len(gpus) == 1)]
    if len(sections) > 1 and own == sections:  # "how much vram does it have, and is it single slot": each part answered
        return i18n.gap(lang).join(_headline(gpus, [s], env, text, llm) for s in sections)
    if len(sections) == 1 and sections[0] in spec_figures.FIGURES:
        return spec_figures.headline(sections[0], gpus, env)
    if len(gpus) == 1 and sections == ["memory"]:
        g = gpus[0]
        return env.t(
            "spec.head_memory",
            name=g.name,
            memory=num(g.memory_gb, 0),
            kind=g.memory_type or env.t("spec.memory_word"),
        ).replace(" 。", "。")
    if sections == ["power"]:
        parts = [
            env.t(
                # a Mac: the machine at the wall; no figure: said, not "n/a W"
                "spec.head_power_none"
                if not g.tdp_w
                else "spec.head_power_mac"
                if g.vendor == "Apple"
                else "spec.head_power_laptop"
                if g.is_mobile  # no power supply of its own: the laptop's adapter, at the limit the laptop sets
                else "spec.head_power",
                gpu=g.short_name,
                tdp=table_cell(num(g.tdp_w, 0), env),
                psu=table_cell(num(g.suggested_psu_w, 0), env),
            )
            for g in gpus
        ]
        return i18n.cap(env.lang, "; ".join(parts)) + i18n.end(env.lang)
    if sections in (["compute"], ["l2"], ["tensor_cores"]):  # "how many cuda cores", "l2 of the 4090": that figure
        parts = [_unit_item(sections[0], g, env) for g in gpus]
        return i18n.cap(lang, i18n.sep(lang).join(parts)) + i18n.end(lang)
    if sections == ["release"]:  # "is the rtx 5080 out yet", "4090什么时候出的": out since its date, or no date held
        parts = [
            env.t("spec.head_released", gpu=g.short_name, date=g.release_date.isoformat())
            if g.release_date
            else env.t("spec.head_release_unknown", gpu=g.short_name)
            for g in gpus
        ]
        return i18n.gap(lang).join(parts)
    if sections == ["speed"]:
        parts = [
            env.t("spec.head_speed_llm", gpu=g.short_name, speeds=unrated.llm_text_largest(env, g))
            if llm  # "how fast?" after a pick for local LLMs: tokens/s, not a training score
            # "3090训练速度怎么样": the yardstick of the scores is 1.00x of itself; its speed in tokens/s instead
            else env.t("spec.head_speed_reference", gpu=g.short_name, speeds=unrated.llm_text_largest(env, g))
            if g.name == C.REF_NAME
            else env.t("spec.head_speed", gpu=g.short_name, score=f"{score(g, 'train16').score:.2f}")
            if not unrated.is_unrated(score(g, "train16"))
            else env.t("spec.head_speed_unrated", gpu=g.short_name, speeds=unrated.llm_text(env, g))
            for g in gpus
        ]
        return i18n.cap(lang, i18n.sep(lang).join(parts)) + i18n.end(lang)
    if sections == ["price"]:
        parts = []
        for g in gpus:
            new, used = price_of(g.name, env, "new"), price_of(g.name, env, "used")
            mined = mining_price(g.name, text, env)  # "3090矿卡现在啥行情": the ex-mining band too
            bands = band_prices(g.name, env, mined) if used else []  # "3090二手现在什么价": the spread by grade
            spread = not bands  # else the range of the plain used quotes ("二手 ¥1,700（2025-03 时 ¥2,200）")
            bits = [
                _price_item(p, c, env) + (used_spread.after(p, c, g.name, env) if spread else "")
                for p, c in ((new, "new"), (used, "used"))
                if p
            ]
            for band, found in bands:
                bits.append(env.t("spec.head_price_item", money=env.money(found.usd), cond=env.t(f"cond.{band}")))
            # "二手的呢" (the condition set) or "二手能卖多少" (named in the question): a condition asked without a
            # price is said to have none
            for wanted in sorted(_conditions_named(text, env) | {env.assumptions.condition or ""}):
                if bits and wanted in ("new", "used") and (new if wanted == "new" else used) is None:
                    bits.append(env.t("spec.no_condition_price", cond=env.t(f"cond.{wanted}")))
            parts.append(
                env.t("spec.head_gpu", gpu=g.short_name, text=" / ".join(bits) if bits else env.t("spec.no_price"))
            )
        head = i18n.sep(lang).join(parts) + env.t("spec.head_price_tail", snapshot=env.snapshot_label())
        if len(gpus) == 1 and _saving_asked(text, lang):
            head += i18n.gap(lang) + _used_saving(gpus[0], env)  # "换成二手的能省多少": new less used
        graded = grades.difference(gpus[0].name, text, env) if len(gpus) == 1 else ""
        return i18n.gap(lang).join([graded, head]) if graded else head  # "矿卡和正常二手差多少钱": the gap first
    summaries = []
    for g in gpus:
        bits = [
            f"{num(g.memory_gb, 0)} GB {g.memory_type or ''}".strip(),
            num(g.memory_bandwidth_gb_s, 0, "GB/s"),
            env.t("spec.n_tensor", count=g.tensor_cores)
            if g.tensor_cores
            else env.t(
                "spec.tensor_unpublished"
                if has_tensor_cores(g)
                else "spec.matrix_units_head"
                if has_matrix_units(g)
                else "spec.no_tensor"
            ),
            num(g.tdp_w, 0, "W"),
        ]
        bits = [b for b in bits if b != "n/a"]  # a figure the KB lacks is left out of the summary (the table says so)
        summaries.append(env.t("spec.head_gpu", gpu=g.name, text=i18n.comma(lang).join(bits)))
    return i18n.sep(lang).join(summaries) + i18n.end(lang)


def _unit_item(section: str, g: GpuSpec, env: Env) -> str:
    """One GPU's figure of a unit section: its shader cores and SMs (CUDA cores on NVIDIA, stream processors on AMD),
    its L2 cache, or its tensor cores; a figure the KB lacks is said to be missing."""
    if section == "compute":
        if not g.shading_units:
            return env.t("spec.head_unit_none", gpu=g.short_name)
        key = "spec.head_cores_nvidia" if g.vendor == "NVIDIA" else "spec.head_cores"
        return env.t(key, gpu=g.short_name, cores=f"{g.shading_units:,}", sms=num(g.sms))
    if section == "l2":
        if not g.l2_cache_mb:
            return env.t("spec.head_unit_none", gpu=g.short_name)
        return env.t("spec.head_l2", gpu=g.short_name, mb=f"{g.l2_cache_mb:g}")
    gen = g.arch.tensor_generation if g.arch else None
    if not g.tensor_cores or not gen:
        return env.t("spec.head_gpu", gpu=g.short_name, text=tensor_text(g, env))
    return env.t("spec.head_tensor", gpu=g.short_name, count=f"{g.tensor_cores:,}", gen=gen)


def _other_forms(query: SpecQuery, gpus: list[GpuSpec], env: Env) -> list[GpuSpec]:
    """For a price asked of a bare family name the reader resolved by a default ("a100 80g" -> A100 SXM4
    80 GB): the product's other priced forms with the same memory (A100 PCIe 80 GB), shown beside it."""
    shown = {g.name for g in gpus}
    out: list[GpuSpec] = []
    for ref in query.gpus:
        if not (ref.assumed and ref.name):
            continue
        me = env.reader.known_gpu(ref.name)
        names = {q.gpu for q in env.reader.prices(env.assumptions.snapshot)} - shown
        for name in variant_siblings(ref.name, names, env):
            other = env.reader.known_gpu(name)
            if other.memory_gb == me.memory_gb and (price_of(name, env, "new") or price_of(name, env, "used")):
                out.append(other)
                shown.add(name)
    return out


def respond(query: SpecQuery, env: Env) -> Answer:
    env = env.for_query(query)
    if query.topic:  # "how do i cool a p40", "p40 warranty": the topic asked of the card (respond/card_topic.py)
        from assistant.respond import card_topic

        return card_topic.respond(query, env)
    judged = use_case.spec_as_verdict(query, env)  # "m3 pro 18gb macbook, any point doing local llms on it"
    if judged is not None:
        return judged
    if (alone := owned_alone.respond(query, env, respond)) is not None:
        return alone  # "我有一张3060 12g", "i have a 3090" said alone: its spec line and what it runs
    if query.precisions:  # "how much faster is fp8 than fp16 on a 4090"
        return precision_speed.answer(query, env)
    if "sell" in query.fields:  # "keep my 4090 or sell it now for $1,800": the sale against the used price
        return sell_keep.respond(query, env)
    if "size" in query.fields:  # "will a 4090 fit in a fractal north, 355mm clearance": the board against the case
        return card_size.respond(query, env)
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    sections = asked_sections(query.fields)
    forms = _other_forms(query, gpus, env) if sections == ["price"] else []
    gpus += forms
    table = Table(headers=["", *[g.short_name for g in gpus]], rows=[])
    figures: dict = {"gpu_count": spec_counted.count_of(query)} if spec_counted.count_of(query) > 1 else {}
    per_gpu: dict = {g.name: {} for g in gpus}
    for section in sections:
        if section == "price":
            table.rows += _price_rows(gpus, env, per_gpu)
            continue
        if section == "speed":
            table.rows += speed_rows(gpus, per_gpu, env)
            continue
        if section in spec_figures.FIGURES:
            table.rows += spec_figures.rows(section, gpus, env, per_gpu)
            continue
        for label, show, key, value in ROWS[section]:
            table.rows.append([env.t(label), *[table_cell(show(g, env), env) for g in gpus]])
            for g in gpus:
                per_gpu[g.name][key] = value(g)
    if gpus:
        figures.update(per_gpu[gpus[0].name])
    if len(gpus) > 1:
        figures["per_gpu"] = per_gpu
    steps = []
    for g in gpus:
        if g.is_mobile:
            steps.append(env.t("spec.laptop", name=g.name))
        if g.corrected and sections != ["price"]:  # a corrected spec matters to a spec answer, not to a price
            labels = {key: label for rows in ROWS.values() for label, _, key, _ in rows}
            fields = [env.t(labels[f]) if f in labels else f for f in g.corrected]
            steps.append(env.t("spec.overridden", name=g.name, fields=i18n.listing(env.lang).join(fields)))
        if g.arch and g.arch.tensor_generation == 0:
            steps.append(env.t("spec.tensorless", name=g.name))
    sources = [spec_source(g, env) for g in gpus]
    if forms:
        steps.append(env.t("spec.other_forms", gpus=i18n.listing(env.lang).join(g.short_name for g in forms)))
    for g in gpus if "price" in sections and not forms else []:
        sibling_steps, sibling_sources = sibling_price_note(g.name, env)
        steps += sibling_steps
        sources += sibling_sources
    variant_steps, variant_sources = variant_notes(gpus, env)
    risks = [r for g in gpus if (r := risk_lead(g, query.text, env))]  # "4090 48g 有坑吗": a modified card's risks lead
    priced_trust = bool(risks) and sections == ["price"]
    steps += [s for s in variant_steps if s not in risks]
    sources += env.cite(*variant_sources)
    if "price" in sections:  # "3090矿卡现在啥行情 会不会翻车": what to check on an ex-mining card, with its price
        mining_steps, mining_sources = mining_notes(query.text, env)
        steps += mining_steps
        sources += env.cite(*mining_sources)
    for g in gpus if "price" in sections else []:
        unpriced_card = price_of(g.name, env, "new") is None and price_of(g.name, env, "used") is None
        # why there is no price, and a whole server's price (H20, H800) when one is on record
        why, cited = unpriced.reason(g, env) if unpriced_card else unpriced.server_note(g, env)
        steps += why
        sources += env.cite(*cited)
    if sections == ["power"]:  # power questions: the reference's practical advice, with its numbers
        watts = max((g.tdp_w or 0) for g in gpus) if gpus else 0
        rule = rules_of_thumb()["power"]
        steps.append(
            env.t(
                "spec.power_advice",
                example=rule["limit_example_gpu"],
                cut=rule["limit_cut_w"],
                loss=rule["limit_speed_loss_pct"],
                throttle=rule["throttle_c"],
            )
        )
        count = max((r.count for r in query.gpus if r.name), default=1)
        if count > 1:  # several cards asked: their draw, and the reference's PSU plan for four
            steps.append(
                env.t(
                    "spec.power_many",
                    n=count,
                    watts=f"{count * watts:,}",
                    range=rule["four_card_range_w"],
                    psu=f"{rule['four_card_psu_w']:,}",
                )
            )
        sources += env.cite(rule["source"])
    priced = [p for g in gpus for c in ("new", "used") if "price" in sections and (p := price_of(g.name, env, c))]
    if priced:  # the exchange rate matters only when an amount is shown
        sources += env.cite(*[p.source for p in priced])
        sources += env.rate_sources()
    for section in sections:
        if section in spec_figures.FIGURES:
            sources += [c for c in spec_figures.sources(section, gpus, env) if c not in sources]
    if any(g.corrected for g in gpus):
        sources += env.cite("nv-v100-ds")
    # the exchange rate matters when an amount shown was converted: a price or cloud rate from the other
    # market, or an MSRP / price history (USD); native yuan quotes need no rate note
    clouds = [c for g in gpus if "price" in sections and (c := cheapest_cloud(g.name, env.cloud_rates(g.name)))]
    converted = any(is_converted(p, env) for p in priced) or any(c.currency != env.currency for c in clouds)
    money = converted or bool({"msrp", "history"} & set(sections))
    notes = [env.rate_text() + i18n.end(env.lang)] if money and env.rate_text() else []
    answer = Answer(
        question=query.text,
        intent="spec",
        # the set's figure first: its memory or price (_set_lead), its draw ("how much power do two 4090s pull")
        headline=i18n.gap(env.lang).join(
            p
            for p in [
                *(risks if not priced_trust else []),
                identity.lead(query.text, gpus, env) if not risks else "",  # "is the 4090D real", "who is it for"
                memory_check.lead(query, gpus, env),  # "does the 4060 have 16gb": yes or no first
                *_set_lead(query, gpus, sections, env),
                spec_counted.lead(query, gpus, sections, env),
                spec_which.lead(query, gpus, sections, env),  # "which one has more bandwidth": that one first
                _headline(gpus, sections, env, query.text, query.workload == "llm_inference"),
                # "魔改2080ti 22g多少钱合适，靠谱吗": the price asked first, then whether it can be trusted
                *([env.t("card_risks.modified_lead"), *risks] if priced_trust else []),
            ]
            if p
        ),
        gpus=[g.name for g in gpus],
        tables=[table],
        steps=steps,
        figures=figures,
        sources=list(dict.fromkeys(sources)),  # the card's source and its variant note's may be one
        notes=notes,
        lang=env.lang,
    )
    # "can a 3060 run yolov8 at 1080p in real time": its frames/s; else a training time asked
    # "how long to train resnet-50 on imagenet on a 4090": the training time
    answer = with_vision_fps(answer, query, env) or with_vision_time(answer, query, env)
    count = query.gpus[0].count if len(query.gpus) == 1 else 1  # "what does it pull at idle" after 2 x RTX 3090
    counts = {r.name: r.count for r in query.gpus if r.name}  # "哪个更省电" after two 3090s vs one 4090: the sets
    return with_idle(answer, gpus, query.text, env, count, counts)  # "what does a 3090 pull at idle": idle leads


def _saving_asked(text: str, lang: str) -> bool:
    from assistant.nlu.lexicon import lexicon

    return lexicon(lang).words_in("used_saving_asks", f" {(text or '').lower()} ")


def _used_saving(g: GpuSpec, env: Env) -> str:
    """What buying the card used saves against new (both prices in force), or that only one of them is on record."""
    new, used = price_of(g.name, env, "new"), price_of(g.name, env, "used")
    if new is None or used is None:
        return env.t("spec.saving_one_price", gpu=g.short_name, cond=env.t("cond.used" if used else "cond.new"))
    return env.t("spec.saving_used", gpu=g.short_name, saved=env.money(max(new.usd - used.usd, 0.0)))


def _price_item(p: PriceLookup, condition: str, env: Env) -> str:
    """One condition's price in the head: a launch list price is said to be one (not today's price, "5090d现在多少钱"),
    a price converted from the other market is said to be converted."""
    key = "spec.head_price_item"
    if p.source.startswith("list price"):
        key = "spec.head_price_item_list"
    elif is_converted(p, env):
        key = "spec.head_price_item_converted"
    return env.t(key, money=env.money(p.usd), cond=env.t(f"cond.{condition}"), observed=p.observed)
