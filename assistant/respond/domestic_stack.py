"""What public sources say about the software of the domestic accelerators the KB leaves out of its estimates
("国产卡现在能跑大模型吗，比如摩尔线程或者昇腾，生态怎么样", "华为昇腾能跑deepseek吗", "海光dcu能用pytorch吗",
"can chinese gpus replace nvidia for llm training"): an answer in place of a bare "not covered".

Contract: `answer(mentions, env, field_asked)` gives (text, source ids), or ("", []) when no mention names a vendor of
knowledge/domestic_stacks.toml and none is a word for all of them. mentions: the uncovered devices as typed; a word
for all of them ("国产卡", lexicon list uncovered_generic) stands for every vendor in the file. Unless a spec field
was asked ("摩尔线程s4000显存多大": the paper specs answer that), the text leads with the verdict - they run LLMs
with each vendor's own stack, an ecosystem narrower than CUDA - then one sentence per vendor named (PyTorch adapter,
serving frameworks, llama.cpp backend, Ollama build, as the sources state them), a vendor with no row said to have no
sourced facts, then that no speed is estimated. Paper specs of a named device are added by the caller
(respond/uncovered.py).
"""

from __future__ import annotations

from assistant import i18n, paths
from assistant.respond.env import Env


def _stacks() -> list[dict]:
    from assistant.kb.files import read_toml

    path = paths.knowledge_dir() / "domestic_stacks.toml"
    return list(read_toml(path).get("stack", [])) if path.exists() else []


def _squashed(text: str) -> str:
    return "".join(text.lower().split())


def stack_of(mention: str) -> dict | None:
    """The vendor row whose alias is inside the mention ("华为昇腾910b" -> Ascend), else None."""
    squashed = _squashed(mention)
    for row in _stacks():
        if any(a and a in squashed for a in row.get("aliases", [])):
            return row
    return None


def _is_generic(mention: str, lang: str) -> bool:
    from assistant.nlu.lexicon import lexicon

    generic = {_squashed(w) for w in lexicon(lang).listed("uncovered_generic")}
    generic |= {_squashed(w) for w in lexicon("en").listed("uncovered_generic")}
    return _squashed(mention) in generic


def _named(mentions: tuple[str, ...], lang: str) -> tuple[list[dict], list[str], bool]:
    """The vendor rows the mentions name (in order, once each), the mentions naming none, and whether a word
    for all of them was said."""
    rows: list[dict] = []
    unknown: list[str] = []
    generic = False
    for mention in mentions:
        row = stack_of(mention)
        if row is not None:
            if row not in rows:
                rows.append(row)
        elif _is_generic(mention, lang):
            generic = True
        elif mention.strip():
            unknown.append(mention.strip())
    return rows, unknown, generic


def answer(mentions: tuple[str, ...], env: Env, field_asked: bool = False) -> tuple[str, list[str]]:
    rows, unknown, generic = _named(mentions, env.lang)
    if generic and not rows and not unknown:
        rows = [r for r in _stacks() if r.get("domestic", True)]  # "国产卡": the Chinese vendors only
    if not rows:
        return "", []
    parts: list[str] = []
    if not field_asked:
        stacks = i18n.join_names(env.lang, [str(r["stack"]) for r in rows])
        parts.append(env.t("domestic.lead" if len(rows) > 1 else "domestic.lead_one", stacks=stacks))
    for row in rows:
        vendor, text = _localized(row, "vendor", env.lang), _localized(row, "text", env.lang)
        parts.append(env.t("domestic.vendor", vendor=vendor, stack=row["stack"], text=text))
    if unknown:
        parts.append(env.t("domestic.unknown", names=i18n.join_names(env.lang, unknown)))
    if not field_asked:
        parts.append(env.t("domestic.no_speed" if generic or len(rows) + len(unknown) > 1 else "domestic.no_speed_one"))
    cited = env.cite(*[str(r.get("source", "")) for r in rows])
    return i18n.gap(env.lang).join(parts), cited


def _localized(row: dict, field: str, lang: str) -> str:
    """A row's `field` in `lang` (`text_zh` for Chinese), or the English one when it has none."""
    return str(row.get(f"{field}_{lang}") or row[field])
