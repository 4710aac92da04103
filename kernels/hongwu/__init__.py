"""仙居红五: its card order (♥5, 参谋, 10s), 庄家 by the first 10 shown, rows and hands.

The trick mechanics are the family's (``kernels.trick``); this package adds what only 红五 has.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
