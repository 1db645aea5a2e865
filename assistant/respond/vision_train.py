"""Training time of a classic image classifier ("how long to train resnet-50 on imagenet on a 4090",
"在4090上用imagenet训练resnet50要多久"): the FLOPs rule applied per image.

Contract: `with_vision_time(answer, query, env)` leads `answer` with the time when the question names a model of
knowledge/vision_models.csv, asks a time (asked.parts "time") and names GPUs; else returns it unchanged. Training
FLOPs = 3 (forward + backward) x 2 x the forward multiply-accumulates per image x images x epochs
(docs/model.md §cost.training); the images are the count said ("1.2m images", "50k images", "一万张图"), else the
dataset named (COCO, CIFAR, MNIST, ImageNet), else ImageNet-1k's 1,281,167 for a classifier and COCO 2017's 118,287
for a detector (YOLO at 640 px); "per epoch" / "每个epoch" leads with one epoch's time; the epochs are the ones
asked ("90 epochs", "90轮") else the recipe's, said as assumed; a YOLO family named without its size ("yolov8") is
timed at every size (respond/vision_sizes.py). Time =
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
from assistant.nlu.tagging.cn_numerals import cn_number
from assistant.respond.env import Env
from assistant.respond.wording import duration

IMAGENET_TRAIN_IMAGES = 1_281_167  # ILSVRC 2012 [R: Russakovsky et al. 2015]
IMAGENET_SOURCE = "imagenet-ilsvrc2012"
# a count stands apart from the word before it: "cifar10 epoch time" says no 10 epochs
_EPOCHS = re.compile(r"(?<![A-Za-z_\-\d.])(\d+)\s*(?:epochs?|个?\s*epoch|轮|个轮次)", re.I)
# a bare "张" counts cards, not images, when a card follows it ("用4张3090训练", "4张 a100"); a count of epochs or steps
# after it ("20000张 100个epoch") leaves it an image count
_NOT_A_CARD = r"(?!\s*(?:[a-z]|卡|显卡|\d{3,4}(?!\d*\s*(?:个|epoch|轮|步|次))))"
_IMAGES = re.compile(
    r"(\d[\d,.]*)\s*(k|m|万)?\s*(?:images|imgs|pictures|photos|pics|张图|张图片|张照片|张" + _NOT_A_CARD + ")"
    r"|([一二两三四五六七八九十百千万]+)\s*(?:张图|张图片|张照片)",  # "一万张图"; not "一张4090" (a card)
    re.I,
)
# Public datasets named (train split images) [R]: COCO 2017 train 118,287 (cocodataset.org), CIFAR-10 / -100 50,000 and
# MNIST 60,000 (their pages); ImageNet-1k as above. Sources in knowledge/sources/models.csv.
DATASETS = (
    ("coco", 118_287, "data-coco-2017"),
    ("cifar", 50_000, "data-cifar"),
    ("mnist", 60_000, "data-mnist"),
    ("imagenet", IMAGENET_TRAIN_IMAGES, IMAGENET_SOURCE),
)
_PER_EPOCH = re.compile(
    r"per epoch|an epoch|each epoch|one epoch|every epoch|epoch time|per-epoch|single epoch|1 epoch"
    r"|每个\s*epoch|每个epoch|一个\s*epoch|每轮|一轮|每一轮"
)
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
    raw = m.group(1) or m.group(3)
    value = float(raw.replace(",", "")) if m.group(1) else cn_number(list(raw))
    if not value:
        return None
    return int(value * _SCALE.get((m.group(2) or "").lower(), 1.0))


def _dataset(text: str, model: dict) -> tuple[int, str]:
    """The images of the dataset named, else ImageNet-1k for a classifier and COCO 2017 for a detector (its
    resolution is not 224 px) [A], with the source key."""
    low = text.lower()
    found = next(((n, src) for name, n, src in DATASETS if name in low), None)
    if found:
        return found
    return (118_287, "data-coco-2017") if int(model["resolution"]) != 224 else (IMAGENET_TRAIN_IMAGES, IMAGENET_SOURCE)


_FAMILY = re.compile(r"yolo\s*-?\s*v?(8|11)(?![0-9])", re.I)
# "yolo" with no version at all ("can a 3060 run yolo in real time"): the newest family of the data, said so
BARE_YOLO = re.compile(r"(?<![a-z])yolo(?!\s*-?\s*v?\d)(?![a-z])", re.I)
NEWEST_YOLO = "yolo11"


def family_sizes(text: str) -> tuple[dict, ...]:
    """ "yolov8", "yolo 11" with no size: every size of that family in knowledge/vision_models.csv (n to x); "yolo"
    with no version: the newest family there (YOLO11), which `version_assumed` says."""
    found = _FAMILY.search(text)
    if found is None and not version_assumed(text):
        return ()
    prefix = NEWEST_YOLO if found is None or found.group(1) == "11" else "yolov8"
    return tuple(m for m in _models() if m["key"].startswith(prefix))


def version_assumed(text: str) -> bool:
    """True when a YOLO is named with no version anywhere in `text` (the newest family is then used)."""
    return bool(BARE_YOLO.search(text)) and not _FAMILY.search(text) and not re.search(r"yolo\s*-?\s*v?\d", text, re.I)


def per_epoch_asked(text: str) -> bool:
    """ "per epoch", "每个epoch": one epoch's time asked, not the whole run's."""
    return bool(_PER_EPOCH.search(text.lower()))


def with_vision_time(answer, query, env: Env):
    """`answer` led by the classifier's training time (see the module contract)."""
    from assistant.respond.asked import parts

    model = vision_model(query.text)
    refs = [r for r in getattr(query, "gpus", ()) if r.name]
    low = query.text.lower()
    # a time asked, or a job described by its epochs ("yolov8s on 10k images, 100 epochs, 3060"): its time is the answer
    timed = "time" in parts(query.text, env.lang) or _TIME.search(low) or _EPOCHS.search(low) or _PER_EPOCH.search(low)
    if model is None and refs and timed and family_sizes(query.text):  # "yolov8 on 50k images": every size timed
        from assistant.respond.vision_sizes import with_sizes_time

        return with_sizes_time(answer, query, env, family_sizes(query.text))
    if model is None or not refs or not timed:
        return answer
    gpu, n = env.reader.known_gpu(refs[0].name), max(refs[0].count, 1)
    epochs_said = _EPOCHS.search(query.text.lower())
    epochs = int(epochs_said.group(1)) if epochs_said else int(model["epochs"])
    counted = _images(query.text)
    images, data_source = (counted, "") if counted else _dataset(query.text, model)
    peak = hw.training_tflops(gpu, "fp16").value
    scaling = training_scaling([gpu] * n).efficiency if n > 1 else 1.0
    gmacs = float(model["gmacs"])
    # cost.training_run counts 6 x params x tokens: 6 x (forward MACs) x (images x epochs) is the same product
    run = cost.training_run(gmacs, images * epochs / 1e9, peak, n_gpus=n, scaling=scaling)
    if not run.hours or run.hours == float("inf"):
        return answer
    what = f"{n} x {gpu.short_name}" if n > 1 else gpu.short_name
    per_epoch = bool(_PER_EPOCH.search(query.text.lower()))
    head = env.t(
        "vision.time_epoch" if per_epoch else "vision.time",
        epoch=duration(env, run.hours / epochs),
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
    if model["key"].startswith("yolo"):  # detectors: the published V100 times against the same rule (out of sample)
        answer.steps.insert(2, env.t("vision.yolo_caveat"))
    if _SMALL_IMAGES.search(query.text.lower()):  # CIFAR's 32 px images: the 224 px count overstates the work
        answer.steps.insert(1, env.t("vision.small_images", res=model["resolution"]))
    answer.sources[:0] = env.cite(model["source"], *([data_source] if data_source else []))
    answer.figures["vision_training"] = {
        "model": model["name"],
        "images": images,
        "epochs": epochs,
        "flops": run.flops,
        "hours": round(run.hours, 2),
        "hours_per_epoch": round(run.hours / epochs, 3),
        "images_per_s": round(images * epochs / (run.hours * 3600), 1),
        "gpu_count": n,
    }
    return answer
