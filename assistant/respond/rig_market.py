"""A build priced for the Chinese market and the cards US export rules keep out of mainland China.

Contract: `kept_out(name)` is True for a card sold in mainland China only through unofficial channels (knowledge/
market_variants.csv: it has China-market versions, or its versions were banned too; knowledge/export_controls.csv).
`unofficial(name)`: kept out, or modified after sale (2080 Ti 22 GB: no vendor warranty either).
`official_only(query, env)`: an organization's build or ranking in yuan ("课题组预算10万", "公司采购")
holds no such card: a lab or company buys with an invoice and a domestic warranty (国行保修), which a
grey-market card does not have.
`notes(query, env, choice, unfiltered)` -> (headline addition, steps, source ids): for an organization, the card the
build would have used without that rule and why it is left out (a card the question names is never left out); for any
other build in yuan that uses such a card,
the China versions sold instead and the channel of the price (respond/variants.variant_notes).
"""

from __future__ import annotations

from assistant.respond import variants
from assistant.respond.env import Env


def kept_out(name: str) -> bool:
    return bool(
        variants.china_versions(name) or variants.banned_china_versions(name) or variants.export_controlled(name)
    )


def unofficial(name: str) -> bool:
    """Sold in mainland China through unofficial channels only, or modified after sale (no vendor warranty)."""
    return kept_out(name) or variants.is_modified(name)


def official_only(query, env: Env) -> bool:
    return bool(getattr(query, "organization", False)) and env.price_market() == "CN"


def notes(query, env: Env, choice, unfiltered) -> tuple[str, list[str], list[str]]:
    left_out = unfiltered is not None and unfiltered.gpu.name != choice.gpu.name and unofficial(unfiltered.gpu.name)
    if official_only(query, env) and left_out:
        steps, sources = variants.variant_notes([unfiltered.gpu], env)
        head = env.t("rig.org_official", left_out=unfiltered.label, pick=choice.gpu.short_name)
        return head, steps[:1], sources
    if env.price_market() == "CN" and kept_out(choice.gpu.name):
        steps, sources = variants.variant_notes([choice.gpu], env)
        return "", steps[:2], sources
    return "", [], []
