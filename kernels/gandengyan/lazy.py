"""干瞪眼 legal moves by kind, lazily, for the ``random`` player: the count, and only the move drawn.

``random`` draws one of the ``n`` plays of ``gd_generate``'s list (``n + 1`` with PASS when
following) and plays that row. It needs the count and one row, not every joker completion:
``gd_random`` counts each section of the list (one group kind, the chains run by run, the bombs)
and writes only the section holding the move drawn, one group kind or one chain run
(``kernels.gandengyan.movegen.chain_section`` lists the chains run by run and stops at the one
drawn). The same draw picks the same move as over the full list:
``tests/games/test_gandengyan_lazy.py`` holds the two equal, draw by draw.
"""

from __future__ import annotations

from numba import njit

from kernels.climb.plan import random_pick
from kernels.gandengyan.movegen import COUNT_RUNS, _gen_bombs, _gen_group, chain_section, gd_bombs_possible, is_bomb
from kernels.gandengyan.moves import PAIR, PAIR_CHAIN, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE
from kernels.gandengyan.rulevec import GD_TRIO


@njit(cache=True, nogil=True)
def gd_random(c, top, rules, out, work, rng, lead):
    """The random player over ``gd_generate(c, top, rules, out, work)``'s list without listing it:
    ``(n, row)``, the list's length and the row of ``out`` holding the move drawn, -1 to pass. It
    draws as ``random_pick`` (PASS one more choice when following), nothing when there is no play. Counts each section (singles, pairs and trios in closed form, chains run by run,
    bombs written: rare), then writes only the section holding the move drawn."""
    tk = top[0]
    singles = pairs = trios = chains = 0
    if not is_bomb(tk):
        if lead or tk == SINGLE:
            singles = _gen_group(c, SINGLE, 1, top, rules, out, 0, False)
        if lead or tk == PAIR:
            pairs = _gen_group(c, PAIR, 2, top, rules, out, 0, False)
        if (lead or tk == TRIPLE) and rules[GD_TRIO] != 0:
            trios = _gen_group(c, TRIPLE, 3, top, rules, out, 0, False)
        if lead or tk == STRAIGHT or tk == PAIR_CHAIN or tk == TRIO_CHAIN:
            chains = chain_section(c, top, rules, out, 0, work, COUNT_RUNS)
    bombs = _gen_bombs(c, top, rules, out, 0) if gd_bombs_possible(c, rules) else 0  # out[:bombs]
    n = singles + pairs + trios + chains + bombs
    if n == 0:
        return n, -1
    k = random_pick(rng, n, lead)
    if k < 0:
        return n, -1
    for kind, size, m in ((SINGLE, 1, singles), (PAIR, 2, pairs), (TRIPLE, 3, trios)):
        if k < m:
            _gen_group(c, kind, size, top, rules, out, 0)
            return n, k
        k -= m
    if k < chains:
        return n, chain_section(c, top, rules, out, 0, work, k)
    return n, k - chains  # a bomb, still in out[:bombs]
