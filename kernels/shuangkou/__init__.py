"""百变双扣 (shuangkou, two decks with jokers, four players, partners by a drawn card): the
game's own kernels.

* ``moves`` — kinds and fields of the move record (constants, no numba);
* ``wild`` — wild completion: which values wild jokers take to make which pattern at what rank,
  over count vectors and rank bitmasks;
* ``movegen`` — legal moves of a hand and the 相 beat rule (``rules`` layout ``S_*``);
* ``draw`` — the partner draw by an announced card, with the seat swap (SK-2);
* ``census`` — per-seat deal features for a game range (``prange``);
* ``policies`` — ``random`` / ``greedy`` / ``smart`` move choice;
* ``layout`` — the raw facts of one hand (draft ``RowLayout``) and the census columns.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
