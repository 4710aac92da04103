"""港式五张 categories against pokerkit (PyPI), on every one of the 98,280 five-card hands.

The lookup (``tests/reference/hkstud_pokerkit.py``) is pokerkit's table machinery over the
28-card rank order 8 < … < A, with A-8-9-10-J the lowest straight and full house above or below
flush as the ruleset says.

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

from itertools import combinations

import numpy as np
import pytest

from sim.games.hkstud import rules as R
from tests.games.hkstud_helpers import kernel_keys
from tests.reference.hkstud_pokerkit import CARDS, LABEL_OF_CATEGORY, hkstud_lookup

HANDS = [list(h) for h in combinations(range(28), 5)]


@pytest.mark.parametrize("flush_beats_full_house", [False, True])
def test_categories_and_order_equal_pokerkit(flush_beats_full_house):
    lookup = hkstud_lookup(flush_beats_full_house)
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
