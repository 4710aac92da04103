"""港式五张 money and derived facts from stored rows, vectorised (spec §4, §6).

Money is ``chip_value`` per chip of each seat's net ``chips`` (the pot to the winner minus what
each put in), so stored deals rescore under another chip value without replaying; stakes change
the players' decisions and are play options. The derived columns are the §6 events: fold and
showdown wins, 庄家 changes, whether 庄家 of each round won, and deals the literal and
lexicographic high-card rules would settle differently.
"""

from __future__ import annotations

import numpy as np

from sim.games.hkstud.rules import HKStudRules

STREETS = (2, 3, 4, 5)
ROLES = ("zhuang", "other")
ROLE_LABELS = {"zhuang": "庄家 after round 2 (best first up-card: acts first)", "other": "the other seats"}
COMPONENT_LABELS = {"antes": "the antes (the winner takes every seat's ante)",
                    "bets": "the bets and raises of rounds 2–5"}


def fact_columns(rules: HKStudRules, n_seats: int) -> list[str]:
    """The stored columns ``score``, ``seat_roles`` and ``components`` read."""
    return (["winner", "showdown", "alt_winner"] + [f"banker_{st}" for st in STREETS]
            + [f"s{k}_chips" for k in range(n_seats)] + [f"s{k}_invested" for k in range(n_seats)])


def score(facts: dict[str, np.ndarray], rules: HKStudRules, n_seats: int) -> dict[str, np.ndarray]:
    """``s{k}_money`` and the derived facts from ``winner``, ``showdown``, ``alt_winner``,
    ``banker_{2..5}`` and ``s{k}_chips``."""
    winner = np.asarray(facts["winner"]).astype(np.int64)
    out: dict[str, np.ndarray] = {}
    for k in range(n_seats):
        out[f"s{k}_money"] = np.asarray(facts[f"s{k}_chips"]).astype(np.float64) * rules.chip_value
        out[f"s{k}_won"] = winner == k
    showdown = np.asarray(facts["showdown"]).astype(bool)
    out["fold_win"] = ~showdown
    bankers = np.stack([np.asarray(facts[f"banker_{st}"]).astype(np.int64) for st in STREETS], axis=1)
    reached = bankers >= 0
    changes = (bankers[:, 1:] != bankers[:, :-1]) & reached[:, 1:]
    out["banker_changes"] = changes.sum(axis=1).astype(np.int64)
    for j, st in enumerate(STREETS):
        out[f"banker_{st}_won"] = bankers[:, j] == winner
    out["kickers_disagree"] = np.asarray(facts["alt_winner"]).astype(np.int64) != winner
    return out


def seat_roles(facts: dict[str, np.ndarray], n_seats: int) -> np.ndarray:
    """(n, n_seats) role codes: 0 庄家 after round 2, 1 the others."""
    first = np.asarray(facts["banker_2"]).astype(np.int64)[:, None]
    return np.where(np.arange(n_seats)[None, :] == first, 0, 1)


def components(facts: dict[str, np.ndarray], scored: dict[str, np.ndarray], rules: HKStudRules,
               n_seats: int) -> dict[str, np.ndarray]:
    """Money split into the antes (the winner takes ``n_seats`` antes, every seat pays one) and
    the bets (the rest: what was bet and called after the antes); they add up to the money."""
    money = np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
    winner = np.asarray(facts["winner"]).astype(np.int64)
    ante = min(rules.stakes.ante, rules.stakes.stack) * rules.chip_value
    won = np.arange(n_seats)[None, :] == winner[:, None]
    antes = np.where(won, ante * (n_seats - 1), -ante).astype(np.float64)
    return {"antes": antes, "bets": money - antes}
