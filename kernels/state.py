"""Declared state: a hand in play as one named tuple of arrays (DESIGN principle 10).

A family declares the arrays of a hand in play once, as ``RowLayout`` declares rows: a
``StateLayout`` of ``Slot``s, each with a neutral name, a dtype, a shape (ints or named
dimensions) and a one-line meaning. A game extends its family's layout with its own slots. From
that one declaration come:

* the state type: a ``collections.namedtuple`` class (``LAYOUT.cls``) that numba passes as one
  argument, its slots read as attributes (``st.hand_left[seat]``); kernels take ``st``, never two
  dozen positional arrays;
* the allocation: ``LAYOUT.allocate(seats=4, ...)`` (Python side, numpy zeros), and inside a kernel
  ``clone(st)`` (a fresh state with the same shapes: the per-block and per-world copies);
* the copy: ``copy_into(dst, src)`` inside a kernel (a search world reset to the hand it samples).

Three kinds of slot: ordinary ones are copied by ``clone`` and ``copy_into``; ``shared`` ones are run
constants (the rules vector, the money vector, the deck template) that every copy refers to, never
copies; ``scratch`` ones (move buffers) get fresh arrays of the same shape from ``clone`` and are
not copied by ``copy_into``. The state holds arrays only: a hand's scalars live in a family's
int64 vector with named slots (``kernels.climb.loop`` ``GS_*``), so a kernel can change them.

``borrow(st)`` is a view of a state whose arrays carry no reference count: numba increfs and
decrefs every array of a named tuple at each call that takes it (two atomic operations an array,
inlined or not), which cost half a hand's time in a climbing game's turn loop. Take the view in
the scope that owns the state and pass it to per-turn code; never return a borrowed array.

``clone``, ``copy_into`` and ``borrow`` are numba overloads generated from the declaration of the state they
are called on, so one definition serves every family and game. The named tuple class must be a
module attribute under its own name (``XState = LAYOUT.cls``) so numba's cache can find it again;
``tests/kernels/test_state.py`` checks that for every declared layout.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass

import numpy as np
from numba.core import types
from numba.extending import intrinsic, overload
from numba.np.arrayobj import populate_array

DTYPES = ("int8", "int16", "int32", "int64", "uint64", "float64", "bool")


@dataclass(frozen=True)
class Slot:
    """One array of a hand in play: its name, dtype, shape (ints or dimension names) and meaning."""

    name: str
    dtype: str
    shape: tuple
    doc: str
    shared: bool = False  # a run constant: copies refer to it
    scratch: bool = False  # a work buffer: copies get their own, uncopied

    def __post_init__(self):
        if self.dtype not in DTYPES:
            raise ValueError(f"slot {self.name}: dtype {self.dtype!r} not in {DTYPES}")
        if self.shared and self.scratch:
            raise ValueError(f"slot {self.name}: a slot is shared or scratch, not both")
        if not self.shape:
            raise ValueError(f"slot {self.name}: a slot is an array; keep scalars in an int64 vector slot")


_BY_CLASS: dict[type, "StateLayout"] = {}


class StateLayout:
    """The declared state of a hand in play: ``Slot``s in order, and the named tuple built from them."""

    def __init__(self, name: str, module: str, slots: tuple[Slot, ...] | list[Slot], doc: str = ""):
        names = [s.name for s in slots]
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"state {name}: slot names repeated: {dup}")
        self.name, self.module, self.doc = name, module, doc
        self.slots = tuple(slots)
        self.cls = namedtuple(name, names, module=module)
        self.cls.__doc__ = doc or f"Declared state {name} ({module})."
        _BY_CLASS[self.cls] = self

    def extend(self, name: str, module: str, slots, doc: str = "") -> "StateLayout":
        """A game's state: this family's slots, then the game's own."""
        return StateLayout(name, module, self.slots + tuple(slots), doc)

    def slot(self, name: str) -> Slot:
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(f"state {self.name} has no slot {name!r}")

    def dims(self) -> list[str]:
        """The named dimensions ``allocate`` needs, in order of first use."""
        out: list[str] = []
        for s in self.slots:
            for d in s.shape:
                if isinstance(d, str) and d not in out:
                    out.append(d)
        return out

    def allocate(self, values: dict | None = None, **dims):
        """A state of numpy zeros; ``values`` gives slots their contents instead (a shared rules
        vector, the players), each checked against the declared dtype and shape."""
        values = dict(values or {})
        needed = [d for s in self.slots if s.name not in values for d in s.shape if isinstance(d, str)]
        missing = sorted({d for d in needed if d not in dims})
        if missing:
            raise ValueError(f"state {self.name}: dimensions not given: {missing}")
        arrays = []
        for s in self.slots:
            if s.name in values:
                a = np.ascontiguousarray(values.pop(s.name))
                if a.dtype != np.dtype(s.dtype) or a.ndim != len(s.shape):
                    raise ValueError(f"state {self.name}: slot {s.name} wants {s.dtype}[{len(s.shape)}d], "
                                     f"got {a.dtype}[{a.ndim}d]")
            else:
                a = np.zeros(tuple(int(dims[d]) if isinstance(d, str) else int(d) for d in s.shape), np.dtype(s.dtype))
            arrays.append(a)
        if values:
            raise ValueError(f"state {self.name}: no slots named {sorted(values)}")
        return self.cls(*arrays)

    def describe(self) -> str:
        """The declaration as text (docs and error messages): one line a slot."""
        lines = [f"{self.name} ({self.module})"]
        for s in self.slots:
            kind = " shared" if s.shared else " scratch" if s.scratch else ""
            lines.append(f"  {s.name:<14} {s.dtype}[{', '.join(map(str, s.shape))}]{kind}  {s.doc}")
        return "\n".join(lines)


def layout_of(cls) -> StateLayout:
    """The declaration a state class was built from."""
    return _BY_CLASS[cls]


def clone(st):
    """A fresh state with ``st``'s shapes and contents (shared slots referred to, scratch left new)."""
    raise NotImplementedError("clone is called from numba kernels (its implementation is generated)")


def copy_into(dst, src):
    """Copy ``src`` into ``dst`` slot by slot (shared and scratch slots left as they are)."""
    raise NotImplementedError("copy_into is called from numba kernels (its implementation is generated)")


def borrow(st):
    """A view of ``st`` whose arrays are borrowed: the same memory without a reference count.

    Numba increfs every array of a named tuple each time one is passed to a function or copied
    (inlined or not) and decrefs it after: with a climbing state's 24 arrays, 48 atomic operations
    a call, half of a two-player climbing hand's time. A borrowed array (no meminfo) makes those a null check.
    The view is valid while ``st`` lives (take it in the scope that owns ``st``; never return a
    borrowed array to Python). numba drops a variable after its *last use*: in
    ``st = clone(t); f(borrow(st))`` with no later use of ``st``, ``st`` is freed before ``f`` runs.
    Borrow a state that is a parameter of the function (its caller holds it), or ``hold(st)`` after
    the last use of a view. ``clone`` of a view gives an owned state as usual.
    A view passed to a function that is not inlined arrives there as plain arguments: the callee
    cannot see the null meminfos and counts every array again at each call it makes. A hook or a
    kernel that receives a state takes ``st = borrow(st)`` first (a census and a smart player each
    ran 1.2x faster for it); ``borrow_array`` does the same for one array."""
    raise NotImplementedError("borrow is called from numba kernels")


@intrinsic
def _borrowed(typingctx, arr):
    """``arr``'s data, shape and strides with no meminfo and no parent (not reference counted)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, sig, args):
        src = context.make_array(arr)(context, builder, value=args[0])
        out = context.make_array(arr)(context, builder)
        populate_array(out, data=src.data, shape=src.shape, strides=src.strides, itemsize=src.itemsize, meminfo=None)
        return out._getvalue()

    return arr(arr), codegen


borrow_array = _borrowed  # one array's view without a reference count (``borrow``'s docstring)


@intrinsic
def hold(typingctx, st):
    """``hold(st)`` in a kernel: a use of ``st`` that emits no code, so numba keeps ``st`` (and the
    memory of every ``borrow`` view of it) alive to this point (``borrow``'s docstring: numba frees a
    variable after its last use, and a view's arrays are no use of it)."""
    if not isinstance(st, types.BaseNamedTuple):
        return None

    def codegen(context, builder, sig, args):
        return context.get_dummy_value()

    return types.none(st), codegen


@overload(borrow, jit_options={"nogil": True})
def _borrow(st):
    if not isinstance(st, types.BaseNamedTuple):
        return None
    layout = layout_of(st.instance_class)
    namespace = {"_cls": layout.cls, "_borrowed": _borrowed}
    parts = ", ".join(f"_borrowed(st.{s.name})" for s in layout.slots)
    exec(f"def impl(st):\n    return _cls({parts})\n", namespace)  # noqa: S102 - generated from a declaration
    return namespace["impl"]


def _declared(st) -> StateLayout | None:
    if isinstance(st, types.BaseNamedTuple):
        return _BY_CLASS.get(st.instance_class)
    return None


def _compile(src: str, cls) -> object:
    namespace = {"_cls": cls, "np": np}
    exec(src, namespace)  # noqa: S102 - the source is generated from a declaration, not input
    return namespace["impl"]


@overload(clone, jit_options={"nogil": True})
def _clone(st):
    layout = _declared(st)
    if layout is None:
        return None
    parts = []
    for s in layout.slots:
        if s.shared:
            parts.append(f"st.{s.name}")
        elif s.scratch:
            parts.append(f"np.empty_like(st.{s.name})")
        else:
            parts.append(f"st.{s.name}.copy()")
    return _compile(f"def impl(st):\n    return _cls({', '.join(parts)})\n", layout.cls)


@overload(copy_into, jit_options={"nogil": True})
def _copy_into(dst, src):
    layout = _declared(src)
    if layout is None or _declared(dst) is not layout:
        return None
    lines = ["def impl(dst, src):"]
    for s, t in zip(layout.slots, src.types):
        if s.shared or s.scratch:
            continue
        lines.append(f"    dst.{s.name}[{', '.join([':'] * t.ndim)}] = src.{s.name}")
    lines.append("    return None")
    return _compile("\n".join(lines) + "\n", layout.cls)
