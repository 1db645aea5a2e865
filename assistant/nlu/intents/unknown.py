"""Not understood: nothing tagged, or nothing any reader claimed; the answer says what was recognised.
`hosted_service` claims a question about the hardware behind a hosted AI service ("what gpu does chatgpt run on"):
not in the knowledge, said so, with what can be answered instead. `closed_model` claims running a closed model
("可灵能本地部署吗", "can i run gpt-4o locally", "midjourney on a 4090?": nlu/closed_models.py): it does not run on
any GPU of one's own, said so, with the open models of its kind that do."""

from __future__ import annotations

from assistant import i18n
from assistant.nlu import messages as msg
from assistant.nlu.reader_needs import needs
from assistant.nlu.reading import Reading
from assistant.queries import Clarification

# what may come with a hosted service's name in "what gpu does chatgpt run on", "what hardware is gpt-4 trained on"
_ABOUT_HARDWARE = {
    "RECOMMEND",
    "QUESTION",
    "FIT",
    "ON",
    "MODE",
    "WORKLOAD",
    "GPU_WORD",
    "FILLER",
    "SPEC",
    "FIELD",
    "SET",
}


def empty(r: Reading) -> Clarification | None:
    if r.b.tags or r.said("verdict_wait"):  # "要不要等等": buy now or wait (verdict.wait_alone), no tag needed
        return None
    return msg.unparsed(r.text, r.b.unknown, [], lang=r.b.lang)


def read(r: Reading) -> Clarification:
    return msg.unparsed(r.text, r.b.unknown, r.b.tags, lang=r.b.lang)


@needs(("FIT", "MODE"))
def hosted_service(r: Reading) -> Clarification | None:
    """A service of [lists] hosted_services named with no GPU, a run / train word and nothing but hardware words: its
    hardware is not in my knowledge; say so rather than rank cards to buy."""
    b = r.b
    service = next((w for w in r.lex.listed("hosted_services") if w in b.toks or w in b.unknown), None)
    kinds = {t.kind for t in b.tags}
    if service is None or r.refs or not kinds <= _ABOUT_HARDWARE or not kinds & {"FIT", "MODE"}:
        return None
    if r.said("hosted_not_itself"):
        return None  # "best gpu for a local chatgpt alternative": an open model like it, not the service
    if r.said("closed_self_words"):
        return None  # "can i self host claude": running it oneself (closed_model), not the service's own hardware
    return Clarification(
        "unknown_model",
        i18n.t(b.lang, "nlu.hosted_service", mention=service),
        intent="explain",
        text=r.text,
        extras={"mention": service, "lang": b.lang},
    )


def closed_model(r: Reading) -> Clarification | None:
    """A closed model asked about running on a GPU (a card named, or a word of [lists] closed_local_words), with no
    open model of the KB named beside it ("kling vs wan 2.2" is a comparison of another kind)."""
    from assistant.nlu import closed_models

    found = closed_models.named(r.text)
    if not found or (r.model is not None and r.model.key) or hosted_service(r) is not None:
        return None  # "what gpu does chatgpt run on": the service's own hardware (hosted_service, later in order)
    if not (r.refs or r.said("closed_local_words")) or r.said("hosted_not_itself") or r.said("api_words"):
        return None  # "best gpu for a local chatgpt alternative", "4090 or chatgpt plus, which is cheaper": not a run
    lang = r.b.lang
    entry, typed = found[0]  # "可灵和即梦能本地跑吗": each named, the open models of the first one's kind
    names = closed_models.open_names(entry, r.index)
    gpu = next((g.name for g in r.refs if g.name), None)
    text = i18n.t(
        lang,
        "nlu.closed_model" if names else "nlu.closed_model_none",
        name=i18n.join_names(lang, [_closed_name(e, lang) for e, _ in found]),
        on_gpu=i18n.t(lang, "nlu.closed_on_gpu", gpu=gpu) if gpu else "",
        open=i18n.join_names(lang, names),
        example=i18n.t(lang, "nlu.closed_example", model=names[0]) if names else "",
        kind=i18n.t(lang, f"nlu.closed_kind_{entry['kind']}"),
    )
    return Clarification(
        "closed_model", text, intent="explain", text=r.text, extras={"mention": typed, "lang": r.b.lang}
    )


def _closed_name(entry: dict, lang: str) -> str:
    """ "Kling (可灵) (Kuaishou)": the model's name with its maker, once when the name holds it ("Midjourney")."""
    maker = entry.get(f"maker_{lang}") or entry["maker"]
    return entry["name"] if maker in entry["name"] else i18n.t(lang, "nlu.closed_by", name=entry["name"], maker=maker)


@needs(unless=("MODEL",))
def out_of_scope(r: Reading) -> Clarification | None:
    """Shares and investing ("should i buy nvidia stock", "nvda going up?", "英伟达股票能买吗"): a word of [lists]
    finance_words, or "stock" beside a word of finance_stock_beside ("nvidia stock", "stock price"); out of scope,
    said so politely with what can be asked, never a GPU ranking. Not when a GPU or a model is named."""
    mention = _finance_mention(r)
    if mention is None or r.refs or r.model is not None:
        return None
    return Clarification(
        "out_of_scope",
        i18n.t(r.b.lang, "nlu.out_of_scope", mention=mention),
        intent="explain",
        text=r.text,
        extras={"mention": mention, "lang": r.b.lang},
    )


def _finance_mention(r: Reading) -> str | None:
    """The words that make the question one about shares, or None."""
    toks = list(r.b.toks)
    words = r.lex.listed("finance_words")
    found = next((w for w in toks if w in words), None) or next((w for w in sorted(words) if w in r.text), None)
    if found is not None:
        return found
    beside = r.lex.listed("finance_stock_beside")
    for i, w in enumerate(toks):
        if w != "stock":
            continue
        if i > 0 and toks[i - 1] in beside:
            return f"{toks[i - 1]} stock"
        if i + 1 < len(toks) and toks[i + 1] in beside:
            return f"stock {toks[i + 1]}"
    return None
