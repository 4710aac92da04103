"""Census reports of 牛牛 runs, every estimate beside its exact value (``sim.games.niuniu.exact``).

One streamed pass folds each record batch into small accumulators; memory is one batch whatever
the run size. Seats are exchangeable for the hand statistics, so those are pooled over seats
(the deal is the sampling unit, ``ClusterMean``) with per-seat rows behind ``--seats``.

Census: category rates, P(highest card ≤ Q) (the Q rule's condition), P(a seat ties seat 0). The
helpers here (rules, categories) serve the play report too (``sim.games.niuniu.report_play``).
"""

from __future__ import annotations


import numpy as np

from analysis.columns import seat_codes, seat_matrix
from analysis.estimators import ClusterMean, Moments, Stat
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from kernels.niuniu.layout import CATEGORY_NAMES

CATEGORIES = "Hand categories (spec §3), per seat-hand"
POOLED = ("seats are exchangeable: each row pools the seat-hands of all seats (95% CI with the deal as the unit); "
          "per-seat rows with --seats")


def rules_of(run: Run):
    from sim.games.niuniu.rules import NiuniuRules
    from sim.ruleset import apply_overrides

    return apply_overrides(NiuniuRules(), run.ruleset)


def run_summary(run: Run, n: int) -> list[str]:
    m = run.manifest
    return [f"run {run.path}: {n:,} deals, variant {m.get('variant')}, seed {m.get('seed')}"
            + ("" if run.complete else " (INCOMPLETE: estimates cover the rows written so far)")]


def categories(batch, n_seats: int) -> np.ndarray:
    return seat_codes(batch, "category", CATEGORY_NAMES, n_seats)


class Categories:
    """Category rates pooled over seats and per seat, against the exact single-hand rates."""

    def __init__(self, n_seats: int):
        self.n_seats = n_seats
        self.pooled = [ClusterMean() for _ in range(11)]
        self.seat = [[Moments() for _ in range(11)] for _ in range(n_seats)]

    def add(self, cats: np.ndarray) -> None:
        for c in range(11):
            hit = cats == c
            self.pooled[c].add(hit.sum(axis=1), np.full(len(cats), self.n_seats))
            for k in range(self.n_seats):
                self.seat[k][c].add(hit[:, k])

    def section(self, rules) -> Section:
        from sim.games.niuniu.exact import category_probabilities

        exact = list(category_probabilities(rules).values())
        sec = Section(CATEGORIES, notes=[POOLED + f"; exact: all C({54 if rules.jokers else 52}, 5) hands"])
        for c in range(10, -1, -1):
            name = f"P({CATEGORY_NAMES[c]})"
            sec.stats.append(self.pooled[c].stat(name).against(exact[c], proportion=True))
            sec.stats += [Stat.from_moments(name, self.seat[k][c], exact=exact[c], seat=k, proportion=True)
                          for k in range(self.n_seats)]
        return sec


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from sim.games.niuniu.exact import tie_probabilities, top_at_most_q_probability
    from sim.games.niuniu.rules import ADVANTAGE_LIMIT
    from sim.games.niuniu.scoring import STRENGTH

    rules = rules_of(run)
    n_seats = rules.players
    cats, low, tie = Categories(n_seats), ClusterMean(), ClusterMean()
    cols = [f"s{k}_{f}" for f in ("category", "top") for k in range(n_seats)]
    for b in run.iter_batches(cols, batch_size):
        cat = categories(b, n_seats)
        top = seat_matrix(b, "top", n_seats).astype(np.int64)
        cats.add(cat)
        low.add((STRENGTH[top] < ADVANTAGE_LIMIT).sum(axis=1), np.full(len(top), n_seats))
        tie.add((cat[:, 1:] == cat[:, :1]).sum(axis=1), np.full(len(top), n_seats - 1))
    n = cats.pooled[0].g
    extra = Section("Highest card and ties", notes=[
        "P(highest card ≤ Q): the banker-advantage rule's condition (N-3), pooled over seats; exact C(48,5)/C(n,5). "
        "P(same value as seat 0): pooled over seats 1.., exact from every ordered pair of disjoint hands"])
    extra.stats = [low.stat("P(highest card ≤ Q)").against(top_at_most_q_probability(rules), proportion=True),
                   tie.stat("P(same value as seat 0)").against(tie_probabilities(rules)["tie"], proportion=True)]
    sections = [cats.section(rules), extra]
    head = [s for s in sections[0].stats if s.seat is None and s.name in ("P(牛牛)", "P(没牛)")] + extra.stats
    return Report(f"niuniu census — {n:,} deals, {n_seats} seats", run_summary(run, n), sections, headline=head)
