"""干瞪眼 Gan Deng Yan (rules/gandengyan.md): rules and the four variants as data (``rules``),
scoring from raw facts (``scoring``), exact deal values (``exact``). Kernels live in
``kernels/gandengyan``."""
