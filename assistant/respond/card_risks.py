"""The risks of buying one card that its form brings, for a deal or a question asking where the catch is
("拼多多上v100 sxm2转pcie 16g 五百块 这种能用吗 坑在哪").

Contract: `risk_notes(gpu, env)` gives (notes, source ids) in the answer's language:
- an SXM module (GpuSpec.server_module == "SXM") is no PCIe card: it needs an SXM-to-PCIe adapter board bought
  apart, power through that board's 8-pin plugs at the module's board power (KB tdp_w), a cooler and fan of its
  own (the adapter's fan is often loud), no NVLink on a single adapter, no display output; and, when CUDA no
  longer targets its architecture (vendor_practice.cuda_ended, not yet "gone"), that step;
- any other passively cooled card: the airflow it needs (verdict.passive_caveat);
- a unified-memory device (a Mac, the GB10, Strix Halo): its memory bandwidth against the RTX 3090's, since decode
  speed follows bandwidth (docs/model.md §llm.decode): much memory, read slowly;
- else nothing.
`added(answer, query, gpu, env)` puts them after a verdict's headline when the question asks the catches
(VerdictQuery.risks: lexicon [lists] risk_words), led by the used-card checks (locale deal.used_checks) when the
question names a used card (lexicon list used_asked) and no ex-mining one; for a card modified after sale
(variants.is_modified: the 4090 48 GB, the 2080 Ti 22 GB) its variant note (no vendor warranty, drivers and
firmware may not know it) leads.
The facts come from the sources cited (knowledge/sources/hardware.csv ids below), the numbers from the KB.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond import variants, vendor_practice
from assistant.respond.env import Env
from assistant.specs import GpuSpec

# a build log of a V100 SXM2 on an adapter in a desktop (adapter bought apart, its loud fan, the legacy driver
# branch) and an adapter board's README (8-pin power, PCIe x16, no NVLink)
SXM_SOURCES = ("hw-tymscar-v100-sxm2-2026", "hw-liuxinyu-sxm2-adapter-2026")
REFERENCE = "GeForce RTX 3090"  # the reference card the answers' speeds are relative to


def risk_notes(gpu: GpuSpec, env: Env) -> tuple[list[str], list[str]]:
    if gpu.server_module == "SXM":
        watts = f"{gpu.tdp_w:,}" if gpu.tdp_w else "?"
        notes, sources = [env.t("deal.risk_sxm", gpu=gpu.short_name, watts=watts)], env.cite(*SXM_SOURCES)
        ended, state, ended_sources = vendor_practice.cuda_ended(gpu, env)
        if ended and state != "gone":  # "gone" leads the deal answer already
            notes.append(ended)
            sources += [s for s in ended_sources if s not in sources]
        return notes, sources
    notes, sources = [], []
    if gpu.passively_cooled:
        notes.append(env.t("verdict.passive_caveat", gpu=gpu.short_name))
    reference = env.reader.gpu(REFERENCE)
    if gpu.unified_memory and gpu.memory_bandwidth_gb_s and reference and reference.memory_bandwidth_gb_s:
        # "dgx spark vs 2x3090, what's the catch": a big unified memory read slowly, a model that fits decodes slowly
        ref_bw = reference.memory_bandwidth_gb_s
        notes.append(
            env.t(
                "deal.risk_unified",
                gpu=gpu.short_name,
                mem=f"{gpu.memory_gb or 0:g}",
                bw=f"{gpu.memory_bandwidth_gb_s:,.0f}",
                ref=reference.short_name,
                ref_bw=f"{ref_bw:,.0f}",
                share=f"{gpu.memory_bandwidth_gb_s / ref_bw:.0%}",
            )
        )
    ended, state, ended_sources = vendor_practice.cuda_ended(gpu, env)
    if ended and state != "gone":  # "why not just buy a P40": CUDA 13 dropped Pascal, said with the catches
        notes.append(ended)
        sources += ended_sources
    return notes, sources


def _used_named(text: str, env: Env) -> bool:
    """A used card is named (lexicon list used_asked) and no ex-mining one (whose checks the verdict says already)."""
    from assistant.nlu.lexicon import lexicon
    from assistant.respond.mining import mining_notes

    lowered = f"{(text or '').lower()} "
    return lexicon(env.lang).words_in("used_asked", lowered) and not mining_notes(text or "", env)[0]


def added(answer: Answer, query, gpu: GpuSpec, env: Env) -> Answer:
    """A verdict without an offer ("p40有啥坑", "v100 sxm2转接板有啥坑") whose question asks the catches: the notes
    after its headline (those it says already are not repeated)."""
    if not getattr(query, "risks", False) or answer.clarification:
        return answer
    notes, cited = risk_notes(gpu, env)
    if _used_named(query.text, env):  # "is a used 3090 safe to buy": what to check on any used card, first
        answer.headline = i18n.gap(env.lang).join([env.t("mining.yes_if") + env.t("deal.used_checks"), answer.headline])
    if variants.is_modified(gpu.name):  # "4090 48g魔改卡驱动会掉": no vendor warranty, drivers may not know it
        modded, more = variants.variant_notes([gpu], env)
        notes, cited = [*modded[:1], *notes], [*more[:1], *cited]
    notes = [n for n in notes if n not in answer.headline]
    if notes and gpu.server_module == "SXM":  # the module's note says its cooling: the general airflow one goes
        answer.headline = answer.headline.replace(env.t("verdict.passive_caveat", gpu=gpu.short_name), "")
    if notes and variants.is_modified(gpu.name):  # the modification is the catch asked: it leads, said once
        answer.headline = i18n.gap(env.lang).join([*notes, answer.headline])
        answer.steps = [s for s in answer.steps if s not in notes]
    elif notes:
        answer.headline = i18n.gap(env.lang).join([answer.headline, *notes])
    answer.sources = list(dict.fromkeys([*answer.sources, *cited]))
    return answer
