"""Settings advice for memory that ran short: "my 3080 keeps running out of memory on sdxl at 1024, what can i do",
"CUDA out of memory跑sdxl lora训练 4070 12g batch size 1也爆 该怎么调", "ollama keeps offloading layers to cpu ...
what settings should i try".

Contract: `advise(answer, query, env)` for a FitQuery asked "fix" (nlu/intents/fit.settings_fix) puts the first
settings to change first, with the memory they leave, and one step per setting, cheapest first, each with the memory
model's total once it and the ones above it are applied (docs/model.md §mem). The run that ran short is the user's
stated settings plus a tool's plain defaults for what is not stated (PLAIN: no gradient checkpointing, AdamW, text
encoders on the GPU, the whole image decoded at once in fp32, the model's whole context under vLLM); the answer says
which were assumed. The headline names the settings needed to fit; when all of them are not enough, it says so and
what is left; when even the plain run fits, it says the estimate fits and that something else holds the memory. The
fit answer's own headline (a yes / no to "does it fit") is dropped: the user saw it run out. Other answers return
unchanged; an answer with no model or GPU to size keeps the fit answer.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import memory, train_memory
from assistant.models.diffusion_memory import image_memory, image_training_memory
from assistant.nlu.lexicon import lexicon
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.specs import ModelSpec

SMALL_RES = 768  # the image side a lower-resolution setting moves to (SDXL / FLUX native 1024) [A]
SHORT_SEQ = 1024  # the sequence length a shorter-sequence setting moves to when longer [A]
LIGHT_QUANT = "q4_k_m"  # the GGUF type a lighter-weights setting moves to (the usual local default) [A]
IMAGE_GGUF = "q4_k_s"  # the GGUF type of a diffusion model a GGUF setting moves to (city96's FLUX files) [A]
MARGIN_GB = 0.3  # a setting counts as enough only with this much to spare: the estimate is not exact at the edge [A]
VLLM_SHARE = 0.9  # vLLM's default --gpu-memory-utilization: the share of the card it plans in
_TOOL_KEYS = frozenset({"context", "kv8", "quant"})  # settings with their own flags under vLLM (fix.set_<key>_vllm)
_HEAVIER = ("fp16", "bf16", "fp32", "q8_0", "int8", "fp8", "q6_k", "q5_k_m")


@dataclasses.dataclass(frozen=True)
class Step:
    """One setting of the ladder: its wording key, the memory-model values once it is on, and their total."""

    key: str  # locale fix.set_<key>
    values: dict  # the memory model's values after this setting (and the ones before it)
    gb: float  # the memory model's total with them
    words: dict  # the wording's fields


def advise(answer: Answer, query: FitQuery, env: Env, model: ModelSpec | None, gpu, n: int) -> Answer:
    if query.asked != "fix" or model is None or gpu is None or not gpu.memory_gb or answer.clarification:
        return answer
    memory_gb = float(gpu.memory_gb) * n
    kind, plain, assumed = _plain(model, query, env)
    if kind is None:
        return answer
    before = _total(model, kind, plain, n)
    tool = _tool(query, env)
    budget = memory_gb * (VLLM_SHARE if tool == "vllm" else 1.0) - MARGIN_GB
    steps = _ladder(model, kind, plain, n, budget, tool)
    if before > budget:  # what is listed past the first fit only trades quality for nothing
        steps = _until_fit(steps, budget)
    what = env.t("fix.what", model=model.name, mode=env.t(f"fix.kind_{kind}"))
    if getattr(gpu, "name", None):
        where = env.t("fix.where", gpu=getattr(gpu, "short_name", gpu.name), memory=f"{memory_gb:g}")
    else:  # "on my 12gb card": only its memory is said
        where = env.t("fix.where_card", memory=f"{memory_gb:g}")
    listing = i18n.listing(env.lang)
    said = [env.t(f"fix.set_{s.key}", **s.words) for s in steps]
    fitting = next((i for i, s in enumerate(steps) if s.gb <= budget), None)
    if before <= budget:
        head = env.t("fix.lead_fits", what=what, gb=f"{before:.1f}", where=where)
    elif fitting is not None:
        head = env.t(
            "fix.lead",
            settings=i18n.cap(env.lang, listing.join(said[: fitting + 1])),
            what=what,
            gb=f"{steps[fitting].gb:.1f}",
            where=where,
            before=f"{before:.1f}",
        )
    else:
        last = steps[-1].gb if steps else before
        head = env.t("fix.lead_short", what=what, gb=f"{last:.1f}", where=where, settings=listing.join(said) or "-")
    answer.headline = head
    rows = [[env.t("fix.row_plain"), f"{before:.1f}"]] + [[t, f"{s.gb:.1f}"] for t, s in zip(said, steps, strict=True)]
    answer.tables = [Table(headers=[env.t("fix.col_setting"), env.t("fix.col_gb", memory=f"{memory_gb:g}")], rows=rows)]
    answer.steps = [
        env.t("fix.ran_short", what=what, gb=f"{before:.1f}", items=listing.join(assumed) or "-"),
        *answer.steps,
    ]
    answer.steps = [s for s in answer.steps if s]
    answer.figures["fix"] = {
        "ran_short_gb": round(before, 1),
        "memory_gb": memory_gb,
        "settings": [(s.key, round(s.gb, 1)) for s in steps],
        "fits_after": steps[fitting].key if fitting is not None and before > budget else None,
    }
    return answer


def _tool(query: FitQuery, env: Env) -> str:
    """ "vllm" when a serving engine that reserves the whole context is said (its flags), else ""."""
    return "vllm" if lexicon(env.lang).words_in("fix_vllm_words", f" {query.text.lower()} ") else ""


def _plain(model: ModelSpec, query: FitQuery, env: Env) -> tuple[str | None, dict, list[str]]:
    """(kind, memory-model values of the run that ran short, the assumed values said)."""
    opts = set(query.setup or ())
    text = f" {query.text.lower()} "
    lex = lexicon(env.lang)
    assumed: list[str] = []
    mention = query.model.mention if query.model else ""
    if mention and mention in lex.listed("fix_generic_image_words"):  # "跑sd训练lora": no version said
        assumed.append(env.t("fix.assumed_sdxl", mention=mention, model=model.name))
    if model.kind == "image":
        res = query.resolution or model.native_resolution or 512
        if not query.resolution:
            assumed.append(env.t("fix.assumed_res", px=res))
        if query.mode in ("lora", "full_finetune", "qlora"):
            ckpt = "checkpointing_on" in opts
            cache = "text_encoder_offload" in opts
            if not ckpt:
                assumed.append(env.t("fix.assumed_no_checkpointing"))
            if not cache:
                assumed.append(env.t("fix.assumed_text_on_gpu"))
            optimizer = next((o for o in ("adamw8bit", "adafactor") if o in opts), "adamw")
            values = dict(
                method="full" if query.mode == "full_finetune" else "lora",
                batch=query.batch or 1,
                resolution=res,
                precision=query.precision if query.precision in ("fp8", "bf16") else "fp16",
                checkpointing=ckpt,
                optimizer=optimizer,
                cache_text=cache,
            )
            return "image_train", values, assumed
        precision = query.precision if query.precision in ("fp32", "fp16", "bf16", "fp8") else "fp16"
        offload = "model" if "cpu_offload" in opts else "text_encoders" if "text_encoder_offload" in opts else "none"
        if offload == "none":
            assumed.append(env.t("fix.assumed_text_on_gpu"))
        assumed.append(env.t("fix.assumed_whole_decode"))
        values = dict(
            batch=query.batch or 1,
            resolution=res,
            precision=precision,
            offload=offload,
            vae_tiling=False,
            vae_upcast=True,
        )
        return "image", values, assumed
    if query.mode in ("lora", "qlora", "full_finetune"):  # an LLM, or Whisper's encoder-decoder: §mem.train
        ckpt = "checkpointing_on" in opts
        if not ckpt:
            assumed.append(env.t("fix.assumed_no_checkpointing"))
        seq = query.context_tokens or min(2048, model.context or 2048)
        if not query.context_tokens:
            assumed.append(env.t("fix.assumed_seq", seq=f"{seq:,}"))
        values = dict(
            method={"full_finetune": "full"}.get(query.mode, query.mode),
            seq=seq,
            batch=query.batch or 1,
            checkpointing=ckpt,
            optimizer=next((o for o in ("adamw8bit", "paged_adamw", "adafactor") if o in opts), "adamw"),
        )
        return "llm_train", values, assumed
    if model.kind != "llm":
        return None, {}, []
    vllm = lex.words_in("fix_vllm_words", text)
    quant = query.precision or ("fp16" if vllm else LIGHT_QUANT)
    if not query.precision:
        assumed.append(env.t("fix.assumed_quant", quant=quant))
    trained = int(model.context or 4096)
    ctx = query.context_tokens or (trained if vllm else memory.default_context(model))
    if not query.context_tokens:
        assumed.append(env.t("fix.assumed_context_vllm" if vllm else "fix.assumed_context", ctx=f"{ctx:,}"))
    return "inference", dict(quant=quant, context=ctx, batch=query.batch or 1, kv_type="fp16"), assumed


def _total(model: ModelSpec, kind: str, values: dict, n: int) -> float:
    if kind == "image":
        return image_memory(model, **values).total_gb
    if kind == "image_train":
        return image_training_memory(model, **values).total_gb
    if kind == "llm_train":
        v = dict(values)
        method = v.pop("method")
        return train_memory.training_memory(model, method, n_gpus=n, **v).total_gb * 1.0
    v = dict(values)
    est = memory.inference_memory(
        model, v["quant"], context=v["context"], batch=v["batch"], n_gpus=n, kv_type=v["kv_type"]
    )
    return est.total_gb


def _ladder(model: ModelSpec, kind: str, plain: dict, n: int, memory_gb: float, tool: str = "") -> list[Step]:
    """The settings, cheapest first (quality kept before quality traded), each applied on top of the ones before;
    a setting that changes nothing is left out. `memory_gb`: what the run may use (all cards; vLLM's share)."""
    steps: list[Step] = []
    values = dict(plain)

    def add(key: str, words: dict | None = None, **change) -> None:
        nonlocal values
        if all(values.get(k) == v for k, v in change.items()):
            return
        values = values | change
        steps.append(
            Step(
                key + (f"_{tool}" if tool and key in _TOOL_KEYS else ""),
                dict(values),
                _total(model, kind, values, n),
                words or {},
            )
        )

    batch = int(plain.get("batch") or 1)
    if kind == "image":
        if plain["precision"] == "fp32":
            add("half", precision="fp16")
        if batch > 1:
            add("batch_images", {"n": batch}, batch=1)
        add("text_offload", offload="text_encoders")
        add("vae_tiling", vae_tiling=True, vae_upcast=False)
        add("model_offload", offload="model")
        if values["precision"] in ("fp16", "bf16"):
            add("fp8", precision="fp8")
        add("gguf", {"quant": IMAGE_GGUF.upper()}, precision=IMAGE_GGUF)
        if values["resolution"] > SMALL_RES:
            add("resolution", {"px": SMALL_RES, "was": values["resolution"]}, resolution=SMALL_RES)
    elif kind == "image_train":
        if batch > 1:
            add("batch", {"n": batch}, batch=1)
        add("checkpointing", checkpointing=True)
        add("cache_text", cache_text=True)
        add("adamw8bit", optimizer="adamw8bit")
        if values["precision"] in ("fp16", "bf16"):
            add("fp8_base", precision="fp8")
        if values["resolution"] > SMALL_RES:
            add("resolution", {"px": SMALL_RES, "was": values["resolution"]}, resolution=SMALL_RES)
    elif kind == "llm_train":
        if batch > 1:
            add("batch", {"n": batch}, batch=1)
        add("checkpointing", checkpointing=True)
        add("adamw8bit", optimizer="adamw8bit")
        if values["seq"] > SHORT_SEQ and _total(model, kind, values, n) > memory_gb:
            add("seq", {"seq": f"{SHORT_SEQ:,}", "was": f"{values['seq']:,}"}, seq=SHORT_SEQ)
        if values["method"] == "full":
            add("lora", method="lora")
        if values["method"] == "lora":
            add("qlora", method="qlora")
    else:
        room = memory_gb * (VLLM_SHARE if tool == "vllm" else 1.0) / n  # vLLM takes 0.9 of the card by default
        if memory.max_context(model, values["quant"], room, n, batch=batch) <= 0 and values["quant"] in _HEAVIER:
            add("quant", {"quant": LIGHT_QUANT, "was": values["quant"]}, quant=LIGHT_QUANT)  # the weights alone too big
        longest = memory.max_context(model, values["quant"], room, n, batch=batch)
        if 0 < longest < values["context"]:
            add("context", {"ctx": f"{longest:,}", "was": f"{values['context']:,}"}, context=longest)
        add("kv8", kv_type="q8_0")
        if values["quant"] in _HEAVIER:
            add("quant", {"quant": LIGHT_QUANT, "was": values["quant"]}, quant=LIGHT_QUANT)
        longest = memory.max_context(model, values["quant"], room, n, batch=batch, kv_type="q8_0")
        if 0 < longest < values["context"]:
            add("context", {"ctx": f"{longest:,}", "was": f"{values['context']:,}"}, context=longest)
    return steps


def _until_fit(steps: list[Step], memory_gb: float) -> list[Step]:
    """Every setting up to and including the first that fits."""
    at = next((i for i, s in enumerate(steps) if s.gb <= memory_gb), None)
    return steps if at is None else steps[: at + 1]
