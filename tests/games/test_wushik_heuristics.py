"""五十K smart's 510K choice in crafted positions, calling the policy kernel directly.

``fk_keep_bombs`` (smart's default 1): no 510K that takes its 5, 10 or K from a bomb unless an
opponent is about to go out; the bomb answers instead. On duplicate single hands (seed 3, 10,000
deals) one seat without it among smart players lost 2.01 ± 0.51 points per hand, and one seat with
it among players without it gained 1.88 ± 0.49.
"""

import numpy as np
import pytest

from kernels.cards import R5, R10, RK, card_id, card_rank, card_suit
from kernels.climb.loop import GS_TOP_SEAT, GS_TRICK_POINTS
from kernels.wushik.movegen import generate_moves
from kernels.wushik.moves import BOMB, FIFTY_K, SUIT_FU
from kernels.wushik.policies import SMART, choose_move, params_matrix
from kernels.wushik.state import new_state
from sim.games.wushik.rules import WushikRules, engine_rules

FU_TOP = (FIFTY_K, -1, 3, 0, SUIT_FU, 1, 0)  # an opponent's 副510K on the table
R3, R4, R9 = 0, 1, 6


def decide(cards, top, trick_points, params, left=20, top_seat=0, seat=1):
    """smart's play for ``seat`` holding ``cards`` over ``top_seat``'s ``top``; every other seat
    holds ``left`` cards. Returns the move record, or None for a pass."""
    st = new_state(engine_rules(WushikRules()), [SMART] * 4, params_matrix(["smart"] * 4, [params] * 4))
    for c in cards:
        st.counts[seat, card_rank(c)] += 1
        st.suit_counts[seat, card_rank(c), card_suit(c)] += 1
    st.hand_left[:] = left
    st.hand_left[seat] = len(cards)
    st.gs[GS_TOP_SEAT], st.gs[GS_TRICK_POINTS] = top_seat, trick_points
    n = generate_moves(st.counts[seat], st.suit_counts[seat], np.array(top, np.int64), st.rules, st.moves)
    i = choose_move(st, seat, n)
    return None if i < 0 else tuple(int(x) for x in st.moves[i])


def hand(bomb_rank):
    """A 正510K in spades, four of ``bomb_rank`` (one of the 5, 10, K or a plain rank) and filler."""
    cards = [card_id(R5, 0), card_id(R10, 0), card_id(RK, 0)]
    # four of that rank in all (one of them in the 510K when it is a 5, 10 or K)
    cards += [card_id(bomb_rank, s, 1) for s in range(1 if bomb_rank in (R5, R10, RK) else 0, 4)]
    return cards + [card_id(R3, 1), card_id(R4, 2), card_id(R9, 3, 1)]


@pytest.mark.parametrize("rank", [R5, R10, RK])
def test_no_510k_out_of_a_bomb(rank):
    cards = hand(rank)
    assert sum(card_rank(c) == rank for c in cards) == 4
    new = decide(cards, FU_TOP, 45, {})
    assert new is not None and new[0] == BOMB and new[1] == rank and new[2] == 4  # the bomb answers
    old = decide(cards, FU_TOP, 45, {"fk_keep_bombs": 0})
    assert old is not None and old[0] == FIFTY_K and old[4] == 0  # the old rule spent the 正510K


def test_510k_that_keeps_the_bombs_whole_is_still_played():
    cards = hand(R9)  # the bomb is of 9s: the 正510K breaks nothing
    for params in ({}, {"fk_keep_bombs": 0}):
        move = decide(cards, FU_TOP, 45, params)
        assert move is not None and move[0] == FIFTY_K and move[4] == 0


def test_urgent_510k_even_out_of_a_bomb():
    cards = hand(R5)  # an opponent on 2 cards: anything that wins the trick, 510K first
    move = decide(cards, FU_TOP, 45, {}, left=2)
    assert move is not None and move[0] == FIFTY_K and move[4] == 0


def test_510k_answers_a_trick_without_points():
    """``fk_points`` 0 (smart's default): a 510K is spent on any trick no plain play beats; at the old
    20 smart passed a trick holding fewer points (one seat at 0 among seats at 20 gained +4.0 ± 1.3
    points per hand on duplicate single hands)."""
    cards = hand(R9)
    move = decide(cards, FU_TOP, 0, {})
    assert move is not None and move[0] == FIFTY_K and move[4] == 0
    old = decide(cards, FU_TOP, 0, {"fk_points": 20})  # the old rule kept it (and spent its 5-card bomb)
    assert old is None or old[0] != FIFTY_K
