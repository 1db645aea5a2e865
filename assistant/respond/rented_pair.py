"""Two rented options for the same work, at the rates stated or the clouds' ("mi300x at $2/hr vs h100 at $2.50/hr
for serving llama 3.3 70b, which is better value", "h200 at $3.50 vs h100 at $2.50 for a 70b at fp8, is the h200
worth the extra", "租h100 2.5刀一小时还是a100 1.3刀一小时 训练7b 哪个省钱", "runpod 4090 at $0.34 vs vast 3090 at
$0.22 for sdxl, more images per dollar").

Contract: `respond(query, env)` -> an Answer, or None unless the question names two different GPUs, says it rents
them (a rate per hour, a cloud, or a rent word) and asks which is better / cheaper / worth it. Each GPU's rate is
the one stated next to it (the nearest before it, else right after it; "$", 刀, 美元 = USD, ¥, 元, 块 = CNY), else its
cheapest on-demand rate in the KB (at the cloud named, if any; observed date said). The work decides the measure:
- an LLM to serve: the fewest cards that hold it at the precision said (else 16-bit) with every user's KV cache
  (users said, else ASSUMED_USERS; context said, else the model's at most 8,192, or LONG_CONTEXT when "long
  context" is said), tensor-parallel counts only (respond/serving.served_on), their batched tokens/s
  (docs/model.md §llm.decode) -> dollars per million output tokens;
- an LLM to train or fine-tune: the job's hours on the cards the method needs (respond/rates_job, 100 M tokens
  unless said) -> the job's cost;
- an image model: seconds per image (§image.speed) -> images per dollar;
- else the performance model's speed for the workload (RTX 3090 = 1) per dollar an hour.
The better value leads ("worth the extra" gets a yes / no for the dearer one), then a table and the assumptions.
figures["rented_pair"]: options (gpu, count, rate_usd, stated, measure, value), best, ratio, measure. Pure.
"""

from __future__ import annotations

import dataclasses
import re
from types import SimpleNamespace

from assistant.answer import Answer, Table
from assistant.models import image_speed, memory
from assistant.queries import GpuRef, ModelRef, RatesQuery
from assistant.respond.env import Env
from assistant.respond.offers import home_first, home_market, of_provider
from assistant.specs import GpuSpec

ASSUMED_USERS = 16  # concurrent users a serving comparison assumes when none are said [A]
LONG_CONTEXT = 32_768  # tokens per user when "long context" is said [A]
MAX_OPTIONS = 4  # options weighed in one answer ("runpod a40 $0.44/h, vast 4090 $0.35/h, lambda a10 $0.75/h") [A]
MAX_HOURLY = 30.0  # a dollar amount below this beside a datacenter card is a rent per GPU-hour, not a price [A]
_CUR = r"(\$|us\$|¥|￥|€|£)"
_WORD = r"(刀|美元|美金|块钱|块|元|usd|dollars?|bucks|rmb)"
_PER_H = (
    r"(?:/\s*(?:gpu[- ]?)?(?:hr|hour|h|小时|时)\b|/\s*(?:hr|h|时|小时)|per\s+(?:gpu[- ]?)?(?:hour|hr)|an?\s+hour"
    r"|each\s+per\s+hour|/gpu-?hr|每小时|一小时|每卡时|每卡每小时)"
)
# never the digits of a card's name ("a800一小时": the A800, not ¥800 an hour)
_RATE = re.compile(
    r"(?<![a-z0-9.])" + _CUR + r"?\s*(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*" + _WORD + r"?\s*(?:each\s*)?" + _PER_H, re.I
)
_RATE_AT = re.compile(r"\bat\s+" + _CUR + r"\s*(\d+(?:\.\d+)?)", re.I)  # "h200 at $3.50" in a rent question
_RATE_AFTER = re.compile(r"(?:一小时|每小时|每卡时)\s*" + _CUR + r"?\s*(\d+(?:\.\d+)?)\s*" + _WORD + "?")
_RENT = re.compile(
    r"\brent|rental|\bcloud|runpod|vast|lambda|autodl|coreweave|tensordock|crusoe|per hour|/hr|/h\b|gpu-?hr"
    r"|租|按量|云上|算力平台|每小时|一小时|/时",
    re.I,
)
_WHICH = re.compile(
    r"which|better|cheaper|cheapest|best|value|worth|\bvs\b|versus|\bor\b|more .{0,20}per (?:dollar|\$)"
    r"|哪个|哪家|还是|划算|省钱|值不值|值得|更便宜|性价比",
    re.I,
)
_SIZE = re.compile(r"(?<![A-Za-z0-9.])(\d{1,4}(?:\.\d+)?)\s?b(?![A-Za-z/])", re.I)
_PREC = re.compile(r"\b(fp8|fp16|bf16|int8|awq)\b", re.I)
_BUY = re.compile(r"\bbuy|buying|bought|purchase|\bown\b|\bmy \w+|\blocal\b|买|购买|入手|自己的|我的|手上|本地", re.I)
_WORTH = re.compile(r"worth|值不值|值得|划算吗", re.I)
_TRAIN = re.compile(r"train|fine-?tun|finetun|\blora\b|qlora|pretrain|from scratch|\bsft\b|训练|微调|预训练|从零", re.I)
_LONG = re.compile(r"long context|long-context|长上下文|长文本|128k|64k|32k", re.I)
_USD_WORDS = {"$", "us$", "刀", "美元", "美金", "usd", "dollar", "dollars", "bucks"}
_CNY_WORDS = {"¥", "￥", "块", "块钱", "元", "rmb"}


@dataclasses.dataclass
class Option:
    """One rented option: the card, how many, its rate and where the rate came from, and the measure's figure."""

    gpu: GpuSpec
    count: int
    rate_usd: float
    stated: bool
    where: str = ""  # the cloud and date of a KB rate
    cards: int = 0  # cards the work needs (serving / a job), else count
    amount: float = 0.0  # the measure's figure: $/M tokens, job $, images per $, speed per $
    detail: str = ""  # throughput shown in the table
    precision: str = ""  # the weights' precision a serving side runs


def respond(query, env: Env) -> Answer | None:
    low = query.text.lower()
    refs = _distinct(getattr(query, "gpus", ()))
    if len(refs) < 2 or not _WHICH.search(low) or not (_RENT.search(low) or _hourly_prices(low, refs, env)):
        return None
    if _BUY.search(low):  # "rent an h100 or buy two 4090s": rent against buy is its own answer
        return None
    rates = _stated_rates(low, refs, env)
    options = []
    for ref in refs[:MAX_OPTIONS]:
        gpu = env.reader.known_gpu(ref.name)
        if gpu is None:
            return None
        rate = rates.get(ref.name)
        stated = rate is not None
        where = ""
        if rate is None:
            kb = _kb_rate(gpu, query, env)
            if kb is None:
                return None
            rate, where = kb.on_demand_usd_per_gpu_hour, env.t("pair.kb_rate", cloud=kb.provider, date=kb.observed)
        options.append(Option(gpu, max(int(ref.count or 1), 1), rate, stated, where))
    model = _model(query, env)
    serves = model is not None and model.kind == "llm" and not _TRAIN.search(low) and not model.encoder_positions
    images = model is not None and model.kind == "image"
    if not any(o.stated for o in options) and not (serves or images):
        return None  # the clouds' own rates for a job or a speed: respond/rates_several answers those
    if model is not None and model.kind == "llm" and _TRAIN.search(low):
        measure, steps = _job(query, env, model, options, low)
    elif model is not None and model.kind == "llm" and not model.encoder_positions:
        measure, steps = _serve(query, env, model, options, low)
    elif model is not None and model.kind == "image":
        measure, steps = _images(env, model, options)
    else:
        measure, steps = _speed(query, env, options, low)
    if measure is None:
        return None
    return _answer(query, env, options, measure, steps, model, low)


def _hourly_prices(low: str, refs: list, env: Env) -> bool:
    """ "h200 at $3.50 vs h100 at $2.50": dollar amounts under MAX_HOURLY beside datacenter cards are rents an hour."""
    amounts = [float(m.group(2)) for m in _RATE_AT.finditer(low)]
    cards = [env.reader.known_gpu(r.name) for r in refs]
    datacenter = all(c is not None and (c.passively_cooled or (c.memory_gb or 0) >= 40) for c in cards)
    return bool(amounts) and max(amounts) < MAX_HOURLY and datacenter


def _distinct(refs) -> list:
    out, seen = [], set()
    for r in refs:
        if getattr(r, "name", None) and r.name not in seen:
            seen.add(r.name)
            out.append(r)
    return out


def _currency(sym: str | None, word: str | None, low: str) -> str:
    said = {(sym or "").lower(), (word or "").lower()} - {""}
    if said & _USD_WORDS:
        return "USD"
    if said & _CNY_WORDS:
        return "CNY"
    if "€" in said:
        return "EUR"
    if "£" in said:
        return "GBP"
    return "CNY" if re.search(r"[\u4e00-\u9fff]", low) and not re.search(r"\$|刀|美元", low) else "USD"


def _stated_rates(low: str, refs: list, env: Env) -> dict[str, float]:
    """GPU name -> the USD rate stated next to it: the nearest mention before the rate, else the next one after."""
    spots: list[
        tuple[int, str]
    ] = []  # every place a card is named ("租a100还是l40s ... a100 5元一小时 l40s 4元一小时")
    for r in refs:
        mention = (r.mention or "").lower()
        at = low.find(mention) if mention else -1
        while at >= 0:
            spots.append((at, r.name))
            at = low.find(mention, at + len(mention))
    spots.sort()
    if not spots:
        return {}
    found: list[tuple[int, float, str]] = []
    for m in _RATE.finditer(low):
        found.append((m.start(), float(m.group(2)), _currency(m.group(1), m.group(3), low)))
    for m in _RATE_AFTER.finditer(low):
        found.append((m.start(), float(m.group(2)), _currency(m.group(1), m.group(3), low)))
    if not found:
        found = [(m.start(), float(m.group(2)), _currency(m.group(1), None, low)) for m in _RATE_AT.finditer(low)]
    out: dict[str, float] = {}
    for pos, value, cur in sorted(found):
        before = [name for at, name in spots if at < pos]
        after = [name for at, name in spots if at >= pos]
        name = before[-1] if before and before[-1] not in out else next((n for n in after if n not in out), None)
        if name is None and before:  # the nearest card named before it already has a rate: the one before that
            name = next((n for n in reversed(before) if n not in out), None)
        usd = env.to_usd(value, cur) if name else None
        if name and usd:
            out[name] = usd
    return out


def _kb_rate(gpu, query, env: Env):
    rates = [r for r in env.reader.cloud_rates(gpu.name) if r.on_demand_usd_per_gpu_hour > 0]
    provider = getattr(query, "provider", None)
    named = of_provider(provider, rates)
    market = home_market(query.text, env, provider)
    if (provider and not named) or not any(r.currency == market for r in named):
        # the cloud named does not rent it, or no cloud of the question's market does ("从零预训练7b 租h100还是a100":
        # no Chinese cloud rents an H100): the rates answer says so and offers the stand-in, so this one steps aside
        return None
    ordered = home_first(named, env, market)  # the home market's clouds first, cheapest first
    return ordered[0] if ordered else None


def _model(query, env: Env):
    """The model named, or for "a 70b" a KB shape scaled to that size (respond/fit.sized_model)."""
    from assistant.respond.fit_sizing import sized_model

    ref = getattr(query, "model", None)
    if ref is not None and ref.key:
        return env.reader.model(ref.key)
    size = getattr(query, "params_b", None)
    if not size and (m := _SIZE.search(query.text.lower())):  # a cost / compare reading keeps no size: "a 70b"
        size = float(m.group(1))
    return sized_model(SimpleNamespace(model=None, params_b=size), env)[0] if size else None


def _serve(query, env: Env, model, options: list[Option], low: str):
    from assistant.respond.serving import served_on, tokens_rate, vllm_runs

    users = int(dict(getattr(query, "targets", ()) or ()).get("users", 0)) or ASSUMED_USERS
    ctx = getattr(query, "context_tokens", None) or (LONG_CONTEXT if _LONG.search(low) else None)
    ctx = ctx or memory.default_context(model)
    said = getattr(query, "precision", None) or ((m := _PREC.search(low)) and m.group(1).lower())
    said = "fp16" if said == "bf16" else said if said in ("fp8", "fp16", "int8", "awq") else None
    served = 0
    for o in options:
        # the precision said, else FP8 where vLLM runs it (Ada, Hopper, Blackwell, CDNA 3), else 16-bit
        prec = said or ("fp8" if vllm_runs(o.gpu, "fp8", model) else "fp16")
        o.precision = prec
        s = served_on(o.gpu, model, prec, users, ctx, env, priced=False)
        if s is None or s.total <= 0:
            o.cards, o.amount, o.detail = 0, float("inf"), env.t("pair.cannot_serve")
            continue
        served += 1
        o.cards = s.count
        o.amount = o.rate_usd * s.count / (s.total * 3600) * 1e6
        o.detail = env.t("pair.serve_detail", total=tokens_rate(s.total), each=tokens_rate(s.per_user), prec=prec)
    if not served:
        return None, []
    step = env.t(
        "pair.serve_how",
        users=users,
        users_how=env.t("pair.said" if dict(getattr(query, "targets", ()) or ()).get("users") else "pair.assumed"),
        ctx=f"{ctx:,}",
        prec=env.t("pair.prec_said", prec=said) if said else env.t("pair.prec_each"),
        model=model.name,
    )
    return "serve", [step]


def _job(query, env: Env, model, options: list[Option], low: str):
    from assistant.respond import rates_job

    method = "qlora" if "qlora" in low else "lora" if re.search(r"\blora\b", low) else "full_finetune"
    pretrain = bool(re.search(r"pretrain|from scratch|预训练|从零", low))
    steps: list[str] = []
    for o in options:
        rq = RatesQuery(
            text=query.text,
            gpus=(GpuRef(mention=o.gpu.short_name, name=o.gpu.name, count=o.count),),
            model=ModelRef(mention=model.name, key=model.key) if env.reader.model(model.key) else None,
            params_b=None if env.reader.model(model.key) else model.params_b,
            mode="job",
            method=method,
            pretrain=pretrain,
        )
        n, card_steps, _ = rates_job.cards(rq, env, o.gpu, o.count)
        hours, _, how = rates_job.job_hours(rq, env, o.gpu, n)
        if not hours:
            return None, []
        o.cards, o.amount = n, hours * n * o.rate_usd
        o.detail = env.t("pair.job_detail", hours=f"{hours:,.1f}", n=n)
        steps += [s for s in card_steps + how[1:] if s not in steps]
    return "job", steps


def _images(env: Env, model, options: list[Option]):
    for o in options:
        speed = image_speed.image_speed(o.gpu, model)
        if speed is None or speed.seconds_per_image <= 0:
            return None, []
        per_hour = 3600 / speed.seconds_per_image
        o.cards, o.amount = 1, per_hour / o.rate_usd
        o.detail = env.t("pair.image_detail", per_hour=f"{per_hour:,.0f}", seconds=f"{speed.seconds_per_image:.1f}")
    return "images", [env.t("pair.image_how", model=model.name)]


def _speed(query, env: Env, options: list[Option], low: str):
    from assistant.respond.pricing import perf_workload, score, workload_title

    workload = getattr(query, "workload", None) or ("training" if _TRAIN.search(low) else None)
    key = perf_workload(workload, getattr(query, "precision", None))
    for o in options:
        sp = score(o.gpu, key).score
        if sp <= 0:
            return None, []
        o.cards, o.amount = 1, sp / o.rate_usd
        o.detail = f"{sp:.2f}"
    return "speed", [env.t("pair.speed_how", title=workload_title(env, key))]


def _answer(query, env: Env, options: list[Option], measure: str, steps: list[str], model, low: str) -> Answer:
    lower_is_better = measure in ("serve", "job")
    ranked = sorted(options, key=lambda o: o.amount if lower_is_better else -o.amount)
    best, other = ranked[0], ranked[1]  # the best and the runner-up lead; every option is in the table
    if lower_is_better:
        ratio = other.amount / best.amount if best.amount > 0 else 0.0
    else:
        ratio = best.amount / other.amount if other.amount > 0 else 0.0
    per_unit = env.shown_per_usd(env.currency) or 1.0  # yuan (or euros) per dollar in the answer's currency
    fmt = {
        "serve": lambda o: env.money(o.amount, 2) if o.amount != float("inf") else "—",
        "job": lambda o: env.money(o.amount, 2 if o.amount < 100 else 0),
        "images": lambda o: f"{o.amount / per_unit:,.0f}",  # per unit of the answer's currency, not per dollar
        "speed": lambda o: f"{o.amount / per_unit:.2f}",
    }[measure]

    def label(o: Option) -> str:
        n = o.cards or o.count
        return f"{n} x {o.gpu.short_name}" if n > 1 else o.gpu.short_name

    values = dict(
        best=label(best),
        other=label(other),
        best_amount=fmt(best),
        other_amount=fmt(other),
        ratio=f"{ratio:.1f}" if ratio != float("inf") else "—",
        best_rate=env.money(best.rate_usd, 2),
        other_rate=env.money(other.rate_usd, 2),
        work=model.name if model is not None else "",
    )
    key = f"pair.head_{measure}" if other.amount != float("inf") else "pair.head_only"
    head = env.t(key, **values)
    dearer = max(options, key=lambda o: o.rate_usd)
    if _WORTH.search(low) and dearer.rate_usd > min(o.rate_usd for o in options):
        head = env.t("pair.worth_yes" if dearer is best else "pair.worth_no", dearer=label(dearer)) + " " + head
    table = Table(
        headers=[
            env.t("pair.col_option"),
            env.t("pair.col_rate"),
            env.t("pair.col_output"),
            env.t(f"pair.col_{measure}"),
        ],
        rows=[
            [
                label(o),
                env.money(o.rate_usd, 2) + " " + (env.t("pair.yours") if o.stated else o.where),
                o.detail,
                fmt(o),
            ]
            for o in options
        ],
    )
    if any(not o.stated for o in options):
        steps = steps + [env.t("pair.kb_note")]
    figures = {
        "rented_pair": {
            "measure": measure,
            "best": best.gpu.name,
            "ratio": round(ratio, 2) if ratio != float("inf") else None,
            "options": [
                {
                    "gpu": o.gpu.name,
                    "count": o.cards or o.count,
                    "rate_usd": round(o.rate_usd, 4),
                    "stated": o.stated,
                    "value": round(o.amount, 4) if o.amount != float("inf") else None,
                }
                for o in options
            ],
        }
    }
    return Answer(
        question=query.text,
        intent="rates",
        headline=head,
        gpus=[o.gpu.name for o in options],
        choice=best.gpu.name,
        tables=[table],
        steps=steps,
        figures=figures,
        sources=(env.cite(model.source) if model is not None else []) + ["method: docs/model.md §llm.decode, §cost"],
        lang=env.lang,
    )
