"""A compiled kernel as a numba first-class function value: its callers call it through its address.

numba links every callee's code into each caller and optimizes and emits the linked whole again at
every level of the call chain (``CodeLibrary.finalize``): a game's whole turn loop is emitted once
more for every function above it (the parallel run driver alone adds three levels). A kernel handed
down as a function value is compiled, optimized and emitted once, on its own, and cached in its own
module; a caller holds only its address. The price is one indirect call (its arguments passed
flattened), which pays where the call is rare: once a block of hands, once a searched decision.
"""

from __future__ import annotations


class FunctionValue:
    """``entry`` (a ``cache=True`` njit dispatcher) compiled for ``sig`` (a numba signature), as a
    numba first-class function value typed ``FunctionType(sig)``: numba reads ``_numba_type_`` and
    ``__wrapper_address__``; a kernel taking it as an argument calls the compiled code through its
    address (the address is read when the call is made, never cached in a caller)."""

    def __init__(self, entry, sig):
        from numba import types

        self._entry = entry
        self._sig = sig
        self._numba_type_ = types.FunctionType(sig)

    def __wrapper_address__(self):
        cres = self._entry.get_compile_result(self._sig)  # compiled, or loaded from its cache
        return cres.library.get_pointer_to_function(cres.fndesc.llvm_cfunc_wrapper_name)
