"""The trick-taking family with trumps, pairs, 拖拉机 (runs of pairs), throws and a kitty.

Every player plays to every trick; a lead is one *suit class* (a side suit, or all trumps as one
class) and is a single, a pair, a triple (three decks), a run of adjacent pairs or triples (拖拉机)
or a throw (甩牌: several of those at once). The modules, each testable alone:

* ``order``    — the card order of one hand as a table (class, slot, strength, adjacency, points)
                 built from the game's trump declaration; each game fills it from its own rules.
* ``groups``   — bit masks of a holding: pairs, triples, runs over adjacency levels.
* ``shape``    — the canonical decomposition of a lead into components, and whether (and how
                 high) another play contains that structure.
* ``throw``    — a throw checked against the other hands: failed components, penalty cards and
                 the forced smallest component.
* ``follow``   — what a follower must play (suit class, count, ``must_follow_structure``).
* ``trick``    — who wins a trick.
* ``kitty``    — the kitty multiplier; ``census`` — deal features of a holding.
* ``state``    — holdings, public record, per-hand facts and the action log.
* ``players``  (parameters, what a seat may know), ``build`` (constructing plays), ``leads``,
  ``follows``, ``bury``, ``declare`` — the random / greedy / smart players and the declaring bot.
* ``tricks``   — the trick loop of one hand after the kitty is buried.
* ``blocks``   — running a game's nogil block kernel on numba's thread count (plain Python);
  ``codes`` — integer codes shared by the rules arrays (plain Python).

A game's own kernel package holds its card order, deal and declaration, row layout, one hand
(``hand.play_hand``) and the batch entry points (``play``).
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
