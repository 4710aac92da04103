"""港式五张 kernels: card mapping (``cards``), evaluation tables (``tables``) and keys
(``evaluate``), showdown equity (``equity``), betting (``betting``, ``policies``), table play
(``play``) and exact enumeration (``enumerate``); raw-fact rows are declared in ``layout``."""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
