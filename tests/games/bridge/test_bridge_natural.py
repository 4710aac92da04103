"""The natural bidding system on hands built for each rule of ``kernels.bridge.natural``."""

from __future__ import annotations

import pytest

from kernels.bridge.layout import BOARD_LAYOUT, MAX_CALLS
from sim.games.bridge.kernel_rows import board_columns, play
from sim.games.bridge.players import policy_arrays
from sim.games.bridge.rules import BridgeRules
from sim.games.bridge.text import auction_calls, call_name, parse_pbn
from tests.games.bridge.helpers import given
from tests.reference import bridge as ref

AT = BOARD_LAYOUT.at


def _deal(north: str, south: str | None = None) -> list[int]:
    """N (and S) as given; E gets the 13 lowest remaining cards (a weak hand), W the rest."""
    n = parse_pbn(f"N:{north} ... ... ...")[0]
    s = parse_pbn(f"N:{south} ... ... ...")[0] if south else 0
    rest = [c for c in sorted(range(52), key=lambda c: (c % 13, c)) if not (n | s) >> c & 1]
    if not south:
        s, rest = sum(1 << c for c in rest[13:26]), rest[:13] + rest[26:]
    e = sum(1 << c for c in rest[:13])
    w = sum(1 << c for c in rest[13:])
    assert n | e | s | w == (1 << 52) - 1 and bin(n).count("1") == bin(s).count("1") == 13
    return [n, e, s, w]


def _calls(masks) -> list[str]:
    row, _ = given(masks, g=0)  # board 1: North deals, nobody vulnerable
    return [call_name(c) for c in auction_calls(row[AT("auction0"):AT("auction0") + 5])]


@pytest.mark.parametrize("north, opening", [
    ("AK32.KQ4.J94.Q73", "1NT"),     # 15 balanced
    ("AK3.KQ4.AJ94.KQ3", "2NT"),     # 21 balanced
    ("AKJ32.Q4.J94.Q73", "1S"),      # 12, five spades
    ("AK32.4.QJ92.KQ73", "1D"),      # 15 with a singleton, no five-card suit: the longer minor (4-4: ♦)
    ("QJ9.AT8.532.KQ43", "1C"),      # 12 with 4-3-3-3 outside the NT range: clubs
    ("AJ9863.K4.932.43", "2S"),      # weak two: six spades, 8 HCP
    ("43.KQJ9763.93.43", "3H"),      # preempt: seven hearts, 6 HCP
    ("Q43.J976.932.K43", "P"),       # 6 HCP
])
def test_openings(north, opening):
    assert _calls(_deal(north))[0] == opening


@pytest.mark.parametrize("south, response", [
    ("Q84.K95.T832.K64", "2H"),   # 3-card support, 8 points: single raise
    ("K84.K95.QT83.K64", "3H"),   # 11 points with support: limit raise
    ("A84.K95.KQ83.Q64", "4H"),   # 14: game
    ("KQ84.95.T832.K65", "1S"),   # no support, four spades at the 1 level
    ("Q84.95.T832.T652", "P"),    # 2 HCP
])
def test_responses_to_one_heart(south, response):
    north = "AK2.AJ873.94.J43"  # 13 HCP, five hearts: 1H
    calls = _calls(_deal(north, south))
    assert calls[:2] == ["1H", "P"] and calls[2] == response


def test_game_and_slam_by_points_over_1nt():
    north = "AK32.KQ4.J94.Q73"  # 1NT, 15-17
    assert _calls(_deal(north, "Q54.A32.KQ83.J54"))[2] == "3NT"  # 12 balanced: 15 + 12 >= 25
    assert _calls(_deal(north, "QJ5.AJ3.AKQ2.K54"))[2] == "6NT"  # 20: 15 + 20 >= 33
    assert _calls(_deal(north, "754.J32.T832.J54"))[2] == "P"    # 2 balanced: no game opposite 17


def test_every_opening_follows_the_opening_table():
    """On 5,000 boards the first bid comes from the first seat (from the dealer on) whose hand
    opens by the reference's table, with that bid; a board is passed out exactly when none does."""
    policies, params = policy_arrays("natural", "greedy")
    rows = play(12, 0, 5_000, BridgeRules(), policies, params)
    cols = board_columns(rows)
    for i in range(rows.shape[0]):
        hands = [[c for c in range(52) if int(cols[f"s{k}_hand"][i]) >> c & 1] for k in range(4)]
        dealer = int(cols["dealer"][i])
        want = [ref.natural_opening(hands[(dealer + k) % 4]) for k in range(4)]
        calls = [call_name(c) for c in auction_calls(rows[i, AT("auction0"):AT("auction0") + 5])]
        first = next((k for k, c in enumerate(want) if c != "P"), None)
        if first is None:
            assert calls == ["P"] * 4 and cols["level"][i] == -1
        else:
            assert calls[:first + 1] == ["P"] * first + [want[first]], i


def test_auctions_end_with_penalty_doubles_and_business_redoubles():
    """Penalty doubles, and redoubles of doubled part scores only (issue 24: the system never
    redoubled, so ``insult_redoubled`` changed no played board); ``redoubles = 0`` restores that."""
    policies, params = policy_arrays("natural", "greedy")
    cols = board_columns(play(13, 0, 20_000, BridgeRules(), policies, params))
    assert cols["n_calls"].max() <= MAX_CALLS
    redoubled = cols["doubled"] == 2
    assert (cols["doubled"] == 1).any() and redoubled.any()
    level, strain = cols["level"][redoubled], cols["strain"][redoubled]
    assert ((level <= 2) | ((level == 3) & (strain < 4)) | ((level == 4) & (strain < 2))).all()  # below game
    policies, params = policy_arrays("natural", "greedy", {"redoubles": 0})
    assert not (board_columns(play(13, 0, 20_000, BridgeRules(), policies, params))["doubled"] == 2).any()


def test_a_doubled_part_score_the_side_expects_to_make_is_redoubled():
    # board 2968 (West deals, nobody vulnerable): N-S compete to 3H (South's six hearts, North's three
    # after South's 1H: a known fit) and West doubles; North redoubles (the side's points with South's
    # spade void reach what 3H needs), and 3H makes: a redoubled part score that scores a game
    masks = parse_pbn("N:KQ9653.J52.J7.97 T82.3.T86432.KQJ .AKQT87.A95.T853 AJ74.964.KQ.A642")
    row, _ = given(masks, g=2967)
    calls = [call_name(c) for c in auction_calls(row[AT("auction0"):AT("auction0") + 5])]
    assert calls == ["1C", "P", "1D", "1H", "1NT", "2H", "P", "3H", "X", "XX", "P", "P", "P"]
    assert row[AT("tricks")] == 9
    row, _ = given(masks, g=2967, params={"redoubles": 0})
    calls = [call_name(c) for c in auction_calls(row[AT("auction0"):AT("auction0") + 5])]
    assert calls[-4:] == ["X", "P", "P", "P"]


def test_weak_twos_can_be_switched_off():
    masks = _deal("AJ9863.K4.932.43")
    row, _ = given(masks, g=0)
    assert call_name(auction_calls(row[AT("auction0"):AT("auction0") + 1])[0]) == "2S"
    row, _ = given(masks, g=0, params={"weak_twos": 0})
    assert call_name(auction_calls(row[AT("auction0"):AT("auction0") + 1])[0]) == "P"


def test_a_side_in_game_does_not_pull_to_another_strain_without_a_fit():
    # board 6 (East deals): 1C P 1D P 2C P 3NT — East's five clubs found no fit, so 3NT stands
    masks = parse_pbn("N:T8753.T43.874.T2 6.A752.QJ2.AJ865 K92.K86.965.K743 AQJ4.QJ9.AKT3.Q9")
    row, _ = given(masks, g=5)
    calls = [call_name(c) for c in auction_calls(row[AT("auction0"):AT("auction0") + 5])]
    assert calls == ["1C", "P", "1D", "P", "2C", "P", "3NT", "P", "P", "P"]


def test_insult_redoubled_changes_played_boards():
    """With redoubles in the auction, the BR-2 reading of the redoubled insult (100 or 50) changes
    the score of every redoubled contract that made (issue 24: it changed no played board)."""
    import sim

    run = sim.play("bridge", 20_000, seed=5, progress=False)
    before = run.to_pandas(["game_index", "doubled", "tricks", "level", "ns_score"]).sort_values("game_index")
    after = run.rescore({"insult_redoubled": 50}).to_pandas(["game_index", "ns_score"]).sort_values("game_index")
    made_xx = ((before.doubled == 2) & (before.tricks >= before.level + 6)).to_numpy()
    changed = before.ns_score.to_numpy() != after.ns_score.to_numpy()
    assert made_xx.any() and (changed == made_xx).all()
