"""One hand with its action log for a game whose play calls its search through a pointer.

``kernels.climb.run.play_logged`` hands the game's ``play_hand`` hook ``True`` as ``search_on``;
a game whose play kernels call ``search_on(st, seat, kind)`` (``search_driver.first_class``) needs
the function value itself, or None when no seat searches. This is that driver step with
``search_on`` passed through; like ``kernels.climb.run`` it is not ``cache=True``: the game's own
cached entry calls it, with its hooks inside.
"""

from __future__ import annotations

from numba import njit

from kernels.climb import run
from kernels.state import borrow, clone


@njit(nogil=True)
def play_logged(template, seed, deal, rotation, carry, last, search_on):
    """One hand in a clone of ``template`` (its ``log`` room for the hand): ``(st, n)``, the hand's
    state and the log rows written."""
    st = clone(template)
    st.log[:, :] = 0
    n = run.play_hand(borrow(st), seed, deal, rotation, carry, last, search_on)
    if n >= st.log.shape[0]:
        raise ValueError("the hand's log is longer than the template's log rows")
    return st, n
