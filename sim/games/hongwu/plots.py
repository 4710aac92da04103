"""Plots of a 仙居红五 run: the family's (P, score band, win rate by trumps and kitty, money per
role) and the ♥5 captures by what the 庄 side was dealt; the census: ♥5 copies per hand."""

from __future__ import annotations


def play_figures(run, report):
    from analysis.plots import stat_bars
    from sim.games.hongwu.report_play import BAND_LABELS
    from sim.games.trick.plots import figures

    w = run.ruleset.get("bands.width", 60)
    outcome = [(f"band {b}", f"P({BAND_LABELS[b]})") for b in BAND_LABELS]
    stats = {s.name: s for s in report.stats() if s.seat is None}
    h5 = stat_bars("hearts5", "Hearts-5 captured by the banker side",
                   "E[♥5 captured by the 庄 side | the 庄 side was dealt k ♥5], 95% intervals.",
                   [(f"dealt {k}", stats.get(f"E[♥5 captured by the 庄 side | dealt {k}]")) for k in range(4)],
                   "hearts-5 captured", log=False)
    return figures(run, report, outcome, "庄 side wins the band", (1, w, 2 * w, 3 * w, 4 * w, 5 * w), [h5])


def census_figures(run, report):
    from analysis.plots import stat_bars

    stats = [s for s in report.stats() if s.seat is None and s.name.startswith("P(hearts5 = ")]
    return [stat_bars("hearts5", "Hearts-5 copies per hand",
                      "P(a 39-card hand holds k of the three ♥5), pooled over the seats, 95% intervals; exact "
                      "hypergeometric values in the table.", [(s.name[len("P(hearts5 = "):-1], s) for s in stats],
                      "P", log=False)]
