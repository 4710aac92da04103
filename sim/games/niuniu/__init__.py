"""牛牛 (Niu Niu, "Bull Bull"): rules as data (``rules``), money from raw facts (``scoring``) and
exact values by enumeration (``exact``). Kernels: ``kernels.niuniu``, family ``kernels.showdown``.

Phase 1 of issue 11: the ``Game`` description (jobs, report sections, replay) is wired in later.
"""
