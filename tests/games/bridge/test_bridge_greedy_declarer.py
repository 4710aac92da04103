"""Greedy declarer play, rule by rule on crafted positions (kernels.bridge.cardplay's docstring),
and the kernel against the reference twin on random deals and contracts (not only the ones the
natural auction reaches).

A position is given as four partial hands 'S:AQ H:2 ...' (N, E, S, W) with declarer South (2),
so North (0) is dummy and West (3) makes the opening lead; ``played`` lists cards already gone.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.bridge.cardplay import PLAY_GREEDY, greedy_card, play_contract
from kernels.bridge.cards import RANK_CHARS, SUIT_CHARS, card
from kernels.bridge.state import R_STEP, new_state
from sim.games.bridge.players import policy_arrays
from tests.games.bridge.helpers import tables
from tests.reference import bridge as ref

SOUTH, NORTH = 2, 0
CLUBS, DIAMONDS, HEARTS, SPADES, NT = 0, 1, 2, 3, 4


def cards_of(text: str) -> list[int]:
    """'S:AQ H:32' -> card ids."""
    out = []
    for part in text.split():
        suit, ranks = part.split(":")
        out += [card(SUIT_CHARS.index(suit), RANK_CHARS.index(r)) for r in ranks]
    return out


def mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def board_state(masks, step: int = 1):
    """A board state (kernels.bridge.state) holding ``masks``, greedy play by every seat, play
    direction ``step``."""
    st = new_state(tables(), *policy_arrays("natural", "greedy"))
    st.rules[R_STEP] = step
    st.masks[:] = masks
    st.hands[:] = masks
    st.pol[1, :] = PLAY_GREEDY
    return st


def choose(hands_text: list[str], seat: int, trump: int, trick_text: str = "", played_text: str = "",
           declarer: int = SOUTH) -> int:
    """The kernel's greedy card for ``seat``, checked equal to the reference twin's."""
    hands = [cards_of(h) for h in hands_text]
    trick = cards_of(trick_text)
    played = set(cards_of(played_text)) | set(trick)
    masks = np.array([mask(h) for h in hands], np.uint64)
    t = np.zeros(4, np.int64)
    t[:len(trick)] = trick
    got = int(greedy_card(seat, masks, np.uint64(mask(list(played))), t, len(trick), declarer, trump, 1, True))
    want = ref.greedy_card(seat, hands, played, trick, declarer, trump, 1, True)
    assert got == want
    return got


def name(c: int) -> str:
    return SUIT_CHARS[c // 13] + RANK_CHARS[c % 13]


def test_declarer_ruffs_a_loser_in_the_short_trump_hand_before_drawing_trumps():
    # spades trumps: South AKQJ2 (5), dummy 543 (3) and void in hearts; South leads a low heart
    hands = ["S:543 D:5432", "S:T9 H:KQ D:AK", "S:AKQJ2 H:32 D:6", "S:876 H:AJ D:QJ"]
    assert name(choose(hands, SOUTH, SPADES)) == "H2"
    # the same with dummy holding as many trumps as South: no gain in ruffing, draw trumps
    hands[NORTH] = "S:76543 D:5432"
    hands[3] = "S:8 H:AJ D:QJT9"
    assert name(choose(hands, SOUTH, SPADES)) == "SA"


def test_declarer_leaves_the_opponents_a_trump_above_all_of_ours():
    # the only trump out is the ace: no trump lead (the old rule led the jack), a club toward dummy
    hands = ["S:32 D:A2 C:3 H:2", "S:A H:QJ", "S:KQJ C:K2 H:K", "C:AQ H:A"]
    assert name(choose(hands, SOUTH, SPADES, played_text="S:T987654")) == "C2"
    # with a low trump still out as well, declarer draws it: the cheapest of the KQJ sequence
    assert name(choose(hands, SOUTH, SPADES, played_text="S:T98765")) == "SJ"


def test_declarer_drives_out_the_trump_ace_with_a_sequence():
    hands = ["S:32 D:32", "S:A4 H:5", "S:KQJ5 D:4", "S:T9 H:A"]
    assert name(choose(hands, SOUTH, SPADES)) == "SJ"


def test_declarer_leads_low_toward_dummys_king():
    # NT, no master in South's hand: low toward dummy's K rather than from the longest suit (D2)
    hands = ["C:K3 D:8", "C:A54 D:K", "C:62 D:5432", "C:QJT D:A"]
    assert name(choose(hands, SOUTH, NT)) == "C2"


def test_declarer_finesses_the_queen_when_the_king_is_out():
    # South leads a low heart toward dummy's AQ, West follows low: dummy plays the queen
    hands = ["H:AQ3 C:2", "H:K54 C:3", "H:6 C:4", "H:98 C:5"]
    assert name(choose(hands, NORTH, NT, trick_text="H:2 H:7")) == "HQ"


def test_third_hand_wins_with_a_higher_card_when_its_sequence_card_cannot():
    # West plays the king second; the top sequence of AQ3 now reads Q (the K is played), which loses
    # to the K: the ace wins the trick (the old rule played low) — for defenders too
    hands = ["H:AQ3 C:2", "H:J54 C:3", "H:6 C:4", "H:98 C:5"]
    assert name(choose(hands, NORTH, NT, trick_text="H:2 H:K")) == "HA"
    hands = ["H:T C:2", "H:AQ3 C:3", "H:6 C:4", "H:98 C:5"]
    assert name(choose(hands, 1, NT, trick_text="H:2 H:K", declarer=SOUTH)) == "HA"


def test_second_hand_plays_low_when_dummy_behind_can_beat_the_card_led():
    # East leads the jack; South (second hand) would cover with the queen, but dummy (fourth) holds the ace
    hands = ["D:A32", "D:954", "D:Q76", "D:T8"]
    assert name(choose(hands, SOUTH, NT, trick_text="D:J")) == "D6"
    # a defender still covers: dummy leads the jack, East (second hand) covers with the queen
    hands = ["D:32", "D:Q54", "D:A76", "D:KT8"]
    assert name(choose(hands, 1, NT, trick_text="D:J")) == "DQ"


def test_declarer_does_not_ruff_what_dummy_behind_can_win():
    # East leads the club king, South is void; dummy (fourth hand) holds the club ace: discard a loser
    hands = ["C:A2 S:2 H:6", "C:543", "S:AK H:5432", "C:Q9"]
    assert name(choose(hands, SOUTH, SPADES, trick_text="C:K")) == "H2"


def test_declarer_discards_a_loser_from_the_shortest_losing_suit():
    # NT, West led a spade and dummy's ace wins; South cannot follow. Hearts hold a master (A);
    # diamonds (3 + 1 cards) and clubs (2 + 3) are losers: the diamond, where the old rule threw the H2
    hands = ["C:432 D:2", "H:2", "H:A32 D:543 C:65", "H:3"]
    assert name(choose(hands, SOUTH, NT, trick_text="S:Q S:A S:K")) == "D3"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), declarer=st.integers(0, 3), trump=st.integers(0, 4),
       step=st.sampled_from([1, 3]))
def test_greedy_contract_play_equals_the_reference_on_random_deals(seed, declarer, trump, step):
    deck = np.random.default_rng(seed).permutation(52)
    hands = [sorted(int(c) for c in deck[s::4]) for s in range(4)]
    st = board_state(np.array([mask(h) for h in hands], np.uint64), step)
    won = play_contract(st, declarer, trump)
    want = ref.greedy_play(hands, declarer, trump, step)
    assert list(st.sequence) == want
    assert won == ref.replay_play(hands, declarer, trump, want, step)
