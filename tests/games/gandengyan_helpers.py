"""A Python-level 干瞪眼 hand loop over the kernels (deal, banker, first leader, move generation,
players, the draw after each trick), so that the reference can replay what the kernels choose
before the numba hand loop exists. Its flow is the one ``tests/reference/gandengyan_game.py``
documents; the reference, not this loop, is the judge."""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import GS_TOP_SEAT
from kernels.deal import shuffle
from kernels.gandengyan.deal import deal_hands, draw_card, first_leader
from kernels.gandengyan.movegen import gd_generate, remove_move
from kernels.gandengyan.moves import JOKER
from kernels.gandengyan.policies import POLICY_NAMES, gd_choose, params_matrix
from kernels.gandengyan.state import new_state
from kernels.rng import bounded, seed_stream
from sim.games.gandengyan.rules import compile_rules

PASS = (0, -1, 0, 0, -1, 0, 0)


def play_hand(rules, seed: int, game: int, policies, params=None, watch=None):
    """(hands as card ids, stock ids, banker, leader, actions) of one hand. ``watch(seat, moves, n,
    choice, lead, hand_left, top_seat, stock_empty, passed)`` sees every decision before it is
    applied (benchmarks/blind_spots.py counts situations with it)."""
    comp = compile_rules(rules)
    v = comp.rules
    n = rules.players
    pol = np.array([POLICY_NAMES.index(x) for x in policies], np.int64)
    pp = params_matrix(list(policies), params or [{}] * n)
    st = new_state(v, comp.deck, pol, pp)  # the players read the hand from a declared state
    state = st.rng
    seed_stream(np.uint64(seed), game, state)
    deck = comp.deck.copy()
    shuffle(state, deck)
    banker = bounded(state, n)
    counts = st.counts
    lowest = st.lowest
    pos = deal_hands(deck, n, banker, v, counts, lowest)
    leader = first_leader(n, banker, lowest, v)
    share = [rules.banker_cards if s == banker else rules.other_cards for s in range(n)]
    hands, p = [[] for _ in range(n)], 0
    for k in range(max(share)):  # the same deal, as card ids, for the reference
        for i in range(n):
            s = (banker + i) % n
            if k < share[s]:
                hands[s].append(int(deck[p]))
                p += 1
    assert p == pos
    stock = [int(c) for c in deck[pos:]]
    moves, work = st.moves, st.work
    played = st.played
    hand_left = st.hand_left
    hand_left[:] = counts.sum(axis=1)
    top = st.top
    seat, top_seat, passed, actions = leader, -1, set(), []

    def next_holder(s):
        for k in range(1, n + 1):
            if hand_left[(s + k) % n] > 0:
                return (s + k) % n
        return -1

    while True:
        lead = top_seat < 0
        m_n = gd_generate(counts[seat], top, v, moves, work)
        if lead and m_n == 0:  # only jokers that cannot be played: the lead passes on
            holders = [s for s in range(n) if hand_left[s] > 0]
            if all(gd_generate(counts[s], top, v, moves, work) == 0 for s in holders):
                return hands, stock, banker, leader, actions  # stalemate
            seat = next_holder(seat)
            continue
        st.gs[GS_TOP_SEAT] = top_seat
        i = gd_choose(st, seat, m_n, lead)
        if watch is not None:
            watch(seat, moves, m_n, i, lead, hand_left, top_seat, pos >= len(deck), passed)
        if i < 0:
            actions.append(PASS)
            passed.add(seat)
        else:
            m = moves[i].copy()
            actions.append(tuple(int(x) for x in m))
            remove_move(counts[seat], m)
            for r in range(13):
                played[r] += (int(m[6]) >> (4 * r)) & 15
            played[JOKER] += m[3]
            hand_left[seat] -= m[2]
            top[:] = m
            top_seat, passed = seat, set()
            if hand_left[seat] == 0 and (rules.end == "first_out" or (hand_left > 0).sum() <= 1):
                return hands, stock, banker, leader, actions
        holders = [s for s in range(n) if hand_left[s] > 0]
        if all(s in passed for s in holders if s != top_seat):
            first = top_seat if hand_left[top_seat] > 0 else next_holder(top_seat)
            order = [(first + k) % n for k in range(n)] if rules.draw == "everyone" else [first]
            for s in order:
                if hand_left[s] > 0 and (rules.draw == "everyone" or s == top_seat):
                    new = draw_card(deck, pos, counts, s)
                    hand_left[s] += new - pos
                    pos = new
            seat, top_seat, passed = first, -1, set()
            top[:] = 0
        else:
            seat = next_holder(seat)
