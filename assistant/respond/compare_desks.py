"""One shared server or separate workstations: "for a lab of 8: a single 8x4090 server or 8 separate workstations
with one 4090 each?", "2 workstations w/ 5090 or 1 server w/ 2x L40S. 6 researchers", "二手服务器配4张v100 还是自己装个
4090工作站 给组里三个人用". A choice of set-up, not of card: each side is priced as the machines it is (the cards plus
the platform around them per machine, respond/builds.py), with what one job can use (one machine's cards), the
power of each machine and who waits for whom (the people stated against the machines and cards).

Contract: `respond(query, env)` -> the answer, or None when the question is not such a choice: two sets of named
cards, a server word (lexicon [lists] setup_server_words) and a workstation word (setup_desk_words), never
followed by a card word ("a workstation card vs a server card" compares cards). Each set's side is the set-up word
nearest its mention; the side with more machines is the workstations when both come out the same. The pick
(docs/model.md §rig.setup [A]): a card that cannot go into a desktop (passive, SXM) -> the server; with the people
stated, workstations when there is one for each person, else the server (people
share its cards through a queue); with no people, the same cards on both sides -> workstations for a GeForce card
(its driver licence excludes datacenter deployment; several cards of 300 W+ in one box need their own circuit),
the server for any other; otherwise the side with more GPU memory per dollar. figures["desks"] = {pick, sides}.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from assistant.answer import Answer
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery, GpuRef
from assistant.respond import builds, pricing
from assistant.respond.env import Env
from assistant.specs import GpuSpec

_NOT_SETUP = r"(?!\s*(?:cards?|gpus?|版|卡|显卡))"  # "workstation card", "服务器卡": a kind of card, not a set-up


@dataclass(frozen=True)
class Side:
    """One set-up of the choice: its cards, how many machines hold them, its price and one machine's power."""

    ref: GpuRef
    gpu: GpuSpec
    server: bool
    machines: int
    per_machine: int
    usd: float | None  # the whole side: cards + platforms
    wall_w: float  # one machine under load

    @property
    def cards(self) -> int:
        return self.machines * self.per_machine

    @property
    def job_gb(self) -> float:
        return float(self.gpu.memory_gb or 0) * self.per_machine


def _words(env: Env, name: str) -> re.Pattern[str]:
    words = sorted(lexicon(env.lang).listed(name) | lexicon("en").listed(name), key=len, reverse=True)
    parts = [rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w) for w in words]
    return re.compile(rf"(?:{'|'.join(parts)}){_NOT_SETUP}" if parts else r"(?!x)x")


def _positions(query: CompareQuery, low: str) -> list[int]:
    """Where each set's mention is in the text (successive occurrences for the same mention)."""
    out, start = [], 0
    for ref in query.gpus:
        at = low.find((ref.mention or "").lower(), start) if ref.mention else -1
        out.append(at)
        start = at + 1 if at >= 0 else start
    return out


_BOUNDARY = re.compile(r"\b(?:or|vs\.?|versus|instead of|rather than)\b|还是|或者|或是|[,，;；:：?？]")


def _nearest(low: str, at: int, server: list[int], desk: list[int]) -> bool | None:
    """True when the set-up word of the set's own clause (between "or" / "vs" / 还是 / commas) is a server word,
    False a workstation word; else the nearer word; None when unknown."""
    if at < 0:
        return None
    cuts = [0, *(m.start() for m in _BOUNDARY.finditer(low)), len(low)]
    start = max(c for c in cuts if c <= at)
    end = min(c for c in cuts if c > at)
    own_s = any(start <= p < end for p in server)
    own_d = any(start <= p < end for p in desk)
    if own_s != own_d:
        return own_s
    s = min((abs(p - at) for p in server), default=None)
    d = min((abs(p - at) for p in desk), default=None)
    if s is None or d is None or s == d:
        return None
    return s < d


def _side(ref: GpuRef, server: bool, env: Env, each_person: int | None = None) -> Side:
    """`each_person`: the people stated when a workstation is said to be each person's ("每人配一台4090工作站")."""
    gpu = env.gpu(ref.name)
    machines = 1 if server else max(ref.machines, 1)
    if not server and machines == 1 and each_person:
        machines, ref = each_person, dataclasses.replace(ref, count=max(ref.count, 1) * each_person)
    per = max(ref.count // machines, 1) if not server else max(ref.count, 1)
    price = pricing.price_of(gpu.name, env, ref.condition)
    one = builds.build(gpu, per, price.usd if price else 0.0, 1.0, desktop_usd=env.local_desktop_usd())
    usd = one.total_usd * machines if price is not None else None
    return Side(ref, gpu, server, machines, per, usd, one.wall_w)


def _sides(query: CompareQuery, env: Env) -> tuple[Side, Side] | None:
    refs = [r for r in query.gpus if r.name]
    if len(refs) != 2:
        return None
    low = query.text.lower()
    server = [m.start() for m in _words(env, "setup_server_words").finditer(low)]
    desk = [m.start() for m in _words(env, "setup_desk_words").finditer(low)]
    if not server or not desk:
        return None
    where = [_nearest(low, at, server, desk) for at in _positions(query, low)]
    if where[0] is None or where[0] == where[1]:
        more = 0 if refs[0].machines > refs[1].machines else 1 if refs[1].machines > refs[0].machines else None
        if more is None:
            return None
        where = [more != 0, more != 1]
    people = _people(query)
    each = people is not None and _words(env, "setup_each_person_words").search(low) is not None
    a, b = (_side(ref, bool(w), env, people if each else None) for ref, w in zip(refs, where, strict=True))
    return (a, b) if a.server else (b, a)


def _people(query: CompareQuery) -> int | None:
    found = [int(v) for k, v in getattr(query, "targets", ()) or () if k == "users" and v >= 2]
    return found[0] if found else None


def _pick(server: Side, desks: Side, people: int | None) -> tuple[bool, str]:
    """(server picked, the reason's key)."""
    if builds.fits_a_workstation(desks.gpu) or desks.gpu.passively_cooled:
        return True, "passive"
    if people is not None:
        if desks.machines >= people:
            return False, "own_card"
        return True, "share" if server.cards >= people else "queue"
    if desks.gpu.name == server.gpu.name and desks.cards == server.cards:
        geforce = bool(server.gpu.arch and server.gpu.arch.product_class == "geforce")
        return (False, "geforce") if geforce else (True, "multi")
    per_gb = [
        (s.cards * float(s.gpu.memory_gb or 0)) / s.usd if s.usd else 0.0 for s in (server, desks)
    ]  # GPU memory per dollar
    return per_gb[0] >= per_gb[1], "memory_value"


def _line(side: Side, env: Env) -> str:
    key = "desks.server_line" if side.server else "desks.desk_line"
    return env.t(
        key,
        machines=side.machines,
        per=side.per_machine,
        gpu=side.gpu.short_name,
        cards=side.cards,
        job_gb=f"{side.job_gb:g}",
        money=env.money(side.usd) if side.usd is not None else env.t("desks.no_price"),
        wall=f"{side.wall_w:,.0f}",
    )


def _circuit_w(env: Env) -> float:
    """What one household circuit carries continuously in the answer's market (knowledge/rigs.toml [power])."""
    rules = builds.power()
    if env.price_market() == "CN":  # an answer priced in the Chinese market: its household socket
        return float(rules["cn_socket_volts"] * rules["cn_socket_amps"] * rules["continuous_share"])
    return float(rules["us_circuit_w"])


def respond(query: CompareQuery, env: Env) -> Answer | None:
    sides = _sides(query, env)
    if sides is None:
        return None
    server, desks = sides
    people = _people(query)
    to_server, why = _pick(server, desks, people)
    picked = server if to_server else desks
    head = env.t(
        f"desks.{'server' if to_server else 'desks'}_{why}",
        gpu=picked.gpu.short_name,
        machines=desks.machines,
        cards=picked.cards,
        server_cards=server.cards,
        people=people or 0,
        job_gb=f"{server.job_gb:g}",
        desk_gb=f"{desks.job_gb:g}",
        desk_gpu=desks.gpu.short_name,
    )
    steps = [_line(server, env), _line(desks, env)]
    if server.usd is not None and desks.usd is not None:
        steps.append(
            env.t(
                "desks.cost_gap",
                more=env.money(abs(server.usd - desks.usd)),
                side=env.t("desks.the_server" if server.usd > desks.usd else "desks.the_desks"),
            )
        )
    if server.gpu.arch and server.gpu.arch.product_class == "geforce":
        steps.append(env.t("desks.geforce_server", gpu=server.gpu.short_name))
    limit = _circuit_w(env)
    if server.wall_w > limit:
        steps.append(env.t("desks.server_power", wall=f"{server.wall_w:,.0f}", limit=f"{limit:,.0f}"))
    answer = Answer(
        question=query.text,
        intent="compare",
        headline=head,
        gpus=list(dict.fromkeys([server.gpu.name, desks.gpu.name])),
        steps=steps,
        figures={
            "desks": {
                "pick": "server" if to_server else "workstations",
                "sides": [
                    {"gpu": s.gpu.name, "server": s.server, "machines": s.machines, "cards": s.cards, "usd": s.usd}
                    for s in (server, desks)
                ],
            }
        },
        sources=env.cite("rig-wopr-tinybox-2024", "dettmers-2020"),
        assumption_text=pricing.assumption_text(env, buying=True),
        lang=env.lang,
    )
    if people is not None:
        answer.figures["targets"] = True  # the people stated are weighed (engine: no "not counted" note)
    return answer
