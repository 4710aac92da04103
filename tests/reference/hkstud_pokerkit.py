"""港式五张 hands ranked by pokerkit (PyPI): the outside implementation the suite checks against.

pokerkit builds its hand lookups from declarative tables over a rank order; ``hkstud_lookup`` is
one over 8 < 9 < 10 < J < Q < K < A whose wrap-around straight A-8-9-10-J is the lowest
(``_add_straights`` puts the wrap first), with full house above flush (the spec's default) or
below it (``flush_beats_full_house``, as pokerkit's own short-deck lookup). ``CARDS[local id]``
is the pokerkit card of a local id of ``kernels.hkstud.cards``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pokerkit.lookups import Label, Lookup
from pokerkit.utilities import Card, Rank, Suit

RANK_CHARS, SUIT_CHARS = "89TJQKA", "shcd"
CARDS = [Card(Rank(RANK_CHARS[c >> 2]), Suit(SUIT_CHARS[c & 3])) for c in range(28)]
LABEL_OF_CATEGORY = [Label.HIGH_CARD, Label.ONE_PAIR, Label.TWO_PAIR, Label.THREE_OF_A_KIND, Label.STRAIGHT,
                     Label.FLUSH, Label.FULL_HOUSE, Label.FOUR_OF_A_KIND, Label.STRAIGHT_FLUSH]


def hkstud_lookup(flush_beats_full_house: bool = False) -> Lookup:
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
