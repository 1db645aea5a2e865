"""The `.dialogue` file format: scripted conversations with expectations on every answer.

Contract: `parse(text, path)` / `load(path)` turn a file into a `DialogueFile` of `Dialogue`s,
each a list of `Turn`s (what the user types) with `Expectation`s (what the answer must be).
A malformed file raises `DialogueSyntaxError` naming the file, the line, what was expected and
what was found. Nothing here runs the assistant; `expectations.py` checks, `runner.py` runs.
The format is documented in docs/dialogues.md:

    # a comment
    dialogue: compare, then a follow-up          <- starts a conversation (several per file)
    setup: prices 2023-01                        <- assumptions / price overrides for it
    xfail: the parser does not know "ti" yet     <- expected to fail, with the reason

    > why 4070 ti over 4080?                     <- a user turn
      intent: compare                            <- expectations, indented, one per line
      figure speedup ~ 0.80 +- 15%
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import regex

ASSUMPTION_KEYS = {  # setup word -> Assumptions field
    "electricity": "electricity_usd_per_kwh",
    "electricity_usd_per_kwh": "electricity_usd_per_kwh",
    "utilization": "utilization",
    "years": "years",
    "budget": "budget_usd",
    "budget_usd": "budget_usd",
    "condition": "condition",
    "prices": "snapshot",
    "snapshot": "snapshot",
    "currency": "currency",
    "exchange": "cny_per_usd",
    "cny_per_usd": "cny_per_usd",
}
FIELDS = ("intent", "choice", "workload", "precision")  # `FIELD: value` expectations on JSON fields
TEXT_KINDS = {
    "contains": "contains",
    "not contains": "not_contains",
    "does not contain": "not_contains",
    "matches": "matches",
    "not matches": "not_matches",
    "does not match": "not_matches",
    "gpus contains": "gpus_contains",
    "gpus not contains": "gpus_not_contains",
    "sources contains": "sources_contains",
    "clarification contains": "clarification_contains",
}
EXPECTATION_HELP = (
    "an expectation such as 'intent: compare', 'gpus: GeForce RTX 4090', 'choice: none', "
    "'contains: per dollar', 'not contains: error', 'matches: \\d+ GB', 'clarification: yes', "
    "'figure speedup ~ 1.7 +- 5%', 'figure vram_required_gb between 38 and 45', 'figure fits = true'"
)
SETUP_HELP = (
    "a setup such as 'setup: prices 2023-01', 'setup: electricity 0.30', 'setup: utilization 50%', "
    "'setup: years 3', 'setup: budget 1500', 'setup: condition used', "
    "'setup: price GeForce RTX 4090 = 1499' or 'setup: price GeForce RTX 3090 used = 700'"
)

_NUMBER = r"[-+]?\$?\d[\d,_]*(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\$?\.\d+"
_PATH = r"[A-Za-z_]\w*(?:\[\d+\]|\.\w+)*"


class DialogueSyntaxError(Exception):
    def __init__(self, path: str, line: int, message: str, text: str = ""):
        self.path, self.line, self.message, self.text = path, line, message, text
        shown = f"\n    {line}: {text.rstrip()}" if text.strip() else ""
        super().__init__(f"{path}:{line}: {message}{shown}")


@dataclass(frozen=True)
class Expectation:
    """One check on an answer. `kind`: a FIELDS name, gpus, clarification, figure, assumption or
    a TEXT_KINDS value. For figure/assumption: `subject` is the key path (`ranking[0]`), `op` is
    one of = != ~ between < <= > >= contains present absent, `value`/`bound` the operands
    (`bound`: tolerance for ~, upper limit for between), `relative` when the tolerance is a %."""

    kind: str
    line: int
    source: str
    value: Any = None
    subject: str = ""
    op: str = "="
    bound: Any = None
    relative: bool = False


@dataclass(frozen=True)
class Setup:
    key: str  # an Assumptions field, or "price" for a price override
    value: Any
    line: int
    source: str
    gpu: str = ""
    condition: str = "new"


@dataclass
class Turn:
    text: str
    line: int
    expectations: list[Expectation] = field(default_factory=list)


@dataclass
class Dialogue:
    name: str
    path: str
    line: int
    setup: list[Setup] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    xfail: str | None = None


@dataclass
class DialogueFile:
    path: str
    dialogues: list[Dialogue] = field(default_factory=list)


def number(text: str) -> float | None:
    text = text.strip()
    if not re.fullmatch(_NUMBER, text):
        return None
    return float(text.replace("$", "").replace(",", "").replace("_", ""))


def _matched_number(text: str) -> float:
    """A number the pattern `_NUMBER` has matched (so it always reads)."""
    value = number(text)
    if value is None:
        raise ValueError(f"not a number: {text!r}")
    return value


def literal(text: str) -> Any:
    """A value as written: true/false, none/null, a number, a "quoted" or a bare string."""
    text = text.strip()
    low = text.lower()
    if low in ("true", "yes"):
        return True
    if low in ("false", "no"):
        return False
    if low in ("none", "null"):
        return None
    value = number(text)
    if value is not None:
        return value
    return unquote(text)


def unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text[1:-1]
    return text


def _split_names(text: str) -> list[str]:
    return [] if text.strip().lower() in ("", "none", "[]") else [unquote(n) for n in text.split(",") if n.strip()]


def _fail(path: str, line: int, message: str, text: str = "") -> DialogueSyntaxError:
    return DialogueSyntaxError(path, line, message, text)


def parse_setup(body: str, path: str, line: int, source: str) -> Setup:
    m = re.fullmatch(r"price\s+(.+?)(?:\s+(new|used))?\s*=\s*(\S+)", body, re.IGNORECASE)
    if m:
        usd = number(m.group(3))
        if usd is None or usd <= 0:
            raise _fail(path, line, f"expected a positive price in USD after '=', got '{m.group(3)}'", source)
        return Setup("price", usd, line, source, gpu=unquote(m.group(1)), condition=(m.group(2) or "new").lower())
    word, _, rest = body.partition(" ")
    key, rest = ASSUMPTION_KEYS.get(word.lower()), rest.strip()
    if key is None or not rest:
        raise _fail(path, line, f"expected {SETUP_HELP}", source)
    if key in ("snapshot", "currency", "condition"):
        value: Any = rest if key != "currency" else rest.upper()
        if key == "condition":
            value = None if rest.lower() in ("any", "either", "none") else rest.lower()
            if value not in (None, "new", "used"):
                raise _fail(path, line, f"expected condition new, used or any, got '{rest}'", source)
        return Setup(key, value, line, source)
    if key == "budget_usd" and rest.lower() == "none":
        return Setup(key, None, line, source)
    percent = key == "utilization" and rest.endswith("%")
    value = number(re.sub(r"\s*(/\s*kwh|%)$", "", rest, flags=re.IGNORECASE))
    if value is None:
        raise _fail(path, line, f"expected a number for '{word}', got '{rest}'", source)
    return Setup(key, value / 100 if percent else value, line, source)


def _compare(kind: str, subject: str, rest: str, path: str, line: int, source: str) -> Expectation:
    rest = rest.strip()

    def check(op: str, value: Any = None, bound: Any = None, relative: bool = False) -> Expectation:
        return Expectation(
            kind=kind, line=line, source=source, subject=subject, op=op, value=value, bound=bound, relative=relative
        )

    if rest.lower() in ("present", "absent"):
        return check(rest.lower())
    if rest.lower().startswith("contains:"):
        return check("contains", literal(rest[9:]))
    m = re.fullmatch(rf"(?:~|≈)\s*({_NUMBER})\s*(?:\+-|\+/-|±)\s*({_NUMBER})\s*(%?)", rest)
    if m:
        return check("~", _matched_number(m.group(1)), abs(_matched_number(m.group(2))), bool(m.group(3)))
    m = re.fullmatch(rf"between\s+({_NUMBER})\s+and\s+({_NUMBER})", rest, re.IGNORECASE)
    if m:
        low, high = sorted((_matched_number(m.group(1)), _matched_number(m.group(2))))
        return check("between", low, high)
    m = re.fullmatch(r"(!=|==|=|<=|>=|<|>)\s*(.+)", rest)
    if m and (m.group(1) in ("=", "==", "!=") or number(m.group(2)) is not None):
        return check("=" if m.group(1) == "==" else m.group(1), literal(m.group(2)))
    raise _fail(
        path,
        line,
        f"expected a comparison after '{kind} {subject}': '~ 1.7 +- 5%', 'between 38 and 45', "
        "'= true', '!= rent', '> 100', 'contains: NAME', 'present' or 'absent'",
        source,
    )


def parse_expectation(body: str, path: str, line: int, source: str) -> Expectation:
    m = re.fullmatch(rf"(figure|assumption)\s+({_PATH})\s*(.*)", body, re.IGNORECASE)
    if m:
        return _compare(m.group(1).lower(), m.group(2), m.group(3), path, line, source)
    key, colon, value = body.partition(":")
    key = re.sub(r"\s+", " ", key.strip().lower())
    if not colon:
        raise _fail(path, line, f"expected {EXPECTATION_HELP}", source)
    value = value.strip()
    if key in FIELDS:
        options = [literal(v) if v.strip().lower() in ("none", "null") else unquote(v) for v in value.split("|")]
        if any(o == "" for o in options):
            raise _fail(path, line, f"expected a value after '{key}:' (alternatives separated by '|')", source)
        return Expectation(key, line, source, value=options[0] if len(options) == 1 else tuple(options))
    if key == "gpus":
        return Expectation("gpus", line, source, value=_split_names(value))
    if key in ("gpus contains", "gpus not contains"):
        return Expectation(TEXT_KINDS[key], line, source, value=_split_names(value))
    if key == "clarification":
        asked = {"yes": True, "asked": True, "true": True, "no": False, "none": False, "false": False}.get(
            value.lower()
        )
        if asked is None:
            raise _fail(
                path,
                line,
                f"expected 'clarification: yes' or 'clarification: none' "
                f"(or 'clarification contains: TEXT'), got '{value}'",
                source,
            )
        return Expectation("clarification", line, source, value=asked)
    if key in TEXT_KINDS:
        text = unquote(value)
        if not text:
            raise _fail(path, line, f"expected some text after '{key}:'", source)
        if TEXT_KINDS[key] in ("matches", "not_matches"):
            try:
                regex.compile(text, regex.VERSION0)
            except regex.error as exc:
                raise _fail(path, line, f"expected a regular expression after '{key}:' ({exc})", source) from None
        return Expectation(TEXT_KINDS[key], line, source, value=text)
    raise _fail(path, line, f"expected {EXPECTATION_HELP}; '{key}' is not one", source)


def parse(text: str, path: str = "<string>") -> DialogueFile:
    out = DialogueFile(path)
    file_setup: list[Setup] = []
    current: Dialogue | None = None
    for number_, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        indented = raw[:1] in (" ", "\t")
        if stripped.startswith(">"):
            if current is None:
                raise _fail(path, number_, "expected 'dialogue: NAME' before the first '> question'", raw)
            current.turns.append(Turn(unquote(stripped[1:].strip()), number_))
            continue
        if indented and current is not None and current.turns:
            current.turns[-1].expectations.append(parse_expectation(stripped, path, number_, stripped))
            continue
        key, colon, value = stripped.partition(":")
        key, value = key.strip().lower(), value.strip()
        if colon and key == "dialogue":
            if not value or "::" in value:
                raise _fail(path, number_, "expected a name after 'dialogue:' (without '::')", raw)
            for other in out.dialogues:
                if other.name == value:
                    raise _fail(
                        path,
                        number_,
                        f"expected a new dialogue name; '{value}' is already used on line {other.line}",
                        raw,
                    )
            _finish(current, path)
            current = Dialogue(value, path, number_, setup=list(file_setup))
            out.dialogues.append(current)
        elif colon and key == "setup" and (current is None or not current.turns):
            (current.setup if current else file_setup).append(parse_setup(value, path, number_, stripped))
        elif colon and key == "xfail" and current is not None and not current.turns:
            if not value:
                raise _fail(path, number_, "expected a reason after 'xfail:'", raw)
            current.xfail = value
        elif colon and key in ("setup", "xfail") and current is not None:
            raise _fail(
                path, number_, f"expected '{key}:' before the first '> question' of dialogue '{current.name}'", raw
            )
        elif current is not None and current.turns:
            raise _fail(
                path,
                number_,
                "expected an indented expectation, a '> question' or a new 'dialogue: NAME' "
                "(expectations must be indented under their question)",
                raw,
            )
        else:
            where = "at the top of the file" if current is None else "before the first '> question'"
            raise _fail(
                path, number_, f"expected 'dialogue: NAME', 'setup: ...', 'xfail: REASON' or '> question' {where}", raw
            )
    _finish(current, path)
    if not out.dialogues:
        raise _fail(path, 1, "expected at least one 'dialogue: NAME' with a '> question' (the file has none)")
    return out


def _finish(dialogue: Dialogue | None, path: str) -> None:
    if dialogue is not None and not dialogue.turns:
        raise _fail(path, dialogue.line, f"expected at least one '> question' in dialogue '{dialogue.name}'")


def load(path: str | Path, shown: str | None = None) -> DialogueFile:
    """Parse a file; `shown` is the path messages use (default: `path` as given)."""
    shown = shown or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(shown, 1, f"expected UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return parse(text, shown)
