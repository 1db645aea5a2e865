"""Answer "electricity is 0.30", "assume 3 years", "the 4080 costs $999", "用人民币", "汇率7.2":
change assumptions.

Contract: every accepted setting is applied to the dialogue's assumptions, for this conversation
only; with `SetQuery.save` ("remember this", "save as default") it is also saved in the user
tables (prices) or as a default (settings), kept across sessions and KB rebuilds, and the answer
says which it did (or why saving failed). Ranges come from `assistant.setting_rules`, shared with
the flags and the TUI panel; a price far from the known one (outside 1 % .. 10x) waits for
"yes, really". "forget the 4090 price", "clear my prices", "clear my saved settings" remove
what is saved; "reset" says what it does and does not reset. Nothing is half applied.
Money typed in another currency (`Setting.currency`, or the keys electricity_cny_per_kwh /
budget_cny) is converted to USD with the rate in force (a rate set in the same question
first); money typed in CNY also switches the answers to CNY. When the exchange rate changes
while answers are in CNY, the budget and electricity price the user set keep their CNY value.
"""

from __future__ import annotations

import dataclasses
import json

from assistant import i18n, setting_rules
from assistant.answer import Answer
from assistant.queries import Setting
from assistant.query_talk import SetQuery
from assistant.respond.env import SYMBOLS, Env
from assistant.respond.wording import pct

_RANGES = setting_rules.RANGES
_COMMANDS = ("remember", "confirm", "forget_price", "forget_prices", "forget_defaults")
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
        return env.t("set.util", pct=pct(value), hours=f"{value * 168:.0f}")
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
    if key in _RANGES and key != "price_override":
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else None
        if number is not None and key in _MONEY and _currency(setting) != "USD":
            try:
                number = env.to_usd(number, _currency(setting))
            except ValueError:
                return env.t("set.no_rate")
        if number is None or not setting_rules.in_range(key, number):
            return env.t("set.bad_range", label=_label(key, env), words=env.t(f"set.range.{key}"), value=value)
    if key == "snapshot" and value not in env.reader.price_snapshots():
        return env.t("set.bad_snapshot", value=value, known=", ".join(sorted(env.reader.price_snapshots())))
    if key == "condition" and value not in ("new", "used", None):
        return env.t("set.bad_condition", value=value)
    if key == "currency" and value not in SYMBOLS:
        return env.t("set.bad_currency", value=value, rated=", ".join(SYMBOLS))
    if key == "currency" and not env.per_usd(str(value)):
        return env.t("set.no_rate")
    if key == "price_override" and (not setting.gpu or not setting_rules.in_range(key, value)):
        return env.t("set.bad_override")
    return None


def _known_price(gpu: str, env: Env) -> float | None:
    from assistant.models import cost
    from assistant.respond.pricing import market_quotes

    market = env.price_market()
    quotes = market_quotes(env, gpu)  # the quotes every answer uses, without the user's overrides
    found = cost.lookup_price(gpu, quotes, "new") or cost.lookup_price(gpu, quotes, "average", market=market)
    return found.usd if found else None


def _priced(s: Setting) -> tuple[str, float]:
    """The GPU and the amount of a price setting (the reader and its checks always give both)."""
    if s.gpu is None or not isinstance(s.value, (int, float, str)):
        raise ValueError(f"a price setting needs a GPU and an amount: {s!r}")
    return s.gpu, float(s.value)


def _implausible(settings: list[Setting], env: Env) -> str | None:
    """The refusal of price overrides far from the known price, remembered for "yes, really"."""
    far = []
    for s in settings:
        if s.key != "price_override":
            continue
        gpu, amount = _priced(s)
        usd = env.to_usd(amount, _currency(s))
        known = _known_price(gpu, env)
        if usd is not None and not setting_rules.price_plausible(usd, known):
            far.append(env.t("set.implausible", money=env.money(usd, 2), gpu=gpu, known=env.money(known)))
    return " ".join(far) or None


def _save_failure(exc: Exception) -> str:
    from assistant.kb.faults import describe, fault_of

    return describe(fault_of(exc) or "io")


def _snapshot_named(setting: Setting, env: Env) -> Setting:
    """ "2023" -> "2023-01" when exactly one snapshot starts with what the user said; a year the prices of one
    snapshot were observed in, or a later one, is that snapshot ("is $450 fair for a used 3080 in 2026": the current
    prices, not "no price snapshot '2026'")."""
    known = env.reader.price_snapshots()
    if setting.key != "snapshot" or setting.value in known:
        return setting
    said = str(setting.value)
    matches = [k for k in known if k.startswith(said)]
    if len(matches) != 1 and said[:4].isdigit():
        newest = max(known.items(), key=lambda kv: kv[1][1], default=None)
        matches = [k for k, (first, last, _n) in known.items() if first[:4] <= said[:4] <= last[:4]]
        if not matches and newest is not None and said[:4] > newest[1][1][:4]:
            matches = [newest[0]]  # a year after the newest prices: the newest there are
    return Setting("snapshot", matches[0]) if len(matches) == 1 else setting


def _keep_cny(env: Env, old_rate: float | None) -> None:
    """The rate changed while answers are in CNY: the CNY budget and electricity price stay put."""
    a, new_rate = env.assumptions, env.cny_per_usd()
    if a.currency != "CNY" or not old_rate or not new_rate or old_rate == new_rate:
        return
    for key in ("budget_usd", "electricity_usd_per_kwh"):
        if key in a.changed and getattr(a, key):
            setattr(a, key, getattr(a, key) * old_rate / new_rate)


def _refused(query: SetQuery, env: Env, message: str) -> Answer:
    return Answer(question=query.text, intent="set", headline="", lang=env.lang, clarification=message)


def _save(env: Env, write) -> str | None:
    """Run a write of user data; None when saved, else why it could not be."""
    if not getattr(env.reader, "saves", True):
        return env.t("set.no_database")
    try:
        write()
    except Exception as exc:  # noqa: BLE001 - a failed save is reported, the conversation goes on
        return _save_failure(exc)
    return None


def _reset_text(env: Env) -> str:
    a = env.assumptions
    a.reset()
    kept = []
    saved = env.reader.user.price_overrides()
    if saved:
        kept.append(env.t("set.reset_saved_prices", n=len(saved)))
    if env.reader.user.settings():
        kept.append(env.t("set.reset_saved_defaults"))
    return env.t(
        "set.reset",
        years=f"{a.years:g}",
        util=f"{a.utilization * 100:.0f}",
        kwh=env.money(a.electricity_usd_per_kwh, 3),
        snapshot=env.snapshot_label(),
        kept=i18n.sep(env.lang).join(kept) or env.t("set.reset_nothing_saved"),
    )


def _price_line(gpu: str, usd: float, save: bool, env: Env, stated: str | None = None) -> str:
    a = env.assumptions
    condition = stated if stated in ("new", "used") else "used" if a.condition == "used" else "new"
    a.prices[(gpu, condition)] = usd
    suffix = env.t("set.session_only")
    if save:
        failed = _save(env, lambda: env.reader.user.set_price_override(gpu, usd, condition))
        suffix = env.t("set.not_saved", reason=failed) if failed else env.t("set.saved")
    return env.t("set.override", gpu=gpu, money=env.money(usd), cond=env.t(f"cond.{condition}"), saved=suffix)


def _forget(s: Setting, env: Env) -> str:
    a = env.assumptions
    if s.key == "forget_defaults":
        _save(env, env.reader.user.clear_settings)
        return env.t("set.forgot_defaults")
    mine = set(env.reader.user.price_overrides()) | set(a.prices)
    if s.key == "forget_prices":
        if not mine:
            return env.t("set.no_prices")
        a.prices.clear()
        failed = _save(env, env.reader.user.clear_price_overrides)
        return env.t("set.forgot_prices", n=len(mine)) + (f" ({failed})" if failed else "")
    gpu = s.gpu
    if gpu is None or not any(g == gpu for g, _ in mine):
        return env.t("set.no_price", gpu=gpu)
    for key in [k for k in a.prices if k[0] == gpu]:
        del a.prices[key]
    failed = _save(env, lambda: env.reader.user.clear_price_override(gpu))
    return env.t("set.forgot_price", gpu=gpu) + (f" ({failed})" if failed else "")


def _remember(env: Env) -> str:
    """ "remember this" alone: save the prices and settings of this conversation."""
    a = env.assumptions
    items = [f"{gpu} {env.money(usd)}" for (gpu, _), usd in a.prices.items()]
    items += [_label(k, env) for k in sorted(a.changed) if k in SAVABLE]
    if not items:
        return env.t("set.nothing_to_remember")

    def write() -> None:
        for (gpu, condition), usd in a.prices.items():
            env.reader.user.set_price_override(gpu, usd, condition)
        for key in sorted(a.changed):
            if key in SAVABLE:
                env.reader.user.set_setting(key, json.dumps(getattr(a, key)))

    failed = _save(env, write)
    line = env.t("set.remembered", items=i18n.listing(env.lang).join(items))
    return line if not failed else env.t("set.setting_not_saved", reason=failed).strip()


SAVABLE = ("electricity_usd_per_kwh", "utilization", "years", "budget_usd", "condition", "snapshot", "currency")


def saved_defaults(reader) -> dict:
    """Settings saved with "save as default", validated again (a bad row is skipped)."""
    out = {}
    for key, raw in reader.user.settings().items():
        try:
            value = json.loads(raw)
        except ValueError:
            continue
        if key in SAVABLE and (key not in _RANGES or setting_rules.in_range(key, value)):
            out[key] = value
    return out


def respond(query: SetQuery, env: Env, brief: bool = False) -> Answer:
    """`brief`: only "label: old -> new" lines (settings stated inside another question)."""
    from assistant.respond import offer_verdict

    deal = None if brief else offer_verdict.as_deal(query, env)  # "tesla k80 for $40 lol, any use or ewaste"
    if deal is not None:
        return deal
    settings = [_normalized(_snapshot_named(s, env)) for s in query.settings]
    settings.sort(key=lambda s: 0 if s.key in _FIRST else 1)
    if query.confirmed and any(s.key == "confirm" for s in settings):
        if not env.assumptions.unconfirmed:
            return _refused(query, env, env.t("set.nothing_to_confirm"))
        settings = list(env.assumptions.unconfirmed)
    problems = [p for p in (_problem(s, env) for s in settings) if p]
    if problems:
        return _refused(query, env, env.t("set.unchanged", problems=" ".join(problems)))
    far = None if query.confirmed else _implausible(settings, env)
    if far:
        env.assumptions.unconfirmed = tuple(settings)
        return _refused(query, env, far)
    env.assumptions.unconfirmed = ()
    lines, gpus, figures = [], [], {}
    a = env.assumptions
    in_force = env.for_query(query).assumptions  # what the last answer used (the local electricity price in yuan)
    switched = False
    for s in settings:
        if s.key in _COMMANDS:
            lines.append(_remember(env) if s.key == "remember" else _forget(s, env))
            if s.gpu:
                gpus.append(s.gpu)
            continue
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
            lines.append(_reset_text(env))
            continue
        if s.key == "price_override":
            gpu, amount = _priced(dataclasses.replace(s, value=value))
            lines.append(_price_line(gpu, amount, query.save, env, s.condition))
            gpus.append(gpu)
            figures[s.key] = amount
            continue
        old = getattr(in_force, s.key) if s.key == "electricity_usd_per_kwh" else getattr(a, s.key)
        if s.key == "currency":
            # the one the answers were shown in (yuan in Chinese while none was set), not the one now asked for
            old = dataclasses.replace(env, question_currency=None).currency
        old_rate = env.cny_per_usd()
        if s.key == "cny_per_usd":
            old = old_rate  # the dated KB rate while the user has set none
        shown_old = _show(s.key, old, env)
        a.set(s.key, value)
        figures[s.key] = value
        if brief and shown_old == _show(s.key, value, env) and not query.save:
            if s.key == "currency" and _alone(query.text):  # "换成人民币" when the answers are in yuan: said so
                lines.append(env.t("set.currency_same", new=f"{value} ({SYMBOLS.get(str(value), '')})"))
            continue  # said again beside a question (the thread's budget, "8 hours a day" again): no change
        if s.key == "cny_per_usd":
            _keep_cny(env, old_rate)
        line = env.t(
            "set.changed", label=i18n.cap(env.lang, _label(s.key, env)), old=shown_old, new=_show(s.key, value, env)
        )
        if s.key in _MONEY and currency == "CNY" and not brief:
            usd = f"${value:,.3f}/kWh" if s.key == "electricity_usd_per_kwh" else f"${value:,.0f}"
            line += i18n.gap(env.lang) + env.t(
                "set.converted", cny=f"{s.value:g} {currency}", usd=usd, rate=f"{env.cny_per_usd():g}"
            )
        if s.key in SAVABLE and query.save:
            failed = _save(env, lambda s=s, value=value: env.reader.user.set_setting(s.key, json.dumps(value)))
            line += env.t("set.setting_not_saved", reason=failed) if failed else env.t("set.setting_saved")
        elif s.key in SAVABLE:
            line = line.rstrip("。.") + env.t("set.setting_session")
        lines.append(line)
        if s.key == "currency" and a.budget_usd:  # "how much is that in usd" after a budget in lira: the budget
            lines.append(env.t("set.budget_shown", money=env.money(float(a.budget_usd))))
        if s.key == "currency" and value == "CNY":
            switched = True
    if switched and not brief:
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


def _alone(text: str) -> bool:
    """A short message that only asks for the currency ("换成人民币", "in usd?"), not a question that also says it."""
    return len(text.strip()) <= 24
