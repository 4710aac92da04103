"""八十分 (升级 / Tractor): rules as data (``rules``), scoring from raw facts (``scoring``), exact
deal values (``exact``). Kernels: ``kernels.tractor`` on the trick family ``kernels.trick``."""
