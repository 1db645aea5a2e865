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


def vision_time_out_of_sample_rows(kb) -> list[Row]:
    out = []
    for label, gpu_name, n, gmacs, epochs, hours, _source in VISION_TIME_OUT_OF_SAMPLE:
        gpu = kb.known_gpu(gpu_name)
        peak = hw.training_tflops(gpu, "fp16").value
        scaling = training_scaling([gpu] * n).efficiency
        run = cost.training_run(gmacs, IMAGENET_TRAIN_IMAGES * epochs / 1e9, peak, n_gpus=n, scaling=scaling)
        out.append(Row("vision time out of sample", label, run.hours, hours))
    return out
