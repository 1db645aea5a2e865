"""The cost of a number of requests to an LLM served on rented cards ("per 1k requests, how much would serving qwen3 8b
on a rented l4 cost me", "每1000次请求多少钱"): the rent of the hours those requests take.

Contract: `lead(answer, query, env)` -> the sentence that leads a rates answer, or "" unless the question asks a cost
per a number of requests (nlu/amounts_work.items_asked, kind "request"), names an LLM, and the answer priced a rent
(figures rates, gpu_count). Tokens per reply: a count said before "tokens" ("500 tokens out each"), else
REPLY_TOKENS [A] (nlu/request_rate.py, said). Generation speed from models/llm.decode_speed at 1,024 tokens of
context: requests one at a time (batch 1, the most it costs) and kept BATCH in flight as vLLM does [A] (the batch
halved until its KV cache fits the cards). Cost = rent per hour x cards x hours, hours = requests x tokens per reply /
tokens per second / 3,600. Reading the prompts is not counted (said). figures gain "per_request".
"""

from __future__ import annotations

import re

from assistant.models import llm, memory
from assistant.nlu.amounts_work import items_asked
from assistant.nlu.request_rate import REPLY_TOKENS
from assistant.respond.env import Env

BATCH = 16  # [A] requests a vLLM server keeps in flight when requests come steadily
CONTEXT = 1024  # tokens in each request's cache while its reply is written
_TOKENS = re.compile(r"(\d[\d,]*)\s*(?:k\s*)?(?:tokens?|toks?|token)\b")


def lead(answer, query, env: Env) -> str:
    asked = items_asked((getattr(query, "text", "") or "").lower())
    rates = answer.figures.get("rates")
    ref = getattr(query, "model", None)
    if asked is None or asked[1] != "request" or not rates or ref is None or answer.intent != "rates":
        return ""
    model = env.reader.model(ref.key)
    named = [g for g in getattr(query, "gpus", ()) if g.name]
    gpu = env.reader.gpu(named[0].name) if named else None
    rate = rates[0].get("on_demand_usd_per_gpu_hour") if isinstance(rates[0], dict) else None
    if model is None or model.kind != "llm" or gpu is None or not rate or not gpu.memory_gb:
        return ""
    cards = max(int(answer.figures.get("gpu_count") or 1), 1)
    said = _TOKENS.search(query.text.lower())
    reply = float(said.group(1).replace(",", "")) if said else REPLY_TOKENS
    prec = getattr(query, "precision", None) or "fp16"
    one = llm.decode_speed(gpu, model, prec, context=CONTEXT, batch=1, n_gpus=cards, split="tensor").tokens_per_s
    batch = _batch(model, prec, gpu.memory_gb * cards)
    many = llm.decode_speed(gpu, model, prec, context=CONTEXT, batch=batch, n_gpus=cards, split="tensor").tokens_per_s
    if one <= 0 or many <= 0:
        return ""
    n = asked[0]

    def cost(tps: float) -> float:
        return rate * cards * n * reply / tps / 3600.0

    answer.figures["per_request"] = {"requests": n, "reply_tokens": reply, "usd_batched": round(cost(many), 4),
                                     "usd_one_at_a_time": round(cost(one), 4), "batch": batch}  # fmt: skip
    return env.t(
        "per_request.lead",
        n=f"{n:,.0f}",
        reply=f"{reply:,.0f}",
        assumed=env.t("per_request.assumed") if not said else "",
        batched=_money(env, cost(many)),
        batch=batch,
        many=f"{many:,.0f}",
        single=_money(env, cost(one)),
        one=f"{one:,.0f}",
        cards=cards,
        gpu=gpu.short_name,
        provider=rates[0].get("provider", ""),
        rate=env.money(rate, 2),
        model=model.name,
    )


def _money(env: Env, usd: float) -> str:
    """Three decimals below one unit of the answer's currency (a cent matters per 1,000 requests), else two."""
    return env.money(usd, 3 if usd * env.shown_per_usd(env.currency) < 1 else 2)


def _batch(model, prec: str, memory_gb: float) -> int:
    """BATCH, halved until the weights and that many caches of CONTEXT tokens fit the cards' memory."""
    batch = BATCH
    while (
        batch > 1 and not memory.fit(memory.inference_memory(model, prec, context=CONTEXT, batch=batch), memory_gb).fits
    ):
        batch //= 2
    return batch
