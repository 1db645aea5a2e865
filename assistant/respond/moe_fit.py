"""The fit answer for a mixture-of-experts LLM that does not fit the GPUs: experts in system RAM.

Contract: `moe_offload_answer(env, query, model, gpu, n, prec, need_gb, where)` returns (headline, steps,
figures) when llama.cpp's expert offload (`models.moe_offload`, docs/model.md §llm.moe_offload) can run the
model at `prec`, else None. The headline is "yes" when the user's system RAM (the question's, else
DEFAULT_SYSTEM_RAM_GB, said to be assumed) holds the experts left off the GPUs, else "no" with the RAM it
would need; when even that RAM is short, the same offload at DEEP_QUANT is said when the RAM holds it (very low
quality, said; never when the weights as released are asked, "满血"); on a datacenter card whose server of 2, 4 or 8
holds the model at vLLM's share, that server leads. figures: tokens_per_second, moe_offload {layers_in_ram, layers,
experts_in_ram_gb, gpu_gb_per_gpu, ram_needed_gb, system_ram_gb, ram_assumed, runs_at}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import constants as C
from assistant.models import moe_offload
from assistant.respond.env import Env

DEEP_QUANT = "iq1_s"  # the deepest quant weighed (1.56 bits: Unsloth's dynamic "1.58-bit" releases of R1, §mem.weights)


def _num(x: float) -> str:
    return f"{x:.1f}" if x < 10 else f"{x:.0f}"


def moe_offload_answer(
    env: Env, query, model, gpu, n: int, prec: str, need_gb: float, where: str
) -> tuple[str, list[str], dict] | None:
    if model.kind != "llm" or not model.experts or query.mode != "inference":
        return None
    from assistant.respond.fit_speed import ram_of

    bw, bw_said = ram_of(env, query)  # "128gb ddr4": DDR4's read rate, not the DDR5 assumed
    plan = moe_offload.expert_offload(
        gpu, model, prec, n, context=query.context_tokens or None, batch=query.batch or 1, ram_gb_s=bw
    )
    if plan is None:
        return None
    stated = getattr(query, "system_ram_gb", None)
    ram = float(stated or C.DEFAULT_SYSTEM_RAM_GB)
    have = env.t("fit.moe_ram_stated" if stated else "fit.moe_ram_assumed", ram=f"{ram:g}")
    ok = plan.ram_needed_gb <= ram
    values = dict(
        model=model.name,
        prec=prec,
        where=where,
        total=f"{n * (gpu.memory_gb or 0):g}",
        need=f"{need_gb:.1f}",
        in_ram=plan.layers_in_ram,
        layers=plan.layers,
        ram_gb=f"{plan.experts_in_ram_gb:.1f}",
        speed=env.t("fit.moe_speed", tps=_num(plan.tokens_per_s)) if plan.tokens_per_s else env.t("fit.moe_no_speed"),
        ram_need=f"{plan.ram_needed_gb:.0f}",
        ram_have=have,
    )
    head = env.t("fit.moe_offload_head" if ok else "fit.moe_offload_no_ram", **values)
    # "满血" asked: the weights as released, never a 1.56-bit quant of them
    deep = None if ok or getattr(query, "released", False) else _deep_offload(gpu, model, n, query, bw, ram)
    if deep is not None:  # "4张3090跑r1": at the 1.56-bit dynamic quant's size the experts left fit the RAM
        deep_values = {"deep": DEEP_QUANT, "in_ram": deep.layers_in_ram, "tps": _num(deep.tokens_per_s)}
        head = env.t("fit.moe_deep_offload", **(values | deep_values))
    if not ok and deep is None and (server := server_count(gpu, n, need_gb)):  # "h20能跑r1满血吗": its 8-GPU server
        head = (
            env.t(
                "fit.moe_server",
                gpu=gpu.short_name,
                count=server,
                total=f"{server * (gpu.memory_gb or 0):g}",
                need=f"{need_gb:.1f}",
                prec=prec,
                share=f"{C.VLLM_MEMORY_SHARE * 100:.0f}",
            )
            + i18n.gap(env.lang)
            + head
        )
    k, e = model.experts_per_token or 0, model.experts or 0
    timed = bool(plan.tokens_per_s) and ok  # no speed for a set-up whose RAM does not hold the experts
    step = env.t(
        "fit.moe_offload_step" if timed else "fit.moe_offload_step_memory",
        k=k,
        e=e,
        ram_gb=f"{plan.experts_in_ram_gb:.1f}",
        read=f"{plan.experts_in_ram_gb * k / max(e, 1):.2f}",
        bw=f"{plan.ram_gb_s:g}",
        ram=env.t("fit.moe_ram_bw_assumed") if bw == C.SYSTEM_RAM_GB_S else bw_said,
        gpu_gb=f"{plan.gpu_gb:.1f}",
        all_gpu=_num(plan.all_on_gpu_tokens_per_s),
        handover=f"{plan.layers_in_ram * C.MOE_OFFLOAD_LAYER_US / 1000:.1f}",
    )
    figures: dict = {
        "moe_offload": {
            "layers_in_ram": plan.layers_in_ram,
            "layers": plan.layers,
            "experts_in_ram_gb": round(plan.experts_in_ram_gb, 1),
            "gpu_gb_per_gpu": round(plan.gpu_gb, 1),
            "ram_needed_gb": round(plan.ram_needed_gb, 1),
            "system_ram_gb": ram,
            "ram_assumed": not stated,
            "runs": ok,
        },
    }
    if timed:
        figures["tokens_per_second"] = round(plan.tokens_per_s, 1)
    if deep is not None:
        figures["moe_offload"]["runs_at"] = {"precision": DEEP_QUANT, "tokens_per_second": round(deep.tokens_per_s, 1)}
    return head, [step], figures


def _deep_offload(gpu, model, n: int, query, bw: float, ram: float):
    """The expert offload at DEEP_QUANT when its RAM share fits `ram` and it has a speed, else None."""
    plan = moe_offload.expert_offload(
        gpu, model, DEEP_QUANT, n, context=query.context_tokens or None, batch=query.batch or 1, ram_gb_s=bw
    )
    return plan if plan is not None and plan.tokens_per_s and plan.ram_needed_gb <= ram else None


SERVER_SIZES = (2, 4, 8)  # tensor-parallel sets of a datacenter server (vLLM splits attention heads evenly) [A]


def server_count(gpu, n: int, need_gb: float) -> int | None:
    """The fewest datacenter cards, as a server holds them (2, 4 or 8), that serve the model at vLLM's share of each
    card (models.recommend.usable_gb / set_need, §rec sets); None for a consumer card or beyond 8."""
    from assistant.models.recommend import set_need, usable_gb

    arch = getattr(gpu, "arch", None)  # a nameless "4 GB GPU" (Card) has none
    if not (arch is not None and arch.product_class == "datacenter" and gpu.memory_gb):
        return None
    need = need_gb * n  # the estimate is per card of the n asked
    return next((k for k in SERVER_SIZES if k > n and usable_gb(gpu, k) >= set_need(need, k)), None)
