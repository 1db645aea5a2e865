"""Answer "electricity is 0.30", "assume 3 years", "the 4080 costs $999": change assumptions.

Contract: every accepted setting is applied to the dialogue's assumptions (kept for the
session); a price override is also saved in the user tables (kept across sessions and KB
rebuilds). Out-of-range values are refused with the accepted range; nothing is half applied.
"""

from __future__ import annotations

import dataclasses

from assistant.answer import Answer
from assistant.queries import SetQuery, Setting
from assistant.respond.common import Env, pct

_RANGES = {
    "electricity_usd_per_kwh": (0.0, 5.0, "an electricity price between $0 and $5 per kWh"),
    "utilization": (0.0, 1.0, "a utilization between 0 and 100 %"),
    "years": (0.1, 30.0, "an ownership period between 0.1 and 30 years"),
    "budget_usd": (1.0, 100_000_000.0, "a positive budget"),
    "cny_per_usd": (0.1, 100.0, "an exchange rate between 0.1 and 100 CNY per USD"),
}
_LABELS = {
    "electricity_usd_per_kwh": "electricity price", "utilization": "utilization", "years": "ownership period",
    "budget_usd": "budget", "condition": "condition", "snapshot": "price snapshot", "currency": "currency",
    "cny_per_usd": "exchange rate",
}


def _show(key: str, value, env: Env) -> str:
    if value is None:
        return "none" if key != "condition" else "new or used"
    if key == "electricity_usd_per_kwh":
        return f"{env.money(value, 3)}/kWh"
    if key == "utilization":
        return pct(value)
    if key == "years":
        return f"{value:g} years"
    if key == "budget_usd":
        return env.money(value)
    if key == "cny_per_usd":
        return f"{value:g} CNY per USD"
    return str(value)


def _problem(setting: Setting, env: Env) -> str | None:
    key, value = setting.key, setting.value
    if key in _RANGES:
        low, high, words = _RANGES[key]
        if not isinstance(value, (int, float)) or not (low < value <= high or (key == "utilization" and value == 0)):
            return f"{_LABELS[key]}: I need {words}, not {value}."
    if key == "snapshot" and value not in env.reader.price_snapshots():
        return f"there is no price snapshot '{value}' (known: {', '.join(sorted(env.reader.price_snapshots()))})."
    if key == "condition" and value not in ("new", "used", None):
        return f"condition must be new or used, not {value}."
    if key == "currency" and value not in ("USD", "CNY"):
        return f"I can show USD or CNY, not {value}."
    if key == "price_override" and (not setting.gpu or not isinstance(value, (int, float)) or value <= 0):
        return "a price override needs a GPU and a positive price, e.g. \"the 4080 costs $999\"."
    return None


def _snapshot_named(setting: Setting, env: Env) -> Setting:
    """"2023" -> "2023-01" when exactly one snapshot starts with what the user said."""
    known = env.reader.price_snapshots()
    if setting.key != "snapshot" or setting.value in known:
        return setting
    matches = [k for k in known if k.startswith(str(setting.value))]
    return Setting("snapshot", matches[0]) if len(matches) == 1 else setting


def respond(query: SetQuery, env: Env) -> Answer:
    query = dataclasses.replace(query, settings=tuple(_snapshot_named(s, env) for s in query.settings))
    problems = [p for p in (_problem(s, env) for s in query.settings) if p]
    if problems:
        return Answer(question=query.text, intent="set", headline="",
                      clarification="I did not change anything: " + " ".join(problems))
    lines, gpus = [], []
    a = env.assumptions
    for s in query.settings:
        if s.key == "reset":
            a.reset()
            lines.append("All assumptions are back to their defaults (5 years, 15 % utilization, $0.175/kWh, current prices).")
        elif s.key == "price_override":
            condition = "used" if a.condition == "used" else "new"
            env.reader.set_price_override(s.gpu, float(s.value), condition)
            gpus.append(s.gpu)
            lines.append(f"The {s.gpu} now costs {env.money(float(s.value))} ({condition}) in my answers; "
                         "this price is saved for later sessions too.")
        else:
            old = getattr(a, s.key)
            a.set(s.key, s.value)
            lines.append(f"{_LABELS[s.key].capitalize()}: {_show(s.key, old, env)} -> {_show(s.key, s.value, env)}.")
    return Answer(question=query.text, intent="set", headline=" ".join(lines), gpus=gpus,
                  assumptions=a.as_dict(), figures={s.key: s.value for s in query.settings if s.key != "reset"},
                  lang=env.lang)
