"""The comparison family: deal, evaluate, compare, pay.

Games of this family have no turn loop over cards: each seat is dealt a few cards, each hand is
evaluated to an integer key (larger is better), keys are compared, and money moves by a table.
The shared blocks here are game-agnostic:

* ``deal``: the top-of-deck deal (the first draws of ``kernels.deal.shuffle``) and the packed
  per-seat card encoding stored in rows;
* ``combos``: combination and multiset-permutation successors, binomials and colex indices for
  exact enumeration;
* ``pairs``: exact counts over ordered pairs of *disjoint* hands (Möbius inversion over the shared
  cards), e.g. how often the hand leading on the visible cards also wins the showdown;
* ``settle``: best seat among live keys, pot and banker settlements.

A game's evaluator, its rows and its betting live in ``kernels/<game>/``.
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
