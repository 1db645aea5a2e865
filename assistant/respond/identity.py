"""What a card IS, first, when the question asks it ("is the 4090D real", "rtx pro 6000 ... who is this even for",
"4090d是什么 是真的吗"), before its spec sheet.

Contract: `lead(text, gpus, env)` returns "" unless the question asks what one card is (lexicon [lists]
identity_asked, both languages) and names exactly one; else one sentence from the knowledge base: a China-market or
modified version says which card it is a version of and what differs (respond/variants), any other card its maker's
line (GeForce / workstation / datacenter / Apple / AMD / Intel, from its spec row), architecture, release year,
memory and power, and what that line is made for; "is it real" questions get the yes first. Pure.
"""

from __future__ import annotations

from assistant.nlu.lexicon import lexicon
from assistant.respond.env import Env
from assistant.specs import GpuSpec

_WORKSTATION = ("RTX PRO", "RTX A", "Quadro", "Ada Generation", "Blackwell Generation")


def _low(text: str) -> str:
    """The question spaced for the word lists; "real time" is a frame rate, not "is it real"."""
    low = f" {' '.join(text.lower().replace('?', ' ').replace(',', ' ').split())} "
    return low.replace(" real time", " realtime").replace(" real-time", " realtime")


def asked(text: str, lang: str) -> bool:
    return lexicon(lang).words_in("identity_asked", _low(text))


def lead(text: str, gpus: list[GpuSpec], env: Env) -> str:
    if len(gpus) != 1 or not asked(text, env.lang):
        return ""
    from assistant.respond.variants import market_variant, variant_note

    gpu = gpus[0]
    low = _low(text)
    real = env.t("identity.real") if lexicon(env.lang).words_in("identity_real", low) else ""
    row = market_variant(gpu.name)
    if real and row is not None and row.get("kind") != "china":
        real = env.t("identity.real_mod")  # "is a 3080 20gb a real card": it exists, as a modification
    if row is not None:
        return _after(real, variant_note(row, gpu, env), env)
    line = _line(gpu)
    year = str(gpu.release_date.year) if gpu.release_date else "?"
    arch = (gpu.architecture or "").split(" (")[0] or "?"
    said = env.t(
        f"identity.{line}",
        gpu=gpu.short_name,
        arch=arch,
        year=year,
        mem=f"{gpu.memory_gb:g}" if gpu.memory_gb else "?",
        mem_type=gpu.memory_type or "",
        watts=gpu.tdp_w or "?",
    )
    return _after(real, said, env)


def _after(real: str, said: str, env: Env) -> str:
    """The yes of an "is it real" question, then the sentence."""
    if not real:
        return said
    return real + said


def _line(gpu: GpuSpec) -> str:
    """The maker's line the card belongs to, from its spec row."""
    if gpu.vendor == "Apple":
        return "apple"
    if gpu.vendor == "AMD":
        return "amd_datacenter" if gpu.passively_cooled else "amd"
    if gpu.vendor == "Intel":
        return "intel"
    if gpu.passively_cooled or gpu.server_module:
        return "datacenter"
    if any(w in gpu.name for w in _WORKSTATION) or "workstation" in (gpu.generation or "").lower():
        return "workstation"
    return "geforce"
