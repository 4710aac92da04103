"""Auction and card play of whole boards, replayed by the pure-Python reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kernels.bridge.auction import AUCTION_STATE, PASS, is_legal, make_call, start_auction
from kernels.bridge.layout import BOARD_LAYOUT, CONTRACT_NAMES
from kernels.bridge.trick import legal_cards, trick_winner
from sim.games.bridge.text import auction_calls, call_name
from tests.games.bridge.helpers import logged
from tests.reference import bridge as ref

AT = BOARD_LAYOUT.at


def _ref_call(code: int):
    return {1: "P", 2: "X", 3: "XX"}.get(code) or ((code - 4) // 5 + 1, (code - 4) % 5)


@settings(max_examples=200, deadline=None)
@given(hand=st.sets(st.integers(0, 51), min_size=1, max_size=13), led=st.integers(-1, 3))
def test_legal_cards_equal_reference(hand, led):
    mask = np.uint64(sum(1 << c for c in hand))
    got = [c for c in range(52) if int(legal_cards(mask, led)) >> c & 1]
    assert got == ref.legal(list(hand), None if led < 0 else led)


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=1, max_size=4, unique=True), trump=st.integers(0, 4))
def test_trick_winner_equals_reference(cards, trump):
    assert trick_winner(np.array(cards, np.int64), len(cards), trump) == ref.winner(cards, trump)


def _ref_accepts(calls) -> bool:
    """Does the reference accept these calls as the start of an auction? They are completed with
    just enough passes to end it; a call after the end is illegal (rules §2: the auction is over)."""
    for k in range(5):
        tail = [((calls[-1][0] + j) % 4, "P") for j in range(1, k + 1)]
        try:
            ref.auction_result(calls + tail)
            return True
        except AssertionError as exc:
            if "auction not finished" not in str(exc):
                return False
    return False


@settings(max_examples=150, deadline=None)
@given(calls=st.lists(st.integers(1, 38), min_size=1, max_size=20), dealer=st.integers(0, 3))
@example(calls=[PASS, PASS, PASS, PASS, 2], dealer=0)  # a double after a passed-out auction: illegal
@example(calls=[4, PASS, PASS, PASS, 2], dealer=0)  # a double after 1♣ and three passes (over): illegal
@example(calls=[4, PASS, PASS, PASS, 9], dealer=1)  # a bid after the end: illegal
def test_call_legality_equals_reference(calls, dealer):
    """Feed random calls; the kernel accepts exactly those the reference's rules accept."""
    state = np.zeros(AUCTION_STATE, np.int64)
    start_auction(state)
    accepted = []
    seat = dealer
    for code in calls:
        ok_kernel = is_legal(state, seat, code)
        ok_ref = _ref_accepts(accepted + [(seat, _ref_call(code))])
        assert ok_kernel == ok_ref, (accepted, seat, code)
        if ok_kernel:
            make_call(state, seat, code)
            accepted.append((seat, _ref_call(code)))
            seat = (seat + 1) % 4
        if state[4] >= 40:
            break


def _check_board(row, sequence, seed, g, step=1):
    hands, _ = ref.deal(seed, g)
    assert [int(row[AT("hand") + k]) for k in range(4)] == [ref.mask_of(h) for h in hands]
    dealer, vul = ref.board_setup(g + 1)
    assert row[AT("dealer")] == dealer
    assert ["none", "ns", "ew", "both"][row[AT("vul")]] == vul
    calls = auction_calls(row[AT("auction0"):AT("auction0") + 5])
    assert len(calls) == row[AT("n_calls")]
    result = ref.auction_result([((dealer + k * step) % 4, _ref_call(c)) for k, c in enumerate(calls)])
    if result is None:
        assert row[AT("level")] == -1 and row[AT("contract")] == 0 and row[AT("ns_score")] == 0
        return
    level, strain, doubled, declarer = result
    assert (row[AT("level")], row[AT("strain")], row[AT("doubled")], row[AT("declarer")]) == result
    assert CONTRACT_NAMES[row[AT("contract")]] == call_name(4 + 5 * (level - 1) + strain) + ["", "X", "XX"][doubled]
    tricks = ref.replay_play(hands, declarer, strain, list(sequence), step)
    assert row[AT("tricks")] == tricks and row[AT("opening_lead")] == sequence[0]
    score = ref.duplicate_score(level, strain, doubled, ref.vulnerable(vul, declarer), tricks)
    assert row[AT("ns_score")] == (score if declarer % 2 == 0 else -score)


@pytest.mark.parametrize("play", ["greedy", "random"])
@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_boards_replay_under_the_reference_rules(play, direction):
    step = 1 if direction == "clockwise" else 3
    for g in range(150):
        row, sequence = logged(77, g, "natural", play, {"direction": direction})
        _check_board(row, sequence, 77, g, step)


def test_random_play_is_the_reference_random_policy():
    for g in range(60):
        row, sequence = logged(5, g, "natural", "random")
        if row[AT("level")] < 0:
            continue
        hands, stream = ref.deal(5, g)
        want = ref.random_play(hands, int(row[AT("declarer")]), int(row[AT("strain")]), stream)
        assert list(sequence) == want, g


def test_pass_out_policy_passes_every_board():
    for g in range(8):
        row, sequence = logged(1, g, "pass-out", "greedy")
        assert auction_calls(row[AT("auction0"):AT("auction0") + 5]) == [PASS] * 4
        assert row[AT("result_is_par")] == 1 and row[AT("level")] == -1 and (sequence == -1).all()


def test_dd_play_leaves_tricks_to_the_dd_table():
    row, sequence = logged(2, 3, "natural", "dd")
    assert row[AT("level")] > 0 and row[AT("play_dd")] == 1 and row[AT("tricks")] == -1 and (sequence == -1).all()


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_greedy_play_is_the_reference_greedy_policy(direction):
    step = 1 if direction == "clockwise" else 3
    for g in range(120):
        row, sequence = logged(21, g, "natural", "greedy", {"direction": direction})
        if row[AT("level")] < 0:
            continue
        hands, _ = ref.deal(21, g)
        want = ref.greedy_play(hands, int(row[AT("declarer")]), int(row[AT("strain")]), step)
        assert list(sequence) == want, g
