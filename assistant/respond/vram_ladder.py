"""How much GPU memory a kind of work needs when no model is named ("how much vram do i need for llms",
"跑大模型需要多大显存", "how much vram for qlora fine-tuning"): the memory of common model sizes, computed, and the card
sizes that hold each.

Contract: `respond(query, env)` -> an Answer that leads with the sizes (an 8B, 14B, 32B and 70B example model; running
at q4_k_m and q8_0 with CONTEXT tokens, or QLoRA fine-tuning), then a table of each size's memory and the smallest
usual card memory (CARD_SIZES) that holds it; the reference's 24 GB rule for LLMs is said beside it (§mem).
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer, Table
from assistant.models import memory, train_memory
from assistant.queries import FitQuery
from assistant.respond.env import Env

EXAMPLES = ("llama-3.1-8b", "qwen3-14b", "qwen3-32b", "llama-3.3-70b")  # common sizes people run, as examples
CARD_SIZES = (8, 12, 16, 24, 32, 48, 80, 96, 141)  # GB of the cards sold with these amounts
CONTEXT = 8192  # tokens of context the running sizes are counted at [A]
RUN_QUANTS = ("q4_k_m", "q8_0")


def _card_size(gb: float) -> str:
    """The smallest usual card memory that holds `gb` (all on one card), else "2+ cards"."""
    size = next((s for s in CARD_SIZES if s >= gb * 1.0), None)
    return f"{size} GB" if size is not None else "2+"


def _rows(query: FitQuery, env: Env) -> list[tuple[str, list[float]]]:
    rows = []
    for key in EXAMPLES:
        model = env.reader.model(key)
        if model is None:
            continue
        if query.mode in ("lora", "qlora", "full_finetune") or query.workload == "llm_finetune":
            need = [train_memory.training_memory(model, "qlora", checkpointing=True).total_gb]
        else:
            need = [memory.inference_memory(model, q, context=CONTEXT).total_gb for q in RUN_QUANTS]
        rows.append((model.name, need))
    return rows


def respond(query: FitQuery, env: Env) -> Answer:
    training = query.mode in ("lora", "qlora", "full_finetune") or query.workload == "llm_finetune"
    rows = _rows(query, env)
    each = i18n.sep(env.lang).join(
        env.t("ladder.each", model=name, gb=f"{need[0]:.0f}", card=_card_size(need[0])) for name, need in rows
    )
    head = env.t("ladder.head_train" if training else "ladder.head_run", each=each, ctx=f"{CONTEXT:,}")
    if training:
        headers = [env.t("ladder.col_model"), env.t("ladder.col_qlora"), env.t("ladder.col_card_train")]
        body = [[name, f"{need[0]:.1f} GB", _card_size(need[0])] for name, need in rows]
    else:
        headers = [env.t("ladder.col_model"), "q4_k_m", "q8_0", env.t("ladder.col_card")]
        body = [[name, f"{need[0]:.1f} GB", f"{need[1]:.1f} GB", _card_size(need[0])] for name, need in rows]
    return Answer(
        question=query.text,
        intent="fit",
        headline=head,
        tables=[Table(headers=headers, rows=body)],
        steps=[env.t("ladder.rule"), env.t("ladder.method")],
        figures={"memory_ladder": {name: [round(x, 1) for x in need] for name, need in rows}},
        sources=["method: docs/model.md §mem.weights, §mem.kv, §mem.train"],
        lang=env.lang,
    )
