"""The words of clarifications: what was understood, what was not, and what to type instead.

Contract: builders return message strings (or a ready `Clarification` for `unparsed`); they
never raise and never look anything up beyond the `NameIndex` they are given.
"""

from __future__ import annotations

from assistant.queries import Clarification

INTENT_WORDS = {
    "spec": "a question about a GPU's specs", "compare": "a comparison", "recommend": "a request for a recommendation",
    "fit": "a question about whether a model fits", "cost": "a cost question", "rent_or_buy": "a rent-or-buy question",
    "explain": "a request for an explanation", "set": "a change of assumptions", "followup": "a follow-up",
    "help": "a request for help",
}
EXAMPLES = (
    '"4090 vs 3090 for training"',
    '"why 4070 ti over 4080?"',
    '"best gpu under $800 for stable diffusion"',
    '"can I run llama 3 70b on two 3090s?"',
    '"should I rent or buy a 4090 if I train 10 hours a week?"',
    '"what is a tensor core?"',
    '"electricity is 0.30"',
)
_TAG_WORDS = {
    "MONEY": lambda v: f"an amount of ${v:,.0f}", "KWH": lambda v: f"an electricity price of ${v:.2f}/kWh",
    "PERCENT": lambda v: f"{v * 100:g} %", "YEARS": lambda v: f"{v:g} years", "MEMORY": lambda v: f"{v:g} GB",
    "PARAMS": lambda v: f"a {v:g}B-parameter model", "CONTEXT": lambda v: f"a context of {v:,} tokens",
    "WORKLOAD": lambda v: f"the workload {v}", "PRECISION": lambda v: f"the precision {v}",
}


def _gpu_label(name: str, index) -> str:
    mem = index.memory_of(name) if index is not None else None
    extra = []
    if index is not None and index.is_mobile(name):
        extra.append("laptop")
    if mem:
        extra.append(f"{mem:g} GB")
    return f"{name} ({', '.join(extra)})" if extra else name


def options(candidates, index) -> list[dict]:
    return [{"name": c, "memory_gb": index.memory_of(c), "mobile": index.is_mobile(c)} for c in candidates
            if index is not None and index.is_gpu_name(c)]


def _either(items: list[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def understood(tags) -> list[str]:
    out = []
    for t in tags:
        if t.kind == "GPU":
            m = t.value
            out.append(f"GPU: {m.name}" if m.status == "ok" else f"GPU mention: {t.text}")
        elif t.kind == "MODEL":
            out.append(f"model: {t.value.key or t.text}")
        elif t.kind in _TAG_WORDS:
            try:
                out.append(_TAG_WORDS[t.kind](t.value))
            except (TypeError, ValueError):
                out.append(t.text)
    return out


def unparsed(text: str, unknown: list[str], tags) -> Clarification:
    got = understood(tags)
    parts = []
    if not (text or "").strip():
        parts.append("I got an empty question.")
    else:
        parts.append("I could not work out what you are asking.")
        if got:
            parts.append("I understood " + "; ".join(got) + ".")
        if unknown:
            words = ", ".join(f'"{w}"' for w in dict.fromkeys(unknown[:8]))
            parts.append(f"I did not understand {words}.")
    parts.append("Questions that work: " + ", ".join(EXAMPLES[:5]) + ". Type \"help\" for more.")
    return Clarification("unparsed", " ".join(parts), intent="unknown", text=text if isinstance(text, str) else "",
                         extras={"understood": got, "not_understood": list(dict.fromkeys(unknown))})


def missing_second(ref) -> str:
    return f"Compare the {ref.name or ref.mention} with which GPU? (e.g. \"{ref.mention} vs 3090\")"


def gpu_problem(q, m, kind: str, index) -> str:
    what = INTENT_WORDS.get(q.intent, "your question")
    labels = [_gpu_label(c, index) for c in m.candidates]
    if kind == "ambiguous_gpu":
        return (f"\"{m.mention}\" could be the {_either(labels)}. Which one? "
                f"(Answer with the name, \"the first\", or what tells them apart, e.g. the memory size or \"laptop\".)")
    hint = f" Did you mean the {_either(labels)}?" if labels else ""
    return f"I understood {what}, but \"{m.mention}\" is not a GPU I know.{hint}"


def model_problem(q, m, kind: str, index) -> str:
    what = INTENT_WORDS.get(q.intent, "your question")
    names = [index.model_name(c) for c in m.candidates]
    if kind == "ambiguous_model":
        return f"\"{m.mention}\" could be {_either(names)}. Which one?"
    hint = f" Models I know of that family: {_either(names)}." if names else ""
    return f"I understood {what}, but \"{m.mention}\" is not a model I know.{hint}"


def unknown_concept(text: str, unknown: list[str], index) -> Clarification:
    topics = sorted(getattr(index, "concept_titles", {}).values())[:12]
    what = " ".join(unknown[:6]) or "that"
    message = (f"I understood a request for an explanation, but I have no explanation of \"{what}\". "
               f"Topics I can explain include: {', '.join(topics)}.")
    return Clarification("unparsed", message, intent="explain", text=text,
                         extras={"understood": ["a request for an explanation"], "not_understood": list(unknown)})
