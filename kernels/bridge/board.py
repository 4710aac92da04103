"""One board end to end — deal, auction, card play, score — and the batch entry ``play_range``.

Hand ``g`` is board g + 1 dealt from ``(seed, g)`` (``--duplicate``: board g // 4 + 1 turned by
g % 4, ``board_of``); its dealer is seat (number - 1) % 4 and its vulnerability the duplicate
cycle's entry (or the ruleset's fixed one). Bidding and play policies
are per player slot (``policies[0, slot]`` a ``BID_*`` code, ``policies[1, slot]`` a ``PLAY_*``
code; dummy plays by declarer's), turned round the table with ``rotate``. Card play continues the deal's stream (random play draws from it).
Facts go into ``BOARD_LAYOUT`` rows; the score is computed under the run's rules but can be
recomputed from the stored facts (``sim.games.bridge.scoring``).

Compiled rule arrays (``sim.games.bridge.rules.compile_rules``): ``rules`` (int64, ``R_*`` below),
``holding`` (``kernels.bridge.hand.holding_table``), ``pattern`` (``pattern_table``) and
``vul_cycle`` (int64[16], vulnerability code of boards 1..16).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.bridge.auction import (AUCTION_STATE, A_CALLS, A_DOUBLED, A_LAST_BID, PASS, auction_over, declarer_of,
                                    is_legal, make_call, start_auction, store_call)
from kernels.bridge.cardplay import PLAY_DD, play_contract
from kernels.bridge.deal import deal_board
from kernels.bridge.layout import BOARD_LAYOUT
from kernels.bridge.natural import BID_NATURAL, N_KN, natural_call, reset_knowledge
from kernels.bridge.score import ns_score
from kernels.rng import seed_stream

R_STEP, R_FIXED_VUL, R_INSULT_X, R_INSULT_XX = range(4)  # R_FIXED_VUL: -1 = the duplicate cycle
N_RULES = 4

B_BOARD = BOARD_LAYOUT.at("board")
B_DEALER = BOARD_LAYOUT.at("dealer")
B_VUL = BOARD_LAYOUT.at("vul")
B_HAND = BOARD_LAYOUT.at("hand")
B_HCP = BOARD_LAYOUT.at("hcp")
B_PATTERN = BOARD_LAYOUT.at("pattern")
B_N_CALLS = BOARD_LAYOUT.at("n_calls")
B_AUCTION = BOARD_LAYOUT.at("auction0")
B_CONTRACT = BOARD_LAYOUT.at("contract")
B_LEVEL = BOARD_LAYOUT.at("level")
B_STRAIN = BOARD_LAYOUT.at("strain")
B_DOUBLED = BOARD_LAYOUT.at("doubled")
B_DECLARER = BOARD_LAYOUT.at("declarer")
B_LEAD = BOARD_LAYOUT.at("opening_lead")
B_TRICKS = BOARD_LAYOUT.at("tricks")
B_SCORE = BOARD_LAYOUT.at("ns_score")
B_PLAY_DD = BOARD_LAYOUT.at("play_dd")
B_RESULT_IS_PAR = BOARD_LAYOUT.at("result_is_par")
ROW_LEN = BOARD_LAYOUT.length
assert BOARD_LAYOUT.at("auction4") == B_AUCTION + 4

_M13 = np.uint64(0x1FFF)


@njit(cache=True, nogil=True)
def hand_facts(masks, holding_tab, pattern_tab, hcp, lens, row):
    """HCP and suit lengths of the four hands (into ``hcp``, ``lens``) and their row facts."""
    for seat in range(4):
        total = 0
        for s in range(4):
            e = np.int64(holding_tab[np.int64((masks[seat] >> np.uint64(13 * s)) & _M13)])
            lens[seat, s] = e & 0xFF
            total += e
        hcp[seat] = (total >> 8) & 0xFF
        row[B_HAND + seat] = np.int64(masks[seat])
        row[B_HCP + seat] = hcp[seat]
        row[B_PATTERN + seat] = pattern_tab[(lens[seat, 0] * 14 + lens[seat, 1]) * 14 + lens[seat, 2]]


@njit(cache=True, nogil=True)
def run_auction(dealer, step, policies, bid_params, hcp, lens, st, kn, row):
    """Calls from ``dealer`` on until the auction ends, stored in the row; returns the call count."""
    start_auction(st)
    reset_knowledge(kn)
    seat = dealer
    while not auction_over(st):
        call = PASS
        if policies[0, seat] == BID_NATURAL:
            call = natural_call(seat, st, hcp, lens, kn, bid_params[seat])
            if not is_legal(st, seat, call):
                call = PASS
        store_call(row, B_AUCTION, st[A_CALLS], call)
        make_call(st, seat, call)
        seat = (seat + step) % 4
    return st[A_CALLS]


@njit(cache=True, nogil=True)
def board_of(deal, rotation, rules, vul_cycle):
    """(board number, dealer, vulnerability code) of deal ``deal`` seen from seats turned by ``rotation``.

    Board ``deal + 1`` has dealer (number - 1) % 4 and the vulnerability of the 16-board cycle (or
    the ruleset's fixed one). Turned by ``rotation`` (``--duplicate``: seat k holds what seat
    k + rotation was dealt), the dealer's cards sit at seat dealer - rotation, and an odd turn
    swaps which side is vulnerable: the same board, played from other seats."""
    board = deal + 1
    dealer = (deal - rotation + 8) % 4
    vul = vul_cycle[deal % 16] if rules[R_FIXED_VUL] < 0 else rules[R_FIXED_VUL]
    if rotation % 2 == 1:
        vul = ((vul & 1) << 1) | (vul >> 1)
    return board, dealer, vul


@njit(cache=True, nogil=True)
def seat_policies(g, rotate, policies, bid_params, pol, bp):
    """The players of hand ``g``: with ``rotate`` seat k is played by slot (k + g) % 4 (as
    ``sim.players.seat_policies``), else by slot k."""
    for k in range(4):
        slot = (k + g) % 4 if rotate else k
        pol[0, k] = policies[0, slot]
        pol[1, k] = policies[1, slot]
        for j in range(bid_params.shape[1]):
            bp[k, j] = bid_params[slot, j]


@njit(cache=True, nogil=True)
def play_hand(seed, g, rotate, duplicate, rules, holding_tab, pattern_tab, vul_cycle, deal_spec, policies, bid_params, pol,
              bp, state, deck, dealt, masks, hcp, lens, st, kn, hands, trick, sequence, row):
    """Hand ``g`` of a run into ``row``: deal ``g`` (``--duplicate``: deal g // 4 turned by g % 4)
    from ``(seed, deal)`` with the given hands of ``deal_spec`` (``kernels.bridge.deal``), with the
    players of ``seat_policies``; bid, play and score it."""
    deal = g // 4 if duplicate else g
    rotation = g % 4 if duplicate else 0
    seat_policies(g, rotate, policies, bid_params, pol, bp)
    deal_board(seed, deal, state, deck, dealt, holding_tab, deal_spec)
    for k in range(4):
        masks[k] = dealt[(k + rotation) % 4]
    board, dealer, vul = board_of(deal, rotation, rules, vul_cycle)
    play_dealt(board, dealer, vul, rules, holding_tab, pattern_tab, pol, bp, state, masks, hcp, lens, st, kn, hands,
               trick, sequence, row)


@njit(cache=True, nogil=True)
def play_dealt(board, dealer, vul, rules, holding_tab, pattern_tab, policies, bid_params, state, masks, hcp, lens, st,
               kn, hands, trick, sequence, row):
    """Bid, play and score the dealt hands ``masks`` as board ``board`` into ``row`` (zeroed here);
    random card play draws from ``state``."""
    row[:] = 0
    row[B_BOARD] = board
    row[B_DEALER] = dealer
    row[B_VUL] = vul
    hand_facts(masks, holding_tab, pattern_tab, hcp, lens, row)
    step = rules[R_STEP]
    row[B_N_CALLS] = run_auction(dealer, step, policies, bid_params, hcp, lens, st, kn, row)
    all_pass_out = True
    for s in range(4):
        if policies[0, s] == BID_NATURAL:
            all_pass_out = False
    row[B_RESULT_IS_PAR] = 1 if all_pass_out else 0
    declarer = declarer_of(st)
    row[B_LEAD] = -1
    row[B_TRICKS] = -1
    if declarer < 0:
        for f in (B_LEVEL, B_STRAIN, B_DOUBLED, B_DECLARER):
            row[f] = -1
        return
    level = st[A_LAST_BID] // 5 + 1
    strain = st[A_LAST_BID] % 5
    doubled = st[A_DOUBLED]
    row[B_LEVEL] = level
    row[B_STRAIN] = strain
    row[B_DOUBLED] = doubled
    row[B_DECLARER] = declarer
    row[B_CONTRACT] = 1 + st[A_LAST_BID] * 3 + doubled
    if policies[1, declarer] == PLAY_DD:
        row[B_PLAY_DD] = 1
        return
    tricks = play_contract(masks, declarer, strain, step, policies[1], state, hands, trick, sequence)
    row[B_LEAD] = sequence[0]
    row[B_TRICKS] = tricks
    row[B_SCORE] = ns_score(level, strain, doubled, declarer, vul, tricks, rules[R_INSULT_X], rules[R_INSULT_XX])


@njit(cache=True, nogil=True)
def _buffers():
    return (np.empty(4, np.uint64), np.empty(52, np.int8), np.empty(4, np.uint64), np.empty(4, np.uint64),
            np.empty(4, np.int64), np.empty((4, 4), np.int64), np.empty(AUCTION_STATE, np.int64),
            np.empty((4, N_KN), np.int64), np.empty(4, np.uint64), np.empty(4, np.int64), np.empty(52, np.int64))


@njit(cache=True, nogil=True, parallel=True)
def play_range(seed, start, count, rotate, duplicate, rules, holding_tab, pattern_tab, vul_cycle, deal_spec, policies,
               bid_params, out_rows, n_blocks):
    """Play hands ``start .. start+count-1`` into ``out_rows[g - start]`` (int64, ``ROW_LEN``) in
    ``n_blocks`` parallel blocks with their own buffers. ``policies`` is int64[2, 4] (bidding,
    play; one column per player slot) and ``bid_params`` int64[4, N_BID_PARAMS]; ``rotate`` and
    ``duplicate`` as in ``play_hand``. Rows depend only on ``(seed, g)``."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        lo = start + (count * b) // n_blocks
        hi = start + (count * (b + 1)) // n_blocks
        state, deck, dealt, masks, hcp, lens, st, kn, hands, trick, sequence = _buffers()
        pol = policies.copy()
        bp = bid_params.copy()
        for g in range(lo, hi):
            play_hand(seed, g, rotate, duplicate, rules, holding_tab, pattern_tab, vul_cycle, deal_spec, policies,
                      bid_params, pol, bp, state, deck, dealt, masks, hcp, lens, st, kn, hands, trick, sequence,
                      out_rows[g - start])


@njit(cache=True, nogil=True)
def play_logged(seed, g, rotate, duplicate, rules, holding_tab, pattern_tab, vul_cycle, deal_spec, policies, bid_params,
                given_masks):
    """One hand with its card play, for replay and tests: (row, the 52 cards in play order, -1
    when not played). With ``given_masks`` (uint64[4], e.g. from a PBN deal) those hands are played
    as board g + 1 instead of the deal of ``(seed, g)`` (random play draws from that stream);
    pass an empty array to deal."""
    state, deck, dealt, masks, hcp, lens, st, kn, hands, trick, sequence = _buffers()
    sequence[:] = -1
    row = np.zeros(ROW_LEN, np.int64)
    pol = policies.copy()
    bp = bid_params.copy()
    if given_masks.shape[0] == 4:
        seed_stream(seed, g, state)
        masks[:] = given_masks
        seat_policies(g, rotate, policies, bid_params, pol, bp)
        board, dealer, vul = board_of(g, 0, rules, vul_cycle)
        play_dealt(board, dealer, vul, rules, holding_tab, pattern_tab, pol, bp, state, masks, hcp, lens, st, kn,
                   hands, trick, sequence, row)
    else:
        play_hand(seed, g, rotate, duplicate, rules, holding_tab, pattern_tab, vul_cycle, deal_spec, policies, bid_params,
                  pol, bp, state, deck, dealt, masks, hcp, lens, st, kn, hands, trick, sequence, row)
    return row, sequence.copy()
