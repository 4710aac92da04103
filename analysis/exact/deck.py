"""Exact hand probabilities for any deck of ranks + wilds + natural jokers, in exact fractions.

A hand is a uniformly random ``hand_size``-subset of the deck. Every quantity here is a sum over
card groups (one group per rank, the wilds, the natural jokers) of a per-group score, so its
distribution is a coefficient extraction from a product of per-group polynomials::

    #hands with total score s = [x^hand_size y^s]  prod_g  sum_c C(copies_g, c) x^c y^score_g(c)

divided by C(total, hand_size). Python integers keep it exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Callable, Mapping

Pmf = dict[int, Fraction]


@dataclass(frozen=True)
class DeckSpec:
    """A deck as seen by one hand: natural copies per rank, wild cards, natural jokers."""

    rank_copies: tuple[int, ...]
    hand_size: int
    wilds: int = 0
    jokers: int = 0  # distinct natural jokers; holding all of them is the joker pair (王炸)
    rank_points: tuple[int, ...] = ()  # points per natural card of each rank (wilds score 0)

    def __post_init__(self):
        if self.rank_points and len(self.rank_points) != len(self.rank_copies):
            raise ValueError("rank_points must have one entry per rank")
        if self.total == 0:
            raise ValueError("a deck needs at least one card")
        if not 0 <= self.hand_size <= self.total:
            raise ValueError(f"hand_size {self.hand_size} not in 0..{self.total}")

    @property
    def total(self) -> int:
        return sum(self.rank_copies) + self.wilds + self.jokers

    @property
    def n_hands(self) -> int:
        return comb(self.total, self.hand_size)


def hypergeom_pmf(k: int, successes: int, total: int, draws: int) -> Fraction:
    """P(exactly k of ``successes`` marked cards in ``draws`` cards from ``total``)."""
    if k < 0 or k > successes or draws - k > total - successes or k > draws:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(total - successes, draws - k), comb(total, draws))


def score_pmf(
    deck: DeckSpec,
    rank_score: Callable[[int, int], int] | None = None,
    wild_score: Callable[[int], int] | None = None,
    joker_score: Callable[[int], int] | None = None,
) -> Pmf:
    """Exact distribution of sum_r rank_score(r, naturals of r) + wild_score(w) + joker_score(j).

    Scores are integers; an omitted score function scores 0. This is the one engine behind
    every function below.
    """
    groups = [(c, (lambda n, r=r: rank_score(r, n)) if rank_score else None)
              for r, c in enumerate(deck.rank_copies)]
    groups += [(deck.wilds, wild_score), (deck.jokers, joker_score)]
    n = deck.hand_size
    state: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards taken, score) -> ways
    for copies, score in groups:
        terms = [(c, score(c) if score else 0, comb(copies, c)) for c in range(copies + 1)]
        nxt: dict[tuple[int, int], int] = {}
        for (i, s), ways in state.items():
            for c, sc, w in terms:
                if i + c <= n:
                    key = (i + c, s + sc)
                    nxt[key] = nxt.get(key, 0) + ways * w
        state = nxt
    total = deck.n_hands
    return {s: Fraction(w, total) for (i, s), w in sorted(state.items()) if i == n}


def pmf_mean(pmf: Mapping[int, Fraction]) -> Fraction:
    return sum((s * p for s, p in pmf.items()), Fraction(0))


def pmf_var(pmf: Mapping[int, Fraction]) -> Fraction:
    mu = pmf_mean(pmf)
    return sum(((s - mu) ** 2 * p for s, p in pmf.items()), Fraction(0))


def pmf_at_least(pmf: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for s, p in pmf.items() if s >= k), Fraction(0))


def ranks_with_count_pmf(deck: DeckSpec, counts) -> Pmf:
    """Distribution of the number of ranks whose natural count is in ``counts``."""
    wanted = frozenset(counts)
    return score_pmf(deck, rank_score=lambda r, c: int(c in wanted))


def prob_some_rank_count(deck: DeckSpec, counts) -> Fraction:
    """P(at least one rank has a natural count in ``counts``)."""
    return 1 - ranks_with_count_pmf(deck, counts).get(0, Fraction(0))


def expected_ranks_with_count(deck: DeckSpec, counts) -> Fraction:
    """E[number of ranks whose natural count is in ``counts``] (by linearity, hypergeometric)."""
    wanted = frozenset(counts)
    n, t = deck.hand_size, deck.total
    return sum((hypergeom_pmf(c, k, t, n) for k in deck.rank_copies for c in wanted), Fraction(0))


def prob_max_natural_at_least(deck: DeckSpec, k: int) -> Fraction:
    """P(some rank has at least k natural cards)."""
    top = max(deck.rank_copies, default=0)
    return prob_some_rank_count(deck, range(k, top + 1)) if k <= top else Fraction(0)


def prob_reach_at_least(deck: DeckSpec, k: int) -> Fraction:
    """P(some rank reaches k cards with the hand's wilds added): max natural count + wilds ≥ k.

    Given w wilds, the hand's other cards are a uniform (hand_size − w)-subset of the rest of
    the deck, so P = Σ_w P(wilds = w) · P_rest(some rank has ≥ k − w naturals)."""
    total = Fraction(0)
    for w, pw in enumerate(wilds_pmf(deck)):
        if pw == 0:
            continue
        if k - w <= 0:
            total += pw
            continue
        rest = DeckSpec(deck.rank_copies, deck.hand_size - w, 0, deck.jokers, deck.rank_points)
        total += pw * prob_max_natural_at_least(rest, k - w)
    return total


def wilds_pmf(deck: DeckSpec) -> list[Fraction]:
    """P(wilds = w) for w = 0..deck.wilds."""
    return [hypergeom_pmf(w, deck.wilds, deck.total, deck.hand_size) for w in range(deck.wilds + 1)]


def prob_joker_pair(deck: DeckSpec) -> Fraction:
    """P(the hand holds every natural joker), e.g. 王炸 with one 大王 and one 小王."""
    if deck.jokers == 0:
        return Fraction(0)
    return hypergeom_pmf(deck.jokers, deck.jokers, deck.total, deck.hand_size)


def expected_points(deck: DeckSpec) -> Fraction:
    """E[points held] = hand_size/total of all points (each card is held w.p. hand/total)."""
    pts = sum(c * p for c, p in zip(deck.rank_copies, deck.rank_points))
    return Fraction(pts * deck.hand_size, deck.total)
