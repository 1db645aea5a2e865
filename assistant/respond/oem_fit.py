"""A card put into a prebuilt / OEM machine the user names ("will a 3090 ti work in my old dell optiplex 7050 (stock
psu), i was gonna get a 6pin to 16pin adapter", "can i put a 4070 in my hp pavilion with a 400w psu", "戴尔optiplex
7050能装3060吗"): the answer is plain, from the card's power and the kind of machine.

Contract: `respond(query, gpu, env)` for a VerdictQuery(kind="install") whose `oem_said` names the machine (lexicon
[lists] oem_office_words: business desktops such as OptiPlex, ProDesk, EliteDesk, ThinkCentre; oem_home_words: home
prebuilts such as Pavilion, Inspiron, Aspire). A card the x16 slot powers alone (board power <= SLOT_W, no external
plug) fits the power: yes, with the size to check (office small-form-factor models take low-profile cards only). Any
other card: an office machine -> no, as it is: its PSU is small and proprietary, has no PCIe power lead, and a standard
ATX PSU does not drop in (sources oem-*); a 6-pin lead or adapter carries 75 W at most (PCIe CEM); what works instead
(the slot-powered cards the KB holds with the most memory, `_slot_cards`, or a desktop with an ATX PSU). A home
prebuilt -> its PSU weighed as the rig answer weighs one (a stated PSU, rig_power.stated_psu), its PCIe leads to check.
figures["verdict"] = {answer, kind: install, gpu, oem}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import VerdictQuery
from assistant.respond.env import Env
from assistant.respond.psu_plugs import PCIE_8PIN_W, SLOT_W, plugs_line
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

SIX_PIN_W = 75  # a 6-pin PCIe plug carries up to 75 W (PCIe CEM)
OEM_SOURCES = ("oem-pcdied-optiplex-psu", "oem-visualfoodie-optiplex-psu", "hw-techspot-pcie-power")


def office(said: str, lang: str) -> bool:
    """Whether the machine named is a business desktop (lexicon oem_office_words)."""
    return bool(lexicon(lang).words_in("oem_office_words", f" {said.lower()} "))


def respond(query: VerdictQuery, gpu: GpuSpec, env: Env) -> Answer:
    said = query.oem_said or ""
    tdp = float(gpu.tdp_w or 0)
    plugs = (gpu.power_connectors or "").lower()
    slot_only = 0 < tdp <= SLOT_W and plugs in ("", "none")
    values = {"gpu": gpu.short_name, "oem": said, "tdp": f"{tdp:,.0f}", "slot": SLOT_W, "six": SIX_PIN_W}
    steps: list[str] = []
    if slot_only:
        head, verdict = env.t("oem.slot_yes", **values), "yes"
        if gpu.passively_cooled:  # "a t4 in my optiplex": the power is fine, its cooling is not a desktop's
            steps.append(env.t("verdict.passive_caveat", gpu=gpu.short_name))
    elif office(said, env.lang):
        head, verdict = env.t("oem.office_no", **values), "no"
        if any(w in query.text.lower() for w in ("adapter", "转接", "6pin", "6-pin", "6 pin")):
            steps.append(env.t("oem.adapter", needed=f"{tdp - SLOT_W:,.0f}", **values))
    else:
        head, verdict = env.t("oem.home_check", **values), "check"
        stated = next((s.value for s in query.stated if s.dim == "watts" and s.whole == "psu"), None)
        stated = stated or next((s.value for s in query.stated if s.dim == "watts" and (s.value or 0) >= 250), None)
        if stated:
            from assistant.respond.builds import build, stated_psu

            weighed = stated_psu([f"{stated:.0f}"], build(gpu, 1, 0.0, 1.0), env, query.cpu_said)
            head = i18n.gap(env.lang).join(p for p in (weighed, head) if p)  # the PSU said answers first
    if verdict == "check":  # a home prebuilt's PSU may have the leads: which ones the card takes
        line = plugs_line(gpu, 1, env)
        steps += [line] if line else []
    if not slot_only:
        cards = _slot_cards(env)
        steps.append(env.t("oem.instead", cards=cards, **values) if cards else env.t("oem.instead_none", **values))
    steps.append(env.t("oem.size", **values))
    return Answer(
        question=query.text,
        intent="verdict",
        headline=head,
        steps=steps,
        figures={"verdict": {"answer": verdict, "kind": "install", "gpu": gpu.name, "oem": said}},
        sources=[spec_source(gpu, env), *env.cite(*OEM_SOURCES)],
        gpus=[gpu.name],
        lang=env.lang,
        assumptions={"pcie_8pin_w": PCIE_8PIN_W, "slot_w": SLOT_W},
    )


SHOWN = 4


def _slot_cards(env: Env) -> str:
    """The fan-cooled desktop PCIe cards the slot powers alone (board power <= SLOT_W, no power plug) with the most
    memory, newest first among equals: "RTX A2000 12 GB (12 GB, 70 W)"; "" when the KB holds none."""
    found = [
        g
        for g in env.reader.all_gpus()
        if 0 < (g.tdp_w or 0) <= SLOT_W
        and (g.power_connectors or "").lower() in ("", "none")
        and (g.memory_gb or 0) >= 4
        and not g.is_mobile
        and not g.unified_memory
        and not g.passively_cooled
        and "pcie" in (g.bus_interface or "").lower()
        and (g.slot_width or "").upper() not in ("IGP", "SOC")
    ]
    found.sort(key=lambda g: (-(g.memory_gb or 0), -(g.release_date.toordinal() if g.release_date else 0)))
    return i18n.sep(env.lang).join(
        env.t("oem.card", gpu=g.short_name, mem=f"{g.memory_gb:g}", w=f"{g.tdp_w:,}") for g in found[:SHOWN]
    )
