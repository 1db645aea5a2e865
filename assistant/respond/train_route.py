"""The way a fine-tuning job that does not fit the user's GPU(s) as asked is made to fit, for a time asked.

Contract: `fitting_route(case)` -> `Route | None`: the first change that makes the job fit, the least change
first: the asked method (then each lighter one) with a fused cross-entropy loss; on one GPU the asked method with
Unsloth's set-up (fused loss, checkpoints in CPU memory); the lightest method at a shorter
training sequence (1,024 or 512 tokens), plain then fused; the lightest method with its frozen weights in CPU
memory (FSDP CPU offload); an image fine-tune (DreamBooth): 8-bit AdamW (`_image_route`). None when nothing fits or
the case is not a fine-tune. The route's query is the
fit question with those changes, so `fit_speed.job_time` times it as any other job (docs/model.md §cost.run:
the FLOPs rule does not depend on the loss or the sequence length; CPU offload adds PCIe copies, so its time is
a floor).
"""

from __future__ import annotations

import dataclasses

from assistant.models import memory
from assistant.queries import FitQuery
from assistant.respond.env import Env
from assistant.respond.fit_rows import FitCase, estimate

SHORTER_SEQUENCES = (1024, 512)  # training sequences tried before offloading the weights [A]


@dataclasses.dataclass(frozen=True)
class Route:
    """A set-up that fits: the query to time, the method, the GB it needs (all cards) and what changed."""

    query: FitQuery
    mode: str
    need_gb: float
    changes: tuple[str, ...]  # fit.route_* keys: method, fused, seq, offload

    @property
    def offloaded(self) -> bool:
        return "offload" in self.changes

    def described(self, env: Env, case: FitCase) -> str:
        """ "QLoRA (4-bit base), a fused cross-entropy loss" in the answer's language."""
        method = dict((m, label) for label, m, _ in case.shown).get(self.mode, self.mode)
        seq = f"{self.query.context_tokens or 0:,}"
        said = [env.t(f"fit.route_{c}", method=method, seq=seq) for c in self.changes]
        return env.t("fit.route_join").join(said)


def fitting_route(case: FitCase) -> Route | None:
    """The least change that makes a fine-tune fit (see the module contract)."""
    query, model = case.query, case.model
    if model.kind == "image" and case.training and not case.ok:
        return _image_route(case)
    if model.kind != "llm" or not case.training or case.ok:
        return None
    asked_mode = case.shown[0][1]
    lightest = case.shown[-1][1]
    fused = (*query.setup, "fused_loss") if "fused_loss" not in query.setup else query.setup
    tries: list[tuple[FitQuery, str, tuple[str, ...]]] = []
    for _, mode, _ in case.shown:
        changed = ("method",) if mode != asked_mode else ()
        if fused != query.setup:
            tries.append((dataclasses.replace(query, setup=fused), mode, (*changed, "fused")))
    if case.n == 1 and "unsloth" not in query.setup:  # Unsloth's set-up: the fused loss + checkpoints in CPU memory
        tries.append((dataclasses.replace(query, setup=(*query.setup, "unsloth")), asked_mode, ("unsloth",)))
    changed = ("method",) if lightest != asked_mode else ()
    asked_seq = query.context_tokens or 2048
    for seq in (s for s in SHORTER_SEQUENCES if s < asked_seq):
        tries.append((dataclasses.replace(query, context_tokens=seq), lightest, (*changed, "seq")))
        if fused != query.setup:
            tries.append(
                (dataclasses.replace(query, context_tokens=seq, setup=fused), lightest, (*changed, "fused", "seq"))
            )
    if "fsdp_offload" not in query.setup and not case.gpu.unified_memory:
        offloaded = dataclasses.replace(query, setup=(*query.setup, "fsdp_offload"))
        tries.append((offloaded, lightest, (*changed, "offload")))
    for tried, mode, changes in tries:
        est = estimate(model, tried, "fp16", case.n, mode)
        if memory.fit(est, case.gpu.memory_gb, case.n).fits:
            return Route(dataclasses.replace(tried, mode=mode), mode, est.total_gb * case.n, changes)
    return None


def _image_route(case: FitCase) -> Route | None:
    """An image fine-tune (DreamBooth on 12 GB) with bitsandbytes' 8-bit AdamW, the diffusers DreamBooth README's
    recipe for 12-16 GB cards (with gradient checkpointing, on in the assumed set-up); None when it still does not
    fit."""
    query = case.query
    if "adamw8bit" in query.setup:
        return None
    tried = dataclasses.replace(query, setup=(*query.setup, "adamw8bit"))
    mode = case.shown[0][1]
    est = estimate(case.model, tried, "fp16", case.n, mode)
    if not memory.fit(est, case.gpu.memory_gb, case.n).fits:
        return None
    return Route(dataclasses.replace(tried, mode=mode), mode, est.total_gb * case.n, ("adam8",))
