"""Leads of the set-up concepts (intents/setup_cues): the named cards' own numbers before the concept's text.

Contract: each lead takes (ExplainQuery, Env) and returns a Lead, or None when the question names no GPU to fill it
with (the concept's text then answers alone). Pure.
- `room_heat` (home-noise-heat): the cards' sustained draw (count x board power + the CPU's class watts + the rest
  of the system, knowledge/rigs.toml [power]) at the wall, all of it heat in the room, in W and BTU/h; noise asked
  (lexicon setup_noise_words) leads with the cooler's noise (a blower said, else open-air fans: the concept's sources).
- `spikes` (psu-transients): the same sustained draw, the ATX 3.x PSU it wants (x the [power] margin) and, by the
  ratio of Intel's example (a 300 W GPU + 300 W CPU: 750 W ATX 3.0 against about 1,100 W ATX 2.x,
  concept-psu-excursion-intel), the older-design PSU; the user's PSU is weighed against both.
- `sxm_card` (sxm-adapter): a named SXM card's catches (respond/card_risks), with its board power.
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models.platforms import platform_for
from assistant.nlu.lexicon import lexicon
from assistant.query_talk import ExplainQuery
from assistant.respond.builds import power
from assistant.respond.concept_lead import Lead, says_word
from assistant.respond.cpus import cpu_power
from assistant.respond.env import Env

BTU_PER_W = 3.412  # 1 W = 3.412 BTU/h (unit conversion)
DESKTOP_CPU_W = 150.0  # a mainstream desktop CPU under load when none is named (knowledge/rigs.toml platforms) [A]
ATX2_RATIO = 1100.0 / 750.0  # Intel's example: 1,100 W ATX 2.x for what a 750 W ATX 3.0 unit carries
INTEL_SOURCE = "concept-psu-excursion-intel"


def _draw(query: ExplainQuery, env: Env):
    """(gpu, count, CPU watts, sustained load at the PSU in W) of the first GPU named; None without one."""
    named = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(named[0]) if named else None
    if gpu is None or not gpu.tdp_w:
        return None
    n = max(next(g.count for g in query.gpus if g.name), 1)  # "4 blower 3090s": the count on the card named
    # the CPU of the platform that carries n cards, as the PSU sizing counts it (builds.psu_sizing): one load per build
    cpu_w = cpu_power(query.cpu)[1] if query.cpu else float(platform_for(n).cpu_w) if n > 1 else DESKTOP_CPU_W
    load = n * gpu.tdp_w + cpu_w + float(power()["rest_w"])
    return gpu, n, cpu_w, load


def _label(gpu, n: int) -> str:
    return f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name


def room_heat(query: ExplainQuery, env: Env) -> Lead | None:
    found = _draw(query, env)
    if found is None:
        return None
    gpu, n, cpu_w, load = found
    wall = load / float(power()["efficiency"])
    text = env.t(
        "setup.room_heat",
        build=_label(gpu, n),
        tdp=f"{gpu.tdp_w:,}",
        cpu=f"{cpu_w:,.0f}",
        load=f"{load:,.0f}",
        wall=f"{wall:,.0f}",
        btu=f"{wall * BTU_PER_W:,.0f}",
    )
    figures = {"room_heat": {"gpu": gpu.name, "cards": n, "load_w": round(load), "wall_w": round(wall)}}
    listed = lexicon(env.lang).listed
    asked = query.text.replace("/", " ")  # "too loud/hot"
    if says_word(asked, listed("setup_noise_words")):  # "吵不吵", "how loud": the noise first, then the heat
        blower = says_word(asked, listed("setup_blower_words"))
        noise = env.t(
            "setup.room_noise_blower" if blower else "setup.room_noise_open", build=_label(gpu, n), tdp=f"{gpu.tdp_w:,}"
        )
        text = i18n.gap(env.lang).join([noise, text])
        figures["room_heat"]["noise"] = "blower" if blower else "open-air"
    return Lead(text, figures, env.cite(power()["psu_source"]))


def spikes(query: ExplainQuery, env: Env) -> Lead | None:
    found = _draw(query, env)
    if found is None:
        return None
    gpu, n, cpu_w, load = found
    margin = float(power()["psu_margin"])
    need3 = load * margin
    need2 = need3 * ATX2_RATIO
    values = {
        "build": _label(gpu, n),
        "tdp": f"{gpu.tdp_w:,}",
        "cpu": f"{cpu_w:,.0f}",
        "load": f"{load:,.0f}",
        "need3": f"{need3:,.0f}",
        "need2": f"{need2:,.0f}",
        "margin": f"{margin:g}",
    }
    psu = query.stated_w
    if not psu:
        key = "setup.spikes_need"
    elif psu >= need2:
        key = "setup.spikes_ok"
    elif psu >= need3:
        key = "setup.spikes_depends"
    elif psu >= load:  # it carries the load, short of the margin: close, never a bare "tight"
        key = "setup.spikes_near"
    else:
        key = "setup.spikes_short"
    text = env.t(key, psu=f"{psu or 0:,.0f}", **values)
    figures = {"spikes": {"gpu": gpu.name, "cards": n, "load_w": round(load), "atx3_w": round(need3)}}
    figures["spikes"]["atx2_w"] = round(need2)
    return Lead(text, figures, env.cite(INTEL_SOURCE, power()["psu_source"]))


def sxm_card(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.respond.card_risks import risk_notes

    named = [g.name for g in query.gpus if g.name]
    gpu = env.gpu(named[0]) if named else None
    if gpu is None or gpu.server_module != "SXM":
        return None
    notes, sources = risk_notes(gpu, env)
    return Lead(" ".join(notes), {"sxm": gpu.name}, sources) if notes else None


def runtime_pick(query: ExplainQuery, env: Env) -> Lead | None:
    """ "vllm or ollama for a home server with 3 users", "ollama vs vllm just for me": which runtime, by who uses it:
    several people at once -> vLLM (continuous batching); one user -> Ollama / llama.cpp (lexicon runtime_many_words,
    runtime_one_words); None when neither is said."""
    text = f" {query.text.lower()} "
    lex = lexicon(env.lang)
    if lex.words_in("runtime_many_words", text):
        key = "runtime.pick_many"
    elif lex.words_in("runtime_one_words", text):
        key = "runtime.pick_one"
    else:
        return None
    return Lead(env.t(key), {"runtime_pick": key.rsplit("_", 1)[-1]}, env.cite("concept-runtimes-2026"))


MIG_SLICES = 7  # the most MIG instances one A100 / H100 / H200 / B200 gives; each has about 1/8 of the memory [A]
_MIG_USE = re.compile(r"有啥用|有什么用|干嘛|用来|推理|跑模型|\bfor\b|\buse\b|\buseful\b|\bgood\b|\binference\b|\bserv")


def mig_use(query: ExplainQuery, env: Env) -> Lead | None:
    """ "A100切成7份跑推理有啥用", "what is mig good for with an h100": what one slice of the card named (about 1/8 of
    its memory) holds at 4-bit (fit_sizing.largest_llm), and what slicing is for; None without a MIG-capable card
    named or a use asked."""
    named = [env.gpu(g.name) for g in query.gpus if g.name]
    gpu = next((g for g in named if g is not None and g.memory_gb), None)
    if gpu is None or not _MIG_USE.search(query.text.lower()):
        return None
    from assistant.respond.fit_sizing import largest_llm

    slice_gb = (gpu.memory_gb or 0) / 8
    model = largest_llm(env, slice_gb)
    key = "explain.mig_use" if model else "explain.mig_use_none"
    text = env.t(key, gpu=gpu.short_name, n=MIG_SLICES, gb=f"{slice_gb:.0f}", model=model or "")
    return Lead(text, {"mig_slice_gb": round(slice_gb, 1), "mig_largest": model}, ["docs/model.md §mem.largest"])


_CARDS_SAID = re.compile(r"(\d+|[两二三四五六七八])\s*(?:x\s*)?(?:张|块|卡|gpus?\b|cards?\b|x\b)", re.IGNORECASE)
_ZH_DIGITS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8}


def tp_split(query: ExplainQuery, env: Env) -> Lead | None:
    """ "3张4090能开张量并行吗", "can i run vllm tensor parallel on 3 gpus": vLLM's tensor parallelism needs the
    model's attention heads to divide by the number of cards (vLLM ModelConfig check); the model named, else the usual
    example, and the card counts that work; None without a count of cards said."""
    from assistant.respond.concept_lead import GQA_MODEL, named_or_example

    found = _CARDS_SAID.search(query.text)
    if found is None:
        return None
    word = found.group(1)
    n = int(word) if word.isdigit() else _ZH_DIGITS.get(word, 0)
    model, note = named_or_example(query, env, GQA_MODEL)
    heads = int(model.attention_heads or 0) if model is not None else 0
    if n < 2 or heads < 1:
        return None
    sizes = [k for k in range(2, 9) if heads % k == 0]
    key = "explain.tp_ok" if heads % n == 0 else "explain.tp_no"
    most = max((k for k in sizes if k < n), default=1)
    text = env.t(key, model=model.name, heads=heads, n=n, sizes="/".join(map(str, sizes)), most=most)
    figures = {"tp_heads": heads, "tp_cards": n}
    return Lead(i18n.gap(env.lang).join(p for p in (text, note) if p), figures, env.cite("sw-vllm-tp-heads"))
