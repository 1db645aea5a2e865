"""A comparison that names a model: "two 3090s or one 4090 for 70b", "4090 vs 5090 for llama 3 70b".

Contract: `model_rows(query, names, counts, env)` returns None when the query names no language
model, else (headline, table rows, figures): whether the model fits on each side with that side's
GPU count (docs/model.md §mem) and, where it fits, its single-user generation speed (§llm.decode).
The precision is the one asked, else q4_k_m (how local models are usually run), and is said.
`figures["model_fits"]`: {GPU name: true | false}; `figures["model_tokens_per_second"]`: {GPU name: tokens/s}.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import llm, memory
from assistant.queries import CompareQuery, FitQuery
from assistant.respond.common import Env
from assistant.respond.fit import sized_model

DEFAULT_PRECISION = "q4_k_m"


def model_rows(query: CompareQuery, names: list[str], counts: dict[str, int], env: Env):
    if query.model is None and not query.params_b:
        return None
    asked = FitQuery(text=query.text, model=query.model, params_b=query.params_b)
    model, _ = sized_model(asked, env)
    if model is None or model.kind != "llm":
        return None
    prec = query.precision or DEFAULT_PRECISION
    sides, fits_row, speed_row = [], [], []
    figures: dict = {"model_fits": {}, "model_tokens_per_second": {}, "model_precision": prec}
    need = None
    for name in names:
        gpu, n = env.reader.gpu(name), max(counts.get(name, 1), 1)
        est = memory.inference_memory(model, prec, batch=1, n_gpus=n)
        need = est.total_gb * n
        f = memory.fit(est, gpu.memory_gb, n)
        where = (
            env.t("fit.where_many", n=n, gpu=gpu.short_name)
            if n > 1
            else env.t("fit.where_one", gpu=gpu.short_name, a=i18n.article(gpu.short_name))
        )
        total = f"{n * (gpu.memory_gb or 0):g}"
        figures["model_fits"][name] = f.fits
        fits_row.append(
            env.t("fit.yes" if f.fits else "fit.no") + env.t("fit.headroom", headroom=f"{f.headroom_gb:+.1f}")
        )
        if f.fits:
            speed = llm.decode_speed(gpu, model, prec, context=1024, batch=1, n_gpus=n)
            figures["model_tokens_per_second"][name] = round(speed.tokens_per_s, 1)
            text = env.term(llm.tokens_per_s_text(speed))
            speed_row.append(text)
            sides.append(env.t("compare.model_side_fits", where=where, total=total, speed=text))
        else:
            speed_row.append("—")
            sides.append(env.t("compare.model_side_no", where=where, total=total))
    head = env.t(
        "compare.model_head",
        model=model.name,
        prec=prec,
        need=f"{need:.1f}",
        sides=env.t("compare.model_sep").join(sides),
    )
    rows = [
        [env.t("compare.row_model_fits", model=model.name, prec=prec), *fits_row],
        [env.t("compare.row_model_speed", model=model.name, prec=prec), *speed_row],
    ]
    return head, rows, figures
