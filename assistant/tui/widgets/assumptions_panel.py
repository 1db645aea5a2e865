"""The side panel of assumptions in force: electricity, utilization, years, budget, prices.

Contract: `AssumptionsPanel` shows an `Assumptions` object (attributes down: `show(assumptions)`)
and lets the user edit each value; a valid edit (Enter, or leaving the field) posts
`AssumptionsPanel.Changed(key, value)` with the value in the units of `Assumptions` (the app
applies it to the conversation). Invalid text is reported and replaced by the value in force.
A key that cannot be part of a value (a letter, a space) typed into a field, or pasted text that
is no number, is a question typed in the wrong place: the field gets its value back and the
text typed into it since it got the cursor, plus that key, is posted as
`AssumptionsPanel.QuestionTyped(text)` (the screen moves it to the question box).
An edit applies to this conversation only; the "Save as default" button posts
`AssumptionsPanel.SaveRequested()`, for the app to keep the changed values for later sessions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.validation import Function, Validator
from textual.widgets import Button, Input, Label, Select, Static

from assistant import i18n, setting_rules
from assistant.dialogue import Assumptions
from assistant.terminal_text import for_terminal
from assistant.tui.host import host

EITHER = "either"
VALUE_CHARACTERS = frozenset("0123456789.,$%")


def _rule(key: str, percent: bool = False, optional: bool = False) -> tuple[Callable[[str], Any], Validator]:
    """Parser and validator of one field, both from `assistant.setting_rules` (shared with flags and chat)."""

    def parse(text: str) -> float | None:
        text = text.strip()
        if optional and not text:
            return None
        return setting_rules.check(key, text + "%" if percent and not text.endswith("%") else text)

    def valid(text: str) -> bool:
        try:
            parse(text)
        except setting_rules.BadSetting:
            return False
        return True

    words = setting_rules.RANGES[key].words + (", or empty" if optional else "")
    return parse, Function(valid, words)


@dataclass(frozen=True)
class Field:
    key: str
    show: Callable[[Any], str]
    parse: Callable[[str], Any]
    validator: Validator

    def label(self, lang: str, in_yuan: bool = False) -> str:
        key = (
            f"tui.field_{self.key}_cny"
            if in_yuan and i18n.has(lang, f"tui.field_{self.key}_cny")
            else f"tui.field_{self.key}"
        )
        return i18n.t(lang, key)

    @property
    def money(self) -> bool:
        """An amount in dollars that a yuan conversation shows and takes in yuan."""
        return self.key in ("electricity_usd_per_kwh", "budget_usd")


NUMBER_FIELDS = [
    Field("electricity_usd_per_kwh", lambda v: f"{v:g}", *_rule("electricity_usd_per_kwh")),
    Field("utilization", lambda v: f"{v * 100:g}", *_rule("utilization", percent=True)),
    Field("years", lambda v: f"{v:g}", *_rule("years")),
    Field("budget_usd", lambda v: "" if v is None else f"{v:g}", *_rule("budget_usd", optional=True)),
]


def _per_kwh(usd: float, cny_per_usd: float | None) -> str:
    return f"¥{usd * cny_per_usd:.2f}" if cny_per_usd else f"${usd:g}"


def _amount(usd: float, cny_per_usd: float | None) -> str:
    return f"¥{usd * cny_per_usd:,.0f}" if cny_per_usd else f"${usd:,.0f}"


def snapshot_label(lang: str, snapshot: str) -> str:
    """A price snapshot's name in `lang` ("current" is 当前 in Chinese)."""
    key = f"snapshot.{snapshot}"
    return i18n.t(lang, key) if i18n.has(lang, key) else snapshot


def summary(a: Assumptions, lang: str = "en", reader=None) -> str:
    """The assumptions in one short line (the header's subtitle), in `lang` and its currency: in
    yuan with the household electricity price the answers use when nobody set one (needs the
    knowledge base `reader`; without it, dollars)."""
    rate = None  # yuan per dollar when the line is in yuan
    if reader is not None and i18n.currency(lang) == "CNY":
        rate = a.cny_per_usd or (reader.exchange_rate("CNY") or (None,))[0]
    kwh = _per_kwh(a.electricity_usd_per_kwh, rate)
    if rate and "electricity_usd_per_kwh" not in a.changed:
        local = reader.household_electricity("CNY")
        kwh = f"¥{local[0]:g}" if local else kwh
    snapshot = snapshot_label(lang, a.snapshot)
    parts = [
        i18n.t(lang, "tui.sum_kwh", kwh=kwh),
        i18n.t(lang, "tui.sum_use", util=f"{a.utilization * 100:g}"),
        i18n.t(lang, "tui.sum_years", years=f"{a.years:g}"),
        i18n.t(lang, "tui.sum_prices", snapshot=snapshot),
    ]
    if a.budget_usd is not None:
        parts.append(i18n.t(lang, "tui.sum_budget", money=_amount(a.budget_usd, rate)))
    if a.condition:
        parts.append(i18n.t(lang, f"cond.{a.condition}"))
    return " · ".join(parts)


def describe(key: str, value: Any, lang: str = "en", cny_per_usd: float | None = None) -> str:
    """An edit as the user would say it: "Utilization (%): 30" (amounts in yuan when `cny_per_usd` is given)."""
    field = next((f for f in NUMBER_FIELDS if f.key == key), None)
    if field is not None:
        rate = cny_per_usd if field.money else None
        shown = field.show(value) if rate is None or value is None else _in_yuan(field, value * rate)
        return f"{field.label(lang, rate is not None)}: {shown or i18n.t(lang, 'tui.none')}"
    shown = i18n.t(lang, f"cond.{value}") if key == "condition" and value else value or i18n.t(lang, "tui.either")
    return f"{i18n.t(lang, f'tui.field_{key}')}: {shown}"


def _in_yuan(field: Field, cny: float) -> str:
    return f"{cny:.3g}" if field.key == "electricity_usd_per_kwh" else f"{cny:.0f}"


def _is_value_text(text: str) -> bool:
    return all(c in VALUE_CHARACTERS or c.isspace() for c in text) and any(c.isdigit() for c in text)


class ValueInput(Input):
    """A field of the panel that hands a question typed into it to the question box.

    Once a key that is no value character has started a question, every later key typed before
    the cursor leaves the field (digits and Enter too) belongs to that question: a fast typist's
    keys can arrive before the question box takes the cursor."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown_on_focus = self.value
        self._handing_off = False

    def on_focus(self) -> None:
        self._shown_on_focus = self.value
        self._handing_off = False

    def on_blur(self) -> None:
        self._handing_off = False

    def _question(self, text: str, submit: bool = False) -> None:
        typed = self.value if self.value != self._shown_on_focus and not self._handing_off else ""
        self.value = self._shown_on_focus
        self._handing_off = True
        self.post_message(AssumptionsPanel.QuestionTyped(typed + text, submit))

    async def _on_key(self, event: events.Key) -> None:
        printable = event.is_printable and bool(event.character)
        if printable and (self._handing_off or event.character not in VALUE_CHARACTERS):
            event.stop()
            event.prevent_default()
            self._question(event.character or "")
            return
        if self._handing_off and event.key == "enter":
            event.stop()
            event.prevent_default()
            self._question("", submit=True)
            return
        await super()._on_key(event)

    def _on_paste(self, event: events.Paste) -> None:
        if self._handing_off or not _is_value_text(event.text):
            event.stop()
            event.prevent_default()
            self._question(event.text)
            return
        super()._on_paste(event)


class AssumptionsPanel(VerticalScroll):
    class Changed(Message):
        def __init__(self, key: str, value: Any) -> None:
            super().__init__()
            self.key = key
            self.value = value

    class SaveRequested(Message):
        """The user asked to keep the assumptions changed in this conversation for later sessions."""

    class QuestionTyped(Message):
        """Text that is no assumption value was typed or pasted into the panel."""

        def __init__(self, text: str, submit: bool = False) -> None:
            super().__init__()
            self.text = text
            self.submit = submit  # Enter came with it: ask the question

    def __init__(self, assumptions: Assumptions, snapshots: list[str] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.assumptions = assumptions
        self.snapshots = snapshots or [assumptions.snapshot]
        self.lang: str | None = None  # the language the panel is drawn in (the app's, when composed)
        self.catalog_rate: float | None = None  # yuan per dollar from the KB (set when the session is open)
        self.household: float | None = None  # yuan per kWh yuan answers use by default

    def compose(self):
        lang = self.lang = host(self).lang
        yield Static(i18n.t(lang, "tui.panel_title"), classes="panel-title")
        for field in NUMBER_FIELDS:
            yield Label(field.label(lang, field.money and self.cny_per_usd is not None))
            yield ValueInput(
                self.shown(field),
                id=f"assume-{field.key}",
                validators=[field.validator],
                validate_on=["changed", "submitted"],
                compact=True,
                placeholder=i18n.t(lang, "tui.none"),
            )
        yield Label(i18n.t(lang, "tui.field_snapshot"))
        yield Select(
            [(snapshot_label(host(self).lang, s), s) for s in self.snapshots],
            value=self.assumptions.snapshot,
            allow_blank=False,
            type_to_search=False,
            id="assume-snapshot",
            compact=True,
        )
        yield Label(i18n.t(lang, "tui.field_condition"))
        yield Select(
            [
                (i18n.t(lang, "tui.either") if c == EITHER else i18n.t(lang, f"cond.{c}"), c)
                for c in (EITHER, "new", "used")
            ],
            value=self.assumptions.condition or EITHER,
            allow_blank=False,
            type_to_search=False,
            id="assume-condition",
            compact=True,
        )
        yield Button(i18n.t(lang, "tui.save_defaults"), id="assume-save", compact=True)
        yield Static(i18n.t(lang, "tui.panel_hint"), classes="panel-hint")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.SaveRequested())

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a list (snapshot, new or used) starts a question too."""
        if event.is_printable and event.character and not event.character.isspace():
            event.stop()
            self.post_message(self.QuestionTyped(event.character))

    @property
    def cny_per_usd(self) -> float | None:
        """Yuan per dollar when the conversation is in yuan (the user's rate, else the KB's), else None."""
        if i18n.currency(self.lang or "en") != "CNY":
            return None
        return self.assumptions.cny_per_usd or self.catalog_rate

    def shown(self, field: Field) -> str:
        """A field's value as the panel shows it: in yuan in a yuan conversation, where an unchanged
        electricity price is the household price yuan answers use."""
        value = getattr(self.assumptions, field.key)
        rate = self.cny_per_usd if field.money else None
        if rate is None or value is None:
            return field.show(value)
        if field.key == "electricity_usd_per_kwh" and field.key not in self.assumptions.changed and self.household:
            return _in_yuan(field, self.household)
        return _in_yuan(field, value * rate)

    def parsed(self, field: Field, text: str) -> Any:
        """The value typed into a field, in dollars for the assumptions."""
        value = field.parse(text)
        rate = self.cny_per_usd if field.money else None
        return value if rate is None or value is None else value / rate

    def focus_first(self) -> None:
        self.query_one(Input).focus()

    def set_snapshots(self, snapshots: list[str]) -> None:
        self.snapshots = list(snapshots) or [self.assumptions.snapshot]
        select = self.query_one("#assume-snapshot", Select)
        with select.prevent(Select.Changed):
            select.set_options([(snapshot_label(host(self).lang, s), s) for s in self.snapshots])
            current = self.assumptions.snapshot
            select.value = current if current in self.snapshots else self.snapshots[0]

    def show(self, assumptions: Assumptions) -> None:
        """Show the values in `assumptions` (e.g. after an answer changed them)."""
        self.assumptions = assumptions
        for field in NUMBER_FIELDS:
            box = self.query_one(f"#assume-{field.key}", Input)
            if not box.has_focus:
                with box.prevent(Input.Changed):
                    box.value = self.shown(field)
        for key, value in (("snapshot", assumptions.snapshot), ("condition", assumptions.condition or EITHER)):
            select = self.query_one(f"#assume-{key}", Select)
            with select.prevent(Select.Changed):
                if key == "condition" or value in self.snapshots:
                    select.value = value

    def _apply(self, box: Input) -> None:
        field = next(f for f in NUMBER_FIELDS if box.id == f"assume-{f.key}")
        if box.value == self.shown(field):
            return  # nothing typed: the value shown stays as it is
        result = box.validate(box.value)
        if result is not None and not result.is_valid:
            lang = host(self).lang
            kept = self.shown(field) or i18n.t(lang, "tui.none")
            typed = escape(for_terminal(repr(box.value[:80])))
            range_key = f"set.range.{field.key}"
            words = i18n.t(lang, range_key) if i18n.has(lang, range_key) else setting_rules.RANGES[field.key].words
            label = field.label(lang, field.money and self.cny_per_usd is not None)
            message = i18n.t(lang, "tui.invalid", field=label, typed=typed, words=words, kept=kept)
            self.notify(message, severity="error")
            box.value = self.shown(field)
            return
        value = self.parsed(field, box.value)
        if value != getattr(self.assumptions, field.key):
            self.post_message(self.Changed(field.key, value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._apply(event.input)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        self._apply(event.input)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        key = (event.select.id or "").removeprefix("assume-")
        value = None if event.value == EITHER else event.value
        if value != getattr(self.assumptions, key):
            self.post_message(self.Changed(key, value))
