"""A link said as the set-up of a speed question: "how many tok/s on llama 3.3 70b q4_k_m with 2x 3090, no nvlink,
just pcie 4.0 x8/x8", "what speed will qwen 72b get on two 3090s without nvlink".

Contract: `speed_on_link(r)` is True when the question asks a speed (a SPEED or FASTER tag) of a model it names (MODEL
or PARAMS) on cards it names, and says no word of the link's effect (lexicon [lists] link_asked, link_loss_words:
"does x8 slow it down", "how much slower without nvlink"). The link readers (explain.pcie_link,
scaling.link_of_cards) then leave the question to the fit reader, whose answer gives the tokens/s on those cards
and what the link changes (respond/fit_link)."""

from __future__ import annotations

from assistant.nlu.reading import Reading


def speed_on_link(r: Reading) -> bool:
    b = r.b
    if not (b.has("SPEED", "FASTER") and b.has("MODEL", "PARAMS") and r.explicit):
        return False
    low = f" {r.text.lower()} "
    return not (r.said("link_asked") or r.lex.words_in("link_loss_words", low))
