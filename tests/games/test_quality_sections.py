"""The play-quality section of nine games (guanpai, gandengyan, wushik, shuangkou, tractor, hongwu,
bridge, hkstud, niuniu) on small seeded runs: ``paiju report`` prints it, and its figures equal an
independent recount from the rows in plain pandas (decision frequency per hand, the decider's mean
money, the missed-chance rates per role). Every figure of the section is recounted: a figure the
recount does not reach fails the test (``_section`` returns the figures, ``_all_recounted`` says
which were never looked at)."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from typer.testing import CliRunner

from analysis.quality import QUALITY
from analysis.runs import open_run
from sim.cli import app

runner = CliRunner()


def _ok(*args) -> str:
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _play(tmp_path_factory, game: str, n: int, *extra):
    """(run, rows as a DataFrame, report text) of a small seeded run."""
    out = tmp_path_factory.mktemp(game) / "run"
    _ok("play", game, "-n", n, "--seed", 11, "--out", out, "-q", *extra)
    text = _ok("report", out)
    assert QUALITY in text
    run = open_run(out)
    return run, run.to_pandas(), text


class _Figures(dict):
    """The section's figures by name, remembering which ones a check looked at."""

    def __init__(self, stats):
        super().__init__((st.name, st) for st in stats)
        self.looked_at: set[str] = set()

    def __getitem__(self, name):
        self.looked_at.add(name)
        return super().__getitem__(name)


def _section(rep):
    sec = next(s for s in rep.sections if s.title == QUALITY)
    return sec, _Figures(sec.stats)


def _all_recounted(stats: _Figures) -> None:
    assert not set(stats) - stats.looked_at, f"figures no recount checked: {sorted(set(stats) - stats.looked_at)}"


def _frame(df, feature, n_seats):
    return pd.DataFrame({k: df[f"s{k}_{feature}"].to_numpy() for k in range(n_seats)})


def _decision(stats, name, taken: pd.DataFrame, money: pd.DataFrame):
    """P(name) = hands where some seat took it; E[money | name] = the deciders' money per decision."""
    taken = taken.astype(bool)
    p = stats[f"P({name})"]
    assert p.n == len(taken) and p.estimate == pytest.approx(taken.any(axis=1).mean()), name
    e = stats[f"E[money | {name}]"]
    count = int(taken.to_numpy().sum())
    assert e.n == count, name
    if count:
        assert e.estimate == pytest.approx(float(money.to_numpy()[taken.to_numpy()].sum()) / count), name
    else:
        assert math.isnan(e.estimate)
    return count


def _rate(stats, name, happened: pd.DataFrame, among: pd.DataFrame | None = None):
    """An event's rate over the seat-hands (or hands) ``among`` selects; absent when none."""
    h = happened.to_numpy().astype(bool)
    a = (h | True) if among is None else among.to_numpy().astype(bool)
    n = int(a.sum())
    if not n:
        assert f"P({name})" not in stats
        return 0
    st = stats[f"P({name})"]
    assert st.n == n and st.estimate == pytest.approx(h[a].sum() / n), name
    return int(h[a].sum())


def _roles(df, n_seats, names, labels, fn):
    """Call ``fn(label, role mask)`` for each role."""
    role = _frame(df, "role", n_seats).astype(str)
    for name, label in zip(names, labels):
        fn(label, role == name)


def test_guanpai(tmp_path_factory):
    from sim.games.guanpai import quality
    from sim.games.guanpai.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "guanpai", 60, "--policy", "smart,greedy", "--rotate")
    _, stats = _section(play_report(run))
    money, won = _frame(df, "money", 2), _frame(df, "won", 2).astype(bool)
    bombs = _frame(df, "bombs_played", 2)
    left = (_frame(df, "bombs_left", 2) > 0) | _frame(df, "three_bomb_left", 2).astype(bool)
    dealt = (_frame(df, "bombs_dealt", 2) + _frame(df, "three_bomb_dealt", 2).astype(int)) > 0
    seen = []

    def check(label, mine):
        seen.append(_decision(stats, f"{label}: played a bomb", mine & (bombs > 0), money))
        _decision(stats, f"{label}: played the 3-card bomb", mine & (_frame(df, "three_bombs_played", 2) > 0), money)
        seen.append(_rate(stats, f"{label}: lost holding an unplayed bomb, per seat-hand", ~won & left, mine))
        _rate(stats, f"{label}: never bombed | lost, dealt a bomb", bombs == 0, mine & ~won & dealt)

    _roles(df, 2, ("first_leader", "second"), quality.LABELS, check)
    loser_left = pd.Series([bool(left.loc[i, 1 - w]) for i, w in enumerate(df["winner"])])
    _rate(stats, "全关 conceded while the loser held a bomb, per hand", pd.DataFrame({0: df["quanguan"] & loser_left}))
    _rate(stats, "the loser held a bomb | 全关", pd.DataFrame({0: loser_left}), pd.DataFrame({0: df["quanguan"]}))
    assert sum(seen) > 0  # the run has something to count
    _all_recounted(stats)


def test_gandengyan(tmp_path_factory):
    from sim.games.gandengyan import quality
    from sim.games.gandengyan.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "gandengyan", 60)
    _, stats = _section(play_report(run))
    n = 4 if "s3_money" in df else 3
    money, left = _frame(df, "money", n), _frame(df, "cards_left", n)
    bomb_min = run.ruleset.get("bomb_min", 4)
    f = {c: _frame(df, c, n) for c in ("held3", "held4", "held5p", "jokers_left")}
    held = (f["held5p"] > 0) | ((f["held4"] > 0) & (bomb_min <= 4)) | ((f["held3"] > 0) & (bomb_min <= 3))
    if bomb_min == 4:
        held |= (f["held3"] > 0) & (f["jokers_left"] > 0)
    if run.ruleset.get("joker_bomb", "highest") != "none":
        held |= f["jokers_left"] >= 2
    seen = []

    def check(label, mine):
        seen.append(_decision(stats, f"{label}: played a bomb or 双王", mine & (_frame(df, "bombs_played", n) > 0),
                              money))
        seen.append(_rate(stats, f"{label}: lost holding an unplayed bomb, per seat-hand", (left > 0) & held, mine))

    _roles(df, n, ("banker", "other"), quality.LABELS, check)
    _rate(stats, "held an unplayed bomb | shut out (全关), per seat-hand", held, _frame(df, "quanguan", n))
    _rate(stats, "stalemate (only jokers left, nobody out), per hand", pd.DataFrame({0: df["winner"] < 0}))
    assert sum(seen) > 0
    _all_recounted(stats)


def test_wushik(tmp_path_factory):
    from sim.games.wushik import quality
    from sim.games.wushik.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "wushik", 12)  # matches: a dozen matches are a few dozen hands
    _, stats = _section(play_report(run))
    _rate(stats, "hand decided by an 8 of a kind dealt, not played (W-7), per hand",
          pd.DataFrame({0: df["eight_applied"]}))
    df = df[~df["eight_applied"]].reset_index(drop=True)
    money, left = _frame(df, "money", 4), _frame(df, "left_max_bomb", 4)
    bombs = sum(_frame(df, f"bombs{k}", 4) for k in (4, 5, 6, 7, 8))
    seen = []

    def check(label, mine):
        seen.append(_decision(stats, f"{label}: played a bomb", mine & (bombs > 0), money))
        _decision(stats, f"{label}: played a 正510K", mine & (_frame(df, "zheng_played", 4) > 0), money)
        _decision(stats, f"{label}: played a 副510K", mine & (_frame(df, "fu_played", 4) > 0), money)
        seen.append(_rate(stats, f"{label}: lost holding an unplayed bomb, per seat-hand", (money < 0) & (left > 0),
                          mine))
        _rate(stats, f"{label}: lost holding an unplayed bomb of 6+ cards, per seat-hand", (money < 0) & (left >= 6),
              mine)
        _rate(stats, f"{label}: never bombed | lost, dealt a bomb", bombs == 0,
              mine & (money < 0) & (_frame(df, "dealt_max_bomb", 4) > 0))

    _roles(df, 4, ("leader", "leader_partner", "opponent"), quality.LABELS, check)
    assert sum(seen) > 0
    _all_recounted(stats)


def test_shuangkou(tmp_path_factory):
    from sim.games.shuangkou import quality
    from sim.games.shuangkou.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "shuangkou", 40)
    _, stats = _section(play_report(run))
    money, won, left = _frame(df, "money", 4), _frame(df, "won", 4).astype(bool), _frame(df, "left_max_bomb", 4)
    seen = []

    def check(label, mine):
        seen.append(_decision(stats, f"{label}: played a bomb-class play", mine & (_frame(df, "bombs", 4) > 0), money))
        _decision(stats, f"{label}: played a 连炸", mine & (_frame(df, "lianzha", 4) > 0), money)
        _decision(stats, f"{label}: played 三王 or 天王炸弹",
                  mine & ((_frame(df, "sanwang", 4) + _frame(df, "tianwang", 4)) > 0), money)
        seen.append(_rate(stats, f"{label}: lost holding an unplayed bomb, per seat-hand", ~won & (left > 0), mine))
        _rate(stats, f"{label}: never bombed | lost, dealt a bomb", _frame(df, "bombs", 4) == 0,
              mine & ~won & (_frame(df, "dealt_max_bomb", 4) > 0))

    _roles(df, 4, ("leader", "partner", "opponent"), quality.LABELS, check)
    assert sum(seen) > 0


def _trick_family(stats, df):
    money = _frame(df, "money", 4)
    throws, failed = _frame(df, "throws", 4), _frame(df, "throws_failed", 4)
    _decision(stats, "threw (甩牌)", throws > 0, money)
    _decision(stats, "a throw failed", failed > 0, money)
    for r in ("banker", "partner", "opponent"):
        mine = _frame(df, "role", 4).astype(str) == r
        _decision(stats, f"{r} threw (甩牌)", mine & (throws > 0), money)
        _decision(stats, f"{r}: a throw failed", mine & (failed > 0), money)
    buried = (df["kitty_points"] > 0).to_numpy()
    _decision(stats, "庄家 buried points", pd.DataFrame({k: (df["banker"] == k).to_numpy() & buried for k in range(4)}),
              money)
    _rate(stats, "庄家 buried points and the 闲 side won the last trick",
          pd.DataFrame({0: df["kou_di"].astype(bool).to_numpy() & buried}))
    redealt = int(df["redeals"].sum())
    st = stats["P(deal redealt (nobody declared), per deal)"]
    assert st.n == len(df) + redealt and st.estimate == pytest.approx(redealt / (len(df) + redealt))
    _rate(stats, "trump from the kitty (nobody declared), per hand", pd.DataFrame({0: df["trump_from_kitty"]}))
    return money
    _all_recounted(stats)


def test_tractor(tmp_path_factory):
    from sim.games.tractor.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "tractor", 8, "--set", "no_declaration=redeal")
    _, stats = _section(play_report(run))
    money = _trick_family(stats, df)
    decl = pd.DataFrame({k: (df["declarer"] == k) for k in range(4)})
    assert _decision(stats, "declared the trump",
                     decl & ~df["trump_from_kitty"].to_numpy()[:, None], money) > 0
    _decision(stats, "declared with a single level card", decl & (df["declared_with"] == 1).to_numpy()[:, None], money)
    _decision(stats, "declared with a pair", decl & (df["declared_with"] == 2).to_numpy()[:, None], money)
    _decision(stats, "overrode an earlier declaration (反主)",
              decl & (df["declarer"] != df["first_declarer"]).to_numpy()[:, None], money)
    _all_recounted(stats)


def test_hongwu(tmp_path_factory):
    from sim.games.hongwu.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "hongwu", 30)
    _, stats = _section(play_report(run))
    money = _trick_family(stats, df)
    shown = pd.DataFrame({k: (df["banker"] == k) & ~df["trump_from_kitty"] for k in range(4)})
    assert _decision(stats, "declared the trump", shown, money) > 0
    _all_recounted(stats)


def test_bridge(tmp_path_factory):
    from sim.games.bridge import quality
    from sim.games.bridge.report_play import play_report

    run, df, _ = _play(tmp_path_factory, "bridge", 60)
    _, stats = _section(play_report(run))
    money = _frame(df, "money", 4)
    order = "NESW"
    opener, level_open, doubler, redoubler = [], [], [], []
    for dealer, auction in zip(df["dealer"].astype(str), df["auction"]):
        calls = auction.split()
        seats = [(order.index(dealer) + i) % 4 for i in range(len(calls))]
        bids = [i for i, c in enumerate(calls) if c[0].isdigit()]
        opener.append(seats[bids[0]] if bids else -1)
        level_open.append(int(calls[bids[0]][0]) if bids else 0)
        after = range(bids[-1] + 1, len(calls)) if bids else range(0)
        doubler.append(next((seats[i] for i in reversed(after) if calls[i] == "X"), -1))
        redoubler.append(next((seats[i] for i in reversed(after) if calls[i] == "XX"), -1))
    seat = pd.DataFrame({k: [k] * len(df) for k in range(4)})
    opener, level_open = pd.Series(opener), pd.Series(level_open)
    for label, sel in (("1", level_open == 1), ("2", level_open == 2), ("3+", level_open >= 3)):
        _decision(stats, f"opened the bidding at the {label} level", seat.eq(opener, axis=0) & sel.to_numpy()[:, None],
                  money)
    games = {4: 3, 3: 4, 2: 4, 1: 5, 0: 5}  # strain → the lowest game level
    cls = [-1 if lv < 0 else 2 if lv >= 6 else 1 if lv >= games[s] else 0 for lv, s in zip(df["level"], df["strain"])]
    for i, label in enumerate(quality.CLASSES):
        _decision(stats, f"declarer in {label}", seat.eq(df["declarer"], axis=0) & (pd.Series(cls) == i).to_numpy()[:, None],
                  money)
    _decision(stats, "doubled the final contract", seat.eq(pd.Series(doubler), axis=0), money)
    _decision(stats, "redoubled the final contract", seat.eq(pd.Series(redoubler), axis=0), money)
    _rate(stats, "board passed out (four passes), per board", pd.DataFrame({0: df["level"] < 0}))
    assert level_open.gt(0).any()
    _all_recounted(stats)


def test_hkstud(tmp_path_factory):
    from sim.games.hkstud.report_play import play_report

    run, df, text = _play(tmp_path_factory, "hkstud", 60, "--set", "betting=fixed_limit")
    _, stats = _section(play_report(run))
    n = 4 if "s3_money" in df else 2
    money, folded = _frame(df, "money", n), _frame(df, "folded", n)
    assert _decision(stats, "bet or raised at least once", _frame(df, "raises", n) > 0, money) > 0
    _decision(stats, "went all-in (全押)", _frame(df, "allin", n), money)
    for r in (2, 3, 4, 5):
        _decision(stats, f"folded in round {r} (放弃)", folded == r, money)
    _decision(stats, "stayed to the showdown (开牌)", (folded == 0) & df["showdown"].to_numpy()[:, None], money)
    _rate(stats, "pot won by a fold (everyone else folded), per deal", pd.DataFrame({0: df["fold_win"]}))
    key = _frame(df, "key", n)
    top = key.max(axis=1)
    best = key.eq(top, axis=0) & (key.eq(top, axis=0).sum(axis=1) == 1).to_numpy()[:, None]
    assert _rate(stats, "held the best five cards | folded, per fold", best, folded > 0) > 0
    _rate(stats, "folded the best five cards (they beat every other seat's), per deal",
          pd.DataFrame({0: ((folded > 0) & best).any(axis=1)}))
    _all_recounted(stats)
    # without betting nobody decides: the section is one line
    run2, _, text2 = _play(tmp_path_factory, "hkstud", 20)
    sec, stats2 = _section(play_report(run2))
    assert not stats2 and len(sec.notes) == 1 and "betting = none" in sec.notes[0]


def test_niuniu(tmp_path_factory):
    from sim.games.niuniu.report_play import play_report

    run, _, text = _play(tmp_path_factory, "niuniu", 30)
    sec, stats = _section(play_report(run))
    assert not stats and len(sec.notes) == 1 and "no player decision" in sec.notes[0]
    assert "no player decision" in text
