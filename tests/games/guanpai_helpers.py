"""A Python-level 关牌 hand loop over the kernels (deal, first lead, move generation, players), so
that the reference can replay what the kernels choose before the numba hand loop exists."""

from __future__ import annotations

import numpy as np

from kernels.deal import shuffle
from kernels.guanpai.deal import deal_counts, first_lead
from kernels.guanpai.movegen import gp_generate, keep_with_rank
from kernels.guanpai.policies import POLICY_NAMES, gp_choose, params_matrix
from kernels.guanpai.rulevec import GP_HAND_SIZE, GP_LEAD_MUST_PLAY, GP_N_HANDS
from kernels.guanpai.state import new_state
from kernels.rng import seed_stream
from sim.games.guanpai.rules import compile_rules


def play_hand(rules, seed: int, game: int, policies=("random", "random"), params=None, watch=None):
    """(rank counts dealt, first leader, actions as 7-tuples, lead rank) of one hand. ``watch(seat,
    moves, n, choice, lead, hand_left)`` sees every decision before it is applied
    (benchmarks/blind_spots.py counts situations with it)."""
    comp = compile_rules(rules)
    v = comp.rules
    state = np.zeros(4, np.uint64)
    seed_stream(np.uint64(seed), game, state)
    deck = comp.deck.copy()
    shuffle(state, deck)
    counts = np.zeros((2, 16), np.int64)
    deal_counts(deck, v[GP_N_HANDS], v[GP_HAND_SIZE], counts)
    leader, idx = first_lead(deck, v[GP_N_HANDS], v[GP_HAND_SIZE], comp.lead_order, np.zeros(54, np.int64))
    lead_rank = int(comp.lead_order[idx]) // 4
    dealt = [tuple(int(x) for x in counts[s, :15]) for s in (0, 1)]
    pol = np.array([POLICY_NAMES.index(p) for p in policies], np.int64)
    pp = params_matrix(list(policies), params or [{}, {}])
    none = np.zeros((0, 0), np.int64)
    st = new_state(comp, none, none, pol, pp)  # the players read the hand's state (kernels.guanpai.state)
    st.rng[:] = state
    st.counts[:] = counts
    counts, moves, top, hand_left = st.counts, st.moves, st.top, st.hand_left
    hand_left[:] = counts.sum(axis=1)
    seat, actions, first = leader, [], True
    while True:
        lead = top[0] == 0
        n = gp_generate(counts[seat], top, v, moves)
        if first and v[GP_LEAD_MUST_PLAY]:
            n = keep_with_rank(moves, n, lead_rank)
        first = False
        i = gp_choose(st, seat, n, lead)
        if watch is not None:
            watch(seat, moves, n, i, lead, hand_left)
        if i < 0:
            actions.append((0, -1, 0, 0, -1, 0, 0))
            top[:] = 0
            seat = 1 - seat
            continue
        m = moves[i].copy()
        actions.append(tuple(int(x) for x in m))
        for r in range(16):
            counts[seat, r] -= (int(m[6]) >> (4 * r)) & 15
        hand_left[seat] -= m[2]
        if hand_left[seat] == 0:
            return dealt, leader, actions, lead_rank
        top[:] = m
        seat = 1 - seat
