"""The climbing engine's shared steps over a declared state (``kernels.climb.state``).

The start of a hand's tricks (``start_tricks``: the core every game's start of play sets up),
then the same steps as ``kernels.climb.loop`` (a pass, a play's log row, a play topping the trick, the
next seat or the trick's end, a leader passing the lead on), taking the hand's state ``st``
instead of its arrays one by one. A game's turn calls them; they read only the family's core
slots, so they serve every climbing game.
"""

from __future__ import annotations

from numba import njit

from kernels.climb import loop
from kernels.climb.loop import GS_BANKER, GS_PARTNER, GS_TOP_SEAT, GS_TURN


@njit(cache=True, nogil=True, inline="always")
def start_tricks(st, leader, banker, partner):
    """The climbing core of ``st`` at the start of a hand's tricks: every ``gs`` slot 0 (the game's
    own from ``GS_FAMILY`` too), then ``leader`` to play with no trick open, ``banker`` and
    ``partner`` (-1: none); no seat flag, nothing captured, nobody out, no top. The caller sets
    what its game adds (the lone side, 接风, direction and end rule, hand sizes)."""
    gs = st.gs
    gs[:] = 0
    gs[GS_TURN] = leader
    gs[GS_TOP_SEAT] = -1
    gs[GS_BANKER] = banker
    gs[GS_PARTNER] = partner
    st.seat_flags[:, :] = 0
    st.captured[:] = 0
    st.order[:] = -1
    st.top[:] = 0


@njit(cache=True, nogil=True, inline="always")
def record_pass(st, seat):
    """``seat`` passes (logged; with ``CL_PASS_LOCKS`` locked out of the rest of the trick)."""
    loop.record_pass(st.gs, seat, st.seat_flags, st.top, st.scratch, st.log, st.rules)


@njit(cache=True, nogil=True, inline="always")
def log_play(st, seat, choice, played, n_played):
    """Log ``seat`` playing ``st.moves[choice]`` with the physical cards ``played[:n_played]``."""
    loop.log_play(st.log, st.gs, seat, st.moves, choice, played, n_played)


@njit(cache=True, nogil=True, inline="always")
def log_pass(st, seat):
    """Log ``seat`` passing (the PASS record)."""
    loop.log_pass(st.log, st.gs, seat)


@njit(cache=True, nogil=True, inline="always")
def after_play(st, seat, choice, n_played):
    """``st.moves[choice]`` (``n_played`` cards, already out of the hand's counts) tops the trick;
    True when it ends the hand by the end rule (``loop.after_play``)."""
    return loop.after_play(st.gs, seat, n_played, st.moves, choice, st.hand_left, st.seat_flags, st.order,
                           st.captured, st.top)


@njit(cache=True, nogil=True, inline="always")
def advance(st, seat):
    """The next seat to act, or the trick's end (True: the trick ended; ``loop.advance``)."""
    return loop.advance(st.gs, seat, st.hand_left, st.captured, st.seat_flags, st.top, st.rules)


@njit(cache=True, nogil=True, inline="always")
def pass_lead(st, seat):
    """A leader with no legal play passes the lead on (``loop.pass_lead``); the new leader."""
    return loop.pass_lead(st.gs, seat, st.hand_left)
