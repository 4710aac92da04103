"""Move records of 五十K: the 7-field ``int64`` record of ``kernels.climb.moves``, no Python objects.

::

    (kind, rank, size, wilds, suit, chain, kickers)

kind     ``SINGLE`` 1, ``PAIR`` 2, ``TRIPLE`` 3, ``BOMB`` 4 (4..8 cards of one rank), ``FIFTY_K`` 6
         (510K), ``STRAIGHT`` 7 (only with ``allow_straights``), ``PAIR_CHAIN`` 8 (连对, >= 2 pairs),
         ``TRIO_CHAIN`` 9 (连三同张, >= 2 triples); ``PASS`` 0. The ids are the climbing engine's
         (one table for the family: ``kernels.climb.moves``), so logs and replays read alike.
rank     top rank index (``kernels.cards``: 0:3 .. 11:A 12:2); a chain's highest rank; -1 for 510K
size     number of cards played
wilds    always 0 (五十K has no wild cards)
suit     510K only: 0..3 = 正510K of ♠ ♥ ♣ ♦ (all three cards of that suit), 4 = 副510K (mixed
         suits; which cards is decided by ``kernels.wushik.cardpick``); -1 otherwise
chain    ranks in a chain (pairs of a 连对, triples of a 连三同张, cards of a straight); 1 otherwise
kickers  always 0 (no kickers in 五十K)

A record of a rank pattern fixes the rank counts it plays; only the suits of 5, 10 and K matter
(for 正510K), and ``cardpick`` chooses them.
"""

from __future__ import annotations

from kernels.climb.moves import (  # noqa: F401  (re-exported: one import site for the game's kernels)
    BOMB, FIFTY_K, MOVE_FIELDS, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, SUIT_ZA, TRIO_CHAIN, TRIPLE,
)

SUIT_FU = SUIT_ZA  # 4: 副510K (mixed suits)
KIND_NAMES_ZH = {
    PASS: "不出", SINGLE: "单张", PAIR: "对子", TRIPLE: "三同张", BOMB: "炸弹", FIFTY_K: "五十K",
    STRAIGHT: "顺子", PAIR_CHAIN: "连对", TRIO_CHAIN: "连三同张",
}
