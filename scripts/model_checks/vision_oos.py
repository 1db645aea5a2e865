"""Image-classifier training time out of sample (never fitted: no calibration file measures a training time): a
published run against the rule of respond/vision_train.py (docs/model.md §cost.training: FLOPs / (cards x 16-bit
peak x 35 % MFU x data-parallel efficiency)), in hours."""

from __future__ import annotations

from assistant.models import cost
from assistant.models import hardware as hw
from assistant.models.scaling import training_scaling
from model_checks.rows import Row

IMAGENET_TRAIN_IMAGES = 1_281_167

# (label, GPU, cards, forward GMACs per image, epochs, measured hours, source)
VISION_TIME_OUT_OF_SAMPLE = (
    (
        "DeiT-B (ViT-B/16) 300 epochs, 8 x V100",
        "Tesla V100 SXM2 32 GB",
        8,
        17.56,
        300,
        53.0,
        "Touvron et al. 2021 (DeiT), §training time: 53 hours on a single node of 8 GPUs",
    ),
)


# YOLOv5 on COCO 2017 train (118,287 images), 300 epochs on one V100 (ultralytics/yolov5 README, "Training times for
# YOLOv5n/s/m/l/x are 1/2/4/6/8 days on a V100 GPU"; source ul-yolov5-table); forward GMACs = its FLOPs @640 / 2.
# Session 14, never fitted: the rule is several times optimistic for small detectors (data loading, augmentation and
# the validation each epoch), closer for the largest.
COCO_TRAIN_IMAGES = 118_287
YOLOV5_V100_DAYS = (("n", 4.5, 1), ("s", 16.5, 2), ("m", 49.0, 4), ("l", 109.1, 6), ("x", 205.7, 8))


def vision_time_out_of_sample_rows(kb) -> list[Row]:
    out = []
    for label, gpu_name, n, gmacs, epochs, hours, _source in VISION_TIME_OUT_OF_SAMPLE:
        gpu = kb.known_gpu(gpu_name)
        peak = hw.training_tflops(gpu, "fp16").value
        scaling = training_scaling([gpu] * n).efficiency
        run = cost.training_run(gmacs, IMAGENET_TRAIN_IMAGES * epochs / 1e9, peak, n_gpus=n, scaling=scaling)
        out.append(Row("vision time out of sample", label, run.hours, hours))
    v100 = kb.known_gpu("Tesla V100 SXM2 32 GB")
    for size, flops, days in YOLOV5_V100_DAYS:
        peak = hw.training_tflops(v100, "fp16").value
        run = cost.training_run(flops / 2, COCO_TRAIN_IMAGES * 300 / 1e9, peak)
        out.append(Row("vision time out of sample", f"YOLOv5{size} COCO 300 epochs, 1 x V100", run.hours, days * 24.0))
    return out
