"""A recommendation for a card of a given form ("low profile card for my nas for jellyfin + a small llm", "single slot
gpu for an itx build", "半高刀卡推荐"): RecommendQuery.form, read by intents/recommend.py.

Contract: `respond(query, env)` answers a RecommendQuery whose form is set; None otherwise.
- single_slot: only cards whose board is single-slot in the specifications (GpuSpec.slot_width, TechPowerUp) are
  ranked (RecommendQuery.among), the form said first; passively cooled ones are named as such by the ranking.
- sff: only cards at most SFF_SLOTS slots thick and SFF_LENGTH_MM long in the specifications (sff_card), said first
  with what to check (the case's clearance; partner boards are often longer and thicker than the reference).
- low_profile: the specifications hold no card heights, so the class is the one low-profile boards belong to: a card
  the slot powers alone (75 W, PCIe CEM; the NLU caps max_power_w), said first with what to check when buying; a
  passively cooled pick (Tesla T4, L4, A2) is said to need a server's airflow, which a NAS or small case lacks.
`figures`: form, and the recommendation's own.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import RecommendQuery
from assistant.respond.env import Env

SFF_LENGTH_MM = 305  # [A] the longest card most small-form-factor (ITX) cases take; the case's own spec decides
SFF_SLOTS = 2  # [A] at most dual-slot: the usual ITX case's expansion slots


def sff_card(gpu) -> bool:
    """A card for a small-form-factor case: at most SFF_SLOTS slots thick and SFF_LENGTH_MM long in its specification
    (TechPowerUp's reference board; partner boards differ), fan-cooled, a desktop card."""
    width = (gpu.slot_width or "").lower()
    thin = width.startswith("single") or width.startswith("dual")
    short = gpu.board_length_mm is not None and gpu.board_length_mm <= SFF_LENGTH_MM
    return thin and short and not gpu.is_mobile and not gpu.passively_cooled


def respond(query, env: Env) -> Answer | None:
    if not isinstance(query, RecommendQuery) or not query.form or query.add_to:
        return None
    from assistant.respond import recommend

    if query.form == "single_slot":
        single = tuple(g.name for g in env.reader.all_gpus() if (g.slot_width or "").startswith("Single"))
        asked = dataclasses.replace(query, among=single, among_label=env.t("form.single_slot_label"), form="")
        answer = recommend.respond(asked, env)
        lead = env.t("form.single_slot")
    elif query.form == "sff":
        short = tuple(g.name for g in env.reader.all_gpus() if sff_card(g))
        asked = dataclasses.replace(query, among=short, among_label=env.t("form.sff_label"), form="")
        answer = recommend.respond(asked, env)
        lead = env.t("form.sff", slots=SFF_SLOTS, mm=SFF_LENGTH_MM)
    else:
        answer = recommend.respond(dataclasses.replace(query, form=""), env)
        lead = env.t("form.low_profile")
    pick = env.reader.gpu(answer.choice) if answer.choice else None
    if pick is not None and pick.passively_cooled:
        lead += i18n.gap(env.lang) + env.t("form.passive_pick", gpu=pick.short_name)
    figures = dict(answer.figures) | {"form": query.form}
    return dataclasses.replace(answer, headline=lead + i18n.gap(env.lang) + answer.headline, figures=figures)
