"""Reference resolution: which GPUs "it", "them", "the other one", "the ti" and "and the 3090?" mean.

Contract: `fill(dialogue, refs, counted)` replaces every pronoun `GpuRef` by the GPUs of the
conversation it stands for (with `counted`, a count the question left open is the count the
conversation had: "the power bill if i run it" after "two 3060s" is both); `merged_gpus`
combines the GPUs a follow-up names with those of the question it continues; `focus_refs` is
the GPU the last answer favoured with its count. Raises `NothingToReferTo` (nothing talked
about yet), `NoSuchVariant` ("the ti" of a card without one) or `NoSecondGpu` ("why not the
4060 ti?" with no other GPU in the conversation); the dialogue turns them into questions back.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from assistant.dialogue.shown import ordinal_cards
from assistant.queries import GpuRef, Query

if TYPE_CHECKING:
    from assistant.dialogue.core import Dialogue

# answers where "it" / "them" means the set talked about, with its count ("and the power bill if i run it")
COUNTED = ("cost", "rent_or_buy", "rates", "fit", "compare", "rig", "spec", "power_limit")


class NothingToReferTo(Exception):
    pass


class NoSuchVariant(Exception):
    pass


class NoSecondGpu(Exception):
    pass


class OnlyOneShown(Exception):
    """ "第二个", "the second one" after an answer that showed one option: there is no second to pick (its name)."""


class FewerShown(Exception):
    """ "the third one", "第三个" after an answer that showed fewer options: there is none to pick (the names shown)."""


class NoModelYet(Exception):
    """ "would it fit?" about a card talked about, with no model in the conversation: which model (the card known)."""


def gpus_of(query: Query) -> tuple[GpuRef, ...]:
    """The GPUs a query names (a query without a gpus slot names none)."""
    return tuple(getattr(query, "gpus", ()))


def refer(dlg: Dialogue, ref: GpuRef, counted: bool = False) -> list[GpuRef]:
    """The GPUs a pronoun stands for; with `counted`, a count the question left open is the count the
    conversation had for each ("the power bill if i run it" after "two 3060s": both)."""
    ctx = dlg.context
    if ref.pronoun == "owned" and ctx.owned:  # "旧卡能卖多少": the card the user said they have
        own, own_count = ctx.owned[0]
        return [GpuRef(mention=ref.mention or own, name=own, count=own_count, condition=ref.condition)]
    if not ctx.gpus:
        raise NothingToReferTo(ref.mention)
    focus = ctx.focus if ctx.focus in ctx.gpus else ctx.gpus[0]
    if ref.pronoun == "variant":
        base = ctx.gpus[-1]
        name = _talked_of_size(dlg, ref.mention)  # "the 48gb one" after an M4 24 GB and an M4 Pro 48 GB: that Mac
        name = name or (dlg.variant_of(base, ref.mention) if dlg.variant_of else None)
        if name is None:
            raise NoSuchVariant(ref.mention, base)
        return [GpuRef(mention=ref.mention, name=name, count=ref.count, condition=ref.condition)]
    if ref.pronoun == "them" and ref.count == 1 and _two_cards(ref.mention) and len(ctx.gpus) != 2:
        # "那两张卡的话能跑多大的模型" after a pick among three: two of the card picked, not the cards listed
        return [GpuRef(mention=ref.mention, name=focus, count=2, condition=ref.condition)]
    if ref.pronoun == "them" and ref.count > 1 and not ref.count_open:
        names = [focus]  # "two of them" after a pick: two of the card picked
    elif ref.pronoun == "implicit" and len(ordinal_cards(ctx)) > len(ctx.gpus):
        names = ordinal_cards(ctx)  # "显存哪个大" after a ranking: of every card its table showed
    elif ref.pronoun in ("them", "both", "all", "implicit"):  # "specs of the 4090", "and the 3090?", "compare them"
        one_set = len(ctx.gpus) == 1 and ctx.counts.get(ctx.gpus[0], 1) > 1  # "limit them" after 3 x RTX 3090
        one_set = one_set and not (ref.pronoun == "both" and len(ctx.recent) > 1)  # "which draws less": two sides
        names = list(ctx.gpus) if len(ctx.gpus) > 1 or one_set else ctx.recent[-2:] or list(ctx.gpus)
    elif ref.pronoun == "other" and (below := getattr(ctx.last_query, "cheaper_than", None)):
        names = [below]  # "why not the other one?" after "cheaper?": the card the cheaper ones were sought below
    elif ref.pronoun == "other":
        others = [g for g in ctx.gpus if g != focus]
        names = [others[0] if others else focus]
    elif (ref.pronoun or "").startswith("vendor:"):
        names = _of_vendor(
            dlg, str(ref.pronoun).split(":", 1)[1], focus
        )  # "8 of the amd ones": the AMD card talked about
    elif (ref.pronoun or "").startswith("form:"):  # "the laptop one" after a laptop card against a desktop one
        names = _of_form(dlg, str(ref.pronoun).split(":", 1)[1], focus)
    elif ref.pronoun == "first":
        names = [ordinal_cards(ctx)[0]]  # "go back to the first one" after "the second one": the list's first
    elif ref.pronoun == "second":
        listed = ordinal_cards(ctx)
        second = listed[1] if len(listed) > 1 else _second_compared(ctx)
        if second is None and _options_shown(ctx):  # "第二个" after a pick that listed one card: said, not guessed
            raise OnlyOneShown(ctx.gpus[0])
        names = [second or ctx.gpus[0]]
    elif ref.pronoun == "third":  # "the third one" of a top-3 list
        listed = ordinal_cards(ctx)
        if len(listed) < 3:
            raise FewerShown(*listed)
        names = [listed[2]]
    elif ref.pronoun == "last":
        names = [ordinal_cards(ctx)[-1]]
    elif ref.pronoun in ("it", "that") and ctx.compare_pick in ctx.gpus:
        names = [ctx.compare_pick]  # "that one, how much power" after "Get the RTX 5090": the pick
    else:
        names = [focus]
    # a count the question left open is the conversation's ("them" after 2 x RTX 3090 vs an RTX 4090: both sets)
    open_count = ref.count_open or (ref.pronoun in ("them", "both", "all", "implicit") and ref.count == 1)
    counted = counted or (open_count and bool(SETS_SAID.search(ref.mention or "")))  # "这两套", "both setups"
    if ref.pronoun == "second" and len(ctx.gpus) == 1:
        # "the second card" of 2 x RTX 3090: one card of the set (what it adds), not the set; after two options were
        # talked about ("4 x 5090" then "the rtx pro 6000 instead"), "the second option" is the later one as it was
        open_count = len(ctx.recent) > 1
    return [
        GpuRef(
            mention=ref.mention,
            name=n,
            count=ctx.counts.get(n, ctx.seen_counts.get(n, ref.count)) if counted and open_count else ref.count,
            condition=ref.condition,
        )
        for n in names
    ]


def _of_vendor(dlg: Dialogue, vendor: str, focus: str) -> list[str]:
    """The card of that maker talked about: the focus, else the thread's, the last answer's table's, then the latest
    of the cards talked about before."""
    ctx = dlg.context
    seen = list(dict.fromkeys([focus, *ctx.gpus, *ordinal_cards(ctx), *reversed(ctx.recent)]))
    if vendor.startswith("!"):  # "the gpu one" of a Mac and a card weighed: the card of any other maker
        names = [n for n in seen if dlg.vendor_of is not None and dlg.vendor_of(n) not in (vendor[1:], None)]
    else:
        names = [n for n in seen if dlg.vendor_of is not None and dlg.vendor_of(n) == vendor]
    if not names:
        raise NothingToReferTo(vendor)
    return names[:1]


SETS_SAID = re.compile(r"套|\b(?:sets?|setups?|builds?|configs?|configurations?|rigs?|options?)\b", re.I)
_LAPTOP_NAME = re.compile(r"\b(?:mobile|laptop|max-q|notebook)\b", re.I)  # a laptop GPU's name in the knowledge base


def _of_form(dlg: Dialogue, form: str, focus: str) -> list[str]:
    """The card of that form talked about ("laptop": a laptop GPU by its name; "desktop": a card that is neither a
    laptop GPU nor Apple's), the focus first; with no laptop GPU talked about, the laptop part of the focus."""
    ctx = dlg.context
    seen = list(dict.fromkeys([focus, *ctx.gpus, *ordinal_cards(ctx), *reversed(ctx.recent)]))
    if form == "laptop":
        names = [n for n in seen if _LAPTOP_NAME.search(n)]
        variant = dlg.variant_of(focus, "laptop") if dlg.variant_of and not names else None
        names = names or ([variant] if variant else [])  # "no, the laptop one" after a desktop card: its laptop part
    else:
        names = [
            n for n in seen if not _LAPTOP_NAME.search(n) and dlg.vendor_of is not None and dlg.vendor_of(n) != "apple"
        ]
    if not names:
        raise NothingToReferTo(form)
    return names[:1]


# "两张卡" is "the two cards" only where two were talked about; elsewhere it is two of the card (a count said as a noun)
_TWO_CARDS = ("两张卡", "两张", "俩卡", "two cards", "2 cards")


def _two_cards(mention: str) -> bool:
    return mention.strip().lower() in _TWO_CARDS


def _second_compared(ctx) -> str | None:
    """The second card of the last comparison of two cards ("and the second?" after "psu for the first option" of
    "two 3090s or one 5090": the 5090), when the answers since were about one card; None without one."""
    for query in reversed(ctx.history):
        named = list(dict.fromkeys(g.name for g in gpus_of(query) if g.name))
        if query.intent == "compare" and len(named) == 2:
            return named[1]
    return None


def fill(dlg: Dialogue, refs: tuple[GpuRef, ...], counted: bool = False) -> tuple[GpuRef, ...]:
    """`refs` with every pronoun replaced by the GPUs it stands for."""
    out: list[GpuRef] = []
    for ref in refs:
        if ref.pronoun == "vendor_peer":  # "7900xtx和n卡比": the answer picks that maker's card at about its price
            out.append(ref)
            continue
        if ref.pronoun == "context":  # "why not the 4060 ti?": the GPU the conversation is about
            named = {r.name for r in out}
            # then the cards talked about before ("换 4070 呢" then "第二个能快多少": than the 3060 before it)
            ctx = dlg.context
            others = [g for g in dict.fromkeys([ctx.focus, *ctx.gpus, *reversed(ctx.recent)]) if g and g not in named]
            if not others:
                raise NoSecondGpu(out[0].name if out else "")
            # "vs just getting a mac studio m3 ultra 96gb?" after 2 x RTX 3090: against the set the last question was
            # about, with its count (not the cards a fit found it would need: "it would fit on 2 of them")
            asked = gpus_of(dlg.context.last_query) if dlg.context.last_query is not None else ()
            count = next((g.count for g in asked if g.name == others[0]), 1)
            held = ctx.counts.get(others[0], 1)
            if held > count and any(r.count == held for r in out):  # "换4090能快多少" after 2 x 3090: 2 of each
                count = held
            out.append(GpuRef(mention=ref.mention, name=others[0], count=count))
            continue
        if not ref.pronoun:
            out.append(ref)
            continue
        had = {(g.name, g.count) for g in out}  # "that one, how much power does it use": the one card, once
        out.extend(g for g in refer(dlg, ref, counted) if (g.name, g.count) not in had)
    return tuple(out)


def focus_refs(dlg: Dialogue) -> tuple[GpuRef, ...]:
    """The GPU the last answer favoured, as many as it picked ("2 x RTX 3090"), or every card of the one machine a
    fit or build was about ("2 x RTX 3090 + RTX 4090"); () when there is none."""
    ctx = dlg.context
    last = ctx.last_query
    mixed = tuple(g for g in getattr(last, "gpus", ()) if g.name and not g.pronoun)
    if last is not None and last.intent in ("fit", "rig") and len({g.name for g in mixed}) > 1:
        return mixed  # "跑 70b q4 速度按哪张算", "整机满载多少瓦" after 2 x 3090 + a 4090 in one machine: all of them
    # after a comparison asked in full, the side its answer picked ("换成租呢" after "Get the RTX 3090")
    focus = ctx.compare_pick if ctx.compare_pick in ctx.gpus else ctx.focus_or_first()
    if focus is None:
        return ()
    return (GpuRef(mention=focus, name=focus, count=ctx.counts.get(focus, ctx.focus_count)),)


_SETS = ("fit", "cost", "verdict", "rig")  # intents whose GPUs are one machine: a card added joins them


def merged_gpus(
    dlg: Dialogue, base: Query, refs: tuple[GpuRef, ...], replace: bool, count: int | None, adds: bool = False
):
    """The GPUs of a follow-up that names some ("and the 3090?", "no, the ti") merged with the last question's:
    added to a comparison (at most 4), replacing the last one on "no, the ...", joining the machine's set when a
    card is added ("what if i add a 3060": one more of a card already there raises its count), else instead of
    them."""
    new = fill(dlg, refs)
    old = gpus_of(base)
    if count is None and refs and all(r.pronoun in ("them", "both", "all", "that") for r in refs):
        had = {g.name: g.count for g in old}  # "what do they go for used" after 2 x RTX 3090 vs an A6000: as many
        new = tuple(dataclasses.replace(n, count=had.get(n.name, n.count)) if n.count == 1 else n for n in new)
    if adds and old and base.intent in _SETS and not replace:
        return joined_set(old, new)
    if adds and base.intent == "compare" and new and {n.name for n in new} <= {g.name for g in old} and not replace:
        return joined_set(old, new)  # "再加一张3090呢" after 3090 vs 4090: that side has one more (2 x 3090 vs 4090)
    if count and count > 1 and len(new) == 1 and new[0].count == 1 and not refs[0].pronoun:
        new = (dataclasses.replace(new[0], count=count),)  # "what about 2 of the 3090": the count read apart
    mac = (new[0].name or "").startswith("Apple ") if len(new) == 1 else False  # one computer, never "2 x" of it
    if count is None and len(old) == len(new) == 1 and old[0].count > 1 and new[0].count == 1 and not refs[0].pronoun:
        if not mac:  # "what about the mac studio" after 2 x RTX 3090: one Mac
            new = (dataclasses.replace(new[0], count=old[0].count),)  # "and on a100s?" after 8 x H100: still 8
    if replace and old and len(old) > 1 and all(r.pronoun == "variant" for r in refs):
        picked = {n.name for n in new}
        if picked <= {g.name for g in old}:  # "the 48gb one" after a Mac of 24 GB and one of 48 GB: that one of them
            return tuple(g for g in old if g.name in picked)
    if replace and old:
        at = _likest(old, new)  # "不是，我问的是 3080ti" after 3090 Ti vs 3090: the 3090 Ti was the slip
        return old[:at] + new + old[at + 1 :] if at is not None else old[:-1] + new
    if base.intent == "compare":
        kept = tuple(g for g in old if g.name not in {n.name for n in new})
        return (kept + new)[-4:]
    return new


def _likest(old: tuple[GpuRef, ...], new: tuple[GpuRef, ...]) -> int | None:
    """Where the one card named in a correction goes among several talked about: the one whose name is clearly the
    most like it (a slip of a digit or a suffix), else None (the last one, as before)."""
    from rapidfuzz import fuzz

    if len(old) < 2 or len(new) != 1 or not new[0].name or new[0].pronoun:
        return None
    scores = sorted(((fuzz.ratio(new[0].name, g.name or ""), k) for k, g in enumerate(old)), reverse=True)
    best, second = scores[0], scores[1]
    return best[1] if best[0] - second[0] >= 5 and old[best[1]].name != new[0].name else None


def joined_set(old: tuple[GpuRef, ...], new: tuple[GpuRef, ...]) -> tuple[GpuRef, ...]:
    """The set `old` with the cards `new` put in: a card already there counts one more (or as many as named)."""
    out = list(old)
    for ref in new:
        at = next((k for k, g in enumerate(out) if g.name and g.name == ref.name), None)
        if at is None:
            out.append(ref)
        else:
            out[at] = dataclasses.replace(out[at], count=out[at].count + max(ref.count, 1))
    return tuple(out)


def _talked_of_size(dlg: Dialogue, mention: str) -> str | None:
    """The one card talked about whose memory is the size `mention` says ("48 GB"), None when none or several."""
    import re

    said = re.fullmatch(r"\s*(\d{1,3})\s*gb\s*", mention.lower())
    if said is None or dlg.memory_of is None:
        return None
    talked = list(dict.fromkeys([*dlg.context.recent, *dlg.context.gpus]))
    sized = [n for n in talked if (dlg.memory_of(n) or _size_in_name(n)) == float(said.group(1))]
    return sized[0] if len(sized) == 1 else None


def _size_in_name(name: str) -> float | None:
    """The memory a name ends with ("Apple M4 Pro 48 GB", a configuration the KB builds, has no entry of its own)."""
    import re

    found = re.search(r"(\d{1,3}) GB$", name)
    return float(found.group(1)) if found else None


def _options_shown(ctx) -> bool:
    """The last answer picked among options (a recommendation or a build) and it is the only card the thread talked
    about: an ordinal picks among what it showed (two builds asked in turn are two options: "那就第二个吧")."""
    if ctx.last_query is None or ctx.last_query.intent not in ("recommend", "rig"):
        return False
    return len(set(ctx.recent)) <= 1
