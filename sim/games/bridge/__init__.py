"""桥牌 contract bridge: rules as data (``rules``), players (``policies``), the compute functions of
its jobs on game ranges (``jobs``), scoring from stored facts (``scoring``), exact deal odds
(``exact``), double-dummy tables and par through DDS (``dd``, optional extra ``bridge``) and
readable text (``text``). The kernels are in ``kernels.bridge``.
"""
