"""Answer "electricity is 0.30", "assume 3 years", "the 4080 costs $999", "用人民币", "汇率7.2":
change assumptions.

Contract: every accepted setting is applied to the dialogue's assumptions (kept for the
session); a price override is also saved in the user tables (kept across sessions and KB
rebuilds). Out-of-range values are refused with the accepted range; nothing is half applied.
Money typed in another currency (`Setting.currency`, or the keys electricity_cny_per_kwh /
budget_cny) is converted to USD with the rate in force (a rate set in the same question
first); money typed in CNY also switches the answers to CNY. When the exchange rate changes
while answers are in CNY, the budget and electricity price the user set keep their CNY value.
"""

from __future__ import annotations

import dataclasses

from assistant import i18n
from assistant.answer import Answer
from assistant.queries import SetQuery, Setting
from assistant.respond.common import Env, pct

_RANGES = {
    "electricity_usd_per_kwh": (0.0, 5.0),
    "utilization": (0.0, 1.0),
    "years": (0.1, 30.0),
    "budget_usd": (1.0, 100_000_000.0),
    "cny_per_usd": (0.1, 100.0),
}
_LEGACY = {"electricity_cny_per_kwh": ("electricity_usd_per_kwh", "CNY"), "budget_cny": ("budget_usd", "CNY")}
_MONEY = ("electricity_usd_per_kwh", "budget_usd", "price_override")
_FIRST = ("reset", "cny_per_usd", "currency")  # applied before money, which they convert


def _label(key: str, env: Env) -> str:
    return env.t(f"set.label.{key}")


def _show(key: str, value, env: Env) -> str:
    if value is None:
        return env.t("set.none") if key != "condition" else env.t("set.new_or_used")
    if key == "electricity_usd_per_kwh":
        return env.t("set.kwh", money=env.money(value, 3))
    if key == "utilization":
        return pct(value)
    if key == "years":
        return env.t("set.years", years=f"{value:g}")
    if key == "budget_usd":
        return env.money(value)
    if key == "cny_per_usd":
        return env.t("set.rate", rate=f"{value:g}")
    if key == "condition" and value in ("new", "used"):
        return env.t(f"cond.{value}")
    return str(value)


def _normalized(s: Setting) -> Setting:
    """Legacy CNY keys -> the USD key with currency CNY."""
    if s.key in _LEGACY:
        key, currency = _LEGACY[s.key]
        return (
            dataclasses.replace(s, key=key, currency=currency)
            if hasattr(s, "currency")
            else Setting(key, s.value, s.gpu)
        )
    return s


def _currency(s: Setting) -> str:
    given = getattr(s, "currency", None) or ("CNY" if s.key in _LEGACY else "USD")
    return str(given).upper().replace("RMB", "CNY")


def _problem(setting: Setting, env: Env) -> str | None:
    key, value = setting.key, setting.value
    if key in _RANGES:
        low, high = _RANGES[key]
        number = value if isinstance(value, (int, float)) else None
        if number is not None and key in _MONEY and _currency(setting) != "USD":
            try:
                number = env.to_usd(number, _currency(setting))
            except ValueError:
                return env.t("set.no_rate")
        if number is None or not (low < number <= high or (key == "utilization" and number == 0)):
            return env.t("set.bad_range", label=_label(key, env), words=env.t(f"set.range.{key}"), value=value)
    if key == "snapshot" and value not in env.reader.price_snapshots():
        return env.t("set.bad_snapshot", value=value, known=", ".join(sorted(env.reader.price_snapshots())))
    if key == "condition" and value not in ("new", "used", None):
        return env.t("set.bad_condition", value=value)
    if key == "currency" and value not in ("USD", "CNY"):
        return env.t("set.bad_currency", value=value)
    if key == "currency" and value == "CNY" and not env.cny_per_usd():
        return env.t("set.no_rate")
    if key == "price_override" and (not setting.gpu or not isinstance(value, (int, float)) or value <= 0):
        return env.t("set.bad_override")
    return None


def _snapshot_named(setting: Setting, env: Env) -> Setting:
    """ "2023" -> "2023-01" when exactly one snapshot starts with what the user said."""
    known = env.reader.price_snapshots()
    if setting.key != "snapshot" or setting.value in known:
        return setting
    matches = [k for k in known if k.startswith(str(setting.value))]
    return Setting("snapshot", matches[0]) if len(matches) == 1 else setting


def _keep_cny(env: Env, old_rate: float | None) -> None:
    """The rate changed while answers are in CNY: the CNY budget and electricity price stay put."""
    a, new_rate = env.assumptions, env.cny_per_usd()
    if a.currency != "CNY" or not old_rate or not new_rate or old_rate == new_rate:
        return
    for key in ("budget_usd", "electricity_usd_per_kwh"):
        if key in a.changed and getattr(a, key):
            setattr(a, key, getattr(a, key) * old_rate / new_rate)


def respond(query: SetQuery, env: Env) -> Answer:
    settings = [_normalized(_snapshot_named(s, env)) for s in query.settings]
    settings.sort(key=lambda s: 0 if s.key in _FIRST else 1)
    problems = [p for p in (_problem(s, env) for s in settings) if p]
    if problems:
        return Answer(
            question=query.text,
            intent="set",
            headline="",
            lang=env.lang,
            clarification=env.t("set.unchanged", problems=" ".join(problems)),
        )
    lines, gpus, figures = [], [], {}
    a = env.assumptions
    in_force = env.for_query(query).assumptions  # what the last answer used (the local electricity price in yuan)
    switched = False
    for s in settings:
        currency = _currency(s)
        value = s.value
        if s.key in _MONEY and currency != "USD" and isinstance(value, (int, float)):
            value = env.to_usd(float(value), currency)
            figures[s.key.replace("usd", currency.lower()) if "usd" in s.key else f"{s.key}_{currency.lower()}"] = (
                s.value
            )
            if currency == "CNY" and a.currency != "CNY":
                a.set("currency", "CNY")
                switched = True
        if s.key == "reset":
            a.reset()
            lines.append(
                env.t(
                    "set.reset",
                    years=f"{a.years:g}",
                    util=f"{a.utilization * 100:.0f}",
                    kwh=env.money(a.electricity_usd_per_kwh, 3),
                    snapshot=env.snapshot_label(),
                )
            )
            continue
        if s.key == "price_override":
            condition = "used" if a.condition == "used" else "new"
            env.reader.set_price_override(s.gpu, float(value), condition)
            gpus.append(s.gpu)
            kept = env.reader.persistent  # an in-memory KB forgets at exit
            lines.append(
                env.t(
                    "set.override",
                    gpu=s.gpu,
                    money=env.money(float(value)),
                    cond=env.t(f"cond.{condition}"),
                    saved=env.t("set.saved") if kept else "",
                )
            )
            figures[s.key] = float(value)
            continue
        old = getattr(in_force, s.key) if s.key == "electricity_usd_per_kwh" else getattr(a, s.key)
        old_rate = env.cny_per_usd()
        shown_old = _show(s.key, old, env)
        a.set(s.key, value)
        figures[s.key] = value
        if s.key == "cny_per_usd":
            _keep_cny(env, old_rate)
        line = env.t(
            "set.changed", label=i18n.cap(env.lang, _label(s.key, env)), old=shown_old, new=_show(s.key, value, env)
        )
        if s.key in _MONEY and currency == "CNY":
            usd = f"${value:,.3f}/kWh" if s.key == "electricity_usd_per_kwh" else f"${value:,.0f}"
            line += i18n.gap(env.lang) + env.t(
                "set.converted", cny=f"{s.value:g} {currency}", usd=usd, rate=f"{env.cny_per_usd():g}"
            )
        lines.append(line)
        if s.key == "currency" and value == "CNY":
            switched = True
    if switched:
        lines.append(env.t("set.in_cny", rate=env.rate_text()))
    sources = env.rate_sources() if switched or any(s.key == "cny_per_usd" for s in settings) else []
    return Answer(
        question=query.text,
        intent="set",
        headline=i18n.gap(env.lang).join(lines),
        gpus=gpus,
        assumptions=env.assumption_dict(),
        figures=figures,
        sources=sources,
        lang=env.lang,
    )
