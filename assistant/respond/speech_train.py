"""Fine-tuning time of a Whisper model from the audio the user has ("how long to fine-tune whisper small on 100 hours
of audio on a 4090", "用4090微调whisper large-v3 200小时音频要多久"): a compute floor (docs/model.md §speech.train).

Contract: `job_time(query, env, model, gpu, n)` -> (sentence, steps, figures), ("", [], {}) when the model has no
shape. Whisper pads every sample to one 30-second window, so the work is counted in windows: the audio said / 30 s
(cut into 30-second segments, as Whisper's own training data was; shorter clips each still cost a whole window,
said), else steps x batch ("4000 steps at batch 16"), else DEFAULT_AUDIO_HOURS, said as assumed; x the epochs said
(else one pass). Forward multiply-accumulates of one window, from the model's shape (`window_macs`): the encoder's
layers x (4 d^2 + 2 d ffn) x 1,500 positions + 2 x 1,500^2 x d of attention, the decoder's layers x ((4 d^2 +
2 d ffn) x T + 2 d^2 x 1,500 for the cross-attention keys and values + 2 d^2 x T + its attention) + the vocabulary
projection, T = TRANSCRIPT_TOKENS. Training = 2 FLOPs x MACs x 3 (forward and backward; 2 for LoRA, which computes no
weight gradients: §cost.run's 4 against 6) at DEFAULT_MFU of the 16-bit peak, over the cards. No measurement
calibrates it: the answer calls it the least the job takes.
"""

from __future__ import annotations

from assistant import i18n
from assistant.models import constants as C
from assistant.models import hardware as hw
from assistant.nlu.audio import audio_seconds
from assistant.respond.env import Env
from assistant.respond.wording import counted, duration

WINDOW_S = 30.0  # Whisper's input window: every sample is padded or cut to 30 s of audio [R: the Whisper paper]
TRANSCRIPT_TOKENS = 100  # tokens of transcript in 30 s of speech: ~75 words at ~150 words a minute [A]
DEFAULT_AUDIO_HOURS = 100.0  # the audio assumed when the question gives none [A]


def window_macs(model) -> float:
    """Forward multiply-accumulates for one 30-second window (see the module contract)."""
    d, ffn = float(model.hidden or 0), float(model.intermediate or 4 * (model.hidden or 0))
    enc_layers, dec_layers = float(model.layers or 0), float(model.decoder_layers or model.layers or 0)
    p, t = float(model.encoder_positions or 1500), float(TRANSCRIPT_TOKENS)
    block = 4 * d * d + 2 * d * ffn
    encoder = enc_layers * (block * p + 2 * p * p * d)
    decoder = dec_layers * (block * t + 2 * d * d * p + 2 * d * d * t + 2 * t * t * d + 2 * t * p * d)
    return encoder + decoder + float(model.vocab or 0) * d * t


def _windows(query, lang: str) -> tuple[float, str]:
    """The windows of one pass and how they are known: "audio", "steps" or "assumed"."""
    # "on a 4090 with 300 hours of audio how long" after the model: the follow-up's own words hold the audio
    audio = getattr(query, "audio_s", None) or audio_seconds(query.text or "", lang)
    if audio:
        return audio / WINDOW_S, "audio"
    steps = getattr(query, "train_steps", None)
    if steps:
        return float(steps * (query.batch or 1)), "steps"
    return DEFAULT_AUDIO_HOURS * 3600 / WINDOW_S, "assumed"


def job_time(query, env: Env, model, gpu, n: int) -> tuple[str, list[str], dict]:
    macs = window_macs(model)
    peak = hw.training_tflops(gpu, "fp16").value
    if macs <= 0 or peak <= 0:
        return "", [], {}
    windows, how = _windows(query, env.lang)
    epochs = float(query.epochs or 1)
    passes = 2 if query.mode in ("lora", "qlora") else 3
    flops = 2 * macs * passes * windows * epochs
    hours = flops / (peak * 1e12 * C.DEFAULT_MFU * max(n, 1)) / 3600
    audio_h = windows * WINDOW_S / 3600
    data = env.t(
        f"job_time.speech_data_{how}",
        hours=f"{audio_h:,.0f}" if audio_h >= 10 else f"{audio_h:.1f}",
        windows=f"{windows:,.0f}",
        epochs=f"{epochs:g}",
    )
    what = counted(env, gpu, n)
    head = env.t("job_time.speech_head", time=duration(env, hours), model=model.name, data=data, what=what)
    steps = [
        env.t(
            "job_time.speech_rule",
            gmac=f"{macs / 1e9:,.0f}",
            tokens=TRANSCRIPT_TOKENS,
            passes=passes,
            flops=f"{flops:.2e}",
            mfu=f"{100 * C.DEFAULT_MFU:.0f}",
            peak=f"{peak:,.0f}",
        ),
        env.t("job_time.speech_floor"),
    ]
    figures = {
        "job_hours": round(hours, 2),
        "speech_training": {
            "windows": round(windows),
            "epochs": epochs,
            "gmac_per_window": round(macs / 1e9, 1),
            "flops": flops,
            "data": how,
        },
    }
    return i18n.cap(env.lang, head), steps, figures
