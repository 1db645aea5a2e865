"""Conversation state: the assumptions in force and the context for follow-ups.

Contract: `Dialogue` holds `Assumptions` (electricity price, utilization, ownership years,
budget, new/used, price snapshot, currency) and `Context` (last GPUs, the GPU the last answer
favoured, workload, precision, model, GPU count, the last query, a pending clarification).
`Dialogue.complete(query)` returns the query with pronouns filled and ellipsis merged into the
previous query, or a `Clarification` when a pronoun has nothing to refer to. `remember()`
records what an answered query was about. When settings change (typed alone, or stated in a
follow-up: "and at 25 hours?", "按3年算呢"), `answer_again(settings)` gives the last question to
answer again under them, without the per-question values the new settings replace.
Nothing here computes an answer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from assistant.queries import Clarification, FollowUpQuery, GpuRef, Query, RecommendQuery

DEFAULT_KWH_USD = 0.175
DEFAULT_UTILIZATION = 0.15
DEFAULT_YEARS = 5.0
DEFAULTS = {
    "electricity_usd_per_kwh": DEFAULT_KWH_USD,
    "utilization": DEFAULT_UTILIZATION,
    "years": DEFAULT_YEARS,
    "budget_usd": None,
    "condition": None,
    "snapshot": "current",
    "currency": "USD",
    "cny_per_usd": None,
}


@dataclass
class Assumptions:
    """The assumptions in force in a conversation (defaults, saved ones, changes)."""

    electricity_usd_per_kwh: float = DEFAULT_KWH_USD
    utilization: float = DEFAULT_UTILIZATION
    years: float = DEFAULT_YEARS
    budget_usd: float | None = None
    condition: str | None = None  # new | used | None (either)
    snapshot: str = "current"
    currency: str = "USD"
    cny_per_usd: float | None = None  # None: the dated rate in knowledge/
    changed: set[str] = field(default_factory=set)  # keys the user set
    # (GPU, new|used) -> USD stated in this conversation; saved prices live in the database
    prices: dict[tuple[str, str], float] = field(default_factory=dict)
    unconfirmed: tuple = ()  # price settings refused as implausible, applied on "yes, really"

    def set(self, key: str, value) -> None:
        if not hasattr(self, key) or key == "changed":
            raise KeyError(key)
        setattr(self, key, value)
        self.changed.add(key)

    def reset(self) -> None:
        for key, value in DEFAULTS.items():
            setattr(self, key, value)
        self.changed.clear()
        self.prices.clear()
        self.unconfirmed = ()

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in DEFAULTS}


@dataclass
class Context:
    """What a conversation has talked about, for follow-ups and pronouns."""

    gpus: list[str] = field(default_factory=list)
    focus: str | None = None  # the GPU the last answer favoured
    focus_count: int = 1  # how many of it the last answer picked ("2 x RTX 3090")
    workload: str | None = None
    precision: str | None = None
    model: str | None = None
    gpu_count: int | None = None
    last_query: Query | None = None
    pending: Clarification | None = None
    recent: list[str] = field(default_factory=list)  # the last GPUs talked about, oldest first (at most 4)
    counts: dict[str, int] = field(default_factory=dict)  # how many of each the last answer was about ("2 x 3060")
    history: list[Query] = field(default_factory=list)  # the last questions answered, oldest first (at most 3)


class NothingToReferTo(Exception):
    pass


class NoSuchVariant(Exception):
    pass


class NoSecondGpu(Exception):
    pass


_FOLLOWUP_FIELDS = (
    "workload",
    "precision",
    "gpu_count",
    "model",
    "context_tokens",
    "budget_usd",
    "budget_currency",
    "min_memory_gb",
    "mode",
    "organization",
    "period",
)

# answers where "it" / "them" means the set talked about, with its count ("and the power bill if i run it")
COUNTED = ("cost", "rent_or_buy", "rates", "fit", "compare", "rig", "spec")
_PRICED = ("spec", "cost", "rent_or_buy", "compare", "recommend")
_RUNNING = ("cost", "rent_or_buy", "compare", "recommend")
# which answers a setting changes (they are answered again when it changes) ...
AFFECTS = {
    "electricity_usd_per_kwh": _RUNNING,
    "utilization": _RUNNING,
    "years": _RUNNING,
    "budget_usd": ("recommend",),
    "snapshot": _PRICED,
    "condition": _PRICED,
    "currency": _PRICED,
    "cny_per_usd": _PRICED,
    "price_override": _PRICED,
    "reset": _PRICED,
}
# ... and the fields of a query that a setting replaces (a value typed in the question itself)
REPLACES = {
    "electricity_usd_per_kwh": ("electricity_usd_per_kwh", "electricity_currency"),
    "utilization": ("hours_per_week", "utilization"),
    "years": ("years", "months"),
    "budget_usd": ("budget_usd", "budget_currency"),
}


def _details(follow: FollowUpQuery) -> bool:
    """The follow-up names a detail a recommendation can take ("for llms?", "with at least 16gb")."""
    keys = ("workload", "budget_usd", "min_memory_gb", "organization", "precision")
    return any(getattr(follow, k) is not None for k in keys) and not follow.gpus and follow.model is None


def _only_settings(follow: FollowUpQuery) -> bool:
    """The follow-up only changes settings ("what about used?", "and at 0.30 a kwh?"): nothing else asked."""
    asked = (follow.gpus, follow.ask, follow.want_speed, follow.vendor, follow.providers, follow.fields, follow.period)
    return (
        bool(follow.settings)
        and not any(asked)
        and follow.amount is None
        and all(getattr(follow, k) is None for k in _FOLLOWUP_FIELDS)
    )


def gpus_of(query: Query) -> tuple[GpuRef, ...]:
    """The GPUs a query names (a query without a gpus slot names none)."""
    return tuple(getattr(query, "gpus", ()))


def without_replaced(query: Query, settings) -> Query:
    """`query` without the per-question values that `settings` replace (they come from the assumptions now)."""
    names = {f.name for f in dataclasses.fields(query)}
    cleared: dict[str, Any] = {f: None for s in settings for f in REPLACES.get(s.key, ()) if f in names}
    return dataclasses.replace(query, **cleared) if cleared else query


class Dialogue:
    def __init__(self, assumptions: Assumptions | None = None, variant_of=None, memory_of=None):
        self.assumptions = assumptions or Assumptions()
        self.context = Context()
        # (GPU name, "ti" | "laptop" | "16gb" ...) -> the sibling product's name, or None
        self.variant_of = variant_of
        # GPU name -> its memory in GB, or None ("anything with more vram?")
        self.memory_of = memory_of

    # pronouns ----------------------------------------------------------------------------------
    def _refer(self, ref: GpuRef, counted: bool = False) -> list[GpuRef]:
        """The GPUs a pronoun stands for; with `counted`, a count the question left open is the count the
        conversation had for each ("the power bill if i run it" after "two 3060s": both)."""
        ctx = self.context
        if not ctx.gpus:
            raise NothingToReferTo(ref.mention)
        focus = ctx.focus if ctx.focus in ctx.gpus else ctx.gpus[0]
        if ref.pronoun == "variant":
            base = ctx.gpus[-1]
            name = self.variant_of(base, ref.mention) if self.variant_of else None
            if name is None:
                raise NoSuchVariant(ref.mention, base)
            return [GpuRef(mention=ref.mention, name=name, count=ref.count, condition=ref.condition)]
        if ref.pronoun in ("them", "both", "all", "implicit"):  # "specs of the 4090", "and the 3090?", "compare them"
            names = list(ctx.gpus) if len(ctx.gpus) > 1 else ctx.recent[-2:] or list(ctx.gpus)
        elif ref.pronoun == "other":
            others = [g for g in ctx.gpus if g != focus]
            names = [others[0] if others else focus]
        elif ref.pronoun == "first":
            names = [ctx.gpus[0]]
        elif ref.pronoun == "second":
            names = [ctx.gpus[1] if len(ctx.gpus) > 1 else ctx.gpus[0]]
        elif ref.pronoun == "last":
            names = [ctx.gpus[-1]]
        else:
            names = [focus]
        return [
            GpuRef(
                mention=ref.mention,
                name=n,
                count=ctx.counts.get(n, ref.count) if counted and ref.count_open else ref.count,
                condition=ref.condition,
            )
            for n in names
        ]

    def _fill(self, refs: tuple[GpuRef, ...], counted: bool = False) -> tuple[GpuRef, ...]:
        out: list[GpuRef] = []
        for ref in refs:
            if ref.pronoun == "context":  # "why not the 4060 ti?": the GPU the conversation is about
                named = {r.name for r in out}
                others = [g for g in [self.context.focus, *self.context.gpus] if g and g not in named]
                if not others:
                    raise NoSecondGpu(out[0].name if out else "")
                out.append(GpuRef(mention=ref.mention, name=others[0]))
                continue
            out.extend(self._refer(ref, counted) if ref.pronoun else [ref])
        return tuple(out)

    # follow-ups --------------------------------------------------------------------------------
    def _merge(self, follow: FollowUpQuery) -> Query:
        base = self.context.last_query
        if follow.want_speed:
            return self._speed_of_last(base, follow)
        if (follow.want_time or follow.tokens or follow.hours_total) and not follow.gpus:
            return self._time_of_last(base, follow)
        if follow.gpus and isinstance(base, RecommendQuery) and base.intent == "recommend" and base.model is not None:
            from assistant.queries import FitQuery  # "what about the 3090?" after "best gpu for llama 3 70b"

            return FitQuery(
                text=follow.text,
                model=base.model,
                gpus=self._fill(follow.gpus, counted=True),
                gpu_count=follow.gpu_count,
                precision=follow.precision or base.precision,
                settings=follow.settings,
            )
        if follow.gpus and (base is None or "gpus" not in {f.name for f in dataclasses.fields(base)}):
            from assistant.queries import SpecQuery

            return SpecQuery(text=follow.text, gpus=self._fill(follow.gpus))
        if follow.providers and not follow.gpus:
            return self._at_providers(base, follow)
        if follow.ask or (follow.vendor and not follow.gpus):
            return self._about_last(base, follow)
        if base is None and _details(follow):
            return self._about_last(None, follow)  # "for llms?" with nothing before it: a recommendation
        if base is None and follow.settings:
            from assistant.queries import SetQuery  # "按3年算呢" with nothing before it: a setting

            return SetQuery(text=follow.text, settings=follow.settings)
        if base is None:
            raise NothingToReferTo(follow.text)
        if follow.of_them and base.intent == "recommend" and self.context.focus and (follow.gpu_count or 0) > 1:
            return self._more_of_the_pick(base, follow)
        if _only_settings(follow) and not any(base.intent in AFFECTS.get(s.key, ()) for s in follow.settings):
            base = self._latest_affected(follow.settings) or base  # "what about used?" after the speed of a pick
        if follow.amount is not None:
            follow = self._amount_as_field(base, follow)
        if follow.period:
            base = self._per_period(base)
        changes: dict = {"text": follow.text, "settings": follow.settings}
        base = without_replaced(base, follow.settings)
        names = {f.name for f in dataclasses.fields(base)}
        if follow.fields and base.intent != "spec" and not follow.gpus and self.context.gpus:
            from assistant.queries import SpecQuery  # "and its power?" after a comparison: the specs asked

            return SpecQuery(
                text=follow.text,
                gpus=tuple(GpuRef(mention="", name=g) for g in self.context.gpus[:4]),
                fields=follow.fields,
            )
        if follow.fields and "fields" in names:
            changes["fields"] = follow.fields
        for key in _FOLLOWUP_FIELDS:
            value = getattr(follow, key)
            if value is not None and key in names:
                changes[key] = value
        if _details(follow) and not any(getattr(follow, k) is not None for k in _FOLLOWUP_FIELDS if k in names):
            return self._about_last(None, follow)  # "for llms?" after a spec sheet: nothing to change there
        if follow.gpus and "gpus" in names:
            changes["gpus"] = self._merged_gpus(base, follow)
        elif follow.gpu_count and "gpus" in names and base.intent != "fit":
            changes["gpus"] = tuple(dataclasses.replace(g, count=follow.gpu_count) for g in gpus_of(base))
        return dataclasses.replace(base, **changes)

    def _time_of_last(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "how long would 50m tokens take" after a fine-tuning fit (its training time on that data) or a cloud
        job (the job on that data); "the job is about 120 hours total, what does that come to" after cloud rates
        (the rent for those hours)."""
        from assistant.queries import FitQuery, RatesQuery

        if isinstance(base, RatesQuery) and follow.hours_total:
            mode = "rent" if base.mode == "rates" else base.mode  # rates for those hours: a rental
            return dataclasses.replace(
                base, text=follow.text, settings=follow.settings, mode=mode, hours=follow.hours_total, period=None
            )
        if isinstance(base, RatesQuery) and base.mode == "job":
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, tokens=follow.tokens)
        if isinstance(base, FitQuery):
            mode = base.mode if base.mode != "inference" else "lora"  # a training time is asked: LoRA unless said
            return dataclasses.replace(
                base,
                text=follow.text,
                settings=follow.settings,
                want_time=True,
                tokens=follow.tokens or base.tokens,
                mode=mode,
            )
        raise NothingToReferTo(follow.text)

    def _more_of_the_pick(self, base: Query, follow: FollowUpQuery) -> Query:
        """ "and for two of them?" after a recommendation: N of the GPU it picked against one, for its workload
        or model (what the extra cards add: memory, speed, price)."""
        from assistant.queries import CompareQuery

        focus = self.context.focus or ""
        return CompareQuery(
            text=follow.text,
            gpus=(
                GpuRef(mention=focus, name=focus, count=follow.gpu_count or 2),
                GpuRef(mention=focus, name=focus, count=1),
            ),
            workload=getattr(base, "workload", None),
            model=getattr(base, "model", None),
            settings=follow.settings,
        )

    def _per_period(self, base: Query) -> Query:
        """ "and per month?", "for a week?": the last cost or rental, for that period; after another answer
        about GPUs, what owning them (or renting, after a rent-or-buy answer) costs per period."""
        from assistant.queries import CostQuery, RatesQuery, RentOrBuyQuery

        if isinstance(base, CostQuery):
            return base
        if isinstance(base, RatesQuery):
            return dataclasses.replace(base, mode="rent" if base.mode == "rates" else base.mode, hours=None)
        gpus = tuple(g for g in getattr(base, "gpus", ()) if g.name) or self._focus_refs()
        if not gpus:
            raise NothingToReferTo(base.text)
        if isinstance(base, RentOrBuyQuery):
            return RatesQuery(text=base.text, gpus=gpus, mode="rent", provider=base.provider)
        return CostQuery(text=base.text, gpus=gpus, kind="tco")

    def _amount_as_field(self, base: Query, follow: FollowUpQuery) -> FollowUpQuery:
        """A bare number after a question ("and if i only had 800?", "and with 4?"): a GPU count when
        small and the last question has one, a budget after a recommendation; else the dialogue asks."""
        v = follow.amount
        names = {f.name for f in dataclasses.fields(base)}
        if v is not None and float(v).is_integer() and 1 <= v <= 16 and ("gpu_count" in names or "gpus" in names):
            return dataclasses.replace(follow, amount=None, gpu_count=int(v))
        if v is not None and v >= 50 and "budget_usd" in names:
            from assistant.queries import Setting  # a budget said in passing is kept, as "my budget is 800"

            budget = Setting("budget_usd", float(v), currency=getattr(base, "budget_currency", None))
            return dataclasses.replace(follow, amount=None, settings=(*follow.settings, budget))
        raise NothingToReferTo(f"{v:g}" if isinstance(v, float) else str(v))

    def _speed_of_last(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "how fast?", "tokens per sec?" after an answer: the model's speed after a fit (or after a
        recommendation for a model, on the GPU it favoured), the speed aspect after a comparison, else
        the speed figures of the GPUs talked about."""
        from assistant.queries import CompareQuery, FitQuery, RecommendQuery, SpecQuery

        ctx = self.context
        if isinstance(base, FitQuery):
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, want_speed=True)
        if isinstance(base, CompareQuery):
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, aspect="speed")
        focus = ctx.focus or (ctx.gpus[0] if ctx.gpus else None)
        if isinstance(base, RecommendQuery) and base.model is not None and focus:
            return FitQuery(
                text=follow.text,
                model=base.model,
                gpus=(GpuRef(mention=focus, name=focus, count=ctx.counts.get(focus, ctx.focus_count)),),
                precision=base.precision,
                want_speed=True,
                settings=follow.settings,
            )
        if not ctx.gpus:
            raise NothingToReferTo(follow.text)
        return SpecQuery(
            text=follow.text, gpus=tuple(GpuRef(mention="", name=g) for g in ctx.gpus[:4]), fields=("speed",)
        )

    def _about_last(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "why?" (the last question again; the engine leads with the reasons), "anything
        cheaper?" (a recommendation below the GPU the last answer favoured), "with amd too" (the
        last recommendation with that vendor added, or a recommendation for it)."""
        from assistant.queries import RecommendQuery

        ctx = self.context
        if follow.ask == "why":
            if base is None:
                raise NothingToReferTo(follow.text)
            return dataclasses.replace(base, text=follow.text)
        if follow.ask in ("rates", "rent_or_buy"):
            return self._cloud_of_last(base, follow)
        if follow.ask == "worth":
            return self._worth_of_last(base, follow)
        cheaper_rental = self._cheaper_rental(base, follow)
        if cheaper_rental is not None:
            return cheaper_rental
        rec = base if isinstance(base, RecommendQuery) else None
        if rec is None:
            from assistant.queries import ModelRef

            rec = RecommendQuery(
                text=follow.text,
                workload=follow.workload or ctx.workload,
                precision=follow.precision or ctx.precision,
                gpu_count=follow.gpu_count or 1,
                # "cheaper option?" after a cost of the 70B pick: still for that model
                model=ModelRef(mention=ctx.model, key=ctx.model) if ctx.model and not follow.workload else None,
            )
        changes: dict = {"text": follow.text, "settings": follow.settings}
        for key in ("workload", "precision", "budget_usd", "budget_currency", "min_memory_gb", "organization"):
            if getattr(follow, key) is not None:
                changes[key] = getattr(follow, key)
        if follow.ask == "more_memory":
            changes["min_memory_gb"] = self._more_memory_than(ctx.focus or (ctx.gpus[0] if ctx.gpus else None))
        if follow.ask == "cheaper":
            focus = ctx.focus or (ctx.gpus[0] if ctx.gpus else None)
            if focus is None and base is None:
                changes["sort"] = "price"  # "cheaper gpu for stable diffusion" with nothing before: the cheapest
            changes["cheaper_than"] = focus
            changes["cheaper_than_count"] = ctx.focus_count if focus == ctx.focus else 1
        if follow.vendor:
            before = (rec.vendor or "nvidia").split(",") if follow.also else []
            changes["vendor"] = ",".join(dict.fromkeys([*before, follow.vendor]))
        return dataclasses.replace(rec, **changes)

    def _cheaper_rental(self, base: Query | None, follow: FollowUpQuery) -> Query | None:
        """ "便宜点的？" / "anything cheaper?" after cloud rates: the cheapest rentals with at least the memory of
        the GPU just priced (cheaper cards to rent, not a purchase ranking); None otherwise."""
        from assistant.queries import RatesQuery

        if follow.ask != "cheaper" or not isinstance(base, RatesQuery) or base.mode not in ("rates", "rent"):
            return None
        focus = self.context.focus or (self.context.gpus[0] if self.context.gpus else None)
        memory = self.memory_of(focus) if focus and self.memory_of else None
        if not memory:
            return None
        return RatesQuery(
            text=follow.text, provider=base.provider, mode="by_memory", min_memory_gb=memory, settings=follow.settings
        )

    def _worth_of_last(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "is the upgrade worth it?", "worth the extra?": after a comparison, yes / no on the dearer of the
        two; after an answer about one GPU, whether that GPU is worth it."""
        from assistant.queries import CompareQuery, VerdictQuery

        workload = follow.workload or getattr(base, "workload", None) or self.context.workload
        if isinstance(base, CompareQuery):
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, worth=True, workload=workload)
        focus = self.context.focus or (self.context.gpus[0] if self.context.gpus else None)
        if focus is None:
            raise NothingToReferTo(follow.text)
        gpu = GpuRef(mention=focus, name=focus)
        return VerdictQuery(text=follow.text, gpus=(gpu,), kind="worth", workload=workload, settings=follow.settings)

    def _cloud_of_last(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "which provider is cheapest" (the cloud prices of the GPUs just talked about) and "vs buying?"
        (renting them weighed against buying), with the counts the last question had."""
        from assistant.queries import RatesQuery, RentOrBuyQuery

        gpus = tuple(g for g in getattr(base, "gpus", ()) if g.name) or self._focus_refs()
        if not gpus:
            raise NothingToReferTo(follow.text)
        if follow.gpu_count:  # "vs buying one?" after 4 x H100 rates
            gpus = tuple(dataclasses.replace(g, count=follow.gpu_count) for g in gpus)
        if follow.ask == "rates":
            if isinstance(base, RatesQuery):  # every provider, cheapest first (not only the one named before)
                return dataclasses.replace(base, text=follow.text, settings=follow.settings, provider=None)
            return RatesQuery(text=follow.text, gpus=gpus, settings=follow.settings)
        own = follow.own_platform or (isinstance(base, RentOrBuyQuery) and base.own_platform)
        if (
            isinstance(base, RentOrBuyQuery) and not follow.gpu_count
        ):  # "what if i already have a pc": the same weighing
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, own_platform=own)
        provider = base.provider if isinstance(base, RatesQuery) else None  # "vs buying?" after rates at vast.ai
        return RentOrBuyQuery(
            text=follow.text, gpus=gpus, settings=follow.settings, own_platform=own, provider=provider
        )

    def _at_providers(self, base: Query | None, follow: FollowUpQuery) -> Query:
        """ "and on lambda?", "runpod vs coreweave?" after an answer about GPUs: their rates at those clouds
        (the last rental with its hours and counts; after renting weighed against buying, at that cloud)."""
        from assistant.queries import RatesQuery, RentOrBuyQuery

        keys = follow.providers
        several = keys if len(keys) > 1 else ()
        if isinstance(base, RatesQuery):
            return dataclasses.replace(
                base, text=follow.text, settings=follow.settings, provider=keys[0], providers=several
            )
        if isinstance(base, RentOrBuyQuery) and not several:
            return dataclasses.replace(base, text=follow.text, settings=follow.settings, provider=keys[0])
        gpus = tuple(g for g in getattr(base, "gpus", ()) if g.name)[:1] or self._focus_refs()
        return RatesQuery(text=follow.text, gpus=gpus, provider=keys[0], providers=several, settings=follow.settings)

    def _focus_refs(self) -> tuple[GpuRef, ...]:
        """The GPU the last answer favoured, as many as it picked ("2 x RTX 3090"); () when there is none."""
        focus = self.context.focus or (self.context.gpus[0] if self.context.gpus else None)
        if focus is None:
            return ()
        return (GpuRef(mention=focus, name=focus, count=self.context.counts.get(focus, self.context.focus_count)),)

    def _more_memory_than(self, gpu: str | None) -> float | None:
        """The next memory size up from the GPU the last answer favoured (None: nothing to compare with)."""
        from assistant.specs import next_memory_size

        return next_memory_size(self.memory_of(gpu) if gpu and self.memory_of else None)

    def _merged_gpus(self, base: Query, follow: FollowUpQuery) -> tuple[GpuRef, ...]:
        new = self._fill(follow.gpus)
        old = gpus_of(base)
        if follow.gpu_count is None and len(old) == len(new) == 1 and old[0].count > 1 and new[0].count == 1:
            new = (dataclasses.replace(new[0], count=old[0].count),)  # "and on a100s?" after 8 x H100: still 8
        if follow.replace and old:
            return old[:-1] + new
        if base.intent == "compare":
            kept = tuple(g for g in old if g.name not in {n.name for n in new})
            return (kept + new)[-4:]
        return new

    def _among_compared(self, query: Query) -> Query:
        """ "which one should I buy?" right after a comparison: a question about those GPUs, not
        a recommendation from the whole market (an unconstrained recommendation is read so)."""
        from assistant.queries import CompareQuery, RecommendQuery

        last = self.context.last_query
        if not (isinstance(query, RecommendQuery) and isinstance(last, CompareQuery)):
            return query
        constrained = (
            query.budget_usd,
            query.model,
            query.params_b,
            query.min_memory_gb,
            query.vendor,
            query.organization,
            query.sort,
            query.max_power_w,
            query.budget_currency,
            query.model_family,
        )
        if any(v is not None for v in constrained) or query.gpu_count > 1:
            return query
        return CompareQuery(
            text=query.text,
            gpus=last.gpus,
            workload=query.workload or last.workload,
            precision=query.precision or last.precision,
        )

    def _worth_among_compared(self, query: Query) -> Query:
        """ "is it worth paying more for the 4090?" right after comparing it: the comparison with its verdict."""
        from assistant.queries import CompareQuery, VerdictQuery

        last = self.context.last_query
        if not (isinstance(query, VerdictQuery) and query.kind == "worth" and isinstance(last, CompareQuery)):
            return query
        compared = {g.name for g in last.gpus}
        if not all(g.name in compared or g.pronoun in ("it", "that", "this") for g in query.gpus):
            return query
        return dataclasses.replace(
            last, text=query.text, settings=query.settings, worth=True, workload=query.workload or last.workload
        )

    def _model_of_context(self, query: Query) -> Query:
        """The model the conversation is about, where the question leaves it out: "why not the 4090?" after
        "best gpu for qwen2.5 32b" compares the two on that model; "how fast for llama 3 8b?" after a
        comparison or an answer about one GPU is that model's speed on those GPUs."""
        from assistant.queries import CompareQuery, FitQuery

        last = self.context.last_query
        if isinstance(query, CompareQuery) and any(g.pronoun == "context" for g in query.gpus):
            model = getattr(last, "model", None)
            if model is not None and query.model is None and query.params_b is None and query.workload is None:
                return dataclasses.replace(
                    query,
                    model=model,
                    precision=query.precision or getattr(last, "precision", None),
                    workload=getattr(last, "workload", None) or self.context.workload,
                )
            return query
        if isinstance(query, FitQuery) and query.memory_gb and not (query.model or query.workload or query.params_b):
            model = getattr(last, "model", None)  # "is 12gb enough tho" after "best gpu for sdxl training"
            mode = getattr(last, "mode", None) or ("lora" if self.context.workload == "training" and model else None)
            workload = None if model else self.context.workload
            return dataclasses.replace(query, model=model, workload=workload, mode=mode or query.mode)
        if not (isinstance(query, FitQuery) and query.want_speed and query.model and not query.gpus):
            return query
        if query.memory_gb or query.params_b or not self.context.gpus:
            return query
        if isinstance(last, CompareQuery):
            return CompareQuery(
                text=query.text,
                gpus=last.gpus,
                model=query.model,
                precision=query.precision,
                aspect="speed",
                settings=query.settings,
            )
        focus = self.context.focus or self.context.gpus[0]
        return dataclasses.replace(query, gpus=(GpuRef(mention=focus, name=focus, count=self.context.focus_count),))

    def _cost_of_context(self, query: Query) -> Query:
        """ "including electricity?", "tco?", "算上电费呢" with no GPU named: the cost of the GPUs the last answer
        was about (with their counts), or of the one it favoured."""
        from assistant.queries import CostQuery

        if not isinstance(query, CostQuery) or query.gpus or query.kind == "training_run" or query.model:
            return query
        last = self.context.last_query
        counts = self.context.counts
        gpus = tuple(
            dataclasses.replace(g, count=max(g.count, counts.get(g.name, 1)))
            for g in getattr(last, "gpus", ())
            if g.name
        )
        if not gpus and self.context.focus:
            gpus = (GpuRef(mention=self.context.focus, name=self.context.focus, count=self.context.focus_count),)
        return dataclasses.replace(query, gpus=gpus) if gpus else query

    def _which_without_context(self, query: Query) -> Query:
        """ "which is faster for inference?" with no GPUs talked about yet: a recommendation for that
        workload, not a comparison of nothing (without a workload the dialogue asks which GPUs)."""
        from assistant.queries import CompareQuery, RecommendQuery

        if isinstance(query, CompareQuery) and [g.pronoun for g in query.gpus] == ["implicit"] and self.context.gpus:
            if query.workload is None and query.model is None:  # "ok so which would you pick": for what it was about
                model = getattr(self.context.last_query, "model", None)
                return dataclasses.replace(
                    query,
                    workload=self.context.workload,
                    precision=query.precision or self.context.precision,
                    model=model,
                )
            return query
        if not isinstance(query, CompareQuery) or not query.workload or self.context.gpus or self.context.recent:
            return query
        if [g.pronoun for g in query.gpus] != ["implicit"]:
            return query
        return RecommendQuery(
            text=query.text, workload=query.workload, precision=query.precision, settings=query.settings
        )

    def _speed_of_fit(self, query: Query) -> Query:
        """ "how fast would it be?" right after "will llama 3 70b fit on two 3090s?" (or "how many seconds per
        image on that?" after a pick for a model): the model's speed on those GPUs, not the GPU's training speed."""
        from assistant.queries import CompareQuery, FitQuery, RecommendQuery, SpecQuery

        last = self.context.last_query
        if not (isinstance(query, SpecQuery) and query.fields == ("speed",) and getattr(last, "model", None)):
            return query
        if any(g.pronoun is None for g in query.gpus):
            return query  # "how fast is the 4090?" names its own GPU
        if not isinstance(last, (FitQuery, RecommendQuery, CompareQuery)):
            return query
        # "how many seconds per image on that?" after a pick for sdxl: the model's speed on the pick
        return self._speed_of_last(last, FollowUpQuery(text=query.text, want_speed=True, settings=query.settings))

    def answer_again(self, settings) -> Query | None:
        """The last question `settings` change the answer of, to be answered again under them: the last one, or
        one of the two before it when the last answer does not depend on them ("what about used?" after a pick
        and the speed of the pick: the pick again, ranked on used prices)."""
        last = self._latest_affected(settings)
        return None if last is None else without_replaced(last, settings)

    def _latest_affected(self, settings) -> Query | None:
        """The latest of the recent questions whose answer `settings` change (None: none of them)."""
        recent = [*self.context.history, self.context.last_query]
        for q in reversed(recent):
            if q is not None and any(q.intent in AFFECTS.get(s.key, ()) for s in settings):
                return q
        return None

    def answer_again_as_is(self) -> Query | None:
        """The last question, to answer again under whatever the assumptions are now (its own
        per-question values that settings replace give way to the assumptions)."""
        last = self.context.last_query
        if last is None:
            return None
        from assistant.queries import Setting

        return without_replaced(last, [Setting(key, None) for key in REPLACES])

    def complete(self, query: Query, lang: str = "en") -> Query | Clarification:
        from assistant import i18n

        query = self._speed_of_fit(self._among_compared(self._which_without_context(query)))
        query = self._model_of_context(self._cost_of_context(self._worth_among_compared(query)))
        try:
            if isinstance(query, FollowUpQuery):
                query = self._merge(query)
            if hasattr(query, "gpus"):
                named: Any = query  # a query with a gpus slot (checked)
                query = dataclasses.replace(named, gpus=self._fill(named.gpus, query.intent in COUNTED))
        except NoSecondGpu as exc:
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.which_second", gpu=str(exc) or "GPU"),
            )
        except NoSuchVariant as exc:
            mention, base = exc.args
            return Clarification(
                kind="unknown_gpu",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.no_variant", mention=mention, base=base),
            )
        except NothingToReferTo as exc:
            return Clarification(
                kind="missing",
                text=query.text,
                intent=query.intent,
                message=i18n.t(lang, "dialogue.no_referent", mention=str(exc)),
            )
        return query

    def remember(
        self,
        query: Query,
        gpus: list[str],
        choice: str | None,
        workload: str | None = None,
        precision: str | None = None,
        choice_count: int | None = None,
    ) -> None:
        ctx = self.context
        ctx.focus_count = choice_count or 1 if choice else 1
        ctx.pending = None
        if query.intent == "explain":
            ctx.last_query = query  # "why?" / "为什么" after a concept: that concept, not an answer before it
            return
        if query.intent in ("set", "help"):
            return  # "and the 3090?" after "electricity is 0.30" still continues the question before it
        ctx.last_query = query
        ctx.history = [q for q in ctx.history if q is not query][-2:] + [query]
        if gpus:
            ctx.gpus = list(gpus)
            ctx.recent = ([g for g in ctx.recent if g not in gpus] + list(gpus))[-4:]
        # after a comparison "it" is the first GPU named and "the other" the second; otherwise the favoured one
        ctx.focus = (
            (gpus[0] if gpus else ctx.focus)
            if query.intent == "compare"
            else choice or (gpus[0] if gpus else ctx.focus)
        )
        if choice and choice not in ctx.gpus:
            ctx.gpus = [choice, *ctx.gpus]
        if gpus or choice:
            asked = {g.name: g.count for g in getattr(query, "gpus", ()) if g.name}
            count = getattr(query, "gpu_count", None)
            if len(asked) == 1 and count and count > 1:  # "两张呢" after a fit on one 3090: two of it now
                asked = {name: max(n, count) for name, n in asked.items()}
            ctx.counts = {g: asked.get(g, 1) for g in ctx.gpus}
            if choice and choice_count:
                ctx.counts[choice] = choice_count  # the pick of a ranking: "2 x RTX 3090"
            ctx.focus_count = ctx.counts.get(ctx.focus or "", ctx.focus_count)
        ctx.workload = workload or ctx.workload
        ctx.precision = precision or ctx.precision
        model = getattr(query, "model", None)
        if model is not None:
            ctx.model = model.key
        count = getattr(query, "gpu_count", None)
        if count:
            ctx.gpu_count = count
