"""Concept leads about cards together, their power and clouds: a second card's expected speed-up, two cards' memory
(split, not pooled), training MFU on a card, a card's power in inference and training, a marketplace's rate.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- market_rate: with a card named, the card's rate at the marketplace named, before what decides reliability there.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import memory
from assistant.query_talk import ExplainQuery
from assistant.respond import image_power
from assistant.respond.concept_lead import REFERENCE_GPUS, Lead, named_or_example, with_notes, yes_word
from assistant.respond.env import Env
from assistant.respond.wording import num, spec_source


def market_rate(query: ExplainQuery, env: Env) -> Lead | None:
    """ "vast.ai 3090 hourly rate, is it actually reliable": the rate of the card at the marketplace named, then the
    reliability concept."""
    named = [g.name for g in query.gpus if g.name]
    text = query.text.lower()
    if not named:  # "is runpod reliable for a 3 day training run": its two clouds first, then the marketplace
        runpod = "runpod" in text.replace(" ", "")
        return Lead(env.t("explain.market_runpod"), {}, env.cite("concept-runpod-cloud-types")) if runpod else None
    gpu = env.gpu(named[0])
    rates = [r for r in env.reader.cloud_rates(gpu.name) if r.provider.lower().split(".")[0] in text]
    if not rates:
        return None
    rate = min(rates, key=lambda r: r.on_demand_usd_per_gpu_hour)
    spot = (
        env.t("explain.market_spot", spot=env.money_total(rate.spot_usd_per_gpu_hour))
        if rate.spot_usd_per_gpu_hour
        else ""
    )
    usd = rate.on_demand_usd_per_gpu_hour
    values = dict(gpu=gpu.short_name, provider=rate.provider, rate=env.money_total(usd), spot=spot, date=rate.observed)
    text_out = env.t("explain.market_rate", **values)
    return Lead(text_out, {"provider": rate.provider, "usd_per_gpu_hour": usd}, env.cite(rate.source))


def second_card(query: ExplainQuery, env: Env) -> Lead | None:
    """ "my 2nd gpu barely speeds up training (2x 4070 super)": what two of those cards should give with data
    parallelism on their link (models/scaling.training_scaling), so the shortfall is measured against it."""
    from assistant.models import scaling
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.scaling import bare_link

    named = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(named[0]) if named else env.gpu(REFERENCE_GPUS[0])
    count = max([g.count for g in query.gpus if g.name] + [2])
    text_l = f" {query.text.lower()} "
    bridged = "nvlink" in text_l and not lexicon(env.lang).words_in("link_lack_words", text_l)
    own = scaling.link(gpu, count)  # a bridge the user does not mention is not assumed: most pairs run without one
    group = scaling.training_scaling([gpu] * count, via=None if own != "nvlink" or bridged else bare_link(gpu))
    if group.speedup <= 0:
        return None
    link = env.t(f"explain.link_{group.link}") if group.link in LINKS else group.link
    text = env.t(
        "explain.second_card",
        n=count,
        gpu=gpu.short_name,
        speedup=f"{group.speedup:.2f}",
        link=link,
    )
    note = "" if named else env.t("explain.example_card", gpu=gpu.short_name)
    figures = {"gpu": gpu.name, "n_gpus": count, "speedup": round(group.speedup, 2)}
    return Lead(
        with_notes(text, env, note), figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.multigpu")]
    )


LINKS = ("nvswitch", "nvlink", "pcie", "pcie_host", "infiniband")  # models/constants.DP_OVERHEAD_PER_DOUBLING keys


POOL_MODEL = "llama-3-70b"  # the example of a model that needs two 24 GB cards [A]


# a card of each memory size, for "two 16 GB cards are not one 32 GB card" when no card is named [A]
POOL_CARDS = {
    8: "GeForce RTX 4060",
    12: "GeForce RTX 3060 12 GB",
    16: "GeForce RTX 4060 Ti 16 GB",
    24: "GeForce RTX 3090",
    32: "GeForce RTX 5090",
    48: "RTX A6000",
}
POOL_SMALLER = ("qwen2.5-32b", "mistral-small-3-24b", "qwen2.5-14b", "llama-3-8b")  # largest first [A]
_CARD_MEMORY = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:gb|g)(?![a-z])", re.IGNORECASE)


def _card_memory(text: str) -> int | None:
    """The memory of one card the question says first ("两张16g", "two 24gb cards"), None when none."""
    found = _CARD_MEMORY.search(text)
    return int(found.group(1)) if found else None


def pooled(query: ExplainQuery, env: Env) -> Lead | None:
    """ "does nvlink pool the vram of two 3090s into 48gb": no single pool; the model split across the cards (a layer
    split or tensor parallelism, §llm.mixed) runs on their memory together, bridge or not."""
    from assistant.models import scaling
    from assistant.respond.pricing import CHAT_MODEL

    if query.asked != "pool":
        return None
    named = [g for g in query.gpus if g.name]
    said = None if named else _card_memory(query.text)  # "两张16g为什么不等于一张32g": cards of the memory said
    example = POOL_CARDS.get(said or 0, REFERENCE_GPUS[0])
    gpu = env.gpu(named[0].name) if named else env.gpu(example)
    n = max([g.count for g in named] + [2])
    model, model_note = named_or_example(query, env, POOL_MODEL)
    if model is None or not gpu.memory_gb:
        return None
    need = memory.inference_memory(model, CHAT_MODEL[1], context=4096).total_gb
    if not query.model and need > gpu.memory_gb * n:  # the example model must fit the cards together
        for key in POOL_SMALLER:
            smaller = env.reader.model(key)
            if (
                smaller is not None
                and memory.inference_memory(smaller, CHAT_MODEL[1], context=4096).total_gb < gpu.memory_gb * n
            ):
                model, model_note = smaller, env.t("explain.example_model", model=smaller.name)
                need = memory.inference_memory(model, CHAT_MODEL[1], context=4096).total_gb
                break
    bridge = "" if scaling.link(gpu, 2) == "nvlink" else env.t("explain.pool_no_bridge", gpu=gpu.short_name)
    text = env.t(
        "explain.pool",
        n=n,
        gpu=gpu.short_name,
        mem=num(gpu.memory_gb),
        total=num(gpu.memory_gb * n),
        model=model.name,
        quant=CHAT_MODEL[1],
        need=f"{need:.1f}",
    )
    note = "" if named else env.t("explain.example_card", gpu=f"{n} x {gpu.short_name}")
    figures = {"gpu": gpu.name, "n_gpus": n, "total_gb": gpu.memory_gb * n, "model_gb": round(need, 1), "pooled": True}
    sources = [spec_source(gpu, env), *env.cite(model.source, "docs/model.md §llm.mixed")]
    return Lead(with_notes(yes_word(query, env, False) + text, env, bridge, note, model_note), figures, sources)


def mfu(query: ExplainQuery, env: Env) -> Lead | None:
    """ "what is MFU and what's a realistic number on a 4090": the card's dense 16-bit peak (FP32 accumulate,
    §perf.tensor) and the useful TFLOPS at this project's training MFU (constants.DEFAULT_MFU, [A])."""
    from assistant.models import constants as C
    from assistant.models import hardware as hw

    named = [g.name for g in query.gpus if g.name]
    if not named:
        return None  # "what is mfu": the definition answers
    gpu = env.gpu(named[0])
    peak = hw.tensor_tflops(gpu, "fp16_acc32").value
    if not peak:
        return None
    text = env.t(
        "explain.mfu_lead",
        gpu=gpu.short_name,
        peak=num(peak, 0),
        mfu=f"{100 * C.DEFAULT_MFU:.0f}",
        useful=num(peak * C.DEFAULT_MFU, 0),
    )
    figures = {"gpu": gpu.name, "peak_tflops": round(peak, 1), "mfu": C.DEFAULT_MFU}
    return Lead(text, figures, [spec_source(gpu, env), *env.cite("docs/model.md §perf.tensor", "concept-palm-mfu")])


LOW_TRAINING_SHARE = 0.6  # training under this share of the board power is read as the card waiting [A]
FULL_ASKED_SHARE = 0.95  # a reading this close to the board power is the limit asked about, not a measurement [A]
# generating for one user, as a share of the board power, in the measurements of knowledge/concepts.toml power-by-use:
# RTX 5090 ~350 of 575 W (power-geerling-5090-inference), V100 SXM2 180-200 of 300 W (power-v100-decode-prefill)
DECODE_POWER_SHARE = (350 / 575, 200 / 300)


def power_by_use(query: ExplainQuery, env: Env) -> Lead | None:
    """ "how many watts does a 3090 draw in inference vs training": training at the card's board power (its TDP, the
    limit a compute-bound job runs at), generation under it: the card's TDP times the shares measured on other cards,
    said to be an estimate (DECODE_POWER_SHARE); a reading the user gives weighed against the TDP for the use named."""
    named = [g.name for g in query.gpus if g.name]
    if query.asked != "power_by_use" or not named:
        return None
    gpu = env.gpu(named[0])
    if not gpu.tdp_w or gpu.vendor == "Apple":  # a Mac's figure is the whole computer at the wall (asked.py says so)
        return None
    lo, hi = (gpu.tdp_w * share for share in DECODE_POWER_SHARE)
    values = dict(gpu=gpu.short_name, tdp=num(gpu.tdp_w, 0), lo=num(round(lo, -1), 0), hi=num(round(hi, -1), 0))
    training, inference = env.t("explain.power_training", **values), env.t("explain.power_inference", **values)
    parts = [inference, training] if query.uses == ("inference",) else [training, inference]
    if "image" in query.uses:  # "4090 power draw while generating images": denoising is compute-bound (image_power)
        parts = [image_power.draw_line(gpu, env)]
    watts = query.stated_w
    if watts is not None and "image" in query.uses:  # the draw line answers a full-power question; a low one is read
        values["w"] = num(watts, 0)
        if watts < LOW_TRAINING_SHARE * gpu.tdp_w:
            parts.insert(0, env.t("explain.power_reading_image_low", **values))
    elif watts is not None:
        values["w"] = num(watts, 0)
        if watts >= FULL_ASKED_SHARE * gpu.tdp_w and "training" not in query.uses:
            key = "explain.power_full_asked"  # "does a 4090 use full 450w when running an llm"
        elif "training" in query.uses and "inference" not in query.uses:
            low = watts < LOW_TRAINING_SHARE * gpu.tdp_w
            key = "explain.power_reading_training_low" if low else "explain.power_reading_training"
        elif "inference" in query.uses:
            key = "explain.power_reading_inference"
        else:
            key = "explain.power_reading_util"
        parts.insert(0, env.t(key, **values))
    figures = {"gpu": gpu.name, "tdp_w": gpu.tdp_w, "uses": list(query.uses), "inference_w": [round(lo), round(hi)]}
    if watts is not None:
        figures["stated_w"] = watts
    sources = [spec_source(gpu, env), *env.cite("power-geerling-5090-inference", "power-v100-decode-prefill")]
    if "image" in query.uses:
        sources = [spec_source(gpu, env), *env.cite(*image_power.DRAW_SOURCES, "docs/model.md §image.power")]
    return Lead(i18n.gap(env.lang).join(parts), figures, sources)


CONNECTOR_W = 600  # what the 12VHPWR / 12V-2x6 connector is rated to carry (concept-12v2x6-margin)
MARGIN_REFERENCE = "GeForce RTX 4090"  # the card whose load on the connector the margin is compared with


def connector_load(query: ExplainQuery, env: Env) -> Lead | None:
    """ "is the 12v-2x6 connector safe for a 5090 running 24/7": the card's board power as a share of the connector's
    600 W rating, against the RTX 4090's, and the power limit that would bring it to the 4090's share."""
    named = [g.name for g in query.gpus if g.name]
    if not named:
        return None
    gpu, ref = env.gpu(named[0]), env.gpu(MARGIN_REFERENCE)
    if not gpu.tdp_w or not ref.tdp_w or gpu.vendor != "NVIDIA" or gpu.tdp_w < ref.tdp_w * 0.5:
        return None  # a card far under the rating, or one without the connector data, gets the concept alone
    share, ref_share = 100 * gpu.tdp_w / CONNECTOR_W, 100 * ref.tdp_w / CONNECTOR_W
    key = "explain.connector_load_high" if gpu.tdp_w > ref.tdp_w else "explain.connector_load"
    if gpu.name == ref.name:
        key = "explain.connector_load_self"
    text = env.t(
        key,
        gpu=gpu.short_name,
        tdp=num(gpu.tdp_w, 0),
        share=f"{share:.0f}",
        rating=CONNECTOR_W,
        ref=ref.short_name,
        ref_tdp=num(ref.tdp_w, 0),
        ref_share=f"{ref_share:.0f}",
    )
    figures = {"gpu": gpu.name, "tdp_w": gpu.tdp_w, "connector_share": round(share)}
    sources = [spec_source(gpu, env), *env.cite("concept-12v2x6-margin", "concept-undervolt-inference")]
    return Lead(text, figures, sources)


HOME_FLAGSHIP = "GeForce RTX 5090"  # the fastest memory a home user can buy, against a datacenter HBM card [A]
HBM_REFERENCE = "H100 PCIe 80 GB"


def memory_at_home(query: ExplainQuery, env: Env) -> Lead | None:
    """ "gddr7 vs hbm3, does it matter for a home user": HBM comes only on datacenter boards, so at home what matters
    is bandwidth and capacity: the consumer flagship's GDDR bandwidth against a datacenter HBM card's (KB specs)."""
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.concept_lead import says_word

    if not says_word(query.text, lexicon(env.lang).listed("home_user_words")):
        return None
    home, dc = env.gpu(HOME_FLAGSHIP), env.gpu(HBM_REFERENCE)
    if not (home.memory_bandwidth_gb_s and dc.memory_bandwidth_gb_s):
        return None
    text = env.t(
        "explain.memory_at_home",
        home=home.short_name,
        home_type=home.memory_type or "GDDR",
        home_bw=num(home.memory_bandwidth_gb_s, 0),
        dc=dc.short_name,
        dc_type=dc.memory_type or "HBM",
        dc_bw=num(dc.memory_bandwidth_gb_s, 0),
        share=f"{100 * home.memory_bandwidth_gb_s / dc.memory_bandwidth_gb_s:.0f}",
    )
    figures = {"gpu": home.name, "reference": dc.name}
    return Lead(text, figures, [spec_source(home, env), spec_source(dc, env)])
