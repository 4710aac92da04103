"""Census reports of 港式五张 runs, every estimate beside its exact value (``sim.games.hkstud.exact``).

One streamed pass folds each record batch into small accumulators; memory is one batch whatever
the run size. Hand categories pool the seats (the deal as the unit; per-seat rows behind
``--seats``): every seat's five cards are dealt whether it folds or not, so their rates are the
exact single-hand rates of the 98,280 hands.

Census (nobody folds): categories, P(庄家 after round 2..5 wins the showdown) — exact for two
players (every pair of disjoint hands, Möbius inversion), sampled beyond — 庄家 changes, and
deals the two 散牌 rules settle differently. The helpers here (rules, categories, 庄家 by round)
serve the play report too (``sim.games.hkstud.report_play``).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import num, seat_codes
from analysis.estimators import ClusterMean, Moments, Stat
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from kernels.hkstud.cards import CATEGORY_NAMES
from kernels.hkstud.layout import STREETS

CATEGORIES = "Final hand categories (spec §5), per seat-hand"
LEADER = "庄家 by round (spec §3, HK-2)"
POOLED = ("seats are exchangeable: each row pools the seat-hands of all seats (95% CI with the deal as the unit); "
          "per-seat rows with --seats; exact: all C(28, 5) = 98,280 hands")


def rules_of(run: Run):
    from sim.games.hkstud.rules import HKStudRules
    from sim.ruleset import apply_overrides

    return apply_overrides(HKStudRules(), run.ruleset)


def run_summary(run: Run, n: int, unit: str) -> list[str]:
    m = run.manifest
    return [f"run {run.path}: {n:,} {unit}, variant {m.get('variant')}, seed {m.get('seed')}"
            + ("" if run.complete else " (INCOMPLETE: estimates cover the rows written so far)")]


class Categories:
    def __init__(self, n_seats: int):
        self.n_seats = n_seats
        self.pooled = [ClusterMean() for _ in CATEGORY_NAMES]
        self.seat = [[Moments() for _ in CATEGORY_NAMES] for _ in range(n_seats)]

    def add(self, batch) -> None:
        cats = seat_codes(batch, "category", CATEGORY_NAMES, self.n_seats)
        for c in range(len(CATEGORY_NAMES)):
            hit = cats == c
            self.pooled[c].add(hit.sum(axis=1), np.full(len(cats), self.n_seats))
            for k in range(self.n_seats):
                self.seat[k][c].add(hit[:, k])

    def section(self) -> Section:
        from sim.games.hkstud.exact import category_probabilities

        exact = list(category_probabilities().values())
        sec = Section(CATEGORIES, notes=[POOLED])
        for c in range(len(CATEGORY_NAMES) - 1, -1, -1):
            name = f"P({CATEGORY_NAMES[c]})"
            sec.stats.append(self.pooled[c].stat(name).against(exact[c], proportion=True))
            sec.stats += [Stat.from_moments(name, self.seat[k][c], exact=exact[c], seat=k, proportion=True)
                          for k in range(self.n_seats)]
        return sec


def leader_exact(rules, no_folds: bool) -> dict[int, float]:
    """Exact P(庄家 after round st takes the pot): two players who never fold."""
    if rules.players != 2 or not no_folds:
        return {}
    from sim.games.hkstud.exact import leader_win_probability

    return {st: leader_win_probability(st, rules) for st in STREETS}


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    rules = rules_of(run)
    n = rules.players
    cats, m = Categories(n), defaultdict(Moments)
    cols = ["winner", "alt_winner"] + [f"banker_{st}" for st in STREETS] + [f"s{k}_category" for k in range(n)]
    for b in run.iter_batches(cols, batch_size):
        cats.add(b)
        winner = num(b, "winner").astype(np.int64)
        bankers = np.stack([num(b, f"banker_{st}") for st in STREETS], axis=1).astype(np.int64)
        for j, st in enumerate(STREETS):
            m[f"won_{st}"].add(bankers[:, j] == winner)
        m["changes"].add((bankers[:, 1:] != bankers[:, :-1]).sum(axis=1))
        m["disagree"].add(num(b, "alt_winner").astype(np.int64) != winner)
    exact = leader_exact(rules, True)
    leader = Section(LEADER, notes=[leader_note(rules, exact)])
    leader.stats = [Stat.from_moments(f"P(庄家 after round {st} wins the showdown)", m[f"won_{st}"], proportion=True,
                                      exact=exact.get(st)) for st in STREETS]
    leader.stats.append(Stat.from_moments("庄家 changes per deal (rounds 2→5)", m["changes"]))
    other = "lexicographic" if not rules.high_card_kickers else "literal (highest card only)"
    leader.stats.append(Stat.from_moments(f"P(the {other} 散牌 rule gives the pot to another seat)", m["disagree"],
                                          proportion=True))
    sections = [cats.section(), leader]
    deals = m["changes"].n
    head = leader.stats[:4] + [s for s in sections[0].stats if s.seat is None][-3:]
    return Report(f"hkstud census — {deals:,} deals, {n} players", run_summary(run, deals, "deals"), sections,
                  headline=head)


def leader_note(rules, exact: dict) -> str:
    text = "庄家 after round st: the seat still in with the best visible up-cards (HK-2); it acts first next. "
    if exact:
        return text + ("exact: every ordered pair of disjoint hands with their visible up-cards (Möbius inversion "
                       "over shared cards), two players who never fold")
    return text + ("no exact value: it is computed for two players who never fold"
                   + ("" if rules.players == 2 else f"; this run has {rules.players}"))
