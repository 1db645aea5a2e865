"""What a recommendation ranks by when the question names a use rather than a model: "for local llms + whisper,
£700", "想买张卡跑comfyui 预算6000", "预算1万 主要跑comfyui视频生成".

Contract (the typical models are assumptions [A], named in every answer that uses them):
- `llm_beside_speech`: a speech model (Whisper) named next to words for running LLMs ranks the LLM use (the
  single-user chat basis, the reference's 24 GB) and says what the speech model needs beside it; never the
  speech model's compute proxy instead of the LLMs asked for.
- `image_floor`: image generation with no model named is sized for the typical current model, FLUX.1 [dev] at the
  precision and set-up a recommendation assumes (diffusion_memory.usual_precision, AS_USUALLY_RUN), at least the
  reference's 12 GB; when the question names classic Stable Diffusion (SD 1.5 / SDXL, A1111) it is the reference's
  12 GB alone, and so is the cheapest card asked for ("cheap gpu for ai art"). None when no image use applies.
  `with_llms`: LLMs named beside image generation raise the need to the reference's 24 GB for LLMs (one card holds
  both uses).
- `video_key`: a video-generation use with no model named ("ai视频", "video gen in comfyui") is sized for the common
  open video model in ComfyUI (Wan2.2 T2V A14B, knowledge/video_models.csv); None otherwise.
- `asks_build`: a count of cards (2+), a budget and a word for a whole machine ("~$12k for a 4-gpu training
  workstation", "实验室预算10万 配一台4卡训练工作站") ask for a machine that spends the budget (respond/rig.py), also
  from an organization, whose chart answer is a value list of single cards; so does an organization's budget (a lab,
  a company: RecommendQuery.organization) that pays for more than a multi-GPU server's platform around the cards
  ("实验室预算20万 买什么卡训练大模型": a ¥200,000 build, not a list of single cards; the platform price is the
  answer market's server platform, docs/model.md §cost.platform).
- `spec_as_verdict`: a spec question about one GPU with no figure asked, no spec-sheet word and LLMs named ("m3 pro
  18gb macbook, any point doing local llms on it") is whether the GPU does that job (respond/verdict.py).
Word lists are lexicon data (`video_work_words`, `classic_sd_words`, the [workload] phrases); never raises.
"""

from __future__ import annotations

import re

from assistant.models import diffusion_memory, memory
from assistant.nlu.lexicon import lexicon
from assistant.nlu.text import words
from assistant.respond.env import Env
from assistant.respond.pricing import speech
from assistant.specs import ModelSpec

TYPICAL_IMAGE_MODEL = "flux.1-dev"  # [A] the image model most ComfyUI / Forge users run in 2025-26
TYPICAL_VIDEO_MODEL = "wan2.2-t2v-a14b"  # [A] the open video model most ComfyUI video workflows use
IMAGE_FLOOR_GB = 12.0  # the reference rule (Dettmers 2023), as recommend_need._FLOOR_GB
LLM_FLOOR_GB = 24.0  # the reference rule for running LLMs, as recommend_need._FLOOR_GB
SPEECH_PRECISION = "fp16"  # faster-whisper / openai-whisper run fp16 on a GPU


def _contains(tokens: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return any(tuple(tokens[i : i + n]) == phrase for i in range(len(tokens) - n + 1))


def names_workload(text: str, workload: str, env: Env) -> bool:
    """Does the text name `workload` with one of the lexicon's [workload] phrases ("local llms", "大模型")?"""
    tokens = words(text.lower())
    lex = lexicon(env.lang)
    return any(info.get("WORKLOAD") == workload and _contains(tokens, phrase) for phrase, info in lex.phrases.items())


def _stem(word: str) -> str:
    m = _LETTERS.match(word.lower())
    return m.group(0) if m else ""


_LETTERS = re.compile(r"[a-z]+")


def names_llms(text: str, env: Env) -> bool:
    """Does the text name running LLMs: a [workload] phrase, or an LLM family of the KB without a size ("llama
    models", "qwen")?"""
    if names_workload(text, "llm_inference", env):
        return True
    families = {_stem(m.family or "") for m in env.reader.models if m.kind == "llm" and not speech(m)}
    families.discard("")
    return any(_stem(tok) in families for tok in words(text.lower()) if len(_stem(tok)) >= 3)


def llm_beside_speech(query, spoken: ModelSpec | None, env: Env) -> str:
    """ "for local llms + whisper, £700": the note that the speech model fits beside the LLMs ranked, or "" when the
    question is about the speech model alone (or names no speech model)."""
    if spoken is None or not speech(spoken) or not names_llms(query.text, env):
        return ""
    need = memory.inference_memory(spoken, SPEECH_PRECISION).total_gb
    return env.t("rec.speech_beside", model=spoken.name, gb=f"{need:.1f}", prec=SPEECH_PRECISION)


def image_floor(query, env: Env) -> tuple[float, str] | None:
    """(GB, why) an image-generation recommendation with no model named must hold; None if it does not apply."""
    if query.workload != "image_generation" or query.model or getattr(query, "params_b", None):
        return None
    if query.min_memory_gb or query.sort == "price":  # "cheap gpu for ai image gen": the reference's 12 GB
        return None
    text = f" {query.text.lower()} "
    if lexicon(env.lang).words_in("classic_sd_words", text):
        return None  # SD 1.5 / SDXL: the reference's 12 GB rule holds them
    model = env.reader.model(TYPICAL_IMAGE_MODEL)
    if model is None:
        return None
    prec = diffusion_memory.usual_precision(model)
    est = diffusion_memory.image_memory(model, precision=prec, **diffusion_memory.AS_USUALLY_RUN)
    sdxl = env.reader.model("sdxl-base")
    small = (
        diffusion_memory.image_memory(
            sdxl, precision=diffusion_memory.usual_precision(sdxl), **diffusion_memory.AS_USUALLY_RUN
        ).total_gb
        if sdxl is not None
        else None
    )
    need = max(IMAGE_FLOOR_GB, round(est.total_gb, 1))
    why = env.t("rec.image_typical", model=model.name, prec=prec, gb=f"{est.total_gb:.1f}")
    if small is not None:
        why += env.t("rec.image_typical_sdxl", gb=f"{small:.1f}", floor=f"{IMAGE_FLOOR_GB:g}")
    return need, why


def with_llms(query, need: float | None, env: Env) -> tuple[float, str] | None:
    """ "comfyui flux and some local llm chat, 900": an image recommendation that names LLMs too holds both, so at
    least the reference's 24 GB for LLMs: (need, why), or None when it does not apply or the need is already more."""
    if query.workload != "image_generation" or query.min_memory_gb or not names_llms(query.text, env):
        return None
    if need is not None and need >= LLM_FLOOR_GB:
        return None
    return LLM_FLOOR_GB, env.t("rec.image_plus_llm", floor=f"{LLM_FLOOR_GB:g}")


def video_key(query, env: Env) -> str | None:
    """The video model a "which card for ai video" question is sized for, or None when no video use is named (or a
    model is: the named model's own answer applies)."""
    if query.model or getattr(query, "params_b", None) or query.workload not in (None, "image_generation"):
        return None
    if not lexicon(env.lang).words_in("video_work_words", f" {query.text.lower()} "):
        return None
    return TYPICAL_VIDEO_MODEL


def said(name: str, text: str, env: Env) -> bool:
    """Does the text use a word of lexicon list `name` (ASCII words as whole tokens, Chinese as text)?"""
    joined = " " + " ".join(words(text.lower())) + " "
    low = text.lower()
    for _, inside in lexicon(env.lang).keyed(f"{name}_inside"):  # "machine learning" names no machine
        joined = joined.replace(inside, " ") if inside is not None else joined
    return any((key in joined) if key is not None else (word in low) for word, key in lexicon(env.lang).keyed(name))


SERVER_CARDS = 8  # the cards of a multi-GPU server, whose platform price an organization's build budget must pass


def asks_build(query, env: Env) -> bool:
    """A recommendation that asks for a whole machine of a stated count within a stated budget, or an organization's
    budget beyond a server's platform."""
    if not query.budget_usd or query.cheaper_than or query.upgrade_from:
        return False
    users = int(dict(query.targets).get("users", 0))
    if said("serve_words", query.text, env) and (users > 1 or not said("local_deploy_words", query.text, env)):
        # "serve 70b to 30 people, budget 10k": a serving set (respond/serving_sets.py);
        # "公司想本地部署deepseek r1满血版 几十万能搞定吗" runs the model in house, no users named: a build
        return False
    if (query.gpu_count or 1) < 2:  # "导师给了5万预算 让我给组里配一台跑llm的机器": one machine asked, built
        return bool(query.organization) and (_server_budget(query, env) or one_machine(query, env))
    return said("rig_words", query.text, env)


def one_machine(query, env: Env) -> bool:
    """A machine word (lexicon rig_words) and no budget for each of several machines (per_machine_words: "每台",
    "each"): the organization's budget buys one machine ("导师给了5万预算 让我给组里配一台跑llm的机器")."""
    return said("rig_words", query.text, env) and not said("per_machine_words", query.text, env)


def _server_budget(query, env: Env) -> bool:
    from assistant.respond.pricing import budget_usd

    budget = budget_usd(query, env.for_query(query))
    return budget is not None and budget > env.for_query(query).platform_usd(SERVER_CARDS)


def spec_as_verdict(query, env: Env):
    """The verdict answer for a spec question that asks whether a GPU suits running LLMs, or training with a word of
    using it ([lists] card_use_words), or None."""
    named = [r for r in query.gpus if r.name]
    if query.fields or query.precisions or len(named) != 1 or said("spec_sheet_words", query.text, env):
        return None
    from assistant.queries import VerdictQuery
    from assistant.respond import verdict

    if not names_workload(query.text, "llm_inference", env):
        if query.workload == "training" and lexicon(env.lang).words_in("card_use_words", f" {query.text.lower()} "):
            # "can i use my 3070 for training a small transformer or is 8gb too little": how it does at training
            return verdict.respond(VerdictQuery(text=query.text, gpus=tuple(named), workload="training"), env)
        return None
    if names_workload(query.text, "image_generation", env):  # "can it do stable diffusion and llms": what it runs
        both = VerdictQuery(text=query.text, gpus=tuple(named), kind="good", owned_use="any")
        return verdict.respond(both, env)
    return verdict.respond(VerdictQuery(text=query.text, gpus=tuple(named), workload="llm_inference"), env)
