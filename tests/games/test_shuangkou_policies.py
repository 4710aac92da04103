"""双扣 players on whole hands through the validating reference loop (wild jokers included): every
choice legal, no pass on a lead, partners' plays let stand unless it goes out (greedy, smart), and smart > greedy >
random in money per player on duplicate deals (5 sigma)."""

import numpy as np
import pytest

from sim.games.shuangkou.rules import VARIANTS, ShuangkouRules
from sim.ruleset import apply_overrides, flatten
from tests.games.shuangkou_helpers import KernelPlayers, duplicate_margins
from tests.reference.shuangkou_game import ShuangkouHand, deal_hand

MIXES = [["random"] * 4, ["greedy"] * 4, ["smart"] * 4, ["smart", "random", "greedy", "smart"]]


@pytest.mark.parametrize("policies", MIXES)
@pytest.mark.parametrize("variant", ["default", "qianbian"])
def test_whole_hands(policies, variant):
    rules = apply_overrides(ShuangkouRules(), VARIANTS[variant].overrides)
    flat = flatten(rules)
    for g in range(3):
        d = deal_hand(5, g, flat)
        players = KernelPlayers(policies, 200 + g, rules)
        h = ShuangkouHand(d["hands"], d["leader"], flat, d["players"])
        partner_plays = 0
        while not h.over:
            seat = h.turn
            key = players(h, seat)
            if h.top_seat >= 0 and h.top_seat != seat and (h.top_seat - seat) % 2 == 0:
                partner_plays += key[0] != 0 and key[2] < len(h.hands[seat])  # going out is fine
            h.act(seat, key)  # the reference checks cards, every joker's value and the beat
        assert len(h.order) >= 2
        if "random" not in policies:
            assert partner_plays == 0


@pytest.mark.parametrize("a, b, n", [("smart", "greedy", 200), ("greedy", "random", 100)])
def test_margins(a, b, n):
    d = duplicate_margins(a, b, seed=2026, n=n)
    assert d.mean() - 5 * d.std(ddof=1) / np.sqrt(n) > 0, (a, b, d.mean(), d.std(ddof=1) / np.sqrt(n))
