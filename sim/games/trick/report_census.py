"""The report of a trick-family census run: each seat's holding under the hand's trump, pooled over
the four seats (the deal as the unit) and per seat (``--seats``), with the exact values a game
gives beside the estimates (principle 9).

A game passes its features and, per feature column, the exact distribution of that feature in one
hand (``{value: probability}``) where one exists under the run's options: the mean is checked
against it, and for ``dist`` features each probability too.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

import numpy as np

from analysis.columns import codes, num, seat_matrix
from analysis.estimators import ClusterMean, MomentsTable, Stat, from_moments
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.trick import SUIT_SYMBOLS, SUITS

Pmf = Mapping[int, Fraction]


def pmf_mean_var(pmf: Pmf) -> tuple[float, float]:
    m = sum(Fraction(k) * p for k, p in pmf.items())
    v = sum((Fraction(k) - m) ** 2 * p for k, p in pmf.items())
    return float(m), float(v)


def pooled_stat(name: str, cm: ClusterMean, exact: float | None = None, proportion: bool = False,
                exact_var: float | None = None) -> Stat:
    st = cm.stat(name)
    return st.against(exact, proportion, exact_var) if exact is not None else st


def census_report(run: Run, title: str, features, exact: Mapping[str, Pmf], dist: Mapping[str, range],
                  headline: tuple[str, ...], notes: list[str], batch_size: int = BATCH_ROWS) -> Report:
    """``features``: the game's ``CensusFeature``s; ``exact``: column → exact pmf; ``dist``: columns
    whose probabilities P(= k) for k in the range are reported too."""
    cols = [f.column for f in features]
    t = MomentsTable()
    pooled: dict[str, ClusterMean] = {}
    n = 0
    for b in run.iter_batches(["trump_suit", "declarer"] + [f"s{k}_{c}" for c in cols for k in range(4)],
                              batch_size):
        n += b.num_rows
        suit = codes(b.column("trump_suit"), SUITS)
        for s, name in enumerate(SUITS):
            t.add(f"suit {name}", suit == s)
        t.add("nobody", num(b, "declarer") < 0)
        for c in cols:
            x = seat_matrix(b, c, 4).astype(np.int64)
            values = {f"E[{c}]": x}
            for k in dist.get(c, ()):
                values[f"P({c} = {k})"] = x == k
            for name, v in values.items():
                pooled.setdefault(name, ClusterMean()).add(v.sum(axis=1).astype(np.float64), np.full(len(v), 4))
                for k in range(4):
                    t.add(f"{name}|{k}", v[:, k])
    sec = Section("Holdings at the deal (per seat, under the hand's trump)", notes=[
        "pooled over the four seats (n = seat-hands, CI with the deal as the unit); per seat with --seats; "
        "exact: the distribution of the feature in one hand dealt from the full pack"])
    for c in cols:
        pmf = exact.get(c)
        mean, var = pmf_mean_var(pmf) if pmf else (None, None)
        sec.stats.append(pooled_stat(f"E[{c}]", pooled[f"E[{c}]"], mean, False, var))
        sec.stats += [from_moments(f"E[{c}]", t.moments.get(f"E[{c}]|{k}"), False, seat=k, exact=mean, exact_var=var)
                      for k in range(4)]
        for k in dist.get(c, ()):
            name = f"P({c} = {k})"
            p = float(pmf.get(k, 0)) if pmf else None
            sec.stats.append(pooled_stat(name, pooled[name], p, True))
            sec.stats += [from_moments(name, t.moments.get(f"{name}|{s}"), True, seat=s, exact=p) for s in range(4)]
    trump = Section("Trump suit and declaration", notes=[
        "census_trump = declared: the suit the declaring bots (smart parameters) settle on, as in play"])
    trump.stats = [from_moments(f"P(trump {SUIT_SYMBOLS[s]})", t.moments.get(f"suit {name}"), True)
                   for s, name in enumerate(SUITS)]
    trump.stats.append(from_moments("P(nobody declared)", t.moments.get("nobody"), True))
    rules = run.ruleset
    summary = [f"{n:,} deals · seed {run.manifest.get('seed')} · variant {run.manifest.get('variant')} · "
               f"trump {rules.get('census_trump')}"] + notes
    rep = Report(title, summary, [sec, trump], show_n=True)
    stats = {s.name: s for s in rep.stats() if s.seat is None}
    rep.headline = [stats[h] for h in headline if h in stats]
    return rep
