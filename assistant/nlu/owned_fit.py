"""Whether a question about cards the user owns asks first if they run a model: "我有两张3090 跑70b够不够 还要买什么",
"i have a 3060 12gb, is it enough for llama 13b or what should i buy", "have three 3060 12gbs ... can i pool them for a
30b model". The cards named are the user's machine (Form.owned, also a question opening with "have" / "手上有"), a
model or a size is named and a fit word is said (or a need asked, [lists] owned_need_asks: "what gpu do i need"): the
fit on the cards owned answers first, before any purchase.

Contract: `owned_fit_first(r)` -> bool; False when the user says the cards fall short ([lists] own_short: "my 3060
can't run 70b, what should i buy": then a recommendation is asked). `sizes_weighed(r)` -> bool: two memory sizes
weighed for a named model with no card named ("is 16gb enough for flux or should i get 24gb"): the fit at the first
size answers first (the answer adds the other size), not a recommendation. `owned_after(r, need, at)`: the card
named after "do i need" is owned ("..., i have a 4060 ti"), so no card's need is asked. `need_other(r, named)`: the
need is asked of the second card named ("i have a 3090, do i need a 5090 for qwen 32b"): not one machine of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from assistant.nlu.reading import Reading


def owned_fit_first(r: Reading) -> bool:
    from assistant.nlu.intents.verdict import said

    b = r.b
    return bool(
        r.explicit
        and r.form.owned
        and (r.model or b.has("PARAMS"))
        and (b.has("FIT") or said(r, "owned_need_asks"))  # "gemma 3 27b what gpu do i need, i have a 4060 ti"
        and not said(r, "own_short")
    )


def sizes_weighed(r: Reading) -> bool:
    b = r.b
    sizes = {t.value for t in b.tags if t.kind == "MEMORY"}
    return bool(not r.refs and r.model and len(sizes) >= 2 and b.has("FIT") and not b.has("BUDGET", "MONEY", "UNDER"))


def owned_after(r: Reading, need: str | None, at: int) -> bool:
    """ "gemma 3 27b what gpu do i need, i have a 4060 ti": an owned word between the need asked and the first card
    named: the card is the user's, not the one whose need is asked."""
    first = min((g.start for g in r.b.kinds.get("GPU", [])), default=-1)
    return bool(need) and bool(r.lex.words_in("form_owned", f" {r.text.lower()[at + len(need or '') : first]} "))


def need_other(r: Reading, named) -> bool:
    """ "i have a 3090, do i need a 5090 for qwen 32b": a need asked ([lists] owned_need_asks) right before the second
    card named: whether the card owned does, not the two cards as one machine."""
    low = r.text.lower()
    need = said_in(r, "owned_need_asks") or ""
    at = low.find(need) if need else -1
    second = low.find((named[-1].mention or "").lower(), at) if at >= 0 and len(named) > 1 else -1
    return at >= 0 and 0 <= second - at - len(need) <= NEED_GAP


NEED_GAP = 12  # characters between "do i need" and the card it asks about ("do i need a 5090", "do i need to get a …")


def said_in(r: Reading, name: str) -> str | None:
    from assistant.nlu.intents.verdict import said

    return said(r, name)
