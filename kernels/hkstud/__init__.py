"""港式五张 kernels: card mapping (``cards``), evaluation tables (``tables``) and keys
(``evaluate``), showdown equity (``equity``), betting (``betting``, ``policies``), table play
(``play``) and exact enumeration (``enumerate``); raw-fact rows are declared in ``layout``."""

from kernels.showdown.cache import drop_stale_cache as _drop_stale_cache

_drop_stale_cache(__file__)
