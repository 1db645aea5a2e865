"""Run the question corpus (tests/nlu/cases.toml): shared by the test and scripts/nlu_report.py.

Contract: `FILES` are the corpora (cases.toml: English, cases_zh.toml: Chinese and mixed);
`load(path)` -> (gpu labels, [(group, case)]); `check(case, result, labels, index)`
-> list of mismatch strings (empty when the case passes), or None when the case must be skipped
(it names a model key the KB does not have). Only the fields a case names are compared.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

from assistant.queries import Clarification

FILES = {"en": "cases.toml", "zh": "cases_zh.toml"}

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
}


def load(path: Path) -> tuple[dict[str, str], list[tuple[str, dict]]]:
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    labels = doc.get("gpu", {})
    cases = []
    for group, blocks in doc.items():
        if group == "gpu":
            continue
        for block in blocks:
            for case in block.get("cases", []):
                cases.append((group, case))
    return labels, cases


def _same(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return math.isclose(float(a), float(b), rel_tol=1e-6, abs_tol=1e-9)
    return a == b


def _gpu_label(ref) -> str:
    if ref.pronoun == "variant":
        return f"@variant:{ref.mention}"
    if ref.pronoun:
        return f"@{ref.pronoun}"
    return ref.name or "?"


def _name(label: str, labels: dict[str, str]) -> str:
    if label.startswith("@") or label == "?":
        return label
    return labels.get(label, label)


def expected_intent(case: dict) -> str | None:
    return case.get("intent") or ("unknown" if case.get("clarify") == "unparsed" else None)


def check(case: dict, result, labels: dict[str, str], index) -> list[str] | None:
    model = case.get("model")
    if model and model not in getattr(index, "model_info", {}):
        return None
    bad = []
    clar = result if isinstance(result, Clarification) else None
    query = clar.pending if clar is not None else result
    if "clarify" in case:
        if clar is None or clar.kind != case["clarify"]:
            bad.append(f"clarify: want {case['clarify']}, got {clar.kind if clar else type(result).__name__}")
    elif clar is not None:
        bad.append(f"unexpected clarification {clar.kind}: {clar.message[:120]}")
    intent = result.intent if clar is None else clar.intent
    if "intent" in case and intent != case["intent"]:
        bad.append(f"intent: want {case['intent']}, got {intent}")
    if "candidates" in case:
        got = set(clar.candidates) if clar else set()
        want = {_name(x, labels) for x in case["candidates"]}
        if not want <= got:
            bad.append(f"candidates: want {sorted(want)} within {sorted(got)}")
    if query is None:
        return bad
    gpus = getattr(query, "gpus", ())
    if "gpus" in case:
        want = [_name(x, labels) for x in case["gpus"]]
        got = [_gpu_label(g) for g in gpus]
        if want != got:
            bad.append(f"gpus: want {want}, got {got}")
    if "counts" in case and [g.count for g in gpus] != case["counts"]:
        bad.append(f"counts: want {case['counts']}, got {[g.count for g in gpus]}")
    if "assumed" in case and [g.assumed for g in gpus] != case["assumed"]:
        bad.append(f"assumed: want {case['assumed']}, got {[g.assumed for g in gpus]}")
    if "fields" in case and tuple(case["fields"]) != tuple(getattr(query, "fields", ())):
        bad.append(f"fields: want {case['fields']}, got {getattr(query, 'fields', None)}")
    for key, attr in _SCALARS.items():
        if key not in case:
            continue
        if key == "model":
            m = getattr(query, "model", None)
            got = m.key if m is not None else None
        elif key == "currency":  # the query's money currency; "USD" = None (dollars)
            got = getattr(query, "budget_currency", None) or getattr(query, "electricity_currency", None) or "USD"
        else:
            got = getattr(query, attr, "<absent>")
        if not _same(case[key], got):
            bad.append(f"{key}: want {case[key]!r}, got {got!r}")
    if "settings" in case:
        got = [(s.key, s.value, s.gpu, getattr(s, "currency", None)) for s in getattr(query, "settings", ())]
        want = []
        for item in case["settings"]:
            value = None if item[1] == "" else item[1]
            gpu = _name(item[2], labels) if len(item) > 2 and item[2] != "" else None
            want.append((item[0], value, gpu, item[3] if len(item) > 3 else None))
        if len(got) != len(want) or not all(
            g[0] == w[0] and _same(g[1], w[1]) and g[2] == w[2] and g[3] == w[3]
            for g, w in zip(got, want, strict=False)
        ):
            bad.append(f"settings: want {want}, got {got}")
    return bad
