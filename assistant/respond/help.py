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


def respond(query: HelpQuery, env: Env) -> Answer:
    table = Table(headers=["You can ask about", "for example"], rows=[[topic, " / ".join(f'"{e}"' for e in ex)] for topic, *ex in EXAMPLES])
    steps = ["Follow-ups work: \"and the 3090?\", \"what about for training?\", \"what about two of them?\".",
             "Every number shows its assumptions and sources; change an assumption by saying it (\"assume 3 years\")."]
    return Answer(question=query.text, intent="help", tables=[table], steps=steps, lang=env.lang,
                  headline="Ask me which GPU to buy or rent for deep learning, and why. Plain words work.")
