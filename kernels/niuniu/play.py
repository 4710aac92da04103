"""牛牛 tables: deal, evaluate, compare every player with 庄家, pay; one raw-fact row per deal.

Game ``i`` draws only from the stream ``(seed, i)``: the first ``5 * n_seats`` draws of the
shared shuffle (``kernels.showdown.deal``), dealt one card at a time from seat 0, so seat ``s``
holds deck positions ``n_cards - 1 - s - n_seats * j`` for ``j < 5``. Nothing else is random
(the hands are arranged optimally, N-2). Rows follow ``kernels.niuniu.layout``. ``fix_card`` /
``fix_slots``: ``--fix``'s cards (``kernels.deal.place_fixed`` after the deal; empty tables draw
nothing). Only the dealt positions are read, so placing into them after the partial shuffle deals
uniformly among the deals that give each seat its fixed cards. ``fix`` is None without ``--fix``,
so numba leaves the placement out of the kernel (a table's hot path).

The kernels take the table's declared state (``kernels.niuniu.state``). ``params`` (int64, ``P_*``): seats, banker mode (0 fixed seat, 1 rotate: seat
``(banker_seat + i) % n_seats``), banker seat, banker advantage (0/1), paying hand (0 the
winner's, 1 the player's own) and the strength limit of the Q rule. ``card_info`` and
``card_of_strength`` are the evaluator's per-card tables (``kernels.niuniu.evaluate``);
``multipliers[category]`` and ``bets[seat]`` are chips. All come from
``sim.games.niuniu.rules.compile_rules``.

A block of tables is one call (``play_block``) with the hand helpers inlined: per-table calls
with array arguments would cost more than the table itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.niuniu.evaluate import ADVANTAGE, INFO_SHIFT, PLAYER_WINS, TIE, compare, evaluate5
from kernels.niuniu.layout import (
    CENSUS_CARDS, CENSUS_CATEGORY, CENSUS_TOP, HAND_SIZE, MAX_SEATS, OUTCOME_PLAYER_LOSES,
    OUTCOME_PLAYER_WINS, ROW_ADVANTAGE, ROW_BANKER, ROW_CARDS, ROW_CATEGORY, ROW_CHIPS, ROW_OUTCOME,
    ROW_TIE, ROW_TOP,
)
from kernels.deal import place_fixed
from kernels.rng import seed_stream
from kernels.showdown.deal import deal_top
from kernels.state import borrow, clone

P_N_SEATS, P_BANKER_MODE, P_BANKER_SEAT, P_ADVANTAGE, P_PAYOUT_HAND, P_LIMIT = range(6)
N_PARAMS = 6
BANKER_FIXED, BANKER_ROTATE = 0, 1
PAY_WINNER, PAY_PLAYER = 0, 1


@njit(cache=True, nogil=True, inline="always")
def deal_and_evaluate(st, fix, seed, game_index, n_seats):
    """Deal game ``game_index`` (with ``--fix``'s cards, ``kernels.deal.place_fixed``); category,
    top card and packed cards of every seat into ``st.cats``, ``st.tops``, ``st.packed``."""
    seed_stream(seed, game_index, st.rng)
    deck = st.deck
    n_cards = deck.shape[0]
    for k in range(n_cards):  # (a loop: cheaper than a slice copy per deal)
        deck[k] = st.deck_template[k]
    deal_top(st.rng, deck, HAND_SIZE * n_seats)
    if fix is not None:
        place_fixed(st.rng, deck, fix[0], fix[1])
    for s in range(n_seats):
        p = n_cards - 1 - s
        c0, c1, c2, c3, c4 = deck[p], deck[p - n_seats], deck[p - 2 * n_seats], deck[p - 3 * n_seats], \
            deck[p - 4 * n_seats]
        cat, top = evaluate5(c0, c1, c2, c3, c4, st.card_info, st.card_of_strength)
        st.cats[s] = cat
        st.tops[s] = top
        st.packed[s] = (np.int64(c0) | (np.int64(c1) << 6) | (np.int64(c2) << 12) | (np.int64(c3) << 18)
                        | (np.int64(c4) << 24))


@njit(cache=True, nogil=True)
def play_block(owned, fix, seed, lo, hi, start, out_rows):
    """Tables ``lo .. hi-1`` into ``out_rows[g - start]`` on a view of ``owned`` (the caller holds
    it) whose arrays carry no reference count (``kernels.state.borrow``: numba would otherwise
    count a reference of every slot at each call that takes the state, a table's hot path)."""
    st = borrow(owned)
    params, card_info, multipliers, bets = st.params, st.card_info, st.multipliers, st.bets
    cats, tops, packed = st.cats, st.tops, st.packed
    n = params[P_N_SEATS]
    advantage = params[P_ADVANTAGE] != 0
    limit = params[P_LIMIT]
    pay_player = params[P_PAYOUT_HAND] == PAY_PLAYER
    rotate = params[P_BANKER_MODE] == BANKER_ROTATE
    banker = params[P_BANKER_SEAT]
    if rotate:
        banker = (banker + lo) % n
    for g in range(lo, hi):
        i = g - start
        deal_and_evaluate(st, fix, seed, g, n)
        cat_b = cats[banker]
        str_b = card_info[tops[banker]] >> INFO_SHIFT
        banker_chips = 0
        for s in range(n):
            out_rows[i, ROW_CARDS + s] = packed[s]
            out_rows[i, ROW_CATEGORY + s] = cats[s]
            out_rows[i, ROW_TOP + s] = tops[s]
            if s == banker:
                out_rows[i, ROW_OUTCOME + s] = 0
                out_rows[i, ROW_TIE + s] = 0
                out_rows[i, ROW_ADVANTAGE + s] = 0
                continue
            res = compare(cat_b, str_b, cats[s], card_info[tops[s]] >> INFO_SHIFT, advantage, limit)
            wins = (res & PLAYER_WINS) != 0
            mult = multipliers[cats[s]] if (pay_player or wins) else multipliers[cat_b]
            chips = bets[s] * mult if wins else -bets[s] * mult
            banker_chips -= chips
            out_rows[i, ROW_CHIPS + s] = chips
            out_rows[i, ROW_OUTCOME + s] = OUTCOME_PLAYER_WINS if wins else OUTCOME_PLAYER_LOSES
            out_rows[i, ROW_TIE + s] = (res & TIE) >> 1
            out_rows[i, ROW_ADVANTAGE + s] = (res & ADVANTAGE) >> 2
        out_rows[i, ROW_CHIPS + banker] = banker_chips
        out_rows[i, ROW_BANKER] = banker
        for s in range(n, MAX_SEATS):  # unused seats: zero
            for f in (ROW_CARDS, ROW_CATEGORY, ROW_TOP, ROW_OUTCOME, ROW_TIE, ROW_ADVANTAGE, ROW_CHIPS):
                out_rows[i, f + s] = 0
        if rotate:
            banker += 1
            if banker == n:
                banker = 0


@njit(cache=True, nogil=True, parallel=True)
def play_range(table, fix, seed, start, count, out_rows, n_blocks):
    """Tables ``start .. start+count-1`` into ``out_rows[i - start, :ROW_LEN]``, ``n_blocks``
    contiguous blocks in parallel, each on its own clone of ``table``; rows depend only on
    ``(seed, i)``. ``fix``: ``(fix_card, fix_slots)`` of ``--fix``, or None."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        play_block(clone(table), fix, seed, lo, hi, start, out_rows)


@njit(cache=True, nogil=True)
def census_block(owned, fix, seed, lo, hi, start, out_rows):
    st = borrow(owned)  # (as play_block)
    n = st.params[P_N_SEATS]
    for g in range(lo, hi):
        i = g - start
        deal_and_evaluate(st, fix, seed, g, n)
        for s in range(MAX_SEATS):
            live = s < n
            out_rows[i, CENSUS_CARDS + s] = st.packed[s] if live else 0
            out_rows[i, CENSUS_CATEGORY + s] = st.cats[s] if live else 0
            out_rows[i, CENSUS_TOP + s] = st.tops[s] if live else 0


@njit(cache=True, nogil=True, parallel=True)
def census_range(table, fix, seed, start, count, out_rows, n_blocks):
    """Deal statistics only (``CENSUS_LAYOUT``: cards, category, top card per seat) of the same
    deals as ``play_range``."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        census_block(clone(table), fix, seed, lo, hi, start, out_rows)
