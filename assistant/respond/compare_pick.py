"""Comparisons that pick: "used 3090 vs new 5070 ti for llms", "买二手v100 32g还是3090" lead with the
card to get and the reason that decides it.

Contract: `pick(rows, names, title, llm, env, image)` for two sides returns (name, sentence, figure) or
None. Rules, first that applies: (1) one side is a passively cooled datacenter board and the other is
not: the desktop card (a server part needs a chassis's airflow; an SXM module also an adapter board), unless
the PCIe server card is FASTER_BY times as fast or, where memory decides, MORE_GB roomier: then rules (2)-(4)
decide and a pick of the server card carries the airflow condition;
(2) LLM work and one side holds at least 4 GB more, or image work and the smaller side has under
16 GB, or training and only one side has TRAINING_FLOOR_GB per card: the roomier side, unless the other
is at least FASTER_BY times as fast (FLOOR_FASTER_BY for LLM work when only the roomier side reaches LLM_FLOOR_GB);
(3) both priced: the
better speed per money over the ownership period, naming the other when it is FASTER_BY times as
fast; when the two are level per dollar (LEVEL_VALUE), the side holding MORE_GB more memory unless the other is
FASTER_BY times as fast (memory decides what runs; "used 3090 at $650 or a 5070 ti"), else the faster, as the speed
the extra money buys;
(4) the faster side, when it is at least SAME_SPEED times as fast. `figure` = {gpu, reason}.
"""

from __future__ import annotations

from assistant.respond.env import Env
from assistant.respond.pricing import ValueRow

FASTER_BY = 1.5  # a speed gap that outweighs memory or value [A]
IMAGE_ROOMY_GB = 16  # image models: below this, memory decides which models and LoRAs run (SDXL, FLUX fp8) [A]
SAME_SPEED = 1.05  # closer than this, speed alone picks nothing [A]
LEVEL_VALUE = 0.05  # per-dollar values closer than this share are level: value picks nothing, speed decides [A]
MORE_GB = 4  # memory gap that counts for LLMs (as compare's "holds larger models") [A]
TRAINING_FLOOR_GB = 24  # the reference's comfortable floor per card for training transformers (compare.small_memory)
LLM_FLOOR_GB = 24  # the reference's rule for running LLMs (use_case.LLM_FLOOR_GB, locale floor_llm)
VALUE_GAP = 0.25  # both hold the model: a speed gap under FASTER_BY does not outweigh this much more value [A]
FLOOR_FASTER_BY = 2.0  # past the LLM floor, memory outweighs a speed gap up to this on the models both hold [A]


def pick_model_speed(figures: dict, rows: dict[str, ValueRow], names: list[str], model: str, env: Env):
    """Both sides hold the LLM asked ("2x 5060 ti vs 3090 for 32b, which"): the one that runs it clearly faster
    (by SAME_SPEED or more) wins, unless it is less than FASTER_BY as fast while the other gives VALUE_GAP more
    speed per money over the years (then None: value decides); for training it, the one whose job runs faster by the
    FLOPs rule (§cost.training: "8x a100 vs 4x h100 for pretraining a 1b model"); None when they are as fast."""
    training = bool(figures.get("model_train_tokens_per_second"))  # fine-tuning / pretraining an LLM: the job's rate
    tps = figures.get("model_train_tokens_per_second" if training else "model_tokens_per_second") or {}
    if len(names) != 2 or not all(tps.get(n) for n in names):
        return None
    fast, slow = sorted(names, key=lambda n: -tps[n])
    ratio = tps[fast] / tps[slow]
    if ratio < SAME_SPEED:
        return None
    fast_value, slow_value = rows[fast].per_tco or 0.0, rows[slow].per_tco or 0.0
    if ratio < FASTER_BY and fast_value and slow_value > fast_value * (1 + VALUE_GAP):
        return None  # "想跑qwen3 32b 3090还是4090": 1.2x the speed for 2.7x the price: value decides (rule 3)
    text = env.t(
        "compare.pick_model_train_speed" if training else "compare.pick_model_speed",
        gpu=rows[fast].label,
        model=model,
        ratio=f"{ratio:.1f}",
        tps=f"{tps[fast]:,.0f}",
        other_tps=f"{tps[slow]:,.0f}",
    )
    return fast, text, {"gpu": fast, "reason": "model_speed"}


def pick_many(rows: dict[str, ValueRow], names: list[str], env: Env):
    """ "l40s or a6000 ada or h100, which one": of three or more, the best value, and the fastest when another."""
    rated = [rows[n] for n in names if rows[n].perf.score > 0]
    priced = [r for r in rated if r.per_tco]
    if len(priced) < 2:
        return None
    best = max(priced, key=lambda r: r.per_tco or 0.0)
    fastest = max(rated, key=lambda r: r.perf.score)
    text = env.t("compare.pick_value_many", gpu=best.label, n=len(names))
    ratio = fastest.perf.score / best.perf.score if best.perf.score else 0.0
    if fastest is not best and ratio >= FASTER_BY:
        text += env.t("compare.pick_value_but_faster", other=fastest.label, ratio=f"{ratio:.1f}")
    return best.gpu.name, text, {"gpu": best.gpu.name, "reason": "value"}


def pick(
    rows: dict[str, ValueRow],
    names: list[str],
    key_title: str,
    llm: bool,
    env: Env,
    image: bool = False,
    training: bool = False,
    server: bool = False,
    value_asked: bool = False,
):
    """`server`: bought for an organization ("企业采购"), so a datacenter card's passive cooling decides nothing;
    `value_asked`: value asked in so many words ("which is better value"), so memory never breaks a level value."""
    if len(names) != 2:
        return None
    a, b = rows[names[0]], rows[names[1]]
    if a.perf.score <= 0 or b.perf.score <= 0:
        return None  # an unrated side (Apple): no ratio to decide on
    speed = {r.gpu.name: r.perf.score for r in (a, b)}
    mem = {r.gpu.name: (r.gpu.memory_gb or 0) * r.n_gpus for r in (a, b)}
    big, small = (a, b) if mem[a.gpu.name] >= mem[b.gpu.name] else (b, a)
    # training runs data-parallel (each card holds the whole model): the floor is per card
    per_card = {r.gpu.name: r.gpu.memory_gb or 0 for r in (a, b)}
    floor = training and per_card[small.gpu.name] < TRAINING_FLOOR_GB <= per_card[big.gpu.name]
    roomy = llm or floor or (image and mem[small.gpu.name] < IMAGE_ROOMY_GB)  # where more memory decides
    geforce = [r for r in (a, b) if r.gpu.arch and r.gpu.arch.product_class == "geforce"]
    desk = geforce[0] if len(geforce) == 1 else None
    room = (b if desk is a else a) if desk is not None else None
    # "h20和4090 企业采购": against a datacenter card (passive or a module), a server room where GeForce is unlicensed
    if server and room is not None and desk is not None and (room.gpu.passively_cooled or room.gpu.server_module):
        ratio = speed[room.gpu.name] / speed[desk.gpu.name] if speed[desk.gpu.name] else 0.0
        text = env.t(
            "compare.pick_server",
            gpu=room.label,
            other=desk.label,
            ratio=f"{ratio:.1f}",
            gb=f"{mem[room.gpu.name]:g}",
            other_gb=f"{mem[desk.gpu.name]:g}",
        )
        return room.gpu.name, text, {"gpu": room.gpu.name, "reason": "server", "condition": "server_room"}
    passive = [r for r in (a, b) if r.gpu.passively_cooled]
    if len(passive) == 1 and not server:
        other = passive[0]
        mine = b if other is a else a
        module = other.gpu.server_module
        sxm = env.t("compare.pick_sxm" if module == "SXM" else "compare.pick_oam") if module else ""
        faster = speed[other.gpu.name] >= FASTER_BY * speed[mine.gpu.name]
        roomier = roomy and mem[other.gpu.name] - mem[mine.gpu.name] >= MORE_GB
        if module or not (faster or roomier):  # a module needs a server board: no condition
            text = env.t("compare.pick_passive", gpu=mine.label, other=other.label, sxm=sxm)
            if per_card[other.gpu.name] - per_card[mine.gpu.name] >= MORE_GB:  # "两张4090和一张a100 80g"
                text += env.t(
                    "compare.pick_passive_per_card" if training else "compare.pick_passive_per_card_inference",
                    other=other.label,
                    gb=f"{per_card[other.gpu.name]:g}",
                    mine=mine.label,
                    mine_gb=f"{per_card[mine.gpu.name]:g}",
                )
            return mine.gpu.name, text, {"gpu": mine.gpu.name, "reason": "passive"}
        # "h20 vs 4090 for inference": far faster or roomier, the server card is worth its airflow (a condition)
        found = _by_memory_speed_value(
            a, b, speed, mem, big, small, roomy, key_title, llm, env, image, floor, value_asked
        )
        if found is not None and found[0] == other.gpu.name:
            caveat = env.t("compare.pick_passive_caveat", other=other.label, sxm=sxm)
            return found[0], found[1] + caveat, found[2] | {"condition": "airflow"}
        return found
    return _by_memory_speed_value(a, b, speed, mem, big, small, roomy, key_title, llm, env, image, floor, value_asked)


def _by_memory_speed_value(a, b, speed, mem, big, small, roomy, key_title, llm, env, image, floor=False, value=False):
    """Rules (2) to (4) of the module contract."""
    if roomy and mem[big.gpu.name] - mem[small.gpu.name] >= MORE_GB:
        ratio = speed[small.gpu.name] / speed[big.gpu.name] if speed[big.gpu.name] else 0.0
        # "p100和p40哪个更适合跑大模型": only the roomier side reaches the LLM floor, which a speed gap up to
        # FLOOR_FASTER_BY does not outweigh (the faster side wins only on models both hold)
        at_floor = llm and mem[small.gpu.name] < LLM_FLOOR_GB <= mem[big.gpu.name] and ratio < FLOOR_FASTER_BY
        if ratio < FASTER_BY or at_floor:
            form = "compare.pick_memory_slower" if ratio > 1.02 else "compare.pick_memory"
            form = "compare.pick_memory_floor" if ratio >= FASTER_BY else form
            form = "compare.pick_memory_image" if image and not llm else form
            text = env.t(
                "compare.pick_memory_training" if floor else form,
                gpu=big.label,
                other=small.label,
                gb=f"{mem[big.gpu.name]:g}",
                other_gb=f"{mem[small.gpu.name]:g}",
                ratio=f"{ratio:.2f}",
            )
            return big.gpu.name, text, {"gpu": big.gpu.name, "reason": "memory"}
        if llm:
            text = env.t(
                "compare.pick_speed_over_memory",
                gpu=small.label,
                other=big.label,
                ratio=f"{ratio:.2f}",
                gb=f"{mem[small.gpu.name]:g}",
            )
            return small.gpu.name, text, {"gpu": small.gpu.name, "reason": "speed"}
    fast, slow = (a, b) if speed[a.gpu.name] >= speed[b.gpu.name] else (b, a)
    ratio = speed[fast.gpu.name] / speed[slow.gpu.name] if speed[slow.gpu.name] else 0.0
    if a.per_tco and b.per_tco and level(a.per_tco, b.per_tco) and ratio < FASTER_BY and not value:
        # "used 3090 or a 5070 ti", level per dollar: the side holding MORE_GB more decides what runs, over a small gap
        if mem[big.gpu.name] - mem[small.gpu.name] >= MORE_GB:
            other = fast if big is slow else slow
            slower = speed[big.gpu.name] / speed[other.gpu.name] if speed[other.gpu.name] else 1.0
            key = "compare.pick_value_level_memory" if slower < 1 / SAME_SPEED else "compare.pick_value_level_roomier"
            key = "compare.pick_value_level_both" if slower >= SAME_SPEED else key  # "4090 or 5090": both ways
            text = env.t(
                key,
                gpu=big.label,
                other=other.label,
                gb=f"{mem[big.gpu.name]:g}",
                other_gb=f"{mem[other.gpu.name]:g}",
                ratio=f"{ratio:.2f}",
                title=key_title,
            )
            return big.gpu.name, text, {"gpu": big.gpu.name, "reason": "memory"}
    if a.per_tco and b.per_tco and level(a.per_tco, b.per_tco) and ratio >= SAME_SPEED:
        # "5090 or 4090", 1 % apart per dollar: never "the better value" (the headline says they are level)
        text = env.t(
            "compare.pick_value_level", gpu=fast.label, other=slow.label, ratio=f"{ratio:.2f}", title=key_title
        )
        return fast.gpu.name, text, {"gpu": fast.gpu.name, "reason": "speed"}
    if a.per_tco and b.per_tco:
        good, other = (a, b) if a.per_tco >= b.per_tco else (b, a)
        text = env.t(
            "compare.pick_value",
            gpu=good.label,
            other=other.label,
            title=key_title,
            years=f"{env.assumptions.years:g}",
        )
        if good is slow and ratio >= FASTER_BY:
            text += env.t("compare.pick_value_but_faster", other=fast.label, ratio=f"{ratio:.1f}")
        return good.gpu.name, text, {"gpu": good.gpu.name, "reason": "value"}
    if ratio < SAME_SPEED:
        return None  # as fast as each other and no price to weigh: nothing decides
    text = env.t("compare.pick_faster", gpu=fast.label, other=slow.label, ratio=f"{ratio:.2f}", title=key_title)
    return fast.gpu.name, text, {"gpu": fast.gpu.name, "reason": "speed", "ratio_only": True}


def level(a: float, b: float) -> bool:
    """Are two values per dollar level (within LEVEL_VALUE of the larger)?"""
    return abs(a - b) < LEVEL_VALUE * max(a, b)


def over_budget(
    rows: dict[str, ValueRow], names: list[str], chosen: str, budget: float | None, env: Env, key: str = "pick"
) -> str:
    """ "..., $750 budget": when the card picked (or asked about: key "why_not") costs more than the budget and the
    other fits in it, say so."""
    if not budget or len(names) != 2:
        return ""
    mine = rows[chosen]
    other = rows[names[1] if names[0] == chosen else names[0]]
    if mine.price is None or other.price is None:
        return ""
    if mine.price.usd * mine.n_gpus <= budget or other.price.usd * other.n_gpus > budget:
        return ""
    return env.t(
        f"compare.{key}_over_budget",
        gpu=mine.label,
        price=env.money(mine.price.usd * mine.n_gpus),
        budget=env.money(budget),
        other=other.label,
        other_price=env.money(other.price.usd * other.n_gpus),
    )
