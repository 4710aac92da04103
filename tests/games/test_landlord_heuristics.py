"""Landlord-family player fixes, each behind a parameter so that its effect is measured on the same
deals: ``spring_guard`` (farmers stop a 春天 with a bomb), ``keep_bombs`` (no bomb broken for a
lesser play), ``lord_bombs`` / ``farmer_bombs`` (bomb for the lead) and the 4-player games' bids."""

import numpy as np

import sim


def _springs_with_a_beating_bomb(guard: float, n: int = 4000) -> tuple[int, int]:
    d = sim.play("doudizhu4", n, seed=13, policy="smart", policy_params={"spring_guard": guard},
                 progress=False).to_pandas()
    seats = 4
    landlord = d["landlord"].to_numpy()
    farmer = np.arange(seats)[None, :] != landlord[:, None]
    beats = np.stack([d[f"s{k}_left_beats_last"].to_numpy().astype(bool) for k in range(seats)], axis=1)
    spring = d["spring"].to_numpy().astype(bool) & (landlord >= 0)
    return int((spring & (farmer & beats).any(axis=1)).sum()), int(spring.sum())


def test_spring_guard_stops_every_spring_a_farmer_bomb_could_stop():
    """Same deals: with the guard off, farmers concede 春天 while holding a bomb that beats the
    landlord's last play; with it on (smart's default), never."""
    off, _ = _springs_with_a_beating_bomb(0)
    on, _ = _springs_with_a_beating_bomb(99)
    assert off >= 5 and on == 0


def test_four_player_smart_bids_three_from_its_own_threshold():
    """4-player 斗地主: smart's defaults bid 3 from strength 5 (its landlord wins most deals, and a bid
    of 1 or 2 is outbid); the same thresholds given explicitly give the same rows, and the old
    strong-hand thresholds (19 / 23 / 27) make bid 3 rare."""
    def bids(params):
        d = sim.play("doudizhu4", 2000, seed=3, policy="smart", policy_params=params, progress=False).to_pandas()
        return d["bid"].to_numpy()
    default = bids(None)
    assert np.array_equal(default, bids({"bid1": 5, "bid2": 5, "bid3": 5}))
    assert (default == 3).all()
    assert (bids({"bid1": 19, "bid2": 23, "bid3": 27}) == 3).mean() < 0.05


def _smart_choice(game, hands, seat, landlord, top_move=None, top_seat=-1, hand_left=None, **params):
    """smart's answer (a move record, or None for pass) for ``seat`` holding ``hands[seat]`` (rank
    counts), with ``top_move`` (kind, rank, size, chain) on the table by ``top_seat``."""
    import importlib

    from kernels.climb.loop import CL_HAND_SIZE, GS_LONE_SEAT, GS_TOP_SEAT
    from kernels.landlord.movegen import ll_generate
    from kernels.landlord.policies import params_matrix, smart_move
    from kernels.landlord.state import allocate
    from sim.games.landlord.play import card_ranks, seat_params
    from sim.games.landlord.rules import engine_rules
    from sim.registry import load_game

    fam = importlib.import_module(f"sim.games.{game}").FAMILY
    rules = engine_rules(load_game(game).rules(), fam.flow)
    n_seats = len(hands)
    pp = params_matrix(["smart"] * n_seats, seat_params(fam, ["smart"] * n_seats, [params] * n_seats))
    none = np.zeros((0, 0), np.int64)
    st = allocate(rules, [2] * n_seats, pp, np.ones(15), np.arange(108, dtype=np.int16), card_ranks(2), none, none)
    for s, h in enumerate(hands):
        st.counts[s, :15] = h
    if top_move is not None:
        kind, rank, size, chain = top_move
        st.top[:] = (kind, rank, size, 0, -1, chain, 0)
    st.gs[GS_TOP_SEAT] = top_seat if top_move is not None else -1
    st.gs[GS_LONE_SEAT] = landlord
    n = ll_generate(st.counts[seat], st.top, rules, st.moves, st.scratch[32:], np.int64(-1))
    st.hand_left[:] = hand_left if hand_left is not None else [int(sum(h)) for h in hands]
    i = smart_move(seat, st.moves, n, st.counts, st.hand_left, st.gs, st.pp, st.scratch, rules[CL_HAND_SIZE])
    return None if i < 0 else tuple(int(x) for x in st.moves[i, :3])


# a 上海 landlord's 33 cards (rank counts 3..A, 2, 小王, 大王) with four jacks (index 8): smart used to
# lead a single jack out of the bomb (seen in play, where search chose otherwise)
LANDLORD_33 = [3, 2, 2, 2, 1, 3, 3, 3, 4, 5, 1, 2, 1, 0, 1]
FARMER_25 = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 0]


def test_smart_keeps_its_bombs_whole_unless_told_not_to():
    """keep_bombs (smart's default): no non-bomb play takes cards out of a bomb; 0 restores the old
    lead, a single jack from the four jacks."""
    hands = [LANDLORD_33, FARMER_25, FARMER_25, FARMER_25]
    kept = _smart_choice("shanghai", hands, 0, 0)
    broke = _smart_choice("shanghai", hands, 0, 0, keep_bombs=0)
    assert broke == (1, 8, 1)
    kind, rank, size = kept
    assert not (rank == 8 and kind != 4), kept


def test_a_bomb_plays_its_whole_rank():
    """keep_bombs: a 上海 farmer bombing the landlord's 2 with seven 3s plays all seven (a 7张 whole);
    keep_bombs=0 plays the weakest bomb, four of them."""
    farmer = [7, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0]
    other = [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 0, 0]
    hands = [other, farmer, other, other]
    assert _smart_choice("shanghai", hands, 1, 0, top_move=(1, 12, 1, 1), top_seat=0) == (4, 0, 7)
    assert _smart_choice("shanghai", hands, 1, 0, top_move=(1, 12, 1, 1), top_seat=0, keep_bombs=0) == (4, 0, 4)


def test_landlord_bombs_for_the_lead_while_it_holds_two_bombs():
    """lord_bombs (2 by default): a landlord with no other answer to a farmer's 2 bombs with its
    weakest bomb while it holds two, and passes with one (no farmer is near going out)."""
    two = [4, 4, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0]
    one = [4, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0]
    farmer = [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 3, 0, 0]
    for landlord_hand, expect in ((two, (4, 0, 4)), (one, None)):
        hands = [landlord_hand, farmer, farmer]
        got = _smart_choice("doudizhu", hands, 0, 0, top_move=(1, 12, 1, 1), top_seat=1)
        assert got == expect, (landlord_hand, got)
    off = _smart_choice("doudizhu", [two, farmer, farmer], 0, 0, top_move=(1, 12, 1, 1), top_seat=1, lord_bombs=99)
    assert off is None


def test_shanghai_farmers_answer_the_landlord_with_a_bomb():
    """farmer_bombs (1 in 上海, off elsewhere): a farmer with no other answer to the landlord's play
    bombs for the lead; a 斗地主 farmer in the same spot passes."""
    farmer = [4, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 0]
    other = [1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 0, 0]
    hands4 = [other, farmer, other, other]
    assert _smart_choice("shanghai", hands4, 1, 0, top_move=(1, 12, 1, 1), top_seat=0) == (4, 0, 4)
    assert _smart_choice("shanghai", hands4, 1, 0, top_move=(1, 12, 1, 1), top_seat=0, farmer_bombs=99) is None
    assert _smart_choice("doudizhu", [other, farmer, other], 1, 0, top_move=(1, 12, 1, 1), top_seat=0) is None


def test_search_confidence_keeps_smart_unless_the_evidence_is_strong():
    """On the same deals, demanding more standard errors makes search leave smart's choice less
    often (play and bids); with confidence 0 it takes any positive mean gain."""
    def agree_rate(z):
        d = sim.play("doudizhu", 36, seed=17, policy="search,smart,smart",
                     policy_params=[{"worlds": 4, "confidence": z}, {}, {}], progress=False).to_pandas()
        return d["s0_search_agree"].sum() / d["s0_search_decisions"].sum()
    assert agree_rate(0.0) < agree_rate(3.0)


def test_the_games_list_the_kernels_parameters_in_order():
    """``paiju --policy-param`` names (sim side, no numba) are the kernel's ``pp`` columns."""
    from kernels.landlord.policies import PARAM_ORDER
    from sim.games.landlord import PARAMS

    assert PARAMS == PARAM_ORDER
