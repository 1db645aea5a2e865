"""Chinese build lists beside the platform allowance of a rig priced in yuan.

Contract: `platform_notes(n, env)` gives (steps, source ids): for an answer in yuan (price market CN), one step
listing the dated Chinese build lists of knowledge/rigs.toml `[[platform_cn]]` whose machine holds `n` GPUs or
more (cheapest first), each with what it is, its price in yuan and its date, said to be references beside the
allowance the rig uses (a US figure converted); nothing for another currency or when no list holds `n` GPUs.
The lists never replace the allowance: they are single builds of different classes.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models.platforms import rigs
from assistant.respond.env import Env


def platform_notes(n: int, env: Env) -> tuple[list[str], list[str]]:
    if env.price_market() != "CN":
        return [], []
    lists = sorted((p for p in rigs().get("platform_cn", []) if p["gpus"] >= n), key=lambda p: p["cny"])
    if not lists:
        return [], []
    items = [
        env.t(
            "rig.home_platform_item",
            build=p.get(f"build_{env.lang}") or p["build"],
            money=env.money(env.to_usd(float(p["cny"]), "CNY")),
            observed=p["observed"],
        )
        for p in lists
    ]
    return [env.t("rig.home_platforms", items=i18n.sep(env.lang).join(items))], [p["source"] for p in lists]
