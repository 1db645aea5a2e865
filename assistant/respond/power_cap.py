"""Cards that meet a recommendation's constraints but that the ranking cannot show, because the price snapshot has
no price for them: "nas想加张卡跑7b模型 整卡功耗不能超过75w" ranked only priced cards and said only passive
datacenter cards fit, while the RTX A2000 12 GB, RTX 2000 Ada and RTX 4000 SFF Ada (70 W, fan-cooled, slot-powered)
are the usual picks; "cheapest nvidia card with 24gb+ that's still being made new" has still-made workstation cards
without a price.

Contract: `psu_note(env, query, choice)` weighs the PSU the user has against the ranking's pick; `psu_card_cap(query)`
is the board power one card may draw on the PSU the user has (a desktop's CPU and the rest of the system at their
rig allowances, the x psu_margin of docs/model.md §rig), None without a PSU or when it leaves too little;
`unpriced_within(env, cap_w, need_gb, vendors)` names up to SHOWN such cards under a power cap (board power
at or under the cap); `unpriced_among(env, names, need_gb, vendors)` those among `names` (the still-made cards). Both
keep fan-cooled desktop PCIe cards of the vendors asked with at least `need_gb` of memory (no laptop part, no
integrated GPU, no passive datacenter board), most memory first (the still-made ones: nearest the need first), then
newest; "" when there is none. Their memory and board power are KB specs; no price is invented for them.
"""

from __future__ import annotations

from collections.abc import Callable

from assistant import i18n
from assistant.respond.env import Env
from assistant.respond.pricing import price_of
from assistant.specs import GpuSpec

SHOWN = 5
SLOT_POWER_W = 75  # a PCIe x16 slot supplies up to 75 W: a card at or under it needs no power cable (PCIe CEM)


MIN_CARD_W = 75  # [A] below this a PSU said is no constraint a card can meet (no card would be left to rank)


def psu_card_cap(query) -> float | None:
    """ "best gpu for a 500w psu": (PSU / margin) - desktop CPU - rest of the system, for one card."""
    from assistant.respond.builds import power, rigs

    psu = getattr(query, "psu_w", None)
    if not psu or getattr(query, "gpu_count", 1) not in (None, 1):
        return None
    rules = power()
    cap = psu / float(rules["psu_margin"]) - float(rigs()["platform"]["desktop"]["cpu_w"]) - float(rules["rest_w"])
    return cap if cap >= MIN_CARD_W else None


def unpriced_within(env: Env, cap_w: float, need_gb: float, vendors: tuple[str, ...] = ()) -> str:
    cards = _cards(env, need_gb, vendors, lambda g: bool(g.tdp_w) and (g.tdp_w or 0) <= cap_w)
    key = "rec.unpriced_slot_powered" if cap_w <= SLOT_POWER_W else "rec.unpriced_within"
    return env.t(key, cap=f"{cap_w:g}", cards=cards) if cards else ""


def unpriced_among(env: Env, names: tuple[str, ...], need_gb: float, vendors: tuple[str, ...] = ()) -> str:
    wanted = set(names)
    cards = _cards(env, need_gb, vendors, lambda g: g.name in wanted, nearest=True)
    return env.t("rec.unpriced_still_made", cards=cards) if cards else ""


def _cards(
    env: Env, need_gb: float, vendors: tuple[str, ...], keep: Callable[[GpuSpec], bool], nearest: bool = False
) -> str:
    found = [
        g
        for g in env.reader.all_gpus()
        if keep(g)
        and (not vendors or g.vendor in vendors)
        and (g.memory_gb or 0) >= max(need_gb, 1.0)
        and not g.is_mobile
        and not g.unified_memory
        and not g.passively_cooled
        and (g.slot_width or "").upper() not in ("IGP", "SOC")
        and "pcie" in (g.bus_interface or "").lower()  # a card for a slot, not a handheld's or a console's GPU
        and price_of(g.name, env) is None
    ]
    sign = 1 if nearest else -1  # the memory nearest the need first (no price to order by), else the most
    found.sort(key=lambda g: (sign * (g.memory_gb or 0), -(g.release_date.toordinal() if g.release_date else 0)))
    return i18n.sep(env.lang).join(
        env.t("rec.unpriced_card", gpu=g.short_name, mem=f"{g.memory_gb:g}", w=g.tdp_w) for g in found[:SHOWN]
    )


def psu_stock_pick(env: Env, query, choice, rows) -> str:
    """ "best gpu for a 500w psu" when the pick needs a power limit (or a bigger PSU) there: the best-ranked single card
    of the ranking that runs on that PSU at stock (psu_card_cap), named; "" when the pick does or none does."""
    cap = psu_card_cap(query)
    gpu = env.reader.known_gpu(choice.gpu) if cap and choice is not None else None
    if gpu is None or cap is None or (gpu.tdp_w or 0) * max(int(getattr(choice, "n_gpus", 1) or 1), 1) <= cap:
        return ""
    fits = (env.reader.known_gpu(r.gpu) for r in rows if int(getattr(r, "n_gpus", 1) or 1) == 1 and r.gpu != choice.gpu)
    other = next((g for g in fits if g is not None and g.tdp_w and g.tdp_w <= cap and not g.unified_memory), None)
    if other is None:
        return ""
    psu = f"{query.psu_w:,.0f}"
    return env.t("rec.psu_stock_pick", psu=psu, cap=f"{cap:,.0f}", gpu=other.short_name, w=other.tdp_w)


def psu_note(env: Env, query, choice) -> list[str]:
    """The user's PSU weighed against the ranking's pick ("2k budget for a gpu, i have an 850w psu"): the pick in a
    desktop (as many cards as the pick counts), judged as a rig with that PSU is (rig_power.stated_psu: enough, the
    power limit that fits it, or too little); [] without a PSU or a pick."""
    psu = getattr(query, "psu_w", None)
    gpu = env.reader.known_gpu(choice.gpu) if psu and choice is not None else None
    if gpu is None:
        return []
    from assistant.respond.builds import build
    from assistant.respond.rig_power import stated_psu

    n = max(int(getattr(choice, "n_gpus", 1) or 1), 1)  # "2 x RTX 3090" picked for 70B: both cards on that PSU
    said = stated_psu([f"{psu:.0f}"], build(gpu, n, 0.0, 1.0), env, getattr(query, "cpu_said", None))
    return [said] if said else []
