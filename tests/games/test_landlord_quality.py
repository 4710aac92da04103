"""The landlord family's play-quality section (sim.games.landlord.quality) on a hand-made batch
whose every figure is known, and 上海's own decisions (头撂, 报到 打 / 不打)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from analysis.quality import PlayQuality
from sim.games.landlord import quality
from sim.games.shanghai.report_play import quality as shanghai_quality

ROLE = {0: "landlord", 1: "farmer", -1: "none"}


def _batch():
    """Four 3-seat hands: h0 the landlord (seat 0) loses holding a bomb; h1 seat 1 抢s, plays 明牌
    and springs a farmer who held a bomb; h2 passed out after two all-pass redeals; h3 the landlord
    (seat 2) loses but played the rocket it held."""
    landlord = [0, 1, -1, 2]
    seats = {
        "said": [[3, 0, 0], [0, 2, -1], [0, 0, 0], [1, 0, 2]],
        "money": [[-6, 3, 3], [-2, 4, -2], [0, 0, 0], [1, 1, -2]],
        "won": [[0, 1, 1], [0, 1, 0], [0, 0, 0], [1, 1, 0]],
        "bombs": [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1]],
        "bombs_held": [[1, 0, 0], [0, 0, 1], [1, 0, 0], [0, 0, 0]],
        "rocket_held": [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1]],
        "jokers_held": [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 2]],
        "big_bombs_held": [[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 1, 0]],
        "left_bombs": [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]],
        "left_max_bomb": [[4, 0, 0], [0, 0, 4], [0, 0, 0], [0, 8, 0]],
        "left_rocket": [[0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
        "left_beats_last": [[0, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]],
        "search_decisions": [[2, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 2]],
        "search_agree": [[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]],
    }
    d = {"landlord": pa.array(landlord, pa.int8()), "bid": pa.array([3, 2, 0, 2], pa.int8()), "qiang": pa.array([0, 1, 0, 0], pa.int8()),
         "mingpai": pa.array([False, True, False, False]), "redeals": pa.array([0, 0, 2, 0], pa.int8()),
         "spring": pa.array([False, True, False, False]), "kitty_made_bomb": pa.array([False] * 4),
         "big_bombs_played": pa.array([1, 0, 0, 0], pa.int8())}
    for name, v in seats.items():
        for k in range(3):
            d[f"s{k}_{name}"] = pa.array([row[k] for row in v])
    for k in range(3):
        d[f"s{k}_role"] = pa.array([ROLE[-1] if ll < 0 else ROLE[int(ll != k)] for ll in landlord]).dictionary_encode()
    assert set(d) == set(quality.columns(3))
    return d


def _stats(q):
    return {st.name: st for st in q.section().stats}


def test_decisions_events_and_proxies_on_a_known_batch():
    q = PlayQuality()
    quality.fold(q, _batch(), 3, rocket=True)
    s = _stats(q)
    expect = {
        "P(pass (first word in the auction))": 1.0, "E[money | pass (first word in the auction)]": 5 / 7,
        "P(bid 3 (first word))": 0.25, "E[money | bid 3 (first word)]": -6.0,
        "P(bid 2 (first word))": 0.5, "E[money | bid 2 (first word)]": 1.0,
        "P(bid 1 (first word))": 0.25, "E[money | bid 1 (first word)]": 1.0,
        "P(landlord at bid 2 (decider: the highest bidder))": 0.5,
        "E[money | landlord at bid 2 (decider: the highest bidder)]": 1.0,
        "E[money | landlord at bid 3 (decider: the highest bidder)]": -6.0,
        "E[money | 抢 (decider: the last to 抢, the landlord)]": 4.0, "P(明牌 (decider: the landlord))": 0.25,
        "P(deal passed out (nobody bid), per deal)": 0.5,
        "P(地主 lost holding an unplayed bomb/rocket, per 地主 seat-hand)": 1 / 3,
        "P(地主 never bombed | lost, dealt a bomb/rocket)": 0.5,
        "P(农民 lost holding an unplayed bomb/rocket, per 农民 seat-hand)": 1 / 6,
        "P(农民 never bombed | lost, dealt a bomb/rocket)": 1.0,
        "P(春天 conceded while a farmer held a bomb that beat the last play, per hand)": 1 / 3,
        "P(a farmer held a bomb that beat the last play | 春天)": 1.0,
        "P(7-8 card bomb kept to the end | dealt a rank 7+ times)": 0.5,
        "P(smart would have chosen what search chose, per searched decision)": 0.25,
    }
    for name, value in expect.items():
        assert s[name].estimate == pytest.approx(value), name
    big = next(st for name, st in s.items() if name.startswith("P(7-8 card bomb split"))
    assert (big.estimate, big.n) == (0.5, 2)
    assert any("proxy" in note for note in q.section().notes)
    # bid 3 loses significantly? one hand is no evidence: not flagged
    assert not any(note.startswith("significantly negative") for note in q.section().notes)


def test_without_the_rocket_rule_a_dealt_rocket_is_no_bomb():
    q = PlayQuality()
    quality.fold(q, _batch(), 3, rocket=False)
    # h3's landlord was dealt only the rocket, no bomb under this ruleset: it leaves the condition
    assert _stats(q)["P(地主 never bombed | lost, dealt a bomb/rocket)"].estimate == 1.0


def test_a_decision_that_always_loses_is_flagged():
    q = PlayQuality()
    n = 200
    taken = np.zeros((n, 4), bool)
    taken[:, 1] = True
    money = np.zeros((n, 4))
    money[:, 1] = -3 + np.random.default_rng(1).normal(0, 1, n)
    q.decision("摊打", taken, money)
    q.decision("pass", taken, money, flag=False)  # a pass loses as a farmer: no blunder by itself
    q.decision("头撂", taken[:20], money[:20])  # too few to be evidence
    flagged = [note for note in q.section().notes if note.startswith("significantly negative")]
    assert len(flagged) == 1 and flagged[0].endswith(": 摊打")


def test_shanghai_touliao_and_baodao_deciders():
    q = PlayQuality()
    d = {"first_bidder": pa.array([2, 0, 1], pa.int8()), "touliao": pa.array([True, False, False]),
         "baodao": pa.array(["none", "da", "buda"]).dictionary_encode()}
    money = np.array([[1, 1, -3, 1], [6, -2, -2, -2], [-1, 3, -1, -1]], float)
    shanghai_quality(q, d, money, np.array([2, 0, 1]))
    s = _stats(q)
    assert s["E[money | 头撂 (decider: the first bidder)]"].estimate == -3
    assert s["P(头撂 (decider: the first bidder))"].estimate == pytest.approx(1 / 3)
    assert s["E[money | 报到 打 (decider: the landlord)]"].estimate == 6
    assert s["E[money | 报到 不打 (decider: the landlord)]"].estimate == 3


@pytest.mark.parametrize("game", ["doudizhu", "doudizhu4", "shanghai"])
def test_play_report_quality_section_agrees_with_the_rows(game, tmp_path):
    """A small seeded run of each game: the report's section against figures recomputed here with
    pandas from the same rows."""
    import pyarrow.dataset as ds
    from typer.testing import CliRunner

    from analysis.quality import QUALITY
    from analysis.runs import open_run
    from sim.cli import app
    from sim.registry import load_game

    n_seats = 3 if game == "doudizhu" else 4
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["play", game, "-n", "300", "--seed", "3", "--policy",
                                      ",".join(["smart"] * n_seats), "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    df = ds.dataset(out, format="parquet").to_table().to_pandas()
    rep = load_game(game).jobs["play"].report(open_run(out))
    sec = next(s for s in rep.sections if s.title == QUALITY)
    s = {st.name: st for st in sec.stats}

    redeals, has = df["redeals"].sum(), df["landlord"] >= 0
    assert s["P(deal passed out (nobody bid), per deal)"].estimate == pytest.approx(
        (redeals + (~has).sum()) / (redeals + len(df)))
    said = df[[f"s{k}_said" for k in range(n_seats)]].to_numpy()
    money = df[[f"s{k}_money" for k in range(n_seats)]].to_numpy()
    for b in (1, 2, 3):
        assert s[f"P(bid {b} (first word))"].estimate == pytest.approx((said == b).any(axis=1).mean())
        if (said == b).any():
            assert s[f"E[money | bid {b} (first word)]"].estimate == pytest.approx(money[said == b].mean())
        at = (df["bid"].to_numpy() == b) & has.to_numpy()
        assert s[f"P(landlord at bid {b} (decider: the highest bidder))"].estimate == pytest.approx(at.mean())
        if at.any():
            assert s[f"E[money | landlord at bid {b} (decider: the highest bidder)]"].estimate == pytest.approx(
                money[at, df["landlord"].to_numpy()[at].astype(int)].mean())
    ll = df[has]
    k = ll["landlord"].to_numpy().astype(int)
    pick = lambda col: ll[[f"s{j}_{col}" for j in range(n_seats)]].to_numpy()[np.arange(len(ll)), k]  # noqa: E731
    lost_holding = ~pick("won") & ((pick("left_bombs") > 0) | pick("left_rocket"))
    assert s["P(地主 lost holding an unplayed bomb/rocket, per 地主 seat-hand)"].estimate == pytest.approx(
        lost_holding.mean())
    farmer_stops = np.zeros(len(df), bool)
    for j in range(n_seats):
        farmer_stops |= (df["landlord"].to_numpy() != j) & df[f"s{j}_left_beats_last"].to_numpy()
    spring = df["spring"].to_numpy() & has.to_numpy()
    assert s["P(春天 conceded while a farmer held a bomb that beat the last play, per hand)"].estimate == \
        pytest.approx((spring & farmer_stops)[has.to_numpy()].mean())
    label = "摊打" if game == "shanghai" else "明牌"
    stat = s[f"P({label} (decider: the landlord))"]
    assert stat.estimate == pytest.approx(df["mingpai"].mean()) and stat.n == len(df)
    if game == "shanghai":
        first = df["first_bidder"].to_numpy().astype(int)
        tl = df["touliao"].to_numpy()
        assert s["P(头撂 (decider: the first bidder))"].estimate == pytest.approx(tl.mean())
        if tl.any():
            assert s["E[money | 头撂 (decider: the first bidder)]"].estimate == pytest.approx(
                money[np.arange(len(df)), first][tl].mean())


def test_a_role_decision_is_judged_against_its_losing_role():
    """A lone 庄家 loses about 10 whatever he does: his throws, losing 5 on average, beat his role and
    are no blunder; a decision worse than the role (losing 14) still is; a role that wins keeps
    the bar at zero."""
    rng = np.random.default_rng(2)
    n = 400
    banker = np.zeros((n, 4), bool)
    banker[:, 0] = True
    money = np.zeros((n, 4))
    money[:, 0] = -10 + rng.normal(0, 1, n)
    threw = banker & (np.arange(n) % 2 == 0)[:, None]
    money[threw[:, 0], 0] = -5 + rng.normal(0, 1, threw[:, 0].sum())
    worse = banker & (np.arange(n) % 2 == 1)[:, None] & (np.arange(n) % 4 == 1)[:, None]
    money[worse[:, 0], 0] = -14 + rng.normal(0, 1, worse[:, 0].sum())
    q = PlayQuality()
    q.decision("banker threw", threw, money, yardstick=banker)
    q.decision("banker blundered", worse, money, yardstick=banker)
    q.decision("banker threw, judged against zero", threw, money)
    notes = q.section().notes
    flagged = [note for note in notes if note.startswith("significantly negative")]
    assert len(flagged) == 1 and flagged[0].endswith(": banker blundered, banker threw, judged against zero")
    assert any(note.startswith("judged against their role's mean") and "banker threw (role mean -" in note
               for note in notes)
    rare = banker & (np.arange(n) % 4 == 0)[:, None]  # a role that earns +1 on average, a decision of it that loses 5
    winning = np.where(banker, 3.0, 0.0)
    winning[rare[:, 0], 0] = -5.0
    q = PlayQuality()
    q.decision("winning role's loss", rare, winning, yardstick=banker)
    notes = q.section().notes
    assert any(note.endswith(": winning role's loss") for note in notes)
    assert not any(note.startswith("judged against") for note in notes)
