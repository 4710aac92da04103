"""census_report / build_report on synthetic run directories written with pyarrow."""

from __future__ import annotations

import numpy as np
import pytest
from rich.console import Console

from sim.games.xiantao.exact import census_exact
from sim.games.xiantao.report_census import INV, census_report
from analysis.report import FLAG, Report
from sim.reports import build_report
from analysis.runs import RunError, open_run


def _stat(report: Report, name: str, seat):
    (s,) = [s for s in report.stats() if s.name == name and s.seat == seat]
    return s


def test_report_consistent_and_complete(census_run, census_cols):
    report = build_report(open_run(census_run), seats=True)
    assert report.flagged() == []
    names = {s.name for s in report.stats()}
    assert set(census_exact()) <= names
    for name in census_exact():
        assert {s.seat for s in report.stats() if s.name == name} == {None, 0, 1, 2, 3}
        assert all(s.exact is not None and s.n == 20_000 for s in report.stats() if s.name == name and s.seat is not None)
        pooled = _stat(report, name, None)  # every seat-hand of the run, the deal as the unit
        assert pooled.exact is not None and pooled.n == 4 * 20_000
        assert pooled.estimate == pytest.approx(np.mean([_stat(report, name, k).estimate for k in range(4)]))
    md = report.to_markdown()
    assert "| statistic | seat | estimate | 95% CI | exact | z |" in md
    for name in names:
        assert name in md
    assert FLAG not in md and "all within 5σ" in md and "status: complete" in md
    # estimates are the plain frequencies of the rows
    s = _stat(report, "P(7张 ≥ 1)", 2)
    assert s.estimate == pytest.approx((census_cols["s2_seven"] >= 1).mean())
    assert s.ci_low <= s.estimate <= s.ci_high
    e = _stat(report, "E[points]", 1)
    assert e.estimate == pytest.approx(census_cols["s1_points"].mean()) and e.exact == 50
    (inv,) = [sec.stats for sec in report.sections if sec.title == INV]
    assert len(inv) == 6 and all(s.estimate == 1.0 and s.z == 0 for s in inv)
    # by default the report shows each statistic once, pooled over the exchangeable seats
    short = build_report(open_run(census_run)).to_markdown()
    assert "| statistic | estimate | 95% CI | exact | z |" in short and "| P(王炸) | 0 |" not in short
    assert short.count("| P(王炸) |") == 2 and "## Headline" in short  # the headline repeats it
    assert "per-seat rows are pooled" in short


def test_rich_rendering(census_run):
    report = census_report(open_run(census_run))
    console = Console(record=True, width=160, color_system=None)
    console.print(report.to_rich())
    text = console.export_text()
    for col in ("statistic", "seat", "estimate", "95% CI", "exact"):
        assert col in text
    assert "P(王炸)" in text and "E[xi_units]" in text and "all within 5σ" in text


def test_batch_size_does_not_change_estimates(census_run):
    run = open_run(census_run)
    a, b = census_report(run, batch_size=1_777), census_report(run)
    assert [(s.name, s.seat, s.estimate, s.se) for s in a.stats()] == [
        (s.name, s.seat, s.estimate, s.se) for s in b.stats()]


def test_five_sigma_flag(make_run, census_cols):
    bad = dict(census_cols)
    bad["s0_wangzha"] = np.ones_like(bad["s0_wangzha"])  # seat 0 always 王炸
    bad["s3_xi_units"] = bad["s3_xi_units"] + np.int16(1)  # breaks the 喜 identity
    report = build_report(open_run(make_run(bad)), seats=True)
    flagged = {(s.name, s.seat) for s in report.flagged()}
    assert ("P(王炸)", 0) in flagged and ("P(王炸)", 1) not in flagged
    assert ("P(Σ 王炸 ≤ 1)", None) in flagged
    assert any(name.startswith("P(xi_units = ") for name, _ in flagged)
    md = report.to_markdown()
    assert FLAG in md and "more than 5σ from exact" in md
    row = next(line for line in md.splitlines() if line.startswith("| P(王炸) | 0 |"))
    assert FLAG in row


def test_incomplete_and_no_exact(make_run, census_cols):
    cols = {k: v[:3_000] for k, v in census_cols.items()}
    report = build_report(open_run(make_run(cols, status="running", n=20_000)))
    assert "INCOMPLETE" in report.to_markdown()
    other = build_report(open_run(make_run(cols, name="r2",
                                           ruleset={"pei_cards": "extra_cards"})))
    assert all(s.exact is None for s in other.stats() if s.seat is not None)
    assert "exact values: none" in other.to_markdown()


def test_rare_events_small_run_not_flagged(make_run, census_cols):
    # 800 games: usually no 8张 at all; the null standard error keeps z finite and small
    cols = {k: v[:800] for k, v in census_cols.items()}
    report = build_report(open_run(make_run(cols)))
    assert report.flagged() == []
    e8 = _stat(report, "E[8张]", 0)
    assert e8.se > 0 and abs(e8.z) < 5


def test_row_count_mismatch_is_reported(make_run, census_cols):
    cols = {k: v[:3_000] for k, v in census_cols.items()}
    md = build_report(open_run(make_run(cols, n=5_000))).to_markdown()
    assert "rows ≠ manifest n" in md


def _game_without(kind: str, monkeypatch) -> str:
    """A registered game without a ``kind`` job: the first in the registry, else (every game has
    one) the play-only toy, registered for this test as a plug-in would be."""
    from sim import registry

    lacking = [name for name in registry.GAMES if kind not in registry.load_game(name).jobs]
    if lacking:
        return lacking[0]
    monkeypatch.setitem(registry.GAMES, "toy-bare", "tests.toy.bare")
    assert kind not in registry.load_game("toy-bare").jobs
    return "toy-bare"


def test_bad_kinds_games_and_columns(make_run, census_cols, monkeypatch):
    cols = {k: v[:500] for k, v in census_cols.items()}
    with pytest.raises(RunError, match="xiantao has no 'tournament' runs, so no report"):
        build_report(open_run(make_run(cols, name="a", kind="tournament")))
    game = _game_without("census", monkeypatch)
    with pytest.raises(RunError, match=f"{game} has no 'census' runs, so no report"):
        build_report(open_run(make_run(cols, name="b", game=game)))
    partial = {k: v for k, v in cols.items() if k != "s2_best_510k"}
    with pytest.raises(RunError, match="s2_best_510k"):
        build_report(open_run(make_run(partial, name="c")))
