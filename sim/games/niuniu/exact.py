"""Exact 牛牛 values by enumeration (computed, never sampled).

* ``category_counts``: the category of every one of the C(54, 5) = 3,162,510 hands (C(52, 5)
  without jokers), counted over rank multisets (``category_counts_by_enumeration`` walks every
  hand with the kernel evaluator; the tests check that both agree).
* ``pair_counts``: every ordered pair of disjoint hands (庄家, one 闲家), counted by outcome
  class (``kernels.niuniu.enumerate``): from it come the probability of a tie, of a tie settled
  by the banker-advantage rule, and the banker's exact edge per unit bet under any multiplier
  table — which is also the edge against each of 2 or 3 players, since every 闲家 faces 庄家
  alone and the pairs are exchangeable.
  Also from it: the category whose multiplier is paid (``paid_category_probabilities``) and the
  exact distribution of 庄家's result against one 闲家.
* ``balancing_multiplier``: the multiplier of one category that makes that edge zero (the edge is
  linear in each multiplier). Under the spec's payout (the winner's hand, N-4) the game is
  symmetric apart from the banker-advantage rule, so every category's balancing multiplier is
  negative: no multiplier table removes the edge the Q rule gives 庄家.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from kernels.niuniu.layout import CATEGORY_NAMES
from sim.games.niuniu.rules import CATEGORY_FIELDS, NiuniuRules, compile_rules, multiplier_table

# classes of kernels.niuniu.enumerate (kept here as plain numbers so that importing is cheap)
BANKER_BY_CATEGORY, PLAYER_BY_CATEGORY, BANKER_BY_CARD, PLAYER_BY_CARD, Q_PLAYER_HIGHER, Q_BANKER_HIGHER = range(6)


def n_cards(rules: NiuniuRules) -> int:
    return 54 if rules.jokers else 52


def _caps(jokers: bool) -> np.ndarray:
    """Copies of each rank in 牛牛 order (``kernels.niuniu.enumerate``): 4 of A..K, one of each joker."""
    from kernels.niuniu.enumerate import N_RANKS

    cap = np.full(N_RANKS, 4, np.int64)
    cap[13:] = 1 if jokers else 0
    return cap


@lru_cache(maxsize=4)
def _category_counts(jokers: bool) -> np.ndarray:
    from kernels.niuniu.enumerate import rank_multisets

    _, cat, _, ways = rank_multisets(_caps(jokers))
    return np.bincount(cat, weights=ways, minlength=11).round().astype(np.int64)


def category_counts(rules: NiuniuRules) -> np.ndarray:
    """Hands of each category (index = category code 0 没牛 .. 10 牛牛); sums to C(n, 5).

    Counted over the 5-card rank multisets weighted by their suit choices (a category depends on
    ranks only); ``category_counts_by_enumeration`` walks every hand and must agree."""
    return _category_counts(rules.jokers).copy()


def category_counts_by_enumeration(rules: NiuniuRules) -> np.ndarray:
    """The same counts from the kernel evaluator on every one of the C(n, 5) hands (seconds)."""
    from kernels.niuniu.enumerate import hand_categories

    a = compile_rules(NiuniuRules(jokers=rules.jokers))
    n = comb(a["deck"].shape[0], 5)
    cats = np.empty(n, np.int64)
    tops = np.empty(n, np.int64)
    hand_categories(a["deck"], a["card_info"], a["card_of_strength"], cats, tops)
    return np.bincount(cats, minlength=11)


def top_at_most_q_probability(rules: NiuniuRules) -> float:
    """P(a hand's highest card is Q or lower): its five cards among the 48 of A..Q."""
    return comb(48, 5) / comb(n_cards(rules), 5)


def category_probabilities(rules: NiuniuRules) -> dict[str, float]:
    counts = category_counts(rules)
    total = comb(n_cards(rules), 5)
    return {CATEGORY_NAMES[c]: counts[c] / total for c in range(11)}


@lru_cache(maxsize=4)
def _pair_counts(jokers: bool) -> np.ndarray:
    from kernels.niuniu.enumerate import pair_outcomes

    return pair_outcomes(_caps(jokers))


def pair_counts(rules: NiuniuRules) -> np.ndarray:
    """``counts[banker category, player category, class]`` over all ordered disjoint pairs."""
    return _pair_counts(rules.jokers).copy()


def n_pairs(rules: NiuniuRules) -> int:
    n = n_cards(rules)
    return comb(n, 5) * comb(n - 5, 5)


def player_wins_mask(banker_advantage: bool) -> np.ndarray:
    """Which outcome classes the 闲家 wins under the rule."""
    wins = np.zeros(6, bool)
    wins[[PLAYER_BY_CATEGORY, PLAYER_BY_CARD]] = True
    wins[Q_PLAYER_HIGHER] = not banker_advantage
    return wins


def tie_probabilities(rules: NiuniuRules) -> dict[str, float]:
    """P(equal values), P(a tie settled by the Q rule against the higher card) and that given a tie."""
    c = pair_counts(rules).sum(axis=(0, 1))
    total = n_pairs(rules)
    tie = c[[BANKER_BY_CARD, PLAYER_BY_CARD, Q_PLAYER_HIGHER, Q_BANKER_HIGHER]].sum()
    return {
        "tie": tie / total,
        "advantage_decides": c[Q_PLAYER_HIGHER] / total,
        "advantage_decides_given_tie": c[Q_PLAYER_HIGHER] / tie,
        "q_rule_applies": (c[Q_PLAYER_HIGHER] + c[Q_BANKER_HIGHER]) / total,
    }


def banker_gain_table(rules: NiuniuRules) -> np.ndarray:
    """``gain[banker cat, player cat, class]``: 庄家's chips per unit bet for that outcome."""
    mult = multiplier_table(rules).astype(float)
    wins = player_wins_mask(rules.banker_advantage)
    cb = np.arange(11)[:, None, None]
    cp = np.arange(11)[None, :, None]
    if rules.payout_hand == "player":
        paid = np.broadcast_to(mult[cp], (11, 11, 6))
    else:
        paid = np.where(wins[None, None, :], mult[cp], mult[cb])
    return np.where(wins[None, None, :], -paid, paid)


def paid_category_table(rules: NiuniuRules) -> np.ndarray:
    """``cat[banker cat, player cat, class]``: the category whose multiplier is paid (N-4)."""
    wins = player_wins_mask(rules.banker_advantage)
    cb = np.broadcast_to(np.arange(11)[:, None, None], (11, 11, 6))
    cp = np.broadcast_to(np.arange(11)[None, :, None], (11, 11, 6))
    if rules.payout_hand == "player":
        return cp.copy()
    return np.where(wins[None, None, :], cp, cb)


def paid_category_probabilities(rules: NiuniuRules) -> np.ndarray:
    """P(the money between 庄家 and one 闲家 moves at category c's multiplier), c = 0..10."""
    counts = pair_counts(rules)
    paid = paid_category_table(rules)
    return np.array([counts[paid == c].sum() for c in range(11)], np.float64) / n_pairs(rules)


def comparison_probabilities(rules: NiuniuRules) -> dict[str, float]:
    """Exact rates of one 闲家 against 庄家: ``player_wins`` under the rule, and the ties of
    ``tie_probabilities``."""
    c = pair_counts(rules).sum(axis=(0, 1))
    out = {"player_wins": c[player_wins_mask(rules.banker_advantage)].sum() / n_pairs(rules)}
    out.update(tie_probabilities(rules))
    return out


def banker_variance_heads_up(rules: NiuniuRules) -> float:
    """Exact variance of 庄家's chips against one 闲家 betting 1."""
    dist = banker_outcome_distribution(rules)
    mean = sum(g * p for g, p in dist.items())
    return sum((g - mean) ** 2 * p for g, p in dist.items())


def banker_edge(rules: NiuniuRules) -> float:
    """Exact expected chips 庄家 wins per unit bet of one 闲家 (the same for each of 1–3 players)."""
    return float((pair_counts(rules) * banker_gain_table(rules)).sum() / n_pairs(rules))


def banker_outcome_distribution(rules: NiuniuRules) -> dict[float, float]:
    """Exact distribution of 庄家's chips against one 闲家 betting 1."""
    counts = pair_counts(rules)
    gain = banker_gain_table(rules)
    out: dict[float, float] = {}
    total = n_pairs(rules)
    for g in np.unique(gain):
        out[float(g)] = float(counts[gain == g].sum() / total)
    return out


def balancing_multiplier(rules: NiuniuRules, category: str) -> float:
    """The value of ``multipliers.<category>`` (e.g. ``"niuniu"``) that makes ``banker_edge`` zero,
    the others held; the edge is linear in it. NaN when it does not move the edge (no banker
    advantage: the edge is 0 whatever the multipliers)."""
    from sim.ruleset import apply_overrides

    if category not in CATEGORY_FIELDS:
        raise ValueError(f"unknown category field {category!r}; known: {', '.join(CATEGORY_FIELDS)}")
    e0 = banker_edge(apply_overrides(rules, {f"multipliers.{category}": 0}))
    e1 = banker_edge(apply_overrides(rules, {f"multipliers.{category}": 1}))
    return e0 / (e0 - e1) if e0 != e1 else float("nan")  # nan: the multiplier does not move the edge
