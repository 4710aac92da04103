"""八十分 (升级 / Tractor): its card order, declaration during the deal, rows, hands and matches.

The trick mechanics are the family's (``kernels.trick``); this package adds what only 八十分 has.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
