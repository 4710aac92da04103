"""Exact 港式五张 values by enumeration (computed, never sampled), and sampled ones with their
standard errors where enumeration is out of reach.

* ``category_counts``: the category of every one of the C(28, 5) = 98,280 hands.
* ``showdown_equity``: each live seat's chance to hold the best hand at the showdown from a
  visible state (known hole cards, the up-cards shown, who is still in): every completion of the
  unseen cards when there are at most ``exact_max`` of them (always the case for two players
  from round 3 on, or with known holes), otherwise ``samples`` random completions with a
  standard error.
* ``leader_win_probability``: for two players, the probability that 庄家 after round 2..5 (the
  better visible up-cards) wins the showdown, over all deals: a count over ordered pairs of
  disjoint hands by Möbius inversion (``kernels.showdown.pairs``), not a sample.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from kernels.hkstud.cards import CATEGORY_NAMES, N_CARDS
from sim.games.hkstud.rules import HKStudRules, tables


def _tables(rules: HKStudRules):
    return tables(rules.flush_beats_full_house, rules.high_card_kickers, rules.four_card_draws)


@lru_cache(maxsize=1)
def _category_counts() -> np.ndarray:
    from kernels.hkstud.enumerate import subset_keys

    plain, flush = tables(False, False, True)
    _, cats = subset_keys(5, plain, flush)
    return np.bincount(cats, minlength=len(CATEGORY_NAMES))


def category_counts() -> np.ndarray:
    """Hands of each category code (``kernels.hkstud.cards``); sums to 98,280. The ranking
    options change the order of the categories, never a hand's category."""
    return _category_counts().copy()


def category_probabilities() -> dict[str, float]:
    counts = category_counts()
    return {name: counts[c] / comb(N_CARDS, 5) for c, name in enumerate(CATEGORY_NAMES)}


def showdown_equity(ups: list[list[int]], live: list[bool] | None = None, holes: list[int] | None = None,
                    rules: HKStudRules | None = None, exact_max: float = 5e7, samples: int = 100_000,
                    seed: int = 0) -> dict:
    """Each seat's showdown equity from a visible state (local card ids, ``kernels.hkstud.cards``).

    ``ups[s]`` are the up-cards shown by seat ``s`` (live seats show the same number), ``holes[s]``
    a known hole card or -1, ``live[s]`` whether the seat is still in. Returns ``equity`` (per
    seat, 0 for folded seats), ``exact`` and ``n`` (completions counted) and ``se`` (standard
    errors, 0 when exact).
    """
    from kernels.hkstud.equity import showdown_wins
    from kernels.rng import seed_stream

    rules = rules or HKStudRules()
    n = len(ups)
    live = [True] * n if live is None else list(live)
    holes = [-1] * n if holes is None else list(holes)
    up_arr = np.zeros((n, 4), np.int64)
    shown = np.array([len(u) for u in ups], np.int64)
    for s, u in enumerate(ups):
        up_arr[s, :len(u)] = u
    plain, flush = _tables(rules)
    state = np.empty(4, np.uint64)
    seed_stream(np.uint64(seed), 0, state)
    wins = np.zeros(n, np.int64)
    total = showdown_wins(np.array(holes, np.int64), up_arr, shown, np.array(live, np.bool_), n, float(exact_max),
                          samples, (plain, flush), state, wins)
    eq = wins / total
    exact = _n_completions(holes, shown, live) <= exact_max
    se = np.zeros(n) if exact else np.sqrt(eq * (1 - eq) / total)
    return {"equity": eq, "exact": bool(exact), "n": int(total), "se": se}


def _n_completions(holes, shown, live) -> float:
    from kernels.hkstud.equity import n_completions

    n = len(holes)
    known = sum(1 for h in holes if h >= 0) + int(sum(shown))
    k = next(int(shown[s]) for s in range(n) if live[s])
    needs = np.array([(4 - k) + (1 if holes[s] < 0 else 0) if live[s] else 0 for s in range(n)], np.int64)
    return n_completions(N_CARDS - known, needs, n)


@lru_cache(maxsize=16)
def _leader_wins(street: int, key: tuple[bool, bool, bool]) -> int:
    from kernels.hkstud.enumerate import leader_wins

    plain, flush = tables(*key)
    return int(leader_wins(street, plain, flush))


def leader_win_probability(street: int, rules: HKStudRules | None = None) -> float:
    """Exact P(庄家 after round ``street`` wins the showdown), two players, nobody folding."""
    if street not in (2, 3, 4, 5):
        raise ValueError("street must be 2..5")
    rules = rules or HKStudRules()
    key = (rules.flush_beats_full_house, rules.high_card_kickers, rules.four_card_draws)
    m = street - 1
    pairs = comb(N_CARDS, 5) * comb(N_CARDS - 5, 5) * comb(5, m) ** 2
    return 2 * _leader_wins(street, key) / pairs
