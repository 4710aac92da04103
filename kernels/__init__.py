"""numba kernels of paiju: plain arrays and scalars in and out, compiled on first use (cache=True).

Importing this package compiles nothing; each kernel module documents its encodings where they
are defined (``kernels.cards``, ``kernels.hand``, ``kernels.moves``).
"""
