"""Bare numbers that count things, read after tagging: "1500 sdxl images", "50 requests", "200 clips",
"每天1万次请求": the number counts the noun after it (a model's name or a word of kind may stand between), so no reader
takes it for money, a count of cards or a price ("queued 1500 sdxl images ... on a 3060" was "$1,500 for an RTX
3060"). Steps stay NUMBER tags for their readers, marked meanings["NOUN"] = "steps" so that no price is read from them
("per hour at 30 steps" was "$30 for an RTX 4090"), and so do counts of machines ("20台学生机", "20 workstations":
meanings["NOUN"] = "machines"); so do the sizes of data sets ("5万条数据", "1M sentences":
meanings["NOUN"] = the noun of lexicon [lists] sample_nouns; "how long on one a800, 5万条数据" was also ¥50,000).

Contract: `counted_numbers(tags, text, lex)` returns the tags with each NUMBER (or MONEY without a money unit) that
is followed by a word of [lists] counted_after (things made or processed: images, clips, requests, runs; a MODEL tag
and up to two words of [lists] count_modifiers may stand between) made a COUNTED tag with meanings["NOUN"] = the
noun. The readers that want the count read it from the words (job_terms.image_count, image_steps) as before.
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import Lexicon
from assistant.nlu.tagging.base import Tag

_WORD = re.compile(r"[a-z][a-z\-]*|[\u4e00-\u9fff]+")
_MAX_WORDS = 2  # words of kind between the number and its noun ("20k labeled chat examples")


def counted_numbers(tags: list[Tag], text: str, lex: Lexicon) -> list[Tag]:
    nouns = sorted(lex.listed("counted_after"), key=len, reverse=True)
    out = list(tags)
    media = sorted(lex.listed("media_nouns"), key=len, reverse=True)
    steps = sorted(lex.listed("step_nouns"), key=len, reverse=True)
    samples = sorted(lex.listed("sample_nouns"), key=len, reverse=True)
    for k, t in enumerate(out):
        end = _media_end(t, text, media, lex) if t.kind == "HOURS" else None
        if end is not None:  # the tag's text runs to the noun: said back as "10,000 hours of audio"
            out[k] = Tag(
                "COUNTED", t.mapping()["total"], text[t.start : end], t.start, t.end, {"NOUN": "hours", "MEDIA": True}
            )
            continue
        if t.kind not in ("NUMBER", "MONEY") or (t.kind == "MONEY" and _has_unit(t, lex)):
            continue
        at = t.end
        if k + 1 < len(out) and out[k + 1].kind in ("MODEL", "RESOLUTION") and not text[at : out[k + 1].start].strip():
            at = out[k + 1].end  # "1500 sdxl images", "200 1024x1024 images"
        noun = _noun_at(text, at, nouns, lex) or _sheets_of_data(t, text, at, lex)
        if noun:
            out[k] = Tag("COUNTED", t.number(), t.text, t.start, t.end, {"NOUN": noun})
        elif t.kind == "NUMBER" and _noun_at(text, at, steps, lex):
            out[k] = Tag("NUMBER", t.value, t.text, t.start, t.end, {**t.meanings, "NOUN": "steps"})
        elif t.kind == "NUMBER" and _machines_at(text, at, lex):
            # "20台学生机 每台一张4060ti", "20 workstations each with a 4060 ti": a count of machines (nlu/machine_count
            # reads it), never a price
            out[k] = Tag("NUMBER", t.value, t.text, t.start, t.end, {**t.meanings, "NOUN": "machines"})
        elif t.kind == "NUMBER" and (sample := _noun_at(text, at, samples, lex)):
            # "5万条数据", "1M sentences": a data set's size (read by intents/rates.samples), never a price
            out[k] = Tag("NUMBER", t.value, t.text, t.start, t.end, {**t.meanings, "NOUN": sample})
    return _nouns_not_help(out)


def _nouns_not_help(tags: list[Tag]) -> list[Tag]:
    """ "10k examples", "5000 instructions": a help word right after a count is the noun counted, not a request for
    help (the count's own tag says what it counts); the help tag goes."""
    counts = [t.end for t in tags if t.kind in ("COUNTED", "NUMBER")]
    return [t for t in tags if not (t.kind == "HELP" and any(0 <= t.start - end <= 1 for end in counts))]


def _media_end(t: Tag, text: str, media: list[str], lex: Lexicon) -> int | None:
    """Where the media noun ends after hours in all ("of audio", "of podcast audio", "录音", "的音频"); None if none."""
    hours = t.mapping()
    if not hours.get("total") or hours.get("per_week") or hours.get("span"):
        return None
    rest = text[t.end :].lstrip()
    for lead in ("of ", "的"):
        rest = rest[len(lead) :].lstrip() if rest.startswith(lead) else rest
    at = len(text) - len(rest)
    noun = _noun_at(text, at, media, lex)
    return text.find(noun, at) + len(noun) if noun else None


def _has_unit(t: Tag, lex: Lexicon) -> bool:
    """A money amount with a unit said ("$30", "30块", "30 bucks"): money, whatever follows."""
    bare = t.text.replace(",", "").replace(".", "").rstrip("kK千万w").strip()  # "5k 张", "2万条": no money unit
    return bool(t.meanings.get("CURRENCY")) or not bare.isdigit()


def _noun_at(text: str, at: int, nouns: list[str], lex: Lexicon) -> str | None:
    rest = text[at:].lstrip()
    for _ in range(_MAX_WORDS + 1):
        word = next((n for n in nouns if rest.startswith(n) and not rest[len(n) : len(n) + 1].isalpha()), None)
        if word is None:  # Chinese nouns are glued to what follows ("步 几点能练完")
            word = next((n for n in nouns if not n.isascii() and rest.startswith(n)), None)
        if word:
            return word
        found = _WORD.match(rest)
        if found is None or found.group(0) not in lex.listed("count_modifiers"):
            return None
        rest = rest[found.end() :].lstrip()
    return None


_SHEETS_MIN = 200  # "5k张", "800张": more than any machine or cluster talked about here holds cards


def _sheets_of_data(t: Tag, text: str, at: int, lex: Lexicon) -> str | None:
    """ "数据 5k 张", "标注了800张": 张 (the classifier of cards and of pictures) after a count no one buys cards in, or
    after a word of data (lexicon [lists] data_before_count) just before the number, with no card after it: that many
    images ("张图"), never a budget or cards."""
    rest = text[at:].lstrip()
    if not rest.startswith("张") or rest[1:].lstrip().startswith(("卡", "显卡")):
        return None
    before = text[max(0, t.start - 6) : t.start].rstrip()
    data = any(before.endswith(w) for w in lex.listed("data_before_count"))
    big = isinstance(t.value, (int, float)) and float(t.value) >= _SHEETS_MIN
    return "张图" if data or big else None


def _machines_at(text: str, at: int, lex: Lexicon) -> bool:
    """A machine noun right after the number (lexicon [lists] machine_words and their plurals; 台, the Chinese
    classifier of machines)."""
    rest = text[at:].lstrip().lower()
    if rest.startswith("台"):
        return True
    word = _WORD.match(rest)
    if word is None or not word.group().isascii():
        return False
    nouns = lex.listed("machine_words")
    w = word.group()
    return w in nouns or (w.endswith("s") and (w[:-1] in nouns or w[:-2] in nouns))
