"""Exact deal values of the landlord games (斗地主 3p/4p, 上海三打一) for the census, in fractions,
also given fixed cards (``--fix``).

A deck of ``n_decks`` 54-card packs: ranks 3..2 with ``4 * n_decks`` copies, ``n_decks`` 小王 and
``n_decks`` 大王. A group (a seat's hand, the 底牌) holds its fixed cards plus a uniform subset of
the pool — the deck less every group's fixed cards — of its size less its fixed cards (the deal is
uniform among those that give every group its fixed cards). Every census feature is a function of
the group's count per rank, so its distribution is one pass over the ranks (``feature_pmf``):
states (cards drawn so far, the feature's running state) weighted by C(pool copies, drawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Callable, Hashable, Mapping, Sequence

from kernels.cards import RANK_NAMES

N_RANKS = 15
R_A, R_2, R_SJ, R_BJ = 11, 12, 13, 14
RANK_OF = {name: r for r, name in enumerate(RANK_NAMES)}  # the --fix names of the landlord notation
Pmf = dict[int, Fraction]


@dataclass(frozen=True)
class Group:
    """One group's draw: ``base`` counts per rank fixed in it, ``draws`` cards more from ``pool``."""

    pool: tuple[int, ...]
    base: tuple[int, ...]
    draws: int


def deck_copies(n_decks: int) -> tuple[int, ...]:
    return (4 * n_decks,) * 13 + (n_decks, n_decks)


def groups(rules, fixed: Mapping[str, Sequence[str]] | None = None) -> dict[str, Group]:
    """Every seat's (``"0"`` …) and the kitty's draw under ``rules`` and the ``--fix`` cards."""
    fixed = fixed or {}
    counts = {g: [0] * N_RANKS for g in fixed}
    for g, names in fixed.items():
        for name in names:
            counts[g][RANK_OF[name]] += 1
    pool = list(deck_copies(rules.n_decks))
    for c in counts.values():
        pool = [p - k for p, k in zip(pool, c)]
    sizes = {str(s): rules.hand_size for s in range(rules.n_players)} | {"kitty": rules.kitty_size}
    zero = (0,) * N_RANKS
    return {g: Group(tuple(pool), tuple(counts.get(g, zero)), size - sum(counts.get(g, zero)))
            for g, size in sizes.items()}


def feature_pmf(group: Group, step: Callable[[Hashable, int, int], Hashable], init: Hashable,
                final: Callable[[Hashable], int]) -> Pmf:
    """Exact distribution of ``final(state)`` where ``state`` runs ``step(state, rank, count)``
    over the ranks 0..14 of the group's counts (fixed + drawn)."""
    return _feature_pmf(group, step, init, final)


@lru_cache(maxsize=None)
def _feature_pmf(group, step, init, final) -> Pmf:
    state: dict[tuple[int, Hashable], int] = {(0, init): 1}
    for r, copies in enumerate(group.pool):
        nxt: dict[tuple[int, Hashable], int] = {}
        for (i, st), ways in state.items():
            for x in range(min(copies, group.draws - i) + 1):
                key = (i + x, step(st, r, group.base[r] + x))
                nxt[key] = nxt.get(key, 0) + ways * comb(copies, x)
        state = nxt
    total = comb(sum(group.pool), group.draws)
    out: Pmf = {}
    for (i, st), ways in state.items():
        if i == group.draws:
            v = final(st)
            out[v] = out.get(v, Fraction(0)) + Fraction(ways, total)
    return dict(sorted(out.items()))


def _same(x):
    return x


def _bombs(st, r, c):
    return st + (r <= R_2 and c >= 4)


def _max_same(st, r, c):
    return max(st, c) if r <= R_2 else st


def _rank(rank: int):
    def step(st, r, c):
        return c if r == rank else st
    return step


_RANK_STEPS = {r: _rank(r) for r in (R_A, R_2, R_SJ, R_BJ)}


def _jokers(st, r, c):
    return st + c if r >= R_SJ else st


def _joker_pair(st, r, c):
    """(小王, 大王) held, as one state (the rocket and 天王炸 read both)."""
    if r == R_SJ:
        return (c, st[1])
    if r == R_BJ:
        return (st[0], c)
    return st


def _rocket(st):
    return int(st[0] >= 1 and st[1] >= 1)


def _run(at_least: int):
    def step(st, r, c):
        if r > R_A:
            return st
        cur = st[0] + 1 if c >= at_least else 0
        return (cur, max(st[1], cur))
    return step


_RUN_STEPS = {t: _run(t) for t in (1, 2, 3)}


def _best(st):
    return st[1]


def seat_pmfs(group: Group) -> dict[str, Pmf]:
    """Exact distribution of each per-seat census feature (``kernels.landlord.layout.CENSUS``
    names), plus ``jokers`` (小王 + 大王), ``rocket`` (both held) and ``tianwang`` (four jokers)."""
    out = {"bombs": feature_pmf(group, _bombs, 0, _same),
           "max_same": feature_pmf(group, _max_same, 0, _same),
           "small_jokers": feature_pmf(group, _RANK_STEPS[R_SJ], 0, _same),
           "big_jokers": feature_pmf(group, _RANK_STEPS[R_BJ], 0, _same),
           "twos": feature_pmf(group, _RANK_STEPS[R_2], 0, _same),
           "aces": feature_pmf(group, _RANK_STEPS[R_A], 0, _same),
           "jokers": feature_pmf(group, _jokers, 0, _same),
           "rocket": feature_pmf(group, _joker_pair, (0, 0), _rocket)}
    out.update({f"run{t}": feature_pmf(group, _RUN_STEPS[t], (0, 0), _best) for t in (1, 2, 3)})
    return out


def kitty_pmfs(group: Group) -> dict[str, Pmf]:
    """Exact distribution of the 底牌 features: ``kitty_jokers``, ``kitty_twos``, ``kitty_max_same``."""
    return {"kitty_jokers": feature_pmf(group, _jokers, 0, _same),
            "kitty_twos": feature_pmf(group, _RANK_STEPS[R_2], 0, _same),
            "kitty_max_same": feature_pmf(group, _max_same, 0, _same)}
