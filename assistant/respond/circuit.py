"""Whether a build's draw at the wall fits the user's circuit: "4x3090 on a 120v 15a circuit?", "do i need 2 circuits?
US 120v", "4张3090 一个插座够吗 220v 10a".

Contract: `asked(query)` is true when the query carries a circuit (RigQuery.circuit_volts / circuit_amps) or its text
names one (circuit, breaker, outlet, 插座 ...; volts and amps read from the text when the reader left them unset).
`sentence(query, build, env)` words the verdict (turned round when tripping is asked: "No, it should not
trip"): the circuit's continuous capacity = volts x breaker amps x
`continuous_share` (80 %, the NEC rule for loads of 3 hours or more, knowledge/rigs.toml), against the build's
wall power (`Build.wall_w`, §rig); when over, how many such circuits it takes, and the per-card power limit that
fits one circuit (the reference: 50 W less costs about 7 % speed). Volts not said: 120 V when the answer is in
dollars (unless the amps said are a 230 V mains size, 16 A: _IEC_ONLY_AMPS), 220 V in a Chinese answer, else
230 V; amps not said: 15 A at 120 V (a standard US outlet), 10 A in China (an ordinary socket,
knowledge/rigs.toml), else 16 A; the answer says what it assumed. `sources(env)` cites
the circuit sources.
"""

from __future__ import annotations

import math
import re

from assistant import i18n
from assistant.respond.builds import Build, power
from assistant.respond.env import Env
from assistant.respond.limit_floor import min_limit_share

_WORDS = re.compile(
    r"circuit|breaker|outlet|wall socket|socket|\btrip|插座|电路|空开|跳闸|一路电|两路电|线路", re.IGNORECASE
)
_VOLTS = re.compile(r"(?<![\d.])(1[01]\d|12[0-7]|2[0-4]\d)\s*(?:v|volts?|伏)(?![a-z])", re.IGNORECASE)
_IEC_ONLY_AMPS = (6.0, 10.0, 13.0, 16.0, 25.0, 32.0)  # [A] breaker / plug ratings of 230 V mains, not US 120 V ones
_AMPS = re.compile(r"(?<![\d.])(\d{1,2})\s*(?:a|amps?|安)(?![a-z0-9])", re.IGNORECASE)


def _read(query) -> tuple[float | None, float | None]:
    volts, amps = getattr(query, "circuit_volts", None), getattr(query, "circuit_amps", None)
    text = query.text or ""
    if volts is None and (m := _VOLTS.search(text)):
        volts = float(m.group(1))
    if amps is None and (m := _AMPS.search(text)):
        amps = float(m.group(1))
    return volts, amps


def asked(query) -> bool:
    if getattr(query, "cap_w", None) or getattr(query, "cap_va", None):
        return True  # a cap at the wall the user states (respond/limits.py)
    volts, amps = _read(query)
    return bool(volts or amps or _WORDS.search(query.text or ""))


def volts_amps(query, env: Env) -> tuple[float, float, list[str]]:
    """The circuit's volts and breaker amps: said, else the market's usual socket (see the contract), with what was
    assumed ("120 V", "15 A")."""
    rules = power()
    volts, amps = _read(query)
    assumed = []
    china = env.currency == "CNY" or env.price_market() == "CN"
    if volts is None:
        # "on a 16a circuit": a breaker size only 230 V mains use (IEC 60898) says the mains, whatever the currency
        mains = amps in _IEC_ONLY_AMPS
        us = env.currency == "USD" and not china and not mains
        volts = 120.0 if us else float(rules["cn_socket_volts"]) if china else 230.0
        assumed.append(f"{volts:g} V")
    if amps is None:
        amps = 15.0 if volts < 200 else float(rules["cn_socket_amps"]) if china else 16.0
        assumed.append(f"{amps:g} A")
    return volts, amps, assumed


def sentence(query, b: Build, env: Env) -> tuple[str, dict]:
    if getattr(query, "cap_w", None) or getattr(query, "cap_va", None):  # "宿舍限电800w": the user's cap, not a circuit
        from assistant.respond.limits import wall_cap

        return wall_cap(query, b, env)
    rules = power()
    volts, amps, assumed = volts_amps(query, env)
    share = float(rules["continuous_share"])
    raw = volts * amps
    cap = raw * share
    wall = b.wall_w
    values = {
        "volts": f"{volts:g}",
        "amps": f"{amps:g}",
        "raw": f"{raw:,.0f}",
        "cap": f"{cap:,.0f}",
        "pct": f"{share * 100:.0f}",
        "wall": f"{wall:,.0f}",
        "build": b.label,
    }
    figures = {"volts": volts, "amps": amps, "continuous_w": round(cap), "wall_w": round(wall)}
    trip = "_trip" if _trip_asked(query, env) else ""  # "will it trip": the yes / no turned round
    if wall <= cap:
        text = env.t(f"circuit.fits{trip}", spare=f"{cap - wall:,.0f}", **values)
        figures["circuits"] = 1
    else:
        n = math.ceil(wall / cap)
        figures["circuits"] = n
        eff = float(rules["efficiency"])
        per_card = (cap * eff - b.platform.cpu_w - rules["rest_w"]) / max(b.n, 1)
        stock = b.gpu.tdp_w or 0
        if stock and per_card >= min_limit_share() * stock:
            limit = env.t("circuit.limit", limit=f"{per_card:,.0f}", tdp=f"{stock:,}")
            figures["power_limit_w"] = round(per_card)
        else:
            limit = env.t("circuit.no_limit")
        text = env.t(f"circuit.over{trip}", n=n, limit=limit, **values)
    if assumed:
        text += i18n.gap(env.lang) + env.t("circuit.assumed", what=" / ".join(assumed))
    if _noise_asked(query, env):  # "16a插座扛得住吗 噪音大不大": the other half, the noise and the heat of that draw
        text += i18n.gap(env.lang) + env.t("circuit.noise", wall=f"{wall:,.0f}", btu=f"{wall * 3.412:,.0f}")
        figures["noise_asked"] = True
    return text, figures


def _trip_asked(query, env: Env) -> bool:
    """ "will a 5090 trip my breaker", "会不会跳闸": whether it trips is asked (lexicon [lists] trip_asked), so the
    verdict says "No, it should not trip" rather than "Yes on that circuit"."""
    from assistant.nlu.lexicon import lexicon

    return lexicon(env.lang).words_in("trip_asked", f" {(query.text or '').lower()} ")


def _noise_asked(query, env: Env) -> bool:
    """Does the question also ask how loud the machine is (lexicon [lists] setup_noise_words)?"""
    from assistant.nlu.lexicon import lexicon

    spaced = f" {(query.text or '').lower()} "
    return lexicon(env.lang).words_in("setup_noise_words", spaced)


def sources(env: Env, query=None) -> list[str]:
    """The circuit rules' sources; with a UPS rated in VA only, the UPS manual its watts per VA come from."""
    from assistant.respond.limits import UPS_SOURCE

    rules = power()
    ups = (
        UPS_SOURCE if query is not None and getattr(query, "cap_va", None) and not getattr(query, "cap_w", None) else ""
    )
    return env.cite(rules["continuous_source"], rules["circuit_source"], rules["cn_socket_source"], ups)
