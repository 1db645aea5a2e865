"""The words of clarifications: what was understood, what was not, and what to type instead.

Contract: builders return message strings (or a ready `Clarification` for `unparsed`); they
never raise and never look anything up beyond the `NameIndex` they are given. Every builder
takes `lang` ("en" | "zh"): a Chinese question gets its clarification in Chinese, and the
`Clarification`s built here carry `extras["lang"]`.
"""

from __future__ import annotations

from assistant.queries import Clarification

INTENT_WORDS = {
    "spec": "a question about a GPU's specs",
    "compare": "a comparison",
    "recommend": "a request for a recommendation",
    "fit": "a question about whether a model fits",
    "cost": "a cost question",
    "rent_or_buy": "a rent-or-buy question",
    "explain": "a request for an explanation",
    "set": "a change of assumptions",
    "followup": "a follow-up",
    "help": "a request for help",
}
INTENT_WORDS_ZH = {
    "spec": "查询显卡参数",
    "compare": "显卡对比",
    "recommend": "求推荐显卡",
    "fit": "模型能否装下/跑得动",
    "cost": "成本问题",
    "rent_or_buy": "租还是买",
    "explain": "概念解释",
    "set": "修改假设条件",
    "followup": "追问",
    "help": "求助",
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
EXAMPLES_ZH = (
    "“4070 Ti 和 4080 哪个性价比高？”",
    "“预算一万元买什么显卡”",
    "“llama 3 70b 能在两张3090上跑吗”",
    "“每周用10小时，租还是买4090”",
    "“什么是张量核心”",
    "“电价0.6元一度”",
)
_CUR = {"CNY": "¥", "EUR": "€", "GBP": "£"}


def _money(v, t) -> str:
    cur = t.meanings.get("CURRENCY") if t is not None else None
    return f"{_CUR.get(cur, '$')}{v:,.0f}"


_TAG_WORDS = {
    "MONEY": lambda v, t: f"an amount of {_money(v, t)}",
    "KWH": lambda v, t: f"an electricity price of {_CUR.get(t.meanings.get('CURRENCY'), '$')}{v:.2f}/kWh",
    "PERCENT": lambda v, t: f"{v * 100:g} %",
    "YEARS": lambda v, t: f"{v:g} years",
    "MEMORY": lambda v, t: f"{v:g} GB",
    "PARAMS": lambda v, t: f"a {v:g}B-parameter model",
    "CONTEXT": lambda v, t: f"a context of {v:,} tokens",
    "WORKLOAD": lambda v, t: f"the workload {v}",
    "PRECISION": lambda v, t: f"the precision {v}",
}
_TAG_WORDS_ZH = {
    "MONEY": lambda v, t: f"金额 {_money(v, t)}",
    "KWH": lambda v, t: f"电价 {_CUR.get(t.meanings.get('CURRENCY'), '$')}{v:.2f}/度",
    "PERCENT": lambda v, t: f"{v * 100:g}%",
    "YEARS": lambda v, t: f"{v:g} 年",
    "MEMORY": lambda v, t: f"{v:g} GB",
    "PARAMS": lambda v, t: f"{v:g}B 参数的模型",
    "CONTEXT": lambda v, t: f"{v:,} token 上下文",
    "WORKLOAD": lambda v, t: f"用途 {v}",
    "PRECISION": lambda v, t: f"精度 {v}",
}


def _gpu_label(name: str, index, lang: str = "en") -> str:
    mem = index.memory_of(name) if index is not None else None
    extra = []
    if index is not None and index.is_mobile(name):
        extra.append("笔记本" if lang == "zh" else "laptop")
    if mem:
        extra.append(f"{mem:g} GB")
    sep = "，" if lang == "zh" else ", "
    return f"{name} ({sep.join(extra)})" if extra else name


def options(candidates, index) -> list[dict]:
    return [
        {"name": c, "memory_gb": index.memory_of(c), "mobile": index.is_mobile(c)}
        for c in candidates
        if index is not None and index.is_gpu_name(c)
    ]


def _either(items: list[str], lang: str = "en") -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if lang == "zh":
        return "、".join(items[:-1]) + " 还是 " + items[-1]
    return ", ".join(items[:-1]) + " or " + items[-1]


def understood(tags, lang: str = "en") -> list[str]:
    words = _TAG_WORDS_ZH if lang == "zh" else _TAG_WORDS
    out = []
    for t in tags:
        if t.kind == "GPU":
            m = t.value
            if lang == "zh":
                out.append(f"显卡：{m.name}" if m.status == "ok" else f"显卡名：{t.text}")
            else:
                out.append(f"GPU: {m.name}" if m.status == "ok" else f"GPU mention: {t.text}")
        elif t.kind == "MODEL":
            out.append(f"{'模型' if lang == 'zh' else 'model'}: {t.value.key or t.text}")
        elif t.kind in words:
            try:
                out.append(words[t.kind](t.value, t))
            except (TypeError, ValueError, AttributeError):
                out.append(t.text)
    return out


def unparsed(text: str, unknown: list[str], tags, lang: str = "en") -> Clarification:
    got = understood(tags, lang)
    parts = []
    uniq = list(dict.fromkeys(unknown))
    if lang == "zh":
        if not (text or "").strip():
            parts.append("问题是空的。")
        else:
            parts.append("我没看懂这个问题。")
            if got:
                parts.append("我理解到：" + "；".join(got) + "。")
            if uniq:
                parts.append("没看懂的部分：" + "、".join(f"“{w}”" for w in uniq[:8]) + "。")
        parts.append("可以这样问：" + "、".join(EXAMPLES_ZH[:5]) + "。输入“帮助”查看更多。")
        message = "".join(parts)
    else:
        if not (text or "").strip():
            parts.append("I got an empty question.")
        else:
            parts.append("I could not work out what you are asking.")
            if got:
                parts.append("I understood " + "; ".join(got) + ".")
            if uniq:
                words = ", ".join(f'"{w}"' for w in uniq[:8])
                parts.append(f"I did not understand {words}.")
        parts.append("Questions that work: " + ", ".join(EXAMPLES[:5]) + '. Type "help" for more.')
        message = " ".join(parts)
    return Clarification(
        "unparsed",
        message,
        intent="unknown",
        text=text if isinstance(text, str) else "",
        extras={"understood": got, "not_understood": uniq, "lang": lang},
    )


def missing_second(ref, lang: str = "en") -> str:
    if lang == "zh":
        return f"要拿 {ref.name or ref.mention} 和哪张显卡比？（例如“{ref.mention} 和 3090 对比”）"
    return f'Compare the {ref.name or ref.mention} with which GPU? (e.g. "{ref.mention} vs 3090")'


def gpu_problem(q, m, kind: str, index, lang: str = "en") -> str:
    labels = [_gpu_label(c, index, lang) for c in m.candidates]
    if lang == "zh":
        what = INTENT_WORDS_ZH.get(q.intent, "你的问题")
        if kind == "ambiguous_gpu":
            return (
                f"“{m.mention}”可能是 {_either(labels, lang)}。是哪一张？"
                f"（回复型号、“第一个”，或能区分它们的信息，比如显存大小或“笔记本”。）"
            )
        hint = f"你是不是指 {_either(labels, lang)}？" if labels else ""
        return f"我理解这是{what}，但我不认识“{m.mention}”这张显卡。{hint}"
    what = INTENT_WORDS.get(q.intent, "your question")
    if kind == "ambiguous_gpu":
        return (
            f'"{m.mention}" could be the {_either(labels)}. Which one? '
            f'(Answer with the name, "the first", or what tells them apart, e.g. the memory size or "laptop".)'
        )
    hint = f" Did you mean the {_either(labels)}?" if labels else ""
    return f'I understood {what}, but "{m.mention}" is not a GPU I know.{hint}'


def model_problem(q, m, kind: str, index, lang: str = "en") -> str:
    names = [index.model_name(c) for c in m.candidates]
    if lang == "zh":
        what = INTENT_WORDS_ZH.get(q.intent, "你的问题")
        if kind == "ambiguous_model":
            return f"“{m.mention}”可能是 {_either(names, lang)}。是哪一个？"
        hint = f"我知道的同系列模型：{_either(names, lang)}。" if names else ""
        return f"我理解这是{what}，但我不认识“{m.mention}”这个模型。{hint}"
    what = INTENT_WORDS.get(q.intent, "your question")
    if kind == "ambiguous_model":
        return f'"{m.mention}" could be {_either(names)}. Which one?'
    hint = f" Models I know of that family: {_either(names)}." if names else ""
    return f'I understood {what}, but "{m.mention}" is not a model I know.{hint}'


def unknown_concept(text: str, unknown: list[str], index, lang: str = "en") -> Clarification:
    titles = getattr(index, "concept_titles", {})
    if lang == "zh":
        topics = sorted(getattr(index, "concept_titles_zh", {}).values() or titles.values())[:12]
        what = "".join(unknown[:6]) or "这个"
        message = f"我理解你想让我解释一个概念，但我没有关于“{what}”的解释。我能解释的主题包括：{'、'.join(topics)}。"
        understood_ = ["概念解释"]
    else:
        topics = sorted(titles.values())[:12]
        what = " ".join(unknown[:6]) or "that"
        message = (
            f'I understood a request for an explanation, but I have no explanation of "{what}". '
            f"Topics I can explain include: {', '.join(topics)}."
        )
        understood_ = ["a request for an explanation"]
    return Clarification(
        "unparsed",
        message,
        intent="explain",
        text=text,
        extras={"understood": understood_, "not_understood": list(unknown), "lang": lang},
    )
