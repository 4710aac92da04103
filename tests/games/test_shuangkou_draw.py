"""The 双扣 partner draw kernel against the reference deal: same announced card, leader, mate and
seat swap for the same stream, and the swap rule of SK-2 on every case."""

import numpy as np

from kernels.cards import card_rank
from kernels.deal import shuffle
from kernels.rng import seed_stream
from kernels.shuangkou.draw import apply_swap, partner_draw, swap_seat
from tests.reference.shuangkou_game import deal_hand


def test_draw_equals_reference():
    state = np.zeros(4, np.uint64)
    swaps = both = 0
    for g in range(400):
        seed_stream(77, g, state)
        deck = np.arange(108, dtype=np.int16)
        shuffle(state, deck)
        card, leader, mate = partner_draw(state, deck, 4)
        ref = deal_hand(77, g)
        assert (int(card), leader, mate) == (ref["draw_card"], ref["leader"], ref["mate"])
        counts = np.zeros((4, 16), np.int64)
        for p in range(108):
            counts[p % 4, card_rank(int(deck[p]))] += 1
        player = np.arange(4)
        target = swap_seat(leader, mate, 4)
        assert (target >= 0) == ref["swapped"]
        if target >= 0:
            apply_swap(counts, player, mate, target)
            swaps += 1
        both += mate == leader
        assert player.tolist() == ref["players"]
        for seat in range(4):
            want = np.zeros(16, np.int64)
            for c in ref["hands"][seat]:
                want[card_rank(c)] += 1
            assert (counts[seat] == want).all()
    # the other copy is one of the 107 other cards: beside the leader (a swap) with 54 of them
    p = 54 / 107
    assert abs(swaps / 400 - p) <= 5 * (p * (1 - p) / 400) ** 0.5
    p = 26 / 107
    assert abs(both / 400 - p) <= 5 * (p * (1 - p) / 400) ** 0.5


def test_swap_cases():
    for leader in range(4):
        assert swap_seat(leader, leader, 4) == -1
        assert swap_seat(leader, (leader + 2) % 4, 4) == -1
        assert swap_seat(leader, (leader + 1) % 4, 4) == (leader + 2) % 4
        assert swap_seat(leader, (leader + 3) % 4, 4) == (leader + 2) % 4
