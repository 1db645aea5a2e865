"""Training time of a YOLO family named without its size ("how long to train yolov8 on 50k images on a 3060",
"3060训练yolov8 5万张图一个epoch多久"): every size of the family, since n and x differ some 30x in work per image.

Contract: `with_sizes_time(answer, query, env, sizes)` leads `answer` with one time per size of `sizes` (rows of
knowledge/vision_models.csv, n to x), each by the rule of respond/vision_train.py (3 x 2 x forward MACs x images x
epochs at the 16-bit peak x 35 % MFU, docs/model.md §cost.training), the images and epochs as that module reads
them, and says the size was not given. figures["vision_training"] holds the family, images, epochs and the hours
of each size.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import cost
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.respond import vision_train as vt
from assistant.respond.env import Env
from assistant.respond.wording import duration


def with_sizes_time(answer, query, env: Env, sizes: tuple[dict, ...]):
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    gpu, n = env.reader.known_gpu(refs[0].name), max(refs[0].count, 1)
    low = query.text.lower()
    epochs_said = vt._EPOCHS.search(low)
    epochs = int(epochs_said.group(1)) if epochs_said else int(sizes[0]["epochs"])
    counted = vt._images(query.text)
    images, data_source = (counted, "") if counted else vt._dataset(query.text, sizes[0])
    peak = hw.training_tflops(gpu, "fp16").value
    scaling = training_scaling([gpu] * n).efficiency if n > 1 else 1.0
    per_epoch = bool(vt._PER_EPOCH.search(low))
    hours: dict[str, float] = {}
    for m in sizes:
        run = cost.training_run(float(m["gmacs"]), images * epochs / 1e9, peak, n_gpus=n, scaling=scaling)
        if run.hours and run.hours != float("inf"):
            hours[m["name"]] = run.hours
    if not hours:
        return answer
    each = i18n.comma(env.lang).join(
        env.t("vision.size_time", time=duration(env, h / epochs if per_epoch else h), model=name)
        for name, h in hours.items()
    )
    family = sizes[0]["name"][:-1]  # "YOLOv8n" -> "YOLOv8"
    head = env.t(
        "vision.sizes_epoch" if per_epoch else "vision.sizes",
        each=each,
        family=family,
        what=f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name,
        epochs=epochs,
        images=f"{images:,}",
        epochs_how=env.t("vision.epochs_asked" if epochs_said else "vision.epochs_assumed"),
        first=sizes[0]["name"],
        example=sizes[1]["name"].lower() if len(sizes) > 1 else sizes[0]["name"].lower(),
    )
    rule = env.t(
        "vision.sizes_rule",
        res=sizes[0]["resolution"],
        macs=i18n.comma(env.lang).join(f"{m['name']} {float(m['gmacs']):g}" for m in sizes),
        peak=f"{peak:,.0f}",
    )
    version = [env.t("vision.version_assumed", family=family)] if vt.version_assumed(query.text) else []
    answer.headline = i18n.gap(env.lang).join([head, *version, answer.headline])
    answer.steps[:0] = [rule, env.t("vision.caveat"), env.t("vision.yolo_caveat")]
    answer.sources[:0] = env.cite(*{m["source"] for m in sizes}, *([data_source] if data_source else []))
    answer.figures["vision_training"] = {
        "family": family,
        "images": images,
        "epochs": epochs,
        "hours_by_size": {k: round(v, 2) for k, v in hours.items()},
        "gpu_count": n,
    }
    return answer
