"""The trick family on the sim side (the two-deck level game and the three-deck ♥5 game): what
their ``Game``s share.

Not a game itself (it is not in the registry): each game's package builds its ``Game`` from its
own rules, columns, scoring and report, with these helpers: ``players`` (policies, their
parameters with the game's defaults), ``census`` (the census job), ``report`` (the statistics
both games report), ``plots``, ``replay`` (a hand trick by trick from the kernel's action log)
and ``quality`` (decisions in the rows). Kernels: ``kernels.trick``.
"""

from __future__ import annotations

POLICIES = ("random", "greedy", "smart")
# kernels.trick.players.PARAM_ORDER (kept here so that building a Game imports no numba; a test
# checks that the two agree)
PARAMS = ("throw_prob", "declare_min", "declare_after", "override_min", "fight_points", "trump_points",
          "trump_lead", "short_bias")
ROLES = ("banker", "partner", "opponent")
ROLE_LABELS = {"banker": "庄家", "partner": "庄家's partner (庄 side)", "opponent": "闲 (the side that scores points)"}
SUITS = ("spades", "hearts", "clubs", "diamonds")
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
