"""Answer "2 x 3090 vs 1", "8 x H100 vs 1", "4 vs 2": what more GPUs of one kind buy (§perf.multigpu).

Contract: `respond(query, env)` takes a CompareQuery whose two references name the same GPU with
different counts (or different GPUs with counts) and answers for data-parallel training and for
LLM decode (Llama 3 8B and 70B, Q4_K_M: batch 1 split by layer and by tensor, and batched),
with the link between the cards, memory fit, prices and `figures.speedup` (first group over
second, for the workload asked: training unless the question is about LLM inference).
"""

from __future__ import annotations

import math
import re

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import constants as C
from assistant.models import memory, performance, scaling
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, FitQuery
from assistant.respond import asked
from assistant.respond.env import Env
from assistant.respond.pricing import assumption_text, price_of
from assistant.respond.wording import spec_source

PCIE4_X16_GB_S = 32.0  # each direction; doubles per PCIe generation (knowledge/concepts.toml, PCIe version and lanes)
LLM_MODELS = (("llama-3-8b", "q4_k_m"), ("llama-3-70b", "q4_k_m"))
BATCHED = 16  # concurrent sequences for the serving row [A]
CONTEXT = 4096


def is_scaling(query: CompareQuery) -> bool:
    """Two references to the same GPU with different counts ("2 x 3090 vs 1 x 3090", "4 vs 2"), or one GPU and a
    bare count with nothing else to refer to ("8 x h100 vs 1", "4 vs 2 a100", "4张3090没有nvlink 训练会不会很慢":
    against one card, or the counts said)."""
    return _counts(query) is not None


def _counts(query: CompareQuery) -> tuple[str, int, int] | None:
    """(GPU name, count of the first side, of the second) of a scaling question, else None."""
    named = [r for r in query.gpus if r.name]
    bare = [r for r in query.gpus if not r.name and r.pronoun == "context"]
    name = str(named[0].name) if named else ""
    if len(named) >= 2 and name == named[1].name and named[0].count != named[1].count:
        return name, named[0].count, named[1].count
    if len(named) != 1 or len(bare) != 1 or len(query.gpus) != 2:
        return None
    counts = asked.baseline(query.text)
    if counts:
        return name, max(counts), min(counts)
    first, other = named[0].count, bare[0].count
    return (name, max(first, other), min(first, other)) if first != other else None


def _groups(query: CompareQuery, env: Env):
    """(GPU, count) of both sides; "going from 4 to 8 h100s" compares 8 with the 4 the user has, not with 1."""
    name, first, second = _counts(query) or ("", 1, 1)
    out = [(env.gpu(name), max(first, 1)), (env.gpu(name), max(second, 1))]
    counts = asked.baseline(query.text)
    if counts and len(out) == 2 and out[0][0].name == out[1][0].name:
        out = [(out[0][0], max(counts)), (out[1][0], min(counts))]
    return out


def _lanes_step(query: CompareQuery, env: Env) -> str | None:
    """The PCIe generation and lanes the user said their board gives each card ("pcie4.0 x8"): what that link
    carries and what the reference says lanes cost in multi-GPU training (the estimate assumes x16 slots)."""
    link = asked.link_of(query.text)
    if link is None:
        return None
    gen, lanes = link.gen or 4, link.lanes or 16
    per_card = PCIE4_X16_GB_S * 2 ** (gen - 4) * lanes / 16
    key = "scale.lanes_ok" if lanes >= 8 else "scale.lanes_x4" if lanes == 4 else "scale.lanes_x1"
    return env.t(key, gen=f"{gen}.0", lanes=lanes, gbs=f"{per_card:g}")


_LAYER = re.compile(r"llama\.?cpp|ollama|lm ?studio|gguf|koboldcpp|exllama|layer split|按层", re.IGNORECASE)
_TRAIN = re.compile(r"train|fine[- ]?tun|deepspeed|fsdp|\bddp\b|\bzero-?[123]\b|训练|微调|炼丹", re.IGNORECASE)
NEEDED_LOSS = 0.10  # the bridge is "needed" when going without it costs at least this share of the speed [A]
_TOKENS = re.compile(r"\btok(?:en)?s?\b|\bt/s\b")  # tokens named: the speed of generating text
_TP = re.compile(r"tensor[- ]?parallel|\btp\b|vllm|张量并行", re.IGNORECASE)  # an LLM split asked about
_NO_BRIDGE = re.compile(
    r"\b(?:no|without|w/o|without an?|no an?)\s+(?:nvlink|bridge|nvlink bridge)"
    r"|(?:没有|没|不带|不用|不加|无)\s*(?:nvlink|nv ?link|桥)",
    re.IGNORECASE,
)


def bare_link(gpu) -> str:
    """The link of the same cards without a bridge: PCIe, through host memory on GeForce (no peer-to-peer)."""
    return "pcie_host" if re.search(C.NO_P2P_GENERATIONS, gpu.generation or "") else "pcie"


def _without_bridge(query: CompareQuery, gpu, n: int) -> str | None:
    """The bridge-less link when the question says the cards have no NVLink and they would otherwise pair over one."""
    if n < 2 or scaling.link(gpu, n) != "nvlink" or not _NO_BRIDGE.search(query.text):
        return None
    return bare_link(gpu)


def link_asked(query: CompareQuery | FitQuery, groups, models, env: Env) -> tuple[str, dict]:
    """ "does nvlink matter for 2x 3090 running vllm tensor parallel": the same cards over the bridge and without it
    (PCIe, through host memory on GeForce), for a tensor split, batched serving and data-parallel training; the
    cards that take no bridge are said to have none. ("", {}) when the question does not name the link."""
    gpu, n = groups[0]
    if n < 2 or "link" not in asked.parts(query.text, env.lang):
        return "", {}
    own = scaling.link(gpu, n)
    if own == "nvswitch":
        return "", {}
    if own != "nvlink":
        pairs = scaling.link(gpu, 2) == "nvlink"  # a bridge joins two cards; more talk over PCIe between pairs
        key = "scale.link_need_pairs" if pairs else "scale.link_need_none"
        lead = env.t(key, gpu=gpu.short_name, n=n) if _need_asked(query, env) else ""
        text = "" if pairs else env.t("scale.link_none", gpu=gpu.short_name, link=env.t(f"scale.link_{own}"))
        if not pairs and _loss_asked(query, env):  # "no nvlink, what do we lose vs an nvlink setup": that machine
            lead, text = _loss_without(gpu, n, own, env), ""  # (it says the card takes no bridge)
        verdict = {"kind": "nvlink", "answer": "no", "reason": "no_bridge"}
        loss = {"link_loss_asked": True} if lead and _loss_asked(query, env) else {}
        return lead + text, {"link_compared": own} | ({"verdict": verdict} if lead else {}) | loss
    bare = bare_link(gpu)
    train = [scaling.training_scaling([gpu] * n, via=v).efficiency for v in ("nvlink", bare)]
    for key, quant in models:
        model = env.reader.model(key)
        if (
            model is None
            or not memory.fit(memory.inference_memory(model, quant, context=CONTEXT, n_gpus=n), gpu.memory_gb, n).fits
        ):
            continue
        speed = {
            (split, batch, v): scaling.llm_scaling(
                [gpu] * n, model, quant, split=split, batch=batch, context=CONTEXT, via=v
            ).tokens_per_s
            for split, batch in (("tensor", 1), ("tensor", BATCHED), ("layer", 1))
            for v in ("nvlink", bare)
        }
        tp, tp_bare = speed[("tensor", 1, "nvlink")], speed[("tensor", 1, bare)]
        text = env.t(
            "scale.link_asked",
            a=f"{n} x {gpu.short_name}",
            model=model.name,
            tp=f"{tp:,.0f}",
            tp_bare=f"{tp_bare:,.0f}",
            bare=env.t(f"scale.link_{bare}"),
            pct=f"{(1 - safe_div(tp_bare, tp)) * 100:.0f}",
            batch=BATCHED,
            served=f"{speed[('tensor', BATCHED, 'nvlink')]:,.0f}",
            served_bare=f"{speed[('tensor', BATCHED, bare)]:,.0f}",
            layer=f"{speed[('layer', 1, 'nvlink')]:,.0f}",
            layer_bare=f"{speed[('layer', 1, bare)]:,.0f}",
            eff=f"{train[0] * 100:.0f}",
            eff_bare=f"{train[1] * 100:.0f}",
        )
        figures = {
            "link_compared": bare,
            "tensor_tokens_per_s_by_link": {"nvlink": round(tp, 1), bare: round(tp_bare, 1)},
            "link_loss_asked": _loss_asked(query, env),
        }
        if not (_need_asked(query, env) or _loss_asked(query, env)):
            return text, figures
        lead, verdict = _need_verdict(query, env, speed, bare, train)
        return lead + i18n.gap(env.lang) + text, figures | {"verdict": verdict}
    return "", {}


def _need_asked(query: CompareQuery | FitQuery, env: Env) -> bool:
    """ "do i need nvlink", "is nvlink worth it", "要不要nvlink": a yes / no on the bridge leads; not "how many tok/s
    should i expect" (lexicon [lists] advice_not: a speed expected, no advice asked)."""
    lex, low = lexicon(env.lang), query.text.lower()
    for words in lex.listed("advice_not"):
        low = low.replace(words, " ")
    return lex.words_in("advice", low)


def _loss_asked(query: CompareQuery | FitQuery, env: Env) -> bool:
    """ "what do i lose without nvlink", "没有nvlink会慢多少": what going without the bridge costs, in figures."""
    return lexicon(env.lang).words_in("link_loss_words", f" {query.text.lower()} ")


def _loss_without(gpu, n: int, own: str, env: Env) -> str:
    """Cards that take no bridge ("4x L40S, no nvlink, what do we lose vs an nvlink setup"): data-parallel training
    on their own link against the same count linked by NVLink (§perf.multigpu's overhead per doubling)."""
    kept = [scaling.training_scaling([gpu] * n, via=v).efficiency for v in ("nvlink", own)]
    lost = (1 - safe_div(kept[1], kept[0])) * 100
    return env.t(
        "scale.link_loss_none",
        gpu=gpu.short_name,
        n=n,
        link=env.t(f"scale.link_{own}"),
        eff=f"{kept[0] * 100:.0f}",
        eff_bare=f"{kept[1] * 100:.0f}",
        lost=f"{lost:.0f}",
    )


def _need_verdict(
    query: CompareQuery | FitQuery, env: Env, speed: dict, bare: str, train: list[float]
) -> tuple[str, dict]:
    """Whether the bridge is needed for the way the question splits the model: by layer (llama.cpp, Ollama: no),
    by tensor (vLLM: yes when the bridge-less link costs at least NEEDED_LOSS), data-parallel training (the same
    test on the share of each card's speed kept); the route unnamed: no for a layer split, the tensor loss beside."""
    text = query.text
    tensor_loss = 1 - safe_div(speed[("tensor", 1, bare)], speed[("tensor", 1, "nvlink")])
    train_loss = 1 - safe_div(train[1], train[0])
    route = (
        "layer"
        if _LAYER.search(text)
        else "tensor"
        if _TP.search(text)
        else "train"
        if "train" in (query.workload or "") or _TRAIN.search(text)
        else "any"
    )
    loss = {"tensor": tensor_loss, "train": train_loss}.get(route, 0.0)
    answer = "yes" if loss >= NEEDED_LOSS else "no"
    key = f"scale.link_need_{route}_{answer}" if route != "any" else "scale.link_need_any"
    if not _need_asked(query, env):  # "what do i lose without it": the loss in figures, no yes / no
        key = f"scale.link_loss_{route}"
    lead = env.t(
        key,
        layer=f"{speed[('layer', 1, 'nvlink')]:,.0f}",
        layer_bare=f"{speed[('layer', 1, bare)]:,.0f}",
        pct=f"{tensor_loss * 100:.0f}",
        tp=f"{speed[('tensor', 1, 'nvlink')]:,.0f}",
        tp_bare=f"{speed[('tensor', 1, bare)]:,.0f}",
        eff=f"{train[0] * 100:.0f}",
        eff_bare=f"{train[1] * 100:.0f}",
        lost=f"{train_loss * 100:.0f}",
    )
    return lead, {"kind": "nvlink", "answer": answer, "route": route}


def _llm_models(query: CompareQuery) -> list[tuple[str, str]]:
    """The model the question names first (q4_k_m unless a precision is asked), then the defaults; a size
    without a name ("llama 70b") puts the default nearest that size first."""
    named = query.model.key if query.model and query.model.key else None
    asked = query.params_b
    if not named and asked:
        size = {"llama-3-8b": 8.0, "llama-3-70b": 70.0}
        return sorted(LLM_MODELS, key=lambda m: abs(math.log(size[m[0]] / asked)))
    if not named:
        return list(LLM_MODELS)
    first = (named, query.precision or "q4_k_m")
    return [first] + [m for m in LLM_MODELS if m[0] != named][:1]


def _is_llm(key: str, env: Env) -> bool:
    """A model key the KB holds as a language model (an unknown key is left to the rows, which skip it)."""
    spec = env.reader.model(key) if key else None
    return spec is None or spec.kind == "llm"


def _llm_rows(groups, env: Env, models: list[tuple[str, str]], via: str | None = None) -> tuple[list[list[str]], dict]:
    rows: list[list[str]] = []
    figs: dict = {}
    for key, quant in models:
        model = env.reader.model(key)
        if model is None:
            continue
        cells: dict[str, list[str]] = {"fit": [], "layer": [], "tensor": [], "batched": []}
        for gpu, n in groups:
            est = memory.inference_memory(model, quant, context=CONTEXT, n_gpus=n)
            fits = memory.fit(est, gpu.memory_gb, n).fits
            one_fits = memory.fit(memory.inference_memory(model, quant, context=CONTEXT), gpu.memory_gb, 1).fits
            cells["fit"].append(env.t("scale.fits") if fits else env.t("scale.no_fit", gb=f"{est.total_gb * n:.0f}"))
            for split, batch, col in (("layer", 1, "layer"), ("tensor", 1, "tensor"), ("tensor", BATCHED, "batched")):
                if not fits:
                    cells[col].append("—")
                    continue
                s = scaling.llm_scaling(
                    [gpu] * n, model, quant, split=split, batch=batch, context=CONTEXT, via=via if n > 1 else None
                )
                cells[col].append(f"{s.tokens_per_s:,.0f}")
                figs[f"{key}_{col}_{gpu.short_name}_x{n}"] = round(s.tokens_per_s, 1)
                figs.setdefault(f"{key}_{col}", []).append(round(s.tokens_per_s, 1) if fits else None)
            figs.setdefault(f"{key}_fits", []).append(fits)
            figs.setdefault(f"{key}_fits_one", []).append(one_fits)
        name = model.name
        rows.append([env.t("scale.row_fit", model=name, quant=quant), *cells["fit"]])
        rows.append([env.t("scale.row_layer", model=name), *cells["layer"]])
        rows.append([env.t("scale.row_tensor", model=name), *cells["tensor"]])
        rows.append([env.t("scale.row_batched", model=name, batch=BATCHED), *cells["batched"]])
    return rows, figs


def _image_head(query: CompareQuery, groups, labels: list[str], env: Env) -> tuple[str, dict] | None:
    """Image generation on more cards (§perf.multigpu): a denoiser is not split over cards, so each card makes its own
    images (one queue or ComfyUI instance per card, no traffic between them [D]): the images per hour scale with the
    cards, one image takes as long as on one card. None unless the question is about generating images."""
    if query.workload != "image_generation":
        return None
    from assistant.models import image_speed
    from assistant.respond.pricing import IMAGE_MODEL

    named = env.reader.model(query.model.key) if query.model else None
    model = named if named is not None and named.kind == "image" else env.reader.model(IMAGE_MODEL)
    (gpu, n), (_, m) = groups
    if model is None:
        return None
    timed = image_speed.image_speed(gpu, model)
    if timed is None or timed.seconds_per_image <= 0:
        return None
    ratio = n / m
    per_hour = 3600 / timed.seconds_per_image
    head = env.t(
        "scale.head_image",
        a=labels[0],
        b=labels[1],
        ratio=f"{ratio:.2g}",
        model=model.name,
        seconds=f"{timed.seconds_per_image:.1f}",
        many=f"{per_hour * n:,.0f}",
        few=f"{per_hour * m:,.0f}",
    )
    return head, {"speedup": round(ratio, 3), "speedup_per_image": 1.0, "image_model": model.key}


def _larger_model(models, llm_figs: dict, labels: list[str], env: Env) -> str:
    """ "; it also holds Llama 3 70B ..., which 1 x RTX 4090 does not": what the added cards are usually for."""
    for key, _ in models:
        fits = llm_figs.get(f"{key}_fits", [])
        model = env.reader.model(key)
        if model is not None and len(fits) >= 2 and fits[0] and not fits[1]:
            layer = (llm_figs.get(f"{key}_layer") or [0])[0] or 0
            tensor = (llm_figs.get(f"{key}_tensor") or [0])[0] or 0
            return env.t(
                "scale.also_holds",
                a=labels[0],
                b=labels[1],
                model=model.name,
                layer=f"{layer:,.0f}",
                tensor=f"{tensor:,.0f}",
            )
    return ""


DOUBLE_NEARLY = 1.9  # [A] a doubled count this close to twice the speed is "nearly double"


def _doubled(query: CompareQuery, groups, speedup: float, what: str, env: Env) -> str:
    """ "does a second 3090 double my tokens per second": the yes / no first when twice the cards are asked to give
    twice the speed (lexicon scale_double); "" otherwise."""
    from assistant.nlu.intents.scaling import asks_double

    if groups[0][1] != 2 * groups[1][1] or not asks_double(query.text, lexicon(env.lang)):
        return ""
    key = (
        "scale.double_full"
        if speedup >= 1.99
        else "scale.double_yes"
        if speedup >= DOUBLE_NEARLY
        else "scale.double_no"
    )
    return env.t(key, x=f"{speedup:.2f}", what=env.t(f"scale.what_{what}"))


def _training(groups, env: Env, via: str | None = None):
    """Per group: data-parallel scaling and the group's 16-bit training speed relative to one card of
    the faster kind, and the link label."""
    scores = [performance.relative_performance(g, "train16", batch_policy="none").score for g, _ in groups]
    best = max(scores, default=0.0)
    out = []
    for (gpu, n), score in zip(groups, scores, strict=True):
        t = scaling.training_scaling([gpu] * n, via=via if n > 1 else None)
        label = env.t(f"scale.link_{t.link}") if n > 1 else env.t("scale.link_single")
        out.append((t, t.speedup * safe_div(score, best), label))
    return out


def respond(query: CompareQuery, env: Env) -> Answer:
    env = env.for_query(query)
    groups = _groups(query, env)
    labels = [f"{n} x {g.short_name}" for g, n in groups]
    via = _without_bridge(query, groups[0][0], groups[0][1])  # "2x 3090 over pcie without nvlink": their link
    training = _training(groups, env, via)
    train = [t for t, _, _ in training]
    speeds = [s for _, s, _ in training]
    links = [label for _, _, label in training]
    train_ratio = safe_div(speeds[0], speeds[1])
    table = Table(headers=["", *labels], rows=[])
    table.rows.append([env.t("scale.row_train"), *[f"{s:.2f}" for s in speeds]])
    table.rows.append([env.t("scale.row_efficiency"), *[f"{t.efficiency * 100:.0f} %" for t in train]])
    table.rows.append([env.t("scale.row_link"), *links])
    # "两张3060 12g训sd1.5 lora": an image model named is no LLM row ("0 token/秒"); the default LLMs stand in
    models = [m for m in _llm_models(query) if _is_llm(m[0], env)] or list(LLM_MODELS)
    llm_rows, llm_figs = _llm_rows(groups, env, models, via)
    table.rows += llm_rows
    prices = [price_of(g.name, env) for g, _ in groups]
    totals = [env.money(p.usd * n) if p else "n/a" for p, (_, n) in zip(prices, groups, strict=True)]
    table.rows.append([env.t("scale.row_price"), *totals])
    head_key, head_model = models[0]
    model_spec = env.reader.model(head_key)
    model_name = model_spec.name if model_spec else head_key
    speeds_llm = llm_figs.get(f"{head_key}_tensor", [])
    fits = llm_figs.get(f"{head_key}_fits", [])
    llm_ratio = safe_div(*speeds_llm[:2]) if len(speeds_llm) >= 2 and all(speeds_llm[:2]) else 0.0
    llm_named = bool(query.model) and _is_llm(query.model.key if query.model else "", env)
    low = query.text.lower()  # "double my tokens per second", "2x 4090 mean double the tokens"
    tokens = lexicon(env.lang).words_in("speed_topic_words", low) or bool(_TOKENS.search(low))
    about_llm = query.workload in ("llm_inference", "inference") or llm_named or bool(_TP.search(query.text)) or tokens
    only_first = len(fits) >= 2 and fits[0] and not fits[1]
    (gpu, n), one = groups[0], groups[1][0]
    image = _image_head(query, groups, labels, env)
    image_source = False  # the multi-GPU nodes cited when a pooled-memory answer speaks of images
    if image:  # "双卡4090跑sd能快一倍吗": each card makes its own images
        headline, image_figures = image
    elif query.aspect == "memory" and n > 1:  # "2张3060 12g能当24g用吗": pooled for inference, not for training
        short = llm_named and model_spec is not None and len(fits) >= 1 and not fits[0]
        shown = LLM_MODELS[0][0] if short else head_key  # the named model does not fit: the example model's speed
        shown_spec = env.reader.model(shown)
        headline = env.t(
            "scale.head_pool",
            a=labels[0],
            total=f"{n * (gpu.memory_gb or 0):g}",
            each=f"{one.memory_gb or 0:g}",
            layer=f"{llm_figs.get(f'{shown}_layer', [0])[0] or 0:,.0f}",
            model=shown_spec.name if shown_spec else shown,
        )
        if lexicon(env.lang).words_in("work_image_words", f" {low} "):  # "跑大模型和出图都行吗": images do not pool
            headline += env.t(  # (it opens with the stop head_pool leaves to the end of the answer's headline)
                "scale.pool_image", total=f"{n * (gpu.memory_gb or 0):g}", each=f"{one.memory_gb or 0:g}"
            )
            image_source = True
        if short and model_spec is not None:  # "does 2x 3060 12gb work as 24gb for llama 70b": not for that model
            headline = i18n.gap(env.lang).join([_not_held(env, model_spec, head_model, labels[0], gpu, n), headline])
    elif about_llm and only_first:
        headline = env.t(
            "scale.head_llm_fits_only",
            a=labels[0],
            b=labels[1],
            model=model_name,
            tensor=f"{speeds_llm[0]:,.0f}",
            layer=f"{llm_figs.get(f'{head_key}_layer', [0])[0] or 0:,.0f}",
            train=f"{train_ratio:.2f}",
        )
    elif llm_named and model_spec is not None and len(fits) >= 2 and not any(fits):
        # "what about 2 of them" in a 70B thread after 16 GB cards: neither holds it, said first, then the training
        not_held = _not_held(env, model_spec, head_model, labels[0], gpu, n)
        more = memory.fit(memory.inference_memory(model_spec, head_model, context=CONTEXT), gpu.memory_gb, 1)
        took = env.t("scale.takes_cards", n=more.min_gpus, gpu=gpu.short_name) if more.min_gpus > 1 else ""
        headline = i18n.gap(env.lang).join(
            part
            for part in (
                not_held + took,
                env.t("scale.head", a=labels[0], b=labels[1], train=f"{train_ratio:.2f}", link=links[0]),
            )
            if part
        )
    elif about_llm and llm_ratio:
        headline = env.t(
            "scale.head_llm",
            a=labels[0],
            b=labels[1],
            model=model_name,
            llm=f"{llm_ratio:.2f}",
            train=f"{train_ratio:.2f}",
        ) + _larger_model(models[1:], llm_figs, labels, env)
    else:
        headline = env.t(
            "scale.head",
            a=labels[0],
            b=labels[1],
            train=f"{train_ratio:.2f}",
            link=links[0] if groups[0][1] > 1 else links[1],
        )
    speedup = llm_ratio if about_llm and llm_ratio else train_ratio
    llm_lead = about_llm and bool(llm_ratio)  # split by layer keeps one card's speed: the best is never below 1x
    if image:  # "would two 3060s double my image gen speed": the images an hour, each card making its own
        headline = _doubled(query, groups, image_figures["speedup"], "image", env) + headline
    else:
        what = "llm" if llm_lead else "train"
        headline = _doubled(query, groups, max(speedup, 1.0) if llm_lead else speedup, what, env) + headline
    headline = _tensor_split(query, env) + headline  # "3x 3090, does an odd number mess up tensor parallel"
    steps = [env.t("scale.why_train", a=labels[0], eff=f"{train[0].efficiency * 100:.0f}", link=links[0])]
    if any(t.link == "pcie_host" for t in train):
        steps.append(env.t("scale.no_p2p"))
    lanes = _lanes_step(query, env)  # the lanes the user named answer a part of the question: in the headline
    by_link, link_figures = link_asked(query, groups, models, env)
    steps.append(env.t("scale.why_layer"))
    steps.append(env.t("scale.why_tensor"))
    if any(not fit for key, _ in models for fit in llm_figs.get(f"{key}_fits_one", [])):
        steps.append(env.t("scale.memory_note"))
    image_figures = image_figures if image else {}
    figures = {
        "speedup": round(speedup, 3),
        "speedup_training": round(train_ratio, 3),
        "speedup_llm_tensor_split": round(llm_ratio, 3),
        "workload_key": "llm_decode" if about_llm and llm_ratio else "train16",
        "llm_model": head_key,
        "link": [t.link for t in train],
        "gpu_counts": [n for _, n in groups],
        "lanes": lanes is not None,
        "training_efficiency": [round(t.efficiency, 3) for t in train],
        "llm_tokens_per_s": llm_figs,
        **link_figures,
        **image_figures,
    }
    sources = [spec_source(groups[0][0])] + env.cite(*[p.source for p in prices if p])
    if any(t.link == "pcie_host" for t in train) and "GeForce 30" in (groups[0][0].generation or ""):
        sources += env.cite("hw-nccl-3090-p2p")
    if lanes:
        sources += env.cite("dettmers-2023")
    if image_source:
        sources += env.cite("concept-comfyui-multigpu")
    sources.append("method: docs/model.md §perf.multigpu, §llm.decode, §mem")
    return Answer(
        question=query.text,
        intent="compare",
        # the link compared leads when it was the question; after the user's own set-up when they said theirs
        headline=i18n.gap(env.lang).join(
            h + i18n.end(env.lang)
            for h in ((headline, by_link) if via and not link_figures.get("link_loss_asked") else (by_link, headline))
            + (lanes,)
            if h
        ),
        gpus=list(dict.fromkeys(g.name for g, _ in groups)),
        workload=query.workload,
        precision=query.precision,
        tables=[table],
        steps=steps,
        figures=figures,
        assumption_text=assumption_text(env),
        sources=sources,
        lang=env.lang,
    )


def _not_held(env: Env, model, quant: str, label: str, gpu, n: int) -> str:
    """ "Not for Llama 3 70B: at q4_k_m it needs about 42 GB, more than the 32 GB of 2 x RTX 5060 Ti together." """
    need = memory.inference_memory(model, quant, context=CONTEXT).total_gb
    total = f"{n * (gpu.memory_gb or 0):g}"
    return env.t("scale.pool_short", model=model.name, quant=quant, need=f"{need:.0f}", a=label, total=total)


_TP_NAMED = re.compile(r"tensor.?parallel|张量并行|\btp\b")  # tensor parallelism itself named (no runtime alone)


def _tensor_split(query, env: Env) -> str:
    """Tensor parallelism asked of a number of cards the model's heads do not divide by ("3x 3090 for vllm, does an
    odd number mess up tensor parallel"): that it cannot, and the ways that work (concept lead `tp_split`), said
    first; "" otherwise."""
    if not _TP_NAMED.search(query.text.lower()):
        return ""
    from assistant.query_talk import ExplainQuery
    from assistant.respond.concept_leads_setup import tp_split

    lead = tp_split(
        ExplainQuery(text=query.text, concept="tensor-parallelism", model=getattr(query, "model", None)), env
    )
    if lead is None or lead.figures["tp_heads"] % lead.figures["tp_cards"] == 0:
        return ""  # the heads divide: the answer below stands as it is
    return lead.text + i18n.gap(env.lang)
