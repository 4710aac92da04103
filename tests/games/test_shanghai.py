"""上海三打一 (rules/shanghai-sandayi.md, SH-1..SH-8): every simulated deal replayed by the reference.

The reference (tests/reference/landlord_game.py) re-validates each deal (the full 108-card pack,
25 each + 8 底牌, the 叫档 auction from the marker holder, 摊打 only after 头撂, 报到 only with four
jokers or a 7+ bomb, every play legal and beating the top, the farmers' bomb limits of §2.1) and
scores it by §7 with the deal's 荒番 and 明王; the kernel's raw facts and the late scorer's money
must agree with it deal by deal. Sessions: an all-pass deal is a row with no landlord and the
next deal of the session is 荒番 (``session_huangfan``); the session's last deal redeals inside
its row. The §11 worked examples go through the late scorer.
"""

import numpy as np
import pytest

from kernels.landlord import rows as W
from sim.games.shanghai.rules import VARIANTS as SHANGHAI_VARIANTS, ShanghaiRules
from sim.ruleset import apply_overrides
from tests.games.landlord_helpers import (actions_of, deal_of, kernel_inputs, logged_hand, make_spec,
                                         reference_rules, run_kernel, score_rows)
from tests.reference.landlord_game import baodao_sets, bomb_limit, replay, session_huangfan

V = {name: v.overrides for name, v in SHANGHAI_VARIANTS.items()}
RANDOM4 = ["random"] * 4
MIXED = ["smart", "greedy", "random", "smart"]

# (overrides, policies, deals, hands_per_session)
CASES = [
    ({}, RANDOM4, 300, 1),
    ({}, ["smart"] * 4, 300, 6),
    ({}, ["greedy"] * 4, 200, 4),
    ({**V["extra-x4"], **V["stacks"]}, MIXED, 300, 5),
    (V["pz"], RANDOM4, 200, 2),
    (V["no-limits"], ["greedy", "random", "smart", "random"], 150, 1),
    ({"baodao_count_multiplies": True, "tianwang_counts_for_limit": False, "joker_pair_in_sandaier": False,
      "trio_chain_a_low": False}, RANDOM4, 300, 3),
]


def _session_hands(spec, inputs):
    """Every deal of the run played one by one with its session's 荒番 carried (as play_range)."""
    hps = spec.options["hands_per_session"]
    out = []
    for g0 in range(0, spec.n, hps):
        carry = 0
        for h in range(hps):
            row, log, deck = logged_hand(spec, g0 + h, inputs, carry, h == hps - 1)
            out.append((row, log, deck))
            carry = int(row[W.ROW_HUANGFAN]) + 1 if row[W.ROW_LANDLORD] < 0 else 0
    return out


def _reference_deal(seed: int, game_index: int):
    """§2 with the reference RNG: shuffle, then the marker card is a uniformly drawn dealt
    position; its holder (position mod 4) bids first, a joker is 明王."""
    from kernels.cards import card_rank
    from tests.reference.rng import Stream, shuffle

    stream = Stream(seed, game_index)
    deck = list(range(108))
    shuffle(stream, deck)
    pos = stream.bounded(4 * 25)
    return deck, pos % 4, card_rank(deck[pos]) >= 13


@pytest.mark.parametrize("case", range(len(CASES)))
def test_deals_replay_in_reference(case):
    over, policies, n, hps = CASES[case]
    spec = make_spec("shanghai", policies, over, n=n, seed=101 + case, hands_per_session=hps)
    inputs = kernel_inputs(spec)
    R = reference_rules("shanghai", over)
    seen = dict(won=0, touliao=0, tanda=0, baodao=0, da=0, buda=0, mingwang=0, huangfan=0, all_pass=0,
                blocked=0, limited=0, tianwang=0, big=0, d4=0, low=0, independent=0)
    results, rows = [], []
    hands_log = _session_hands(spec, inputs)
    for g, (row, log, deck) in enumerate(hands_log):
        # the deal, the marker card's holder (first bidder) and 明王 from the reference's own stream
        # (a redealt row's later deals follow random bidders' draws: there the kernel's deck is used)
        first, mingwang = int(row[W.ROW_FIRST_BIDDER]), bool(row[W.ROW_MINGWANG])
        if row[W.ROW_REDEALS] == 0:
            ref_deck, first, mingwang = _reference_deal(spec.seed, g)
            assert deck.tolist() == ref_deck, f"deal {g}: the kernel dealt another deck"
            assert (int(row[W.ROW_FIRST_BIDDER]), bool(row[W.ROW_MINGWANG])) == (first, mingwang), f"deal {g}"
            seen["independent"] += 1
        hands, kitty = deal_of(deck, spec.rules, inputs["card_rank"])
        assert sum(map(sum, hands)) == 100 and sum(kitty) == 8
        res = replay(hands, kitty, actions_of(row, log), R, first_bidder=first,
                     huangfan=int(row[W.ROW_HUANGFAN]), mingwang=mingwang)
        if res.redeal:  # all passed: a row with no score, never the session's last deal
            assert row[W.ROW_LANDLORD] == -1 and g % hps != hps - 1 and len(log) == 0
            seen["all_pass"] += 1
        else:
            ll = res.landlord
            assert row[W.ROW_LANDLORD] == ll and row[W.ROW_BID] == res.bid and row[W.ROW_QIANG] == 0
            assert bool(row[W.ROW_TOULIAO]) == res.touliao and bool(row[W.ROW_MINGPAI]) == res.mingpai
            assert row[W.ROW_BAODAO] == (0, 1, 2)[(None, "da", "buda").index(res.baodao)]
            ll_hand = tuple(a + b for a, b in zip(hands[ll], kitty))
            assert row[W.ROW_BAODAO_SETS] == baodao_sets(ll_hand)
            if res.baodao:
                assert row[W.ROW_BAODAO_SETS] == res.baodao_sets
            assert row[W.ROW_WINNER] == res.winner and bool(row[W.ROW_LANDLORD_WON]) == res.landlord_won
            assert row[W.ROW_BOMBS_PLAYED] == res.played_kinds.get("bomb", 0)
            assert row[W.ROW_TIANWANG_PLAYED] == res.played_kinds.get("tianwang", 0) and row[W.ROW_ROCKETS_PLAYED] == 0
            assert list(row[W.ROW_PLAYS:W.ROW_PLAYS + 4]) == res.plays
            assert list(row[W.ROW_BOMBS:W.ROW_BOMBS + 4]) == res.bombs
            assert list(row[W.ROW_LIMITED_BOMBS:W.ROW_LIMITED_BOMBS + 4]) == res.limited_bombs
            for s in range(4):  # §2.1 facts: the limit of each seat, never exceeded
                lim = bomb_limit(s, ll, res.said, R)
                assert row[W.ROW_BOMB_LIMIT + s] == (-1 if lim is None else lim)
                assert lim is None or res.limited_bombs[s] <= lim
            assert row[W.ROW_SPRING] == 0 or not res.landlord_won or res.spring
            seen["won"] += res.landlord_won
            seen["touliao"] += res.touliao
            seen["tanda"] += res.mingpai
            seen["baodao"] += res.baodao is not None
            seen["da"] += res.baodao == "da"
            seen["buda"] += res.baodao == "buda"
            seen["blocked"] += row[W.ROW_BOMB_LIMIT_BLOCKS] > 0
            seen["limited"] += sum(res.limited_bombs[s] for s in range(4) if s != ll)
            seen["tianwang"] += row[W.ROW_TIANWANG_PLAYED]
            seen["big"] += row[W.ROW_BIG_BOMBS_PLAYED]
            # chains through the 2 (A2345.., 23456.., A2..KA): on the sequence A=0, 2=1, 3=2 .. K=12, A=13
            # the top's position is at most the chain length
            low = sum(1 for a in actions_of(row, log) if isinstance(a, tuple) and a[0] in (7, 8, 9, 12, 13)
                      and (1 if a[1] == 12 else a[1] + 2) <= a[5])
            assert row[W.ROW_LOW_CHAINS_PLAYED] == low
            seen["low"] += low
        assert row[W.ROW_MINGWANG] in (0, 1) and 0 <= first < 4
        seen["mingwang"] += row[W.ROW_MINGWANG]
        seen["huangfan"] += row[W.ROW_HUANGFAN] > 0
        results.append(res)
        rows.append(row)
    raw = np.stack(rows)
    # 荒番 equals the reference's session bookkeeping (in-row redeals count as all-pass deals)
    for g0 in range(0, n, hps):
        seq, last_of_row = [], []
        for row in raw[g0:g0 + hps]:
            seq += [True] * int(row[W.ROW_REDEALS]) + [bool(row[W.ROW_LANDLORD] < 0)]
            last_of_row.append(len(seq) - 1)
        hf = session_huangfan(seq)
        assert [hf[i] for i in last_of_row] == list(raw[g0:g0 + hps, W.ROW_HUANGFAN])
    s = score_rows("shanghai", raw, spec.rules)
    for i, res in enumerate(results):
        assert np.allclose(s.money[i], res.money), f"deal {i}: money {s.money[i]} vs {res.money} {res.factors}"
        assert s.money[i].sum() == 0  # §7 is zero-sum in every case
        if not res.redeal:
            assert s.multiplier[i] == res.multiplier and s.dang[i] == res.factors["dang"]
            seen["d4"] += s.dang[i] == 4
    # the run exercised what it claims to test
    assert 0 < seen["won"] < n and seen["touliao"] > 0 and seen["tanda"] > 0 and seen["mingwang"] > 0
    assert seen["independent"] > n // 2
    assert seen["baodao"] > 0 and seen["limited"] > 0
    if hps > 1 and policies != RANDOM4:
        assert seen["all_pass"] > 0 and seen["huangfan"] > 0
    if spec.rules.bomb_limits:
        assert seen["blocked"] > 0
    if spec.rules.touliao_rule == "as_4_dang":
        assert seen["d4"] > 0
    # the batch kernel writes the same rows, sessions included
    assert (run_kernel(spec, 0, n, inputs) == raw).all()


def test_baodao_choices_by_policy():
    """random chooses uniformly among no 报到, 打 and 不打; greedy always claims (不打)."""
    spec = make_spec("shanghai", RANDOM4, n=6000, seed=9)
    rows = run_kernel(spec, 0, 6000)
    eligible = rows[:, W.ROW_BAODAO_SETS] > 0
    choice = rows[eligible, W.ROW_BAODAO]
    assert eligible.sum() > 60 and all((choice == c).sum() > 5 for c in (0, 1, 2))
    assert (rows[~eligible, W.ROW_BAODAO] == 0).all()
    g = run_kernel(make_spec("shanghai", ["greedy"] * 4, n=2000, seed=9), 0, 2000)
    assert (g[g[:, W.ROW_BAODAO_SETS] > 0, W.ROW_BAODAO] == W.BAODAO_BUDA).all()


def test_players_who_never_bid_end_after_100_redeals():
    """Redeals inside a row stop after 100 all-pass auctions (no endless loop); the row has no
    landlord and no money, in 斗地主 as in 上海."""
    for game in ("shanghai", "doudizhu"):
        spec = make_spec(game, ["greedy"] * (4 if game == "shanghai" else 3), n=3, seed=1)
        spec.options["policy_params"] = [{"bid1": 99, "bid2": 99, "bid3": 99}] * len(spec.options["policies"])
        rows = run_kernel(spec, 0, 3)
        assert (rows[:, W.ROW_REDEALS] == 100).all() and (rows[:, W.ROW_LANDLORD] == -1).all()
        assert (score_rows(game, rows, spec.rules).money == 0).all()


def test_same_seed_same_rows_any_threads_and_splits():
    import numba

    spec = make_spec("shanghai", MIXED, n=600, seed=5, rotate=True, hands_per_session=4)
    a = run_kernel(spec, 0, 600)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        b = run_kernel(spec, 0, 600)
    finally:
        numba.set_num_threads(before)
    c = np.concatenate([run_kernel(spec, 0, 200), run_kernel(spec, 200, 600)])
    assert (a == b).all() and (a == c).all()
    other = make_spec("shanghai", MIXED, n=600, seed=6, rotate=True, hands_per_session=4)
    assert not (a == run_kernel(other, 0, 600)).all()
    with pytest.raises(ValueError, match="whole sessions"):
        run_kernel(spec, 0, 7)


def test_marker_card_first_bidder_and_mingwang_rate():
    """标记牌 uniformly among the 100 dealt cards: its holder (the first bidder) is uniform over the
    seats and P(明王) = E[jokers dealt] / 100 = 4/108 (§1)."""
    spec = make_spec("shanghai", ["greedy"] * 4, n=20000, seed=1)
    rows = run_kernel(spec, 0, 20000)
    counts = np.bincount(rows[:, W.ROW_FIRST_BIDDER], minlength=4)
    assert (np.abs(counts - 5000) < 5 * np.sqrt(20000 * 0.25 * 0.75)).all()
    p = rows[:, W.ROW_MINGWANG].mean()
    assert abs(p - 1 / 27) < 5 * np.sqrt(1 / 27 * 26 / 27 / 20000)


# --- §11 worked examples through the late scorer (B = 1) ------------------------------------


def _row(bid, won, touliao=0, tanda=0, mingwang=0, huangfan=0, baodao=0, sets=0, bombs=0, landlord=0):
    r = np.zeros(W.ROW_LEN, np.int64)
    r[W.ROW_LANDLORD], r[W.ROW_BID], r[W.ROW_LANDLORD_WON] = landlord, bid, won
    r[W.ROW_WINNER] = landlord if won else (landlord + 1) % 4
    r[W.ROW_TOULIAO], r[W.ROW_MINGPAI], r[W.ROW_MINGWANG], r[W.ROW_HUANGFAN] = touliao, tanda, mingwang, huangfan
    r[W.ROW_BAODAO], r[W.ROW_BAODAO_SETS], r[W.ROW_BOMBS_PLAYED] = baodao, sets, bombs
    return r


def _money(rules, *rows):
    s = score_rows("shanghai", np.stack(rows), rules)
    return s, s.money.tolist()


def test_section_11_scoring_examples():
    r = ShanghaiRules()
    # 1. bid 2档, no modifiers, landlord wins: farmers -2 each, landlord +6
    # 2. 头撂 + 摊打 + 明王: won M = 4, D = 4 → -16 / +48; lost D = 3 → +12 / -36
    # 3. 荒番, bid 2档, 报到 不打: M = 2, D = 2 → +12 / -4
    # 4. bid 1档, 报到 打, landlord loses: all 0
    s, money = _money(r, _row(2, 1), _row(3, 1, touliao=1, tanda=1, mingwang=1), _row(3, 0, touliao=1, tanda=1,
                      mingwang=1), _row(2, 1, huangfan=1, baodao=W.BAODAO_BUDA, sets=1),
                      _row(1, 0, baodao=W.BAODAO_DA, sets=1))
    assert money[0] == [6, -2, -2, -2]
    assert money[1] == [48, -16, -16, -16] and s.multiplier[1] == 4 and s.dang[1] == 4
    assert money[2] == [-36, 12, 12, 12] and s.dang[2] == 3
    assert money[3] == [12, -4, -4, -4] and s.f_huangfan[3] == 2
    assert money[4] == [0, 0, 0, 0]
    # §7 table: 报到 打 won ×2; the landlord seat can be any seat
    _, money = _money(r, _row(2, 1, baodao=W.BAODAO_DA, sets=2, landlord=2), _row(1, 0, landlord=3))
    assert money == [[-4, -4, 12, -4], [1, 1, 1, -3]]


def test_scoring_options():
    # SH-1: 荒番 not cumulative by default; huangfan_stacks: ×2 per all-pass deal
    rows = (_row(1, 1, huangfan=2),)
    assert _money(ShanghaiRules(), *rows)[1] == [[6, -2, -2, -2]]
    assert _money(apply_overrides(ShanghaiRules(), V["stacks"]), *rows)[1] == [[12, -4, -4, -4]]
    # SH-8 alt: 头撂 ×4 on top of D = 3 when the landlord wins; the seed's loss line has no 头撂
    # factor ("地主输：…(荒番×2、摊打×2、明王×2)×底注×当局档数×3"), so a lost 头撂 pays plain 3 档
    x4 = apply_overrides(ShanghaiRules(), V["extra-x4"])
    s, money = _money(x4, _row(3, 1, touliao=1), _row(3, 0, touliao=1), _row(3, 0, touliao=1, tanda=1, mingwang=1))
    assert money == [[36, -12, -12, -12], [-9, 3, 3, 3], [-36, 12, 12, 12]]
    assert s.f_touliao.tolist() == [4, 1, 1]
    # SH-7: 双报到 no extra factor by default; baodao_count_multiplies: × sets
    rows = (_row(2, 1, baodao=W.BAODAO_BUDA, sets=2),)
    assert _money(ShanghaiRules(), *rows)[1] == [[6, -2, -2, -2]]
    counted = apply_overrides(ShanghaiRules(), {"baodao_count_multiplies": True})
    assert _money(counted, *rows)[1] == [[12, -4, -4, -4]]
    # [X-pz]: ×2 per bomb, × sets, no 头撂 bonus on 不打
    pz = apply_overrides(ShanghaiRules(), V["pz"])
    _, money = _money(pz, _row(3, 1, touliao=1, baodao=W.BAODAO_BUDA, sets=1), _row(2, 0, bombs=2))
    assert money == [[9, -3, -3, -3], [-24, 8, 8, 8]]
    # bombs never multiply by default
    assert _money(ShanghaiRules(), _row(2, 0, bombs=3))[1] == [[-6, 2, 2, 2]]


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["--set", "touliao_rule=as_5_dang"], "option 'touliao_rule' must be one of"),
    (["--set", "qiang=after_bidding"], "unknown option 'qiang' (did you mean 'tianwang'?) for this game"),
    (["--set", "all_pass=no_game"], "unknown option 'all_pass' for this game"),
    (["--set", "bomb_factor=4"], "unknown option 'bomb_factor' for this game"),
    (["--set", "max_bid=4"], "option 'max_bid' must be 1..3"),
    (["--set", "hand_size=20"], "must be 108 cards"),
    (["--set", "huangfan=1"], "unknown option 'huangfan'"),
    (["--variant", "shanghai-x8"], "unknown variant 'shanghai-x8'"),
    (["--duplicate", "--hands-per-session", "2"], "--duplicate plays single hands"),
    (["--hands-per-session", "3"], "must be a whole number of sessions of 3"),
    (["--policy", "smart,greedy"], "--policy must be one of"),
    (["--policy-param", "bid9=3"], "unknown policy parameter 'bid9'"),
])
def test_cli_errors(tmp_path, args, message):
    from typer.testing import CliRunner

    from sim.cli import app

    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["play", "shanghai", "-n", "8", "--out", str(out), *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert not out.exists()


def test_cli_play_sessions_and_report(tmp_path):
    import pyarrow.parquet as pq
    from typer.testing import CliRunner

    from sim.cli import app

    out = tmp_path / "run"
    runner = CliRunner()
    result = runner.invoke(app, ["play", "shanghai", "-n", "1200", "--hands-per-session", "6", "--policy",
                                 "smart,greedy,random,smart", "--rotate", "--seed", "3", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    t = pq.read_table(out).to_pandas()
    assert len(t) == 1200 and (t["session"] == t["game_index"] // 6).all()
    money = t[[f"s{k}_money" for k in range(4)]].sum(axis=1)
    assert (money == 0).all()
    assert (t.loc[t["landlord"] < 0, "game_index"] % 6 != 5).all()
    assert (t["huangfan"] > 0).any() and t["touliao"].any() and (t["baodao"] != "none").any()
    played = t[t["landlord"] >= 0]
    assert ((played["f_huangfan"] == 2) == (played["huangfan"] > 0)).all() and (t["multiplier"][t["landlord"] < 0] == 0).all()
    report = runner.invoke(app, ["report", str(out)])
    assert report.exit_code == 0, report.output
    for text in ("头撂", "摊打", "明王", "报到", "荒番", "bomb limit"):
        assert text in report.output, text
    games = runner.invoke(app, ["games", "--long"])
    assert "shanghai" in games.output and "extra-x4" in games.output
