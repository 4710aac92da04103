"""The deal-census report of a landlord-family run (斗地主 3p/4p, 上海三打一): what each seat and the
底牌 are dealt, against exact values (``sim.games.landlord.exact``, also given ``--fix``'s cards).

Seats whose draw is the same (all of them without ``--fix``; the seats with nothing fixed with it)
are exchangeable: their rows pool those seats (``ClusterMean``, the deal as the unit), per-seat rows
come with ``--seats``. A seat with fixed cards has rows of its own, against its conditional exact
values. One streamed pass; memory is one batch.
"""

from __future__ import annotations

import numpy as np

from analysis.estimators import ClusterMean, Moments, Stat
from analysis.exact import pmf_at_least, pmf_mean, pmf_var
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

POOLED = ("the seats of this section are exchangeable: rows pool them (95% CI with the deal as the unit); per-seat "
          "rows with --seats")


def seat_specs(n_decks: int) -> list[tuple[str, str, int | None]]:
    """(statistic, feature, k) per seat: k None = E[feature], else P(feature ≥ k)."""
    specs = [("P(a bomb: a rank 4+ times)", "bombs", 1), ("E[bombs]", "bombs", None)]
    specs += [(f"P(a bomb of {k}+ cards)", "max_same", k) for k in range(5, 4 * n_decks + 1)]
    specs += [("E[most cards of one rank]", "max_same", None)]
    if n_decks == 1:
        specs += [("P(火箭: 小王 + 大王)", "rocket", 1)]
    else:
        specs += [("P(小王 and 大王: the two-deck rocket)", "rocket", 1), ("P(三王: 3+ jokers)", "jokers", 3),
                  ("P(天王炸: four jokers)", "jokers", 4)]
    specs += [("E[jokers]", "jokers", None), ("P(a joker)", "jokers", 1), ("E[2s]", "twos", None),
              ("P(2s ≥ 2)", "twos", 2), ("P(2s ≥ 3)", "twos", 3), ("E[aces]", "aces", None),
              ("P(顺子: 5+ consecutive ranks 3..A)", "run1", 5), ("E[longest run of ranks 3..A]", "run1", None),
              ("P(连对: 3+ consecutive pairs)", "run2", 3), ("P(飞机: 2+ consecutive trios)", "run3", 2)]
    return specs


def kitty_specs(n_decks: int, kitty_size: int) -> list[tuple[str, str, int | None]]:
    specs = [("E[jokers in the 底牌]", "kitty_jokers", None), ("P(a joker in the 底牌)", "kitty_jokers", 1),
             ("E[2s in the 底牌]", "kitty_twos", None), ("P(a pair or more of one rank in the 底牌)", "kitty_max_same", 2)]
    if kitty_size >= 4:
        specs.append(("P(a bomb in the 底牌)", "kitty_max_same", 4))
    return specs


def _feature(cols: dict, seat: int, feature: str) -> np.ndarray:
    s, b = cols[f"s{seat}_small_jokers"], cols[f"s{seat}_big_jokers"]
    if feature == "jokers":
        return s + b
    if feature == "rocket":
        return ((s >= 1) & (b >= 1)).astype(np.int64)
    return cols[f"s{seat}_{feature}"]


def _exact(pmf, k):
    return (pmf_mean(pmf), pmf_var(pmf)) if k is None else (pmf_at_least(pmf, k), None)


def census_report(run: Run, batch_size: int = BATCH_ROWS, **_) -> Report:
    from sim.dealing import describe
    from sim.games.landlord import exact as E
    from sim.registry import load_game, rules_from_manifest

    game = load_game(run.game)
    rules = rules_from_manifest(game, run.ruleset)
    fixed = (run.manifest.get("options") or {}).get("fix") or {}
    n_seats, d = rules.n_players, rules.n_decks
    seats = list(range(n_seats))
    if f"s{n_seats - 1}_bombs" not in run.columns:
        raise RunError(f"run {run.path} has no landlord census columns (s0_bombs, …)")
    draws = E.groups(rules, fixed)
    classes: dict = {}
    for s in sorted(seats, key=lambda s: str(s) not in fixed):  # fixed seats first
        classes.setdefault(draws[str(s)], []).append(s)
    specs, kspecs = seat_specs(d), kitty_specs(d, rules.kitty_size)
    pooled = {(tuple(c), name): ClusterMean() for c in classes.values() for name, _, _ in specs}
    per_seat = {(name, s): Moments() for name, _, _ in specs for s in seats}
    kitty = {name: Moments() for name, _, _ in kspecs}
    jokers_total = Moments()
    names = [c for c in run.columns if c != "game_index"]
    for batch in run.iter_batches(names, batch_size):
        cols = {n: batch.column(n).to_numpy(zero_copy_only=False).astype(np.int64) for n in names}
        for name, feature, k in specs:
            vals = {s: _feature(cols, s, feature) if k is None else _feature(cols, s, feature) >= k for s in seats}
            for s in seats:
                per_seat[name, s].add(vals[s])
            for c in classes.values():
                pooled[tuple(c), name].add(sum(np.asarray(vals[s], np.float64) for s in c),
                                           np.full(len(vals[0]), len(c)))
        for name, feature, k in kspecs:
            kitty[name].add(cols[feature] if k is None else cols[feature] >= k)
        jokers_total.add(sum(_feature(cols, s, "jokers") for s in seats) + cols["kitty_jokers"])
    if jokers_total.n == 0:
        raise RunError(f"run {run.path} has no rows")
    sections = []
    for group, c in classes.items():
        pmfs = E.seat_pmfs(group)
        fixed_here = fixed.get(str(c[0])) if len(c) == 1 else None
        if len(classes) == 1:
            title = "Each seat's hand (all seats pooled)"
        elif fixed_here:
            title = f"Seat {c[0]}'s hand, given its fixed cards {' '.join(fixed_here)}"
        else:
            title = f"Seat{'s' if len(c) > 1 else ''} {', '.join(map(str, c))} (nothing fixed)"
        sec = Section(title, notes=[POOLED] if len(c) > 1 else [])
        for name, feature, k in specs:
            exact, var = _exact(pmfs[feature], k)
            if len(c) > 1:
                stat = pooled[tuple(c), name].stat(name).against(exact, k is not None, var)
                sec.stats.append(stat)
                sec.stats += [Stat.from_moments(name, per_seat[name, s], exact, s, k is not None, var) for s in c]
            else:
                stat = Stat.from_moments(name, per_seat[name, c[0]], exact, None, k is not None, var)
                sec.stats.append(stat)
        sections.append(sec)
    kpmfs = E.kitty_pmfs(draws["kitty"])
    ktitle = "The 底牌" + (f", given its fixed cards {' '.join(fixed['kitty'])}" if fixed.get("kitty") else "")
    ksec = Section(ktitle)
    for name, feature, k in kspecs:
        exact, var = _exact(kpmfs[feature], k)
        ksec.stats.append(Stat.from_moments(name, kitty[name], exact, None, k is not None, var))
    inv = Section("Invariants (every deal)", [Stat.from_moments(f"E[jokers over the seats and the 底牌] = {2 * d}",
                                                                jokers_total, 2 * d, None, False, 0)])
    first = sections[0] if not fixed else next((s for s in sections if "fixed cards" in s.title), sections[0])
    want = ("P(a bomb: a rank 4+ times)", "P(火箭: 小王 + 大王)", "P(天王炸: four jokers)", "E[2s]",
            "P(顺子: 5+ consecutive ranks 3..A)")
    headline = [s for s in first.stats if s.seat is None and s.name in want]
    m = run.manifest
    summary = [f"run {run.path}: variant {m.get('variant')}, seed {m.get('seed')}, {jokers_total.n:,} deals",
               f"exact values: {54 * d} cards ({d} deck{'s' if d > 1 else ''}), {rules.hand_size} a seat, "
               f"{rules.kitty_size} in the 底牌; the first deal of each hand (before any redeal)"]
    if fixed:
        summary.append(f"--fix: {describe(fixed)}; the rest dealt uniformly (exact values are conditional on it)")
    return Report(f"{game.title.split(' (')[0]} deal census — {jokers_total.n:,} deals", summary,
                  [*sections, ksec, inv], headline=headline)

