"""The trick-taking family with trumps, pairs, tractors, throws and a kitty (八十分, 仙居红五).

Every player plays to every trick; a lead is one *suit class* (a side suit, or all trumps as one
class) and is a single, a pair, a triple (three decks), a tractor (adjacent pairs or triples) or a
throw (甩牌: several of those at once). The modules, each testable alone:

* ``order``    — the card order of one hand as a table (class, slot, strength, adjacency, points)
                 built from the game's trump declaration; games fill it (kernels.tractor.order,
                 kernels.hongwu.order).
* ``groups``   — bit masks of a holding: pairs, triples, runs (tractors) over adjacency levels.
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

A game's own package (``kernels.tractor``, ``kernels.hongwu``) holds its card order, deal and
declaration, row layout, one hand (``hand.play_hand``) and the batch entry points (``play``).

numba caches a compiled function keyed on its own source file; these kernels inline constants
from one another, so ``drop_stale_cache(package)`` (run on import by this package and by each game
package built on it) drops a package's cached code whenever its sources, the family's or the
shared kernels/*.py changed.
"""

from __future__ import annotations


def drop_stale_cache(package: str) -> None:
    """Drop ``kernels/<package>/__pycache__``'s numba cache if any source it depends on changed."""
    import hashlib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    dirs = [root, root / "trick"] + ([root / package] if package != "trick" else [])
    digest = hashlib.sha256()
    for path in [p for d in dirs for p in sorted(d.glob("*.py"))]:
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    want = digest.hexdigest()
    cache = root / package / "__pycache__"
    stamp = cache / "paiju-kernels.sha256"
    try:
        if stamp.read_text() == want:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for old in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            old.unlink(missing_ok=True)
        stamp.write_text(want)
    except OSError:  # read-only install: numba caches elsewhere
        pass


drop_stale_cache("trick")
