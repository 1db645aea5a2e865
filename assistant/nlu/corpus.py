"""The question corpora (tests/nlu/*.toml): loading, case ids and checking (tests and scripts/nlu_report.py).

Contract:
- `FILES` maps a language ("en" | "zh") to its corpus files in tests/nlu/; `load(path)` -> `Corpus`
  (GPU labels, future names, strictness, cases in file order, each with a stable readable `id`).
- `check(case, result, corpus, index)` -> list of mismatch strings, empty when the case passes.
  Only the fields a case names are compared; a `strict` corpus also fails on GPUs and models that
  the case does not name (a number read as a GPU, a word read as a model).
- Names the knowledge base does not hold (yet) are listed in a corpus's `[future_gpu]` /
  `[future_model]` tables. While the KB lacks them, a case naming one passes only if the question
  says it was not recognized (an unknown_* clarification, or a query whose `unrecognized` lists it)
  and resolves no other GPU or model in its place; once the KB holds them, they must resolve.
- `failure_kind(case, problems)` names the kind of a failure (for xfail reasons and the report).
"""

from __future__ import annotations

import math
import re
import tomllib
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from assistant.queries import Clarification

FILES = {
    "en": ("cases.toml", "forum_en.toml"),
    "zh": ("cases_zh.toml", "forum_zh.toml"),
}
_UNKNOWN_KINDS = ("unknown_gpu", "unknown_model")
_TOLERANCE = {"context": 0.025}  # "32k" context: 32,000 or 32,768 tokens are both fine

# expectation key -> query attribute (None: handled specially)
_SCALARS = {
    "model": None,
    "workload": "workload",
    "precision": "precision",
    "budget": "budget_usd",
    "premise": "premise",
    "aspect": "aspect",
    "mode": "mode",
    "want_speed": "want_speed",
    "context": "context_tokens",
    "gpu_count": "gpu_count",
    "params_b": "params_b",
    "tokens": "tokens",
    "kind": "kind",
    "hours_per_week": "hours_per_week",
    "years": "years",
    "months": "months",
    "concept": "concept",
    "replace": "replace",
    "min_memory": "min_memory_gb",
    "condition": "condition",
    "vendor": "vendor",
    "utilization": "utilization",
    "cloud": "cloud",
    "organization": "organization",
    "sort": "sort",
    "memory_gb": "memory_gb",
    "electricity": "electricity_usd_per_kwh",
    "currency": None,
    "family": "model_family",
    "snapshot": "snapshot",
    "period": "period",
    "top_n": "top_n",
    "provider": "provider",
    "display_currency": "display_currency",
    "batch": "batch",
    "feature": "feature",
    "ask": "ask",
    "providers": "providers",
    "worth": "worth",
    "offer": "offer",
    "released": "released",
    "resolution": "resolution",
    "asked": "asked",
    "want_time": "want_time",
    "samples": "samples",
    "sample_tokens": "sample_tokens",
    "epochs": "epochs",
    "job_open": "job_open",
    "psu": "psu_w",
}
# targets a question states (Query.targets): corpus key -> target kind
_TARGETS = {"users": "users", "speed_target": "speed", "power_limit": "power_limit"}
# a value the user typed inside a question may live on the query or in its `settings` (as a Setting)
_SETTING_KEYS = {
    "electricity_usd_per_kwh": "electricity_usd_per_kwh",
    "years": "years",
    "budget_usd": "budget_usd",
    "condition": "condition",
    "utilization": "utilization",
    "snapshot": "snapshot",
    "hours_per_week": "hours_per_week",
    "period": "period",
    "display_currency": "currency",
}
_OTHER_KEYS = {
    "q",
    "intent",
    "clarify",
    "gpus",
    "counts",
    "assumed",
    "candidates",
    "fields",
    "settings",
    "unknown",
    "xfail",
    "note",
}
KNOWN_KEYS = frozenset(_SCALARS) | _OTHER_KEYS | frozenset(_TARGETS)
_SETTING_PROBLEMS = (  # a failure naming one of these dropped a setting typed inside the question
    "electricity",
    "years",
    "hours_per_week",
    "snapshot",
    "period",
    "budget",
    "currency",
    "utilization",
    "months",
    "condition",
    "settings",
)


@dataclass(frozen=True)
class Case:
    id: str
    group: str
    data: dict

    @property
    def q(self) -> str:
        return self.data["q"]

    @property
    def xfail(self) -> str | None:
        return self.data.get("xfail")


@dataclass(repr=False)
class Corpus:
    path: Path
    labels: dict[str, str]
    future_gpus: dict[str, str] = field(default_factory=dict)  # label -> name the KB may gain
    future_models: dict[str, str] = field(default_factory=dict)  # key -> display name
    strict: bool = False
    cases: list[Case] = field(default_factory=list)

    def __repr__(self) -> str:  # a failing case shows its arguments: the file, not all of its cases
        return f"Corpus({self.path.name}, {len(self.cases)} cases)"

    def name(self, label: str) -> str:
        if label.startswith("@") or label == "?":
            return label
        return self.labels.get(label) or self.future_gpus.get(label) or label


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "_".join(words)[:48].strip("_")


def case_id(prefix: str, group: str, q: str, seen: set[str]) -> str:
    """`en-spec-how_fast_is_the_4090`; a hash suffix when the question has non-ASCII text or repeats."""
    base = f"{prefix}-{group}-{_slug(q) or 'q'}"
    if not q.isascii() or base in seen:
        base += f"-{zlib.crc32(q.encode()):08x}"[:7]
    while base in seen:
        base += "x"
    seen.add(base)
    return base


def load(path: Path) -> Corpus:
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    corpus = Corpus(
        path=path,
        labels=doc.pop("gpu", {}),
        future_gpus=doc.pop("future_gpu", {}),
        future_models=doc.pop("future_model", {}),
        strict=bool(doc.pop("strict", False)),
    )
    prefix = path.stem
    seen: set[str] = set()
    for group, blocks in doc.items():
        for block in blocks:
            for data in block.get("cases", []):
                corpus.cases.append(Case(case_id(prefix, group, data["q"], seen), group, data))
    return corpus


def _same(a, b, rel_tol: float = 1e-6) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        if isinstance(b, bool):
            return False
        return math.isclose(float(a), float(b), rel_tol=rel_tol, abs_tol=1e-9)
    if isinstance(a, list) and isinstance(b, tuple):  # providers = ["runpod", "vast.ai"] in a case file
        return a == list(b)
    return a == b


def _gpu_label(ref) -> str:
    if ref.pronoun == "variant":
        return f"@variant:{ref.mention}"
    if ref.pronoun:
        return f"@{ref.pronoun}"
    return ref.name or "?"


def expected_intent(case: dict) -> str | None:
    want = case.get("intent") or ("unknown" if case.get("clarify") == "unparsed" else None)
    return want[0] if isinstance(want, list) else want


def _squash(text: str) -> str:
    return re.sub(r"[\s\-_]+", "", str(text).lower())


def _reported_unknowns(clar: Clarification | None, query) -> list[str]:
    got = []
    if clar is not None and clar.kind in _UNKNOWN_KINDS:
        got.append(str(clar.extras.get("mention") or clar.kind))
    got += [str(x) for x in getattr(query, "unrecognized", ()) or ()]
    got += [
        str(s[0]) for s in getattr(query, "stand_ins", ()) or ()
    ]  # "4090 ti": said not in the data, a card answered
    model = getattr(query, "model", None)
    if model is not None and getattr(model, "earlier_version", False):
        got.append(model.mention)  # "deepseek v3.1": said not to be in the list, answered as DeepSeek V3
    return got


def _value(query, attr: str):
    """The query's field, else the same value stated as a Setting of the question (equivalent forms accepted)."""
    got = getattr(query, attr, "<absent>")
    if got not in (None, "<absent>"):
        return got
    stated = {s.key: s.value for s in getattr(query, "settings", ()) or ()}
    if _SETTING_KEYS.get(attr) in stated:
        return stated[_SETTING_KEYS[attr]]
    if attr == "hours_per_week" and isinstance(stated.get("utilization"), (int, float)):
        return stated["utilization"] * 168  # "8 hours a day" stated as a utilization of 56/168
    if attr == "utilization" and isinstance(stated.get("hours_per_week"), (int, float)):
        return stated["hours_per_week"] / 168
    if attr == "sort" and getattr(query, "ask", None) == "cheaper":
        return "price"  # "anything cheaper?" as a follow-up asking for cheaper options
    return got


def _check_gpus(case: dict, gpus, corpus: Corpus, index, unknowns: list[str]) -> list[str]:
    bad = []
    want = [corpus.name(x) for x in case["gpus"]]
    missing = [w for w in want if w in corpus.future_gpus.values() and not index.is_gpu_name(w)]
    got = [_gpu_label(g) for g in gpus]
    if not missing:
        if want != got:
            bad.append(f"gpus: want {want}, got {got}")
        return bad
    known = [w for w in want if w not in missing]
    resolved = [x for x in got if x != "?"]
    if resolved != known:
        bad.append(f"gpus: want {known} and {missing} not recognized, got {got}")
    if not unknowns:
        bad.append(f"unknown: {missing} not in the KB, but nothing was reported as not recognized")
    return bad


def _check_model(case: dict, query, clar, corpus: Corpus, index, unknowns: list[str]) -> list[str]:
    want = case["model"]
    m = getattr(query, "model", None) if query is not None else None
    got = m.key if m is not None and m.key else None
    if want in getattr(index, "model_info", {}) or want not in corpus.future_models:
        return [] if got == want else [f"model: want {want!r}, got {got!r}"]
    bad = []
    if got is not None:
        bad.append(f"model: {want!r} is not in the KB, but the question was answered as {got!r} (substitution)")
    if not unknowns:
        bad.append(f"unknown: model {want!r} is not in the KB, but nothing was reported as not recognized")
    return bad


def check(case: dict, result, corpus: Corpus, index) -> list[str]:
    bad = []
    clar = result if isinstance(result, Clarification) else None
    query = clar.pending if clar is not None else result
    unknowns = _reported_unknowns(clar, query)
    if "clarify" in case:
        if clar is None or clar.kind != case["clarify"]:
            bad.append(f"clarify: want {case['clarify']}, got {clar.kind if clar else type(result).__name__}")
    elif clar is not None and not (
        clar.kind in _UNKNOWN_KINDS and ("unknown" in case or _expects_future(case, corpus))
    ):
        bad.append(f"unexpected clarification {clar.kind}: {clar.message[:120]}")
    intent = result.intent if clar is None else clar.intent
    if "intent" in case:
        want = case["intent"] if isinstance(case["intent"], list) else [case["intent"]]
        if intent not in want:
            bad.append(f"intent: want {'|'.join(want)}, got {intent}")
    if "candidates" in case:
        offered = set(clar.candidates) if clar else set()
        wanted = {corpus.name(x) for x in case["candidates"]}
        if not wanted <= offered:
            bad.append(f"candidates: want {sorted(wanted)} within {sorted(offered)}")
    for mention in case.get("unknown", ()):
        if not any(_squash(mention) in _squash(u) or _squash(u) in _squash(mention) for u in unknowns):
            bad.append(f"unknown: want {mention!r} reported as not recognized, got {unknowns or 'nothing'}")
    if query is None:
        return bad
    gpus = getattr(query, "gpus", ()) or ()
    if "gpus" in case:
        bad += _check_gpus(case, gpus, corpus, index, unknowns)
    elif corpus.strict and any(g.name and g.name not in {s[1] for s in query.stand_ins} for g in gpus):
        bad.append(f"gpus: want none, got {[_gpu_label(g) for g in gpus]} (a word or number read as a GPU)")
    if "counts" in case and [g.count for g in gpus] != case["counts"]:
        bad.append(f"counts: want {case['counts']}, got {[g.count for g in gpus]}")
    if "assumed" in case and [g.assumed for g in gpus] != case["assumed"]:
        bad.append(f"assumed: want {case['assumed']}, got {[g.assumed for g in gpus]}")
    if "fields" in case and tuple(case["fields"]) != tuple(getattr(query, "fields", ())):
        bad.append(f"fields: want {case['fields']}, got {getattr(query, 'fields', None)}")
    if "model" in case:
        bad += _check_model(case, query, clar, corpus, index, unknowns)
    elif corpus.strict and (model_key := getattr(getattr(query, "model", None), "key", None)):
        bad.append(f"model: want none, got {model_key!r} (a word read as a model)")
    for key, attr in _SCALARS.items():
        if key not in case or attr is None and key != "currency":
            continue
        if key == "currency":  # the query's money currency; "USD" = None (dollars)
            got = getattr(query, "budget_currency", None) or getattr(query, "electricity_currency", None)
            got = got or next((s.currency for s in getattr(query, "settings", ()) if s.currency), None) or "USD"
        elif attr is not None:
            got = _value(query, attr)
            if key == "period" and case[key] == "year" and _value(query, "years") == 1:
                got = "year"  # "a year's electricity" read as one year: the same answer
        if key == "provider" and isinstance(got, str) and _same_provider(case[key], got):
            continue
        if not _same(case[key], got, _TOLERANCE.get(key, 1e-6)):
            bad.append(f"{key}: want {case[key]!r}, got {got!r}")
    for key, kind in _TARGETS.items():
        got = dict(getattr(query, "targets", ())).get(kind)
        if key in case and not _same(case[key], got, 1e-6):
            bad.append(f"{key}: want {case[key]!r}, got {got!r}")
    if "settings" in case:
        bad += _check_settings(case, query, corpus)
    return bad


_PROVIDER_NAMES = {  # corpus provider key -> other spellings of the same provider (squashed)
    "gcp": ("googlecloud", "google"),
    "lambda": ("lambdalabs",),
    "aliyun": ("alibabacloud", "阿里云"),
    "tencent": ("tencentcloud", "腾讯云"),
    "volcengine": ("火山引擎",),
    "gpushare": ("恒源云", "hengyuancloud"),
}


def _same_provider(want: str, got: str) -> bool:
    g = _squash(got)
    return g == _squash(want) or g in _PROVIDER_NAMES.get(want, ())


def _expects_future(case: dict, corpus: Corpus) -> bool:
    return case.get("model") in corpus.future_models or any(
        corpus.name(x) in corpus.future_gpus.values() for x in case.get("gpus", ())
    )


def _setting_tuple(s) -> tuple:
    """A Setting as (key, value, gpu, currency); hours a week are the same setting as a utilization."""
    if s.key == "hours_per_week" and isinstance(s.value, (int, float)):
        return ("utilization", s.value / 168, s.gpu, None)
    return (s.key, s.value, s.gpu, getattr(s, "currency", None))


def _check_settings(case: dict, query, corpus: Corpus) -> list[str]:
    got = [_setting_tuple(s) for s in getattr(query, "settings", ())]
    want = []
    for item in case["settings"]:
        value = None if item[1] == "" else item[1]
        gpu = corpus.name(item[2]) if len(item) > 2 and item[2] != "" else None
        want.append((item[0], value, gpu, item[3] if len(item) > 3 else None))
    key = lambda x: (x[0], str(x[1]))  # noqa: E731 - the order settings were typed in does not matter
    got, want = sorted(got, key=key), sorted(want, key=key)
    if len(got) != len(want) or not all(
        g[0] == w[0] and _same(g[1], w[1]) and g[2] == w[2] and g[3] == w[3] for g, w in zip(got, want, strict=True)
    ):
        return [f"settings: want {want}, got {got}"]
    return []


def failure_kind(case: dict, problems: list[str]) -> str:
    """One short label for why a case fails, the first that applies."""
    text = " ".join(problems)
    if "substitution" in text or ("not recognized" in text and "gpus:" in text):
        return "silent substitution"
    if "nothing was reported as not recognized" in text or text.startswith("unknown:"):
        return "unknown not reported"
    if "read as a GPU" in text or "read as a model" in text:
        return "number or word read as a name"
    if "gpus:" in text or "counts:" in text:
        return "wrong GPU or count"
    if "model:" in text or "params_b:" in text:
        return "wrong model"
    intent = expected_intent(case)
    if intent == "followup" or "intent: want followup" in text:
        return "follow-up not understood"
    if intent == "explain" or "concept:" in text:
        return "concept question not understood"
    if "unexpected clarification unparsed" in text:
        return "not understood at all (unparsed)"
    if "clarif" in text:
        return "clarification"
    if "intent:" in text:
        return "wrong intent"
    if any(f"{k}:" in text for k in _SETTING_PROBLEMS):
        return "setting inside the question dropped"
    if "'<absent>'" in text:
        return "query has no field for it"
    return "detail dropped (workload, aspect, field, ...)"
