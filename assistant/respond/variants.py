"""China-market and modified GPU versions (knowledge/market_variants.csv): what an answer about
one of them must add that its spec sheet does not say.

Contract: `market_variant(name)` gives the row for a GPU name (or None); `variant_notes(gpus, env)`
gives (notes, source ids) in the answer's language: for a China-market card, which card it is a
version of, under which US export rules, and what was cut (from the KB specs of both cards, or
from the row's numbers when the spec sheets do not show it); for a modified card, the memory
change and the caveats (no vendor warranty, driver/firmware risk, seller risk), leading the answer when the question
asks whether the card can be trusted (`risk_lead`); in an answer
priced for the Chinese market, for a card the rules keep out of China (RTX 5090, RTX 4090, H100),
the China versions sold instead with their yuan prices; for renting a card no cloud rents, the
cheapest rented card with at least its memory (`rented_with_memory`); for any card, its shortage / scalper quotes,
shown with their date and left out of every price figure (pricing.shortage_notes), and an older quote of the
answer's own market set aside for a newer converted one (pricing.stale_home_notes).
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n, paths
from assistant.respond.env import Env
from assistant.respond.offers import of_provider
from assistant.respond.pricing import price_of, shortage_notes, stale_home_notes, variant_siblings
from assistant.specs import GpuSpec


@cache
def _rows() -> dict[str, dict]:
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "market_variants.csv"
    required = ["gpu", "base", "kind", "rule", "cut", "value", "base_value", "source"]
    return {row["gpu"]: row for _, row in read_csv(path, required)} if path.exists() else {}


def withdrawn(name: str, market: str | None) -> dict | None:
    """The row of knowledge/withdrawn.csv for `name` in `market` ("CN" or None for the US): a card no longer supplied
    there, with the card that replaced it; None if it is still sold."""
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "withdrawn.csv"
    required = ["gpu", "market", "halted", "replaced_by", "since", "source", "replaced_source"]
    rows = read_csv(path, required) if path.exists() else []
    return next((row for _, row in rows if row["gpu"] == name and row["market"] == (market or "US")), None)


def _withdrawn_note(row: dict, gpu: GpuSpec, env: Env) -> str:
    if not row["replaced_by"]:  # "H20": production stopped, nothing sold in its place
        return env.t("variant.halted", gpu=gpu.short_name, halted=row["halted"])
    new = env.reader.gpu(row["replaced_by"])
    return env.t(
        "variant.withdrawn",
        gpu=gpu.short_name,
        halted=row["halted"],
        new=new.short_name if new else row["replaced_by"],
        since=row["since"],
    )


def export_controlled(name: str) -> dict | None:
    """The row of knowledge/export_controls.csv for `name`: a card US export rules keep out of mainland China that
    has no China-market version (B200), else None."""
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "export_controls.csv"
    rows = {row["gpu"]: row for _, row in read_csv(path, ["gpu", "rule", "source"])} if path.exists() else {}
    return rows.get(name)


def market_rows() -> dict[str, dict]:
    """Every row of knowledge/market_variants.csv by GPU name."""
    return _rows()


def market_variant(name: str) -> dict | None:
    """The knowledge/market_variants.csv row of a China-market or modified card (None for any other card).
    Which sibling a mention names ("the ti" after a 4070) is Engine.variant_of, the one variant resolver."""
    return _rows().get(name)


def china_only(name: str) -> bool:
    """A China-market version (the RTX 5090 D, the H20): sold in China only, so never a rival in a dollar answer."""
    return (market_variant(name) or {}).get("kind") == "china"


def is_modified(name: str) -> bool:
    """A card modified after sale (the 2080 Ti 22 GB: more memory soldered on, no vendor warranty), not one sold as
    made; the one test recommendations and verdicts use to point at a stock card."""
    return (market_variant(name) or {}).get("kind") == "modified"


def _pct_less(value: float, base: float) -> str:
    return f"{(1 - value / base) * 100:.0f}" if base else "?"


def _cut(row: dict, gpu: GpuSpec, base: GpuSpec | None, env: Env) -> str:
    cut = row["cut"]
    values = {"value": row["value"], "base_value": row["base_value"], "base": base.short_name if base else row["base"]}
    if row["value"] and row["base_value"]:
        values["pct"] = _pct_less(float(row["value"]), float(row["base_value"]))
    if cut == "sm" and base is not None:
        values |= {"value": gpu.sms, "base_value": base.sms, "pct": _pct_less(gpu.sms or 0, base.sms or 0)}
    return env.t(f"variant.cut_{cut}", **values)


def china_versions(base: str) -> list[dict]:
    """The China-market versions of `base` made for the newest export rules in the file (the ones sold
    in China now: RTX 5090 D and 5090 D V2 for the RTX 5090, H20 for the H100; none for the A100,
    whose A800 the October 2023 rules banned too)."""
    china = [r for r in _rows().values() if r["kind"] == "china"]
    newest = max((r["rule"] for r in china), default="")
    return [r for r in china if r["base"] == base and r["rule"] == newest]


def banned_china_versions(base: str) -> list[dict]:
    """The China-market versions of `base` made for older export rules than the newest in the file, which the
    newer rules banned too (A800 for the A100: made for 2022-10, banned by 2023-10)."""
    china = [r for r in _rows().values() if r["kind"] == "china"]
    newest = max((r["rule"] for r in china), default="")
    return [r for r in china if r["base"] == base and r["rule"] < newest]


def _banned_old_note(g: GpuSpec, older: list[dict], env: Env) -> str:
    names = [v.short_name if (v := env.reader.gpu(r["gpu"])) else r["gpu"] for r in older]
    return env.t(
        "variant.banned_old",
        gpu=g.short_name,
        rule=min(r["rule"] for r in older),
        versions=i18n.listing(env.lang).join(dict.fromkeys(names)),
        newest=superseded_rule(older[0]["gpu"]),
    )


def superseded_rule(name: str) -> str | None:
    """For a China-market version made for older export rules than the newest (A800, H800): the newest rules'
    month, under which it is banned too; None for any other card."""
    row = _rows().get(name)
    china = [r["rule"] for r in _rows().values() if r["kind"] == "china"]
    newest = max(china, default="")
    return newest if row and row["kind"] == "china" and row["rule"] < newest else None


def kept_memory(query, gpu: GpuSpec) -> float:
    """The memory a stand-in version of `gpu` must keep: the card's own when the query's mention of it said its size
    ("a100 80g"), else none (a bare "a100" is any A100: AutoDL's A100 PCIe 40 GB is one)."""
    refs = [r for r in query.gpus if r.name]
    ref = next((r for r in refs if r.name == gpu.name), refs[0] if refs else None)
    sized = ref is not None and re.search(r"\d\s*g", (ref.mention or "").lower()) is not None
    return (gpu.memory_gb or 0.0) if sized else 0.0


def rated_variant_kept(query, gpu: GpuSpec, env: Env, provider: str | None) -> GpuSpec | None:
    """The version of `gpu` a cloud rents instead: one keeping the memory the query said (`kept_memory`: the A800 80 GB
    for "a100 80g" at Tencent), else any version (a bare "a100": AutoDL's A100 PCIe 40 GB)."""
    return rated_variant(gpu.name, env, provider, kept_memory(query, gpu)) or rated_variant(gpu.name, env, provider)


def rated_variant(gpu: str, env: Env, provider: str | None = None, min_memory_gb: float = 0.0) -> GpuSpec | None:
    """The nearest other version of `gpu` with a cloud rate (at `provider`, a provider key, when given)
    and at least `min_memory_gb` of memory: another form factor or memory size of the same product first
    (A800 SXM4 -> A800 PCIe 80 GB), else the card a China-market version was made from or the China
    versions of a card (RTX 5090 D -> RTX 5090; A800 PCIe 80 GB for an A100 80 GB at AutoDL; H800 before the
    compute-cut H20 for an H100). Answers name
    it and say it is another product, never show its rate as `gpu`'s."""
    rates = env.reader.cloud_rates()
    names = {
        r.gpu for r in (of_provider(provider, rates) if provider else rates) if _memory(r.gpu, env) >= min_memory_gb
    }
    found = variant_siblings(gpu, names, env)
    if not found:
        row = market_variant(gpu)
        related = ([row["base"]] if row and row["kind"] == "china" else []) + [r["gpu"] for r in china_versions(gpu)]
        related += china_family(env.reader.known_gpu(gpu))  # renting: banned versions still rent (A800 for A100)
        # a version with its compute cut (the H20 for an H100) after those with only their links cut (H800): the
        # stand-in should do the work of the card asked
        found = sorted(dict.fromkeys(n for n in related if n in names), key=compute_cut)
    return env.reader.known_gpu(found[0]) if found else None


def china_family(gpu: GpuSpec) -> list[str]:
    """Every China-market version of `gpu` or of another form of its product, whatever rules it was made for
    (A800 PCIe 80 GB and the other A800s for any A100; H800s and the H20 for any H100): what clouds in China rent."""
    family = gpu.short_name.split()[0]
    return [
        name
        for name, row in _rows().items()
        if row["kind"] == "china" and (row["base"] == gpu.name or row["base"].split()[0] == family)
    ]


def home_versions(gpu: GpuSpec, env: Env, market: str, memory_gb: float = 0.0) -> list[tuple]:
    """(version, its cheapest home-market offer) for each other form of `gpu` and each China-market version
    that clouds of the home market rent, those with at least `memory_gb` first (the A800 PCIe 80 GB before
    the A100 PCIe 40 GB for "a100 80g"); then other forms before China versions, a version with its
    compute cut (the H20 for an H100) after those with their links cut (H800), cheapest first."""
    home_names = {r.gpu for r in env.reader.cloud_rates() if r.currency == market}
    forms = variant_siblings(gpu.name, home_names, env)  # "A100 SXM4 80 GB": AutoDL rents the A100 PCIe 40 GB
    china = china_family(gpu)
    offers = []
    for name in [*forms, *(n for n in china if n not in forms)]:
        home = [r for r in env.reader.cloud_rates(name) if r.currency == market]
        version = env.reader.gpu(name)
        if home and version:
            offers.append((version, min(home, key=lambda r: r.on_demand_usd_per_gpu_hour), name in forms))
    return sorted(
        offers,
        key=lambda o: (
            (o[0].memory_gb or 0) < memory_gb,
            not o[2],
            compute_cut(o[0].name),
            o[1].on_demand_usd_per_gpu_hour,
        ),
    )


def compute_cut(name: str) -> bool:
    """A China-market version made by cutting the compute (the H20 of the H100), not only the links (the H800)."""
    row = _rows().get(name)
    return bool(row and row["cut"] == "compute")


def _note(row: dict, g: GpuSpec, env: Env) -> str:
    base = env.reader.gpu(row["base"])
    base_name = base.short_name if base else row["base"]
    cut = _cut(row, g, base, env)
    if row["kind"] != "china":
        note = env.t("variant.modified", gpu=g.short_name, base=base_name, cut=cut)
        lacks = _arch_caveat(g, env)
        return i18n.gap(env.lang).join((note, lacks)) if lacks else note
    year, month = row["rule"].split("-")
    return env.t("variant.china", gpu=g.short_name, base=base_name, year=year, month=str(int(month)), cut=cut)


def variant_note(row: dict, g: GpuSpec, env: Env) -> str:
    """The note of a China-market or modified version (which card it is a version of, and what differs)."""
    return _note(row, g, env)


def _arch_caveat(g: GpuSpec, env: Env) -> str:
    """A modified card on an older chip (the 2080 Ti 22 GB is Turing): what its architecture lacks for training as
    done today, from the KB: BF16 tensor math (knowledge/architectures.toml) and the FlashAttention version tools
    use by default (knowledge/software_support.csv); "" when it lacks neither."""
    from assistant.respond.software import releases, runs

    missing = []
    if g.arch and g.arch.tensor_generation and not g.arch.bf16:
        missing.append(env.t("variant.lacks_bf16"))
    current = [r for r in releases("flash_attention") if r.current and r.vendor == g.vendor]
    if current and not any(runs(g, r) for r in current):
        missing.append(env.t("variant.lacks_fa", version=current[0].version))
    if not missing or g.arch is None:
        return ""
    return env.t("variant.old_arch", gpu=g.short_name, arch=g.arch.family, missing=i18n.listing(env.lang).join(missing))


def _versions_note(g: GpuSpec, named: set[str], env: Env) -> tuple[list[str], list[str]]:
    """For a card export rules keep out of China, in an answer priced for the Chinese market: which
    versions Chinese buyers get instead, with their yuan price, and what each one cuts."""
    versions: list[tuple[dict, GpuSpec]] = []
    for r in china_versions(g.name):
        v = env.reader.gpu(r["gpu"])
        if v is not None:
            versions.append((r, v))
    if not versions:
        return [], []
    shown = []
    for _, v in versions:
        p = price_of(v.name, env, "new")
        shown.append(
            env.t("variant.version_price", gpu=v.short_name, money=env.money(p.usd), observed=p.observed)
            if p
            else v.short_name
        )
    notes = [env.t("variant.china_only", gpu=g.short_name, versions=i18n.listing(env.lang).join(shown))]
    own = price_of(g.name, env, "new")
    if own is not None and "CN" in own.markets:  # a Chinese shop's price for the card itself: say which channel
        basis = price_of(g.name, env)  # the price the answer weighs: with another (the average), no second price
        same = basis is not None and round(basis.usd, 2) == round(own.usd, 2)
        notes.append(
            env.t("variant.grey_market", gpu=g.short_name, money=env.money(own.usd), observed=own.observed)
            if same
            else env.t("variant.grey_market_new", gpu=g.short_name)
        )
    notes += [_note(r, v, env) for r, v in versions if v.name not in named]
    return notes, [r["source"] for r, _ in versions]


def risk_lead(g: GpuSpec, text: str, env: Env) -> str:
    """For a modified card asked whether it can be trusted ("魔改2080ti 22g靠谱吗", "is a 48gb 4090 risky";
    lexicon reliability_words): its note (no vendor warranty, driver and seller risk), to lead the answer; else ""."""
    row = market_variant(g.name)
    if row is None or row["kind"] != "modified":
        return ""
    from assistant.nlu.lexicon import lexicon

    words = [*lexicon(env.lang).listed("reliability_words"), *lexicon(env.lang).listed("trust_words")]
    return _note(row, g, env) if any(w in text.lower() for w in words) else ""


def difference_note(gpus: list[GpuSpec], env: Env) -> str:
    """The note of the first GPU that is another's China-market or modified version ("" if none)."""
    for g in gpus:
        row = market_variant(g.name)
        if row is not None:
            return _note(row, g, env)
    return ""


def variant_notes(gpus: list[GpuSpec], env: Env) -> tuple[list[str], list[str]]:
    notes, sources = [], []
    named = {g.name for g in gpus}
    for g in gpus:
        row = market_variant(g.name)
        if row is None:
            if env.price_market() == "CN":  # an answer for the Chinese market: name what is sold there
                more, cited = _versions_note(g, named, env)
                if not more and (older := banned_china_versions(g.name)):  # "a100 40g 现在多少钱": banned, and its A800
                    more, cited = [_banned_old_note(g, older, env)], [r["source"] for r in older]
                notes += more
                sources += cited
            continue
        notes.append(_note(row, g, env))
        sources.append(row["source"])
    for g in gpus:
        row = withdrawn(g.name, env.price_market())
        if row is not None:  # "5090d值得加钱吗": its list price is no street price any more
            notes.append(_withdrawn_note(row, g, env))
            sources += [row["source"], *([row["replaced_source"]] if row["replaced_source"] else [])]
        for more, cited in (shortage_notes(g.name, env), stale_home_notes(g.name, env)):
            notes += more
            sources += cited
    return notes, sources


def _memory(name: str, env: Env) -> float:
    spec = env.reader.gpu(name)
    return spec.memory_gb if spec and spec.memory_gb else 0.0


def rented_with_memory(gpu: str, env: Env, market: str | None = None) -> GpuSpec | None:
    """For the rent side when no cloud rents `gpu` or a version of it with as much memory: the card with
    at least `gpu`'s memory whose on-demand rate is lowest, among the clouds of `market` (a currency; the
    answer's by default) when any rents one (a 32 GB V100 asked in yuan: a 32 GB card on a Chinese cloud,
    never a 16 GB sibling), of `gpu`'s maker when any of its cards is rented so."""
    need = _memory(gpu, env)
    rates = [r for r in env.reader.cloud_rates() if r.gpu != gpu and _memory(r.gpu, env) >= need]
    home = [r for r in rates if r.currency == (market or env.currency)] or rates
    maker = env.reader.known_gpu(gpu).vendor
    home = [r for r in home if env.reader.known_gpu(r.gpu).vendor == maker] or home  # a GH200: an NVIDIA card
    best = min(home, key=lambda r: r.on_demand_usd_per_gpu_hour, default=None)
    return env.reader.known_gpu(best.gpu) if best else None
