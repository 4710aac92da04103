"""The climbing engine: move records and the shared turn loop of every climbing game."""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
