"""The checklist of what a message asks: "will it fit, how fast, and what psu do i need" asks three things.

Contract: `checklist(text)` returns the asks of a message in the order written, as `Ask(kind, text)`. The message
is cut by its structure: question marks, commas, semicolons, colons, "and" / "also" / "plus" joiners before a
question word, numbered items "1) 2)"; a message in Chinese script at its punctuation, 、, spaces next to a
Chinese character ("4060ti 16g" stays whole) and the joiners of list `ask_joiners_zh` (还有, 以及, 顺便, 另外).
A piece is an ask when it has the shape of a question: an English piece opens with a question word (list
`clause_starts`, past the fillers of `ask_lead_fillers`), ends with "?", holds "X or Y", or names a figure in a
list of asks ("speed, power use, and noise?"); a Chinese piece holds a question marker (list `ask_markers_zh`, or
X不X: 值不值, or a verb phrase closed by 不 / 没: 需要水冷不). Options said without a question word ("m4 max or a
5090 pc, which is quicker ...", "3090还是4090 跑comfyui 速度差多少") are the subject of the ask next to them, not an
ask of their own. Pieces that ask nothing ("have a 850w gold", "电价按0.55", "每天开8小时") are statements: their
settings belong to the whole message and apply to every ask. "真的吗" after a claim and another option with no
figure of its own ("值得等吗 还是现在买5080") join the ask before them. The kind of an ask is the figure its
words name (lexicon lists `ask_<kind>`, tried in the order of `KINDS`, most specific first), "other" when none.
A message with fewer than two asks gives an empty checklist: only messages asking several things are answered
ask by ask (respond/ask_lines).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.nlu.lexicon import lexicon

KINDS = (
    "api",
    "context",
    "batch",
    "circuit",
    "link",
    "psu",
    "electricity",
    "payback",
    "rent_buy",
    "warranty",
    "noise",
    "cooling",
    "resale",
    "speed",
    "time",
    "feature",
    "practice",
    "worth",
    "storage",
    "discount",
    "rate",
    "price",
    "power",
    "users",
    "models",
    "memory",
    "provider",
    "wait",
    "difference",
    "software",
    "parts",
    "list",
    "pick",
    "gaming",
    "fit",
    "count",
    "verdict",
)

# where an English sentence ends, and where it is cut into pieces: a comma (not of a number), a semicolon, a colon, a
# numbered item ("1) ... 2) ..."), a dash between spaces
_SENTENCE_EN = re.compile(r"\?+|!+|\.(?=\s)|\s(?=\(?\d\)\s)|^\(?\d\)\s")
_CUT_EN = re.compile(r"[;；]|,(?!\d{3})|\s[-—–]\s|—")
# a Chinese message is cut at its punctuation and at a space next to a Chinese character ("4060ti 16g" stays whole)
_CUT_ZH = re.compile(r"[？?，,。；;！!、]+|(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])")
_NUMBERED = re.compile(r"^\(?\d\)\s*")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_STATED_MONEY = re.compile(r"[$€£¥]\s?\d|\d\s*(?:/hr|/h\b|/mo\b|元|块)")
_OR = re.compile(r"\b(?:or|vs\.?|versus)\b")
_DIGIT = re.compile(r"\d")
_ZH_X_NOT_X = re.compile(r"(.)不\1")  # 值不值, 稳不稳, 够不够, 能不能
MAX_ASKS = 5


@dataclass(frozen=True)
class Ask:
    """One thing a message asks: the asked figure's kind and the words that ask it, as written."""

    kind: str
    text: str


@dataclass(frozen=True)
class _Piece:
    """One piece of an English message, with where it sits (its sentence, after a colon) and whether '?' ends it."""

    text: str
    ended: bool  # a '?' closes it
    sentence: int  # which sentence of the message
    listed: bool  # it follows a colon in its sentence ("rent or buy for 6 months: cost of ..., resale value after")


def _pieces_en(text: str) -> list[_Piece]:
    """The English pieces of `text`: sentences, each cut at a colon, commas, semicolons and question joiners."""
    lex = lexicon("en")
    out: list[_Piece] = []
    at, n = 0, 0
    ends = [*_SENTENCE_EN.finditer(text), None]
    for m in ends:
        sentence = text[at : m.start() if m else len(text)]
        ended = bool(m and "?" in m.group())
        head, colon, tail = sentence.partition(": ")
        parts = [(head, False), (tail, True)] if colon else [(sentence, False)]
        found: list[_Piece] = []
        for chunk, listed in parts:
            for piece in _CUT_EN.split(chunk):
                piece = _NUMBERED.sub("", piece.strip())  # "1) is 16gb enough": the item, not its number
                found += [_Piece(p, False, n, listed) for p in _cut_joiners(piece, lex) if p]
        if found and ended:
            found[-1] = _Piece(found[-1].text, True, n, found[-1].listed)
        out += found
        at, n = (m.end() if m else len(text)), n + 1
    return out


def _cut_joiners(piece: str, lex) -> list[str]:
    """ "do i need rocm and does ollama just work": cut at a joiner followed by a question word (list
    `clause_starts`); "llama 3 8b and 70b on a 3090" stays whole."""
    starts = lex.listed("clause_starts")
    for joiner in (" and ", " also ", " plus ", " & "):
        at = piece.lower().find(joiner)
        while at > 0:
            rest = piece[at + len(joiner) :].strip()
            head = _head(rest)
            if head in ("if", "then") and " " in rest:  # "and if yes how many tok/s": the question after the if
                head = _head(_after_condition(rest))
            if head in starts:
                return [piece[:at].strip(), *_cut_joiners(rest, lex)]
            at = piece.lower().find(joiner, at + 1)
    return [piece]


def _head(piece: str) -> str:
    """The first word of a piece past the words that ask nothing themselves (list `ask_lead_fillers`: "about how
    much" opens with "how")."""
    fillers = lexicon("en").listed("ask_lead_fillers")
    words = [w.strip("(),.:") for w in piece.lower().split()]
    return next((w for w in words if w not in fillers), "")


def _after_condition(rest: str) -> str:
    """ "if yes how many tok/s" -> "how many tok/s"; "if rent which gpu" -> "which gpu"."""
    words = rest.split()
    starts = lexicon("en").listed("clause_starts")
    for k, w in enumerate(words[1:], 1):
        if w.lower() in starts:
            return " ".join(words[k:])
    return rest


def _asks_en(piece: str, ended: bool) -> bool:
    low = piece.lower()
    first = _head(piece)
    lex = lexicon("en")
    if first in lex.listed("clause_starts") or ended:
        return True
    if first in ("if", "and", "also", "plus", "then") and any(w in lex.listed("clause_starts") for w in low.split()):
        return True
    return _options_only(low) or lex.words_in("ask_bare_en", f" {low} ")


_OPTION_KINDS = ("rent_buy", "pick", "worth", "other")
_EACH_KINDS = ("rate", "price")


def _asked_by_words(piece: str, ended: bool) -> bool:
    """The piece asks by a question word or a '?' (not only by holding "X or Y")."""
    head = _head(piece)
    lex = lexicon("en")
    return ended or head in lex.listed("clause_starts") or lex.words_in("ask_bare_en", f" {piece.lower()} ")


def _options_only(low: str) -> bool:
    """ "2x 3090 or one 5090", "m4 pro mac mini vs 4070 ti super pc": options asked between, without a question
    word; "renting an h100 at $2.99/hr vs my own 4090" states prices (a setting), it does not ask."""
    return bool(_OR.search(low)) and len(low.split()) <= 16 and not _STATED_MONEY.search(low)


# "能跑70b的机器": a clause describing a machine or card, not a question of its own ("配一台能跑70b的机器 怎么配")
_ZH_DESCRIBES = re.compile(
    r"(?:能|可以)[^，。？！?!]{1,40}?的(?:机器|电脑|主机|配置|显卡|卡|服务器|工作站|整机|平台|方案)"
)


# "那还是买两张3090吧": a choice made ("then the two 3090s it is"), a statement whose settings go with the ask after it
_ZH_DECIDED = re.compile(r"还是(?=[^吗嘛呢？?]*吧\s*$)")


def _asks_zh(piece: str) -> bool:
    rest = _ZH_DECIDED.sub(" ", _ZH_DESCRIBES.sub(" ", piece))
    asks = lexicon("zh").words_in("ask_markers_zh", rest) or bool(_ZH_X_NOT_X.search(rest))
    return asks or bool(_ZH_TAIL_ASK.search(rest))


# "需要水冷不", "ai性能砍了没": a verb phrase closed by 不 / 没 / 没有 asks yes or no (not "不" inside "不够")
_ZH_TAIL_ASK = re.compile(r"[\u4e00-\u9fff]{2,}(?:不|没|没有)\s*$")


def kind_of(piece: str, lang: str) -> str:
    """The asked figure a piece names (lists `ask_<kind>`), "other" when none. Kept per (lexicon, piece): an answer
    asks it of the same pieces several times (the asks of the message, the figure net, the lead)."""
    lex = lexicon(lang)
    key = (id(lex), piece)
    kept = _KIND_OF.get(key)
    if kept is not None and kept[0] is lex:
        return kept[1]
    low = f" {piece.lower()} "
    found = next((k for k in KINDS if lex.words_in(f"ask_{k}", low) and not lex.words_in(f"ask_{k}_not", low)), "other")
    if (found == "other" or KINDS.index(found) > KINDS.index("psu")) and _PSU_SIZE_ASKED.search(low):
        found = "psu"  # "and is 1600w enough", "1200w够吗": a supply's size asked as enough, no PSU word said
    if len(_KIND_OF) >= 4096:
        _KIND_OF.clear()
    _KIND_OF[key] = (lex, found)
    return found


# a wattage of a supply's size with an adequacy word right after it: the PSU asked (nlu/tagging/psu_asked.py reads the
# same shape for the whole message)
_PSU_SIZE_ASKED = re.compile(
    r"(?<![\d.])\d[,\d]{2,4}\s*(?:w|watts?)(?![a-z]).{0,14}?"
    r"(?:\benough\b|\bok\b|\bokay\b|\bfine\b|\bsuffice|\bhandle|\bcut it\b|够|行不行|行吗|带得动|带得起|撑得住|扛得住)"
)
_KIND_OF: dict[tuple[int, str], tuple[object, str]] = {}  # (id of the lexicon, piece) -> (the lexicon, kind_of)


def asked_as_word(kind: str, text: str, lang: str) -> bool:
    """A word of list ask_<kind> said as a word of its own ("speed", not the "speed" inside "deepspeed")."""
    low = f" {text.lower()} "
    for word in lexicon(lang).listed(f"ask_{kind}"):
        w = word.strip()
        if w and not w.isascii() and w in low:
            return True
        if w and w.isascii() and re.search(rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])", low):
            return True
    return False


def checklist(text: str) -> tuple[Ask, ...]:
    """The asks of `text` in the order written (see the module contract); () when it asks fewer than two things."""
    found = _all_asks(text)
    return tuple(found[:MAX_ASKS]) if len(found) > 1 else ()


def sole_ask(text: str) -> Ask | None:
    """The one ask of a message that asks one thing, cut from its statements ("组一台4张3090的机器 算上电源主板机箱
    一共多少钱" -> "一共多少钱"); None when it asks none or several."""
    found = _all_asks(text)
    return found[0] if len(found) == 1 else None


def _all_asks(text: str) -> list[Ask]:
    cleaned = text.strip()
    if _CJK.search(cleaned):  # a message in Chinese script is cut by its punctuation, spaces and joiners
        pieces = _names_glued([q for p in _CUT_ZH.split(cleaned) if p for q in _cut_joiners_zh(p)])
        asks = [Ask(kind_of(p, "zh"), p) for p in _subjects_zh(_joined_doubts(pieces)) if p and _asks_zh(p)]
        asks = _lead_subject(pieces, asks)
    else:
        asks = _asks_of_pieces(_pieces_en(cleaned))
    return [a for a in asks if a.text.strip(" ,.:")]


def _asks_of_pieces(pieces: list[_Piece]) -> list[Ask]:
    """The pieces that ask: questions by their shape; and in a list of asks, the bare names of a figure ("speed,
    power use, and noise?", "..., and total cost ballpark"; after a colon that follows a question, "rent or buy for a
    6 month project: cost of a 4090 on vast vs buying one, resale value after")."""
    out: list[Ask] = []
    asked: list[bool] = []
    subject = ""  # options waiting for the ask they are the subject of
    for k, piece in enumerate(pieces):
        kind = kind_of(piece.text, "en")
        by_shape = _asks_en(piece.text, piece.ended)
        if by_shape and kind not in _OPTION_KINDS + _EACH_KINDS and not _asked_by_words(piece.text, piece.ended):
            kind = "other"  # options alone ask a choice, not the figure their stated words name (a price or rent
            # named of options is that figure of each: "b200 vs h200 rental prices")
        before = k > 0 and pieces[k - 1].sentence == piece.sentence and asked[k - 1]
        opened = any(asked[j] and not p.listed for j, p in enumerate(pieces[:k]) if p.sentence == piece.sentence)
        bare = kind != "other" and (
            (piece.listed and opened)
            or (before and not _DIGIT.search(piece.text) and len(piece.text.split()) <= 6)
            or (piece.ended and len(piece.text.split()) <= 6)
        )
        if by_shape and _only_options(piece.text) and out and before and kind in ("pick", "other"):
            out[-1] = Ask(
                out[-1].kind, f"{out[-1].text}, {piece.text}"
            )  # "which is faster for llama.cpp, 4090 or 5080"
            asked.append(True)
            continue
        if subject:  # "m4 max or a 5090 pc, which is quicker": the options are what the next ask weighs
            piece = _Piece(f"{subject}, {piece.text}", piece.ended, piece.sentence, piece.listed)
            subject = ""
        if by_shape and kind in ("pick", "other") and _subject_of_next(pieces, k):
            subject = piece.text.strip(" ,.:")
            asked.append(True)
            continue
        asked.append(by_shape or bare)
        if by_shape or bare:
            out.append(Ask(kind, _question_of(piece.text).strip(" ,.:")))
    return out


# the asks that weigh the options said before them ("3090还是4090 跑comfyui 速度差多少"): the options are their subject;
# before a figure of money ("3090还是4090 电费一年差多少 多久能回本") the choice stays an ask of its own
_WEIGHED = ("speed", "pick", "difference")


def _weighs(nxt: str, lang: str, alone: bool) -> bool:
    """Does the ask `nxt` weigh the options said before it? An ask of a kind that weighs (_WEIGHED), or the only ask
    left when it asks a difference of money ("5090还是4090 按4年算 电费差多少", "3090 or 4090, how much more is the
    power over 3 years": list cost_saving_asked): the difference between the options is asked, not a pick; an ask
    that picks ("which one is cheaper": list ask_pick said as a word) weighs them too."""
    if kind_of(nxt, lang) in _WEIGHED or asked_as_word("pick", nxt, lang):  # "which one is cheaper": between them
        return True
    return alone and lexicon(lang).words_in("cost_saving_asked", f" {nxt.lower()} ")


# "what about the rtx 5090 ti 48gb," / "how about a used a6000,": a card brought up, asked about by the next piece
_BROUGHT_UP = re.compile(r"^\s*(?:so\s+|and\s+|ok\s+)?(?:what|how)\s+about\s+\S+(?:\s+\S+){0,5}\s*,?\s*$", re.I)
_POINTS_BACK = re.compile(r"\b(?:it|that|this|one)\b", re.I)  # "is it worth waiting for": the card brought up


def _subject_of_next(pieces: list[_Piece], k: int) -> bool:
    """Options said without a question word ("strix halo vs dgx spark: which is faster ...") before an ask of the same
    sentence that opens with a question word: they are the subject of that ask, not an ask of their own; so is a card
    brought up ("what about the rtx 5090 ti 48gb, is it worth waiting for or just get a 5090 now") before an ask
    that points back at it."""
    piece = pieces[k]
    nxt_ = pieces[k + 1] if k + 1 < len(pieces) else None
    if not piece.ended and _BROUGHT_UP.match(piece.text) and nxt_ is not None and nxt_.sentence == piece.sentence:
        return bool(_POINTS_BACK.search(nxt_.text))
    if piece.ended or not _only_options(piece.text) or _asked_by_words(piece.text, False):
        return False
    nxt = pieces[k + 1] if k + 1 < len(pieces) else None
    return (
        nxt is not None
        and nxt.sentence == piece.sentence
        and _asked_by_words(nxt.text, nxt.ended)
        and _weighs(nxt.text, "en", k + 2 == len(pieces))
    )


def _cut_joiners_zh(piece: str) -> list[str]:
    """ "4090能跑70b吗还有电源要多大": cut before a joiner of list `ask_joiners_zh` when both sides ask something
    ("能不能顺便打游戏" stays whole)."""
    for joiner in sorted(lexicon("zh").listed("ask_joiners_zh"), key=len, reverse=True):
        at = piece.find(joiner)
        if at > 0 and _asks_zh(piece[:at]) and _asks_zh(piece[at:]):
            return [piece[:at], *_cut_joiners_zh(piece[at:])]
    return [piece]


def _names_glued(pieces: list[str]) -> list[str]:
    """ "3090 是不是不支持", "还不如直接租 runpod": a piece of Latin script only (a card, a model, a cloud: the space
    next to a Chinese character cut it off) belongs to the piece after it, the last one to the piece before it."""

    def name_only(piece: str) -> bool:
        return not _CJK.search(piece) and len(piece.split()) <= 3

    out: list[str] = []
    for k, piece in enumerate(pieces):
        last = k == len(pieces) - 1
        if out and (name_only(out[-1]) and not _asks_zh(out[-1]) or last and name_only(piece)):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def _joined_doubts(pieces: list[str]) -> list[str]:
    """ "p40很香 真的吗": a piece that only doubts the one before (list `ask_doubts_zh`) asks about it, and one
    that opens with another option asking no figure of its own (list `ask_options_zh`: "值得等吗 还是现在买5080")
    is the same ask; "够用吗 还是去租卡" asks two things (renting is a figure of its own)."""
    doubts = lexicon("zh").listed("ask_doubts_zh")
    options = tuple(lexicon("zh").listed("ask_options_zh"))
    out: list[str] = []
    for piece in pieces:
        other_option = piece.startswith(options) and kind_of(piece.lstrip("".join(options)), "zh") == "other"
        if piece and (piece in doubts or other_option) and out and _asks_zh(out[-1]):
            out[-1] = f"{out[-1]} {piece}"  # "值得等吗 还是现在买5080": the other option of the same ask
        elif piece:
            out.append(piece)
    return out


def _lead_subject(pieces: list[str], asks: list[Ask]) -> list[Ask]:
    """ "gemma3 27b 用3090跑能有多快 功耗多少": the pieces before the first that asks are the subject of the first ask
    (the model said first is what "多快" is about): its words, not its kind (that stays the asking piece's)."""
    first = next((k for k, p in enumerate(pieces) if _asks_zh(p)), None)
    if not first or not asks or not asks[0].text.startswith(pieces[first]):
        return asks
    return [Ask(asks[0].kind, " ".join([*pieces[:first], asks[0].text])), *asks[1:]]


def _subjects_zh(pieces: list[str]) -> list[str]:
    """ "3090还是4090 跑comfyui 速度差多少": options that ask nothing but the choice (list `ask_options_zh`, no figure
    of their own) before another ask are the subject of that ask, not an ask of their own ("租卡还是买卡" asks)."""
    options = lexicon("zh").listed("ask_options_zh")
    out: list[str] = []
    subject = ""
    for k, piece in enumerate(pieces):
        if subject:  # the options and the settings said after them ("跑comfyui") wait for the ask they belong to
            subject = f"{subject} {piece}"
            if _asks_zh(piece):
                out.append(subject)
                subject = ""
            continue
        rest = piece
        for word in options:
            rest = rest.replace(word, " ")
        only_options = rest != piece and not _asks_zh(rest) and kind_of(piece, "zh") in ("pick", "other")
        later = [p for p in pieces[k + 1 :] if _asks_zh(p)]
        nxt = later[0] if later else ""
        if only_options and _weighs(nxt, "zh", len(later) == 1):
            subject = piece
            continue
        out.append(piece)
    return out + ([subject] if subject else [])


def _only_options(piece: str) -> bool:
    """ "2x 3090 or one 5090": the options of the pick before it, no question word of its own."""
    return bool(_OR.search(piece.lower())) and _head(piece) not in lexicon("en").listed("clause_starts")


def _question_of(piece: str) -> str:
    """The question words of a piece: "and if yes how many tok/s roughly" -> "how many tok/s roughly"."""
    words = piece.split()
    if words and words[0].lower() in ("and", "also", "plus", "then", "so"):
        words = words[1:]
    if words and words[0].lower() == "if":
        return _after_condition(" ".join(words))
    return " ".join(words)


def cards_named(text: str, index) -> list[str]:
    """The GPU names a message holds, as typed ("二手矿卡3080怎么验 价格多少算正常" -> ["3080"]), read by the tagger."""
    return [typed for typed, _ in gpu_tags_of(text, index)]


def gpus_named(text: str, index) -> list[str]:
    """The KB names of the GPUs a piece of a message names ("b200 vs h200 rental prices" -> ["B200", "H200 SXM 141
    GB"]), in order, each once; a name not resolved to one card is left out."""
    names = [name for _, name in gpu_tags_of(text, index)]
    return list(dict.fromkeys(n for n in names if isinstance(n, str) and n))


def gpu_tags(tags) -> tuple[tuple[str, object], ...]:
    """The GPU tags of a tagged message as (text as typed, KB name or None)."""
    return tuple((t.text, getattr(t.value, "name", None)) for t in tags if t.kind == "GPU")


def gpu_tags_key(cleaned: str, lang: str, index) -> tuple:
    """The key under which a message's GPU tags are kept while it is answered (assistant/read_once.py)."""
    return ("gpu_tags", cleaned, lang, id(index))


def gpu_tags_of(text: str, index) -> tuple[tuple[str, object], ...]:
    """`gpu_tags` of `text` tagged as the parser tags it; the parser's own tagging of the same text in the same
    message is reused (it keeps them under `gpu_tags_key`), so a message is not tagged twice for its card names."""
    from assistant import i18n
    from assistant.nlu.tagger import tag
    from assistant.nlu.text import clean, tokenize
    from assistant.read_once import remember, remembered

    cleaned, _ = clean(text)
    lang = i18n.language_of(cleaned)
    key = gpu_tags_key(cleaned, lang, index)
    found = remembered(key)
    if found is None:
        lex = lexicon(lang)
        tags, _ = tag(lex.respell(tokenize(cleaned), index.name_words), cleaned, index, lex)
        found = gpu_tags(tags)
        remember(key, found)
    return found
