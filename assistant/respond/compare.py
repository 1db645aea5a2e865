"""Answer "X vs Y", "how much faster is X than Y", "why X over Y": speed and value side by side.

Contract: the table shows, per GPU, the estimated relative speed for 16-bit training, 16-bit
and 8-bit inference (RTX 3090 = 1.00, this project's model v2, docs/model.md §perf), memory,
bandwidth, L2, tensor cores, power, price, electricity over the ownership period and
performance per purchase dollar and per total-cost dollar. `figures.speedup` is gpus[0] over
gpus[1] for the workload asked. When the user's premise ("why X over Y") disagrees with the
numbers, the headline says so first. A "why X over Y" question (or one naming Dettmers) also gets
the value with Dettmers' 2023 method as the post states it (`models/dettmers2023.py`), labelled.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, VerdictQuery
from assistant.respond import (
    compare_builds,
    compare_desks,
    compare_gap,
    compare_headline,
    compare_model,
    compare_one_card,
    compare_outcome,
    compare_reasons,
    compare_second,
    compare_table,
    compare_why,
    difference,
    grades,
    scaling,
    upgrade_path,
    vendor_practice,
)
from assistant.respond.env import Env
from assistant.respond.idle_power import with_idle
from assistant.respond.mining import mining_notes
from assistant.respond.pricing import (
    CHAT_MODEL,
    IMAGE_MODEL,
    assumption_text,
    chat_tokens_per_s,
)
from assistant.respond.variants import difference_note, market_variant, variant_notes
from assistant.respond.wording import spec_source


def _versions_of_one(a, b) -> bool:
    """One GPU is the other's China-market or modified version (knowledge/market_variants.csv)."""
    for me, other in ((a, b), (b, a)):
        row = market_variant(me.name)
        if row and (row["base"] == other.name or _model_number(row["base"]) == _model_number(other.name)):
            return True
    return False


def _model_number(name: str) -> str:
    """ "H100" of "H100 SXM5 80 GB", "2080" of "GeForce RTX 2080 Ti" (the first word with a digit): the chip a
    variant and another form of its base share; a brand word ("GeForce") is shared by every card."""
    return next((w for w in name.split() if any(c.isdigit() for c in w)), name)


def _chat_basis(query: CompareQuery, env: Env, model_figures: dict):
    """(model, quant, RTX 3090 tokens/s) when the comparison is about running an LLM for oneself: the
    named model when every side holds it, else the common local model (`CHAT_MODEL`)."""
    if query.workload != "llm_inference" or query.aspect == "memory":
        return None
    ref = env.reader.gpu(C.REF_NAME)
    held = compare_model.held_model(query, model_figures, env)  # "m2 ultra vs 2x 3090 for 70b": that size decides
    if held is not None:
        model, quant = held
    else:
        model, quant = env.reader.model(CHAT_MODEL[0]), CHAT_MODEL[1]
    if model is None or ref is None or model.kind != "llm" or model_figures.get("speech_not_rated"):
        return None
    return model, quant, chat_tokens_per_s(model, quant, ref)


def _image_basis(query: CompareQuery, env: Env, gpus) -> tuple | None:
    """(model, RTX 3090 seconds per image) when the comparison is about generating images: the image model named
    when every side has a speed for it, else the common one (`IMAGE_MODEL`); None otherwise."""
    if query.workload != "image_generation" or query.aspect == "memory":
        return None
    from assistant.models import image_speed

    ref = env.reader.gpu(C.REF_NAME)
    named = env.reader.model(query.model.key) if query.model is not None else None
    for model in (named, env.reader.model(IMAGE_MODEL)):
        if model is None or model.kind != "image" or ref is None:
            continue
        timed = [image_speed.image_speed(g, model) for g in (ref, *gpus)]
        seconds = [t.seconds_per_image for t in timed if t is not None and t.seconds_per_image > 0]
        if len(seconds) == len(timed):
            return model, seconds[0]
    return None


def _image_model_for_macs(query: CompareQuery, env: Env, gpus) -> CompareQuery:
    """Image generation asked with no model, and a side the speed model does not rate (a Mac): the common image
    model (`IMAGE_MODEL`, SDXL) is compared as if named, so both sides get seconds per image, never LLM speeds."""
    if query.model is not None or query.workload != "image_generation" or query.aspect == "memory":
        return query
    if not any(g.unified_memory for g in gpus):
        return query
    import dataclasses

    from assistant.queries import ModelRef

    return dataclasses.replace(query, model=ModelRef(mention="", key=IMAGE_MODEL))


def _mixed_conditions(query, rows, names: list[str], env: Env) -> str:
    """The prices weighed are of different conditions (one side's only price is a used one, the other's a new one)
    and the question said none: said, since a like-for-like price would change the value ("" otherwise)."""
    if any(r.condition for r in query.gpus) or len(names) != 2:
        return ""
    prices = [rows[n].price for n in names]
    if any(p is None for p in prices) or {p.condition for p in prices} != {"new", "used"}:
        return ""
    used = next(n for n, p in zip(names, prices, strict=True) if p.condition == "used")
    new = next(n for n, p in zip(names, prices, strict=True) if p.condition == "new")
    short = {n: rows[n].gpu.short_name for n in names}
    return env.t("compare.mixed_conditions", used=short[used], new=short[new])


def _datacenter_licence(query: CompareQuery, gpus: list, env: Env) -> str:
    """For an organization's purchase of a GeForce card against a datacenter one: the GeForce driver licence
    excludes datacenter deployment (knowledge/sources/hardware.csv sw-geforce-eula-datacenter); "" otherwise."""
    if not query.organization:
        return ""
    geforce = [g for g in gpus if g.arch and g.arch.product_class == "geforce"]
    rooms = [g for g in gpus if g.passively_cooled or g.server_module]  # datacenter cards: a server room is meant
    if not geforce or not rooms:
        return ""
    return env.t("compare.geforce_datacenter", gpu=geforce[0].short_name)


def _as_released(query: CompareQuery, env: Env) -> CompareQuery:
    """ "满血deepseek r1, 8卡H20和8卡H200选哪个": the model at its weights as released (FP8 for R1)."""
    model = env.reader.model(query.model.key) if query.released and query.model and query.model.key else None
    if model is None or model.kind != "llm" or query.precision:
        return query
    return dataclasses.replace(query, precision=memory.released_precision(model))


def respond(query: CompareQuery, env: Env) -> Answer:
    from assistant.respond import (
        claimed_ratio,
        compare_mobile,
        compare_vision,
        laptop_part,
        need_bigger,
        reputation,
        same_price,
        vendor_peer,
    )

    one = laptop_part.as_one(query, env.for_query(query))  # "gaming laptop with a 3070 ti": one card, its laptop part
    if one is not None:
        return one
    query, peer = vendor_peer.filled(query, env.for_query(query))  # "7900xtx和n卡比": that maker's card at its price
    query = _as_released(query, env)
    answer = _compare(query, env)
    if peer and answer.headline and not answer.clarification:
        answer.headline = i18n.gap(env.lang).join([peer, answer.headline])
    env = env.for_query(query)
    if answer.clarification or answer.intent != "compare":
        return answer
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    lead, sources = upgrade_path.swap_lead(query, gpus, env)  # "should i sell my 3090 and get a 4090"
    sold = query.gpus[0].name if query.gpus else None
    owned = lead and upgrade_path.owned_upgrade(query, env) is not None  # "worth upgrading from 4070 to ...": no buy
    if lead and (answer.choice == sold or owned):  # "sell my 3090, buy a 5090, how much extra": the swap is the
        answer.headline, answer.choice = lead, None  # answer, not a pick of the card sold ("Get the RTX 3090")
    elif lead:
        answer.headline = i18n.gap(env.lang).join([lead, answer.headline])
        answer.sources = [*sources, *(s for s in answer.sources if s not in sources)]
    answer = compare_mobile.lead(answer, query, env)  # "laptop 4090 vs desktop 4070 ti s, i move around a lot"
    answer = compare_vision.lead(answer, query, env)  # "yolo11m on 20k images, 3060 vs 4070, how long per epoch"
    answer = need_bigger.lead(answer, query, env)  # "有必要上80g吗": no when the smaller card holds the job
    answer = reputation.lead(answer, query, env)  # "why does everyone hate the 4060 ti": against its predecessor
    answer = claimed_ratio.lead(answer, query, env)  # "is the 4090 3x faster than a 3090": the claim checked first
    answer = same_price.lead(answer, query, env)  # "a6000 or 2x 3090, similar price": what each does, first
    answer = _catches_asked(answer, query, env)  # "dgx spark vs a 2x3090 box, what's the catch with the spark"
    mined, mined_sources = mining_notes(query.text, env)  # "矿卡3080 1800和全新4060 2200 选哪个": the checks it needs
    if mined and not any(m in answer.headline for m in mined):
        answer.headline = i18n.gap(env.lang).join([answer.headline, *mined])
        answer.sources = [*answer.sources, *(s for s in env.cite(*mined_sources) if s not in answer.sources)]
    return answer


def _catches_asked(answer: Answer, query: CompareQuery, env: Env) -> Answer:
    """The catches asked of a comparison (lexicon risk_words): each side's (card_risks), first."""
    from assistant.respond import card_risks

    if answer.clarification or not lexicon(env.lang).words_in("risk_words", query.text.lower()):
        return answer
    notes: list[str] = []
    for gpu in env.reader.gpus([r.name for r in query.gpus if r.name]):
        found, cited = card_risks.risk_notes(gpu, env)
        notes += [n for n in found if n not in notes and n not in answer.headline]
        answer.sources = [*answer.sources, *(c for c in cited if c not in answer.sources)]
    if notes:
        answer.headline = i18n.gap(env.lang).join([*notes, answer.headline])
    return answer


def _compare(query: CompareQuery, env: Env) -> Answer:
    env = env.for_query(query)
    desks = compare_desks.respond(query, env)  # "a single 8x4090 server or 8 workstations with one 4090 each"
    if desks is not None:
        return desks
    single = compare_one_card.named_card(query, env)  # "2 3060s instead of one better card": the card it buys
    if single is not None:
        answer = _compare(single[0], env)
        answer.headline = i18n.gap(env.lang).join([single[1], answer.headline])
        return answer
    if scaling.is_scaling(query):
        return scaling.respond(query, env)
    built = compare_builds.respond(query, env)  # "预算20万 怎么配 买a800还是多张4090": the machine each card makes
    if built is not None:
        return built
    env, gap_note, gap = compare_gap.with_gap(
        query, env
    )  # "差两百块": the dearer card at the cheaper one's price + gap
    if gap_note:
        answer = _compare_priced(query, env, gap)
        answer.steps = [gap_note, *answer.steps]
        answer.figures["stated_gap"] = True  # "价格差两千值得吗": the money said is the gap, no price asked
        return answer
    return _compare_priced(query, env)


def _compare_priced(query: CompareQuery, env: Env, gap: compare_gap.Gap | None = None) -> Answer:
    gpus = env.reader.gpus([r.name for r in query.gpus if r.name])
    query = _image_model_for_macs(query, env, gpus)  # "m4 pro mac vs a 4070 laptop for stable diffusion": seconds
    names = list(dict.fromkeys(g.name for g in gpus))
    upgrade = upgrade_path.answer(query, gpus, env)  # "i have 2 3060s, add a third or sell both for a 3090?"
    if upgrade is not None:
        return upgrade
    if len(names) < 2:
        idle = with_idle(Answer(question=query.text, intent="spec", headline="", lang=env.lang), gpus, query.text, env)
        if idle.headline:  # "how much does a 4090 draw when idle vs under load": one card's idle and load draw
            idle.gpus = names
            return idle
        if len(names) == 1 and compare_outcome.yes_no(
            query.text, env
        ):  # "... is buying a used mining 3090 fine?": a verdict
            from assistant.respond import verdict

            asked = VerdictQuery(text=query.text, gpus=(query.gpus[-1],), workload=query.workload)
            return verdict.respond(asked, env)
        return Answer(
            question=query.text,
            intent="compare",
            headline="",
            gpus=names,
            clarification=env.t("compare.need_two"),
            lang=env.lang,
        )
    about_model = compare_model.model_rows(query, names, {r.name: r.count for r in query.gpus if r.name}, env)
    model_figures = about_model[2] if about_model is not None else {}
    chat = _chat_basis(query, env, model_figures)
    if chat and query.model is None and all(g.arch and g.arch.product_class == "datacenter" for g in gpus):
        chat = None  # "h200 vs h100 for llm inference": datacenter cards serve many users, batched throughput decides
    image = None if chat else _image_basis(query, env, gpus)
    image_model = image[0] if image else None
    by_key, key, title = compare_outcome.value_rows_by_workload(query, gpus, chat, env, image)
    rows = by_key[key]
    table = compare_table.table(by_key, names, env)
    if any(rows[n].price for n in names):  # per-dollar rows only when something has a price
        table.rows += compare_table.value_rows(rows, names, title, env)
    sets, split = {r.name: r.count for r in query.gpus if r.name}, compare_outcome.chat_split(query, env)
    chat_row, chat_tps = compare_table.chat_row(gpus, names, env, sets, split)
    if chat_row:
        table.rows.insert(len(compare_table.SPEED_ROWS), chat_row)
    if key == "image_gen":  # seconds per image on each side, beside the other speeds
        table.rows.insert(len(compare_table.SPEED_ROWS), compare_table.image_row(gpus, names, env, image_model))
    headline, choice = compare_headline.headline(query, rows, names, key, env, title)
    if len(names) == 2 and about_model is None:
        headline += compare_reasons.large_training_text(rows[names[0]], rows[names[1]], key, env, "head")
        second = compare_second.second_ratio(query, by_key, names, chat_tps, key, env)  # "training and inference"
        headline += (i18n.gap(env.lang) + second) if second else ""
        why = compare_why.why_faster(query, rows, names, key, env)  # "why is the 4090 faster": the deciding spec
        headline += (i18n.gap(env.lang) + why) if why else ""
    if about_model is not None:  # "two 3090s or one 4090 for 70b": the model decides first
        memory_led = headline if query.aspect == "memory" else ""
        model_head, model_rows, _ = about_model
        table.rows[0:0] = model_rows
        if model_figures.get("model_choice"):  # only one side holds the model (or is a setting away): it decides
            choice = model_figures["model_choice"]
            headline = env.t(
                "compare.model_decides", gpu=rows[choice].label, model=compare_outcome.about_model_name(query, env)
            )
        if model_figures.get("model_sets_pick") or model_figures.get("model_none"):  # led already: nothing to add
            headline = ""
        parts = (
            i18n.cap(env.lang, model_head),
            compare_outcome.train_job_speed(model_figures, rows, names, env) or headline,
        )
        if query.why_not() and not model_figures.get("model_choice"):
            parts = parts[::-1]  # "why not the 5080?" about flux, both hold it: the answer to the why, then the model
        if query.aspect == "memory" and memory_led:  # "显存哪个最大" in a 32B thread: the memory asked, then the fits
            parts = (memory_led, i18n.cap(env.lang, model_head))
        headline = i18n.gap(env.lang).join(x for x in parts if x)
    versions = len(names) == 2 and _versions_of_one(rows[names[0]].gpu, rows[names[1]].gpu)
    picked = None if versions else compare_outcome.pick(query, rows, names, title, chat, about_model, env)
    holds = model_figures.get("model_choice")  # only this side holds the model named: its extra buys that memory
    model = (holds, compare_outcome.about_model_name(query, env)) if holds else None
    headline = compare_outcome.with_pick_and_worth(query, headline, picked, rows, names, title, env, gap, model)
    if picked is not None:
        choice = picked[0]
    # an AMD / Intel pick over NVIDIA: the software caveat leads (not over "which one has more memory": the answer)
    if not model_figures.get("model_choice") and query.aspect != "memory":
        vendor_lead, flipped = vendor_practice.compare_lead(query, rows, names, choice, key, env)
        if flipped:  # training / "AI": the NVIDIA card is the choice, and the lead says why
            choice, headline = flipped, vendor_lead
        elif (
            vendor_lead
            and picked is not None
            and picked[2].get("reason") == "memory"
            and headline.startswith(picked[1])
        ):
            # picked for its memory, not paper speed: the pick first, the caveat right after it
            after = vendor_practice.after_pick(rows, names, choice, env)
            headline = i18n.gap(env.lang).join([picked[1], after, headline[len(picked[1]) :].lstrip()])
        elif vendor_lead:
            headline = vendor_lead + i18n.gap(env.lang) + headline
    roomy = compare_headline.more_memory(rows, names)  # "2x 5060 ti vs 3090": the slower may hold more
    # the memory the pick gives up is said when it is much more, or half again as much ("6000 ada 48gb vs 5090 32gb")
    gives_up = roomy is not None and choice in rows and rows[choice].label == roomy["other"] and roomy["times"] >= 1.5
    if roomy is not None and (chat or (query.workload is None and (roomy["times"] >= 2 or gives_up))):
        if not model_figures.get("model_choice"):  # "what is the gb10 good for vs a 5090": what the memory buys
            memory = compare_headline.memory_sentence(roomy, env)
            good_for = compare_headline.good_for_asked(query.text, env)  # "what is it good for": the memory first
            headline = i18n.gap(env.lang).join([memory, headline] if good_for else [headline, memory])
    d2023 = compare_reasons.dettmers_2023(query, [rows[n].gpu for n in names[:2]], key, env)
    steps = compare_outcome.steps(
        rows, names, key, title, (chat, chat_tps), model_figures, [text for text, _ in d2023], env
    )
    steps += compare_outcome.expert_offload(query, names, model_figures, env)
    if split == "tensor" and any(n > 1 for n in sets.values()):
        steps.append(env.t("compare.tensor_split"))  # "vllm ..., 2 x 4090 vs 5090": how the set's speed was worked
    figures = compare_outcome.figures(rows, names, key, chat, chat_tps, model_figures)
    counts = {r.name: r.count for r in query.gpus if r.name and r.count > 1}
    if counts:  # "2 x RTX 3090 vs an RTX A6000": how many of each side (the power asked is of the set)
        figures["counts"] = counts
    if picked is not None:
        figures["pick"] = {**picked[2], "said": picked[1]}
    elif query.aspect == "memory" and choice and len(names) == 2:  # "which one has more vram": memory chose it
        figures["pick"] = {"gpu": choice, "reason": "memory"}
    if d2023:
        figures["dettmers2023"] = {w: v for _, fig in d2023 for w, v in fig.items()}
    variant_steps, variant_sources = variant_notes([rows[n].gpu for n in names], env)
    lead = difference_note([rows[n].gpu for n in names], env) if versions else ""
    picked_asked = (query.worth or query.aspect == "value") and not difference.asked(query.text, env.lang)
    if lead and (picked_asked or query.workload):
        # "京东4090d 一万四 二手4090 一万二 买哪个", "which is better value": the pick answers; "4090d和4090跑大模型
        # 差多少": the speed ratio on that work answers; the version's difference follows
        headline = headline + i18n.gap(env.lang) + lead
    elif lead:
        # "h100和h800有啥区别": one is the other's China-market or modified version: the difference leads (in a
        # yuan answer too, before the note on what is sold in China)
        headline = lead + i18n.gap(env.lang) + headline
        variant_steps = [note for note in variant_steps if note != lead]
    if difference.asked(query.text, env.lang) or difference.which_cheaper(query.text, env.lang):  # "which is cheaper"
        price = difference.price_asked(query.text, env.lang)
        stated = {r.name: r.condition for r in query.gpus if r.name and r.condition}  # "二手3090和全新4070tis"
        if not stated and grades.shop_named(query.text, env):  # "京东价差多少": the shop's new prices
            stated = {n: "new" for n in names}
        gpus = [rows[n].gpu for n in names]
        offers = {name: env.to_usd(amount, cur) for name, amount, cur in query.offers}
        counts = {r.name: r.count for r in query.gpus if r.name and r.count > 1}  # sets weighed: the sets' prices
        said, gap_figures = (
            difference.lead(gpus, env, price=price, conditions=stated, offers=offers, counts=counts)
            if price or not lead
            else ("", {})
        )
        headline = i18n.gap(env.lang).join(x for x in (said, headline) if x)
        figures |= gap_figures
    favoured = compare_why.why_favoured(query, rows, names, env) if about_model is None else ""
    if favoured:  # "why would anyone pay for an h100 when a 5090 ...": what it has, first
        headline = favoured + i18n.gap(env.lang) + headline
    steps += variant_steps
    if mixed := _mixed_conditions(query, rows, names, env):  # "l40s vs rtx 6000 ada": a used price against a new one
        steps.append(mixed)
    licence = _datacenter_licence(query, [rows[n].gpu for n in names], env)
    if licence:  # "h20和4090 企业采购": a GeForce card is not licensed for a datacenter
        steps.append(licence)
        variant_sources = [*variant_sources, "sw-geforce-eula-datacenter"]
    sources = [spec_source(rows[n].gpu, env) for n in names] + env.cite(
        *[p.source for n in names if (p := rows[n].price)], *variant_sources
    )
    sources += vendor_practice.sources([rows[n].gpu for n in names], env)
    sources += env.rate_sources()
    sources.append("method: docs/model.md §perf, §cost.tco (Dettmers 2023 normalization)")
    answer = Answer(
        question=query.text,
        intent="compare",
        headline=headline,
        gpus=names,
        workload=query.workload,
        precision=query.precision,
        choice=choice,
        tables=[table],
        steps=steps,
        figures=figures,
        assumption_text=assumption_text(env),
        sources=sources,
        chart=compare_outcome.chart(rows, names, title, env),
        lang=env.lang,
    )
    sets = {r.name: r.count for r in query.gpus if r.name and r.count > 1}  # "2x 5090": the set's power
    return with_idle(answer, gpus, query.text, env, counts=sets)  # "idle power 4090 vs 3090": the idle draws lead
