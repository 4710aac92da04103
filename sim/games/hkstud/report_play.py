"""Play reports of 港式五张 runs, every estimate beside its exact value (``sim.games.hkstud.exact``).

One streamed pass folds each record batch into small accumulators; memory is one batch whatever
the run size. The headline (P(庄家 after each round takes the pot), EV per player, fold wins, mean
pot), categories (``sim.games.hkstud.report_census``), 庄家 by round, outcomes and pots, players
(EV per policy, win and fold rates, paired margins with ``--duplicate`` pairs from
``analysis.players``), money by seat, invariants.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import ClusterMean, Moments, Stat, invariant
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from kernels.hkstud.layout import STREETS
from sim.games.hkstud import quality
from sim.games.hkstud.report_census import Categories, LEADER, leader_exact, leader_note, rules_of, run_summary

OUTCOMES = "Outcomes and pots (spec §4)"
POLICY = "Players: how each wins"
SEATS = "Money per deal by seat"
CHECKS = "Invariants (every deal)"


class Play:
    def __init__(self, run: Run, rules):
        from analysis.players import PlayerMoney

        n = self.n = rules.players
        self.rules = rules
        self.cats = Categories(n)
        self.players = PlayerMoney(run, n)
        self.m = defaultdict(Moments)
        self.by_policy: dict[str, dict[str, ClusterMean]] = {}
        self.max_sum = 0.0
        self.pot_mismatch = 0

    def add(self, b) -> None:
        n = self.n
        self.cats.add(b)
        self.players.add(b)
        m = self.m
        winner = num(b, "winner").astype(np.int64)
        showdown = num(b, "showdown").astype(bool)
        bankers = np.stack([num(b, f"banker_{st}") for st in STREETS], axis=1).astype(np.int64)
        for j, st in enumerate(STREETS):
            m[f"won_{st}"].add(bankers[:, j] == winner)
            reached = bankers[:, j] >= 0
            m[f"reached_{st}"].add(reached)
            m[f"won_reached_{st}"].add((bankers[:, j] == winner)[reached])
        m["changes"].add(num(b, "banker_changes"))
        m["fold_win"].add(~showdown)
        end = num(b, "end_street").astype(np.int64)
        for st in STREETS:
            m[f"end_{st}"].add(end[~showdown] == st)
        pot = num(b, "pot").astype(np.int64)
        m["pot"].add(pot)
        m["pot_showdown"].add(pot[showdown])
        m["disagree"].add(num(b, "kickers_disagree").astype(bool))
        allin = seat_matrix(b, "allin", n).astype(bool)
        m["allin"].add(allin.any(axis=1))
        money = seat_matrix(b, "money", n).astype(np.float64)
        for k in range(n):
            m[f"money_{k}"].add(money[:, k])
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        invested = seat_matrix(b, "invested", n).astype(np.int64)
        self.pot_mismatch += int((invested.sum(axis=1) != pot).sum())
        folded = seat_matrix(b, "folded", n).astype(np.int64) > 0
        won = np.arange(n)[None, :] == winner[:, None]
        codes = self.players.players.seat_codes(b)  # the players' labels (policy, with parameters if they vary)
        for code in np.unique(codes):
            sel = codes == code
            acc = self.by_policy.setdefault(self.players.players.labels[code],
                                            {q: ClusterMean() for q in ("win", "fold_win", "showdown_win", "fold")})
            ones = sel.sum(axis=1)
            acc["win"].add((won & sel).sum(axis=1), ones)
            acc["fold_win"].add((won & sel & ~showdown[:, None]).sum(axis=1), ones)
            acc["showdown_win"].add((won & sel & showdown[:, None]).sum(axis=1), ones)
            acc["fold"].add((folded & sel).sum(axis=1), ones)


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from analysis.players import PlayerMoney

    rules = rules_of(run)
    n = rules.players
    acc = Play(run, rules)
    cols = (["winner", "showdown", "end_street", "pot", "banker_changes", "kickers_disagree"]
            + [f"banker_{st}" for st in STREETS]
            + [f"s{k}_{f}" for f in ("category", "allin", "invested", "folded") for k in range(n)])
    cols += [c for c in PlayerMoney.columns(n) if c not in cols]
    for b in run.iter_batches(cols, batch_size):
        acc.add(b)
    m = acc.m
    policies = (run.manifest.get("options") or {}).get("policies") or []
    no_folds = rules.betting == "none" or all(p == "calling-station" for p in policies)
    exact = leader_exact(rules, no_folds)
    leader = Section(LEADER, notes=[leader_note(rules, exact) + "; 'takes the pot' counts fold wins too"])
    leader.stats = [Stat.from_moments(f"P(庄家 after round {st} takes the pot)", m[f"won_{st}"], proportion=True,
                                      exact=exact.get(st)) for st in STREETS]
    leader.stats += [Stat.from_moments(f"P(庄家 after round {st} takes the pot | round {st} reached)",
                                       m[f"won_reached_{st}"], proportion=True) for st in STREETS[1:]]
    leader.stats.append(Stat.from_moments("庄家 changes per deal", m["changes"]))
    outcomes = Section(OUTCOMES, notes=[f"betting {rules.betting}; pot in chips (antes included)"])
    outcomes.stats = [Stat.from_moments("P(won by a fold: everyone else folded)", m["fold_win"], proportion=True)]
    outcomes.stats += [Stat.from_moments(f"P(round {st} reached)", m[f"reached_{st}"], proportion=True)
                       for st in STREETS[1:]]
    outcomes.stats += [Stat.from_moments("E[pot]", m["pot"]), Stat.from_moments("E[pot | showdown]", m["pot_showdown"]),
                       Stat.from_moments("P(some seat all-in)", m["allin"], proportion=True),
                       Stat.from_moments("P(the other 散牌 rule gives the pot to another seat)", m["disagree"],
                                         proportion=True)]
    players = acc.players.section()
    how = Section(POLICY, notes=["per seat-deal of each player (policy), pooled over the seats it sits (95% CI with "
                                 "the deal as the unit)"])
    for name, q in acc.by_policy.items():
        how.stats += [q["win"].stat(f"P(wins | {name})"), q["fold_win"].stat(f"P(wins by a fold | {name})"),
                      q["showdown_win"].stat(f"P(wins at the showdown | {name})"), q["fold"].stat(f"P(folds | {name})")]
    seats = Section(SEATS, [Stat.from_moments("E[money]", m[f"money_{k}"], seat=k) for k in range(n)],
                    notes=["money = chips × chip_value; per seat (the first 庄家 deals first: seat order matters "
                           "only through who acts first)"])
    checks = Section(CHECKS, [invariant("max |Σ_seats money|", acc.max_sum, m["pot"].n),
                              invariant("deals with Σ invested ≠ pot", float(acc.pot_mismatch), m["pot"].n)])
    sections = ([acc.cats.section(), leader, outcomes] + ([players] if players else [])
                + [how, quality.section(run, rules, batch_size), seats, checks])
    deals = m["pot"].n
    money = ([s for s in players.stats if s.name.startswith("E[money")] if players else
             [replace(s, name=f"E[money | seat {s.seat}]", seat=None) for s in seats.stats])
    by = {s.name: s for s in outcomes.stats}
    head = leader.stats[:4] + money + [by["P(won by a fold: everyone else folded)"], by["E[pot]"]]
    summary = run_summary(run, deals, "deals") + [
        f"{n} players: {', '.join(policies)}; betting {rules.betting}; 同花 {'>' if rules.flush_beats_full_house else '<'}"
        f" 葫芦; 散牌 by {'kickers' if rules.high_card_kickers else 'the highest card'}"]
    return Report(f"hkstud play — {deals:,} deals, {n} players", summary, sections, headline=head)
