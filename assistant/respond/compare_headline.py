"""The headline of a comparison: the better value and the faster for the workload asked (or the
memory of each when memory is asked), the user's premise contradicted first when the numbers disagree,
an unrated side said so, three or more GPUs against the field; and the "is the dearer one worth it"
verdict. Each returns its text and the GPU it chooses."""

from __future__ import annotations

import re

from assistant import i18n
from assistant.models import hardware
from assistant.models.values import safe_div
from assistant.nlu.lexicon import lexicon
from assistant.queries import CompareQuery
from assistant.respond import compare_case, compare_pick, unrated
from assistant.respond.env import Env
from assistant.respond.fit_sizing import largest_llm
from assistant.respond.pricing import (
    CHAT_CONTEXT,
    ValueRow,
)
from assistant.respond.wording import join_names


def _yours(env: Env, names: list[str], query: CompareQuery) -> bool:
    """Every card compared is priced at a price the user gave in this conversation ("used 3090 $700, new 4070 ti
    super $799 ... pick one"): the value is worked out at their prices, and the headline says so (not for a gap
    said between the cards: one side's price is then the market's)."""
    stated = {gpu for gpu, _cond in env.assumptions.prices}
    return bool(names) and all(n in stated for n in names) and not query.price_gap


def _unrated_headline(
    a: ValueRow, b: ValueRow, title: str, env: Env, llm: bool = True, sized: bool = False
) -> tuple[str, str]:
    """One side has no rated speed (Apple silicon, missing specs): say so instead of a 0.00x ratio, and
    compare what both can be rated on, single-user LLM decode from memory bandwidth (§llm.decode), with the pick at
    the largest model both run unless a model was asked (`sized`: its own pick leads); not for an image
    question (`llm` False: "m4 pro vs a 4070 laptop for stable diffusion" never gets LLM speeds)."""
    bad = [r for r in (a, b) if unrated.is_unrated(r.perf)]
    head = env.t("compare.unrated", gpus=join_names([r.label for r in bad], env.lang), title=title)
    if not llm:
        return head, (b if bad[0] is a else a).gpu.name
    speeds = {r.gpu.name: unrated.llm_speeds(env, r.gpu, r.n_gpus) for r in (a, b)}
    each = [env.t("compare.unrated_each", gpu=r.label, speeds=unrated.llm_text(env, r.gpu, r.n_gpus)) for r in (a, b)]
    lines = [env.t("compare.unrated_llm", each=i18n.sep(env.lang).join(each), ctx=f"{CHAT_CONTEXT:,}")]
    # the faster at the largest model that fits either, then the smaller one
    picked = max((a, b), key=lambda r: tuple(s[2] or 0.0 for s in reversed(speeds[r.gpu.name])))
    pick, _faster = _llm_pick(a, b, speeds, env)  # the choice stays the rule's: the faster at the largest model
    if sized:
        pick = []  # "m4 max 128gb or 2x 3090 for 70b": the pick at the model asked leads, said once
    return i18n.gap(env.lang).join([*pick, head, *lines]), picked.gpu.name


def _train_on_rated(query: CompareQuery, a: ValueRow, b: ValueRow, title: str, env: Env) -> tuple[str, str] | None:
    """Training or fine-tuning asked of a rated card against an Apple one ("dgx spark vs mac studio m4 max 128gb for
    fine tuning"): the rated card leads, for the tools that train on it (CUDA / ROCm), the Mac's training said to run
    only through MLX or PyTorch's MPS backend with no rated speed here; the LLM speeds follow. None otherwise."""
    if query.workload not in ("training", "llm_finetune"):
        return None
    rated = [r for r in (a, b) if not unrated.is_unrated(r.perf)]
    apple = [r for r in (a, b) if unrated.is_unrated(r.perf) and hardware.is_apple(r.gpu)]
    if len(rated) != 1 or len(apple) != 1:
        return None
    head = env.t("compare.train_rated_pick", gpu=rated[0].label, other=apple[0].label, title=title)
    rest, _choice = _unrated_headline(a, b, title, env, True, False)
    return i18n.gap(env.lang).join([head, rest]), rated[0].gpu.name


def _llm_pick(a: ValueRow, b: ValueRow, speeds: dict, env: Env) -> tuple[list[str], ValueRow | None]:
    """ "DGX Spark or a Mac Studio M4 Max": the pick for running LLMs, first: the faster at the largest model both
    run (its speeds), and a larger model only the other holds, said ("mac mini m4 pro 64g vs a 4090": the 4090 is
    faster at 8B, the Mac alone holds 70B)."""
    runs = {r.gpu.name: {name: tps for name, _q, tps, _gb in speeds[r.gpu.name]} for r in (a, b)}
    both = [name for name in runs[a.gpu.name] if runs[a.gpu.name][name] and runs[b.gpu.name].get(name)]
    if not both:
        return [], None
    model = both[-1]
    faster, other = (a, b) if runs[a.gpu.name][model] >= runs[b.gpu.name][model] else (b, a)
    values = {
        "gpu": faster.label,
        "other": other.label,
        "model": model,
        "tps": f"{runs[faster.gpu.name][model]:,.0f}",
        "other_tps": f"{runs[other.gpu.name][model]:,.0f}",
    }
    bigger = [n for n, tps in runs[other.gpu.name].items() if tps and not runs[faster.gpu.name].get(n)]
    if bigger:
        return [env.t("compare.unrated_pick_but", bigger=bigger[-1], **values)], faster
    return [env.t("compare.unrated_pick", **values)], faster


def _headline_many(
    query: CompareQuery, rows: dict[str, ValueRow], names: list[str], key: str, env: Env, title: str
) -> tuple[str, str]:
    """Three or more GPUs: the best value and the fastest, each against the field."""
    rated = [n for n in names if not unrated.is_unrated(rows[n].perf)]
    if len(rated) < 2:
        bad = next(n for n in names if n not in rated)
        other = next(n for n in names if n != bad)
        return _unrated_headline(rows[bad], rows[other], title, env)
    fastest = max((rows[n] for n in rated), key=lambda r: r.perf.score)
    slowest = min((rows[n] for n in rated), key=lambda r: r.perf.score)
    priced = [rows[n] for n in names if rows[n].per_tco]
    speed = env.t(
        "compare.many_speed",
        fastest=fastest.label,
        ratio=f"{safe_div(fastest.perf.score, slowest.perf.score):.2f}",
        slowest=slowest.label,
        title=title,
    )
    if query.aspect == "speed" or not priced:
        return i18n.cap(env.lang, speed) + i18n.end(env.lang), fastest.gpu.name
    best = max(priced, key=lambda r: r.per_tco or 0.0)
    head = env.t(
        "compare.many_value_yours" if _yours(env, names, query) else "compare.many_value",
        n=len(names),
        best=best.label,
        title=title,
        years=f"{env.assumptions.years:g}",
        snapshot=env.snapshot_label(),
        speed=speed,
        per=env.money_unit(),
    )
    return head, best.gpu.name


def _memory_headline(rows: dict[str, ValueRow], names: list[str], env: Env) -> tuple[str, str]:
    """ "which one has more memory?": the memory of each side (all its cards: "2 x RTX 3090 48 GB"), most first."""

    def total(r: ValueRow) -> float:
        return (r.gpu.memory_gb or 0) * r.n_gpus

    ranked = sorted((rows[n] for n in names), key=lambda r: -total(r))
    listing = i18n.sep(env.lang).join(f"{r.label} {total(r):g} GB" for r in ranked)
    if len({total(r) for r in ranked}) == 1:
        return env.t("compare.memory_same", listing=listing), ranked[0].gpu.name
    top = [r.label for r in ranked if total(r) == total(ranked[0])]
    key = "compare.memory_most" if len(top) == 1 else "compare.memory_most_tie"
    return env.t(key, gpu=join_names(top, env.lang), listing=listing), ranked[0].gpu.name


def headline(
    query: CompareQuery, rows: dict[str, ValueRow], names: list[str], key: str, env: Env, title: str
) -> tuple[str, str]:
    if query.aspect == "memory":
        return _memory_headline(rows, names, env)
    if len(names) > 2:
        return _headline_many(query, rows, names, key, env, title)
    a, b = rows[names[0]], rows[names[1]]
    if unrated.is_unrated(a.perf) or unrated.is_unrated(b.perf):
        trained = _train_on_rated(query, a, b, title, env)  # "dgx spark vs mac studio m4 max for fine tuning"
        if trained is not None:
            return trained
        sized = bool(query.model or getattr(query, "params_b", None))  # the model's own pick leads (compare_pick)
        return _unrated_headline(a, b, title, env, query.workload != "image_generation", sized)
    speed = safe_div(a.perf.score, b.perf.score)
    faster, slower, ratio = (a, b, speed) if speed >= 1 else (b, a, safe_div(1, speed))
    speed_text = env.t("compare.speed", faster=faster.label, ratio=f"{ratio:.2f}", slower=slower.label, title=title)
    case = None
    if query.premise == "first" and faster is b and a.per_tco and b.per_tco and not query.why_not():  # "why buy X"
        even = compare_pick.level(a.per_tco, b.per_tco)
        better_ = a if a.per_tco >= b.per_tco else b
        gain_ = safe_div(better_.per_tco or 0.0, (b if better_ is a else a).per_tco or 0.0) - 1
        value_ = env.t(
            "compare.value_level" if even else "compare.value",
            better=better_.label,
            worse=(b if better_ is a else a).label,
            gain=f"{gain_ * 100:.0f}",
            level=f"{compare_pick.LEVEL_VALUE * 100:.0f}",
            title=title,
            years=f"{env.assumptions.years:g}",
        )
        case = compare_case.case_for(a, b, speed_text, value_, even, env)
    if case:
        return case, a.gpu.name
    if query.aspect == "speed" or a.per_tco is None or b.per_tco is None:
        if query.premise == "first" and faster is b:
            return env.t("compare.premise_speed", b=b.label, a=a.label, speed=speed_text), faster.gpu.name
        head = i18n.cap(env.lang, speed_text) + i18n.end(env.lang)
        if query.aspect != "speed" and not query.worth and ratio <= 1.1:  # "4080 super or 3090 ti for training":
            pick, chosen = _unpriced_pick(a, b, env)  # one unpriced, about as fast: more memory is the pick
            return head + pick, chosen or faster.gpu.name
        return head, faster.gpu.name
    better, worse = (a, b) if a.per_tco >= b.per_tco else (b, a)
    gain = safe_div(better.per_tco or 0.0, worse.per_tco or 0.0) - 1
    even = compare_pick.level(a.per_tco, b.per_tco)  # "gives 0 % more" / "1 % more" is level, said so
    value_text = env.t(
        "compare.value_level" if even else "compare.value",
        better=better.label,
        worse=worse.label,
        gain=f"{gain * 100:.0f}",
        level=f"{compare_pick.LEVEL_VALUE * 100:.0f}",
        title=title,
        years=f"{env.assumptions.years:g}",
    )
    if query.premise == "first" and better is not a and not even:
        head = env.t("compare.premise_value", b=b.label, a=a.label, value=value_text, speed=speed_text)
    elif better is a and not even and faster is a and query.why_not() and a.price and b.price:
        # "why not the 5080?" after the 5070 Ti was judged: the card asked about is better: said so, with the price gap
        pa, pb = a.price.usd * a.n_gpus, b.price.usd * b.n_gpus
        head = env.t(
            "compare.premise_agree" if pa > pb else "compare.premise_agree_cheaper",
            a=a.label,
            b=b.label,
            gap=env.money(pa - pb),
            pa=env.money(pa),
            pb=env.money(pb),
            value=value_text,
            speed=speed_text,
        )
    elif query.premise == "first" and even and faster is b:  # "why not a 5070" after a 3090: level per dollar, faster
        return env.t("compare.premise_value", b=b.label, a=a.label, value=value_text, speed=speed_text), b.gpu.name
    else:
        key_ = "compare.head_yours" if _yours(env, names, query) else "compare.head"  # "used 3090 $700 ...": said so
        some = [r.label for r in (a, b) if _yours(env, [r.gpu.name], query)] if key_ == "compare.head" else []
        key_ = "compare.head_some_yours" if some else key_  # "7900 xtx at $800 or a used 3090": one price is theirs
        cards = join_names(some, env.lang)
        head = env.t(key_, snapshot=env.snapshot_label(), value=value_text, speed=speed_text, cards=cards)
    return head, better.gpu.name


def worth_subject(query, names: list[str]) -> str | None:
    """The card "worth it" is asked of: named right before it ("is the rtx pro 6000 worth it ... vs 4x 5090",
    "pro 6000值得吗"), with no other card between; None when the question does not say (then the dearer one is
    weighed)."""
    low = query.text.lower()
    it_over = _IT_WORTH_OVER.match(low)
    if it_over:  # "is it worth it over a new 5070 ti" after the 3090: the card talked about, not the one after "over"
        after = it_over.group(1)
        subject = [r.name for r in query.gpus if r.name in names and not (r.mention and r.mention.lower() in after)]
        return subject[0] if len(subject) == 1 else None
    mentions = [(r.mention or "").lower() for r in query.gpus if r.mention]
    for ref in query.gpus:
        mention = re.escape((ref.mention or "").lower())
        found = _WORTH_AFTER.search(low.split(ref.mention.lower(), 1)[-1][:60]) if mention else None
        between = found.group(0) if found else ""
        if any(m != ref.mention.lower() and re.search(re.escape(m) + "(?![a-z0-9])", between) for m in mentions):
            return None  # "4060和4070差1200 值不值": the other card stands between, the question is of the pair
        if ref.name in names and mention and found:
            before = low.find(ref.mention.lower())
            if _SUBJECT_BEFORE.search(low[:before]) or not low[:before].strip():
                return ref.name
    return None


# "is a used 3090 worth it over ...", "is the 24gb 3090 ...": the words between "is" and the card named
_SUBJECT_BEFORE = re.compile(
    r"\bis\s+(?:the\s+|a\s+|an\s+|my\s+)?(?:(?:used|new|second[- ]hand|refurbished)\s+)?(?:\d+\s*gb\s+)?$"
)
_IT_WORTH_OVER = re.compile(r"^\W*(?:(?:is|was)\s+(?:it|that|this)\s+)?worth\b[^?]*?\bover\b(.*)$")
_WORTH_AFTER = re.compile(r"^[\s,，:：-]*[^,.;?，。]{0,40}?(?:worth|值得|值不值)")  # "rtx pro 6000, worth it over"


def _memory(row: ValueRow) -> float:
    return (row.gpu.memory_gb or 0) * row.n_gpus


def worth(
    a: ValueRow,
    b: ValueRow,
    title: str,
    env: Env,
    subject: str | None = None,
    memory_said: bool = False,
    server_pick: str | None = None,
) -> str:
    """ "is the 4090 worth the extra?" / "is the upgrade worth it?": yes, only for the speed, or no, for the
    dearer of the two against the other: speed for the workload asked (single-user chat for local LLMs)
    over the cost over the ownership period (§cost.tco); more memory is named when it has it. When the question
    asks it of the cheaper card (`subject`), the verdict is said of that card: the dearer one paying for itself is
    a no for it, and the other way round. `memory_said`: the pick before it already chose by memory, so the memory
    note is not said twice. `server_pick`: the card the pick chose for a server room (the GeForce licence); when it is
    the dearer one and not worth its price in speed, the no is said of a desktop, so it never contradicts the pick."""
    tco = {id(a): a.tco_usd or 0.0, id(b): b.tco_usd or 0.0}
    if not (a.price and b.price and all(tco.values())):
        return env.t("compare.worth_no_price") + _unpriced_pick(a, b, env)[0]
    up, other = (a, b) if tco[id(a)] >= tco[id(b)] else (b, a)
    speed, cost_ratio = safe_div(up.perf.score, other.perf.score), safe_div(tco[id(up)], tco[id(other)])
    values = {
        "up": up.label,
        "other": other.label,
        "speed": f"{speed:.2f}",
        "cost": f"{cost_ratio:.2f}",
        "title": title,
        "years": f"{env.assumptions.years:g}",
    }
    if subject is not None and subject == other.gpu.name and speed >= 1.05:  # asked of the cheaper card
        cheap = "compare.worth_cheaper_no" if speed >= cost_ratio * 1.05 else "compare.worth_cheaper_yes"
        if cheap == "compare.worth_cheaper_no" and cost_ratio < 1.05:  # "cheaper" by 1 %: about the same cost
            cheap = "compare.worth_level_no"
        text = env.t(cheap, **values)
    elif cost_ratio < 1.05 and speed < 1.05:  # no extra to weigh: about the same cost, the dearer one no faster
        fast, slow = (up, other) if speed >= 1 else (other, up)
        ratio = speed if speed >= 1 else safe_div(1, speed)
        text = env.t("compare.worth_same_cost", **values, fast=fast.label, slow=slow.label, ratio=f"{ratio:.2f}")
    elif speed < 1.05 and memory_said and _memory(up) > _memory(other):
        # the pick chose the dearer card by memory: its extra buys memory, not speed (never "pick it" + "not worth it")
        text = env.t("compare.worth_memory_only", **values, b=f"{_memory(other):g} GB")
    elif server_pick == up.gpu.name and speed < cost_ratio:  # picked for the server room, not worth it on a desk
        text = env.t("compare.worth_server_desktop", **values)
    elif speed < 1.05:  # not even 5 % faster
        text = env.t("compare.worth_no", **values)
    elif memory_said and _memory(up) > _memory(other) and speed < cost_ratio:
        # "worth going from a 3080 10gb to a 4090 for llms": picked by memory, so the memory is the yes, speed the but
        text = env.t("compare.worth_memory_first", **values, b=f"{_memory(other):g} GB")
    elif abs(safe_div(speed, cost_ratio) - 1) < 0.05:  # within 5 %: level per dollar
        text = env.t("compare.worth_even", **values)
    elif speed >= cost_ratio:
        text = env.t("compare.worth_yes", **values)
    else:
        text = env.t("compare.worth_speed_only", **values)
    return text if memory_said else text + memory_tail(up, other, env, subject)


def memory_tail(up: ValueRow, other: ValueRow, env: Env, subject: str | None = None) -> str:
    """The sentence after a worth verdict when memory differs: the dearer card's larger memory, or the cheaper card's
    larger memory per card; "" when neither holds more."""
    mem_up, mem_other = _memory(up), _memory(other)
    one_card = (other.gpu.memory_gb or 0) > (up.gpu.memory_gb or 0)
    if mem_up > mem_other:
        key = "compare.worth_memory_of" if subject == other.gpu.name else "compare.worth_memory"
        text = i18n.gap(env.lang) + env.t(key, gpu=up.label, a=f"{mem_up:g} GB", b=f"{mem_other:g} GB")
        if not one_card:
            return text
        # "pro 6000 96gb vs 4x 5090": more in all on the four, more on one card on the one; both said
        return (
            text
            + i18n.gap(env.lang)
            + env.t(
                "compare.worth_memory_one_card",
                gpu=other.label,
                a=f"{other.gpu.memory_gb:g} GB",
                b=f"{up.gpu.memory_gb or 0:g} GB",
                up=up.label,
            )
        )
    if one_card:  # the cheaper side holds more on one card
        return i18n.gap(env.lang) + env.t(
            "compare.worth_memory_one_card",
            gpu=other.label,
            a=f"{other.gpu.memory_gb:g} GB",
            b=f"{up.gpu.memory_gb or 0:g} GB",
            up=up.label,
        )
    return ""


def _unpriced_pick(a: ValueRow, b: ValueRow, env: Env) -> tuple[str, str | None]:
    """Without a price for one side: the pick on the cards alone, by memory when their speed is within 10 % and one
    has at least 4 GB more, else by speed when one is at least 10 % faster, and the GPU picked; ("", None) when
    neither decides."""
    speed = safe_div(a.perf.score, b.perf.score)
    mem = {id(r): (r.gpu.memory_gb or 0) * r.n_gpus for r in (a, b)}
    roomy, small = (a, b) if mem[id(a)] >= mem[id(b)] else (b, a)
    if 1 / 1.1 <= speed <= 1.1 and mem[id(roomy)] - mem[id(small)] >= 4:
        return i18n.gap(env.lang) + env.t(
            "compare.unpriced_pick_memory",
            gpu=roomy.label,
            other=small.label,
            a=f"{mem[id(roomy)]:g}",
            b=f"{mem[id(small)]:g}",
            speed=f"{max(speed, 1 / speed):.2f}" if speed else "?",
        ), roomy.gpu.name
    if speed >= 1.1 or (speed and speed <= 1 / 1.1):
        fast, slow = (a, b) if speed >= 1.1 else (b, a)
        times = speed if speed >= 1.1 else 1 / speed
        text = env.t("compare.unpriced_pick_speed", gpu=fast.label, other=slow.label, x=f"{times:.2f}")
        return i18n.gap(env.lang) + text, fast.gpu.name
    return "", None


def more_memory(rows: dict[str, ValueRow], names: list[str]) -> dict | None:
    """{gpu, other, more, less, times, usable: (GB the larger side may use, GB the smaller may)} when one side holds
    at least 4 GB more in total than the other (two sides only); a Mac uses the share macOS gives its GPU."""
    if len(names) != 2:
        return None
    total = {n: (rows[n].gpu.memory_gb or 0) * rows[n].n_gpus for n in names}
    big, small = sorted(names, key=lambda n: -total[n])
    if total[big] - total[small] < 4:
        return None
    usable = tuple(hardware.gpu_memory_limit_gb(rows[n].gpu) * rows[n].n_gpus for n in (big, small))
    return {
        "gpu": rows[big].label,
        "other": rows[small].label,
        "more": f"{total[big]:g}",
        "less": f"{total[small]:g}",
        "times": total[big] / total[small] if total[small] else float("inf"),
        "usable": usable,
    }


def memory_sentence(roomy: dict, env: Env) -> str:
    """ "The GB10 has more memory (128 vs 32 GB) and holds larger models: at 4-bit up to about X, against Y." """
    big, small = (largest_llm(env, gb, experts=True) for gb in roomy["usable"])
    values = {k: roomy[k] for k in ("gpu", "other", "more", "less")}
    if big and small and big != small:
        return env.t("compare.memory_models", big_model=big, small_model=small, **values)
    return env.t("compare.chat_memory", **values)


def good_for_asked(text: str, env: Env) -> bool:
    """ "what is the gb10 good for vs a 5090": what the memory buys is the question, said first; "any good for llms vs a
    3090" asks a verdict ([lists] asked_good_for_not), the pick first."""
    lex, low = lexicon(env.lang), text.lower()
    return bool(lex.words_in("asked_good_for", low)) and not lex.words_in("asked_good_for_not", low)
