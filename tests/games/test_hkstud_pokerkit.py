"""港式五张 categories against pokerkit (PyPI), on every one of the 98,280 five-card hands.

pokerkit ranks poker hands from declarative tables over a rank order; ``HKStudLookup`` is one
over 8 < 9 < 10 < J < Q < K < A whose wrap-around straight A-8-9-10-J is the lowest (pokerkit's
``_add_straights`` puts the wrap first), with full house above flush (the spec's default) or
below it (``flush_beats_full_house``, as pokerkit's short-deck lookup).

Conventions that differ, by design:

* pokerkit compares ranks only; 港式五张 then breaks ties by a suit (§5), so hands pokerkit calls
  equal may be ordered here — never the reverse;
* for trips, full house and four of a kind §5 compares the set's rank only (two disjoint hands
  cannot share it), where pokerkit also compares the other cards: those hands are equal here;
* with ``high_card_kickers = false`` (the spec's literal rule) 散牌 compares the highest card and
  its suit only; pokerkit compares every card (our ``true``).

So the check is: the same category for every hand, and under ``high_card_kickers = true`` the two
orders never disagree (a hand strictly below another here is never strictly above it in
pokerkit); under the literal rule the same holds outside 散牌.
"""

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pytest
from pokerkit.lookups import Label, Lookup
from pokerkit.utilities import Card, Rank, Suit

from sim.games.hkstud import rules as R
from tests.games.hkstud_helpers import kernel_keys

LABEL_OF_CATEGORY = [Label.HIGH_CARD, Label.ONE_PAIR, Label.TWO_PAIR, Label.THREE_OF_A_KIND, Label.STRAIGHT,
                     Label.FLUSH, Label.FULL_HOUSE, Label.FOUR_OF_A_KIND, Label.STRAIGHT_FLUSH]
RANK_CHARS, SUIT_CHARS = "89TJQKA", "shcd"


def _lookup(flush_beats_full_house: bool) -> Lookup:
    @dataclass
    class HKStudLookup(Lookup):
        rank_order = (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)

        def _add_entries(self):
            self._add_multisets(Counter({1: 5}), (False,), Label.HIGH_CARD)
            self._add_multisets(Counter({2: 1, 1: 3}), (False,), Label.ONE_PAIR)
            self._add_multisets(Counter({2: 2, 1: 1}), (False,), Label.TWO_PAIR)
            self._add_multisets(Counter({3: 1, 1: 2}), (False,), Label.THREE_OF_A_KIND)
            self._add_straights(5, (False,), Label.STRAIGHT)
            if flush_beats_full_house:
                self._add_multisets(Counter({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
                self._add_multisets(Counter({1: 5}), (True,), Label.FLUSH)
            else:
                self._add_multisets(Counter({1: 5}), (True,), Label.FLUSH)
                self._add_multisets(Counter({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
            self._add_multisets(Counter({4: 1, 1: 1}), (False,), Label.FOUR_OF_A_KIND)
            self._add_straights(5, (True,), Label.STRAIGHT_FLUSH)

    return HKStudLookup()


HANDS = [list(h) for h in combinations(range(28), 5)]
CARDS = [Card(Rank(RANK_CHARS[c >> 2]), Suit(SUIT_CHARS[c & 3])) for c in range(28)]  # local id → pokerkit


@pytest.mark.parametrize("flush_beats_full_house", [False, True])
def test_categories_and_order_equal_pokerkit(flush_beats_full_house):
    lookup = _lookup(flush_beats_full_house)
    entries = [lookup.get_entry([CARDS[c] for c in h]) for h in HANDS]
    pk_index = np.array([e.index for e in entries])
    for kickers in (True, False):
        rules = R.Rules(flush_beats_full_house=flush_beats_full_house, high_card_kickers=kickers)
        keys, cats = kernel_keys(HANDS, R.compile_rules(rules))
        assert [LABEL_OF_CATEGORY[c] for c in cats] == [e.label for e in entries]
        scope = np.ones(len(HANDS), bool) if kickers else cats != 0
        k, p = keys[scope], pk_index[scope]
        order = np.lexsort((p, k))  # by our key, then pokerkit's index
        k, p = k[order], p[order]
        starts = np.flatnonzero(np.r_[True, k[1:] != k[:-1]])
        group_max = np.maximum.reduceat(p, starts)
        group_min = np.minimum.reduceat(p, starts)
        assert (group_max[:-1] <= group_min[1:]).all()  # no pair ordered one way here, the other way there
    # the literal high-card rule does disagree with pokerkit (spec example 7)
    keys, cats = kernel_keys(HANDS, R.compile_rules(R.Rules(flush_beats_full_house=flush_beats_full_house)))
    hc = cats == 0
    k, p = keys[hc], pk_index[hc]
    assert ((k[:, None] < k[None, :50]) & (p[:, None] > p[None, :50])).any()
