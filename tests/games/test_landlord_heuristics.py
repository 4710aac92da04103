"""Landlord-family player fixes, each behind a parameter so that its effect is measured on the same
deals: ``spring_guard`` (farmers stop a 春天 with a bomb) and 4-player 斗地主's bid thresholds."""

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


def test_four_player_smart_bids_from_its_own_thresholds():
    """25-card hands: smart's 4-player defaults make bid 3 rare (斗地主's thresholds made it 98.5%);
    the same thresholds given explicitly give the same rows, and 斗地主's give bid 3 nearly always."""
    def bids(params):
        d = sim.play("doudizhu4", 2000, seed=3, policy="smart", policy_params=params, progress=False).to_pandas()
        return d["bid"].to_numpy()
    default = bids(None)
    assert np.array_equal(default, bids({"bid1": 19, "bid2": 23, "bid3": 27}))
    assert (default == 3).mean() < 0.05
    assert (bids({"bid1": 5, "bid2": 7, "bid3": 8.5}) == 3).mean() > 0.9


def test_search_confidence_keeps_smart_unless_the_evidence_is_strong():
    """On the same deals, demanding more standard errors makes search leave smart's choice less
    often (play and bids); with confidence 0 it takes any positive mean gain."""
    def agree_rate(z):
        d = sim.play("doudizhu", 36, seed=17, policy="search,smart,smart",
                     policy_params=[{"worlds": 4, "confidence": z}, {}, {}], progress=False).to_pandas()
        return d["s0_search_agree"].sum() / d["s0_search_decisions"].sum()
    assert agree_rate(0.0) < agree_rate(3.0)
