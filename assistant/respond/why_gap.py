"""Why two cards compared are so far apart ("why such a big gap", "说说为什么差这么多" after a comparison): the
specs that differ most between them, each with both values and how many times apart, and, when one is a laptop
chip, that it runs within a much lower power limit.

Contract: `gap_why(answer, env)` -> the reasons sentence (locale answer.why_gap) when the question asks about a gap
(lexicon [lists] wide_gap_words) and the answer compared two cards (`figures["relative_speed"]` names them); ""
otherwise.
Only specs from the KB are used: shader count, boost clock, board power and memory bandwidth where the faster card
has at least `MIN_RATIO` times the slower one's, widest first, at most `MAX_SPECS`. Never raises.
"""

from __future__ import annotations

from assistant import i18n
from assistant.answer import Answer
from assistant.respond.env import Env

MIN_RATIO = 1.1  # a spec closer than this between the two does not explain a gap
MAX_SPECS = 3
_SPECS = (  # (GpuSpec field, locale key of its label, unit shown)
    ("shading_units", "why_gap.shaders", ""),
    ("boost_clock_mhz", "why_gap.clock", " MHz"),
    ("tdp_w", "why_gap.power", " W"),
    ("memory_bandwidth_gb_s", "why_gap.bandwidth", " GB/s"),
)


def gap_why(answer: Answer, env: Env) -> str:
    from assistant.nlu.lexicon import lexicon

    if answer.intent != "compare" or not lexicon(env.lang).words_in(
        "wide_gap_words", f" {(answer.question or '').lower()} "
    ):
        return ""
    speed = answer.figures.get("relative_speed")
    names = list(speed) if isinstance(speed, dict) else []
    gpus = [env.reader.known_gpu(n) for n in names]
    if len(names) != 2 or any(g is None for g in gpus):
        return ""
    slow, fast = sorted(gpus, key=lambda g: float(speed.get(g.name) or 0))  # type: ignore[union-attr]
    parts: list[tuple[float, str, str]] = []
    for field, key, unit in _SPECS:
        a, b = getattr(fast, field), getattr(slow, field)
        if a and b and a / b >= MIN_RATIO:  # what the faster card has more of (not what the slower one leads in)
            ratio = a / b
            said = env.t(key, fast=f"{a:,.0f}{unit}", slow=f"{b:,.0f}{unit}", ratio=f"{ratio:.2f}")
            parts.append((ratio, key.split(".")[1], said))
    f = answer.figures
    chat = f.get("model_kind") != "image" and (f.get("speed_measure") == "chat" or f.get("workload_key") == "llm_chat")
    # chat speed is read from memory: bandwidth first whatever its ratio (docs/model.md §llm)
    parts.sort(key=lambda p: (not (chat and p[1] == "bandwidth"), -p[0]))
    lines = [text for _, _, text in parts[:MAX_SPECS]]
    if chat and parts and parts[0][1] == "bandwidth":
        lines[0] = env.t("why_gap.chat_bound", line=lines[0])
    if fast.is_mobile != slow.is_mobile:
        lines.append(env.t("why_gap.laptop", laptop=(slow if slow.is_mobile else fast).short_name))
    if not lines:
        return ""
    return env.t(
        "answer.why_gap",
        fast=fast.short_name,
        slow=slow.short_name,
        ratio=f"{_ratio(answer.figures, fast.name, slow.name):.2f}",
        reasons=i18n.sep(env.lang).join(lines),
    )


def _ratio(figures: dict, fast: str, slow: str) -> float:
    """How many times as fast: the image model's seconds an image or the model's tokens/s when the comparison ran
    one, else the relative speeds."""
    seconds = figures.get("image_seconds") or {}
    if figures.get("model_kind") == "image" and seconds.get(fast) and seconds.get(slow):
        return float(seconds[slow]) / float(seconds[fast])  # "9.1 s against 4.0 s an image": what the answer showed
    for key in ("model_tokens_per_second", "relative_speed"):
        got = figures.get(key) or {}
        if got.get(fast) and got.get(slow):
            return float(got[fast]) / float(got[slow])
    return 1.0
