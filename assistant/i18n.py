"""Answers in the language of the question: message templates keyed by id, in English and
Simplified Chinese.

Contract: `t(lang, key, **values)` formats the template `key` for `lang` ("zh" gives Simplified
Chinese, anything else English) with `str.format`; values a template does not use are ignored,
a missing value or an unknown key raises KeyError. Every key has both languages
(tests/respond/test_i18n.py). `term(lang, text)` translates a technical term that comes from the
models (a memory component, what dominates, a flowchart question or answer, a workload title);
text it does not know is returned unchanged. `sep(lang)`, `end(lang)` and `cap(lang, text)` give
the joining punctuation and sentence capitalisation of each language.

GPU names, numbers and units are never translated. The templates live in
assistant/respond/messages.py (answers) and assistant/respond/messages_more.py (the rest).
"""

from __future__ import annotations

import re
from functools import lru_cache

LANGS = ("en", "zh")

# English technical terms produced by assistant.models (and knowledge/flowchart.json) -> Chinese
TERMS: dict[str, str] = {
    # workload titles (assistant.models.performance.WORKLOAD_TITLES)
    "16-bit training": "16 位训练",
    "32-bit (TF32/FP32) training": "32 位（TF32/FP32）训练",
    "16-bit inference": "16 位推理",
    "8-bit inference": "8 位推理",
    "LLM inference": "大模型推理",
    "LLM fine-tuning": "大模型微调",
    "image generation": "图像生成",
    # memory components (assistant.models.memory)
    "weights": "权重",
    "KV cache": "KV 缓存",
    "compute buffers": "计算缓冲区",
    "CUDA context": "CUDA 上下文",
    "gradients": "梯度",
    "optimizer states (Adam)": "优化器状态（Adam）",
    "frozen weights": "冻结的权重",
    "adapters + their Adam states": "适配器及其 Adam 状态",
    "activations": "激活值",
    "logits": "logits",
    "denoiser weights": "去噪网络权重",
    "text encoders": "文本编码器",
    "VAE": "VAE",
    # what dominates (assistant.models.performance / llm)
    "compute": "算力",
    "memory bandwidth": "显存带宽",
    "batch size (memory)": "batch 大小（显存）",
    "weights and KV cache from memory": "从显存读取权重和 KV 缓存",
    "per-layer kernel overhead": "每层 kernel 开销",
    "nothing known": "未知",
    "n/a": "n/a",
    "not rated": "未评级",
    # recommendation exclusions (assistant.models.recommend)
    "laptop GPU": "笔记本 GPU",
    "no price in the snapshot": "价格快照里没有价格",
    "not rated (missing specs)": "无法评级（缺规格）",
    # the reference decision chart (knowledge/flowchart.json)
    "Are you an organization?": "你是机构/公司吗？",
    "Are you rich?": "预算非常充足吗？",
    "Not rich but also not poor?": "预算不算充足但也不紧张吗？",
    "Do you plan to train models?": "你打算训练模型吗？",
    "Do you plan to train transformer models?": "你打算训练 Transformer 模型吗？",
    "Do you train large language models with >= 13 billion parameters?": "你要训练 130 亿参数以上的大模型吗？",
    "Do you use large language models?": "你用大模型吗？",
    "Do you only work on small or streaming datasets?": "你只处理小数据集或流式数据吗？",
    "Cloud: AWS A100 or H100": "云：AWS A100 或 H100",
    "Cloud: Azure A100 or H100": "云：Azure A100 或 H100",
    "Cloud: vast.ai or Lambda Cloud": "云：vast.ai 或 Lambda Cloud",
    "Complicated: read the whole post.": "情况复杂：请读完整篇文章。",
    "Sorry, do something else.": "抱歉，建议换个方向。",
    "used RTX 2080 Ti": "二手 RTX 2080 Ti",
    "used RTX 3060": "二手 RTX 3060",
    "used RTX 3090 or used RTX 3090 Ti": "二手 RTX 3090 或二手 RTX 3090 Ti",
    "RTX 4070 Ti or RTX 4080": "RTX 4070 Ti 或 RTX 4080",
    # conditions
    "new": "全新",
    "used": "二手",
    "average": "新/二手均价",
}


@lru_cache(maxsize=1)
def catalog() -> dict[str, tuple[str, str]]:
    """key -> (English, Chinese) templates, all catalogs merged."""
    from assistant.respond.messages import MESSAGES as answers
    from assistant.respond.messages_advice import MESSAGES as advice
    from assistant.respond.messages_more import MESSAGES as more

    clash = (answers.keys() & more.keys()) | (advice.keys() & (answers.keys() | more.keys()))
    if clash:
        raise ValueError(f"message keys defined twice: {sorted(clash)}")
    return {**answers, **more, **advice}


_CJK_THEN_LATIN = re.compile(r"([\u3400-\u4dbf\u4e00-\u9fff])([A-Za-z0-9$¥])")
_LATIN_THEN_CJK = re.compile(r"([A-Za-z0-9%])([\u3400-\u4dbf\u4e00-\u9fff])")


def spaced(text: str) -> str:
    """Chinese typesetting: a space between Chinese characters and Latin letters or digits."""
    return _LATIN_THEN_CJK.sub(r"\1 \2", _CJK_THEN_LATIN.sub(r"\1 \2", text))


def t(lang: str, key: str, **values) -> str:
    en, zh = catalog()[key]
    if lang == "zh":
        return spaced(zh.format(**values))
    return en.format(**values)


_AN_LETTERS = "AEFHILMNORSX"  # letters whose English names start with a vowel sound: "an RTX", "an H100"


def article(name: str) -> str:
    """English indefinite article for a product name: "an RTX 4090", "an A100", "a GeForce"."""
    if not name:
        return "a"
    spelled = len(name) > 1 and (name[1].isupper() or name[1].isdigit())
    if spelled:
        return "an" if name[0] in _AN_LETTERS else "a"
    return "an" if name[0].lower() in "aeio" else "a"


def term(lang: str, text: str | None) -> str:
    if text is None:
        return ""
    return TERMS.get(text, text) if lang == "zh" else text


def sep(lang: str) -> str:
    """Between clauses of one sentence."""
    return "；" if lang == "zh" else "; "


def comma(lang: str) -> str:
    return "，" if lang == "zh" else ", "


def listing(lang: str) -> str:
    """Between items of an enumeration."""
    return "、" if lang == "zh" else ", "


def end(lang: str) -> str:
    return "。" if lang == "zh" else "."


def cap(lang: str, text: str) -> str:
    """English sentences start with a capital; Chinese ones are left alone."""
    return text[:1].upper() + text[1:] if lang != "zh" and text else text
