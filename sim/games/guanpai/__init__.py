"""关牌 Guan Pai (rules/guanpai.md): rules and variants as data (``rules``), scoring from raw
facts (``scoring``), exact deal values (``exact``). Kernels live in ``kernels/guanpai``."""
