"""The deal-census report of a 五十K run: per-seat deal features against their exact values.

Every statistic is a per-seat feature of ``kernels.wushik.layout.CENSUS_FIELDS`` — a rate
``P(feature ≥ k)`` or a mean ``E[feature]`` — whose exact distribution ``sim.games.wushik.exact``
computes (hypergeometric, exact fractions). Rows pool the four exchangeable seats (``ClusterMean``,
the deal as the unit); per-seat rows come with ``--seats``. Streamed batch by batch.
"""

from __future__ import annotations

import numpy as np

from analysis.estimators import ClusterMean, Moments, Stat
from analysis.exact import pmf_at_least, pmf_mean, pmf_var
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

BOMBS = "Bombs dealt (natural: 五十K has no wilds)"
FK = "510K and points dealt"
INV = "Deal invariants (every game)"
POOLED_NOTE = ("seats are exchangeable: each row pools the seat-hands of all four seats (95% CI with the deal as "
               "the unit); per-seat rows with --seats (E[points] pooled is 50 in every deal: its check is per seat)")
# (section, statistic, feature, k): k None = E[feature], else P(feature >= k)
SPECS = [
    *[(BOMBS, f"P(bomb ≥ {k})", "max_bomb", k) for k in range(4, 9)],
    *[(BOMBS, f"E[{k}-card bombs]", f"bombs{k}", None) for k in range(4, 9)],
    (BOMBS, "E[largest bomb, 0 under 4]", "max_bomb", None),
    (FK, "P(正510K)", "zheng_510k", 1),
    (FK, "E[正510K]", "zheng_510k", None),
    (FK, "P(副510K)", "fu_510k", 1),
    (FK, "P(any 510K)", "any_510k", 1),
    (FK, "E[points]", "points", None),
    (FK, "P(points ≥ 100)", "points", 100),
]
HEADLINE = ("P(bomb ≥ 5)", "P(bomb ≥ 7)", "P(bomb ≥ 8)", "E[4-card bombs]", "P(正510K)", "P(points ≥ 100)")


def _exact(pmfs, feature: str, k: int | None):
    pmf = pmfs[feature]
    if k is None:
        return pmf_mean(pmf), pmf_var(pmf)
    return pmf_at_least(pmf, k), None


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from kernels.wushik.layout import CENSUS_FEATURES
    from sim.games.wushik.exact import census_pmfs

    seats = [k for k in range(4) if f"s{k}_points" in run.columns]
    if not seats:
        raise RunError(f"run {run.path} has no 五十K census columns (s0_points, …)")
    pmfs = census_pmfs()
    pooled = {name: ClusterMean() for _, name, _, _ in SPECS}
    per_seat = {(name, k): Moments() for _, name, _, _ in SPECS for k in seats}
    total = Moments()
    names = [f"s{k}_{f}" for k in seats for f in CENSUS_FEATURES]
    for batch in run.iter_batches(names, batch_size):
        cols = {n: batch.column(n).to_numpy(zero_copy_only=False).astype(np.int64) for n in names}
        for _, name, feature, k in SPECS:
            vals = [cols[f"s{s}_{feature}"] if k is None else cols[f"s{s}_{feature}"] >= k for s in seats]
            for s, v in zip(seats, vals):
                per_seat[name, s].add(v)
            pooled[name].add(sum(np.asarray(v, np.float64) for v in vals), np.full(len(vals[0]), len(seats)))
        total.add(sum(cols[f"s{s}_points"] for s in seats) == 200)
    if total.n == 0:
        raise RunError(f"run {run.path} has no rows")
    sections: dict[str, Section] = {}
    head = {}
    for title, name, feature, k in SPECS:
        exact, var = _exact(pmfs, feature, k)
        sec = sections.setdefault(title, Section(title, notes=[POOLED_NOTE]))
        head[name] = pooled[name].stat(name).against(exact, k is not None, var)
        sec.stats.append(head[name])
        sec.stats += [Stat.from_moments(name, per_seat[name, s], exact, s, k is not None, var) for s in seats]
    inv = Section(INV, [Stat.from_moments("P(Σ points over the seats = 200)", total, 1, None, True)])
    m = run.manifest
    summary = [f"run: {run.path}", f"variant {m.get('variant')} · seed {m.get('seed')} · {total.n:,} deals",
               "exact values: 104 cards (two decks, no jokers), 26 a seat, hypergeometric"]
    return Report(f"五十K deal census — {total.n:,} deals", summary, [*sections.values(), inv],
                  headline=[head[n] for n in HEADLINE])
