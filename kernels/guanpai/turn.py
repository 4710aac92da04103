"""One 关牌 turn on the climbing engine's shared steps (``kernels.climb.steps``), over the hand's
declared state (``kernels.guanpai.state``).

What this game adds: its move generation and beat rule (``kernels.guanpai.movegen``), the option
that the first play must contain the first-lead card's rank, its players
(``kernels.guanpai.policies``) and the per-play facts of ``kernels.guanpai.layout``. Two seats: a
pass ends the trick (``advance``) and the last player leads; the first player out ends the hand
(the lone-side end rule with ``gs[GS_LONE_SIDE]``).
"""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import GS_N_TURNS, GS_TOP_SEAT, GS_TURN
from kernels.guanpai.layout import LAYOUT
from kernels.guanpai.movegen import gp_generate, is_bomb, keep_with_rank
from kernels.guanpai.moves import THREE_BOMB
from kernels.guanpai.policies import gp_choose
from kernels.guanpai.rulevec import GP_LEAD_MUST_PLAY
from kernels.guanpai.state import GS_LEAD_RANK

ROW_PLAYS, ROW_BOMBS_PLAYED, ROW_THREE_BOMBS_PLAYED = map(LAYOUT.at, ("plays", "bombs_played", "three_bombs_played"))


@njit(cache=True, nogil=True)
def turn_moves(st, seat):
    """The moves ``seat`` may choose from, into ``st.moves`` (PASS not listed): ``gp_generate``, and
    on the hand's first turn only those holding the first-lead card's rank (``GP_LEAD_MUST_PLAY``;
    ``gs[GS_LEAD_RANK]`` -1 when a session's previous deal chose the leader)."""
    n = gp_generate(st.counts[seat], st.top, st.rules, st.moves)
    lead_rank = st.gs[GS_LEAD_RANK]
    if st.gs[GS_N_TURNS] == 0 and st.rules[GP_LEAD_MUST_PLAY] != 0 and lead_rank >= 0:
        n = keep_with_rank(st.moves, n, lead_rank)
    return n


@njit(cache=True, nogil=True)
def take_turn(st, n, forced):
    """The seat ``gs[GS_TURN]`` plays one of the ``n`` moves ``turn_moves`` listed or passes.
    Returns True when the hand is over.

    ``forced`` >= 0 plays that move (its row in ``st.moves``), -1 passes, -2 lets the seat's
    policy choose (a search player decides before the turn; ``kernels.guanpai.search``)."""
    seat = st.gs[GS_TURN]
    lead = st.gs[GS_TOP_SEAT] < 0
    st.gs[GS_N_TURNS] += 1
    choice = forced if forced > -2 else gp_choose(st, seat, n, lead)
    if choice < 0:
        steps.record_pass(st, seat)
    else:
        kind = st.moves[choice, 0]
        cards = st.moves[choice, 6]
        for r in range(13):
            st.counts[seat, r] -= (cards >> (4 * r)) & 15
        st.row[ROW_PLAYS + seat] += 1
        if is_bomb(kind):
            st.row[ROW_BOMBS_PLAYED + seat] += 1
            if kind == THREE_BOMB:
                st.row[ROW_THREE_BOMBS_PLAYED + seat] += 1
        steps.log_play(st, seat, choice, st.scratch, 0)
        if steps.after_play(st, seat, choice, st.moves[choice, 2]):
            return True
    steps.advance(st, seat)
    return False
