"""The landlord family's kernels (斗地主 3p/4p, 上海三打一): moves, players, rows, the hand."""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
