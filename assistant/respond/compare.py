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

import re

from assistant import i18n
from assistant.answer import Answer, Chart
from assistant.models import constants as C
from assistant.models import hardware
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, VerdictQuery
from assistant.respond import (
    compare_builds,
    compare_constraint,
    compare_desks,
    compare_gap,
    compare_headline,
    compare_model,
    compare_one_card,
    compare_pick,
    compare_reasons,
    compare_second,
    compare_table,
    compare_why,
    difference,
    fit_hardware,
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
    budget_usd,
    chat_score,
    chat_tokens_per_s,
    image_score,
    perf_workload,
    value_row,
    workload_title,
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


def about_model_name(query: CompareQuery, env: Env) -> str:
    model = env.reader.model(query.model.key) if query.model else None
    return model.name if model else f"{query.params_b:g}B"


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


def respond(query: CompareQuery, env: Env) -> Answer:
    from assistant.respond import claimed_ratio, laptop_part, need_bigger, same_price

    one = laptop_part.as_one(query, env.for_query(query))  # "gaming laptop with a 3070 ti": one card, its laptop part
    if one is not None:
        return one
    answer = _compare(query, env)
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
    answer = need_bigger.lead(answer, query, env)  # "有必要上80g吗": no when the smaller card holds the job
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
        if len(names) == 1 and _yes_no(query.text, env):  # "... is buying a used mining 3090 fine?": a verdict
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
    by_key, key, title = _value_rows_by_workload(query, gpus, chat, env, image)
    rows = by_key[key]
    table = compare_table.table(by_key, names, env)
    if any(rows[n].price for n in names):  # per-dollar rows only when something has a price
        table.rows += compare_table.value_rows(rows, names, title, env)
    chat_row, chat_tps = compare_table.chat_row(gpus, names, env)
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
        model_head, model_rows, _ = about_model
        table.rows[0:0] = model_rows
        if model_figures.get("model_choice"):  # only one side holds the model (or is a setting away): it decides
            choice = model_figures["model_choice"]
            headline = env.t("compare.model_decides", gpu=rows[choice].label, model=about_model_name(query, env))
        if model_figures.get("model_sets_pick") or model_figures.get("model_none"):  # led already: nothing to add
            headline = ""
        parts = (i18n.cap(env.lang, model_head), _train_job_speed(model_figures, rows, names, env) or headline)
        if query.why_not() and not model_figures.get("model_choice"):
            parts = parts[::-1]  # "why not the 5080?" about flux, both hold it: the answer to the why, then the model
        headline = i18n.gap(env.lang).join(x for x in parts if x)
    versions = len(names) == 2 and _versions_of_one(rows[names[0]].gpu, rows[names[1]].gpu)
    picked = None if versions else _pick(query, rows, names, title, chat, about_model, env)
    holds = model_figures.get("model_choice")  # only this side holds the model named: its extra buys that memory
    model = (holds, about_model_name(query, env)) if holds else None
    headline = _with_pick_and_worth(query, headline, picked, rows, names, title, env, gap, model)
    if picked is not None:
        choice = picked[0]
    if not model_figures.get("model_choice"):  # an AMD / Intel pick over NVIDIA: the software caveat leads
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
    if roomy is not None and (chat or (query.workload is None and roomy["times"] >= 2)):
        if not model_figures.get("model_choice"):  # "what is the gb10 good for vs a 5090": what the memory buys
            memory = compare_headline.memory_sentence(roomy, env)
            good_for = compare_headline.good_for_asked(query.text, env)  # "what is it good for": the memory first
            headline = i18n.gap(env.lang).join([memory, headline] if good_for else [headline, memory])
    d2023 = compare_reasons.dettmers_2023(query, [rows[n].gpu for n in names[:2]], key, env)
    steps = _steps(rows, names, key, title, (chat, chat_tps), model_figures, [text for text, _ in d2023], env)
    steps += _expert_offload(query, names, model_figures, env)
    figures = _figures(rows, names, key, chat, chat_tps, model_figures)
    counts = {r.name: r.count for r in query.gpus if r.name and r.count > 1}
    if counts:  # "2 x RTX 3090 vs an RTX A6000": how many of each side (the power asked is of the set)
        figures["counts"] = counts
    if picked is not None:
        figures["pick"] = picked[2]
    if d2023:
        figures["dettmers2023"] = {w: v for _, fig in d2023 for w, v in fig.items()}
    variant_steps, variant_sources = variant_notes([rows[n].gpu for n in names], env)
    lead = difference_note([rows[n].gpu for n in names], env) if versions else ""
    picked_asked = (query.worth or query.aspect == "value") and not difference.asked(query.text, env.lang)
    if lead and picked_asked:
        # "京东4090d 一万四 二手4090 一万二 买哪个", "which is better value": the pick answers, the version's
        # difference follows it
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
        said, gap_figures = (
            difference.lead(gpus, env, price=price, conditions=stated, offers=offers) if price or not lead else ("", {})
        )
        headline = i18n.gap(env.lang).join(x for x in (said, headline) if x)
        figures |= gap_figures
    favoured = compare_why.why_favoured(query, rows, names, env) if about_model is None else ""
    if favoured:  # "why would anyone pay for an h100 when a 5090 ...": what it has, first
        headline = favoured + i18n.gap(env.lang) + headline
    steps += variant_steps
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
        chart=_chart(rows, names, title, env),
        lang=env.lang,
    )
    return with_idle(answer, gpus, query.text, env)  # "idle power 4090 vs 3090": the idle draws lead


def _expert_offload(query: CompareQuery, names: list[str], model_figures: dict, env: Env) -> list[str]:
    """ "mixtral 8x22b 3090 or 4090", "qwen3 235b on 4090s or 3090s": a mixture-of-experts model that takes several
    of the cards, or that no set holds, also runs on one card with the experts in system RAM, cheaper and slower
    (fit_hardware.moe_route): for the card chosen, else for each card compared."""
    sets, choice = model_figures.get("model_sets") or {}, model_figures.get("model_choice")
    model = env.reader.model(query.model.key) if query.model and query.model.key else None
    if model is None or not model.experts or any(model_figures.get("model_fits", {}).values()):
        return []
    if choice in sets and sets[choice].get("count", 1) < 2:
        return []
    cards: list[str] = [str(choice)] if choice in sets else names
    return [route for gpu in cards if (route := fit_hardware.moe_route(model, env, gpu))]


def _train_job_speed(figures: dict, rows: dict, names: list[str], env: Env) -> str:
    """Both sides hold the LLM to be trained: the job's speed by the FLOPs rule (§cost.training) replaces the
    benchmark-mix score of mid-sized networks ("8x a100 vs 4x h100 for pretraining a 1b model"); "" otherwise."""
    tps = figures.get("model_train_tokens_per_second") or {}
    if len(names) != 2 or not all(tps.get(n) for n in names):
        return ""
    fast, slow = sorted(names, key=lambda n: -tps[n])
    if figures.get("model_train_large"):  # a billion-parameter model: the roofline without the per-step fixed cost
        peak = {n: hardware.matmul_tflops(rows[n].gpu, "fp16_acc32").value * rows[n].n_gpus for n in names}
        return env.t(
            "compare.train_job_speed_large",
            faster=rows[fast].label,
            slower=rows[slow].label,
            ratio=f"{tps[fast] / tps[slow]:.2f}",
            tf=f"{peak[fast]:,.0f}",
            ts=f"{peak[slow]:,.0f}",
        )
    return env.t(
        "compare.train_job_speed",
        faster=rows[fast].label,
        slower=rows[slow].label,
        ratio=f"{tps[fast] / tps[slow]:.2f}",
    )


def _value_rows_by_workload(query: CompareQuery, gpus, chat, env: Env, image=None) -> tuple[dict, str, str]:
    """({workload key: {gpu: ValueRow}}, the key asked, its title): the table's three speed rows and the
    workload asked; single-user chat speed of the model when the comparison is about running an LLM; seconds per
    image of the image model (`image`: model, RTX 3090 seconds) when it is about generating images."""
    key = perf_workload(query.workload, query.precision)
    if query.workload is None and query.precision is None and query.premise:
        key = "infer16"
    counts = {r.name: max(r.count, 1) for r in query.gpus if r.name}  # "two 3090s or one 4090?"
    conditions = {r.name: r.condition for r in query.gpus if r.name}  # "used 3090 or new 4070 ti super?"
    by_key = {
        k: {g.name: value_row(g, env, k, counts.get(g.name, 1), conditions.get(g.name)) for g in gpus}
        for k in {*compare_table.SPEED_ROWS, key}
    }

    def measured(perf_of) -> dict:  # value rows whose speed is `perf_of(gpu, count)`
        return {
            g.name: value_row(
                g, env, "infer16", counts.get(g.name, 1), conditions.get(g.name), perf=perf_of(g, counts.get(g.name, 1))
            )
            for g in gpus
        }

    if image is not None:  # generating images: seconds per image decide, not the batched-inference roofline
        model, ref_seconds = image
        by_key["image_gen"] = measured(lambda g, n: image_score(model, ref_seconds, g, n))
        return by_key, "image_gen", env.t("compare.image_title", model=model.name)
    if not chat:
        return by_key, key, workload_title(env, key)
    # running an LLM for oneself: single-user decode speed decides, not batched throughput
    by_key["llm_chat"] = measured(lambda g, n: chat_score(*chat, g, "chat", n))
    return by_key, "llm_chat", env.t("rec.chat_title", model=chat[0].name, quant=chat[1])


def _yes_no(text: str, env: Env) -> bool:
    """A sentence of the question opened by an auxiliary ("... but i'm scared. is buying a used 3090 fine?")."""
    aux = lexicon(env.lang).listed("form_yes_no")
    return any(s.split()[:1] and s.split()[0] in aux for s in re.split(r"[.?!。？！]\s*", text.lower()))


def _pick(query: CompareQuery, rows: dict, names: list[str], title: str, chat, about_model, env: Env):
    """(gpu, text, figure) of the card to choose, or None when the question asks no choice of this kind (a
    premise, memory or speed asked, a model only one side holds: those headlines decide)."""
    model_figures = about_model[2] if about_model is not None else {}
    choosing = lexicon(env.lang).words_in("choice_words", f" {query.text.lower()} ")
    # a model both sides hold decides nothing: a question that asks to choose still gets a pick
    model_open = about_model is not None and not model_figures.get("model_choice") and choosing
    model_open = model_open and not model_figures.get("model_none")  # "2x 3090 or a 4090 for r1": neither, said
    why_not = query.premise == "first" and query.asked_figure == "why" and not (query.model or query.params_b)
    if why_not and len(names) == 2:  # "why not a used 3090 tho" after a pick within $600: over it, said first
        budget = budget_usd(query, env) or env.assumptions.budget_usd
        over = compare_pick.over_budget(rows, names, names[0], budget, env, "why_not")
        if over:
            return names[1], over, {"gpu": names[1], "reason": "budget", "over_budget": True}
    if query.premise or query.aspect in ("memory", "speed") or (about_model is not None and not model_open):
        return None
    kind = model_figures.get("model_kind")  # the model named (or sized) decides the kind of work
    llm = (bool(chat) or (query.workload or "").startswith("llm") or kind == "llm") and kind != "image"
    image = (query.workload or "").startswith("image") or kind == "image"
    picked = None
    value_asked = query.aspect == "value" or lexicon(env.lang).words_in("value_asked_words", query.text.lower())
    if model_open and kind == "llm" and not value_asked:  # both hold the model asked: its speed decides, not memory
        named = model_figures.get("model_name") or about_model_name(query, env)
        picked = compare_pick.pick_model_speed(model_figures, rows, names, named, env)
    training = (query.workload or "") in ("training", "llm_finetune") and not llm and not image
    value_words = bool(lexicon(env.lang).words_in("value_asked_words", query.text.lower()))  # not "worth it"
    training = training and not value_words  # "which is better value": value decides, the memory floor is a reason
    server = bool(query.organization)  # "企业采购": a server around the cards is assumed
    # "used 3090 vs new 5070 ti"
    picked = picked or compare_pick.pick(rows, names, title, llm, env, image, training, server, value_words)
    if picked is None and len(names) > 2 and choosing:  # "l40s or a6000 ada or h100, which one"
        picked = compare_pick.pick_many(rows, names, env)
    constrained = compare_constraint.constrained(query, rows, names, picked, env)  # "i have $450", "quiet first"
    if constrained is not None:
        return constrained
    if picked is not None:
        choice, pick_text, pick_figure = picked
        over = compare_pick.over_budget(rows, names, choice, budget_usd(query, env) or env.assumptions.budget_usd, env)
        pick_figure["over_budget"] = bool(over)
        picked = (choice, pick_text + ((i18n.gap(env.lang) + over) if over else ""), pick_figure)
    return picked


def _with_pick_and_worth(
    query: CompareQuery,
    headline: str,
    picked,
    rows: dict,
    names,
    title,
    env: Env,
    gap: compare_gap.Gap | None = None,
    model: tuple[str, str] | None = None,
) -> str:
    """The pick leads the headline; "is the 4090 worth the extra?" puts the verdict on the dearer one first,
    or right after the pick when the question also asks which one to buy."""
    worth_text = ""
    if query.worth and len(names) == 2:
        subject = compare_headline.worth_subject(query, names)  # "is the pro 6000 worth it vs 4x 5090": that card
        by_memory = picked is not None and picked[2].get("reason") == "memory"
        by_memory = by_memory or (model is not None and rows[model[0]].price is not None)
        server = picked[0] if picked is not None and picked[2].get("reason") == "server" else None
        if gap is not None and subject != gap.cheaper:  # "worth the extra $300": the money the user said is weighed
            held = model[1] if model is not None and model[0] == gap.dearer else None
            worth_text = compare_gap.worth(rows[gap.dearer], rows[gap.cheaper], gap, title, env, by_memory, held)
        else:
            worth_text = compare_headline.worth(rows[names[0]], rows[names[1]], title, env, subject, by_memory, server)
    if picked is not None:
        headline = picked[1] + i18n.gap(env.lang) + headline
    if worth_text and picked is not None and lexicon(env.lang).words_in("choice_words", query.text.lower()):
        # "买两张4060ti 16g还是一张3090", "3090和4090买哪个": which one first, then whether the dearer is worth it
        pick_end = len(picked[1])
        return headline[:pick_end] + i18n.gap(env.lang) + worth_text + headline[pick_end:]
    if worth_text and headline and worth_text.startswith(env.t("compare.worth_no_price")):
        return headline + i18n.gap(env.lang) + worth_text  # "m4 max 64g和4090选哪个": what it can weigh first
    if worth_text:
        return worth_text + i18n.gap(env.lang) + headline
    return headline


def _steps(rows: dict, names, key: str, title: str, chat_basis, model_figures: dict, dettmers: list, env: Env) -> list:
    """The reasons: bandwidth and tensor throughput side by side (compare_reasons.why), the kind of
    inference that decides, the model's set-up, value per dollar, Dettmers' 2023 values, small memory named."""
    (chat, chat_tps), (a, b) = chat_basis, (rows[names[0]], rows[names[1]])
    steps = compare_reasons.why(a, b, key, env)
    if model_figures.get("model_train_large"):  # the headline's one ratio says the peaks' too: no second figure
        large = compare_reasons.large_training_text(a, b, key, env, "why")
        steps = [s for s in steps if s != large]
    if (key.startswith("infer") or chat) and chat_tps:
        steps.append(env.t("rec.two_inference_kinds"))
    if chat:
        steps.append(env.t("compare.chat_decides", title=title))
    if model_figures.get("train_setup"):
        steps.insert(0, model_figures.pop("train_setup"))
    if model_figures.get("image_speed_note"):
        steps.append(model_figures.pop("image_speed_note"))
    if a.per_purchase and b.per_purchase:
        steps.append(
            env.t(
                "compare.per_dollar",
                a=f"{env.per_money(a.per_purchase):.2f}",
                b=f"{env.per_money(b.per_purchase):.2f}",
                years=f"{env.assumptions.years:g}",
                c=f"{env.per_money(a.per_tco):.2f}",
                d=f"{env.per_money(b.per_tco):.2f}",
                per=env.money_unit(),
            )
        )
    steps += dettmers
    small = [rows[n].gpu.short_name for n in names if (rows[n].gpu.memory_gb or 0) < 24]
    if small:
        steps.append(
            env.t(
                "compare.small_memory",
                names=i18n.listing(env.lang).join(small),
                verb="has" if len(small) == 1 else "have",
            )
        )
    return steps


def _figures(rows: dict, names: list[str], key: str, chat, chat_tps, model_figures: dict) -> dict:
    a, b = rows[names[0]], rows[names[1]]
    figures = {
        "speedup": round(safe_div(a.perf.score, b.perf.score), 3),
        "workload_key": key,
        "bandwidth_ratio": round(safe_div(a.gpu.memory_bandwidth_gb_s or 0, b.gpu.memory_bandwidth_gb_s or 0), 3),
        "relative_speed": {n: round(rows[n].perf.score, 3) for n in names},
        "value_per_purchase": {n: _rounded(rows[n].per_purchase, 3) for n in names},
        "value_per_tco": {n: _rounded(rows[n].per_tco, 3) for n in names},
        "price_usd": {n: _rounded(p.usd, 2) if (p := rows[n].price) else None for n in names},
        "chat_tokens_per_s": chat_tps,
    }
    if chat:
        figures["speed_measure"] = "chat"
        figures["chat_model"] = chat[0].key
    figures.update(model_figures)
    return figures


def _chart(rows: dict, names: list[str], title: str, env: Env) -> Chart:
    return Chart(
        kind="bars",
        title=env.t("compare.row_per_tco", title=title, years=f"{env.assumptions.years:g}", per=env.money_unit()),
        labels=[rows[n].label for n in names],
        values=[env.per_money(rows[n].per_tco) or 0.0 for n in names],
    )


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)
