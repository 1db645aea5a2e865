"""A fine-tuning job's rate rather than its length ("seconds per step qlora llama 3 8b on a 3090 batch 4 seq 2048",
"how many tokens per second does qlora training run at on a 3090", "4090 lora 每步多少秒").

Contract: `asked(text, lang)`: a step time or a training token rate is asked (lexicon `train_rate_words`).
`lead(query, env, figures, hours, gpu_label)` -> (sentence, figures) or None: from the job the fit answer timed
(§cost.run: its tokens and wall-clock hours on the cards), the training tokens per second = tokens / seconds, and one
optimizer step = batch x sequence length tokens at that rate (the batch and length said, else the set-up's assumed
ones, said). No constant of its own.
"""

from __future__ import annotations

from assistant.models.train_memory import DEFAULT_SEQ
from assistant.nlu.lexicon import lexicon
from assistant.nlu.patterns import has_word
from assistant.respond.env import Env


def asked(text: str, lang: str) -> bool:
    return has_word(text.lower(), lexicon(lang).listed("train_rate_words"))


def lead(query, env: Env, figures: dict, hours: float, gpu_label: str) -> tuple[str, dict] | None:
    tokens = float(figures.get("tokens") or 0)
    if tokens <= 0 or hours <= 0:
        return None
    tps = tokens / (hours * 3600)
    batch, seq = query.batch or 1, query.context_tokens or DEFAULT_SEQ
    step_s = batch * seq / tps
    text = env.t(
        "job_time.train_rate",
        tps=f"{tps:,.0f}",
        what=gpu_label,
        step=f"{step_s:.2f}" if step_s < 10 else f"{step_s:,.0f}",
        batch=batch,
        seq=f"{seq:,}",
        how=env.t(
            "job_time.train_rate_said" if query.batch and query.context_tokens else "job_time.train_rate_assumed"
        ),
    )
    return text, {"train_tokens_per_second": round(tps), "seconds_per_step": round(step_s, 3)}
