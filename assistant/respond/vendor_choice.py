"""NVIDIA or AMD asked ("amd or nvidia for local llm in 2026", "a卡还是n卡 跑本地大模型", "best gpu for llms, nvidia or
amd"): each maker's best value in the ranking of the work, the one that gives more per dollar, then what the other
maker's software takes.

Contract: `lead(ranking, vendors, title, env)` -> the sentence that opens a recommendation ranked over two or more
makers: each maker's first row (price, memory, speed against an RTX 3090) and the per-dollar gap between the best
two; "" when fewer than two makers have a row. `software_step(env)` -> the AMD-practice concept (knowledge/
concepts.toml "amd-practice", sourced there): its closing verdict for the headline, the rest as a reason line.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models.recommend import Ranking, RankRow
from assistant.respond.env import Env

CONCEPT = "amd-practice"


def _maker(row: RankRow, vendors: tuple[str, ...], env: Env) -> str | None:
    """The maker of the ranking's row among those asked."""
    name = env.reader.known_gpu(row.gpu).vendor.lower()
    return next((v for v in vendors if name.startswith(v.lower())), None)


def lead(ranking: Ranking, vendors: tuple[str, ...], title: str, env: Env) -> str:
    best: dict[str, RankRow] = {}
    for row in ranking.rows:
        maker = _maker(row, vendors, env)
        if maker is not None and maker not in best:
            best[maker] = row
    if len(best) < 2:
        return ""
    picks = sorted(best.items(), key=lambda kv: -kv[1].value_per_tco)
    each = i18n.sep(env.lang).join(
        [
            env.t(
                "vendor.choice_pick",
                maker=maker,
                gpu=row.gpu,
                price=env.money(row.price_usd),
                mem=f"{row.memory_gb:g}",
                score=f"{row.score:.2f}",
            )
            for maker, row in picks
        ]
    )
    (win, top), (lose, other) = picks[0], picks[1]
    pct = (top.value_per_tco / other.value_per_tco - 1) * 100 if other.value_per_tco else 0.0
    key = "vendor.choice_close" if pct < 5 else "vendor.choice_lead"
    return env.t(key, title=title, each=each, win=win, lose=lose, pct=f"{pct:.0f}", years=f"{env.assumptions.years:g}")


def software_step(env: Env) -> tuple[str, str, str]:
    """(the concept's closing verdict, the rest of its text as a reason line, its sources) in the answer's language;
    ("", "", "") when the KB lacks the concept."""
    concept = next((c for c in env.reader.concepts if c.key == CONCEPT), None)
    if concept is None:
        return "", "", ""
    text = (getattr(concept, f"text_{env.lang}", None) or concept.text).strip()  # the English one when none
    stop = i18n.end(env.lang).strip() or "."
    body, _, verdict = text.rstrip(stop).rpartition(stop)
    if not body:
        return "", env.t("vendor.choice_software", text=text), concept.source
    return verdict.strip() + stop, env.t("vendor.choice_software", text=body.strip() + stop), concept.source
