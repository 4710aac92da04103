"""港式五张 (Hong Kong five-card stud, 8–A): rules as data (``rules``), players (``players``),
money from raw facts (``scoring``), exact values by enumeration (``exact``) and thin runners
(``compute``). Kernels: ``kernels.hkstud``, family ``kernels.showdown``.

Phase 1 of issue 11: the ``Game`` description (jobs, report sections, replay) is wired in later.
"""
