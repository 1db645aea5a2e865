"""Concept lead for an NVIDIA architecture named by its code name ("does cuda still support pascal",
"安培架构还能用几年", "is turing still ok for training", "ampere vs ada for llms").

Contract: `architecture(query, env)` returns a `Lead` (respond/concept_lead.py) for a query with `architectures`, else
None. Per family, from the knowledge base: whether current CUDA targets it (respond/vendor_practice.CUDA_ENDED, with
its sources), its first cards and year (the GPUs whose KB architecture starts with the family), and what it has for
training (BF16, FP8, FP4 from knowledge/architectures.toml rates; FlashAttention-2 from software_support.csv). Asked
how long ([lists] arch_years_words): the span after which CUDA 13.0 dropped Maxwell, Pascal and Volta, applied to the
family's first year, said to be an estimate. Asked about training: what its missing formats mean. Pure.
"""

from __future__ import annotations

from assistant import i18n
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import Lead, says_word
from assistant.respond.env import Env
from assistant.respond.vendor_practice import CUDA_ENDED

CUDA_NOW = "13.0"  # the newest major CUDA release in the sources (sw-cuda13-arch-drop, August 2025)
CUDA_NOW_YEAR = 2025
DROPPED_NOW = ("Maxwell", "Pascal", "Volta")  # what CUDA 13.0 dropped (CUDA_ENDED, sw-cuda13-arch-drop)
EXAMPLES = 2  # cards named per family


def _cards(family: str, env: Env) -> list:
    """The family's NVIDIA GPUs with a release date, desktop and datacenter boards first."""
    cards = [
        g
        for g in env.reader.all_gpus()
        if g.vendor == "NVIDIA" and (g.architecture or "").startswith(family) and g.release_date
    ]
    return sorted(cards, key=lambda g: (g.is_mobile, -(g.memory_gb or 0), g.name))


def _examples(cards: list, env: Env) -> str:
    """One GeForce (the flagship: most power, then the shortest name: a stock board before a modded one) and one other
    board (most memory) of the family, cards with a price first ("RTX 3090, A100 PCIe 80 GB")."""
    priced = {q.gpu for q in env.reader.prices(env.assumptions.snapshot)}
    pool = [g for g in cards if g.name in priced and not g.is_mobile] or cards
    flagship = sorted(pool, key=lambda g: (-(g.tdp_w or 0), len(g.name), g.name))  # "RTX 4090" before "RTX 4090 48 GB"
    geforce = [g for g in flagship if (g.generation or "").startswith("GeForce")]
    other = [g for g in pool if not (g.generation or "").startswith("GeForce")]
    picked = [*geforce[:1], *other[:1]] or pool[:EXAMPLES]
    return ", ".join(g.short_name for g in picked[:EXAMPLES])


def _first_year(cards: list) -> int | None:
    years = [g.release_date.year for g in cards if g.release_date]
    return min(years) if years else None


def _has(cards: list, rate: str) -> bool:
    return any(g.arch is not None and getattr(g.arch, rate, 0) > 0 for g in cards)


def _flash2(cards: list, env: Env) -> str:
    """ "yes" when FlashAttention-2's README lists the family, "later" when the family came out after it, else "no"."""
    from assistant.respond import software

    second = [r for r in software.releases("flash_attention") if r.number == 2 and r.vendor == "NVIDIA"]
    if any(software.runs(g, r) for g in cards for r in second):
        return "yes"
    return "later" if any(software.came_later(g, r, env) for g in cards for r in second) else "no"


def _feature_words(family: str, cards: list, env: Env) -> dict:
    def word(ok: bool) -> str:
        return env.t("explain.arch_yes" if ok else "explain.arch_no")

    return dict(
        family=family,
        bf16=word(_has(cards, "bf16")),
        fa2=env.t(f"explain.arch_{_flash2(cards, env)}"),
        fp8=word(_has(cards, "fp8_acc32")),
        fp4=word(_has(cards, "fp4")),
    )


def _state(family: str) -> tuple[str, str, str]:
    """(state, CUDA release that dropped it or "", source id): "gone" / "ageing" as CUDA_ENDED says, else "current"."""
    ended = next((v for k, v in CUDA_ENDED.items() if family.startswith(k)), None)
    if ended is None:
        return "current", "", "sw-cuda13-arch-drop"
    release, state, source = ended
    return state, release, source


def _support(family: str, cards: list, env: Env) -> str:
    state, release, _ = _state(family)
    values = dict(family=family, cards=_examples(cards, env), year=_first_year(cards) or "?", now=CUDA_NOW)
    if state == "current":
        return env.t("explain.arch_current", dropped=i18n.listing(env.lang).join(DROPPED_NOW), **values)
    return env.t(f"explain.arch_{state}", release=release, **values)


def _row(family: str, cards: list, env: Env) -> str:
    """One family in a comparison: first year, example cards, CUDA state and formats."""
    state, release, _ = _state(family)
    status = env.t(f"explain.arch_row_{state}", release=release, now=CUDA_NOW)
    values = _feature_words(family, cards, env) | dict(year=_first_year(cards) or "?", cards=_examples(cards, env))
    return env.t("explain.arch_row", status=status, **values)


def _years(family: str, cards: list, env: Env) -> str:
    """The span from the first cards of the families CUDA 13.0 dropped to its release, applied to `family`."""
    spans = []
    for old in DROPPED_NOW:
        year = _first_year(_cards(old, env))
        if year:
            spans.append((old, CUDA_NOW_YEAR - year))
    first = _first_year(cards)
    if not spans or first is None:
        return ""
    lo, hi = min(s for _, s in spans), max(s for _, s in spans)
    listed = i18n.listing(env.lang).join(env.t("explain.arch_span", family=f, years=s) for f, s in spans)
    return env.t(
        "explain.arch_years", lo=lo, hi=hi, spans=listed, family=family, year=first, y1=first + lo, y2=first + hi
    )


def _training(family: str, cards: list, env: Env) -> str:
    if _has(cards, "bf16"):
        return env.t("explain.arch_training_ok", family=family)
    if not _has(cards, "fp16_acc32"):
        return env.t("explain.arch_training_no_tensor", family=family)
    return env.t("explain.arch_training_fp16", family=family)


def architecture(query: ExplainQuery, env: Env) -> Lead | None:
    named = [env.reader.known_gpu(g.name) for g in query.gpus if g.name] if not query.architectures else []
    archs = query.architectures or tuple(g.architecture for g in named if g is not None and g.architecture)
    if not archs:  # "4090能用几年": the card's own architecture when no family is named
        return None
    from assistant.nlu.lexicon import lexicon

    lex = lexicon(env.lang)
    families = [(f, _cards(f, env)) for f in archs]
    families = [(f, c) for f, c in families if c]
    if not families:
        return None
    sources = [_state(f)[2] for f, _ in families] + ["sw-flash-attention-2-readme"]
    figures: dict = {"architectures": [f for f, _ in families]}
    if len(families) > 1:  # "ampere vs ada for llms": a row each, then what decides for LLMs
        parts = [_row(f, c, env) for f, c in families] + [env.t("explain.arch_compare")]
        return Lead(i18n.gap(env.lang).join(parts), figures, env.cite(*dict.fromkeys(sources)))
    family, cards = families[0]
    support, features = (
        _support(family, cards, env),
        env.t("explain.arch_features", **_feature_words(family, cards, env)),
    )
    parts = [features, support] if says_word(query.text, lex.listed("arch_feature_words")) else [support, features]
    if says_word(query.text, lex.listed("arch_years_words")):  # "how long": the years, or that support already ended
        figures["support_years"] = _state(family)[0]
        if _state(family)[0] == "current":
            parts.append(_years(family, cards, env))
    if query.workload in ("training", "llm_finetune"):
        parts.append(_training(family, cards, env))
    return Lead(i18n.gap(env.lang).join(p for p in parts if p), figures, env.cite(*dict.fromkeys(sources)))


NEWEST_FAMILY = "Blackwell"  # sm_120 / sm_100: kernels only in builds on CUDA 12.8 or newer (concept-torch-sm120)


def unseen(query: ExplainQuery, env: Env) -> Lead | None:
    """ "torch.cuda.is_available() False on my 4090": with a card named, whether current PyTorch builds have kernels
    for its architecture (dropped ones need an older build, Blackwell a CUDA 12.8+ build); otherwise the install."""
    named = [g.name for g in query.gpus if g.name]
    if query.asked != "gpu_unseen" or not named:
        return None
    gpu = env.gpu(named[0])
    if gpu.vendor != "NVIDIA":
        return None
    family = gpu.architecture or "?"
    state, release, source = _state(family)
    if state != "current":
        key, cited = "explain.unseen_dropped", [source]
    elif family.startswith(NEWEST_FAMILY):
        key, cited = "explain.unseen_newest", ["concept-torch-sm120"]
    else:
        key, cited = "explain.unseen_install", ["concept-torch-win-cpu-wheels", "concept-torch-cpu-only-false"]
    text = env.t(key, gpu=gpu.short_name, family=family, release=release or CUDA_NOW)
    return Lead(text, {"gpu": gpu.name, "architecture": family}, env.cite(*cited))
