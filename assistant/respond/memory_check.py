"""A memory size said of one card and asked yes or no ("does the 4060 have 16gb", "does the max-q still have the full
96gb", "5080有24g吗"): the answer to that first.

Contract: `lead(query, gpus, env)` is "Yes: the X has N GB (type)." when the card's memory is the size said (within
half a GB), "No: the X has M GB (type), not N GB." otherwise, "The X has M GB (type)." when sizes are offered as
choices; "" unless the question is a yes / no one (SpecQuery.asked_figure "yes_no") about one card with its memory
known, memory sizes said as what it has ("have 16gb", "有24g") and no figure other than memory or work asked.
"""

from __future__ import annotations

import re

from assistant.queries import SpecQuery
from assistant.respond.env import Env

_SLACK_GB = 0.5  # "16gb" is a card listed at 15.9 GB too [A]
# the size said as what the card has ("does the 4060 have 16gb", "still have the full 96gb", "5080有24g吗", "是16g的吗")
_HAS = re.compile(
    r"\b(?:have|has|got|come with|comes with|ship with|ships with)\s+(?:the\s+)?(?:full\s+)?\d|[有是]\s*\d"
)


def lead(query: SpecQuery, gpus: list, env: Env) -> str:
    sizes = [s.value for s in query.stated if s.dim == "gb"]
    asked = set(query.fields) - {"memory", "all"}
    if query.asked_figure != "yes_no" or not sizes or len(gpus) != 1 or asked:
        return ""
    if query.workload or not _HAS.search(query.text.lower()):
        return ""  # "can i use my 3070 for training ... or is 8gb too little": whether it is enough, not what it has
    gpu = gpus[0]
    if not gpu.memory_gb:
        return ""
    kind = f" {gpu.memory_type}" if gpu.memory_type else ""
    said, has = f"{sizes[0]:g}", f"{gpu.memory_gb:g}"
    if len(sizes) > 1:  # "does the 5070 ti come with 16gb or 12gb": the one it has
        return env.t("memory_check.which", gpu=gpu.short_name, gb=has, kind=kind)
    key = "memory_check.yes" if abs(gpu.memory_gb - sizes[0]) <= _SLACK_GB else "memory_check.no"
    return env.t(key, gpu=gpu.short_name, gb=has, kind=kind, said=said)
