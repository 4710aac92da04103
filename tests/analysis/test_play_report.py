"""play_report / policy_comparison / ``paiju report`` on small real play runs made in-process.

Every statistic is recomputed here directly with pandas on the same rows; the report must agree.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analysis.estimators import mean_ci
from analysis.players import policy_comparison
from sim.games.xiantao.report_play import (
    CASES,
    GRADES,
    LEVELS,
    POSITIONS,
    ROLES,
    needed_columns,
    play_report,
)
from sim.reports import build_report
from analysis.runs import RunError, open_run

SEATS = range(4)


def _make(path, policies, n, seed, hps=1, rotate=False, params=None, shard=None):
    from sim.games.xiantao.rules import Rules
    from sim.runner import RunSpec, run_local

    options = {"policies": list(policies), "policy_params": params or [{}] * 4,
               "hands_per_session": hps, "rotate": rotate}
    spec = RunSpec("xiantao", "play", "default", Rules(), seed, n, shard or n, options)
    run_local(spec, path, resume=False, overwrite=False, threads=1, log=lambda _: None)
    return path


@pytest.fixture(scope="module")
def smart_run(tmp_path_factory):
    return _make(tmp_path_factory.mktemp("play") / "smart", ["smart"] * 4, 3000, seed=11)


@pytest.fixture(scope="module")
def mixed_run(tmp_path_factory):
    return _make(tmp_path_factory.mktemp("play") / "mixed", ["smart", "greedy", "smart", "greedy"],
                 3000, seed=12, hps=4, rotate=True, shard=1000)


@pytest.fixture(scope="module")
def params_run(tmp_path_factory):
    params = [{"hard_threshold": 30.0}, {}, {}, {}]
    return _make(tmp_path_factory.mktemp("play") / "params", ["smart"] * 4, 2000, seed=13,
                 rotate=True, params=params)


def _frame(path) -> pd.DataFrame:
    return open_run(path).to_pandas().sort_values("game_index").reset_index(drop=True)


def _seat(df, feature) -> np.ndarray:
    return np.stack([df[f"s{k}_{feature}"].to_numpy() for k in SEATS], axis=1)


def _seat_str(df, feature) -> np.ndarray:
    return np.stack([df[f"s{k}_{feature}"].astype(str).to_numpy() for k in SEATS], axis=1)


def _get(report, name, seat=None):
    found = [s for s in report.stats() if s.name == name and s.seat == seat]
    assert len(found) == 1, f"{name!r} seat {seat}: {len(found)} rows"
    return found[0]


def _check(report, name, expected, n, seat=None):
    """The report's estimate equals ``expected`` (pandas), over ``n`` observations, inside its CI."""
    s = _get(report, name, seat)
    assert s.n == n, name
    if n == 0:
        assert math.isnan(s.estimate)
        return s
    assert s.estimate == pytest.approx(expected, rel=1e-9, abs=1e-12), name
    assert s.ci_low - 1e-12 <= s.estimate <= s.ci_high + 1e-12, name
    return s


def _rate(mask) -> tuple[float, int]:
    mask = np.asarray(mask, bool)
    return (mask.mean() if mask.size else math.nan), int(mask.size)


def test_every_statistic_agrees_with_pandas(smart_run):
    report = play_report(open_run(smart_run))
    df = _frame(smart_run)
    n = len(df)
    rows = np.arange(n)
    call = (df["mode"] == "call").to_numpy()
    hard = (df["mode"] == "hard").to_numpy()
    assert call.sum() + hard.sum() == n

    # outcomes
    for g in GRADES:
        _check(report, next(s.name for s in report.stats() if s.name.startswith(f"P(grade = {g})")),
               (df.grade == g).mean(), n)
    grades = [s for s in report.stats() if s.name.startswith("P(grade = ")]
    assert len(grades) == 4 and sum(s.estimate for s in grades) == pytest.approx(1.0)
    cases = [s for s in report.stats() if s.name.startswith("P(case ")]
    assert len(cases) == 3 and sum(s.estimate for s in cases) == pytest.approx(1.0)
    for c, s in zip(CASES, cases):
        _check(report, s.name, (df.case[call] == c).mean(), int(call.sum()))
    _check(report, "P(100:100 tie | 叫牌)", df.tie_100[call].mean(), int(call.sum()))
    won = _seat(df, "won")
    banker = df.banker.to_numpy().astype(int)
    _check(report, "P(庄家 team wins | 叫牌)", won[rows, banker][call].mean(), int(call.sum()))
    _check(report, "P(硬牌)", hard.mean(), n)
    finish = _seat(df, "finish")
    hs = df.hard_seat.to_numpy().astype(int)
    success = finish[rows, np.clip(hs, 0, 3)] == 1
    _check(report, "P(硬牌家 finishes 1st | 硬牌)", *_rate(success[hard]))
    rel = (hs - banker) % 4
    asked = df.hard_asked.to_numpy()
    for r, pos in enumerate(POSITIONS):
        by = hard & (rel == r)
        _check(report, f"P(硬牌 declared by {pos})", by.mean(), n)
        _check(report, f"P(accepts 硬牌 | asked) {pos}", *_rate(by[asked > r]))
        _check(report, f"P(硬牌 succeeds | declared by {pos})", *_rate(success[by]))
    declared = [_get(report, f"P(硬牌 declared by {pos})").estimate for pos in POSITIONS]
    assert sum(declared) == pytest.approx(_get(report, "P(硬牌)").estimate)
    prel = (df.partner.to_numpy() - banker) % 4
    parts = [_check(report, f"P(partner = {POSITIONS[r]} | 叫牌)", (prel[call] == r).mean(),
                    int(call.sum())) for r in (1, 2, 3)]
    assert sum(s.estimate for s in parts) == pytest.approx(1.0)
    mingji = df.mingji_trick.to_numpy()
    _check(report, "P(明鸡 happens | 叫牌)", (mingji[call] >= 0).mean(), int(call.sum()))
    _check(report, "E[明鸡 trick (0-based) | 明鸡]", mingji[call & (mingji >= 0)].mean(),
           int((call & (mingji >= 0)).sum()))
    _check(report, "E[re-calls | 叫牌]", df.recalls[call].mean(), int(call.sum()))
    _check(report, "P(redeal)", (df.redeals >= 1).mean(), n)

    # money
    money, role = _seat(df, "money"), _seat_str(df, "role")
    for r in ROLES:
        name = next(s.name for s in report.stats() if s.name.startswith(f"E[money | {r}]"))
        sel = role == r
        _check(report, name, money[sel].mean() if sel.any() else math.nan, int(sel.sum()))
    for k in SEATS:
        _check(report, "E[money]", money[:, k].mean(), n, seat=k)
    _check(report, "E[|money|]", np.abs(money).mean(), 4 * n)
    # with one 庄家 per 叫牌 hand the hand-unit CI is the plain normal CI of the banker's money
    banker_money = money[rows, banker][call]
    s = _get(report, "E[money | banker] 庄家")
    m, lo, hi, _ = mean_ci(float(banker_money.sum()), float((banker_money ** 2).sum()), len(banker_money))
    assert (s.ci_low, s.ci_high) == pytest.approx((lo, hi), rel=1e-6)

    # 喜
    _check(report, "P(王炸 喜)", _seat(df, "xi_wangzha").mean(), 4 * n)
    _check(report, "E[7张 喜]", _seat(df, "xi_seven").mean(), 4 * n)
    _check(report, "E[8张 喜]", _seat(df, "xi_eight").mean(), 4 * n)
    units = _seat(df, "xi_wangzha") + _seat(df, "xi_seven") + _seat(df, "xi_eight")
    _check(report, "P(any 喜)", (units > 0).mean(), 4 * n)
    xi = _seat(df, "xi")
    for k in SEATS:
        assert _check(report, "E[net 喜 money]", xi[:, k].mean(), n, seat=k).exact == 0

    # play
    total = np.zeros(n)
    for lv in LEVELS:
        x = df[f"bombs_L{lv:02d}"].to_numpy()
        total += x
        name = next(s.name for s in report.stats() if s.name.startswith(f"E[bombs L{lv:02d}]"))
        _check(report, name, x.mean(), n)
        _check(report, f"P(≥1 bomb L{lv:02d})", (x >= 1).mean(), n)
    _check(report, "E[bombs, all levels]", total.mean(), n)
    _check(report, "P(≥1 bomb of any level)", (total >= 1).mean(), n)
    _check(report, "E[tricks]", df.n_tricks.mean(), n)
    _check(report, "E[接风]", df.n_jiefeng.mean(), n)
    unplayed = _seat(df, "unplayed").sum(axis=1)
    _check(report, "E[points left unplayed]", unplayed.mean(), n)
    _check(report, "E[points left unplayed | 叫牌]", unplayed[call].mean(), int(call.sum()))

    # deal check against the census exact values, and the invariants
    for k in SEATS:
        for w in range(7):
            _check(report, f"P(wilds = {w})", (df[f"s{k}_wilds"] == w).mean(), n, seat=k)
        _check(report, "E[wilds]", df[f"s{k}_wilds"].mean(), n, seat=k)
        _check(report, "P(王炸)", df[f"s{k}_wangzha"].mean(), n, seat=k)
        assert _check(report, "E[points]", df[f"s{k}_points"].mean(), n, seat=k).exact == 50
    inv = _get(report, "max |Σ money| in a hand")
    assert inv.estimate == pytest.approx(np.abs(money.sum(axis=1)).max(), abs=1e-12) and inv.z == 0
    for name in ("P(Σ 喜 money = 0)", "P(T_W + T_L = 200 | 叫牌)", "P(one 庄家 and one 暗对家 | 叫牌)"):
        assert _get(report, name).estimate == 1.0 and _get(report, name).z == 0
    assert report.flagged() == []
    assert "exact checks" in report.check_line() and "all within 5σ" in report.check_line()
    # one policy at every seat: no players section, no comparison
    assert not any(sec.title.startswith("Players") for sec in report.sections)
    with pytest.raises(RunError, match="no player 'greedy'"):
        policy_comparison(open_run(smart_run), "smart", "greedy")


def test_players_and_paired_difference(mixed_run):
    run = open_run(mixed_run)
    assert len(run.parts) == 3
    report = build_report(run)
    df = _frame(mixed_run)
    n = len(df)
    money, pol = _seat(df, "money"), _seat_str(df, "policy")
    (players,) = [sec for sec in report.sections if sec.title.startswith("Players")]
    assert any("--rotate" in note for note in players.notes)
    for p in ("smart", "greedy"):
        _check(report, f"E[money | {p}]", money[pol == p].mean(), int((pol == p).sum()))
    assert not any("random" in s.name for s in players.stats)  # in the dictionary, never played
    # the right paired estimator: per hand, mean of A's seats minus mean of B's seats
    mean_of = lambda p: np.where(pol == p, money, 0).sum(1) / (pol == p).sum(1)  # noqa: E731
    d = mean_of("smart") - mean_of("greedy")
    comp = policy_comparison(run, "smart", "greedy")
    assert comp.n == n and comp.estimate == pytest.approx(d.mean(), rel=1e-9)
    half = 1.959963984540054 * d.std(ddof=1) / math.sqrt(n)
    assert (comp.ci_low, comp.ci_high) == pytest.approx((d.mean() - half, d.mean() + half), rel=1e-6)
    back = policy_comparison(run, "greedy", "smart")
    assert back.estimate == pytest.approx(-comp.estimate) and back.n == n
    (row,) = [s for s in players.stats if "paired per hand" in s.name]
    same = comp if row.name.startswith("E[money smart] − E[money greedy]") else back
    assert row.name.startswith(("E[money smart] −", "E[money greedy] −"))
    assert row.estimate == pytest.approx(same.estimate) and row.n == n
    # two players at two seats each: money sums to 0, so the difference is twice the player mean
    assert comp.estimate == pytest.approx(2 * _get(report, "E[money | smart]").estimate)
    with pytest.raises(RunError, match="different players"):
        policy_comparison(run, "smart", "smart")


def test_parameterised_players(params_run):
    run = open_run(params_run)
    report = play_report(run)
    df = _frame(params_run)
    money = _seat(df, "money")
    g = df.game_index.to_numpy()
    special = np.arange(4)[None, :] == ((-g) % 4)[:, None]  # rotation: slot 0 sits at seat -g mod 4
    label = "smart(hard_threshold=30)"
    _check(report, f"E[money | {label}]", money[special].mean(), len(df))
    _check(report, "E[money | smart]", money[~special].mean(), 3 * len(df))
    d = money[special] - money[~special].reshape(-1, 3).mean(axis=1)
    comp = policy_comparison(run, label, "smart")
    assert comp.n == len(df) and comp.estimate == pytest.approx(d.mean(), rel=1e-9)
    assert comp.ci_low <= comp.estimate <= comp.ci_high


def test_batch_size_does_not_change_estimates(mixed_run):
    run = open_run(mixed_run)
    a, b = play_report(run, batch_size=777), play_report(run)
    assert [(s.name, s.seat, s.n) for s in a.stats()] == [(s.name, s.seat, s.n) for s in b.stats()]
    for x, y in zip(a.stats(), b.stats()):
        assert x.estimate == pytest.approx(y.estimate, rel=1e-9, nan_ok=True), x.name
        assert x.ci_low == pytest.approx(y.ci_low, rel=1e-6, abs=1e-12, nan_ok=True), x.name


def test_cli_report_on_a_play_run(mixed_run, tmp_path):
    from sim.cli import app

    runner = CliRunner()
    res = runner.invoke(app, ["report", str(mixed_run)])
    assert res.exit_code == 0, res.output
    assert "仙桃千分 play" in res.output and "E[money | smart]" in res.output
    out = tmp_path / "play.md"
    res = runner.invoke(app, ["report", str(mixed_run), "--format", "md", "--out", str(out)])
    assert res.exit_code == 0, res.output
    md = out.read_text(encoding="utf-8")
    assert "| statistic | estimate | 95% CI | exact | z | n |" in md and "## Headline" in md
    for title in ("## Outcomes", "## Money", "## 喜", "## Play", "## Players", "## Deal check",
                  "## Invariants"):
        assert title in md
    assert "all within 5σ" in md and "paired per hand" in md


def test_not_a_play_run(make_run, census_cols):
    cols = {k: v[:300] for k, v in census_cols.items()}
    fake = open_run(make_run(cols, name="fake", kind="play"))
    with pytest.raises(RunError, match="lacks play column"):
        build_report(fake)
    with pytest.raises(RunError, match="needs a play run"):
        policy_comparison(open_run(make_run(cols, name="census")), "smart", "greedy")
    assert "s3_money" in needed_columns() and "mode" in needed_columns()
