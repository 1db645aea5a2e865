"""Does it fit / how fast: "will llama 3 70b fit on two 3090s?", "tokens/s of mixtral on a 4090",
"how much vram for a 13b model", "12GB显存够跑Transformer吗".

`read` claims a question naming a model or a parameter count (not asking for a recommendation);
`memory_only` claims a memory size asked to fit a workload, with no GPU or model named.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.queries import FitQuery, Query


def read(r: Reading) -> Query | None:
    b, refs = r.b, r.refs
    if not (r.model or b.has("PARAMS")) or b.has("RECOMMEND"):
        return None
    return FitQuery(
        text=r.text,
        model=r.model,
        gpus=tuple(refs),
        gpu_count=r.total_count(),
        precision=r.precision,
        context_tokens=r.num("CONTEXT"),
        mode=r.mode(),
        want_speed=b.has("SPEED") or (b.has("FASTER") and not b.has("THAN")),
        params_b=r.num("PARAMS"),
        memory_gb=r.num("MEMORY") if not refs else None,
        workload=r.workload,
    )


def memory_only(r: Reading) -> Query | None:
    b = r.b
    if r.refs or not b.has("MEMORY") or not b.has("FIT") or b.has("RECOMMEND", "GPU_WORD") or not r.workload:
        return None
    return FitQuery(
        text=r.text,
        model=None,
        memory_gb=r.num("MEMORY"),
        workload=r.workload,
        mode=r.mode(),
        precision=r.precision,
        context_tokens=r.num("CONTEXT"),
    )
