"""牛牛 kernels: hand evaluation (``evaluate``), table play (``play``), exact enumeration
(``enumerate``); the raw-fact rows are declared in ``layout``."""

from kernels.showdown.cache import drop_stale_cache as _drop_stale_cache

_drop_stale_cache(__file__)
