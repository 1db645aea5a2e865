"""Answer "how much vram does hunyuanvideo need", "can a 4090 run wan 2.1": the GPU memory the model's
authors publish (knowledge/video_models.csv, batch 1), per setting, and whether the GPUs named hold it.

Contract: the published peak is the answer (no model of video activations is made up); without a
published figure the weights at bf16 (2 bytes per parameter) are given as a floor, said to be one.
`figures.video`: one object per setting: `setting`, `peak_gb` (null if unpublished), `floor_gb`,
`offload`, and per GPU named `fits` ({GPU name: true | false}); `video_time` the seconds per clip per GPU and size
(respond/video_time.py, docs/model.md §video.speed).
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from assistant import i18n, paths
from assistant.answer import Answer, Table
from assistant.nlu.lexicon import lexicon
from assistant.queries import VideoQuery
from assistant.respond import video_pick, video_time, video_why
from assistant.respond.env import Env
from assistant.respond.wording import counted, spec_source

BF16_BYTES = 2.0


@cache
def _rows() -> list[dict]:
    from assistant.kb.files import read_csv

    return [row for _, row in read_csv(paths.knowledge_dir() / "video_models.csv", ["key", "name", "peak_gb"])]


def rows_of(key: str) -> list[dict]:
    """The published settings of one video model (knowledge/video_models.csv)."""
    return [r for r in _rows() if r["key"] == key]


_MEMORY = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:gb|g)(?![a-z])", re.I)


def _memory_verdicts(text: str, figures: list[dict], env: Env, model: str = "") -> tuple[str, list[str]]:
    """ "hunyuanvideo on 24gb possible? or do i need a 48gb card", "显卡最低门槛是啥" with no GPU named: for each
    memory size asked, the settings it holds as published (or the least the model needs), and the least asked; with
    the names of the cards it named (the least card), [] when none."""
    published = [f for f in figures if f["peak_gb"]]
    if not published:
        return "", []
    least = min(published, key=lambda f: f["peak_gb"])
    out, named = [], []
    for gb in sorted({int(m) for m in _MEMORY.findall(text.lower()) if 4 <= int(m) <= 256}):
        held = [f for f in published if f["peak_gb"] <= gb]
        if held:
            settings = i18n.join_names(env.lang, [_setting(f, env) for f in held])
            out.append(env.t("video.memory_yes", gb=gb, settings=settings))
        else:
            out.append(env.t("video.memory_no", gb=gb, least=f"{least['peak_gb']:g}", setting=_setting(least, env)))
    if not out and lexicon(env.lang).words_in("asked_minimum", f" {text.lower()} "):
        out.append(env.t("video.minimum", model=model, gb=f"{least['peak_gb']:g}", setting=_setting(least, env)))
        card = least_card(env, float(least["peak_gb"]))
        if card is not None:  # "whats the minimum gpu": the card of that entry point, which the thread goes on with
            out.append(env.t("video.minimum_card", gpu=card[0].short_name, price=env.money(card[1].usd)))
            named = [card[0].name]  # the answer's GPU, so "would that do 720p" is about it
    return i18n.gap(env.lang).join(out), named


def least_card(env: Env, need_gb: float):
    """(spec, price) of the cheapest stock NVIDIA desktop card priced here with `need_gb` GB (respond/video_pick),
    or None."""
    from assistant.respond.variants import is_modified

    cards = [c for c in video_pick.cards_with(env, need_gb) if not is_modified(c[0].name)]
    cheapest = min(cards, key=lambda c: c[1].usd, default=None)
    return cheapest[:2] if cheapest else None


def _setting(figure: dict, env: Env) -> str:
    return env.term(figure["setting"]) + (env.t("video.offload") if figure["offload"] else "")


def family_typed(query: VideoQuery, env: Env) -> str:
    """The video model as typed when it is a family without a size ("wan 2.1", "wan2.2": nlu/intents/video.FAMILIES),
    else "": the longest word of lexicon list video_models in the question ("wan 2.1 14b" names a size)."""
    from assistant.nlu.intents.video import FAMILIES

    if query.typical:  # no model named: the family of the usual model ("wan2.2")
        return query.video.split("-")[0]
    low = query.text.lower()
    found = max((w for w in lexicon(env.lang).listed("video_models") if w in low), key=len, default="")
    return found if found in FAMILIES else ""


def family_note(query: VideoQuery, env: Env) -> str:
    """ "wan 2.1" typed without a size: which of the family's models the answer is for, and what each other one needs at
    its most frugal published setting ("" when a size was typed)."""
    typed = family_typed(query, env)
    if not typed:
        return ""
    prefix = query.video.split("-")[0]  # "wan2.1" of "wan2.1-t2v-14b"
    others: dict[str, dict] = {}
    for r in _rows():
        if r["key"].split("-")[0] == prefix and r["key"] != query.video and r["peak_gb"]:
            best = others.get(r["key"])
            if best is None or float(r["peak_gb"]) < float(best["peak_gb"]):
                others[r["key"]] = r
    if not others:
        return ""
    gpus = [g for g in env.reader.gpus([g.name for g in query.gpus if g.name]) if g.memory_gb]
    counts = {g.name: max(g.count, 1) for g in query.gpus if g.name}

    def other(r: dict) -> str:
        gb = float(r["peak_gb"])
        holds = [g.short_name for g in gpus if (g.memory_gb or 0) * counts.get(g.name, 1) >= gb]
        text = env.t("video.family_other", model=r["name"], gb=f"{gb:g}", setting=env.term(r["setting"]))
        if not holds:
            return text
        key = "video.family_holds" if len(holds) == 1 else "video.family_hold"
        return text + env.t(key, gpus=i18n.join_names(env.lang, holds))

    said = i18n.sep(env.lang).join(other(r) for r in others.values())
    name = next((r["name"] for r in _rows() if r["key"] == query.video), query.video)
    return env.t("video.typical_note" if query.typical else "video.family_note", typed=typed, model=name, others=said)


def _held_member(query: VideoQuery, env: Env) -> VideoQuery:
    """ "4070 12g跑wan2.1", "wan2.1 12g显存够不够": a family typed without a size on cards named (or a memory size
    said) is its largest model those cards hold at a published setting (the 1.3B on 12 GB), else its main one; the
    note then names the other."""
    gpus = env.reader.gpus([g.name for g in query.gpus if g.name])
    said_gb = [int(m) for m in _MEMORY.findall(query.text.lower()) if 4 <= int(m) <= 256]
    if not family_typed(query, env) or not (gpus or said_gb):
        return query
    counts = {g.name: max(g.count, 1) for g in query.gpus if g.name}
    have = [(g.memory_gb or 0) * counts[g.name] for g in gpus] or [float(min(said_gb))]  # "wan2.1 12g够不够"
    prefix = query.video.split("-")[0]
    sizes: dict[str, tuple[float, float]] = {}  # key -> (params, most frugal published peak)
    for r in _rows():
        if r["key"].split("-")[0] == prefix and r["peak_gb"]:
            params, peak = float(r["params_b"]), float(r["peak_gb"])
            sizes[r["key"]] = (params, min(peak, sizes.get(r["key"], (params, peak))[1]))
    held = [k for k, (_, peak) in sizes.items() if all(gb >= peak for gb in have)]
    if not held and sizes:  # "is 8gb enough for wan 2.1": none held, the least the family needs (its most frugal)
        return dataclasses.replace(query, video=min(sizes, key=lambda k: sizes[k][1]))
    if not held or query.video in held:
        return query
    return dataclasses.replace(query, video=max(held, key=lambda k: sizes[k][0]))


def _least_member(query: VideoQuery, env: Env) -> VideoQuery:
    """ "跑wan2.1视频生成最低要啥卡": the least asked of a family typed without a size, no GPU named, is the family's
    model with the most frugal published setting (Wan2.1's 1.3B at about 8 GB); the note then names the others."""
    if query.gpus or not family_typed(query, env):
        return query
    if not lexicon(env.lang).words_in("asked_minimum", f" {query.text.lower()} "):
        return query
    prefix = query.video.split("-")[0]
    published = [r for r in _rows() if r["key"].split("-")[0] == prefix and r["peak_gb"]]
    if not published:
        return query
    return dataclasses.replace(query, video=min(published, key=lambda r: float(r["peak_gb"]))["key"])


def _sized_member(query: VideoQuery) -> VideoQuery:
    """ "换成14b呢", "what about the 14b" after Wan2.1 1.3B: the member of its family (the key's first part) nearest
    that size; the query unchanged when none is within a billion parameters of it."""
    if query.params_b is None:
        return query
    prefix = query.video.split("-")[0]
    sizes = {r["key"]: float(r["params_b"]) for r in _rows() if r["key"].split("-")[0] == prefix and r["params_b"]}
    asked = float(query.params_b)
    near = min(sizes, key=lambda k: abs(sizes[k] - asked), default=None)
    if near is None or abs(sizes[near] - asked) > 1.0:
        return dataclasses.replace(query, params_b=None)
    return dataclasses.replace(query, video=near, params_b=None)


def respond(query: VideoQuery, env: Env) -> Answer:
    if query.models_named:
        return _each(query, env)
    query = _least_member(_held_member(_sized_member(query), env), env)
    answer = _respond(query, env)
    note = family_note(query, env)
    if note:  # after the answer's own first sentence: which model it is for, and the family's others
        head = answer.headline + i18n.gap(env.lang) + note + _family_times(query, env)
        if video_time.time_asked(query, env):  # "how long per clip on wan 2.1": the time said of the model it is for
            name = next((r["name"] for r in _rows() if r["key"] == query.video), query.video)
            head = env.t("video.family_lead", model=name) + head
        answer = dataclasses.replace(answer, headline=head)
    if query.training:  # "can i lora wan 2.1 14b on a 4090": no training memory on record, said before what is
        answer = dataclasses.replace(
            answer, headline=env.t("video.training_unknown") + i18n.gap(env.lang) + answer.headline
        )
    why = video_why.lead(query, env)
    if why:  # "为啥差这么多" after two cards' clip times: the compute between them, the reason the engine leads with
        answer = dataclasses.replace(answer, figures=answer.figures | {"why_said": why})
    newer = successor_note(query, env)
    if newer:  # "is hunyuan video possible on a 16gb card": no as published, and its successor that is lighter
        answer = dataclasses.replace(answer, headline=answer.headline + i18n.gap(env.lang) + newer)
    return answer


def successor_note(query: VideoQuery, env: Env) -> str:
    """The newer version of the model answered (a row keyed "<key>-<version>": HunyuanVideo 1.5 of HunyuanVideo) with
    its most frugal published memory and the cards named that hold it; "" when it has none."""
    newer: dict[str, dict] = {}
    for r in _rows():
        if r["key"].startswith(query.video + "-") and r["peak_gb"]:
            best = newer.get(r["key"])
            if best is None or float(r["peak_gb"]) < float(best["peak_gb"]):
                newer[r["key"]] = r
    if not newer:
        return ""
    r = min(newer.values(), key=lambda row: float(row["peak_gb"]))
    gb = float(r["peak_gb"])
    gpus = [g for g in env.reader.gpus([g.name for g in query.gpus if g.name]) if (g.memory_gb or 0) >= gb]
    text = env.t(
        "video.successor",
        model=r["name"],
        params=f"{float(r['params_b']):g}",
        gb=f"{gb:g}",
        setting=env.term(r["setting"]),
    )
    if gpus:
        key = "video.family_holds" if len(gpus) == 1 else "video.family_hold"
        text = (
            text.rstrip(".。")
            + env.t(key, gpus=i18n.join_names(env.lang, [g.short_name for g in gpus]))
            + env.t("video.successor_end")
        )
    return text


def _each(query: VideoQuery, env: Env) -> Answer:
    """ "hunyuan video / wan 2.1 video gen, minimum card?": each model named answered in turn, as if asked alone (the
    question with the other models' names taken out), one after the other in one answer."""
    from assistant.nlu.intents.video import key_of

    answers = []
    for alias in dict.fromkeys(query.models_named):
        text = query.text
        for other in query.models_named:
            if other != alias and other not in alias:
                text = re.sub(re.escape(other), " ", text, flags=re.I)
        answer = respond(dataclasses.replace(query, text=text, video=key_of(alias), models_named=()), env)
        name = next((r["name"] for r in _rows() if r["key"] == key_of(alias)), alias)
        for table in answer.tables:  # two models' tables one after the other: each says whose it is
            table.title = f"{name}: {table.title}" if table.title else name
        answers.append(answer)
    first = answers[0]
    return dataclasses.replace(
        first,
        question=query.text,
        headline=i18n.gap(env.lang).join(a.headline for a in answers),
        tables=[t for a in answers for t in a.tables],
        steps=list(dict.fromkeys(s for a in answers for s in a.steps)),
        sources=list(dict.fromkeys(s for a in answers for s in a.sources)),
        figures=first.figures | {"models": [a.figures.get("model") for a in answers]},
    )


def _family_times(query: VideoQuery, env: Env) -> str:
    """A clip's time asked of a family typed without a size: the family's other models' times too, on the same GPUs."""
    if not video_time.time_asked(query, env):
        return ""
    gpus = env.reader.gpus([g.name for g in query.gpus if g.name])
    prefix = query.video.split("-")[0]
    keys = dict.fromkeys(r["key"] for r in _rows() if r["key"].split("-")[0] == prefix and r["key"] != query.video)
    out = []
    for key in keys:
        lines, _, _ = video_time.clip_lines(dataclasses.replace(query, video=key), env, gpus)
        if lines:
            name = next(r["name"] for r in _rows() if r["key"] == key)
            out.append(env.t("video.family_time", model=name, times=" ".join(lines)))
    return "".join(i18n.gap(env.lang) + line for line in out)


def _respond(query: VideoQuery, env: Env) -> Answer:
    rows = [r for r in _rows() if r["key"] == query.video]
    if query.budget_usd and any(r["peak_gb"] for r in rows):  # "wan 2.1 14b under 2k": which card to buy
        return video_pick.respond(query, env.for_query(query), rows)
    if query.cheaper_than and any(r["peak_gb"] for r in rows):  # "cheaper option?" after a pick for it
        return video_pick.respond(query, env.for_query(query), rows, below=query.cheaper_than)
    if query.pick and any(r["peak_gb"] for r in rows):  # "best card for wan 2.2": which card, no budget
        return video_pick.open_pick(query, env.for_query(query), rows)
    gpus = env.reader.gpus([g.name for g in query.gpus if g.name])
    counts = {g.name: max(g.count, 1) for g in query.gpus if g.name}
    name, params = rows[0]["name"], float(rows[0]["params_b"])
    floor = params * BF16_BYTES
    table = Table(headers=[env.t("video.col_setting"), env.t("video.col_peak"), *[g.short_name for g in gpus]], rows=[])
    figures, parts = [], []
    for r in rows:
        peak = float(r["peak_gb"]) if r["peak_gb"] else None
        need = peak or floor
        fits = {g.name: (g.memory_gb or 0) * counts[g.name] >= need for g in gpus}
        figures.append(
            {
                "setting": r["setting"],
                "peak_gb": peak,
                "floor_gb": floor,
                "offload": r["offload"] == "yes",
                "fits": fits,
            }
        )
        shown = f"{peak:g} GB" if peak else env.t("video.floor_cell", gb=f"{floor:g}")
        setting = env.term(r["setting"]) + (env.t("video.offload") if r["offload"] == "yes" else "")
        table.rows.append([setting, shown, *[env.t("video.yes" if fits[g.name] else "video.no") for g in gpus]])
        key = "video.part_peak" if peak else "video.part_floor"
        parts.append(
            env.t(
                key,
                setting=env.term(r["setting"]),
                gb=f"{need:g}",
                offload=env.t("video.offload") if r["offload"] == "yes" else "",
            )
        )
    head = env.t("video.head", model=name, params=f"{params:g}", parts=i18n.sep(env.lang).join(parts))
    asked, least = _memory_verdicts(query.text, figures, env, name) if not gpus else ("", [])
    head = i18n.gap(env.lang).join(p for p in (asked, head) if p)
    verdicts = []  # "can a 3060 run wan 2.2", "文生视频 4090够吗": whether each card holds it leads the answer
    for g in gpus:
        n = counts[g.name]
        ok = [_setting(f, env) for f in figures if f["fits"][g.name]]
        what = counted(env, g, n)
        have = f"{(g.memory_gb or 0) * n:g}"
        said = (
            env.t("video.gpu_fits_lead", what=what, gb=have, model=name, settings=i18n.join_names(env.lang, ok))
            if ok
            else env.t("video.gpu_short_lead", what=what, gb=have, model=name)
        )
        verdicts.append(i18n.cap(env.lang, said))
    head = i18n.gap(env.lang).join([*verdicts, head])
    steps = [env.t("video.published"), env.t("video.offload_step")]
    if any(f["peak_gb"] is None for f in figures):
        steps.append(env.t("video.no_figure", model=name, gb=f"{floor:g}"))
    short = frozenset(g.name for g in gpus if not any(f["fits"][g.name] for f in figures))
    times, time_steps, time_figures = video_time.clip_lines(query, env, gpus, short)
    if times:  # minutes per clip: first when the question asks how long, after the memory otherwise
        timed = i18n.gap(env.lang).join(times)
        head = i18n.gap(env.lang).join([timed, head] if video_time.time_asked(query, env) else [head, timed])
        steps += time_steps
    sources = env.cite(*dict.fromkeys(r["source"] for r in rows)) + [spec_source(g, env) for g in gpus]
    if times:  # the shapes the time is counted from, and the README timing it is checked against
        shape = "video-hunyuan-config" if query.video == "hunyuanvideo" else "video-wan-configs"
        sources += [s for s in env.cite(shape, "video-wan21-readme") if s not in sources]
    return Answer(
        question=query.text,
        intent="video",
        headline=head,
        gpus=[g.name for g in gpus] or least,
        tables=[table],
        steps=steps,
        figures={"video": figures, "model": query.video, **time_figures},
        sources=sources,
        lang=env.lang,
    )
