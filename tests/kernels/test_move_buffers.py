"""Move buffers: sized by a derived bound (kernels.<family>.bounds), and a full buffer raises.

仙桃千分: the bound is exact for the rank groups (a knapsack over ranks of a per-rank count) and
caps 王炸 and 五十K; the per-rank count must be what the generator writes, and the best hand must
reach it. Landlord: the bound counts the keys of at most H cards the pack allows; on the whole
one-deck pack the generator's keys of at most H cards must be within it kind by kind (equal where
no kicker filter applies). Before the fix a full landlord buffer dropped moves silently and a
仙桃千分 buffer was not checked at all.
"""

import numpy as np
import pytest

from kernels.climb.moves import BOMB, MOVE_FIELDS, PAIR, SINGLE, TRIPLE, empty_moves
from kernels.landlord import bounds as lb
from kernels.landlord.movegen import LL_MAX_MOVES, empty_work, ll_generate
from kernels.landlord.moves import (
    AIRPLANE_PAIRS, AIRPLANE_SINGLES, FOUR_TWO_PAIRS, FOUR_TWO_SINGLES, PAIR_CHAIN, STRAIGHT, TRIO_CHAIN,
)
from kernels.xiantao import bounds as xb
from kernels.xiantao.movegen import MAX_MOVES, generate_moves
from sim.games.landlord.rules import DOUDIZHU_VARIANTS, DoudizhuRules, engine_rules
from sim.games.xiantao import rules as xiantao
from sim.ruleset import apply_overrides

XT_RULES = xiantao.engine_rules(xiantao.Rules())
STANDARD_COPIES = (4,) + (8,) * 12 + (1, 1)


def _xt_lead(counts, rules=XT_RULES, buffer=None):
    c = np.zeros(16, np.int64)
    c[:] = counts
    out = empty_moves(MAX_MOVES) if buffer is None else buffer
    n = generate_moves(c, np.zeros((13, 4), np.int64), np.zeros(MOVE_FIELDS, np.int64), rules, out)
    return out[:n]


def _groups(moves):
    """Records of one rank's groups (singles, pairs, triples, bombs), the lone wild single aside."""
    lone_wild = (moves[:, 0] == SINGLE) & (moves[:, 3] == 1)
    return moves[np.isin(moves[:, 0], (SINGLE, PAIR, TRIPLE, BOMB)) & ~lone_wild]


def test_xiantao_group_records_follow_the_per_rank_count():
    rng = np.random.default_rng(7)
    pack = [r for r, cap in enumerate(STANDARD_COPIES) for _ in range(cap)] + [15] * 6
    for _ in range(300):
        counts = np.bincount(rng.choice(pack, rng.integers(1, 28), replace=False), minlength=16)
        groups = _groups(_xt_lead(counts))
        for r in range(15):
            assert (groups[:, 1] == r).sum() == xb.group_moves(r, int(counts[r]), int(counts[15])), (counts, r)


def test_xiantao_best_hand_reaches_the_bound():
    """The knapsack's hand is a real 27-card hand whose lead list has exactly that many groups."""
    assert MAX_MOVES == xb.max_moves_any_ruleset() >= xb.max_moves()
    for wilds in range(7):
        value, naturals = xb.best_groups(27, STANDARD_COPIES, wilds)
        assert sum(naturals) + wilds <= 27
        moves = _xt_lead(naturals + [wilds])
        assert len(_groups(moves)) == value
        assert len(moves) <= xb.max_moves()


def test_xiantao_full_buffer_raises():
    counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 8, 8, 0, 0, 6]
    assert len(_xt_lead(counts)) > 100
    with pytest.raises(ValueError, match="move buffer full"):
        _xt_lead(counts, buffer=np.zeros((100, MOVE_FIELDS), np.int64))


def _ll_lead(counts, v, rows):
    c = np.zeros(16, np.int64)
    c[:15] = counts
    out = empty_moves(rows)
    n = ll_generate(c, np.zeros(7, np.int64), v, out, empty_work(), np.int64(-1))
    return out[:n]


def test_landlord_full_buffer_raises():
    v = engine_rules(DoudizhuRules(), "auction")
    hand = [3, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1]  # 20 cards: airplanes with many wings
    assert len(_ll_lead(hand, v, int(v[LL_MAX_MOVES]))) == 422
    with pytest.raises(ValueError, match="move buffer full"):
        _ll_lead(hand, v, 400)


@pytest.mark.parametrize("overrides", [{}, DOUDIZHU_VARIANTS["openspiel"].overrides,
                                       {"wing_singles_rule": "distinct_ranks", "pair_kickers_distinct": True}],
                         ids=["r3", "openspiel", "distinct"])
def test_landlord_bound_counts_the_one_deck_key_space(overrides):
    """The whole pack as a hand generates every key the pack allows: those of at most H cards
    are within the bound, kind by kind, and equal to it where no kicker filter removes keys."""
    rules = apply_overrides(DoudizhuRules(), overrides)
    v = engine_rules(rules, "auction")
    h = rules.hand_size + rules.kitty_size
    moves = _ll_lead([4] * 13 + [1, 1], v, 100_000)  # at most 72,631 keys (the bound with H = 54)
    moves = moves[moves[:, 2] <= h]
    bound = lb.keys_by_kind(v, 1)
    assert v[LL_MAX_MOVES] == sum(bound.values())
    for kind, count in bound.items():
        got = int((moves[:, 0] == kind).sum())
        filtered = kind in (AIRPLANE_SINGLES, AIRPLANE_PAIRS, FOUR_TWO_SINGLES, FOUR_TWO_PAIRS) or (
            rules.chain_head_not_bomb and kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN))  # whole pack: heads are bombs
        assert got <= count if filtered else got == count, (kind, got, count)
    assert set(np.unique(moves[:, 0])) <= set(bound)
