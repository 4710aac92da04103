"""港式五张 tables: deal, 庄家 per round, betting, showdown, pot; one raw-fact row per deal.

Game ``i`` draws only from the stream ``(seed, i)`` (``(seed, i // n_seats)`` with
``--duplicate``), in this order: the deal (the first
``5 * n_seats`` draws of the top-of-deck shuffle of the 28 local ids, ``kernels.showdown.deal``),
then ``--fix``'s placements (``kernels.deal.place_fixed``, none without it), then the players'
draws in the order they act (a uniform per RANDOM decision, the sampled
completions of an EQUITY seat's equity). The deal starts at seat 0, the first 庄家 (HK-1: the
first player to enter deals first); card ``j`` of seat ``s`` is deck position
``27 - s - n_seats * j``: ``j = 0`` is the hole card, ``j = 1..4`` the up-cards of rounds 2..5.
Every seat's five cards are fixed at the deal; a seat that folds simply never shows the rest
(dealing round by round to the seats still in gives the same distribution).

After each up-card round ``st`` (2..5), 庄家 is the seat still in with the best visible up-cards
(HK-2, ``kernels.hkstud.tables``), and with betting on a round starts with 庄家
(``kernels.hkstud.betting``). The last seat in, or the best hand at the showdown, takes the pot.

The kernels take the table's declared state (``kernels.hkstud.state``); ``fix`` is ``--fix``'s
``(fix_card, fix_slots)`` or None (then numba leaves the placement out). The per-table helpers
are inlined (a call with array arguments per table cost a quarter of a table without betting). ``params`` (int64, ``kernels.hkstud.betting.P_*``): seats, betting (0 none, 1 fixed_limit,
2 pot_limit), ante, bet, big_bet, max_raises, stack. ``plain``/``flush`` are the ruleset's
evaluation tables, ``alt_plain``/``alt_flush`` the same with ``high_card_kickers`` flipped (for
the ``alt_winner`` fact). ``policy[seat]`` and ``pp[seat, :]`` are ``kernels.hkstud.policies``.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.hkstud.betting import BET_NONE, P_ANTE, P_BETTING, P_N_SEATS, P_STACK, betting_round
from kernels.hkstud.cards import FIRST_SHARED, HAND_SIZE, HIGH_CARD, N_CARDS
from kernels.hkstud.evaluate import key5, key_k
from kernels.hkstud.layout import (
    CENSUS_ALT_WINNER, CENSUS_BANKER, CENSUS_CARDS, CENSUS_CATEGORY, CENSUS_KEY, CENSUS_LEN, CENSUS_WINNER,
    ROW_ALLIN, ROW_ALT_WINNER, ROW_BANKER, ROW_CARDS, ROW_CATEGORY, ROW_CHIPS, ROW_END_STREET,
    ROW_FOLDED, ROW_INVESTED, ROW_KEY, ROW_LEN, ROW_POT, ROW_RAISES, ROW_SHOWDOWN, ROW_WINNER,
)
from kernels.deal import place_fixed
from kernels.rng import seed_stream
from kernels.showdown.deal import deal_top
from kernels.state import borrow, clone


@njit(cache=True, nogil=True, inline="always")
def deal(st, fix, seed, deal_index, rotation, n):
    """Deal ``deal_index``: ``st.cards[s, j]`` local ids (hole first); with ``rotation`` r seat s
    holds the hand dealt to seat ``(s + r) % n`` (``--duplicate``). ``fix``: ``--fix``'s cards
    (local ids), placed after the deal's draws (``kernels.deal.place_fixed``), or None."""
    state, deck, cards = st.rng, st.deck, st.cards
    seed_stream(seed, deal_index, state)
    for c in range(N_CARDS):
        deck[c] = c
    deal_top(state, deck, HAND_SIZE * n)
    if fix is not None:
        place_fixed(state, deck, fix[0], fix[1])
    p = N_CARDS - 1
    for j in range(HAND_SIZE):
        for d in range(n):
            s = d - rotation
            if s < 0:
                s += n
            cards[s, j] = deck[p]
            p -= 1


@njit(cache=True, nogil=True, inline="always")
def visible_banker(st, live, n, k):
    """Seat still in with the best ``k`` up-cards (HK-2)."""
    cards = st.cards
    best = -1
    best_key = -1
    for s in range(n):
        if live[s]:
            key, _ = key_k(cards[s, 1], cards[s, 2], cards[s, 3], cards[s, 4], 0, k, st.plain, st.flush)
            if key > best_key:
                best, best_key = s, key
    return best


@njit(cache=True, nogil=True, inline="always")
def best_live(keys, live, n):
    best = -1
    for s in range(n):
        if live[s] and (best < 0 or keys[s] > keys[best]):
            best = s
    return best


@njit(cache=True, nogil=True, inline="always")
def packed_shared(cards, s):
    """The seat's five cards as shared ids, 6 bits each."""
    out = np.int64(0)
    for j in range(HAND_SIZE):
        out |= np.int64(cards[s, j] + FIRST_SHARED) << np.int64(6 * j)
    return out


@njit(cache=True, nogil=True, inline="always")
def alt_winner_of(st, live, n, winner):
    """The winner under the other 散牌 rule (``alt_plain``/``alt_flush``): it can only change a 散牌 win."""
    if st.cats[winner] != HIGH_CARD:
        return winner
    cards = st.cards
    for s in range(n):
        st.alt_keys[s], _ = key5(cards[s, 0], cards[s, 1], cards[s, 2], cards[s, 3], cards[s, 4], st.alt_plain,
                                 st.alt_flush)
    return best_live(st.alt_keys, live, n)


@njit(cache=True, nogil=True)
def play_block(owned, fix, seed, lo, hi, start, rotate, duplicate, out_rows):
    """Tables ``lo .. hi-1`` into ``out_rows[g - start]`` (the actions of the last one in ``log``),
    on a view of ``owned`` (the caller holds it) whose arrays carry no reference count
    (``kernels.state.borrow``: numba would otherwise count a reference of every slot at each
    call that takes the state, several a table)."""
    st = borrow(owned)
    params, cards, keys, cats = st.params, st.cards, st.keys, st.cats
    live, allin, invested, folded, raises = st.live, st.allin, st.invested, st.folded, st.raises
    n = params[P_N_SEATS]
    betting = params[P_BETTING] != BET_NONE
    ante = min(params[P_ANTE], params[P_STACK])
    st.policy[:] = st.base_policy
    st.pp[:, :] = st.base_pp
    for g in range(lo, hi):
        i = g - start
        for f in range(ROW_LEN):
            out_rows[i, f] = 0
        st.n_log[0] = 0
        if rotate:  # seat k is played by the run's player of seat (k + g) % n
            for k in range(n):
                st.policy[k] = st.base_policy[(k + g) % n]
                for q in range(st.pp.shape[1]):
                    st.pp[k, q] = st.base_pp[(k + g) % n, q]
        deal(st, fix, seed, g // n if duplicate else g, g % n if duplicate else 0, n)
        for s in range(n):
            key, cat = key5(cards[s, 0], cards[s, 1], cards[s, 2], cards[s, 3], cards[s, 4], st.plain, st.flush)
            keys[s] = key
            cats[s] = cat
            live[s] = True
            allin[s] = ante == params[P_STACK]
            invested[s] = ante
            folded[s] = 0
            raises[s] = 0
            st.eq_key[s] = -1
        n_in = n
        end_street = 5
        for street in range(2, 6):
            banker = visible_banker(st, live, n, street - 1)
            out_rows[i, ROW_BANKER + street - 2] = banker
            if betting:
                n_in = betting_round(st, street, banker)
                if n_in == 1:
                    end_street = street
                    for later in range(street + 1, 6):
                        out_rows[i, ROW_BANKER + later - 2] = -1
                    break
        winner = best_live(keys, live, n)
        alt_winner = alt_winner_of(st, live, n, winner) if n_in > 1 else winner
        pot = 0
        for s in range(n):
            pot += invested[s]
        out_rows[i, ROW_WINNER] = winner
        out_rows[i, ROW_ALT_WINNER] = alt_winner
        out_rows[i, ROW_SHOWDOWN] = 1 if n_in > 1 else 0
        out_rows[i, ROW_END_STREET] = end_street
        out_rows[i, ROW_POT] = pot
        for s in range(n):
            out_rows[i, ROW_CARDS + s] = packed_shared(cards, s)
            out_rows[i, ROW_CATEGORY + s] = cats[s]
            out_rows[i, ROW_KEY + s] = keys[s]
            out_rows[i, ROW_FOLDED + s] = folded[s]
            out_rows[i, ROW_INVESTED + s] = invested[s]
            out_rows[i, ROW_RAISES + s] = raises[s]
            out_rows[i, ROW_ALLIN + s] = 1 if allin[s] else 0
            out_rows[i, ROW_CHIPS + s] = (pot if s == winner else 0) - invested[s]


@njit(cache=True, nogil=True, parallel=True)
def play_range(table, fix, seed, start, count, rotate, duplicate, out_rows, n_blocks):
    """Tables ``start .. start+count-1`` into ``out_rows[i - start, :ROW_LEN]``, ``n_blocks``
    contiguous blocks in parallel, each on its own clone of ``table``; rows depend only on
    ``(seed, i)``. ``rotate``: seat k of table g is played by the run's player of seat
    ``(k + g) % n``; ``duplicate``: table g plays deal ``g // n`` turned by ``g % n`` (seat k
    holds what seat k + g % n was dealt)."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        play_block(clone(table), fix, seed, lo, hi, start, rotate, duplicate, out_rows)


@njit(cache=True, nogil=True)
def play_logged(table, fix, seed, game_index, rotate, duplicate, row):
    """Table ``game_index`` alone into ``row`` (2-D, one row) with its actions in ``table.log``
    (``kernels.hkstud.betting.LOG_*`` columns); returns the number of actions (replay)."""
    play_block(table, fix, seed, game_index, game_index + 1, game_index, rotate, duplicate, row)
    return table.n_log[0]


@njit(cache=True, nogil=True)
def census_block(owned, fix, seed, lo, hi, start, n, out_rows):
    st = borrow(owned)  # (as play_block)
    cards, keys, cats = st.cards, st.keys, st.cats
    live = st.live
    live[:] = True
    for g in range(lo, hi):
        i = g - start
        for f in range(CENSUS_LEN):
            out_rows[i, f] = 0
        deal(st, fix, seed, g, 0, n)
        for street in range(2, 6):
            out_rows[i, CENSUS_BANKER + street - 2] = visible_banker(st, live, n, street - 1)
        for s in range(n):
            key, cat = key5(cards[s, 0], cards[s, 1], cards[s, 2], cards[s, 3], cards[s, 4], st.plain, st.flush)
            keys[s] = key
            cats[s] = cat
            out_rows[i, CENSUS_CARDS + s] = packed_shared(cards, s)
            out_rows[i, CENSUS_CATEGORY + s] = cat
            out_rows[i, CENSUS_KEY + s] = key
        winner = best_live(keys, live, n)
        out_rows[i, CENSUS_WINNER] = winner
        out_rows[i, CENSUS_ALT_WINNER] = alt_winner_of(st, live, n, winner)


@njit(cache=True, nogil=True, parallel=True)
def census_range(table, fix, seed, start, count, out_rows, n_blocks):
    """Deal statistics (``CENSUS_LAYOUT``): cards, categories, keys, 庄家 per round and the
    showdown winner when nobody folds — the same deals as ``play_range``."""
    n_blocks = max(1, min(count, n_blocks))
    n = table.params[P_N_SEATS]
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        census_block(clone(table), fix, seed, lo, hi, start, n, out_rows)
