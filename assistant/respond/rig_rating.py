"""The builds a rig answer weighs and how each is rated: the memory floor of the workload (the reference's floors,
a named model's size, small LLMs at SMALL_LLM_B), the rater of a build for the workload (a named LLM by single-user
tokens/s when the group holds it, training by data-parallel speed, other work by cards x speed; docs/model.md §rig),
and the priced builds within the budget, or without a filter when none is left.

Contract: `memory_floor`, `rater`, `priced_builds`, `builds_within_budget` and `unfiltered_build` read the
query, the environment and the snapshot's prices and return the floor, a rating function or builds (None when no
build is left); none changes the snapshot.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.models import constants as C
from assistant.models import diffusion_memory, memory, scaling, train_memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import RigQuery
from assistant.respond import (
    card_class,
    quiet,
    rig_choice,
    rig_market,
)
from assistant.respond.builds import Build, builds
from assistant.respond.env import Env
from assistant.respond.fit_sizing import sized_model
from assistant.respond.own_draw import at_draw
from assistant.respond.pricing import (
    purchase_price,
    score,
    snapshot_quotes,
    workload_title,
)

_FLOOR_GB = {"image_generation": 12.0, "llm_finetune": 24.0, "llm_inference": 24.0}  # reference rules (§rec)
SMALL_LLM_B = 8.0  # "small llms": the 7-8B models people mean by it, at 4-bit with a 4k context [A] (§rig)


_METHOD = {"lora": "lora", "qlora": "qlora", "full_finetune": "full"}  # a query's method -> train_memory's


def memory_floor(query: RigQuery, env: Env, workload: str) -> tuple[float, str]:
    """The memory each card needs for the work stated, and what sets it ("" for the reference rule): an image
    model named is its pipeline as ComfyUI runs it, at the usual precision (§mem.image: fp8 for FLUX), "small llms"
    an 8B at 4-bit (§mem); both named, the larger ("sdxl + some small llms"); else the workload's reference rule."""
    model, _ = sized_model(query, env)
    needs: list[tuple[float, str]] = []
    if model is not None and model.kind == "image" and query.mode in ("lora", "full_finetune"):
        # "主要sdxl lora微调": the LoRA training of the image model, as the fit works it (§mem.image)
        method = "full" if query.mode == "full_finetune" else "lora"
        est = diffusion_memory.image_training_memory(model, method)
        named = env.t(f"rent_holds.mode_{query.mode}")  # "LoRA fine-tuning", "全参数微调"
        text = env.t("rig.floor_image_train", model=model.name, method=named, gb=f"{est.total_gb:.1f}")
        needs.append((est.total_gb, text))
    elif model is not None and model.kind == "image":
        prec = diffusion_memory.usual_precision(model)  # fp8 where the 16-bit pipeline outgrows a 24 GB card (FLUX)
        est = diffusion_memory.image_memory(model, precision=prec, **diffusion_memory.AS_USUALLY_RUN)
        text = env.t("rig.floor_image", model=model.name, prec=prec, gb=f"{est.total_gb:.1f}")
        needs.append((est.total_gb, text))
    if model is not None and model.kind == "image" and query.params_b:
        # "顺便跑跑14b的大模型": an LLM of that size run beside the image work, at 4-bit with a 4k context
        llm = sized_model(dataclasses.replace(query, model=None), env)[0]
        if llm is not None:
            gb_ = memory.inference_memory(llm, "q4_k_m", context=4096).total_gb
            needs.append((gb_, env.t("rig.floor_llm_size", params=f"{query.params_b:g}", gb=f"{gb_:.1f}")))
    small = lexicon(env.lang).words_in("small_llm_words", query.text.lower())
    if workload == "llm_inference" and needs and not small and not query.params_b:
        # "flux dev + some llm stuff": LLMs of no stated size beside the image model: the reference's rule for them
        needs.append((_FLOOR_GB["llm_inference"], env.t("rig.floor_llm_rule", gb=f"{_FLOOR_GB['llm_inference']:g}")))
    if workload == "llm_inference" and small:
        llm = sized_model(dataclasses.replace(query, model=None, params_b=SMALL_LLM_B), env)[0]
        if llm is not None:
            gb_ = memory.inference_memory(llm, "q4_k_m", context=4096).total_gb
            needs.append((gb_, env.t("rig.floor_small_llm", params=f"{SMALL_LLM_B:g}", gb=f"{gb_:.1f}")))
    if workload == "training" and (
        getattr(query, "model_family", None) == "transformer"
        or lexicon(env.lang).words_in("transformer_words", query.text.lower())
    ):  # "a $3000 rig for training small transformers": the reference's 24 GB per card
        needs.append((_FLOOR_GB["llm_finetune"], env.t("rig.floor_transformers")))
    if needs:
        return max(needs)[0], i18n.sep(env.lang).join(text for _, text in needs)
    if model is not None and model.kind == "image":
        return 0.0, ""
    return _FLOOR_GB.get(workload, 0.0), ""


def rater(query: RigQuery, env: Env, workload: str, key: str, floor: float | None = None):
    """(speed(gpu, n) -> float | None, unit key, what the speed means); `floor`: the memory per card instead of the
    work's (a way back within the budget)."""
    model, _ = sized_model(query, env)
    if model is not None and model.key.startswith("whisper"):  # "a pc for whisper large-v3": audio per hour, no tok/s
        return _transcribing(model, env)
    if model is not None and model.kind == "llm" and workload == "llm_inference":
        quant = query.precision if query.precision in C.BITS_PER_WEIGHT else "q4_k_m"

        needs: dict = {}  # per card count: the model's memory does not depend on the card

        def llm_speed(gpu, n):
            est = needs[n] if n in needs else needs.setdefault(n, memory.inference_memory(model, quant, n_gpus=n))
            if not memory.fits(est, gpu.memory_gb):
                return None
            return scaling.llm_scaling([gpu] * n, model, quant).tokens_per_s

        return _per_set(llm_speed), "rig.unit_tps", env.t("rig.rated_llm", model=model.name, quant=quant)
    if model is not None and model.kind == "llm" and _run_beside(query, env):
        # "training small vision models + running 30b llms": the LLM run beside the training sets the memory (at
        # 4-bit, split by layer), the training sets the speed
        runs: dict = {}

        def train_beside(gpu, n):
            est = runs[n] if n in runs else runs.setdefault(n, memory.inference_memory(model, "q4_k_m", n_gpus=n))
            if not memory.fits(est, gpu.memory_gb):
                return None
            return score(gpu, key).score * scaling.training_scaling([gpu] * n, key).speedup

        return (
            _per_set(train_beside),
            "rig.unit_rel",
            env.t("rig.rated_train_beside", title=workload_title(env, key), model=model.name),
        )
    if model is not None and model.kind == "llm":
        tunes: dict = {}  # per card count, as for llm_speed
        method = query.mode if query.mode in _METHOD else "qlora"  # QLoRA unless said
        how = _METHOD[method]

        def tune_speed(gpu, n):
            est = (
                tunes[n]
                if n in tunes
                else tunes.setdefault(n, train_memory.training_memory(model, how, checkpointing=True, n_gpus=n))
            )
            if not memory.fits(est, gpu.memory_gb):
                return None
            return score(gpu, key).score * scaling.training_scaling([gpu] * n, key).speedup

        named = env.t(f"rig.method_{method}")
        return _per_set(tune_speed), "rig.unit_rel", env.t("rig.rated_tune", model=model.name, method=named)
    stated, works = memory_floor(query, env, workload)
    floor = stated if floor is None else floor
    training = key.startswith("train")

    speedups: dict = {}  # (card, count) -> its training speed-up: every build with those cards scales alike

    def speed(gpu, n):
        if (gpu.memory_gb or 0) < floor:
            return None
        one = score(gpu, key).score
        if not training:
            return one * n
        if (gpu, n) not in speedups:  # a frozen GpuSpec: equal specs scale alike
            speedups[(gpu, n)] = scaling.training_scaling([gpu] * n, key).speedup
        return one * speedups[(gpu, n)]

    what = env.t("rig.rated_train" if training else "rig.rated_jobs", title=workload_title(env, key))
    if works and floor == stated:
        return speed, "rig.unit_rel", what + env.t("rig.floor_work", gb=f"{floor:.1f}", works=works)
    return speed, "rig.unit_rel", what + (env.t("rig.floor", gb=f"{floor:g}") if floor else "")


RUN_BEFORE = 24  # characters before the model's mention searched for a run word ("running 30b llms") [A]


def _run_beside(query: RigQuery, env: Env) -> bool:
    """The LLM is named as something to run, not to train ("training small vision models + running 30b llms"): a run
    word of lexicon [lists] run_words / chat_words right before its mention (or its size)."""
    low = query.text.lower()
    mention = query.model.mention.lower() if query.model and query.model.mention else ""
    at = low.find(mention) if mention else -1
    if at < 0 and query.params_b:
        at = low.find(f"{query.params_b:g}b")
    if at < 0:
        return False
    before = low[max(0, at - RUN_BEFORE) : at]
    words = lexicon(env.lang).listed("run_words") | {"跑", "chat", "chatting", "inference", "serve", "serving"}
    return any(w in before for w in words)


def _transcribing(model, env: Env):
    """Builds rated by how fast they transcribe with a Whisper model (models/speech_speed.py, one file at a time on
    each card: n cards take n files at once); cards with no estimate (not NVIDIA) are left out."""
    from assistant.models import speech_speed

    ref = env.reader.gpu(C.WHISPER_REF_GPU)

    def rtf(gpu, n):
        t = speech_speed.transcription(gpu, ref, model)
        return t.rtf * n if t is not None else None

    return _per_set(rtf), "rig.unit_rtf", env.t("rig.rated_whisper", model=model.name)


def _per_set(rate):
    """`rate` worked out once per (card, count): the builds of one answer ask the same sets several times (~1,700
    asks of a 70b rig, a few hundred sets). Kept by the card object (the snapshot's GpuSpecs; hashing a spec's every
    field costs more than the look-up saves), the object held with its rating so that its id is not reused."""
    rated: dict = {}

    def once(gpu, n):
        held = rated.get((id(gpu), n))
        if held is None or held[0] is not gpu:
            held = rated[(id(gpu), n)] = (gpu, rate(gpu, n))
        return held[1]

    return once


def reaching(rate, tokens_per_s: float):
    """`rate` for the sets that generate at least `tokens_per_s` for one user; None (not a build) for the others."""

    def rated(gpu, n):
        found = rate(gpu, n)
        return found if found is not None and found >= tokens_per_s else None

    return rated


def holding(rate, need_gb: float):
    """`rate` for the sets whose cards hold `need_gb` together; None (not a build) for the others."""

    def rated(gpu, n):
        return rate(gpu, n) if (gpu.memory_gb or 0) * n >= need_gb else None

    return rated


def priced_builds(query: RigQuery, env: Env, hushed: bool = False) -> list:
    """(GPU, price) of the cards a rig may use: the one named, else the vendor's (NVIDIA by default)
    without passively cooled datacenter cards, unless a server is asked for."""
    vendors = {v.strip().lower() for v in (query.vendor or "nvidia").split(",")}
    classes = card_class.CLASSES.get(query.card_class or "")
    named = {g.name for g in query.gpus if g.name}
    market = env.price_market()  # a dollar rig holds cards sold on the US market; a yuan one borrows (§cost.price)
    quotes = snapshot_quotes(env.reader, env.assumptions.snapshot, market)
    names = sorted({q.gpu for q in quotes} | named)
    out = []
    for gpu in env.reader.gpus(names):
        if named and gpu.name not in named:
            continue
        if not named and (gpu.vendor.lower() not in vendors or (gpu.passively_cooled and not query.server)):
            continue
        if not named and (gpu.memory_gb or 0) < (query.min_memory_gb or 0):
            continue  # "不是，我想要 24g 以上的", "only 24gb+ cards": cards with at least that memory
        if not named and classes and not card_class.of_class(gpu, classes):
            continue  # "workstation cards only", "只要专业卡": that class of cards only (respond/card_class.py)
        if not named and hushed and (gpu.tdp_w or 0) > quiet.QUIET_GPU_W:
            continue  # "quiet build for a home office": no card hotter than a quiet cooler handles
        if not named and rig_market.official_only(query, env) and rig_market.unofficial(gpu.name):
            continue  # "课题组预算10万": a lab buys with an invoice and a domestic warranty, no grey-market card
        price = purchase_price(gpu.name, env)
        if price is not None:
            out.append((at_draw(gpu, query), price.usd))
    return out


def builds_within_budget(
    query: RigQuery, env: Env, budget: float, rate, counts, cpu_w, smaller=None
) -> list[tuple[str, Build]]:
    """Ways back within the budget when the cheapest build is over it: the same build with used cards, fewer of
    the cards, other cards (when the user named one), or cards under the memory floor rated by `smaller` (when
    given); the fastest build of each way, None found -> left out."""
    out: list[tuple[str, Build]] = []
    if env.assumptions.condition != "used":
        used = dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, condition="used"))
        found = builds(
            priced_builds(query, used), budget, rate, counts, cpu_w, env.local_desktop_usd(), query.owned_parts
        )
        if found:
            out.append(("used", found[0]))
    asked = query.gpu_count or 0
    if asked > 1:
        found = builds(
            priced_builds(query, env), budget, rate, range(1, asked), cpu_w, env.local_desktop_usd(), query.owned_parts
        )
        if found:
            out.append(("fewer", found[0]))
    if any(g.name for g in query.gpus):
        found = builds(
            priced_builds(dataclasses.replace(query, gpus=()), env),
            budget,
            rate,
            counts,
            cpu_w,
            env.local_desktop_usd(),
            query.owned_parts,
        )
        if found:
            out.append(("other", found[0]))
    if smaller is not None:
        found = builds(
            priced_builds(query, env), budget, smaller, counts, cpu_w, env.local_desktop_usd(), query.owned_parts
        )
        if found:
            out.append(("smaller", found[0]))
    return out


def unfiltered_build(query: RigQuery, env: Env, budget, rate, counts, cpu_w, desktop) -> Build | None:
    """The build an organization's yuan budget would get with grey-market cards allowed (rig_market), else None."""
    if not rig_market.official_only(query, env):
        return None
    priced = priced_builds(dataclasses.replace(query, organization=False), env)
    if budget:
        found = builds(priced, budget, rate, counts, cpu_w, desktop, query.owned_parts)
        return rig_choice.fewer_first(found)[0] if found else None
    anyhow = builds(priced, None, rate, counts, cpu_w, desktop, query.owned_parts)
    return min(anyhow, key=lambda b: b.total_usd) if anyhow else None
