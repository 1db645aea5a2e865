"""Does a library run on a GPU: "does flash attention work on a 2080 ti", "fa2 on a v100?", "4090支持flash attention吗".

Contract: `SOFTWARE` lists the features answered here (knowledge/software_support.csv: per library version, the
vendor and the architecture families its maintainers list, with the source). `answer(query, gpu, env)` gives the
verdict: the version asked (its number in the question: "flash attention 2", "fa3") or, when none is, whether the
GPU's architecture family is listed for the version most tools use (`current`): yes; only an older version; or no,
with the cheapest priced GPUs that run it. Each version's families are steps; `figures.verdict` as every verdict
(answer yes | only_older | no | unknown, kind software, versions_ok, version_asked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from assistant import i18n, paths
from assistant.answer import Answer
from assistant.queries import VerdictQuery
from assistant.respond.env import Env
from assistant.respond.pricing import price_text, purchase_price
from assistant.respond.verdict_reply import verdict_answer
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

SOFTWARE = {"flash_attention": "FlashAttention"}
_VERSION = re.compile(r"(?:flash\s*-?_?\s*(?:attention|attn)|\bfa)\s*-?\s*v?([123])(?![\d.])", re.IGNORECASE)


@dataclass(frozen=True)
class Release:
    """A software release (e.g. FlashAttention 2) and the GPU families it supports."""

    version: str
    number: int  # 1 for "FlashAttention 1.x", 2 for "FlashAttention-2"
    vendor: str
    families: tuple[str, ...]
    current: bool  # the version tools use by default
    source: str


@cache
def releases(feature: str) -> tuple[Release, ...]:
    from assistant.kb.files import read_csv

    rows = read_csv(paths.knowledge_dir() / "software_support.csv", ["feature", "version", "vendor", "families"])
    return tuple(
        Release(
            version=row["version"],
            number=int(re.search(r"\d", row["version"]).group()),  # type: ignore[union-attr]
            vendor=row["vendor"],
            families=tuple(f.strip() for f in row["families"].split(";") if f.strip()),
            current=row.get("current", "") == "yes",
            source=row["source"],
        )
        for _, row in rows
        if row["feature"] == feature
    )


def runs(gpu: GpuSpec, release: Release) -> bool:
    family = gpu.arch.family if gpu.arch else ""
    return gpu.vendor == release.vendor and family in release.families


def came_later(gpu: GpuSpec, release: Release, env: Env) -> bool:
    """The GPU came out after the source that lists the release's families: not listed, but not ruled out."""
    src = env.reader.sources.get(release.source)
    released = gpu.release_date.isoformat()[:7] if gpu.release_date else ""
    return bool(src and src.date and released and released > src.date[:7] and gpu.vendor == release.vendor)


def asked_version(text: str) -> int | None:
    """ "flash attention 2", "fa3", "flashattention-2" -> 2 / 3; None when no version is named."""
    m = _VERSION.search(text)
    return int(m.group(1)) if m else None


def answer(query: VerdictQuery, gpu: GpuSpec, feature: str, env: Env, concept=None) -> Answer:
    name = SOFTWARE[feature]
    family = (gpu.arch.family if gpu.arch else "") or gpu.architecture or "?"
    mine = [r for r in releases(feature) if r.vendor == gpu.vendor]
    ok = [r for r in mine if runs(gpu, r)]
    number = asked_version(query.text)
    wanted = next((r for r in mine if r.number == number), None)
    current = next((r for r in mine if r.current), None)
    listed = lambda rs: i18n.join_names(env.lang, [r.version for r in rs])  # noqa: E731

    def about(key: str, release: Release, **more: str) -> str:
        """A sentence on one release against this GPU: its families and the GPU's."""
        return env.t(
            key, gpu=gpu.short_name, family=family, version=release.version, families=_fams(release, env), **more
        )

    unknown = wanted or current
    if unknown is not None and unknown not in ok and came_later(gpu, unknown, env):
        verdict = "unknown"  # "does fa2 work on a 5090": the list predates the card
        head = about("software.later", unknown, date=env.reader.sources[unknown.source].date)
        if ok:
            head += i18n.gap(env.lang) + env.t("software.older_runs", versions=listed(ok))
    elif not mine:  # Intel, Apple: the maintainers list no GPU of this vendor
        verdict, head = "no", env.t("software.vendor_none", gpu=gpu.short_name, name=name, vendor=gpu.vendor or "?")
    elif wanted is not None and wanted in ok:
        verdict, head = "yes", env.t("software.yes", gpu=gpu.short_name, family=family, versions=wanted.version)
    elif wanted is not None:
        verdict = "only_older" if ok else "no"
        head = about("software.version_no", wanted)
        if ok:
            head += i18n.gap(env.lang) + env.t("software.older_runs", versions=listed(ok))
    elif current is not None and current in ok:
        verdict, head = "yes", env.t("software.yes", gpu=gpu.short_name, family=family, versions=listed(ok))
    elif ok:
        verdict = "only_older"
        head = env.t("software.only", gpu=gpu.short_name, family=family, versions=listed(ok))
    else:
        verdict, head = "no", env.t("software.no", gpu=gpu.short_name, family=family, name=name)
    steps = [
        env.t("software.release", version=r.version, families=_fams(r, env), vendor=r.vendor)
        for r in (mine or releases(feature))
    ]
    alternatives: list[tuple] = []
    if verdict in ("no", "only_older"):
        target = wanted or current
        alternatives = _cheapest_with(target, env) if target is not None else []
        if alternatives:
            gpus = "; ".join(f"{g.short_name} ({price_text(p, env)})" for p, g in alternatives)
            steps.append(env.t("software.cheapest", version=target.version if target else name, gpus=gpus))
    if concept is not None:
        title = getattr(concept, f"title_{env.lang}", None) or concept.title
        text = " ".join((getattr(concept, f"text_{env.lang}", None) or concept.text).split())
        steps.insert(0, f"{title}{i18n.colon(env.lang)}{text}")
    figures = {
        "answer": verdict,
        "kind": "software",
        "feature": feature,
        "gpu": gpu.name,
        "family": family,
        "versions_ok": [r.version for r in ok],
        "version_asked": wanted.version if wanted else None,
        "alternatives": [g.name for _, g in alternatives],
    }
    cited = dict.fromkeys(r.source for r in releases(feature))
    return verdict_answer(
        query,
        env,
        gpu,
        head,
        figures,
        chosen_on=frozenset({"yes"}),
        steps=steps,
        sources=[spec_source(gpu, env), *env.cite(*cited, *([concept.source] if concept else []))],
    )


def _fams(release: Release, env: Env) -> str:
    return i18n.join_names(env.lang, list(release.families))


def _cheapest_with(release: Release, env: Env) -> list[tuple]:
    """The three cheapest priced desktop GPUs whose family the release lists."""
    names = sorted({q.gpu for q in env.reader.prices(env.assumptions.snapshot)})
    fit = [g for g in env.reader.gpus(names) if not g.is_mobile and runs(g, release)]
    priced = [(p, g) for g in fit if (p := purchase_price(g.name, env)) is not None]
    return sorted(priced, key=lambda x: x[0].usd)[:3]
