"""The outcome of a priced GPU comparison and what shows it: the value rows of the workload compared, the card picked
(with whether it is worth it), the explanation steps, the figures, the chart, and the notes on experts offloaded and
a training job's time.

Contract: `compare.respond` builds its answer from these; each takes the rows and names the comparison computed and
returns rows, text, figures or a chart, without changing them or the snapshot. `about_model_name` is the model
compared, by its KB name, else its size.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.answer import Chart
from assistant.models import constants as C
from assistant.models import hardware
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery
from assistant.respond import (
    compare_constraint,
    compare_gap,
    compare_headline,
    compare_pick,
    compare_reasons,
    compare_table,
    fit_hardware,
)
from assistant.respond.env import Env
from assistant.respond.pricing import (
    budget_usd,
    chat_score,
    image_score,
    large_training_score,
    perf_workload,
    value_row,
    workload_title,
)
from assistant.respond.said_once import unsaid


def about_model_name(query: CompareQuery, env: Env) -> str:
    model = env.reader.model(query.model.key) if query.model else None
    return model.name if model else f"{query.params_b:g}B"


def expert_offload(query: CompareQuery, names: list[str], model_figures: dict, env: Env) -> list[str]:
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


def train_job_speed(figures: dict, rows: dict, names: list[str], env: Env) -> str:
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


def value_rows_by_workload(query: CompareQuery, gpus, chat, env: Env, image=None) -> tuple[dict, str, str]:
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
    if key == "train16" and not chat and (query.large_model or _large_words(query, env)):
        # "训练大模型 值不值得上b200", "h100 vs h20 for llm training": the tensor peaks decide (§cost.training)
        ref = env.gpu(C.REF_NAME)
        large = {g.name: large_training_score(g, ref, counts.get(g.name, 1)) for g in gpus}
        if ref is not None and all(large.values()) and _peaks_agree(large, by_key["train16"]):
            by_key["train_large"] = measured(lambda g, n: large[g.name])
            return by_key, "train_large", env.t("compare.large_title")
    if not chat:
        return by_key, key, workload_title(env, key)
    # running an LLM for oneself: single-user decode speed decides, not batched throughput
    split = chat_split(query, env)  # "vllm推理，两张4090和一张5090谁快": tensor parallel adds the second card's speed
    by_key["llm_chat"] = measured(lambda g, n: chat_score(*chat, g, "chat", n, split))
    return by_key, "llm_chat", env.t("rec.chat_title", model=chat[0].name, quant=chat[1])


def _peaks_agree(large: dict, train16: dict) -> bool:
    """Every pair of cards is ordered alike by the tensor peaks and by the measured 16-bit training score: a peak that
    names the other card faster (Turing's full-rate FP32 accumulate gives the TITAN RTX 130 TFLOPS to the RTX 3090's
    71, yet the 3090 trains faster) is no evidence against the measured score (compare_reasons._large_training)."""
    names = list(large)
    return all(
        (large[a].score >= large[b].score) == (train16[a].perf.score >= train16[b].perf.score)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    )


def yes_no(text: str, env: Env) -> bool:
    """A sentence of the question opened by an auxiliary ("... but i'm scared. is buying a used 3090 fine?")."""
    aux = lexicon(env.lang).listed("form_yes_no")
    return any(s.split()[:1] and s.split()[0] in aux for s in re.split(r"[.?!。？！]\s*", text.lower()))


def pick(query: CompareQuery, rows: dict, names: list[str], title: str, chat, about_model, env: Env):
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
    roomy_llm = llm and not model_open  # the model asked fits both: more memory decides nothing, value or speed does
    picked = picked or compare_pick.pick(rows, names, title, roomy_llm, env, image, training, server, value_words)
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


def with_pick_and_worth(
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
    said_pick = ""
    if picked is not None:
        said_pick = _pick_once(picked, rows, headline, env)  # the pick as said, its ratio dropped when repeated
        headline = said_pick + i18n.gap(env.lang) + headline
    if worth_text and picked is not None and lexicon(env.lang).words_in("choice_words", query.text.lower()):
        # "买两张4060ti 16g还是一张3090", "3090和4090买哪个": which one first, then whether the dearer is worth it
        pick_end = len(said_pick)
        return headline[:pick_end] + i18n.gap(env.lang) + worth_text + headline[pick_end:]
    if worth_text and headline and worth_text.startswith(env.t("compare.worth_no_price")):
        return headline + i18n.gap(env.lang) + worth_text  # "m4 max 64g和4090选哪个": what it can weigh first
    if worth_text:  # "差价四五百值得吗": the worth, then the comparison without what the worth already said
        return worth_text + i18n.gap(env.lang) + unsaid(headline, worth_text)
    return headline


_RATIO = re.compile(r"\d+\.\d+(?:x| 倍)")


def _pick_once(picked, rows: dict, headline: str, env: Env) -> str:
    """The pick by speed alone ("Get the RTX 3090: 1.26x the TITAN RTX's 16-bit training.") before a headline that
    opens with the same ratio ("The RTX 3090 is about 1.26x as fast as ..."): the pick without its ratio, said once."""
    found = _RATIO.search(picked[1])
    first = re.split(r"(?<=\.)\s+|(?<=。)", headline, maxsplit=1)[0]
    if not picked[2].get("ratio_only") or found is None or found.group(0) not in first:
        return picked[1]
    return env.t("compare.pick_only", gpu=rows[picked[0]].label)


def steps(rows: dict, names, key: str, title: str, chat_basis, model_figures: dict, dettmers: list, env: Env) -> list:
    """The reasons: bandwidth and tensor throughput side by side (compare_reasons.why), the kind of
    inference that decides, the model's set-up, value per dollar, Dettmers' 2023 values, small memory named."""
    (chat, chat_tps), (a, b) = chat_basis, (rows[names[0]], rows[names[1]])
    steps = compare_reasons.why(a, b, key, env)
    if model_figures.get("model_train_large"):  # the headline's one ratio says the peaks' too: no second figure
        large = compare_reasons.large_training_text(a, b, key, env, "why")
        steps = [s for s in steps if s != large]
    if (key.startswith("infer") or chat) and chat_tps:
        steps.append(env.t("rec.two_inference_kinds"))
    if chat and not model_figures.get("model_serving_holds"):  # serving users: their total decided, not one chat
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


def figures(rows: dict, names: list[str], key: str, chat, chat_tps, model_figures: dict) -> dict:
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


def chart(rows: dict, names: list[str], title: str, env: Env) -> Chart:
    return Chart(
        kind="bars",
        title=env.t("compare.row_per_tco", title=title, years=f"{env.assumptions.years:g}", per=env.money_unit()),
        labels=[rows[n].label for n in names],
        values=[env.per_money(rows[n].per_tco) or 0.0 for n in names],
    )


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def _large_words(query, env: Env) -> bool:
    """A comparison built from another kind of question ("值不值得上b200 训练大模型") says it in its text."""
    return bool(lexicon(env.lang).words_in("large_training_words", f" {query.text.lower()} "))


def chat_split(query, env: Env) -> str:
    """ "tensor" when the question runs the model with tensor parallelism (lexicon tensor_split_words: vLLM, SGLang,
    "tp"), each card of a set reading 1/n of each layer (§llm.decode); else "layer", llama.cpp's default."""
    return "tensor" if lexicon(env.lang).words_in("tensor_split_words", f" {query.text.lower()} ") else "layer"
