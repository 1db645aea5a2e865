"""Usage: .venv/bin/python scripts/number_audit.py [--list ROLE|all] [--json OUT] [--before OLD.json] [FILES...]

The stated-numbers audit: every number a question states (money, a rate per hour or kWh, a count of cards, users
or images, hours a day / week / month, watts, GB, context, quant bits, RAM speed, steps, samples, dates ...) must
be carried by the parsed query, shown in the answer, or said not to be used. The audit reads each question of the
held-out sets (eval/questions: stranger10-14_questions, final12_questions, pool13, see SET_GLOBS; files named *conv* are
conversations, their turns asked in order) and sorts every stated number into

  carried   its value (or a plain conversion: hours a day -> a week, a percentage -> a share) sits in a query field
            of its role (a count in a count, money in a price / budget / rate field ...)
  misplaced its value sits only in a field of ANOTHER role ("500 a100 hours" read as 500 GPUs)
  declined  the answer shows the number in a sentence that says it was not used / not counted
  shown     the answer shows the number (the query did not keep it)
  dropped   none of these: the number the user stated is silently gone

The roles are read here with their own small vocabulary, independent of the product's tagger, so that a number
the tagger misses shows up as dropped. GPU and model names ("4090", "llama 3.1 8b") are names, not stated numbers
(the product tagger's GPU / MODEL spans are skipped). A small integer (< 20) counts as shown only with a unit of
its role beside it in the answer ("4 x", "4 张", "10 users"), since "4" alone appears in most answers.

Prints the counts by role and status, then the dropped and misplaced numbers (the work queue); --list ROLE prints
every number of that role with its status; --json writes the rows; --before compares the counts with an earlier
--json (before / after by role).
"""

from __future__ import annotations

import dataclasses
import glob
import json
import os
import re
import sys
import warnings
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from number_mentions import Mention, mentions, normalize  # noqa: E402 - the script's own folder, put on the path above

NOTES = Path(os.environ.get("GPU_ADVISOR_NOTES", ROOT / "eval" / "questions"))
# the judged tester rounds and the mined pool; a set still being measured stays unseen until its round is judged
# (add it here then; fresh13_questions is the tester's copy of set G, the same questions as stranger13_questions)
SET_GLOBS = ("stranger1[0-4]_questions/*.txt", "final12_questions/*.txt", "pool13/*.txt")

FIELDS = {
    "money": (
        "usd",
        "price",
        "budget",
        "amount",
        "cost",
        "paid",
        "offer",
        "gap",
        "money",
        "spend",
        "value",
        "override",
    ),
    "rate_hour": ("rate", "usd", "price", "hour", "offer", "override"),
    "rate_kwh": ("kwh", "electricity"),
    "rate_month": ("month", "usd", "price", "offer", "spend"),
    "hours": ("hour", "usage", "week", "utilization", "deadline", "time", "duration"),
    "hours_day": ("hour", "usage", "week", "utilization", "day"),
    "top_n": ("top",),
    "hours_week": ("hour", "usage", "week", "utilization"),
    "hours_month": ("hour", "usage", "week", "utilization", "month"),
    "gpu_hours": ("hour",),
    "watts": ("watt", "power", "limit", "psu", "_w"),
    "gb": ("gb", "memory", "vram", "ram"),
    "count": ("count", "gpus"),
    "money_diff": ("gap",),  # a difference is carried as a price gap; in an offer or a card's price it is misplaced
    "money_box": ("offer", "box"),  # a machine's price: the offer, or a card's price only divided by the cards
    "users": ("users", "concurrent", "targets"),
    "images": ("images",),
    "steps": ("steps",),
    "samples": ("samples",),
    "epochs": ("epochs",),
    "context": ("context", "tokens"),
    "tokens": ("tokens",),
    "period": ("years", "months", "days", "weeks", "period", "deadline", "hours"),
    "full_time": ("hour", "usage", "week", "utilization"),
}
DECLINE = re.compile(
    r"not used|not counted|did not use|didn't use|does not weigh|doesn't weigh|set aside|ignor|instead of|not weigh|"
    r"cannot use|can't use|not taken|assum|用不上|没有用|没用到|没算|不算|未计入|没有把它算|按默认|假设|没法用|不能用"
)
SMALL = 20
MONEY_ROLES = frozenset({"money", "money_diff", "money_box", "rate_hour", "rate_kwh", "rate_month", "number"})


def _lower(answer: str) -> str:
    """The whole answer, NFKC and lower case (normalize() cuts at the question length limit: the notes at the end of
    a long answer, "You said ...: not used", were never seen)."""
    import unicodedata

    return unicodedata.normalize("NFKC", answer).lower()


# --- what the query and the answer carry -------------------------------------------------------------------------


def query_numbers(obj, path: str = "") -> list[tuple[str, float]]:
    """(field path, value) of every number inside a query: dataclass fields, tuples, dicts; a Setting's value is
    named by the setting's key ("settings.electricity_usd_per_kwh")."""
    out: list[tuple[str, float]] = []
    if isinstance(obj, bool) or obj is None:
        return out
    if isinstance(obj, (int, float)):
        return [(path, float(obj))]
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        name = getattr(obj, "key", None)  # a Setting: its key names its value
        for f in dataclasses.fields(obj):
            if f.name in ("text", "mention", "stated", "said"):
                continue  # the question's numbers as read (nlu/stated.py) or said back: no slot that uses them
            sub = f"{path}.{name}" if f.name == "value" and isinstance(name, str) else f"{path}.{f.name}"
            out += query_numbers(getattr(obj, f.name), sub)
        return out
    if isinstance(obj, (tuple, list)):
        words = " ".join(x for x in obj if isinstance(x, str))  # ("power_limit", 300): the kind names the value
        for x in obj:
            if not isinstance(x, str):
                out += query_numbers(x, f"{path}[{words}]" if words else path)
        return out
    if isinstance(obj, dict):
        for k, x in obj.items():
            out += query_numbers(x, f"{path}.{k}")
    return out


def query_strings(obj) -> list[str]:
    """The precision-like strings of a query (precision, kept_precision, quant names), lower case."""
    out: list[str] = []
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            x = getattr(obj, f.name)
            if isinstance(x, str) and ("precision" in f.name or "quant" in f.name):
                out.append(x.lower())
            elif dataclasses.is_dataclass(x) or isinstance(x, tuple):
                out += query_strings(x)
    elif isinstance(obj, tuple):
        for x in obj:
            out += query_strings(x)
    return out


def _conversions(m: Mention) -> list[float]:
    v = m.value
    base = [v]
    if m.role in ("hours_day",):
        base += [v * 7, v * 5, v * 2, v * 30, v * 30.4, v * 7 / 168, v / 24, v * 365]
    if m.role == "full_time":
        base += [1.0, 24.0 * 365]
    if m.role == "hours_week":
        base += [v / 168]
    if m.role == "hours_month":
        base += [v * 12 / 52, v / 4.33, v / 4.345, v / 730, v * 12 / 52 / 168, v * 7 / 30, v * 7 / 30.4]
    if m.role in ("percent",):
        base += [v / 100]
    if m.role == "money" and v < 1000:
        base += [v * 1e3, v * 1e4]  # "1.5k", "2万" read with their multiplier here or there
    if m.role == "rate_kwh" and v >= 1:
        base += [v / 100]  # cents
    if m.role == "period":
        base += [v / 12, v * 24, v * 168, v / 52, v * 7 * 24]
    if m.role == "context":
        base += [v * 1000, v * 1024, v * 1.024]  # "16k" = 16,000 here, 16,384 in the query
    if m.role == "tokens":
        base += [v * 1e3, v * 1e6, v * 1e9, v * 1e4, v * 1e8]
    return base


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a)) or (abs(a) > 10 and abs(a - b) / abs(a) < 0.002)


def carried(m: Mention, numbers: list[tuple[str, float]], strings: list[str] = ()) -> str | None:  # type: ignore[assignment]
    """ "carried" when a field of the mention's role holds it, "misplaced" when only other fields do, else None."""
    if m.role in ("money", "money_box") and any(
        "override" in p and any(_close(m.value / n, q) for n in range(2, 17)) for p, q in numbers
    ):
        return "carried"  # "8x h100 ... box for $280k": $35,000 a card of the box; "4张p100 一共1200块": ¥300 a card
    if m.role == "quant":  # a quant is kept as a precision name ("q4_k_m", "int4", "fp8")
        bits = f"{m.value:g}"
        return "carried" if any(re.search(rf"(?<!\d){bits}(?!\d)", x) for x in strings) else None
    hits = [
        p for p, q in numbers if any(_close(c, q) for c in _conversions(m)) and not (q <= 1 and p.endswith("count"))
    ]
    if not hits:
        return None
    words = FIELDS.get(m.role)
    if m.role == "money_diff" and any("override" in p or "offer" in p for p in hits):
        return "misplaced"  # a difference also taken as a card's price or an offer ("$300 less" -> "$300 for ...")
    if words is None or any(any(w in p.lower() for w in words) for p in hits):
        return "carried"
    return "misplaced"


def _shown_patterns(m: Mention) -> list[str]:
    v = m.value
    forms = {f"{v:g}", f"{v:,.0f}" if v.is_integer() else f"{v:,.2f}", f"{v:.2f}" if not v.is_integer() else f"{v:.0f}"}
    if v >= 1000 and v.is_integer():
        forms |= {f"{v / 1000:g}k", f"{v / 1e4:g}万"}
    pats = [rf"(?<![\d.,]){re.escape(f)}(?![\d]|\.\d)" for f in forms]
    if v < SMALL and v.is_integer():
        n = f"{v:.0f}"
        unit = {
            "count": r"\s*(?:x|×|张|块|卡|台|cards?|gpus?)|(?:x|×)\s*",
            "users": r"\s*(?:users?|people|staff|人|用户|位)",
            "hours": r"\s*(?:h\b|hours?|小时)",
        }.get(m.role.split("_")[0], r"\s*[a-z%\u4e00-\u9fff$]")
        pats = (
            [rf"(?<![\d.,]){n}(?:{unit})", rf"(?:x|×)\s*{n}(?![\d])"]
            if m.role == "count"
            else [rf"(?<![\d.,]){n}(?:{unit})"]
        )
    return pats


def shown(m: Mention, answer_text: str) -> str | None:
    """ "declined" when a sentence of the answer shows the number and says it is not used, "shown" when the answer
    shows it, else None."""
    pats = [re.compile(p) for p in _shown_patterns(m)]
    for sentence in re.split(r"(?<=[.!?。！？\n])", answer_text):
        if any(p.search(sentence) for p in pats):
            if DECLINE.search(sentence):
                return "declined"
    hits = [(h.start(), h.end()) for p in pats for h in p.finditer(answer_text)]
    if not hits:
        return None
    if m.role not in MONEY_ROLES and all(re.search(r"[$€£¥]\s*$", answer_text[max(0, a - 2) : a]) for a, _ in hits):
        return "misread"  # "1500 sdxl images" shown only as "$1,500": read into a money slot
    return "shown"


def status(m: Mention, numbers: list[tuple[str, float]], answer_text: str, strings: list[str] = ()) -> str:  # type: ignore[assignment]
    got = carried(m, numbers, strings)
    if got == "carried":
        return got
    said = shown(m, answer_text)
    if got == "misplaced" and said != "declined":
        return got  # in the wrong slot, whether or not the answer shows it ("$280,000 a card" shows the 280k)
    return said or got or "dropped"


# --- running the sets ----------------------------------------------------------------------------------------------


def question_sets(files: list[str] | None = None) -> list[tuple[str, bool, list[str]]]:
    paths = files or sorted(p for g in SET_GLOBS for p in glob.glob(str(NOTES / g)))
    out = []
    for path in paths:
        lines = [ln.strip() for ln in open(path, encoding="utf-8") if ln.strip() and not ln.startswith("#")]
        out.append((os.path.relpath(path, NOTES).replace("_questions", ""), "conv" in os.path.basename(path), lines))
    return out


def name_spans(question: str, index) -> list[tuple[int, int]]:
    """Spans of GPU and model names in the normalized question (the product tagger's), which hold no stated number."""
    from assistant.i18n import language_of
    from assistant.nlu.lexicon import lexicon
    from assistant.nlu.tagger import tag
    from assistant.nlu.text import tokenize

    cleaned = normalize(question)
    lex = lexicon(language_of(cleaned))
    tags, _ = tag(lex.respell(tokenize(cleaned)), cleaned, index, lex)
    return [(t.start, t.end) for t in tags if t.kind in ("GPU", "MODEL", "CPU", "DATASET")]


def audit(sets) -> list[dict]:
    from assistant import answer as render
    from assistant.nlu import understand
    from assistant.session import open_session

    warnings.filterwarnings("ignore")
    session = open_session("sqlite://", echo_warnings=False)
    index = session.index
    rows = []
    for name, conv, lines in sets:
        c = session.conversation()
        for i, q in enumerate(lines, 1):
            if not conv:
                c = session.conversation()
            found = mentions(q, name_spans(q, index))
            if not found:
                continue
            try:
                ans = c.ask(q)
                text = render.to_text(ans) + "\n" + "\n".join(ans.notes)
            except Exception as exc:  # noqa: BLE001 - a crash is a row to see
                text = f"CRASH {exc}"
            parsed, last = understand(q, index), c.dialogue.context.last_query
            numbers = query_numbers(parsed) + query_numbers(last)
            strings = query_strings(parsed) + query_strings(last)
            for m in found:
                where = sorted({p for p, v in numbers if any(_close(c, v) for c in _conversions(m))})
                rows.append(
                    {"id": f"{name}:{i}", "q": q, "number": m.text, "value": m.value, "role": m.role,
                     "status": status(m, numbers, _lower(text), strings), "fields": where}
                )  # fmt: skip
    return rows


STATUSES = ("carried", "shown", "declined", "misplaced", "misread", "dropped")
FAILED = ("misplaced", "misread", "dropped")  # a number in the wrong slot is a failure, like one dropped


def table(rows: list[dict]) -> dict[str, Counter]:
    by: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        by[r["role"]][r["status"]] += 1
    return by


def print_table(rows: list[dict], before: list[dict] | None = None) -> None:
    by, old = table(rows), table(before or [])
    order = sorted(by, key=lambda role: -sum(by[role][s] for s in FAILED))
    print(f"{'role':13}" + "".join(f"{s:>10}" for s in STATUSES) + ("   failed before -> now" if before else ""))
    for role in order:
        line = f"{role:13}" + "".join(f"{by[role][s]:>10}" for s in STATUSES)
        if before:
            line += f"   {sum(old[role][s] for s in FAILED):>6} -> {sum(by[role][s] for s in FAILED)}"
        print(line)
    total: Counter = Counter()
    for c in by.values():
        total.update(c)
    print(f"{'ALL':13}" + "".join(f"{total[s]:>10}" for s in STATUSES))


def main(argv: list[str]) -> None:
    opts = {a: argv[i + 1] for i, a in enumerate(argv) if a in ("--list", "--json", "--before") and i + 1 < len(argv)}
    files = [a for a in argv if not a.startswith("--") and a not in opts.values()]
    rows = audit(question_sets(files or None))
    before = json.load(open(opts["--before"], encoding="utf-8")) if "--before" in opts else None
    print_table(rows, before)
    want = opts.get("--list")
    print()
    for r in rows:
        if (want and (want == "all" or r["role"] == want)) or (not want and r["status"] in FAILED):
            fields = f"  [{' '.join(r['fields'])}]" if r["status"] in ("misplaced", "misread") else ""
            print(f"{r['status']:9} {r['role']:12} {r['number']:>10}  {r['id']}  {r['q'][:110]}{fields}")
    if "--json" in opts:
        with open(opts["--json"], "w", encoding="utf-8") as f:
            json.dump(rows, f, ensure_ascii=False, indent=0)


if __name__ == "__main__":
    main(sys.argv[1:])
