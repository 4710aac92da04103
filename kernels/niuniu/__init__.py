"""牛牛 kernels: hand evaluation (``evaluate``), table play (``play``), exact enumeration
(``enumerate``); the raw-fact rows are declared in ``layout``."""
