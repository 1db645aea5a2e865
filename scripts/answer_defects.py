#!/usr/bin/env python3
"""Answer defects: answers that repeat or contradict themselves, found over whole question sets.

Usage: .venv/bin/python scripts/answer_defects.py [--rows] [FILE...]
Without FILEs it asks every question of eval/questions/**/*.txt (files named *conv* are conversations, their turns
asked in order; other lines are one-shot questions) and every user turn of tests/dialogues/*.dialogue (each dialogue
one conversation). Prints the count of answers with each defect kind and, with --rows, each one. The kinds:

  repeat_line   one step, note or headline sentence (25+ characters) said twice in one answer
  repeat_block  one paragraph (30+ characters) of the plain-text answer twice
  repeat_table  two tables with the same headers and rows
  two_prices    one card given two different prices (one currency) in one answer, none of them a per-hour rate, a
                count times a price, or a price the answer says it set aside
  not_used_shown the "Not used: ..." line names a number the answer shows (in a table header, a title ...)

`defects(answer, names)` returns [(kind, detail)] for one answer (tests use it on a fixed question set);
`card_names(reader)` the GPU short names to find prices by.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_SENTENCE = re.compile(r"(?<=[。！？!?])|(?<=\.)\s+")
_MONEY = re.compile(r"([$¥€£])\s?(\d[\d,]*(?:\.\d+)?)(k)?")
# a rate or a multiple, not a card's price: "$1.99/h", "¥1.14/小时", "x 8", "per GPU-hour", "2 × ¥5,000"
_NOT_PRICE_AFTER = re.compile(r"^\s?(?:/|per\b|an? hour|每|x\s?\d|×|一小时|/小时|/ ?h\b|/月|/mo)", re.I)
_TIMES_BEFORE = re.compile(r"\d\s?[x×]\s?(?:GeForce |Radeon |Tesla )?$")  # "8 x GeForce RTX 4090 ¥180,472"
_NOT_PRICE_BEFORE = re.compile(r"(?:\d\s?[x×]\s?|[x×]\s?|\bvs\.?\s?|对\s?)$", re.I)
# a price the answer itself names as set aside or as one of a range ("另有一条 ¥30,999 ... 只列出", "listings from")
_SET_ASIDE = re.compile(
    r"只列出|不计入|not counted|set aside|listed only|left out of|另有一条|another listing|range|listings? from|"
    r"区间|从 ?[¥$]|between|to \$|至 ?¥|-[¥$]|–|your price|你的价格|你说的|you said|you paid|offer|报价",
    re.I,
)


def card_names(reader) -> list[str]:
    """Every GPU short name of the KB, longest first (so "RTX 4090 D" is found before "RTX 4090")."""
    names = {g.short_name for g in reader.all_gpus() if g.short_name and len(g.short_name) >= 4}
    return sorted(names, key=len, reverse=True)


def _name_pattern(names: list[str]) -> re.Pattern:
    alternatives = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-]| [A-Z0-9]\b| \d)")


_CONDITION = re.compile(r"avg|average|均价|msrp|指导价|launch|首发|mining|矿|new|全新|used|二手|refurb|翻新", re.I)
_SAME = {
    "average": "avg",
    "均价": "avg",
    "指导价": "msrp",
    "launch": "msrp",
    "首发": "msrp",
    "全新": "new",
    "二手": "used",
    "矿": "mining",
    "翻新": "refurb",
}


def _condition(text: str) -> str | None:
    """The condition a price is labelled with ("$1,910 (used, 2026-04)", "¥20,180（新/二手均价", "price new"), None
    when it has none."""
    m = _CONDITION.search(text)
    return _SAME.get(m.group().lower(), m.group().lower()) if m else None


def _amount(match: re.Match, label: str = "") -> tuple[str, float, str | None]:
    value = float(match.group(2).replace(",", "")) * (1000 if match.group(3) else 1)
    after = match.string[match.end() : match.end() + 24]
    after = re.split(r"[;；。]|\s[/|]\s|,\s(?=[A-Z$¥])", after)[0]  # "$30,000 new / $23,500 used": its own label
    return match.group(1), value, _condition(after) or _condition(label)


def _first_price(cell: str, label: str = "") -> tuple[str, float, str | None] | None:
    for m in _MONEY.finditer(cell):
        if _NOT_PRICE_AFTER.match(cell[m.end() :]) or _NOT_PRICE_BEFORE.search(cell[: m.start()]):
            continue
        return _amount(m, label)
    return None


_PRICE_HEADER = re.compile(r"^(price|价格|new price|全新价格|used price|二手价格)\b|^(price|价格)", re.I)


def _table_prices(table, names: re.Pattern) -> list[tuple[str, tuple[str, float, str | None], str]]:
    """(card, (currency, amount), where) of a table's price cells: a column per card (a "price" row) or a row per
    card (a "price" column)."""
    out = []
    header_cards = [names.fullmatch(h.strip()) for h in table.headers]
    for row in table.rows:
        if row and _PRICE_HEADER.search(str(row[0]).strip()) and any(header_cards):
            for i, cell in enumerate(row[1:], 1):
                if i < len(header_cards) and header_cards[i] and not _SET_ASIDE.search(str(cell)):
                    price = _first_price(str(cell), f"{row[0]} {table.title}")
                    if price:
                        out.append((header_cards[i].group(1), price, "table"))
    columns = [i for i, h in enumerate(table.headers) if _PRICE_HEADER.search(h.strip())]
    for row in table.rows:
        card = names.search(str(row[0])) if row else None
        if card is None or re.search(r"\d\s?[x×]|[x×]\s?\d", str(row[0])):
            continue
        for i in columns:
            if i < len(row) and not _SET_ASIDE.search(str(row[i])):
                price = _first_price(str(row[i]), f"{table.headers[i]} {table.title}")
                if price:
                    out.append((card.group(1), price, "table"))
    return out


def _text_prices(line: str, names: re.Pattern) -> list[tuple[str, tuple[str, float, str | None], str]]:
    """A card name followed at once by a price: "RTX 4090（¥22,559，2025-02）", "RTX 3090 ($700)", "RTX 3090 $700"."""
    out = []
    if _SET_ASIDE.search(line):
        return out
    for m in names.finditer(line):
        before = line[: m.start()]
        if _NOT_PRICE_BEFORE.search(before.rstrip() + " ") or _TIMES_BEFORE.search(before):
            continue  # "8 x RTX 4090 ¥180,472": the price of eight
        rest = line[m.end() : m.end() + 4]
        money = re.match(r"\s?[（(]?\s?", rest)
        after = line[m.end() + (money.end() if money else 0) :]
        price = _MONEY.match(after)
        if price and not _NOT_PRICE_AFTER.match(after[price.end() :]):
            out.append((m.group(1), _amount(price), line[:80]))
    return out


def _lines(answer) -> list[str]:
    heads = [s.strip() for p in answer.headline.split("\n") for s in _SENTENCE.split(p) if s and s.strip()]
    return [*heads, *answer.steps, *answer.notes]


def defects(answer, names: re.Pattern | list[str]) -> list[tuple[str, str]]:
    """[(kind, detail)] of one answer (the kinds of the module docstring)."""
    from assistant.answer import to_text

    if isinstance(names, list):
        names = _name_pattern(names)
    if answer.clarification:
        return []
    out: list[tuple[str, str]] = []
    for line, n in Counter(x.strip() for x in _lines(answer) if len(x.strip()) >= 25).items():
        if n > 1:
            out.append(("repeat_line", line[:120]))
    for para, n in Counter(p.strip() for p in to_text(answer).split("\n\n") if len(p.strip()) >= 30).items():
        if n > 1:
            out.append(("repeat_block", para[:120].replace("\n", " / ")))
    tables = [(tuple(t.headers), tuple(tuple(r) for r in t.rows)) for t in answer.tables]
    for (headers, _rows), n in Counter(tables).items():
        if n > 1:
            out.append(("repeat_table", " | ".join(headers)[:120]))
    found = [p for t in answer.tables for p in _table_prices(t, names)]
    found += [p for line in _lines(answer) for p in _text_prices(line, names)]
    out += _two_prices(found)
    out += _not_used_shown(answer)
    return out


def _two_prices(found: list) -> list[tuple[str, str]]:
    """Two different amounts for one card in one currency whose conditions do not tell them apart (the same
    condition, or one of them said with none)."""
    by_card: dict[tuple[str, str], list[tuple[float, str | None]]] = defaultdict(list)
    for card, (currency, value, condition), _at in found:
        by_card[(card, currency)].append((round(value), condition))
    out = []
    for (card, currency), prices in by_card.items():
        clashes = {(a, b) for a, ca in prices for b, cb in prices if a < b and (ca == cb or ca is None or cb is None)}
        if clashes:
            a, b = sorted(clashes)[0]
            out.append(("two_prices", f"{card}: {currency}{a:,} vs {currency}{b:,}"))
    return out


_NOT_USED = re.compile(r"(?:Not used|没用上|未使用)[:：]\s?(.*?)(?:\s?—|——|$)")


def _not_used_shown(answer) -> list[tuple[str, str]]:
    """A number the "Not used" line names that a table header or title of the same answer shows."""
    out = []
    shown = " ".join([*(h for t in answer.tables for h in t.headers), *(t.title for t in answer.tables)])
    for note in answer.notes:
        m = _NOT_USED.search(note)
        if not m:
            continue
        for item in re.findall(r"[\"“]([^\"”]+)[\"”]", m.group(1)):
            number = re.search(r"\d[\d,.]*", item)
            if number and re.search(rf"(?<![\d.,]){re.escape(number.group())}\s?(?:GB|W|gb|w)\b", shown):
                out.append(("not_used_shown", item))
    return out


def question_runs(files: list[str] | None = None) -> list[tuple[str, list[str]]]:
    """(where, questions asked in one conversation) of the question files and the dialogue files."""
    from assistant.testing.format import load

    runs: list[tuple[str, list[str]]] = []
    paths = [Path(f) for f in files] if files else sorted((ROOT / "eval" / "questions").glob("**/*.txt"))
    for path in paths:
        if path.suffix == ".dialogue":
            runs += [(path.name, [t.text for t in d.turns if t.text.strip()]) for d in load(path).dialogues]
            continue
        lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        lines = [ln for ln in lines if not ln.startswith("#")]
        if "conv" in path.name:
            runs.append((path.name, lines))
        else:
            runs += [(path.name, [ln]) for ln in lines]
    if not files:
        for path in sorted((ROOT / "tests" / "dialogues").glob("*.dialogue")):
            runs += [(path.name, [t.text for t in d.turns if t.text.strip()]) for d in load(path).dialogues]
    return runs


def audit(runs: list[tuple[str, list[str]]], session) -> list[tuple[str, str, str, str]]:
    """[(where, question, kind, detail)] of every defect of every answer of the runs."""
    names = _name_pattern(card_names(session.reader))
    rows = []
    for where, questions in runs:
        conversation = session.conversation()
        for q in questions:
            rows += [(where, q, kind, detail) for kind, detail in defects(conversation.ask(q), names)]
    return rows


def main(argv: list[str]) -> int:
    from assistant.session import open_session

    show = "--rows" in argv
    files = [a for a in argv if not a.startswith("--")]
    session = open_session("sqlite://", echo_warnings=False)
    runs = question_runs(files or None)
    rows = audit(runs, session)
    kinds = dict.fromkeys(k for *_, k, _ in rows)
    answers = {kind: len({(w, q) for w, q, k, _ in rows if k == kind}) for kind in kinds}
    print(f"{sum(len(q) for _, q in runs)} answers; with a defect: {len({(w, q) for w, q, _, _ in rows})}")
    for kind, n in sorted(answers.items()):
        print(f"  {kind:<16} {n}")
    if show:
        for where, q, kind, detail in rows:
            print(f"{kind}\t{where}\t{q}\t{detail}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
