"""Things made in a time asked beside an answer that worked out a speed ("how many sdxl images per hour on it" after a
comparison, "一张4090一天能出多少张sdxl图", "how many tokens a day can one 3090 push"): the count in that time.

Contract: `line(answer, query, env)` -> the sentence that leads the answer, or "" when the question asks no count in
a time (Query.made_in_hours, nlu/form.py via nlu/followup_details.made_in), the answer gave it already
(figures images_in_time) or worked out no speed. Images: hours x 3600 / seconds per image (figures image_seconds, one
value or one per GPU), one image at a time; tokens: tokens per second x hours x 3600 (figures tokens_per_second, one
user). figures gain made_in_time (per GPU when several).
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.env import Env


def _count(n: float) -> str:
    return f"{n:,.0f}" if n >= 10 else f"{n:.1f}"


def line(answer, query, env: Env) -> str:
    hours = getattr(query, "made_in_hours", None)
    figures = answer.figures
    if not hours or "images_in_time" in figures or "made_in_time" in figures:
        return ""
    span = env.t("made_in.span_hour" if hours == 1 else "made_in.span_day" if hours == 24 else "made_in.span_minute")
    seconds = figures.get("image_seconds")
    if isinstance(seconds, (int, float)) and seconds > 0:
        seconds = {answer.gpus[0] if answer.gpus else "": seconds}
    if isinstance(seconds, dict) and seconds:
        made = {gpu: hours * 3600.0 / s for gpu, s in seconds.items() if isinstance(s, (int, float)) and s > 0}
        figures["made_in_time"] = {gpu: round(n) for gpu, n in made.items()}
        items = [
            env.t("made_in.image_item", gpu=env.gpu(g).short_name if g else "", n=_count(n), sec=f"{seconds[g]:.1f}")
            for g, n in made.items()
        ]
        return env.t("made_in.images", span=span, items=i18n.comma(env.lang).join(items))
    tps = figures.get("tokens_per_second")
    if isinstance(tps, (int, float)) and tps > 0:
        total = tps * hours * 3600.0
        figures["made_in_time"] = round(total)
        return env.t("made_in.tokens", span=span, n=_count(total), tps=f"{tps:,.1f}")
    return ""
