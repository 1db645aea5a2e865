"""The verdict on a claim the user pushes back with ("but i heard the 3090 is faster", "isnt the 3090 better value
though", "不对吧 我看别人说3090比4090性价比高多了"), put before the comparison that answers it: yes or no,
because of the numbers.

Contract: `claim_lead(answer, kind, env)` -> the sentence that says whether the claim holds for the comparison
`answer` of two GPU sides, the first of `answer.gpus` being the card the claim is about: kind "faster" / "slower"
by the speed the comparison weighs (the model's tokens/s when it named an LLM both hold, else `relative_speed`),
"value" by speed per money over the ownership period (`value_per_tco`), "better" by the comparison's pick; with the
other side of the trade-off when the pick goes the other way (the faster card is not the better value). "" when the
answer is no such comparison or lacks the figures. `stand_by(answer, env)`: a bare challenge ("are you sure?",
"你确定吗") answered by the reasons of the last answer: the "Why:" label becomes a "yes, and here is why" lead.
"""

from __future__ import annotations

from assistant.answer import Answer
from assistant.respond.compare_pick import SAME_SPEED
from assistant.respond.env import Env

SAME = SAME_SPEED  # closer than this, two speeds or values are level (the comparison's own threshold)


def claim_lead(answer: Answer, kind: str, env: Env) -> str:
    f = answer.figures
    if answer.intent != "compare" or len(answer.gpus) != 2:
        return ""
    x, y = answer.gpus
    speed = _speeds(f)
    value = f.get("value_per_tco") or {}
    said = {"x": _label(env, x, f), "y": _label(env, y, f), "years": f"{env.assumptions.years:g}"}
    price = f.get("price_usd") or {}
    counts = f.get("counts") or {}
    if price.get(x) and price.get(y):
        said |= {"px": env.money(price[x] * counts.get(x, 1)), "py": env.money(price[y] * counts.get(y, 1))}
    pick = (f.get("pick") or {}).get("gpu") or answer.choice
    if kind in ("faster", "slower"):
        if not (speed.get(x) and speed.get(y)):
            return ""
        fast, slow = (x, y) if speed[x] >= speed[y] else (y, x)
        ratio = speed[fast] / speed[slow]
        said |= {"fast": _label(env, fast, f), "slow": _label(env, slow, f), "r": f"{ratio:.2f}"}
        if ratio < SAME:
            return env.t("pushback.level_speed", **said)
        right = (fast == x) == (kind == "faster")
        lead = env.t("pushback.yes_speed" if right else "pushback.no_speed", **said)
        if pick and pick != fast and value.get(pick) and value.get(fast) and "px" in said:
            more = (value[pick] / value[fast] - 1) * 100
            pp, pf = (said["px"], said["py"]) if pick == x else (said["py"], said["px"])
            lead += env.t("pushback.still_value", pick=_label(env, pick, f), pct=f"{more:.0f}", pp=pp, pf=pf, **said)
        return lead
    if kind == "value":
        if not (value.get(x) and value.get(y)) or "px" not in said:
            return ""
        best, other = (x, y) if value[x] >= value[y] else (y, x)
        more = (value[best] / value[other] - 1) * 100
        said |= {"best": _label(env, best, f), "other": _label(env, other, f), "pct": f"{more:.0f}"}
        said |= {"pb": said["px"] if best == x else said["py"], "po": said["py"] if best == x else said["px"]}
        if more < (SAME - 1) * 100:
            return env.t("pushback.level_value", **said)
        lead = env.t("pushback.yes_value" if best == x else "pushback.no_value", **said)
        if speed.get(other) and speed.get(best) and speed[other] / speed[best] >= SAME:
            lead += env.t("pushback.but_faster", r=f"{speed[other] / speed[best]:.2f}", **said)
        return lead
    if kind == "better" and pick in (x, y):
        return env.t("pushback.yes_better" if pick == x else "pushback.no_better", pick=_label(env, pick, f), **said)
    return ""


def stand_by(answer: Answer, env: Env) -> Answer:
    label = env.t("answer.why_lead", reasons="")
    if answer.headline.startswith(label):
        answer.headline = env.t("pushback.sure") + answer.headline[len(label) :]
    else:  # "Why the RTX 3090: ..." (a pick's own reasons) or an answer with no reasons: said again, stood by
        answer.headline = env.t("pushback.sure_again") + answer.headline
    return answer


def _speeds(f: dict) -> dict:
    tps, fits = f.get("model_tokens_per_second") or {}, f.get("model_fits") or {}
    if len(tps) == 2 and all(fits.get(g) for g in tps):  # both hold the model asked: its speed is what counts
        return tps
    return f.get("relative_speed") or {}


def _label(env: Env, name: str, f: dict) -> str:
    n = int((f.get("counts") or {}).get(name, 1))
    short = env.reader.known_gpu(name).short_name
    return f"{n} x {short}" if n > 1 else short
