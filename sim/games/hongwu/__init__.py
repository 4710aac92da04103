"""仙居红五: rules as data (``rules``), scoring from raw facts (``scoring``), exact deal values
(``exact``). Kernels: ``kernels.hongwu`` on the trick family ``kernels.trick``."""
