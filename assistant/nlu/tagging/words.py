"""Word sets the tagger consults while it reads names and numbers (spelling fixes, context words).

Contract: constants only. Words a reader consults live in the lexicon (`grammar/lexicon.*.toml`);
these belong to the tagging mechanics themselves (which words end a GPU name, which bind a number).
"""

from __future__ import annotations

import re

BITS = {2: "q2_k", 3: "q3_k_m", 4: "int4", 5: "q5_k_m", 6: "q6_k", 8: "int8", 16: "fp16", 32: "fp32"}
CONTEXT_SIZES = {1, 2, 4, 8, 16, 32, 64, 128, 200, 256, 512, 1000, 1024}
BRAND_FIX = ("geforce", "radeon", "nvidia", "quadro", "tesla", "instinct")
SERIES_FIX = ("rtx", "gtx")
SUFFIX_FIX = {
    "tu": "ti",
    "ty": "ti",
    "tie": "ti",
    "supper": "super",
    "suoer": "super",
    "supr": "super",
    "sper": "super",
    "xtz": "xtx",
    "lapop": "laptop",
    "labtop": "laptop",
}
# Apple devices: "macbook pro m3 max", "mac studio m2 ultra" (brand words, then model words, then the chip)
APPLE_WORDS = frozenset({"apple", "macbook", "mac"})
APPLE_MODELS = frozenset({"pro", "air", "studio", "mini"})
APPLE_TIERS = frozenset({"pro", "max", "ultra"})
# descriptive words before a size that are not a model's name ("a dense 70b", "an uncensored 13b")
NOT_A_NAME = frozenset(
    {
        "dense",
        "moe",
        "besides",
        "except",
        "beyond",
        "than",
        "sized",
        "size",
        "quantized",
        "quant",
        "instruct",
        "chat",
        "base",
        "distilled",
        "local",
        "open",
        "uncensored",
        "new",
        "old",
        "big",
        "small",
        "tiny",
        "huge",
        "like",
        "about",
        "around",
        "jk",
        "lol",
        "the",
        "a",
        "an",
        "my",
        "any",
        "some",
        "this",
        "that",
        "those",
        "these",
        "x",
        "q",
    }
)
# set-up words (lexicon units "<name>_before") and the tag of the number they bind, tried in this order
BINDERS = (
    ("context_before", "CONTEXT"),
    ("batch_before", "BATCH"),
    ("rank_before", "RANK"),
    ("alpha_before", "ALPHA"),
    ("top_before", "TOP"),
    ("stage_before", "ZERO_STAGE"),
)
# words before a name-shaped token that make it a GPU, and the meanings of words after it that do
GPU_BEFORE = frozenset({"a", "an", "my", "the", "on", "used", "new", "rent", "buy", "bought", "have", "got", "own"})
GPU_AFTER = frozenset(
    {"GPU_WORD", "VS", "OR", "AND", "SPEC", "FIELD", "PRICES", "COMPARE", "THAN", "FOLLOW", "RENT", "BUY", "COST"}
)
CHIP_CODE = re.compile(r"^(ad|ga|gp|gk|gm|tu|gv|gh|gb|navi|sp)$")
GPU_WORDS = frozenset({"gpu", "gpus", "card", "cards"})
# letters glued after a model number that make it a GPU name ("2080ti", "4070s", "7900xtx"), not an amount
GPU_SUFFIXES = frozenset({"ti", "super", "s", "xt", "xtx", "d", "ti super"})
SYSTEM_RAM = frozenset({"ram", "system", "内", "ddr4", "ddr5"})
# words right before a number that make it a price: "4080 at 7000", "卖7000"
PRICE_BEFORE = frozenset({"at", "for", "@", "卖", "售价", "收", "只要", "to", "is"})
LORA_WORDS = frozenset({"lora", "qlora", "dora", "rank", "alpha", "adapter", "adapters", "peft"})
# units glued to a number: "70b", "8k", "4bit", "300w" are quantities, not a GPU's suffix
GLUED_UNITS = frozenset(
    {"b", "k", "bit", "bits", "w", "h", "hr", "hrs", "x", "t", "m", "mb", "tb", "gbps", "ghz", "mhz"}
)
COSTS_WORDS = frozenset({"is", "for", "at", "costs", "cost", "=", "was", "price", "now", "only"})
# letter prefixes that may stand apart from the model number: "mi 300x", "mi-300x", "wx 7100"
SPACED_PREFIX = frozenset({"mi", "wx", "fx", "mx", "hd", "nx"})
PER_WORDS = ("per", "a", "an", "/", "每", "一", "每一")


FAMILY_WORDS = frozenset(
    {
        "instruct",
        "chat",
        "it",
        "base",
        "coder",
        "mini",
        "medium",
        "dev",
        "schnell",
        "xl",
        "v",
        "r",
        "a",
        "x",
        "b",
        "mt",
        "hf",
        "xxl",
    }
)
