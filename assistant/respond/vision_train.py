"""Training time of a classic image classifier ("how long to train resnet-50 on imagenet on a 4090",
"在4090上用imagenet训练resnet50要多久"): the FLOPs rule applied per image.

Contract: `with_vision_time(answer, query, env)` leads `answer` with the time when the question names a model of
knowledge/vision_models.csv, asks a time (asked.parts "time") and names GPUs; else returns it unchanged. Training
FLOPs = 3 (forward + backward) x 2 x the forward multiply-accumulates per image x images x epochs
(docs/model.md §cost.training); the images are ImageNet-1k's 1,281,167 unless a count is said ("1.2m images",
"50k images"); the epochs are the ones asked ("90 epochs", "90轮") else the recipe's, said as assumed. Time =
FLOPs / (cards x the 16-bit peak x 35 % MFU x the data-parallel efficiency), the same rule and utilization as LLM
training. figures["vision_training"] holds the model, images, epochs, FLOPs and hours.
"""

from __future__ import annotations

import re
from functools import cache

from assistant import i18n, paths
from assistant.models import constants as C
from assistant.models import cost
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from assistant.respond.env import Env
from assistant.respond.wording import duration

IMAGENET_TRAIN_IMAGES = 1_281_167  # ILSVRC 2012 [R: Russakovsky et al. 2015]
IMAGENET_SOURCE = "imagenet-ilsvrc2012"
_EPOCHS = re.compile(r"(\d+)\s*(?:epochs?|个?\s*epoch|轮|个轮次)", re.I)
_IMAGES = re.compile(r"(\d[\d,.]*)\s*(k|m|万)?\s*(?:images|imgs|pictures|photos|张图|张图片|张)", re.I)
_SCALE = {"k": 1e3, "m": 1e6, "万": 1e4}
_TIME = re.compile(r"how many (?:days|hours|minutes|weeks)|how long|多久|几天|多少天|多少小时|几个小时|几小时")
_SMALL_IMAGES = re.compile(r"cifar|mnist|32 ?x ?32|28 ?x ?28")  # datasets far below the 224 px the counts are for


@cache
def _models() -> tuple[dict, ...]:
    from assistant.kb.files import read_csv

    columns = ["key", "name", "aliases", "gmacs", "resolution", "epochs", "source"]
    return tuple(r for _, r in read_csv(paths.knowledge_dir() / "vision_models.csv", columns))


def vision_model(text: str) -> dict | None:
    """The classifier a question names (longest alias first), or None."""
    low = text.lower()
    found = [(len(a), m) for m in _models() for a in m["aliases"].split("|") if a in low]
    return max(found, key=lambda x: x[0])[1] if found else None


def _images(text: str) -> int | None:
    m = _IMAGES.search(text.lower())
    if not m:
        return None
    return int(float(m.group(1).replace(",", "")) * _SCALE.get((m.group(2) or "").lower(), 1.0))


def with_vision_time(answer, query, env: Env):
    """`answer` led by the classifier's training time (see the module contract)."""
    from assistant.respond.asked import parts

    model = vision_model(query.text)
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    if model is None or not refs or not ("time" in parts(query.text, env.lang) or _TIME.search(query.text.lower())):
        return answer
    gpu, n = env.reader.known_gpu(refs[0].name), max(refs[0].count, 1)
    epochs_said = _EPOCHS.search(query.text.lower())
    epochs = int(epochs_said.group(1)) if epochs_said else int(model["epochs"])
    images = _images(query.text) or IMAGENET_TRAIN_IMAGES
    peak = hw.training_tflops(gpu, "fp16").value
    scaling = training_scaling([gpu] * n).efficiency if n > 1 else 1.0
    gmacs = float(model["gmacs"])
    # cost.training_run counts 6 x params x tokens: 6 x (forward MACs) x (images x epochs) is the same product
    run = cost.training_run(gmacs, images * epochs / 1e9, peak, n_gpus=n, scaling=scaling)
    if not run.hours or run.hours == float("inf"):
        return answer
    what = f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
    head = env.t(
        "vision.time",
        time=duration(env, run.hours),
        model=model["name"],
        what=what,
        epochs=epochs,
        images=f"{images:,}",
        epochs_how=env.t("vision.epochs_asked" if epochs_said else "vision.epochs_assumed"),
    )
    step = env.t(
        "vision.rule",
        gmacs=f"{gmacs:g}",
        res=model["resolution"],
        per_image=f"{6 * gmacs:g}",
        flops=f"{run.flops:.2e}",
        peak=f"{peak:,.0f}",
        mfu=f"{C.DEFAULT_MFU * 100:.0f}",
    )
    answer.headline = i18n.gap(env.lang).join([head, answer.headline])
    answer.steps[:0] = [step, env.t("vision.caveat")]
    if _SMALL_IMAGES.search(query.text.lower()):  # CIFAR's 32 px images: the 224 px count overstates the work
        answer.steps.insert(1, env.t("vision.small_images", res=model["resolution"]))
    answer.sources[:0] = env.cite(model["source"], IMAGENET_SOURCE)
    answer.figures["vision_training"] = {
        "model": model["name"],
        "images": images,
        "epochs": epochs,
        "flops": run.flops,
        "hours": round(run.hours, 2),
        "gpu_count": n,
    }
    return answer
