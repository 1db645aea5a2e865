"""nlu/stray_words.py: a question read again without one or two stray words, never without a name or a number."""

from assistant.nlu.stray_words import without_stray
from assistant.queries import Clarification, SpecQuery
from assistant.query_talk import FollowUpQuery


def _spec(text):
    return SpecQuery(text=text, gpus=())


def test_the_rest_is_read_and_the_words_are_kept():
    got = without_stray("whats the power draw of a 4090 roughly", ["roughly"], _spec)
    assert isinstance(got, SpecQuery)
    assert got.ignored_words == ("roughly",)
    assert got.text == "whats the power draw of a 4090 roughly"


def test_the_reread_text_lacks_the_word():
    seen = []
    without_stray("how much for 48h straight", ["straight"], lambda t: seen.append(t) or _spec(t))
    assert seen == ["how much for 48h"]


def test_names_and_numbers_are_never_dropped():
    assert without_stray("what about the zx9000 card", ["zx9000"], _spec) is None
    assert without_stray("满血版多少钱", ["满血"], _spec) is None


def test_too_many_stray_words_or_too_little_left():
    assert without_stray("foo bar baz 4090", ["foo", "bar", "baz"], _spec) is None
    assert without_stray("latency please", ["latency"], _spec) is None


def test_nothing_understood_or_a_bare_follow_up_is_no_reading():
    unparsed = Clarification("unparsed", "no", intent="unknown", text="x")
    assert without_stray("what latency would i get", ["latency"], lambda t: unparsed) is None
    assert without_stray("what latency would i get", ["latency"], lambda t: FollowUpQuery(text=t)) is None
