"""Paper specs of an accelerator the KB leaves out on purpose ("摩尔线程mtt s4000能跑llama吗 性能相当于啥n卡"): the
clarification that says it is not estimated gains what a public source gives for it and the NVIDIA card closest on
paper.

Contract: `clarified(clar, env)` gives (message, source ids) for the clarification of a question about uncovered
devices alone (its extras: mention, mentions, field): unless a spec field was asked, the sourced software facts of the
vendors named (respond/domestic_stack.py, leading with the verdict) and the paper specs of each device named; a field
asked, or no vendor known, keeps the "not covered" sentence with the paper specs a source gives, else the message as
it was. `paper_specs(mention, env)` gives (text, source ids) for a mention that names a row of
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


def domestic(mention: str) -> bool:
    """A domestic Chinese accelerator (the default), not one from abroad (domestic_stacks.toml `domestic = false`:
    Intel Gaudi, Google TPU, AWS Trainium / Inferentia)."""
    from assistant.respond import domestic_stack

    row = domestic_stack.stack_of(mention)
    return row is None or bool(row.get("domestic", True))


def paper_specs(mention: str, env: Env) -> tuple[str, list[str]]:
    row = device_row(mention)
    if row is None:
        return "", []
    memory, bandwidth = float(row["memory_gb"]), float(row["bandwidth_gbs"])
    near = _nearest_nvidia(memory, bandwidth, env)
    tflops = row.get("fp32_tflops") or ""
    text = env.t(
        "uncovered.specs" if tflops else "uncovered.specs_no_fp32",
        device=row["device"],
        gb=f"{memory:g}",
        mtype=row.get("memory_type") or "",
        bw=f"{bandwidth:,.0f}",
        tflops=tflops,
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


def against(query, env: Env, answer) -> list[str]:
    """ "摩尔线程s4000 48g 能替代a100做推理吗": the uncovered device's paper memory and bandwidth set against the one
    GPU the question names (the row's source added to `answer`), with the bandwidth ratio as the ceiling of
    single-user generation speed (decode reads the weights once per token: knowledge/concepts.toml
    memory-bandwidth), said to be paper figures; otherwise, for a domestic device beside another question
    ("昇腾910b能跑qwen2.5 72b吗"), what the sources say of its vendor's software (respond/domestic_stack.py, no lead),
    else []."""
    named = [g.name for g in getattr(query, "gpus", ()) if g.name]
    rows = [row for m in getattr(query, "unrecognized", ()) if (row := device_row(m)) is not None]
    if len(named) != 1 or not rows:
        return _software(query, env, answer)
    gpu = env.gpu(named[0])
    row = rows[0]
    if gpu is None or not gpu.memory_bandwidth_gb_s:
        return []
    bandwidth = float(row["bandwidth_gbs"])
    text = [
        env.t(
            "nlu.uncovered_against",
            device=row["device"],
            gb=f"{float(row['memory_gb']):g}",
            bw=f"{bandwidth:,.0f}",
            gpu=gpu.short_name,
            gpu_gb=f"{gpu.memory_gb or 0:g}",
            gpu_bw=f"{gpu.memory_bandwidth_gb_s:,.0f}",
            pct=f"{bandwidth / gpu.memory_bandwidth_gb_s * 100:.0f}",
            stack=row["stack"],
        )
    ]
    answer.sources = list(dict.fromkeys([*answer.sources, *env.cite(row["source"])]))
    return text


def clarified(clar, env: Env) -> tuple[str, list[str]]:
    from assistant.respond import domestic_stack

    mention = str(clar.extras.get("mention", ""))
    mentions = tuple(clar.extras.get("mentions") or (mention,))
    field = bool(clar.extras.get("field"))
    specs: list[str] = []
    cited: list[str] = []
    for m in mentions:
        text, ids = paper_specs(m, env)
        if text and text not in specs:
            specs.append(text)
            cited += [i for i in ids if i not in cited]
    stack, stack_cited = ("", []) if field else domestic_stack.answer(mentions, env)
    if stack:
        return i18n.gap(env.lang).join([stack, *specs]), list(dict.fromkeys([*stack_cited, *cited]))
    if specs:
        base = env.t("nlu.uncovered_device_specs" + ("" if domestic(mention) else "_foreign"), mention=mention)
        return i18n.gap(env.lang).join([base, *specs]), cited
    return clar.message, []


def _software(query, env: Env, answer) -> list[str]:
    from assistant.nlu.messages import is_uncovered
    from assistant.respond import domestic_stack

    mentions = tuple(m for m in getattr(query, "unrecognized", ()) if is_uncovered(m, env.lang))
    text, cited = domestic_stack.answer(mentions, env, field_asked=True) if mentions else ("", [])
    if not text:
        return []
    answer.sources = list(dict.fromkeys([*answer.sources, *cited]))
    return [text]
