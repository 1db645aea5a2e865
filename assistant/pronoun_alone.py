"""Cards said as a count or an order with no card talked about ("两张卡没有nvlink跑推理会不会很慢", "主板只有一个pcie
x16，第二张卡插x4会影响跑模型吗", "800 dollar budget for the gpu only, which one" as the first message): any two
cards, any second card, the card to buy, not "which card do you mean?".

Contract: `reread(query, text, lang)` gives the question's words to ask instead, or None. For a query whose only
cards are pronouns and whose words hold a word of lexicon list `pair_card_words` ("两张卡": read as "双卡", the
first word of list `pair_card_general`) or `second_card_alone` ("第二张": dropped, "卡插x4" stays), the words with
those replaced (a general word of the same script); "the gpu" / "the card" (list `definite_card_words`) as "a gpu"
("800 dollar budget for the gpu only, which one": the card to buy); None when a card is named or no such word is
there (the dialogue's "which card?" stands).
"""

from __future__ import annotations

import re

from assistant.nlu.lexicon import lexicon


def reread(query, text: str, lang: str) -> str | None:
    gpus = getattr(query, "gpus", ())
    if not gpus or not all(g.pronoun and not g.name for g in gpus):
        return None
    lex = lexicon(lang)
    generals = sorted(lex.listed("pair_card_general"))
    out = text
    for word in sorted(lex.listed("pair_card_words"), key=len, reverse=True):
        general = next((g for g in generals if g.isascii() == word.isascii()), "")  # "两张卡" -> "双卡"
        if general and word in out:
            out = out.replace(word, general)
    for word in sorted(lex.listed("second_card_alone"), key=len, reverse=True):
        out = out.replace(word, "")
    for word in sorted(lex.listed("definite_card_words"), key=len, reverse=True):  # "budget for the gpu": a gpu
        out = re.sub(rf"\b{re.escape(word)}\b", lex.first_word("indefinite_card", "a gpu"), out, flags=re.IGNORECASE)
    return out if out != text else None
