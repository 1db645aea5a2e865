"""The power plugs a card takes from the power supply, said beside a PSU answer ("my psu is a 750w gold, is that ok for
two p40s", "what psu do i need for a 3090"): an owned PSU must have the leads, not only the watts.

Contract: `plugs_line(gpu, n, env)` -> one sentence for n of the card: a board taking an 8-pin CPU (EPS-12V) plug (the
KB's power_connectors say "EPS": Tesla P40, P100 PCIe) needs an EPS adapter per card fed from PCIe leads; any other
board with external power needs about ceil((board power - SLOT_W) / PCIE_8PIN_W) 8-pin PCIe leads' worth per card (PCIe
CEM: the x16 slot gives 75 W, an 8-pin PCIe plug 150 W), its reference plug said (a 12-pin or 16-pin takes an adapter
from that many 8-pin leads); "" for a card powered by the slot alone or with no power data. `SOURCES`: the source ids.
"""

from __future__ import annotations

import math
import re

from assistant.specs import GpuSpec

SLOT_W = 75  # a PCIe x16 slot supplies up to 75 W (PCIe CEM)
PCIE_8PIN_W = 150  # an 8-pin PCIe power plug is rated 150 W (PCIe CEM)
SOURCES = ("hw-techspot-pcie-power", "hw-exxact-eps-pcie")


def plugs_line(gpu: GpuSpec, n: int, env) -> str:
    plugs = (gpu.power_connectors or "").strip()
    tdp = float(gpu.tdp_w or 0)
    if not tdp or tdp <= SLOT_W or plugs.lower() in ("", "none"):
        return ""
    if "eps" in plugs.lower():
        return env.t("plugs.eps", gpu=gpu.short_name, n=n, total=2 * n)  # the adapter takes two PCIe leads
    leads = math.ceil((tdp - SLOT_W) / PCIE_8PIN_W)
    key = "plugs.native" if re.search(r"(?<!\d)[68]-pin", plugs) else "plugs.adapter"  # not "16-pin"
    return env.t(key, gpu=gpu.short_name, tdp=f"{tdp:,.0f}", plugs=plugs, each=leads, total=leads * n, n=n)
