"""The platform for several cards, when a question about them also asks for the CPU, board or lanes: "im getting 3 used
3090s for $1800 total, what cpu + mobo can handle 3 cards at decent lanes", "3张3090配什么主板和cpu".

Contract: `asked(text, env)` is true when the text names a CPU, board, lanes or platform (lexicon
`platform_asked_words`). `line(gpu, n, env)` words the platform tier that holds n cards (knowledge/rigs.toml, the rig
answer's tiers: its slots and lanes, CPU class, allowance) with the PSU and wall draw the rig answer sizes for them
(builds.build, §rig) and the lanes that matter (Dettmers 2023: x8 per GPU is fine, x4 costs 5-10 % when training over
4 GPUs). `sources(n, env)` cites the tier's sources.
"""

from __future__ import annotations

from assistant.models.platforms import platform_for
from assistant.nlu.lexicon import lexicon
from assistant.respond.builds import build
from assistant.respond.env import Env


def asked(text: str, env: Env) -> bool:
    return bool(lexicon(env.lang).words_in("platform_asked_words", (text or "").lower()))


def line(gpu, n: int, env: Env) -> str:
    plat = platform_for(n, env.local_desktop_usd())
    b = build(gpu, n, 0.0, 0.0)
    key = "platform_note.consumer" if n <= 2 else "platform_note.workstation"
    return env.t(
        key,
        n=n,
        gpu=gpu.short_name,
        slots=env.t(f"platform_note.slots_{plat.key}"),
        usd=env.money(plat.usd),
        psu=f"{b.psu_w:,}",
        wall=f"{b.wall_w:,.0f}",
        cpu_w=f"{plat.cpu_w:,.0f}",
    )


def sources(n: int, env: Env) -> list[str]:
    plat = platform_for(n, env.local_desktop_usd())
    return env.cite(plat.source, "dettmers-2023")
