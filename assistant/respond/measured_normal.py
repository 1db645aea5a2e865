"""Is my measured number normal, for image generation and Whisper ("我的4070 12g出一张sdxl要15秒 正常吗", "my 3090
does 2.1 it/s on sdxl at 1024, is something wrong", "whisper large-v3 on my 3060 takes 10 minutes for 1 hour of
audio, normal?"). Tokens per second of an LLM are judged by respond/concept_leads_measured.speed_check.

Contract: `respond(query, env)` -> an Answer, or None unless the question asks whether a figure is normal / expected /
too slow, names a GPU and an image model with a speed model (docs/model.md §image.speed) or a Whisper size
(§speech.speed), and states a measured figure: seconds (or minutes) per image, it/s or s/it for images; the time
for a stated length of audio, or an "Nx real time" factor, for Whisper. The figure is set against the estimate at
the steps and size said (else the model's defaults, said as assumed): within NORMAL_BAND of it is normal (the image
estimates miss public runs by about 27 % in the median, §validation.oos), slower is "slower than expected" with the
usual causes, faster is "faster than the estimate" with what makes runs faster. figures["measured"] holds the
stated figure, the estimate, their ratio and the verdict. Pure; never raises.
"""

from __future__ import annotations

import re

from assistant.answer import Answer
from assistant.models import constants as C
from assistant.models import image_speed, speech_speed
from assistant.respond.env import Env
from assistant.respond.speech_time import audio_seconds
from assistant.respond.wording import duration

NORMAL_BAND = (0.67, 1.5)  # measured / estimated time: within it, "about normal"
_ASKS = re.compile(
    r"\bnormal\b|\bexpected\b|\bexpect\b|is (?:that|this|it) (?:right|ok|okay|good|slow|bad|fine)|something wrong"
    r"|too slow|\bslow\b|reasonable|typical|should i (?:be )?get|正常|太慢|慢不慢|是不是慢|合理|对吗|有问题|算快|算慢"
    r"|偏慢|慢了|这速度|这个速度|咋这么慢|怎么这么慢|\bgood\b|\bdecent\b|\bok\b|\bfine\b|something off|\boff\b"
    r"|not right|too low|行不行|够快|快不快"
)
_UPGRADE = re.compile(r"upgrade|should i (?:buy|get)|worth (?:it|buying)|升级|换卡|换什么|换个|买什么|该买")
_NUM = r"(\d+(?:\.\d+)?)"
_IMG = r"(?:images?|imgs?|pics?|pictures?|张|图|generation)"
_SEC_IMG = re.compile(
    _NUM + r"\s*(?:secs?|seconds?|秒|s(?=\s*(?:/|per|an?\b|each|for)\s*(?:an?\s+|one\s+|each\s+)?" + _IMG + r"))"
    r"|(?<![\w.])(\d{1,3}(?:\.\d+)?)\s?s\b(?!/)",  # "takes 45s" (a bare s after at most 3 digits: never "3090s")
    re.I,
)
_MIN_IMG = re.compile(
    _NUM + r"\s*(?:mins?|minutes?|分钟)(?=.{0,20}" + _IMG + r")|(?<=张)\D{0,6}" + _NUM + r"\s*分钟", re.I
)
_ITS = re.compile(_NUM + r"\s*(?:it/s|its/s|it/sec|iterations? per second|it每秒)", re.I)
_SPIT = re.compile(_NUM + r"\s*(?:s/it|sec/it|秒/it|秒每步)", re.I)
_STEPS = re.compile(r"(\d{1,3})\s*(?:steps?|步)", re.I)
_RES = re.compile(r"(\d{3,4})\s*(?:x\s*\d{3,4}|px|p\b|像素|分辨率)|(?:at|分辨率)\s*(\d{3,4})\b", re.I)
_DURATION = re.compile(_NUM + r"\s*(hours?|hrs?|h\b|minutes?|mins?|seconds?|secs?|个小时|小时|分钟|秒)", re.I)
_REALTIME = re.compile(_NUM + r"\s*(?:x|倍)\s*(?:real[ -]?time|realtime|实时|速)", re.I)
_UNIT_S = {"h": 3600.0, "hr": 3600.0, "hour": 3600.0, "小时": 3600.0, "个小时": 3600.0, "min": 60.0, "minute": 60.0}
_UNIT_S |= {"分钟": 60.0, "sec": 1.0, "second": 1.0, "秒": 1.0}
_AN_HOUR = re.compile(r"\b(?:an|one|a single)\s+hour\b", re.I)


def _gpu(query, env: Env):
    refs = [r for r in getattr(query, "gpus", ()) if getattr(r, "name", None)]
    name = refs[0].name if refs else getattr(query, "upgrade_from", None)  # "3060 ... 是不是太慢" read as an upgrade
    return env.reader.known_gpu(name) if name else None


def _model(query, env: Env, low: str):
    """The model parsed, else an image model or a Whisper size named in the text (a question read as a rate or a
    spec keeps no model: "3090跑whisper large v3 一小时录音要20分钟 正常吗")."""
    ref = getattr(query, "model", None)
    if ref is not None and ref.key:
        return env.reader.model(ref.key)
    named = [
        (len(a), m)
        for m in env.reader.models
        if m.kind == "image" or m.encoder_positions
        for a in (m.key, *m.aliases)
        if len(a) > 3 and a in low
    ]
    return max(named, key=lambda x: x[0])[1] if named else None


def _verdict(ratio: float) -> str:
    low, high = NORMAL_BAND
    return "normal" if low <= ratio <= high else "slow" if ratio > high else "fast"


def respond(query, env: Env) -> Answer | None:
    low = query.text.lower()
    if not _ASKS.search(low) or _UPGRADE.search(low):  # "slow ..., should i upgrade": the upgrade is the question
        return None
    gpu, model = _gpu(query, env), _model(query, env, low)
    if gpu is None or model is None:
        return None
    if model.kind == "image":
        return _image(query, env, gpu, model, low)
    if model.decoder_layers and model.encoder_positions:
        return _speech(query, env, gpu, model, low)
    return None


def _image_measured(low: str) -> tuple[float | None, float | None]:
    """(seconds per image, seconds per step) the question states."""
    if m := _ITS.search(low):
        return None, 1.0 / float(m.group(1)) if float(m.group(1)) > 0 else None
    if m := _SPIT.search(low):
        return None, float(m.group(1))
    if m := _SEC_IMG.search(low):
        return float(m.group(1) or m.group(2)), None
    if m := _MIN_IMG.search(low):
        return 60.0 * float(m.group(1) or m.group(2)), None
    return None, None


def _image(query, env: Env, gpu, model, low: str) -> Answer | None:
    per_image, per_step = _image_measured(low)
    if per_image is None and per_step is None:
        return None
    steps_m, res_m = _STEPS.search(low), _RES.search(low)
    steps = int(steps_m.group(1)) if steps_m else None
    res = int(res_m.group(1) or res_m.group(2)) if res_m else None
    res = res if res and 256 <= res <= 2048 else None
    speed = image_speed.image_speed(gpu, model, resolution=res, steps=steps)
    if speed is None or speed.steps_per_s <= 0:
        return None
    if per_step is not None:
        stated, est, unit = per_step, 1.0 / speed.steps_per_s, "step"
    else:
        stated, est, unit = float(per_image or 0), speed.seconds_per_image, "image"
    ratio = stated / est if est > 0 else 0.0
    verdict = _verdict(ratio)
    values = dict(
        gpu=gpu.short_name,
        model=model.name,
        res=speed.resolution,
        steps=speed.steps,
        est=f"{speed.seconds_per_image:.1f}",
        its=f"{speed.steps_per_s:.1f}",
        stated=env.t(f"measured.stated_{unit}", value=f"{stated:g}" if unit == "image" else f"{1 / stated:.2f}"),
        ratio=f"{ratio:.1f}",
    )
    steps_list = [
        env.t(
            "measured.image_setup", said=env.t("measured.said" if steps_m or res_m else "measured.assumed"), **values
        ),
        env.t("measured.band", low=f"{NORMAL_BAND[0]:g}", high=f"{NORMAL_BAND[1]:g}"),
    ]
    if verdict == "slow":
        steps_list.append(env.t("measured.image_causes"))
    return _answer(
        query, env, env.t(f"measured.image_{verdict}", **values), steps_list, gpu, stated, est, ratio, verdict
    )


def _speech(query, env: Env, gpu, model, low: str) -> Answer | None:
    t = speech_speed.transcription(gpu, env.reader.gpu(C.WHISPER_REF_GPU), model)
    if t is None or t.rtf <= 0:
        return None
    stated_rtf = None
    if m := _REALTIME.search(low):
        stated_rtf = float(m.group(1))
    else:
        text = _AN_HOUR.sub("1 hour", low)
        found = [float(m.group(1)) * _unit(m.group(2)) for m in _DURATION.finditer(text)]
        audio = audio_seconds(text)  # "1 hour of audio", "一小时录音"
        took = min((d for d in found if audio is None or abs(d - audio) > 1e-6), default=None)
        if audio is None and len(found) >= 2:  # "takes 10 minutes for 1 hour": the shorter is the time taken
            took, audio = sorted(found[:2])
        stated_rtf = audio / took if audio and took else None
    if not stated_rtf:
        return None
    # one file at a time is the slow end, the batched pipeline the fast end: a time between them is normal
    ratio = t.rtf / stated_rtf  # measured time over the one-at-a-time estimate
    verdict = (
        "normal"
        if t.rtf / NORMAL_BAND[1] <= stated_rtf <= t.rtf_batched * NORMAL_BAND[1]
        else ("slow" if stated_rtf < t.rtf else "fast")
    )
    values = dict(
        gpu=gpu.short_name,
        model=model.name,
        stated=f"{stated_rtf:.1f}",
        rtf=f"{t.rtf:.0f}",
        rtf_b=f"{t.rtf_batched:.0f}",
        hour=duration(env, 1 / t.rtf),
        hour_b=duration(env, 1 / t.rtf_batched),
    )
    steps = [env.t("measured.speech_basis", **values)]
    extra = {
        "transcribe_realtime_factor": round(t.rtf, 1),
        "transcribe_realtime_factor_batched": round(t.rtf_batched, 1),
    }
    if verdict == "slow":
        steps.append(env.t("measured.speech_causes"))
    answer = _answer(
        query, env, env.t(f"measured.speech_{verdict}", **values), steps, gpu, stated_rtf, t.rtf, ratio, verdict
    )
    answer.figures |= extra
    return answer


def _unit(word: str) -> float:
    w = word.lower()
    return _UNIT_S.get(w, _UNIT_S.get(w.rstrip("s"), 3600.0 if w.startswith("h") else 60.0))


def _answer(query, env: Env, headline: str, steps: list[str], gpu, stated, est, ratio, verdict) -> Answer:
    return Answer(
        question=query.text,
        intent="fit",
        headline=headline,
        steps=steps,
        figures={
            "measured": {
                "stated": round(stated, 3),
                "estimate": round(est, 3),
                "ratio": round(ratio, 2),
                "verdict": verdict,
            }
        },
        sources=["method: docs/model.md §image.speed, §speech.speed"],
        gpus=[gpu.name],
        lang=env.lang,
    )
