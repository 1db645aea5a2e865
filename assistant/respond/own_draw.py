"""The user's own draw in place of the card's board power: "it does about 340w under load", "功耗250w", "each around
170w", "整机墙上测的580w" (Query.stated watts with the role nlu/watts_role.py gave them). A stated value beats the
stored one, and the answer says so ("your 340 W").

Contract: `draw_of(query, gpu, count)` -> `Draw(watts, wall)` when the question states one draw of that card (a card's
draw per card, or the whole machine's at the wall), within what such a card can draw; None otherwise (no draw said,
two different draws for the one card, a difference such as "~100w more", an idle draw, a PSU, a power limit: those
are read elsewhere). `at_draw(gpu, query, count)` -> the card with its board power set to the stated limit
(respond/power_limit.stated_limit) or, failing one, to the stated draw (a wall draw is spread over the cards), so
every bill and break-even built on `tdp_w` uses it. `power_steps(...)` -> the step saying which power was used (the
limit, the user's draw) and, for a limit in a running cost, what it saves.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from assistant import i18n
from assistant.queries import Query
from assistant.respond.env import Env
from assistant.respond.power_limit import stated_limit
from assistant.specs import GpuSpec

_CARD_RANGE = (0.25, 1.6)  # a card's own draw against its board power: under load it sits in this band [A]
_WALL_MIN = 0.6  # a whole machine at the wall draws at least this share of its cards' board power [A]


@dataclass(frozen=True)
class Draw:
    """A draw the user stated: watts per card, or the whole machine's at the wall."""

    watts: float  # per card, or the whole machine's when `wall`
    wall: bool


def _said(query: Query, gpu: GpuSpec, role: str) -> set[float]:
    # said of this card (nlu/watts_role.card_of: in its clause); "1U with 500w included, i'd put 2x L40S in it": none
    return {
        s.value for s in query.stated if s.dim == "watts" and s.whole == role and s.direction == 0 and s.of == gpu.name
    }


def draw_of(query: Query, gpu: GpuSpec, count: int = 1) -> Draw | None:
    if not query.stated or not gpu.tdp_w:
        return None
    card, wall = _said(query, gpu, "card"), _said(query, gpu, "wall")
    if len(card) == 1:
        w = next(iter(card))
        if w == gpu.tdp_w or not (_CARD_RANGE[0] * gpu.tdp_w <= w <= _CARD_RANGE[1] * gpu.tdp_w):
            return None  # the board power restated ("575w tgp"), or not a draw this card can have
        return Draw(w, False)
    if len(wall) == 1 and not card:
        w = next(iter(wall))
        return Draw(w, True) if w >= _WALL_MIN * gpu.tdp_w * max(count, 1) else None
    return None


def rest_of(query: Query, base_w: float) -> float:
    """The draw of the machine around the cards the user states ("~180w for the rest of the box": Stated watts of role
    "rest", nlu/watts_role.py), else `base_w`."""
    said = [s.value for s in query.stated if s.dim == "watts" and s.whole == "rest" and s.direction == 0]
    return said[0] if len(said) == 1 else base_w


def whole_asked(query: Query) -> bool:
    """The question asks the whole machine's draw or bill and states no draw ("整机功耗按每天10小时 ... 电费呢", "power
    bill for the whole system"): lexicon [lists] whole_draw_words."""
    from assistant.nlu.lexicon import lexicon

    text = getattr(query, "text", "") or ""
    if query.intent != "cost":  # a rig or a PSU already counts the rest of the machine
        return False
    said = any(s.dim == "watts" for s in query.stated)
    return bool(text) and not said and lexicon(i18n.language_of(text)).words_in("whole_draw_words", text.lower())


def whole_rest(count: int) -> float:
    """The rest of a machine holding `count` cards under load: the platform's CPU + board, RAM, drives and fans
    (knowledge/rigs.toml [power] rest_w, docs/model.md §rig) [A]."""
    from assistant.models.platforms import platform_for
    from assistant.respond.builds import power

    return float(platform_for(max(count, 1)).cpu_w) + float(power()["rest_w"])


def at_draw(gpu: GpuSpec, query: Query, count: int = 1) -> GpuSpec:
    limited = stated_limit(gpu, query)
    if limited is not gpu:
        return limited
    own = draw_of(query, gpu, count)
    if own is None and whole_asked(query) and gpu.tdp_w:  # the whole machine: the cards + the rest, spread
        return dataclasses.replace(gpu, tdp_w=int(round(gpu.tdp_w + whole_rest(count) / max(count, 1))))
    if own is None:
        return gpu
    per_card = own.watts / max(count, 1) if own.wall else own.watts
    return dataclasses.replace(gpu, tdp_w=int(round(per_card)))


def said_step(env: Env, query: Query, gpu: GpuSpec, count: int) -> str:
    """ "Power: your 340 W, as you said (the RTX 3090's board power is 350 W)." or ""; the whole machine's draw
    estimated when it is asked (whole_asked)."""
    own = draw_of(query, gpu, count)
    if own is None and whole_asked(query) and gpu.tdp_w:
        rest = whole_rest(count)
        return env.t(
            "own_draw.whole", n=count, card=f"{gpu.tdp_w:,}", rest=f"{rest:,.0f}",
            total=f"{gpu.tdp_w * count + rest:,.0f}", gpu=gpu.short_name,
        )  # fmt: skip
    if own is None:
        return ""
    each = env.t("own_draw.each") if count > 1 and not own.wall else ""
    key = "own_draw.wall" if own.wall else "own_draw.card"
    return env.t(key, watts=f"{own.watts:,.0f}", each=each, gpu=gpu.short_name, stock=f"{gpu.tdp_w:,}")


def power_steps(query: Query, env: Env, first: GpuSpec, stock_card: GpuSpec, count: int, figures: dict, single: bool):
    """(text to add to the headline, steps): the power used when it is not the card's board power."""
    stock = stock_card.tdp_w or 0
    if (first.tdp_w or 0) == stock:
        if limit := dict(query.targets).get("power_limit"):  # "320w each" at the stock power: used, not ignored
            figures["targets"] = {"power_limit": limit}
        return "", []
    own = said_step(env, query, stock_card, count)
    if own and stated_limit(stock_card, query) is stock_card:
        figures["own_draw_w"] = first.tdp_w
        return "", [own]
    steps = [env.t("cost.card_limit", limit=f"{first.tdp_w:,}", stock=f"{stock:,}")]
    figures["targets"] = {"power_limit": first.tdp_w, **dict(t for t in query.targets if t[0] == "power_limit_share")}
    if query.kind == "running" and first.tdp_w and single:  # type: ignore[attr-defined]
        share = _period_share(query)
        saved = figures["electricity_usd_per_year"] * (stock / first.tdp_w - 1) * share
        figures["limit_saving_usd"] = round(saved, 2)
        return " " + env.t("cost.limit_saving", stock=f"{stock:,}", saved=env.money(saved)), steps
    return "", steps


def _period_share(query: Query) -> float:
    from assistant.respond.cost import PERIOD_YEARS

    return PERIOD_YEARS.get(getattr(query, "period", None) or "year", 1.0)
