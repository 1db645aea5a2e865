"""The wording of the builds in a rig answer: each build's table row and figures, the line of an alternative with
its trade-off against the choice ("+35 % faster, 24 GB more, 1,150 W at the wall"), and a way back within the
budget.

Contract: functions of (Env, Build, unit key) returning text, a table row or a figures dict; cards priced from
another market's quotes are starred (`converted`). Called by respond/rig.py.
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.builds import Build
from assistant.respond.env import Env
from assistant.respond.pricing import is_converted, purchase_price
from assistant.respond.wording import gb


def back_text(env: Env, how: str, b: Build, unit: str, floor: float = 0.0) -> str:
    return env.t(
        f"rig.back_{how}",
        build=b.label,
        total=env.money(b.total_usd),
        speed=speed_text(env, b, unit),
        memory=gb(b.memory_gb),
        floor=f"{floor:.0f}",
    )


def speed_text(env: Env, b: Build, unit: str) -> str:
    return env.t(unit, speed=f"{b.speed:,.1f}" if unit in ("rig.unit_tps", "rig.unit_rtf") else f"{b.speed:.2f}")


def tradeoff(env: Env, b: Build, choice: Build, unit: str) -> str:
    faster = (b.speed / choice.speed - 1) * 100 if choice.speed else 0.0
    parts = [env.t("rig.alt_speed", pct=f"{abs(faster):.0f}", dir=env.t("rig.faster" if faster >= 0 else "rig.slower"))]
    if abs(b.memory_gb - choice.memory_gb) >= 1:
        more = b.memory_gb - choice.memory_gb
        parts.append(env.t("rig.alt_memory", gb=f"{abs(more):g}", dir=env.t("rig.more" if more > 0 else "rig.less")))
    parts.append(env.t("rig.alt_power", watts=f"{b.wall_w:,.0f}"))
    return env.t(
        "rig.alt_line",
        build=b.label,
        total=env.money(b.total_usd),
        memory=gb(b.memory_gb),
        speed=speed_text(env, b, unit),
        tradeoff=i18n.comma(env.lang).join(parts),
    )


def converted(env: Env, builds: list[Build]) -> set[str]:
    """The cards of `builds` priced from the other market's quotes (a US street price in a yuan rig)."""
    return {b.gpu.name for b in builds if is_converted(purchase_price(b.gpu.name, env), env)}


def _local(b: Build, env: Env) -> bool:
    """The build's platform is priced in the answer's own market (a yuan desktop from a 京东 list, or a dual / quad
    tier scaled from it), not converted."""
    return (b.platform.key.startswith("desktop") or b.platform.scaled) and env.local_desktop_usd() is not None


def row(env: Env, b: Build, unit: str, converted: set[str]) -> list[str]:
    """`converted`: the cards priced from another market; the platform is a US estimate, converted in any
    other currency."""
    return [
        b.label,
        gb(b.memory_gb),
        speed_text(env, b, unit),
        env.money(b.gpu_usd * b.n) + ("*" if b.gpu.name in converted else ""),
        env.money(b.platform.usd) + ("*" if env.currency != "USD" and not _local(b, env) else ""),
        env.money(b.total_usd),
        f"{b.psu_w:,} W",
        f"{b.wall_w:,.0f} W",
    ]


def figure(b: Build) -> dict:
    return {
        "gpu": b.gpu.name,
        "gpu_count": b.n,
        "total_usd": round(b.total_usd, 2),
        "memory_gb": b.memory_gb,
        "speed": round(b.speed, 3),
        "wall_w": round(b.wall_w),
    }
