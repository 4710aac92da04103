"""干瞪眼 (Gan Deng Yan, 2–10 players, drawing from the stock; rules/gandengyan.md) kernels.

``moves`` (move records), ``rulevec`` (the rules vector the kernels read), ``movegen`` (patterns
with every joker completion, the "exactly +1" follow rule, bombs), ``deal`` (banker's deal, the
stock, first leader), ``census`` (per-seat deal facts over a game range), ``policies``
(``random``, ``greedy``, ``smart``), ``layout`` (raw facts of a played hand). Importing the
package compiles nothing.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
