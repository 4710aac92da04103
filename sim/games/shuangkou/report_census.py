"""The deal-census report of a 双扣 run: per-seat deal features against their exact values.

Every statistic is a per-seat feature of ``kernels.shuangkou.layout.CENSUS_FIELDS`` — a rate
``P(feature ≥ k)`` or a mean ``E[feature]`` — whose exact distribution
``sim.games.shuangkou.exact`` computes under the run's ``wild_jokers`` (hypergeometric, exact
fractions). Rows pool the four exchangeable seats (``ClusterMean``, the deal as the unit); per-seat
rows come with ``--seats``. Streamed batch by batch.
"""

from __future__ import annotations

import numpy as np

from analysis.estimators import ClusterMean, Moments, Stat
from analysis.exact import pmf_at_least, pmf_mean, pmf_var
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

BOMBS = "Bombs dealt, in 相 (naturals + wild jokers)"
NATURAL = "Natural bombs dealt"
JOKERS = "Jokers dealt"
INV = "Deal invariants (every game)"
POOLED_NOTE = ("seats are exchangeable: each row pools the seat-hands of all four seats (95% CI with the deal as "
               "the unit); per-seat rows with --seats")
# (section, statistic, feature, k): k None = E[feature], else P(feature >= k)
SPECS = [
    *[(BOMBS, f"P(bomb ≥ {k}相)", "max_bomb", k) for k in range(4, 13)],
    (BOMBS, "E[largest bomb in 相, 0 under 4]", "max_bomb", None),
    *[(NATURAL, f"E[natural {k}-card bombs]", f"bombs{k}", None) for k in range(4, 9)],
    *[(NATURAL, f"P(natural bomb ≥ {k})", "max_natural", k) for k in range(4, 9)],
    (JOKERS, "E[jokers]", "jokers", None),
    (JOKERS, "P(三王 held: jokers ≥ 3)", "jokers", 3),
    (JOKERS, "P(天王 held: 4 jokers)", "jokers", 4),
    (JOKERS, "E[大王]", "big_jokers", None),
    (JOKERS, "E[wild jokers]", "wild_jokers", None),
    (JOKERS, "P(wild jokers ≥ 1)", "wild_jokers", 1),
]
HEADLINE = ("P(bomb ≥ 5相)", "P(bomb ≥ 6相)", "P(bomb ≥ 7相)", "P(bomb ≥ 8相)", "E[jokers]", "P(三王 held: jokers ≥ 3)")


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from kernels.shuangkou.layout import CENSUS_FEATURES
    from sim.games.shuangkou.exact import census_pmfs

    seats = [k for k in range(4) if f"s{k}_jokers" in run.columns]
    if not seats:
        raise RunError(f"run {run.path} has no 双扣 census columns (s0_jokers, …)")
    wild = (run.ruleset or {}).get("wild_jokers", "both")
    pmfs = census_pmfs(wild)
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
        total.add(sum(cols[f"s{s}_jokers"] for s in seats) == 4)
    if total.n == 0:
        raise RunError(f"run {run.path} has no rows")
    sections: dict[str, Section] = {}
    head = {}
    for title, name, feature, k in SPECS:
        pmf = pmfs[feature]
        exact, var = (pmf_mean(pmf), pmf_var(pmf)) if k is None else (pmf_at_least(pmf, k), None)
        sec = sections.setdefault(title, Section(title, notes=[POOLED_NOTE]))
        head[name] = pooled[name].stat(name).against(exact, k is not None, var)
        sec.stats.append(head[name])
        sec.stats += [Stat.from_moments(name, per_seat[name, s], exact, s, k is not None, var) for s in seats]
    inv = Section(INV, [Stat.from_moments("P(Σ jokers over the seats = 4)", total, 1, None, True)])
    m = run.manifest
    summary = [f"run: {run.path}", f"variant {m.get('variant')} · seed {m.get('seed')} · {total.n:,} deals",
               f"exact values: 108 cards (two decks with jokers), 27 a seat, wild jokers: {wild}"]
    return Report(f"双扣 deal census — {total.n:,} deals", summary, [*sections.values(), inv],
                  headline=[head[n] for n in HEADLINE])
