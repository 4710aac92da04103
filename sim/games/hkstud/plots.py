"""Plots of 港式五张 runs (``analysis.plots`` helpers): category rates against the exact lines,
P(庄家 after each round wins), money per role and per player. Bars of report statistics come
from the report itself (plot and table agree); the rest from one streamed pass.

Axis text is ASCII (categories in English poker names); the captions carry the Chinese names.
"""

from __future__ import annotations

import numpy as np

from analysis.plots import Figure, PooledShare, ValueCounts, find, money_figure, share_figure, stat_bars
from analysis.report import Report
from analysis.runs import BATCH_ROWS, Run

LABELS = ("high", "pair", "2pair", "trips", "straight", "flush", "full", "quads", "str.flush")
CAPTION = ("categories: high = 散牌, pair = 对子, 2pair = 二对, trips = 三条, straight = 顺子, flush = 同花, "
           "full = 葫芦, quads = 铁支, str.flush = 同花顺")


def _category_figure(run: Run, n_seats: int, batch_size: int) -> Figure:
    from analysis.columns import seat_codes
    from kernels.hkstud.cards import CATEGORY_NAMES
    from sim.games.hkstud.exact import category_probabilities

    share = PooledShare(len(CATEGORY_NAMES), n_seats)
    for b in run.iter_batches([f"s{k}_category" for k in range(n_seats)], batch_size):
        share.add(seat_codes(b, "category", CATEGORY_NAMES, n_seats))
    exact = np.array(list(category_probabilities().values()))
    return share_figure("categories", "Final hand categories (per seat-hand)",
                        "P(category of a seat's five cards) pooled over seats with 95% intervals (deal as the unit); "
                        f"black lines: exact, from the 98,280 hands; {CAPTION}.", share, list(LABELS), "category",
                        exact, log=True)


def _leader_figure(report: Report, verb: str) -> Figure:
    items = [(f"round {st}", find(report, f"P(庄家 after round {st} {verb}")) for st in (2, 3, 4, 5)]
    return stat_bars("zhuang_wins", "P(zhuang after each round wins)",
                     f"P(庄家 after round st {verb}) with 95% intervals (the '庄家 by round' table, exact values "
                     "beside them for two players who never fold).", items, "P", log=False)


def census_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from sim.games.hkstud.report_census import rules_of

    return [_category_figure(run, rules_of(run).players, batch_size), _leader_figure(report, "wins the showdown")]


def play_figures(run: Run, report: Report, batch_size: int = BATCH_ROWS) -> list[Figure]:
    from analysis.columns import num, seat_matrix
    from sim.games.hkstud.report_census import rules_of
    from sim.games.hkstud.scoring import ROLE_LABELS

    n = rules_of(run).players
    roles = {"zhuang": ValueCounts(), "other": ValueCounts()}
    for b in run.iter_batches(["banker_2"] + [f"s{k}_money" for k in range(n)], batch_size):
        first = num(b, "banker_2").astype(np.int64)
        money = seat_matrix(b, "money", n).astype(np.float64)
        is_first = np.arange(n)[None, :] == first[:, None]
        roles["zhuang"].add(money[is_first])
        roles["other"].add(money[~is_first])
    figs = [_category_figure(run, n, batch_size), _leader_figure(report, "takes the pot"),
            money_figure(roles, ROLE_LABELS)]
    players = [s for s in report.stats() if s.name.startswith("E[money | ") and s.seat is None]
    if len(players) > 1:
        figs.append(stat_bars("money_by_player", "Money per deal by player",
                              "E[money | player] pooled over the seat-deals each player sits, 95% CI with the deal as "
                              "the unit (the Players table); seat effects mix in unless the run rotates.",
                              [(s.name[len("E[money | "):-1], s) for s in players], "money per deal",
                              log=False, zero_line=True))
    return figs
