"""Paper specs of an accelerator the KB leaves out on purpose ("摩尔线程mtt s4000能跑llama吗 性能相当于啥n卡"): the
clarification that says it is not estimated gains what a public source gives for it and the NVIDIA card closest on
paper.

Contract: `paper_specs(mention, env)` gives (text, source ids) for a mention that names a row of
knowledge/uncovered_devices.csv (its aliases, spaces ignored), else ("", []). The text states memory, memory type,
bandwidth and FP32 compute with the source, and the NVIDIA desktop or data-center card in the KB with at least as
much memory whose bandwidth is nearest (a paper comparison, said to be one: speed depends on the software stack,
and no speed is estimated).
"""

from __future__ import annotations

from assistant import i18n, paths
from assistant.respond.env import Env


def _rows() -> list[dict]:
    from assistant.kb.files import read_csv

    path = paths.knowledge_dir() / "uncovered_devices.csv"
    required = ["device", "aliases", "vendor", "stack", "memory_gb", "bandwidth_gbs", "source"]
    return [row for _, row in read_csv(path, required)] if path.exists() else []


def device_row(mention: str) -> dict | None:
    squashed = "".join(mention.lower().split())
    for row in _rows():
        if any(a and a in squashed for a in row["aliases"].split(";")):
            return row
    return None


def paper_specs(mention: str, env: Env) -> tuple[str, list[str]]:
    row = device_row(mention)
    if row is None:
        return "", []
    memory, bandwidth = float(row["memory_gb"]), float(row["bandwidth_gbs"])
    near = _nearest_nvidia(memory, bandwidth, env)
    text = env.t(
        "uncovered.specs",
        device=row["device"],
        gb=f"{memory:g}",
        mtype=row.get("memory_type") or "",
        bw=f"{bandwidth:,.0f}",
        tflops=row.get("fp32_tflops") or "?",
    )
    if near is not None:
        text += i18n.gap(env.lang) + env.t(
            "uncovered.near",
            gpu=near.short_name,
            gb=f"{near.memory_gb:g}",
            bw=f"{near.memory_bandwidth_gb_s:,.0f}",
            stack=row["stack"],
        )
    return text, env.cite(row["source"])


def _nearest_nvidia(memory: float, bandwidth: float, env: Env):
    cards = [
        g
        for g in env.reader.all_gpus()
        if (g.vendor or "") == "NVIDIA"
        and not g.is_mobile
        and not g.server_module
        and (g.memory_gb or 0) >= memory
        and g.memory_bandwidth_gb_s
    ]
    if not cards:
        return None
    return min(cards, key=lambda g: (abs((g.memory_bandwidth_gb_s or 0) - bandwidth), g.memory_gb or 0))
