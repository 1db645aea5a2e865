"""A card cut to a narrow PCIe link, said as its catch: "矿卡cmp 170hx跑大模型能用吗" (PCIe 1.0 x4).

Contract: `caveat(gpu, env)` returns one sentence when the card's host link (models/hardware.pcie_gb_s: the KB bus
interface, lanes x per-lane rate x copy efficiency) is below constants.NARROW_LINK_GB_S: the link, its rate, the time
to fill the card's memory once at that rate, and that work crossing the link while it runs (layers offloaded to system
RAM, a model split over cards) is bound by it (docs/model.md §llm.link); "" otherwise (an unknown link too). Pure.
"""

from __future__ import annotations

from assistant.models import constants as C
from assistant.models import hardware
from assistant.respond.env import Env
from assistant.specs import GpuSpec


def caveat(gpu: GpuSpec, env: Env) -> str:
    """The narrow link of the card as its catch (see the module contract)."""
    rate = hardware.pcie_gb_s(gpu)
    if rate <= 0 or rate >= C.NARROW_LINK_GB_S or not gpu.memory_gb:
        return ""
    return env.t(
        "verdict.narrow_link",
        gpu=gpu.short_name,
        link=gpu.bus_interface,
        rate=f"{rate:.1f}",
        mem=f"{gpu.memory_gb:g}",
        secs=f"{gpu.memory_gb / rate:.0f}",
    )
