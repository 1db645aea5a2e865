"""Rent or buy of a training job on cards that cannot hold it: "rent vs buy an h100 for full finetuning mistral 7b"
(about 111 GB on one 80 GB card), "and for a 4090 instead?". The job is weighed on the fewest of the card that hold
it, said first, never priced on a set that cannot run it.

Contract: `sized(query, env)` -> (query on the fewest cards that hold the job, the lead that says so) when the query
names a model trained (a LoRA, QLoRA or full fine-tune) on one kind of card whose count does not hold it (the fit
model, respond/fit.respond_plain); (query, "") otherwise. No card holds it within MAX_CARDS: the lead says so and
the query stays as asked.
"""

from __future__ import annotations

import dataclasses

from assistant.queries import FitQuery, RentOrBuyQuery
from assistant.respond.env import Env

MAX_CARDS = 8  # a set larger than one server is not a purchase this answer weighs [A]


def sized(query: RentOrBuyQuery, env: Env) -> tuple[RentOrBuyQuery, str]:
    refs = [r for r in query.gpus if r.name]
    trained = query.mode in ("lora", "qlora", "full_finetune") or query.workload == "llm_finetune"
    if query.model is None or not trained or len(refs) != 1 or query.pretrain:
        return query, ""
    if query.samples or query.tokens or query.epochs:
        return query, ""  # a job sized by its data: its own answer sizes the cards it takes (respond/rent_job.py)
    from assistant.respond import fit

    ref = refs[0]
    mode = query.mode or "full_finetune"
    said = env.t(f"rent_holds.says_{mode}")  # the method named, as a fit question names it (not swapped for LoRA)
    asked = FitQuery(text=said, model=query.model, gpus=(ref,), mode=mode, workload="llm_finetune")
    figures = fit.respond_plain(asked, env).figures or {}
    if figures.get("fits") is not False:
        return query, ""
    gpu = env.reader.gpu(ref.name or "")
    need, per = figures.get("min_gpus"), figures.get("vram_required_gb")
    if gpu is None or not per:
        return query, ""
    what = env.t(f"rent_holds.mode_{mode}")
    model = env.reader.model(query.model.key)
    name = model.name if model is not None else query.model.key
    if not isinstance(need, int) or need <= ref.count or need > MAX_CARDS:
        lead = env.t("rent_holds.none", what=what, model=name, gb=f"{per:,.0f}", gpu=gpu.short_name, n=MAX_CARDS)
        return query, lead + (env.t("rent_holds.lighter") if mode == "full_finetune" else "")
    lead = env.t("rent_holds.more", what=what, model=name, gb=f"{per:,.0f}", gpu=gpu.short_name, n=need, had=ref.count)
    lead += env.t("rent_holds.lighter") if mode == "full_finetune" else ""
    resized = dataclasses.replace(query, gpus=(dataclasses.replace(ref, count=need),))
    return resized, lead
