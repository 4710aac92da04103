"""The deal-census report of a 关牌 run: what each player is dealt (bombs, the 3-card bomb, 2s,
the first lead) against exact hypergeometric values (``sim.games.guanpai.exact``).

The two hands are exchangeable, so each statistic is given pooled over both seats (the deal as
the unit) and per seat (``--seats``). One streamed pass; memory is one batch.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import ClusterMean, Moments, from_moments
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

N_SEATS = 2
SEATS = range(N_SEATS)
LEAD_NAMES = ("♠3", "♠4", "♠5", "♠6")
HEADLINE = ("P(bombs ≥ 1)", "P(3-card bomb)", "E[2s]", "P(lead card = ♠3)")
POOLED = "both hands pooled (95% CI with the deal as the unit); per-seat rows with --seats"


def _feature_specs(rules):
    """(section, name, is a probability, value from the seat matrix, exact)."""
    from sim.games.guanpai import exact as E

    bombs, twos = E.bombs_pmf(rules), E.twos_pmf(rules)
    hand = "Per hand (GP-1 deck, rules §1, §3)"
    specs = [(hand, f"P(bombs = {k})", True, lambda f, k=k: f["bombs"] == k, bombs.get(k, 0))
             for k in range(0, 4)]
    specs += [(hand, "P(bombs ≥ 1)", True, lambda f: f["bombs"] >= 1, 1 - bombs.get(0, 0)),
              (hand, "E[bombs]", False, lambda f: f["bombs"], sum(k * p for k, p in bombs.items())),
              (hand, "P(3-card bomb)", True, lambda f: f["three_bomb"], E.prob_three_bomb(rules))]
    specs += [(hand, f"P(2s = {k})", True, lambda f, k=k: f["twos"] == k, p) for k, p in twos.items()]
    specs += [(hand, "E[2s]", False, lambda f: f["twos"], sum(k * p for k, p in twos.items())),
              ("First lead (rules §2)", "P(leads first)", True, lambda f: f["leads"], E.prob_leads(rules))]
    return specs


def census_report(run: Run, batch_size: int = BATCH_ROWS, **_) -> Report:
    from sim.games.guanpai import exact as E
    from sim.registry import load_game, rules_from_manifest

    rules = rules_from_manifest(load_game(run.game), run.ruleset)
    specs = _feature_specs(rules)
    pooled = defaultdict(ClusterMean)
    seat = defaultdict(Moments)
    hand = defaultdict(Moments)
    lead_pmf = E.lead_card_pmf(rules)
    n = 0
    cols = ["lead_card"] + [f"s{k}_{c}" for c in ("bombs", "three_bomb", "twos", "leads") for k in SEATS]
    for b in run.iter_batches(cols, batch_size):
        f = {c: seat_matrix(b, c, N_SEATS).astype(np.int64) for c in ("bombs", "three_bomb", "twos", "leads")}
        lead = num(b, "lead_card").astype(np.int64)
        n += len(lead)
        for _sec, name, _p, fn, _x in specs:
            y = np.asarray(fn(f), np.float64)
            pooled[name].add(y.sum(axis=1), np.full(len(y), N_SEATS))
            for k in SEATS:
                seat[(name, k)].add(y[:, k])
        for i, label in enumerate(LEAD_NAMES):
            hand[f"P(lead card = {label})"].add(lead == i)
        hand["P(lead card later in the order)"].add(lead >= len(LEAD_NAMES))
        hand["one leader"].add(f["leads"].sum(axis=1) == 1)
    if not n:
        raise RunError(f"run {run.path} has no rows")
    sections: dict[str, Section] = {}
    for sec, name, is_p, _fn, exact in specs:
        s = sections.setdefault(sec, Section(sec, notes=[POOLED]))
        s.stats.append(pooled[name].stat(name).against(float(exact)))
        s.stats += [from_moments(name, seat[(name, k)], is_p, seat=k, exact=float(exact)) for k in SEATS]
    lead = sections["First lead (rules §2)"]
    lead.notes.append("the first card of the lead order that a player holds decides (♠3, ♠4, … by default); a card "
                      "in neither hand is among the unused cards")
    exact_lead = [float(p) for p in lead_pmf]
    for i, label in enumerate(LEAD_NAMES):
        lead.stats.append(from_moments(f"P(lead card = {label})", hand[f"P(lead card = {label})"], True,
                                       exact=exact_lead[i] if i < len(exact_lead) else None))
    lead.stats.append(from_moments("P(lead card later in the order)", hand["P(lead card later in the order)"], True,
                                   exact=sum(exact_lead[len(LEAD_NAMES):])))
    inv = Section("Invariants (every deal)", [from_moments("P(exactly one player leads)", hand["one leader"], True,
                                                           exact=1.0)])
    rep = Report(f"关牌 deal census — {n:,} deals", [f"run {run.path}: variant {run.manifest.get('variant')}, deck "
                                                   f"{rules.deck}, seed {run.manifest.get('seed')}"],
                 [*sections.values(), inv], show_n=True)
    stats = {s.name: s for s in rep.stats() if s.seat is None}
    rep.headline = [stats[name] for name in HEADLINE if name in stats]
    return rep


