"""五十K players on whole hands through the validating reference loop: every choice legal, no
pass on a lead, partners' plays let stand unless it goes out (greedy, smart), and smart > greedy > random on
duplicate deals (seat-rotated, 5 sigma)."""

import numpy as np
import pytest

from tests.games.wushik_helpers import KernelPlayers, deal, duplicate_margins
from tests.reference.wushik_game import WushikHand

MIXES = [["random"] * 4, ["greedy"] * 4, ["smart"] * 4, ["smart", "random", "greedy", "smart"]]


@pytest.mark.parametrize("policies", MIXES)
def test_whole_hands(policies):
    for g in range(3):
        players = KernelPlayers(policies, 100 + g)
        h = WushikHand(deal(11, g), g % 4)
        partner_plays = 0
        while not h.over:
            seat = h.turn
            key = players(h, seat)  # never a pass on the lead (asserted inside)
            if h.top_seat >= 0 and h.top_seat != seat and (h.top_seat - seat) % 2 == 0:
                partner_plays += key[0] != 0 and key[2] < len(h.hands[seat])  # going out is fine
            h.act(seat, key)  # the reference raises on an illegal play
        assert len(h.order) >= 2
        if "random" not in policies:
            assert partner_plays == 0


@pytest.mark.parametrize("a, b, n", [("smart", "greedy", 60), ("greedy", "random", 30)])
def test_margins(a, b, n):
    d = duplicate_margins(a, b, seed=2026, n=n)
    assert d.mean() - 5 * d.std(ddof=1) / np.sqrt(n) > 0, (a, b, d.mean(), d.std(ddof=1) / np.sqrt(n))
