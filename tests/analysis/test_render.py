"""HTML / Markdown reports with plots (analysis.render, analysis.plots, `paiju report`)."""

from __future__ import annotations

import html
import math
import re
from pathlib import Path
from urllib.parse import unquote

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analysis import render
from analysis.plots import PooledShare, ValueCounts
from sim.reports import figures
from sim.games.xiantao.plots import census_plot_data, play_plot_data
from sim.reports import build_report
from analysis.runs import open_run
from sim.cli import app

PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


@pytest.fixture(scope="module")
def play_run(tmp_path_factory):
    from sim.games.xiantao.rules import Rules
    from sim.runner import RunSpec, run_local

    options = {"policies": ["smart", "greedy", "smart", "greedy"], "policy_params": [{}] * 4,
               "hands_per_session": 1, "rotate": True}
    path = tmp_path_factory.mktemp("render") / "play"
    spec = RunSpec("xiantao", "play", "default", Rules(), 21, 1500, 600, options)
    run_local(spec, path, resume=False, overwrite=False, threads=1, log=lambda _: None)
    return path


@pytest.fixture
def outdir(tmp_path):
    """An empty folder for the report files (``census_run`` lives in ``tmp_path`` too)."""
    d = tmp_path / "out"
    d.mkdir()
    return d


def _cli(*args):
    res = runner.invoke(app, ["report", *map(str, args)])
    return res, [line for line in res.output.splitlines() if line.strip()]


def _files(d: Path) -> list[str]:
    return sorted(str(p.relative_to(d)) for p in d.rglob("*"))


@pytest.mark.parametrize("which", ["play", "census"])
def test_html_is_one_self_contained_file(which, play_run, census_run, outdir):
    run = play_run if which == "play" else census_run
    out = outdir / "report.html"
    res, lines = _cli(run, "--format", "html", "--out", out)
    assert res.exit_code == 0, res.output
    assert _files(outdir) == ["report.html"]  # no temp file, no asset folder
    text = out.read_text(encoding="utf-8")
    rep = build_report(open_run(run))
    n_figs = 6 if which == "play" else 3  # play: + money by player (two policies)
    assert text.count('<img src="data:image/png;base64,') == n_figs
    assert f"({n_figs} plot(s) embedded)" in lines[-1]
    for stat in rep.stats():  # every statistic shown by default: per-seat rows only with --seats
        if stat.seat is None:
            assert html.escape(stat.name, quote=False) in text, stat.name
    for sec in rep.sections:
        assert html.escape(sec.title, quote=False) in text
    assert html.escape(rep.check_line(), quote=False) in text
    # nothing external: no links, scripts, stylesheets or remote images
    assert not re.search(r'<(link|script)\b|src="(?!data:)|url\(', text)


def test_markdown_writes_pngs_beside_it(play_run, outdir):
    out = outdir / "report.md"
    res, _ = _cli(play_run, "--format", "md", "--out", out)
    assert res.exit_code == 0, res.output
    md = out.read_text(encoding="utf-8")
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert len(links) == 6
    for link in links:
        assert not link.startswith("/") and link.startswith("report_files/")
        png = out.parent / unquote(link)
        assert png.is_file() and png.read_bytes().startswith(PNG)
    assert _files(outdir / "report_files") == sorted(Path(x).name for x in links)
    assert "## Plots" in md and md.index("## Plots") < md.index("## Outcomes")
    assert "| statistic | estimate | 95% CI | exact | z | n |" in md
    # a second report replaces the folder; nothing else is left behind
    res, _ = _cli(play_run, "--format", "md", "--out", out)
    assert res.exit_code == 0 and _files(outdir) == ["report.md", "report_files",
                                                       *[f"report_files/{Path(x).name}" for x in sorted(links)]]


def test_md_and_table_to_stdout_are_unchanged(census_run, outdir, monkeypatch):
    monkeypatch.chdir(outdir)
    res, _ = _cli(census_run, "--format", "md")
    assert res.exit_code == 0
    assert res.output.strip() == build_report(open_run(census_run)).to_markdown().strip()
    assert "## Plots" not in res.output and "data:image" not in res.output
    res, _ = _cli(census_run)
    assert res.exit_code == 0 and "deal census" in res.output
    assert list(outdir.iterdir()) == []


def test_html_needs_out(census_run):
    res, lines = _cli(census_run, "--format", "html")
    assert res.exit_code == 2 and len(lines) == 1 and "--format html needs --out" in lines[0]
    res, lines = _cli(census_run, "--format", "pdf")
    assert res.exit_code == 2 and len(lines) == 1 and "'table', 'md', 'html', 'csv' or 'json'" in lines[0]


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_unwritable_out_is_one_line_and_leaves_nothing(fmt, census_run, outdir):
    blocker = outdir / "a_file"
    blocker.write_text("x")
    (outdir / "a_dir").mkdir()
    cases = [(outdir / "missing" / f"r.{fmt}", "does not exist"),
             (blocker / f"r.{fmt}", "is not a directory"),
             (outdir / "a_dir", "it is a directory")]
    for out, why in cases:
        res, lines = _cli(census_run, "--format", fmt, "--out", out)
        assert res.exit_code == 2, res.output
        assert len(lines) == 1 and lines[0].startswith("error: ") and why in lines[0], res.output
    assert _files(outdir) == ["a_dir", "a_file"]


def test_read_only_directory(census_run, outdir, monkeypatch):
    """A directory the user may not write to (faked: the tests run as root, who may write anywhere)."""
    import os

    ro = outdir / "ro"
    ro.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if str(p) == str(ro) else real_access(p, mode))
    res, lines = _cli(census_run, "--format", "html", "--out", ro / "r.html")
    assert res.exit_code == 2 and len(lines) == 1 and "not writable" in lines[0]
    assert list(ro.iterdir()) == []


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_failed_write_leaves_no_partial_file(fmt, census_run, outdir, monkeypatch):
    run = open_run(census_run)
    rep = build_report(run)
    figs = figures(run, rep)

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(render.os, "replace", broken)
    with pytest.raises(render.RenderError, match="No space left on device") as err:
        render.write_report(rep, figs, outdir / f"r.{fmt}", fmt)
    assert "\n" not in str(err.value)
    assert _files(outdir) == []


def test_png_folder_with_other_files_is_not_replaced(census_run, outdir):
    folder = outdir / "r_files"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    res, lines = _cli(census_run, "--format", "md", "--out", outdir / "r.md")
    assert res.exit_code == 2 and len(lines) == 1 and "holds files other than PNGs" in lines[0]
    assert _files(outdir) == ["r_files", "r_files/notes.txt"]


# --- the plotted numbers -----------------------------------------------------------------------


def test_census_plot_data_matches_pandas(census_run, census_cols):
    run = open_run(census_run)
    data = census_plot_data(run, batch_size=4_096)
    nat = np.stack([census_cols[f"s{k}_max_natural"] for k in range(4)], axis=1)
    b510 = np.stack([census_cols[f"s{k}_best_510k"] for k in range(4)], axis=1)
    for b, label in enumerate(["<=3", "4", "5", "6", "7", "8"]):
        want = (nat <= 3) if b == 0 else (nat == b + 3)
        est, lo, hi = data.max_natural.estimate(b)
        assert est == pytest.approx(want.mean(), rel=1e-12), label
        if 0 < want.mean() < 1:
            assert lo < est < hi
    for v in range(6):
        assert data.best_510k.estimate(v)[0] == pytest.approx((b510 == v).mean(), rel=1e-12)
    assert sum(data.best_510k.estimate(v)[0] for v in range(6)) == pytest.approx(1.0)


def test_play_plot_data_matches_pandas(play_run):
    run = open_run(play_run)
    df = run.to_pandas()
    a, b = play_plot_data(run, batch_size=257), play_plot_data(run)
    seat = lambda f: np.stack([df[f"s{k}_{f}"].to_numpy() for k in range(4)], axis=1)  # noqa: E731
    money, role = seat("money"), np.stack([df[f"s{k}_role"].astype(str) for k in range(4)], axis=1)
    for data in (a, b):
        for r, vc in data.roles.items():
            got = dict(vc.items())
            want = pd.Series(money[role == r]).round(6).value_counts().to_dict()
            assert got == {float(k): int(v) for k, v in want.items()}, r
        fresh = df.redeals.to_numpy() == 0
        wilds, finish = seat("wilds")[fresh], seat("finish")[fresh]
        assert data.skipped == int((~fresh).sum())
        for w in range(7):
            sel = wilds == w
            st = data.wild_first.stat(w)
            assert st.n == sel.sum()
            if sel.any():
                assert st.estimate == pytest.approx((finish[sel] == 1).mean(), rel=1e-12)
                place = np.where(finish[sel] == 0, 4, finish[sel])
                assert data.wild_place.stat(w).estimate == pytest.approx(place.mean(), rel=1e-12)
        hard = ((df["mode"] == "hard").to_numpy()) & fresh
        hs = df.hard_seat.to_numpy()[hard].astype(int)
        rows = np.flatnonzero(hard)
        strength = sum(seat(f)[rows, hs].astype(int) for f in ("wilds", "natural_bombs", "wangzha"))
        ok = seat("finish")[rows, hs] == 1
        assert data.hard_n.sum() == hard.sum()
        for s in np.unique(strength):
            assert data.hard_n[s] == (strength == s).sum() and data.hard_ok[s] == ok[strength == s].sum()


def test_value_counts_stay_bounded():
    vc = ValueCounts(decimals=6, max_values=50)
    rng = np.random.default_rng(1)
    for _ in range(20):
        vc.add(rng.normal(size=1000))
    assert len(vc.counts) <= 50 and vc.n == 20_000


def test_pooled_share_interval_uses_the_deal():
    share = PooledShare(2, seats=4)
    share.add(np.array([[1, 1, 1, 1], [0, 0, 0, 0]] * 50))  # seats of a deal perfectly correlated
    est, lo, hi = share.estimate(1)
    assert est == 0.5
    naive = 1.96 * math.sqrt(0.25 / 400)  # as if 400 independent seat-hands
    assert hi - est > 1.8 * naive  # the deal-level interval is twice as wide
