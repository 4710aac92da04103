"""Exact probabilities (Python integers and fractions) to check Monte Carlo estimates against."""

from analysis.exact.deck import (
    DeckSpec,
    expected_points,
    expected_ranks_with_count,
    hypergeom_pmf,
    pmf_at_least,
    pmf_mean,
    pmf_var,
    prob_joker_pair,
    prob_max_natural_at_least,
    prob_some_rank_count,
    ranks_with_count_pmf,
    score_pmf,
    wilds_pmf,
)

__all__ = [
    "DeckSpec", "expected_points", "expected_ranks_with_count", "hypergeom_pmf", "pmf_at_least",
    "pmf_mean", "pmf_var", "prob_joker_pair", "prob_max_natural_at_least", "prob_some_rank_count",
    "ranks_with_count_pmf", "score_pmf", "wilds_pmf",
]
