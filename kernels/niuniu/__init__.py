"""牛牛 kernels: hand evaluation (``evaluate``), table play (``play``), exact enumeration
(``enumerate``); the raw-fact rows are declared in ``layout``."""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
