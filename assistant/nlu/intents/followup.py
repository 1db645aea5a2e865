"""Ellipsis: "and the 3090?", "what about for training?", "no, the ti", "3090呢？", "训练呢",
and questions about the last answer as a whole: "why?", "anything cheaper?", "便宜点的？",
"with amd too", "two of them?".

`about_last` claims a question that names no GPU and asks only why, for something cheaper, for
another vendor or for a count of "them"; `read` claims a question that opens with a follow-up
word (what about / and / no) or ends with the Chinese particle 呢, unless it asks something
complete of its own; `leftover` claims a follow-up word or a lone workload/precision/context
nothing else took. The dialogue merges the FollowUpQuery into the previous query.
"""

from __future__ import annotations

from assistant.nlu.reading import Reading
from assistant.queries import FollowUpQuery, GpuRef, Query

LEADS = ("FOLLOW", "AND", "NO")
# tag kinds that may come with a question about the last answer ("so why?", "any cheaper options for llms?")
AROUND = {"QUESTION", "FOLLOW", "AND", "ON", "PRONOUN", "GPU_WORD", "MORE", "ASPECT", "ONLY", "OF"}


def about_last(r: Reading) -> Query | None:
    b = r.b
    if r.explicit or b.has("MODEL", "PARAMS", "MONEY", "BUDGET"):
        return None
    kinds = {t.kind for t in b.tags}
    if b.has("WHY") and kinds <= {"WHY", "NO"} | AROUND and not b.unknown:
        return build(r, ask="why")  # "why?", "why that one?", "为啥？"
    if b.has("ASK") and kinds <= {"ASK", "WORKLOAD", "PRECISION", "RECOMMEND", "CONDITION"} | AROUND:
        return build(r, ask=b.meaning("ASK"))  # "anything cheaper?", "便宜点的？"
    if b.has("VENDOR") and kinds <= {"VENDOR", "COMPARE"} | AROUND and len(b.unknown) <= 1:
        return build(r)  # "with amd too", "what about amd?", "amd呢"
    if b.struct("count_of") and kinds <= {"COUNT", "NUMBER"} | AROUND:
        return build(r)  # "two of them?"
    return None


def read(r: Reading) -> Query | None:
    b = r.b
    lead = b.tags[0].kind
    last = next((t for t in reversed(b.tags) if t.kind != "QUESTION"), b.tags[-1])
    if (
        last.kind == "FOLLOW"
        and last.text == "呢"
        and len(r.explicit) <= 1
        and not b.has("COMPARE", "VS", "OR")
        and lead not in LEADS
    ):
        lead = "FOLLOW"  # "3090呢？", "训练呢？": the Chinese follow-up particle
    if (
        lead in LEADS
        and not b.has("RECOMMEND", "RENT", "COST", "EXPLAIN", "HELP", "VS", "WHY", "FASTER", "SPEC")
        and not (b.has("FIT", "SPEED") and (r.model or b.has("PARAMS")))
    ):
        return build(r)
    return None


def leftover(r: Reading) -> Query | None:
    b = r.b
    if b.has(*LEADS) or (b.has("WORKLOAD", "PRECISION", "CONTEXT") and len(b.tags) <= 3):
        return build(r)
    return None


def build(r: Reading, ask: str | None = None) -> FollowUpQuery:
    b = r.b
    replace_ = b.has("NO")
    gpus = list(r.refs)
    if not gpus:
        variants = r.lex.listed("variant")
        for w in b.unknown:
            if w in variants:
                gpus.append(GpuRef(mention=w, pronoun="variant"))
                replace_ = True
                break
        mem = b.first("MEMORY")
        if not gpus and mem is not None and b.has(*LEADS):
            gpus.append(GpuRef(mention=f"{mem:g} GB", pronoun="variant"))
            replace_ = True
    count = r.total_count()
    if count and count > 1 and not r.explicit:
        gpus = [g for g in gpus if g.pronoun is None]
    return FollowUpQuery(
        text=b.text,
        gpus=tuple(gpus),
        replace=replace_,
        workload=r.workload,
        precision=r.precision,
        gpu_count=count,
        model=r.model,
        context_tokens=r.num("CONTEXT"),
        budget_usd=r.money(),
        budget_currency=r.currency() if b.has("MONEY") else None,
        fields=tuple(f for f in r.fields() if f != "all"),
        ask=ask,
        vendor=b.first("VENDOR"),
        also=r.said("also"),
    )
