"""How far a game's headline rates move with the players: the range of each headline figure over
self-play by ``greedy``, ``smart`` and ``search``, measured once on the game's default rules and
shipped with the game, so that every play report can say how much its rates owe to the players.

The measurement is ``paiju sweep GAME --players greedy,smart,search`` (the same deals under each
player, ``sim.api.sweep_players``); ``benchmarks/player_ranges.py GAME --write`` runs it and writes
``player_ranges.json`` in the game's package, which the game gives as ``Game.player_ranges()``
(None for a game that ships none: its reports have no such section):

    {"game": ..., "variant": "default", "seed": ..., "n": {"greedy": 20000, ...},
     "params": {"search": {"worlds": 4}}, "paiju": "0.1.0",
     "figures": {"P(大清)": {"greedy": [estimate, ci_low, ci_high, n], "smart": [...], ...}, ...}}

where a figure's ``n`` counts the hands it applies to (P(硬牌家 first | 硬牌): the 硬牌 hands).

``section(data, variant)`` turns it into a report section.
"""

from __future__ import annotations

import math

from analysis.estimators import Stat
from analysis.report import Section

TITLE = "Sensitivity to the players: headline figures in self-play by each player"
MIN_RANGE_N = 30  # a figure measured on fewer hands is shown but left out of the range


def _fmt(x: float) -> str:
    return f"{x:.4g}"


def section(data: dict, variant: str) -> Section:
    """The report section: per figure, its estimate under each player (95% CI) and the range."""
    players = list(data["n"])
    notes = [f"variant {data.get('variant', 'default')!r}, the same deals (seed {data['seed']}) for every "
             "player, all seats the same player; " + ", ".join(f"{p}: {data['n'][p]:,} hands" for p in players)
             + "".join(f"; {p} with {', '.join(f'{k}={v:g}' for k, v in kw.items())}"
                       for p, kw in data.get("params", {}).items() if kw)]
    if variant != data.get("variant", "default"):
        notes.append(f"measured on variant {data.get('variant', 'default')!r}, not this run's {variant!r}: "
                     "a guide to the size of the players' effect, not to this run's rates")
    stats = []
    for name, by_player in data["figures"].items():
        values = []
        for p in players:
            if p not in by_player:
                continue
            est, lo, hi, *rest = by_player[p]
            n = rest[0] if rest else data["n"][p]  # files before figures carried their own n
            if est is None or math.isnan(est):
                continue
            stats.append(Stat(f"{name} | {p} self-play", est, lo, hi, None, None, n, math.nan))
            if n >= MIN_RANGE_N:
                values.append((p, est))
        if len(values) > 1:
            notes.append(f"{name}: {_fmt(min(v for _, v in values))} to {_fmt(max(v for _, v in values))} across "
                         f"{', '.join(p for p, _ in values)}")
    return Section(TITLE, stats=stats, notes=notes)
