"""IndexData: the NameIndex's data (GPU names as token sets, postings, aliases, open models,
concepts), shared by the lookups in this package and built by assistant/nlu/index.py.

Contract: plain data with no behaviour; `NameIndex.build` fills it once and nothing changes it
afterwards except the lazily built `_suggest*` and `_suffixes` caches and the `_suggested` memo.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class IndexData:
    """The name index's columns, one entry per KB GPU."""

    names: list[str]
    vendor: list[str]
    mobile: list[bool]
    memory: list[float]
    cores: list[frozenset[str]]
    heads: list[frozenset[str]]
    full: list[frozenset[str]]
    exact: dict[str, list[tuple[int, bool]]]
    postings: dict[str, list[int]]
    varparts: list[frozenset[str]] = field(default_factory=list)
    chipparts: list[frozenset[str]] = field(default_factory=list)
    # every KB name's tokens (with and without vendor) and curated aliases without a number ("dgx spark"):
    # key -> (product, how, assumed)
    full_names: dict[str, tuple[int, str, bool]] = field(default_factory=dict)
    full_first: frozenset[str] = frozenset()
    name_words: frozenset[str] = frozenset()  # letter tokens of KB names: never "corrected" as typos
    bare_numbers: frozenset[str] = frozenset()  # GeForce GTX/RTX and Radeon RX model numbers: "3090" alone is a GPU
    curated: frozenset[str] = frozenset()  # exact keys that come from knowledge/aliases.csv
    models: dict[str, str] = field(default_factory=dict)  # key text -> model key
    model_info: dict[str, tuple[str, float, str, str]] = field(
        default_factory=dict
    )  # key -> (family, params_b, name, kind)
    model_families: frozenset[str] = frozenset()
    concepts: dict[str, str] = field(default_factory=dict)  # key text -> concept key
    concept_titles: dict[str, str] = field(default_factory=dict)
    concept_titles_zh: dict[str, str] = field(default_factory=dict)
    concept_words: set[str] | None = None  # tokens of concept names (>= 3 letters): "is this about the domain?"
    # first tokens and longest length (in tokens) of the model and concept keys: most tokens start neither
    model_first: frozenset[str] = frozenset()
    concept_first: frozenset[str] = frozenset()
    concept_max: int = 0
    # the concepts' evidence spans with their weights (lookup/concept_terms.py), scored by nlu/concept_score.py
    concept_evidence: dict[str, tuple[tuple[str, float, int], ...]] = field(default_factory=dict)
    evidence_first: frozenset[str] = frozenset()
    evidence_max: int = 0
    _by_name: dict[str, int] = field(default_factory=dict)
    _suggest: list[str] | None = None
    _suggest_idx: list[int] | None = None
    _suffixes: frozenset[str] | None = None
    # suggestions already made, by (mention core, brand words, limit): a typo is often typed again
    _suggested: dict[tuple, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
