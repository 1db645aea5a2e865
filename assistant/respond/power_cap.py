"""Cards that meet a recommendation's constraints but that the ranking cannot show, because the price snapshot has
no price for them: "nas想加张卡跑7b模型 整卡功耗不能超过75w" ranked only priced cards and said only passive
datacenter cards fit, while the RTX A2000 12 GB, RTX 2000 Ada and RTX 4000 SFF Ada (70 W, fan-cooled, slot-powered)
are the usual picks; "cheapest nvidia card with 24gb+ that's still being made new" has still-made workstation cards
without a price.

Contract: `psu_cap(query)` is the most one card may draw on the PSU the user has; `psu_note(env, query, choice)`
weighs it against the ranking's pick;
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


def psu_cap(query) -> float | None:
    """The most one card may draw on the user's PSU (`query.psu_w`): PSU / margin - the desktop CPU - the rest
    (the same rule that sizes a rig's PSU, docs/model.md §rig); None when no PSU is said."""
    psu = getattr(query, "psu_w", None)
    if not psu:
        return None
    from assistant.models.platforms import platform_for
    from assistant.respond.builds import power

    rules = power()
    return max(psu / float(rules["psu_margin"]) - float(platform_for(1).cpu_w) - float(rules["rest_w"]), 0.0)


def psu_note(env: Env, query, choice) -> list[str]:
    """The user's PSU weighed against the pick ("my psu is 650w"): it runs it, or what it leaves for a card is less
    than the pick's board power, with the PSU the pick needs and, when the limit keeps most of its speed (down to
    limit_floor's share), the power limit that fits; [] without a PSU or a pick."""
    cap = psu_cap(query)
    if cap is None or choice is None:
        return []
    gpu = env.reader.known_gpu(choice.gpu)
    if gpu is None or not gpu.tdp_w:
        return []
    from assistant.models.platforms import platform_for
    from assistant.respond.builds import power, psu_watts
    from assistant.respond.limit_floor import min_limit_share

    rules = power()
    tdp = float(gpu.tdp_w)
    cpu, rest = float(platform_for(1).cpu_w), float(rules["rest_w"])
    said = {"psu": f"{query.psu_w:,.0f}", "cap": f"{cap:,.0f}", "gpu": gpu.short_name, "tdp": f"{gpu.tdp_w:,}"}
    said |= {"margin": f"{float(rules['psu_margin']):g}", "cpu": f"{cpu:,.0f}", "rest": f"{rest:,.0f}"}
    if tdp <= cap:
        return [env.t("rec.psu_runs", **said)]
    need = psu_watts(tdp + cpu + rest)
    share = cap / tdp
    if share >= min_limit_share():
        return [env.t("rec.psu_short_limit", need=f"{need:,}", share=f"{share * 100:.0f}", **said)]
    return [env.t("rec.psu_short", need=f"{need:,}", **said)]
