"""Answer "help": what can be asked, with examples that work."""

from __future__ import annotations

from assistant.answer import Answer, Table
from assistant.queries import HelpQuery
from assistant.respond.common import Env

EXAMPLES = [
    ("Specifications", "specs of the RTX 4090", "how much memory does the A100 have?"),
    ("Comparisons", "why 4070 Ti over 4080?", "how much faster is an A100 than a V100?"),
    ("Recommendations", "best GPU under $1500 for training", "what should I buy for stable diffusion, used is fine"),
    ("Will it fit?", "will llama 3 70b fit on two 3090s?", "can I finetune llama 3 8b with qlora on a 3060 12gb"),
    ("Speed", "tokens per second of llama 3 8b q4_k_m on a 4090", "how fast is mixtral on an A100"),
    ("Running cost", "electricity cost of a 4090", "total cost of ownership of two 3090s over 3 years"),
    ("Rent or buy", "should I rent or buy a 4090 if I train 10 hours a week?", "rent or buy an H100"),
    ("Concepts", "what is a tensor core?", "explain L2 cache"),
    ("Assumptions", "electricity is 0.30 per kWh", "use 2023-01 prices", "the 4080 costs $999"),
]


EXAMPLES_ZH = [
    ("规格", "4090 的规格", "A100 有多少显存？"),
    ("对比", "4070 Ti 和 4080 哪个性价比高？", "A100 比 V100 快多少？"),
    ("推荐", "预算1万元，训练用什么显卡", "跑 stable diffusion 买什么卡，二手也行"),
    ("装得下吗", "两块3090能跑 llama 3 70b 吗？", "12GB显存够跑Transformer吗"),
    ("速度", "4090 跑 llama 3 8b q4_k_m 每秒多少 token", "mixtral 在 A100 上多快"),
    ("使用成本", "4090 一年电费多少", "两块3090用3年总成本"),
    ("租还是买", "4090 租还是买划算", "每周训练10小时，租还是买 H100"),
    ("概念", "什么是张量核心？", "解释一下 L2 缓存"),
    ("假设", "电价0.6元一度", "用人民币", "汇率7.2", "用2023-01的价格"),
]


def respond(query: HelpQuery, env: Env) -> Answer:
    if query.topic == "thanks":
        return Answer(question=query.text, intent="help", headline=env.t("help.welcome"), lang=env.lang)
    examples = EXAMPLES_ZH if env.lang == "zh" else EXAMPLES
    quote = (lambda e: f"“{e}”") if env.lang == "zh" else (lambda e: f'"{e}"')
    table = Table(
        headers=[env.t("help.col_topic"), env.t("help.col_examples")],
        rows=[[topic, " / ".join(quote(e) for e in ex)] for topic, *ex in examples],
    )
    steps = [env.t("help.followups"), env.t("help.assumptions")]
    return Answer(
        question=query.text, intent="help", tables=[table], steps=steps, lang=env.lang, headline=env.t("help.head")
    )
