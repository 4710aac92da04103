"""The deal-census report of a 干瞪眼 run: what the banker and the other players are dealt (cards,
jokers, 2s, natural bombs, 双王) against exact hypergeometric values (``sim.games.gandengyan.exact``).

Seats are not exchangeable within a deal (the banker is dealt more), but every seat is the banker
with probability 1/n, so each statistic is given by role, pooled over the seats in that role (the
deal as the unit), and per seat (``--seats``) where the role does not matter. One streamed pass.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import seat_matrix
from analysis.estimators import ClusterMean, Moments, from_moments
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

FEATURES = ("cards", "banker", "leads", "jokers", "twos", "bombs")
POOLED = "pooled over the seat-hands of the role (95% CI with the deal as the unit)"


def _specs(rules):
    """(name, role or None, is a probability, value from the seat matrices, exact)."""
    from sim.games.gandengyan import exact as E

    specs = []
    for role, hand in (("banker", rules.banker_cards), ("other", rules.other_cards)):
        jokers, twos, bombs = E.jokers_pmf(rules, hand), E.twos_pmf(rules, hand), E.bombs_pmf(rules, hand)
        specs += [(f"P(jokers = {k} | {role})", role, True, lambda f, k=k: f["jokers"] == k, p)
                  for k, p in enumerate(jokers)]
        specs += [(f"E[jokers | {role}]", role, False, lambda f: f["jokers"], sum(k * p for k, p in enumerate(jokers))),
                  (f"E[2s | {role}]", role, False, lambda f: f["twos"], sum(k * p for k, p in enumerate(twos))),
                  (f"P(2s ≥ 1 | {role})", role, True, lambda f: f["twos"] >= 1, 1 - twos[0]),
                  (f"P(natural bomb | {role})", role, True, lambda f: f["bombs"] >= 1, 1 - bombs.get(0, 0))]
        if rules.joker_bomb != "none":
            specs.append((f"P(双王 | {role})", role, True, lambda f: f["jokers"] >= 2, E.prob_joker_bomb(rules, hand)))
    specs += [("P(banker)", None, True, lambda f: f["banker"], E.prob_banker(rules)),
              ("P(leads first)", None, True, lambda f: f["leads"], E.prob_banker(rules))]
    return specs


def census_report(run: Run, batch_size: int = BATCH_ROWS, **_) -> Report:
    from sim.registry import load_game, rules_from_manifest

    rules = rules_from_manifest(load_game(run.game), run.ruleset)
    n_seats = rules.players
    specs = _specs(rules)
    pooled, seat, deal = defaultdict(ClusterMean), defaultdict(Moments), defaultdict(Moments)
    n = 0
    for b in run.iter_batches([f"s{k}_{c}" for c in FEATURES for k in range(n_seats)], batch_size):
        f = {c: seat_matrix(b, c, n_seats).astype(np.int64) for c in FEATURES}
        n += f["cards"].shape[0]
        banker = f["banker"] == 1
        for name, role, _p, fn, _x in specs:
            y = np.asarray(fn(f), np.float64)
            sel = np.ones_like(banker) if role is None else (banker if role == "banker" else ~banker)
            pooled[name].add(np.where(sel, y, 0).sum(axis=1), sel.sum(axis=1))
            if role is None:
                for k in range(n_seats):
                    seat[(name, k)].add(y[:, k])
        deal["one banker"].add(banker.sum(axis=1) == 1)
        deal["one leader"].add(f["leads"].sum(axis=1) == 1)
        stock = 54 * rules.decks - f["cards"].sum(axis=1)
        deal["stock"].add(stock)
    if not n:
        raise RunError(f"run {run.path} has no rows")
    by_role = {"banker": Section(f"The banker's hand ({rules.banker_cards} cards)", notes=[POOLED]),
               "other": Section(f"Another player's hand ({rules.other_cards} cards)", notes=[POOLED])}
    seats = Section("Roles by seat", notes=["the banker is random in a session's first hand (G-1); the first "
                                            f"leader is the {rules.first_leader.replace('_', ' ')}"])
    for name, role, is_p, _fn, exact in specs:
        sec = seats if role is None else by_role[role]
        sec.stats.append(pooled[name].stat(name).against(float(exact)))
        if role is None:
            sec.stats += [from_moments(name, seat[(name, k)], is_p, seat=k, exact=float(exact)) for k in range(n_seats)]
    stock_size = 54 * rules.decks - rules.banker_cards - (n_seats - 1) * rules.other_cards
    inv = Section("Invariants (every deal)", [from_moments("P(exactly one banker)", deal["one banker"], True, exact=1.0),
                                              from_moments("P(exactly one first leader)", deal["one leader"], True,
                                                           exact=1.0),
                                              from_moments("stock after the deal", deal["stock"], False,
                                                           exact=stock_size)])
    rep = Report(f"干瞪眼 deal census — {n:,} deals, {n_seats} players",
                 [f"run {run.path}: variant {run.manifest.get('variant')}, {54 * rules.decks} cards, seed "
                  f"{run.manifest.get('seed')}"], [by_role["banker"], by_role["other"], seats, inv], show_n=True)
    heads = ("E[jokers | banker]", "E[jokers | other]", "E[2s | banker]", "P(natural bomb | banker)",
             "P(双王 | banker)")
    stats = {s.name: s for s in rep.stats() if s.seat is None}
    rep.headline = [stats[h] for h in heads if h in stats]
    return rep
