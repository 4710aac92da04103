"""仙桃千分's own kernels: moves with wilds and the bomb ladder, players, census, rows, the hand."""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
