"""关牌 (Guan Pai, two-player climbing game; rules/guanpai.md) kernels.

``moves`` (move records), ``rulevec`` (the rules vector the kernels read), ``state`` (the declared
state of a hand in play, the climbing core and 关牌's slots), ``movegen`` (patterns of §3 and the
beat rule of §4), ``deal`` (deal, first lead), ``census`` (per-seat deal facts over a game range),
``policies`` (``random``, ``greedy``, ``smart``), ``turn`` and ``play`` (a hand on the climbing
steps), ``search`` (the one search driver's hooks), ``layout`` (raw facts of a played hand).
Importing the package compiles nothing.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
