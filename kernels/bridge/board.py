"""One board end to end — deal, auction, card play, score — and the batch entry ``play_range``.

Hand ``g`` is board g + 1 dealt from ``(seed, g)`` (``--duplicate``: board g // 4 + 1 turned by
g % 4, ``board_of``); its dealer is seat (number - 1) % 4 and its vulnerability the duplicate
cycle's entry (or the ruleset's fixed one). Bidding and play policies
are per player slot (``policies[0, slot]`` a ``BID_*`` code, ``policies[1, slot]`` a ``PLAY_*``
code; dummy plays by declarer's), turned round the table with ``rotate``. Card play continues the deal's stream (random play draws from it).
Facts go into ``BOARD_LAYOUT`` rows; the score is computed under the run's rules but can be
recomputed from the stored facts (``sim.games.bridge.scoring``).

Every function takes the board's declared state ``st`` (``kernels.bridge.state``): the run
(seed, rotate, duplicate), the compiled rules (``sim.games.bridge.rules.compile_rules``: ``rules``,
``R_*``; ``holding``, ``pattern``, ``vul_cycle``), the given hands and the players are its shared
slots; ``kernels.bridge.state.new_state`` builds one, and ``play_range`` clones it per block.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from kernels.bridge.auction import (A_CALLS, A_DOUBLED, A_LAST_BID, PASS, auction_over, declarer_of, is_legal,
                                    make_call, start_auction, store_call)
from kernels.bridge.cardplay import PLAY_DD, play_contract
from kernels.bridge.deal import deal_board
from kernels.bridge.layout import BOARD_LAYOUT
from kernels.bridge.natural import BID_NATURAL, natural_call, reset_knowledge
from kernels.bridge.score import ns_score
from kernels.bridge.state import R_FIXED_VUL, R_INSULT_X, R_INSULT_XX, R_STEP, RUN_DUPLICATE, RUN_ROTATE, RUN_SEED
from kernels.rng import seed_stream
from kernels.state import borrow, clone

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
def hand_facts(st, row):
    """HCP and suit lengths of the four hands ``st.masks`` (into ``st.hcp``, ``st.lens``) and their
    row facts."""
    for seat in range(4):
        total = 0
        for s in range(4):
            e = st.holding[np.int64((st.masks[seat] >> np.uint64(13 * s)) & _M13)]
            st.lens[seat, s] = e & 0xFF
            total += e
        st.hcp[seat] = (total >> 8) & 0xFF
        row[B_HAND + seat] = np.int64(st.masks[seat])
        row[B_HCP + seat] = st.hcp[seat]
        row[B_PATTERN + seat] = st.pattern[(st.lens[seat, 0] * 14 + st.lens[seat, 1]) * 14 + st.lens[seat, 2]]


@njit(cache=True, nogil=True)
def run_auction(st, dealer, row):
    """Calls from ``dealer`` on until the auction ends, stored in the row; returns the call count.
    The natural system (``kernels.bridge.natural``) takes the arrays it reads, not ``st``: on the
    state, its twenty small functions cost 8.6 CPU-s more to compile and ran no faster."""
    auction = st.auction
    hcp = st.hcp
    lens = st.lens
    kn = st.kn
    pol = st.pol
    pp = st.pp
    start_auction(auction)
    reset_knowledge(kn)
    step = st.rules[R_STEP]
    seat = dealer
    while not auction_over(auction):
        call = PASS
        if pol[0, seat] == BID_NATURAL:
            call = natural_call(seat, auction, hcp, lens, kn, pp[seat])
            if not is_legal(auction, seat, call):
                call = PASS
        store_call(row, B_AUCTION, auction[A_CALLS], call)
        make_call(auction, seat, call)
        seat = (seat + step) % 4
    return auction[A_CALLS]


@njit(cache=True, nogil=True)
def board_of(st, deal, rotation):
    """(board number, dealer, vulnerability code) of deal ``deal`` seen from seats turned by ``rotation``.

    Board ``deal + 1`` has dealer (number - 1) % 4 and the vulnerability of the 16-board cycle (or
    the ruleset's fixed one). Turned by ``rotation`` (``--duplicate``: seat k holds what seat
    k + rotation was dealt), the dealer's cards sit at seat dealer - rotation, and an odd turn
    swaps which side is vulnerable: the same board, played from other seats."""
    board = deal + 1
    dealer = (deal - rotation + 8) % 4
    fixed = st.rules[R_FIXED_VUL]
    vul = st.vul_cycle[deal % 16] if fixed < 0 else fixed
    if rotation % 2 == 1:
        vul = ((vul & 1) << 1) | (vul >> 1)
    return board, dealer, vul


@njit(cache=True, nogil=True)
def seat_policies(st, g):
    """The players of hand ``g`` into ``st.pol`` and ``st.pp``: with the run's ``rotate`` seat k is
    played by slot (k + g) % 4 (as ``sim.players.seat_policies``), else by slot k."""
    rotate = st.run[RUN_ROTATE] != 0
    for k in range(4):
        slot = (k + g) % 4 if rotate else k
        st.pol[0, k] = st.players[0, slot]
        st.pol[1, k] = st.players[1, slot]
        st.pp[k, :] = st.params[slot]


@njit(cache=True, nogil=True)
def play_hand(st, g, row):
    """Hand ``g`` of a run into ``row``: deal ``g`` (``--duplicate``: deal g // 4 turned by g % 4)
    from ``(seed, deal)`` with the given hands (``kernels.bridge.deal``), with the players of
    ``seat_policies``; bid, play and score it."""
    duplicate = st.run[RUN_DUPLICATE] != 0
    deal = g // 4 if duplicate else g
    rotation = g % 4 if duplicate else 0
    seat_policies(st, g)
    deal_board(np.uint64(st.run[RUN_SEED]), deal, st.rng, st.deck, st.dealt, st.holding,
               (st.fix_card, st.fix_slots, st.constraints))
    for k in range(4):
        st.masks[k] = st.dealt[(k + rotation) % 4]
    board, dealer, vul = board_of(st, deal, rotation)
    play_dealt(st, board, dealer, vul, row)


@njit(cache=True, nogil=True)
def play_dealt(st, board, dealer, vul, row):
    """Bid, play and score the dealt hands ``st.masks`` as board ``board`` into ``row`` (zeroed
    here); random card play draws from ``st.rng``."""
    row[:] = 0
    row[B_BOARD] = board
    row[B_DEALER] = dealer
    row[B_VUL] = vul
    hand_facts(st, row)
    row[B_N_CALLS] = run_auction(st, dealer, row)
    all_pass_out = True
    for s in range(4):
        if st.pol[0, s] == BID_NATURAL:
            all_pass_out = False
    row[B_RESULT_IS_PAR] = 1 if all_pass_out else 0
    auction = st.auction
    declarer = declarer_of(auction)
    row[B_LEAD] = -1
    row[B_TRICKS] = -1
    if declarer < 0:
        for f in (B_LEVEL, B_STRAIN, B_DOUBLED, B_DECLARER):
            row[f] = -1
        return
    level = auction[A_LAST_BID] // 5 + 1
    strain = auction[A_LAST_BID] % 5
    doubled = auction[A_DOUBLED]
    row[B_LEVEL] = level
    row[B_STRAIN] = strain
    row[B_DOUBLED] = doubled
    row[B_DECLARER] = declarer
    row[B_CONTRACT] = 1 + auction[A_LAST_BID] * 3 + doubled
    if st.pol[1, declarer] == PLAY_DD:
        row[B_PLAY_DD] = 1
        return
    tricks = play_contract(st, declarer, strain)
    row[B_LEAD] = st.sequence[0]
    row[B_TRICKS] = tricks
    row[B_SCORE] = ns_score(level, strain, doubled, declarer, vul, tricks, st.rules[R_INSULT_X],
                            st.rules[R_INSULT_XX])


@njit(cache=True, nogil=True, parallel=True)
def play_range(template, start, count, out_rows, n_blocks):
    """Play hands ``start .. start+count-1`` into ``out_rows[g - start]`` (int64, ``ROW_LEN``) in
    ``n_blocks`` parallel blocks, each on its own ``clone`` of the state ``template``
    (``kernels.bridge.state.new_state``: the run, rules and players). Rows depend only on
    ``(seed, g)``."""
    n_blocks = max(1, min(count, n_blocks))
    for b in prange(n_blocks):
        play_block(clone(template), start, start + (count * b) // n_blocks,
                   start + (count * (b + 1)) // n_blocks, out_rows)


@njit(cache=True, nogil=True)
def play_block(st, start, lo, hi, out_rows):
    """Hands ``lo .. hi-1`` into ``out_rows[g - start]`` on the block's own state ``st`` (owned
    here for the block: each hand gets ``borrow(st)``, no reference counting per call)."""
    view = borrow(st)
    for g in range(lo, hi):
        play_hand(view, g, out_rows[g - start])


@njit(cache=True, nogil=True)
def play_logged(template, g, given_masks):
    """One hand with its card play, for replay and tests: (row, the 52 cards in play order, -1
    when not played). With ``given_masks`` (uint64[4], e.g. from a PBN deal) those hands are played
    as board g + 1 instead of the deal of ``(seed, g)`` (random play draws from that stream);
    pass an empty array to deal."""
    st = clone(template)
    view = borrow(st)  # st owns the arrays until the copy below; the hand runs on the view
    view.sequence[:] = -1
    row = np.zeros(ROW_LEN, np.int64)
    if given_masks.shape[0] == 4:
        seed_stream(np.uint64(view.run[RUN_SEED]), g, view.rng)
        view.masks[:] = given_masks
        seat_policies(view, g)
        board, dealer, vul = board_of(view, g, 0)
        play_dealt(view, board, dealer, vul, row)
    else:
        play_hand(view, g, row)
    return row, st.sequence.copy()
