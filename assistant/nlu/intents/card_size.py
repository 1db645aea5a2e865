"""A card's physical size against the user's case, clearance or board: "will a 4090 fit in a fractal north, 355mm
gpu clearance", "does a 5090 fe fit in an sff case like the ncase m2", "2x 3090 fe on a b650 board with x16/x4
slots, is spacing an issue", "机箱显卡限长320 4080能装吗", "4090公版能塞进itx机箱吗".

`read` claims a question naming one GPU (any count) with no model to run, and a length in mm (LENGTH), a case
(CASE tag or a word of [lists] case_words with a size word of card_size_words), or a board (BOARD tag) or slot
spacing words (slot_spacing_words) with two or more cards, or its length asked (length_words):
SpecQuery(fields=("size",)) with the clearance, the case, whether the spacing of several cards is asked and the PSU's
watts said beside the case ("will a 3090 fit in my h510 with a 650w psu") (respond/card_size.py). A power question (a
PSU, UPS, volts or amps named) without a length or a case is not one, unless the case itself is said with a fit word
("would a 3090 fit in that case and psu").
"""

from __future__ import annotations

from assistant.nlu.intents.verdict import said
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Query, SpecQuery

# a job asked alongside ("does a 4090 in an itx case run llama 70b"): not a size question
# the words that name the case itself (not a form factor like "sff" or "itx", which a PSU question may say too)
_CASE_ITSELF = ("case", "chassis", "tower", "机箱")
_JOB = ("MODEL", "PARAMS", "HOURS", "MONEY", "BUDGET", "RENT", "COST", "KWH")


@needs(("GPU",), unless=("MODEL", *_JOB))
def read(r: Reading) -> Query | None:
    names = {g.name for g in r.explicit if g.name}
    if len(names) != 1 or r.model or r.b.has(*_JOB):
        return None
    count = r.total_count() or max((g.count for g in r.explicit), default=1)
    power = "power" in r.fields() or bool(said(r, "rig_psu")) or r.b.has("WATTS", "UPS", "VOLTS", "AMPS")
    # "x670e board with two 4090s, any issue": the second card's room; "trx50 + 4x 4090, power?" asks the power
    # "two 4090s on a b650 board at x8/x8": the lanes are the question (a PCIe link named), not the room
    spacing = bool(said(r, "slot_spacing_words")) or (
        count > 1 and r.b.has("BOARD") and not power and not r.b.has("LINK")
    )
    sized = bool(said(r, "card_size_words"))
    cased = r.b.has("CASE") or (sized and bool(said(r, "case_words")))
    other = set(r.fields()) - {"all", "slot"}  # "how big is the l2 on a 3090": another figure asked
    length_asked = bool(said(r, "length_words")) and not other  # "how long is a 4090", "5090 fe有多长"
    if not (r.b.has("LENGTH") or cased or length_asked or (spacing and (count > 1 or r.b.has("BOARD")))):
        return None
    # "would a 3090 fit in that case and psu": the case said in so many words with a fit word asks the size too
    case_fit = sized and said(r, "case_words") in _CASE_ITSELF
    if power and not r.b.has("LENGTH", "CASE") and not case_fit:
        return None  # "sf1000 + 5090 in an sff build, sketchy?": the power supply named is the question
    length = r.b.first("LENGTH")
    return SpecQuery(
        text=r.text,
        gpus=tuple(r.explicit),
        fields=("size",),
        clearance_mm=float(length) if length is not None else None,
        case=r.b.first("CASE"),
        spacing=spacing,
        psu_w=r.psu_watts() if power else None,
    )
