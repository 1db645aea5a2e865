"""llama.cpp quant types as weights formats: every type the parser can return has its own bits per weight, and the
types of one family keep llama.cpp's order (docs/model.md §mem.weights)."""

from __future__ import annotations

import pytest

from assistant.models import constants as C
from assistant.models import memory
from assistant.queries import PRECISIONS


def test_every_precision_the_parser_returns_has_bits():
    assert set(PRECISIONS) - {"tf32"} <= set(C.BITS_PER_WEIGHT)
    assert set(C.GGUF_TYPES) <= set(C.BITS_PER_WEIGHT)


@pytest.mark.parametrize(
    "lighter_to_heavier",
    [
        ("iq1_s", "iq1_m", "iq2_xxs", "iq2_xs", "iq2_s", "iq2_m", "iq3_xxs", "iq3_xs", "iq3_s", "iq3_m", "iq4_xs"),
        ("q2_k", "q3_k_s", "q3_k_m", "q3_k_l", "q4_k_m", "q5_k_m", "q6_k", "q8_0"),
        ("q4_k_s", "q4_k_m"),
        ("q5_k_s", "q5_k_m"),
        ("q4_0", "q4_1", "q5_0", "q5_1"),
        ("iq4_xs", "iq4_nl"),
        ("tq1_0", "tq2_0"),
    ],
)
def test_family_order(lighter_to_heavier):
    bits = [C.BITS_PER_WEIGHT[q] for q in lighter_to_heavier]
    assert bits == sorted(bits) and len(set(bits)) == len(bits)


def test_i_quant_bits_are_llama_cpp_table_values(kb):
    # tools/quantize QUANT_OPTIONS: "IQ2_XS 2.31 bpw", "IQ3_XS 3.3 bpw", "IQ4_NL 4.50 bpw"
    m = kb.model("llama-3-70b")
    for q, bpw in (("iq2_xs", 2.31), ("iq3_xs", 3.3), ("iq4_nl", 4.5), ("iq2_s", 2.5)):
        gb = dict(memory.inference_memory(m, q).components)["weights"]
        assert gb == pytest.approx(m.params_b * 1e9 * bpw / 8 / C.GB, rel=0.005)
