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


def _lead(params):
    """Issue 24, seed 40, game 832: seat 3 leads holding 33 666666 7 88 99 10 JJ QQ AA 2 and 大王 (two
    seats already at 6相). The plan-only smart led 88 99 (10) JJ QQ with 大王 as the 10, though
    the joker added to 666666 makes a 7相 bomb."""
    from kernels.climb.loop import GS_TOP_SEAT
    from kernels.shuangkou.movegen import generate_moves
    from kernels.shuangkou.policies import SMART, choose_move, params_matrix
    from kernels.shuangkou.state import new_state
    from sim.games.shuangkou.rules import engine_rules

    st = new_state(engine_rules(ShuangkouRules()), np.full(4, SMART), params_matrix(["smart"] * 4, [params] * 4))
    st.counts[3, :15] = [2, 0, 0, 6, 1, 2, 2, 1, 2, 2, 0, 2, 1, 0, 1]
    st.hand_left[:] = [20, 17, 22, 22]
    st.level_now[:] = [6, 6, 0, 0]
    st.gs[GS_TOP_SEAT] = -1
    n = generate_moves(st.counts[3], st.top, st.rules, st.moves)
    i = choose_move(st, 3, n)
    return tuple(int(x) for x in st.moves[i])


def test_smart_keeps_the_joker_for_its_natural_bomb():
    kind, rank, size, wilds = _lead({})[:4]
    assert wilds == 0  # smart's defaults keep 大王 for the 666666
    assert _lead({"wild_bomb": 0})[3] == 1  # the old choice: the joker as the 10 of a 连对
