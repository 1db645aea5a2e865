"""Run `.dialogue` files against the assistant and report every turn.

Contract: `main(paths, db_url=None) -> int` runs the files and folders given (folders: every
`*.dialogue` below them), prints a per-turn report of failures (expected vs got, with the
answer text) and a summary, and returns 0 only when every dialogue passed (or failed as
expected with `xfail:`); 1 when a dialogue failed or a file is malformed; 2 when a path does
not exist or holds no dialogue. One `Session` serves the whole run: a private in-memory KB;
with `db_url`, the saved prices and settings of that database are copied into it (the database
is only read, never written). Each dialogue gets a fresh `Conversation` with its setup's
assumptions, and the price overrides present before it are restored after it. Everything
printed passes through `for_terminal`, so a dialogue file cannot drive the terminal.
`run_dialogue` and `report` are shared with the pytest plugin.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from assistant.terminal_text import for_terminal
from assistant.testing.expectations import Outcome, answer_text, check, show
from assistant.testing.format import Dialogue, DialogueFile, DialogueSyntaxError, Turn, load

MAX_ANSWER_LINES = 40


@dataclass
class TurnResult:
    turn: Turn
    outcomes: list[Outcome] = field(default_factory=list)
    data: dict | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.data is not None and all(o.ok for o in self.outcomes)


@dataclass
class DialogueResult:
    dialogue: Dialogue
    turns: list[TurnResult] = field(default_factory=list)
    error: str | None = None  # the dialogue could not run as written (setup, unknown GPU name)
    seconds: float = 0.0

    @property
    def failed(self) -> bool:
        return self.error is not None or not all(t.ok for t in self.turns)

    @property
    def status(self) -> str:
        if self.error is not None:
            return "error"
        if self.dialogue.xfail:
            return "xfailed" if self.failed else "xpassed"
        return "failed" if self.failed else "passed"


def open_test_session(db_url: str | None = None):
    from assistant.session import open_session

    session = open_session("sqlite://", echo_warnings=False)
    session.reader.saves = True  # "remember this" behaves as on a user's database, in the private copy
    if db_url:
        _copy_user_data(db_url, session.reader)
    return session


def _copy_user_data(db_url: str, reader) -> None:
    """Read the saved prices and settings of `db_url` (read-only) into the private KB."""
    from sqlalchemy import text

    from assistant.kb.errors import DatabaseProblem
    from assistant.kb.store import make_engine
    from assistant.kb.urls import mask_url

    url = db_url
    if url.startswith("sqlite:///") and not url.endswith(":memory:"):
        url = f"sqlite:///file:{url[len('sqlite:///') :]}?mode=ro&uri=true"
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            prices = conn.execute(text("SELECT gpu_name, condition, usd FROM userpriceoverride")).all()
            settings = conn.execute(text("SELECT key, value FROM usersetting")).all()
    except Exception as exc:  # noqa: BLE001 - any failure to read is the user's to fix; say which database
        raise DatabaseProblem(f"cannot read the saved data of {mask_url(db_url)}: {type(exc).__name__}") from None
    finally:
        engine.dispose()
    for gpu, condition, usd in prices:
        reader.user.set_price_override(gpu, usd, condition)
    for key, value in settings:
        reader.user.set_setting(key, value)


_names_of_last: tuple[object, set[str]] | None = None  # (the name entries, their names) of the last reader asked


def _known_names(session) -> set[str] | None:
    """The canonical GPU names of the session's KB (computed once per reader, not per dialogue)."""
    global _names_of_last
    reader = getattr(session, "reader", None)
    entries = getattr(reader, "name_entries", None)
    if entries is None:
        return None
    if _names_of_last is None or _names_of_last[0] is not entries:
        _names_of_last = (entries, {e.name for e in entries})
    return _names_of_last[1]


def _unknown_gpu(name: str, known: set[str]) -> str:
    hint = ""
    try:
        from rapidfuzz import process

        best = process.extractOne(name, known)
        hint = f" (did you mean '{best[0]}'?)" if best else ""
    except ImportError:
        pass
    return f"'{name}' is not a canonical GPU name of the knowledge base{hint}"


def _gpu_names_in(exp) -> list[str]:
    """The GPU names an expectation checks (a list of GPUs or a clarification's choices)."""
    if exp.kind in ("gpus", "gpus_contains", "gpus_not_contains"):
        return list(exp.value)
    if exp.kind == "choice":
        return [v for v in (exp.value if isinstance(exp.value, tuple) else (exp.value,)) if v]
    return []


def lint(dialogue: Dialogue, session) -> str | None:
    """Names and snapshots in the file that the knowledge base does not know."""
    known = _known_names(session)
    problems = []
    for s in dialogue.setup:
        if s.key == "price" and known is not None and s.gpu not in known:
            problems.append(f"{dialogue.path}:{s.line}: {_unknown_gpu(s.gpu, known)}")
        if s.key == "snapshot" and hasattr(getattr(session, "reader", None), "price_snapshots"):
            snapshots = session.reader.price_snapshots()
            if s.value not in snapshots:
                problems.append(
                    f"{dialogue.path}:{s.line}: no price snapshot '{s.value}' (known: {', '.join(sorted(snapshots))})"
                )
    for turn in dialogue.turns:
        for exp in turn.expectations:
            for name in _gpu_names_in(exp):
                if known is not None and name not in known:
                    problems.append(f"{dialogue.path}:{exp.line}: {_unknown_gpu(name, known)}")
    return "\n".join(problems) or None


def _assumptions(dialogue: Dialogue):
    from assistant.dialogue import Assumptions

    a = Assumptions()
    for s in dialogue.setup:
        if s.key != "price":
            a.set(s.key, s.value)
    return a


def run_dialogue(dialogue: Dialogue, session) -> DialogueResult:
    from assistant.answer import to_json_dict

    started = time.perf_counter()
    result = DialogueResult(dialogue, error=lint(dialogue, session))
    if result.error:
        return result
    reader = getattr(session, "reader", None)
    before = dict(reader.user.price_overrides()) if reader is not None else {}
    try:
        for s in dialogue.setup:
            if s.key == "price" and reader is not None:
                reader.user.set_price_override(s.gpu, s.value, s.condition)
        conversation = session.conversation(_assumptions(dialogue))
        for turn in dialogue.turns:
            tr = TurnResult(turn)
            result.turns.append(tr)
            try:
                answer = conversation.ask(turn.text)
                tr.data = to_json_dict(answer)
                tr.notes = [n for n in getattr(answer, "notes", []) if n.startswith("internal error")]
            except Exception as exc:  # noqa: BLE001 - ask() must never raise: report it as this turn's failure
                tr.notes = [f"ask() raised {type(exc).__name__}: {exc}"]
                continue
            tr.outcomes = [check(exp, tr.data) for exp in turn.expectations]
    except Exception as exc:  # noqa: BLE001 - a setup the assistant refuses is an error of the file
        result.error = f"{dialogue.path}:{dialogue.line}: could not set up dialogue: {type(exc).__name__}: {exc}"
    finally:
        if reader is not None:
            _restore_overrides(reader, before)
        result.seconds = time.perf_counter() - started
    return result


def _restore_overrides(reader, before: dict) -> None:
    now = reader.user.price_overrides()
    if now == before:
        return
    for gpu in {g for g, _ in now} | {g for g, _ in before}:
        reader.user.clear_price_override(gpu)
    for (gpu, condition), usd in before.items():
        reader.user.set_price_override(gpu, usd, condition)


# the report ------------------------------------------------------------------------------------
def _answer_block(data: dict) -> list[str]:
    lines = answer_text(data).splitlines() or ["(empty)"]
    shown = [f"      | {line}".rstrip() for line in lines[:MAX_ANSWER_LINES]]
    if len(lines) > MAX_ANSWER_LINES:
        shown.append(f"      | ... ({len(lines) - MAX_ANSWER_LINES} more lines)")
    return shown


def _turn_report(n: int, tr: TurnResult) -> list[str]:
    head = f"  turn {n} (line {tr.turn.line}): > {tr.turn.text}"
    if tr.ok:
        return [f"{head}   [{len(tr.outcomes)} expectations met]"]
    out = [head]
    for o in tr.outcomes:
        if o.ok:
            out.append(f"    ok    {o.expectation.source}")
        else:
            out.append(f"    FAIL  {o.expectation.source}   (line {o.expectation.line})")
            out.append(f"            expected: {o.expected}")
            out.append(f"            got:      {o.got}")
    out += [f"    ! {note}" for note in tr.notes]
    if tr.data is not None:
        d = tr.data
        out.append(
            f"    got: intent {d.get('intent')}, gpus {show(d.get('gpus'))}, choice {show(d.get('choice'))}, "
            f"workload {show(d.get('workload'))}, precision {show(d.get('precision'))}, "
            f"clarification {'yes' if d.get('clarification') else 'none'}"
        )
        out.append(f"    figures: {show(d.get('figures'), 600)}")
        out.append("    answer:")
        out += _answer_block(d)
    return out


def report(result: DialogueResult) -> str:
    """The full report of one dialogue: every turn; failing turns with expected vs got."""
    d = result.dialogue
    label = {"passed": "ok", "failed": "FAIL", "error": "ERROR", "xfailed": "xfail", "xpassed": "XPASS"}[result.status]
    lines = [f"{label}: dialogue '{d.name}' ({d.path}:{d.line})"]
    if d.xfail:
        lines.append(f"  xfail: {d.xfail}")
    if result.error:
        return "\n".join(lines + ["  " + e for e in result.error.splitlines()])
    for n, tr in enumerate(result.turns, start=1):
        lines += _turn_report(n, tr)
    return "\n".join(lines)


def _summary_line(result: DialogueResult) -> str:
    label = {"passed": "ok   ", "failed": "FAIL ", "error": "ERROR", "xfailed": "xfail", "xpassed": "XPASS"}[
        result.status
    ]
    extra = f" - {result.dialogue.xfail}" if result.dialogue.xfail else ""
    return f"  {label} {result.dialogue.name} ({len(result.dialogue.turns)} turns){extra}"


# main ------------------------------------------------------------------------------------------
def collect(paths: list[str]) -> tuple[list[Path], list[str]]:
    files, missing = [], []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(p.rglob("*.dialogue"))
        elif p.is_file():
            files.append(p)
        else:
            missing.append(str(p))
    return files, missing


def main(paths: list[str], db_url: str | None = None, session=None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    files, missing = collect(paths)
    for name in missing:
        print(for_terminal(f"gpu-advisor test: no such file or folder: {name}"), file=sys.stderr)
    if missing or not files:
        if not missing:
            print(for_terminal(f"gpu-advisor test: no .dialogue files in {', '.join(paths)}"), file=sys.stderr)
        return 2
    started = time.perf_counter()
    parsed: list[DialogueFile] = []
    broken = 0
    for path in files:
        try:
            parsed.append(load(path))
        except (DialogueSyntaxError, OSError) as exc:
            broken += 1
            print(for_terminal(f"ERROR {exc}"), file=out)
    session = session or (open_test_session(db_url) if parsed else None)
    counts = dict.fromkeys(("passed", "failed", "xfailed", "xpassed", "error"), 0)
    failures: list[str] = []
    for df in parsed:
        print(for_terminal(df.path), file=out)
        for dialogue in df.dialogues:
            result = run_dialogue(dialogue, session)
            counts[result.status] += 1
            print(for_terminal(_summary_line(result)), file=out, flush=True)
            if result.status in ("failed", "error"):
                failures.append(report(result))
    if failures:
        print("\n" + "=" * 30 + " failures " + "=" * 30, file=out)
        print(for_terminal("\n\n".join(failures)), file=out)
    total = sum(counts.values())
    parts = [f"{v} {k}" for k, v in counts.items() if v or k in ("passed", "failed")]
    broken_text = f", {broken} malformed file{'s' if broken != 1 else ''}" if broken else ""
    print(
        f"\n{total} dialogues in {len(parsed)} files: {', '.join(parts)}{broken_text} "
        f"({time.perf_counter() - started:.1f} s)",
        file=out,
    )
    return 1 if broken or counts["failed"] or counts["error"] else 0
