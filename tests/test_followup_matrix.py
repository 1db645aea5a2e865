"""Bare follow-ups after every kind of answer, English and Chinese: "why?", "why not?", "and used?", "what about 2 of
them?", "what about renting?", "what about the 4080?", "anything cheaper?"
(为什么 / 为什么不行 / 二手的呢 / 两张呢 / 那租呢 / 换成4080呢 / 便宜点的呢)
each continue the answer before them: none is left unread or asked back when something was talked about, and each does
what it says (the same answer again, used prices, a rental, the 4080, a cheaper pick, two cards). A concept names no
card: renting it or the 4080 in its place may ask back (that is the honest answer)."""

from __future__ import annotations

import pytest

from assistant.session import open_session

FIRST = {
    "en": {
        "rig": "build me a deep learning pc for 2500 dollars",
        "rates": "how much is an a100 per hour",
        "tco": "total cost of owning a 4090 for 3 years",
        "video": "can a 4090 run wan 2.1",
        "concept": "what is nvlink",
        "verdict": "is a 3090 worth it for llms",
        "compare": "4090 vs 3090 for training",
        "fit": "will llama 3 70b fit on two 3090s",
        "recommend": "best gpu for stable diffusion under 1000",
        "spec": "rtx 3090 specs",
        "rent_or_buy": "rent or buy a 4090 for 10 hours a week",
        "power_limit": "power limit my 3090 to 250w, how much do i lose",
        "serving": "we want to serve qwen2.5 72b to 20 people",
    },
    "zh": {
        "rig": "预算2万配一台炼丹机",
        "rates": "a100租一小时多少钱",
        "tco": "4090用三年一共多少钱",
        "video": "4090能跑wan 2.1吗",
        "concept": "nvlink是什么",
        "verdict": "3090跑大模型值得买吗",
        "compare": "4090和3090训练哪个好",
        "fit": "两张3090能跑llama 3 70b吗",
        "recommend": "一万以内跑sd买什么卡",
        "spec": "3090参数",
        "rent_or_buy": "4090每周用10小时 买还是租",
        "power_limit": "3090限功耗到250w掉多少性能",
        "serving": "公司想部署qwen2.5 72b给二十个人用",
    },
}
# (what the follow-up asks, English, Chinese)
FOLLOW = (
    ("why", "why?", "为什么"),
    ("why", "why not?", "为什么不行"),
    ("used", "and used?", "二手的呢"),
    ("two", "what about 2 of them?", "两张呢"),
    ("rent", "what about renting?", "那租呢"),
    ("other", "what about the 4080?", "换成4080呢"),
    ("cheaper", "anything cheaper?", "便宜点的呢"),
)
NO_CARD = {"concept"}  # answers that name no card: renting "it" or the 4080 in its place may ask back
# answers where "two of them" changes nothing to say: a concept, a power limit (per card), a set no card was named for
SAME_FOR_TWO = {"concept", "power_limit", "serving"}


@pytest.fixture(scope="module")
def session():
    return open_session("sqlite://", echo_warnings=False)


def _check(kind: str, first, ask: str, conv, answer) -> list[str]:
    problems = []
    if answer.intent == "unknown" and not answer.clarification:
        problems.append("not understood")
    if "error" in answer.figures:
        problems.append(f"internal error {answer.figures['error']}")
    asked_back = bool(answer.clarification)
    if asked_back and not (kind in NO_CARD and ask in ("rent", "other")):
        problems.append(f"asked back: {answer.clarification[:80]}")
    if ask == "why" and answer.intent != first.intent:
        problems.append(f"why: {answer.intent}, not the {first.intent} answer again")
    if ask == "used" and conv.dialogue.assumptions.condition != "used":
        problems.append("used: the condition was not set")
    two = "2 x" in answer.headline or answer.figures.get("gpu_count") == 2 or "2 x" in str(answer.figures)
    if ask == "two" and not two and kind not in SAME_FOR_TWO:
        problems.append(f"two of them: no 2 cards in {answer.headline[:80]!r}")
    if ask == "other" and answer.intent == "spec" and first.intent != "spec":
        problems.append("the 4080: its spec sheet, not the question asked of it")
    if ask == "rent" and not asked_back and answer.intent not in ("rent_or_buy", "rates"):
        problems.append(f"rent: {answer.intent}")
    # the 4080 answered, or named when the data lacks it for that answer (no cloud rents it: a card said in its place)
    named = "GeForce RTX 4080" in answer.gpus or "RTX 4080" in answer.headline
    if ask == "other" and not asked_back and kind not in NO_CARD and not named:
        problems.append(f"the 4080: gpus {answer.gpus}")
    # a cheaper pick: cards, rentals, after a build a cheaper whole build, after a video model's answer the cards
    # for that model priced below the one it held (respond/video_pick: figures.video_pick lists them)
    video_pick = kind == "video" == answer.intent and bool((answer.figures.get("video_pick") or {}).get("picks"))
    if ask == "cheaper" and answer.intent not in ("recommend", "rates") and not (kind == "rig" == answer.intent):
        if not video_pick:
            problems.append(f"cheaper: {answer.intent}")
    return problems


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", list(FIRST["en"]))
def test_bare_followups_continue_every_answer_kind(session, lang, kind):
    failures = []
    for ask, en, zh in FOLLOW:
        text = en if lang == "en" else zh
        conv = session.conversation()
        first = conv.ask(FIRST[lang][kind])
        assert not first.clarification, f"{kind}: the first question asked back: {first.clarification}"
        answer = conv.ask(text)
        failures += [f"{text!r}: {p}" for p in _check(kind, first, ask, conv, answer)]
    assert not failures, f"after {FIRST[lang][kind]!r}:\n" + "\n".join(failures)
