"""Concept leads about number formats: what a GGUF format is, what it costs in quality, what it saves in memory.

Contract: each builder takes (ExplainQuery, Env) and returns a `Lead` (respond/concept_lead.py) or None.
- quant_quality: per number format named, the perplexity llama.cpp's table adds (GGUF formats) or the finding of the
  Red Hat study (FP8, INT8, INT4 weights) (knowledge/quant_quality.toml).
- formats: two-part questions about formats ("what does q4_k_m mean and how is it different from q4_0",
  "q4和q8效果差多少 显存能省多少"): what each GGUF format named is (its family in knowledge/quant_quality.toml
  [format]: legacy blocks, k-quant super-blocks, a k-quant mix), its quality figure, and the weights' memory at each
  format (one format named: against 16-bit) for the model named, else an example model said to be one (§mem.weights).
"""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import memory
from assistant.query_talk import ExplainQuery
from assistant.respond.concept_lead import Lead, named_or_example, says_word
from assistant.respond.env import Env

SMALL_PCT = 2.0  # perplexity added under this share of the 16-bit model's: a small quality gap [A]
SOME_PCT = 5.0  # under this: noticeable on hard tasks; above: large [A]
FORMAT_MODEL = "llama-3-8b"  # the example model whose weights show a format's memory when none is named [A]


def _quality_table() -> dict:
    from assistant import paths
    from assistant.kb.files import read_toml

    return read_toml(paths.knowledge_dir() / "quant_quality.toml")


def quant_quality(query: ExplainQuery, env: Env) -> Lead | None:
    table = _quality_table()
    ppl, study = table["perplexity"], table["study"]
    parts, ids, with_ppl = [], [], False
    said: set[str] = set()  # the GGUF formats whose figure is given ("int4" run locally and "q4_k_m" are one)
    for p in query.precisions:
        if p in ("fp16", "bf16"):
            parts.append(env.t("explain.quality_reference", p=p.upper()))
            continue
        if p in study["finding"]:
            parts.append(env.t(f"explain.quality_{study['finding'][p]}", p=p.upper()))
            ids.append(study["source"])
        gguf = p if p in ppl["added"] else ppl["like"].get(p)  # "4bit" run locally is usually Q4_K_M
        if gguf in ppl["added"] and gguf not in said and gguf not in query.precisions[: query.precisions.index(p)]:
            said.add(gguf)
            added = ppl["added"][gguf]
            share = f"{100 * added / ppl['base']:.2f}"
            parts.append(env.t("explain.quality_ppl", p=gguf.upper(), added=f"{added:.4f}", share=share))
            ids += [ppl["source"], ppl["base_source"]]
            with_ppl = True
    if not ids:
        return None  # no format with a published figure named: the concept's text has them all
    key = "explain.quality_lead_ppl" if with_ppl else "explain.quality_lead"
    text = env.t(key, items=i18n.listing(env.lang).join(parts), base=f"{ppl['base']:.2f}")
    figures = {"precisions": list(query.precisions)}
    return Lead(_gap_verdict(query, ppl, env) + text, figures, env.cite(*dict.fromkeys(ids)))


def _gap_verdict(query: ExplainQuery, ppl: dict, env: Env) -> str:
    """ "q4和q8差距大吗", "is q4 much worse than q8": how big the quality gap is, said first, from the largest
    perplexity share the GGUF formats named add (under SMALL_PCT small, under SOME_PCT noticeable, else large);
    "" when no gap is asked or no named format has a figure."""
    from assistant.nlu.lexicon import lexicon

    if not says_word(query.text, lexicon(env.lang).listed("quality_gap_asked")):
        return ""
    shares = {}
    for p in query.precisions:
        gguf = p if p in ppl["added"] else ppl["like"].get(p)
        if gguf in ppl["added"]:
            shares[gguf] = max(100 * ppl["added"][gguf] / ppl["base"], 0.0)
    if not shares:
        return ""
    worst = max(shares, key=lambda f: shares[f])
    size = "small" if shares[worst] < SMALL_PCT else "some" if shares[worst] < SOME_PCT else "large"
    said = env.t(f"explain.quality_gap_{size}", p=worst.upper(), share=f"{shares[worst]:.1f}")
    model = env.reader.model(query.model.key) if query.model and query.model.key else None
    if model is not None:  # "on qwen3 235b-a22b": the figures are another model's, said with the verdict
        said += " " + env.t("explain.quality_gap_model", model=model.name)
    return said + i18n.gap(env.lang)


_GPU_FORMATS = ("awq", "gptq")  # 4-bit GPU formats a GGUF one is asked against (locale explain.format_note_<f>)


def _gguf(p: str, table: dict) -> str | None:
    """The GGUF format a precision key stands for ("int4" run locally is Q4_K_M), None for a non-GGUF format."""
    like = table["perplexity"]["like"].get(p, p)
    return like if like in table["format"]["kind"] else None


def _described(formats: list[str], table: dict, env: Env) -> str:
    kinds = table["format"]["kind"]
    parts = []
    for f in formats:
        kind = kinds[f]
        base = f.rsplit("_", 1)[0].upper() if kind == "k_mix" else f.upper()
        bpw = f"{memory.bits_per_weight(f):.2f}".rstrip("0").rstrip(".")
        parts.append(env.t(f"explain.format_{kind}", p=f.upper(), base=base, bpw=bpw))
    return i18n.gap(env.lang).join(parts)


def _memory_line(formats: list[str], query: ExplainQuery, env: Env) -> tuple[str, list[str]]:
    model, note = named_or_example(query, env, FORMAT_MODEL)
    if model is None or len(formats) < 2:
        return "", []
    sizes = sorted(((memory.weights_gb(model, f), f) for f in formats), reverse=True)
    (big, big_f), (small, small_f) = sizes[0], sizes[-1]
    if big <= 0:
        return "", []
    items = i18n.listing(env.lang).join(env.t("explain.format_size", p=f.upper(), gb=f"{gb:.1f}") for gb, f in sizes)
    text = env.t(
        "explain.format_memory",
        model=model.name,
        items=items,
        small=small_f.upper(),
        big=big_f.upper(),
        saved=f"{100 * (1 - small / big):.0f}",
    )
    return text + (i18n.gap(env.lang) + note if note else ""), env.cite(model.source, "docs/model.md §mem.weights")


def formats(query: ExplainQuery, env: Env) -> Lead | None:
    from assistant.nlu.lexicon import lexicon

    table = _quality_table()
    named = list(dict.fromkeys(g for g in (_gguf(p, table) for p in query.precisions) if g))
    literal = [p for p in dict.fromkeys(query.precisions) if p in table["format"]["kind"]]  # "q4_k_m", not "4bit"
    if not named or (query.concept == "quant-formats" and not literal):
        return None  # "awq vs gptq vs gguf": the formats concept answers, not Q4_K_M's figures
    parts: list[str] = []
    sources: list[str] = []
    quality = quant_quality(query, env)
    gap = quality is not None and bool(_gap_verdict(query, table["perplexity"], env))
    if gap and quality is not None:  # "q4和q8差距大吗": how big the gap is comes first, then what the formats are
        parts.append(quality.text)
        sources += quality.sources
    if query.concept != "quant-quality" and literal:  # "what does q4_k_m mean, how is it different from q4_0"
        parts.append(_described(literal, table, env))
        sources += env.cite(table["format"]["source"], table["format"]["kquant_source"])
    if quality is not None and not gap:
        parts.append(quality.text)
        sources += quality.sources
    gpu_format = next((f for f in _GPU_FORMATS if re.search(rf"(?<![a-z]){f}(?![a-z])", query.text.lower())), "")
    if gpu_format and named:  # "q4_k_m和awq有啥区别": what the GPU format is beside the GGUF one
        note = env.t(f"explain.format_note_{gpu_format}")
        parts.append(env.t("explain.format_gpu_family", fmt=gpu_format.upper(), note=note))
        sources += env.cite("concept-quant-formats")
    asked_memory = says_word(query.text, lexicon(env.lang).listed("memory_asked_words")) or "省" in query.text
    sized = named if len(named) >= 2 else ["fp16", *named] if asked_memory else []  # "4bit能省多少显存": vs 16-bit
    if asked_memory and sized and "fp16" not in sized and {"fp16", "bf16"} & set(query.precisions):
        sized = ["fp16", *sized]  # "q4_k_m vs q8_0 vs fp16 ... how much vram does each need": the 16-bit one too
    if sized and (asked_memory or query.concept != "quant-quality"):
        line, cited = _memory_line(sized, query, env)
        if line:
            parts.append(line)
            sources += cited
    if not parts:
        return None
    figures = {"precisions": list(query.precisions), "formats": named}
    return Lead(i18n.gap(env.lang).join(parts), figures, list(dict.fromkeys(sources)))
