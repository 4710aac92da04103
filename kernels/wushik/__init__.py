"""五十K (wushik, two decks, four players in fixed partnerships): the game's own kernels.

* ``moves`` — kinds and fields of the move record (constants, no numba);
* ``movegen`` — legal moves over count-per-rank vectors plus 5/10/K suit counts, and the §7
  beat rule (``rules`` vector layout ``W_*`` compiled by ``sim.games.wushik.rules``);
* ``cardpick`` — which suits a move's cards take (only 5, 10, K matter: 正510K);
* ``census`` — per-seat deal features for a game range (``prange``);
* ``policies`` — ``random`` / ``greedy`` / ``smart`` move choice from a move list and the seat's view;
* ``layout`` — the raw facts of one hand (draft ``RowLayout``) and the census columns.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
