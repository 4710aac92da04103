"""Plots of a 八十分 play run: the family's (P, result, win rate by trumps and kitty, money per role)
and the match length (matches = true)."""

from __future__ import annotations

from analysis.columns import num
from analysis.plots import ValueCounts
from analysis.runs import BATCH_ROWS


def play_figures(run, report, batch_size: int = BATCH_ROWS):
    from sim.games.trick.plots import figures, value_share_figure
    from sim.games.tractor.report_play import RESULT_LABELS

    r = run.ruleset
    marks = (r.get("levels.small_below", 40), r.get("levels.threshold", 80),
             r.get("levels.threshold", 80) + r.get("levels.step", 20))
    labels = ["keep +shutout", "keep +small", "keep +mid", "switch", "switch +up"]
    outcome = [(lb, f"P({RESULT_LABELS[i]})") for i, lb in enumerate(labels)]
    extra = []
    if r.get("matches", True):
        vc = ValueCounts()
        for b in run.iter_batches(["match_hand", "match_hands"], batch_size):
            vc.add(num(b, "match_hands")[num(b, "match_hand") == 0])
        extra.append(value_share_figure("match_length", "Hands per match",
                                        "Share of matches by their number of hands (from both teams at '2' until "
                                        "one passes A); the match is the unit.", vc, "hands"))
    return figures(run, report, outcome, "庄 team keeps the deal", marks, extra)


def census_figures(run, report):
    from analysis.plots import stat_bars

    stats = [s for s in report.stats() if s.seat is None and s.name.startswith("P(pairs = ")]
    return [stat_bars("pairs", "Identical pairs per hand",
                      "P(a 25-card hand holds k identical pairs), pooled over the seats, 95% intervals; exact values "
                      "in the table.", [(s.name[len("P(pairs = "):-1], s) for s in stats], "P", log=False)]
