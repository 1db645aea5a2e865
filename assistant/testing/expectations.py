"""Checking one `Expectation` against one answer (its JSON contract dict).

Contract: `check(expectation, data)` returns an `Outcome` (ok, what was expected, what was got),
never raises for any answer. `data` is `assistant.answer.to_json_dict(answer)`. Text compares
case-insensitively with runs of whitespace collapsed; regexes search case-insensitively; GPU
names (gpus, choice) compare exactly; numbers compare with the tolerance written in the file.
A `matches` pattern runs with the `regex` engine under a time limit (`PATTERN_SECONDS`): a
pattern that backtracks without end fails its turn instead of hanging the run.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

import regex

from assistant.testing.format import Expectation

_MISSING = object()
PATTERN_SECONDS = 2.0


@dataclass(frozen=True)
class Outcome:
    expectation: Expectation
    ok: bool
    expected: str
    got: str


def norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text or "")).strip().casefold()


def show(value: Any, limit: int = 300) -> str:
    if value is _MISSING:
        return "(missing)"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def answer_text(data: dict) -> str:
    text = data.get("answer") or ""
    clar = data.get("clarification") or ""
    return text if clar in text else f"{text}\n{clar}".strip()


def lookup(root: Any, path: str) -> Any:
    """`ranking[0].gpu` in a nested dict/list; _MISSING when absent."""
    value = root
    for part in re.findall(r"\w+|\[\d+\]", path):
        if part.startswith("["):
            index = int(part[1:-1])
            value = value[index] if isinstance(value, (list, tuple)) and index < len(value) else _MISSING
        elif isinstance(value, dict):
            value = value.get(part, _MISSING)
        elif isinstance(value, (list, tuple)) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            value = _MISSING
        if value is _MISSING:
            return _MISSING
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and not math.isnan(value)


def same(got: Any, want: Any) -> bool:
    if want is None:
        return got is None
    if isinstance(want, bool) or isinstance(got, bool):
        return isinstance(want, bool) and isinstance(got, bool) and got == want
    if _is_number(want):
        if isinstance(got, str):
            try:
                got = float(got)
            except ValueError:
                return False
        return _is_number(got) and math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-9)
    if isinstance(got, str) or _is_number(got):
        return norm(got) == norm(want)
    return False


def _contains(got: Any, want: Any) -> bool:
    if isinstance(got, str):
        return norm(want) in norm(got)
    if isinstance(got, dict):
        return any(same(k, want) for k in got) or any(_contains(v, want) or same(v, want) for v in got.values())
    if isinstance(got, (list, tuple)):
        return any(same(item, want) or (isinstance(item, (dict, list)) and _contains(item, want)) for item in got)
    return False


def _compare(exp: Expectation, root: dict) -> Outcome:
    got = lookup(root, exp.subject)
    where = f"{exp.kind} {exp.subject}"
    expected = exp.source
    op = exp.op
    if op == "present":
        return Outcome(exp, got is not _MISSING and got is not None, f"{where} present", show(got))
    if op == "absent":
        return Outcome(exp, got is _MISSING or got is None, f"{where} absent", show(got))
    if got is _MISSING:
        keys = ", ".join(sorted(root)) if isinstance(root, dict) and root else "none"
        return Outcome(exp, False, expected, f"no {where} (the answer's {exp.kind}s: {keys})")
    if op in ("=", "!="):
        ok = same(got, exp.value)
        return Outcome(exp, ok if op == "=" else not ok, expected, show(got))
    if op == "contains":
        return Outcome(exp, _contains(got, exp.value), f"{where} contains {show(exp.value)}", show(got))
    if not _is_number(got):
        return Outcome(exp, False, expected, f"{show(got)}, not a number")
    if op == "~":
        tol = exp.bound / 100 * abs(exp.value) if exp.relative else exp.bound
        low, high = exp.value - tol, exp.value + tol
        expected = f"{exp.source} (from {low:.5g} to {high:.5g})"
        return Outcome(exp, low - 1e-12 <= got <= high + 1e-12, expected, f"{got:g}")
    if op == "between":
        return Outcome(exp, exp.value <= got <= exp.bound, expected, f"{got:g}")
    ok = {"<": got < exp.value, "<=": got <= exp.value, ">": got > exp.value, ">=": got >= exp.value}[op]
    return Outcome(exp, ok, expected, f"{got:g}")


def _names(values: list[str]) -> str:
    return "[" + ", ".join(values) + "]"


def _gpus(exp: Expectation, got: list[str]) -> Outcome:
    want = list(exp.value)
    if got == want:
        return Outcome(exp, True, _names(want), _names(got))
    missing = [g for g in want if g not in got]
    extra = [g for g in got if g not in want]
    detail = (
        "; ".join(
            p
            for p in (f"missing {_names(missing)}" if missing else "", f"unexpected {_names(extra)}" if extra else "")
            if p
        )
        or "same names, other order"
    )
    return Outcome(exp, False, _names(want), f"{_names(got)} ({detail})")


def check(exp: Expectation, data: dict) -> Outcome:
    try:
        return _check(exp, data)
    except Exception as exc:  # noqa: BLE001 - a malformed answer is a failed expectation, not a crash
        return Outcome(exp, False, exp.source, f"could not check: {type(exc).__name__}: {exc}")


def _check(exp: Expectation, data: dict) -> Outcome:
    kind, want = exp.kind, exp.value
    text = answer_text(data)
    if kind in ("intent", "workload", "precision", "choice"):
        got, options = data.get(kind), want if isinstance(want, tuple) else (want,)
        if kind == "choice":  # a GPU name: exact
            ok = got in options
        else:
            ok = any((got is None) if w is None else (got is not None and norm(got) == norm(w)) for w in options)
        return Outcome(exp, ok, " or ".join(show(w) for w in options), show(got))
    if kind == "gpus":
        return _gpus(exp, list(data.get("gpus") or []))
    if kind in ("gpus_contains", "gpus_not_contains"):
        got = list(data.get("gpus") or [])
        present = [g for g in want if g in got]
        ok = len(present) == len(want) if kind == "gpus_contains" else not present
        return Outcome(
            exp, ok, ("gpus include " if kind == "gpus_contains" else "gpus exclude ") + _names(want), _names(got)
        )
    if kind == "clarification":
        got = data.get("clarification")
        return Outcome(exp, bool(got) == want, "a clarification" if want else "no clarification", show(got))
    if kind == "clarification_contains":
        got = data.get("clarification")
        return Outcome(
            exp, bool(got) and norm(want) in norm(got), f"a clarification containing {show(want)}", show(got)
        )
    if kind == "contains":
        return Outcome(exp, norm(want) in norm(text), f"text containing {show(want)}", "not in the answer text")
    if kind == "not_contains":
        return Outcome(exp, norm(want) not in norm(text), f"text without {show(want)}", "found in the answer text")
    if kind in ("matches", "not_matches"):
        try:
            found = regex.search(want, text, regex.IGNORECASE | regex.VERSION0, timeout=PATTERN_SECONDS)
        except TimeoutError:
            return Outcome(
                exp, False, f"text matching /{want}/", f"the pattern ran over {PATTERN_SECONDS:g} s: simplify it"
            )
        ok = bool(found) == (kind == "matches")
        got = f"matched {show(found.group(0))}" if found else "no match in the answer text"
        return Outcome(exp, ok, f"text {'matching' if kind == 'matches' else 'not matching'} /{want}/", got)
    if kind == "sources_contains":
        sources = data.get("sources") or []
        return Outcome(
            exp, any(norm(want) in norm(s) for s in sources), f"a source containing {show(want)}", show(sources)
        )
    if kind in ("figure", "assumption"):
        return _compare(exp, data.get("figures" if kind == "figure" else "assumptions") or {})
    return Outcome(exp, False, exp.source, f"unknown expectation kind {kind!r}")
