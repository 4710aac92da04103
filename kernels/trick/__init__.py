"""The trick-taking family with trumps, pairs, tractors, throws and a kitty (八十分, 仙居红五).

Every player plays to every trick; a lead is one *suit class* (a side suit, or all trumps as one
class) and is a single, a pair, a triple (three decks), a tractor (adjacent pairs or triples) or a
throw (甩牌: several of those at once). The modules, each testable alone:

* ``order``    — the card order of one hand as a table (class, slot, strength, adjacency, points)
                 built from the game's trump declaration; games fill it (kernels.tractor.order,
                 kernels.hongwu.order).
* ``groups``   — bit masks of a holding: pairs, triples, runs (tractors) over adjacency levels.
* ``shape``    — the canonical decomposition of a lead into components, and whether (and how
                 high) another play matches that structure.
* ``throw``    — a throw checked against the other hands: failed components, penalty cards and
                 the forced smallest component.
* ``follow``   — what a follower must play (suit class, count, ``must_follow_structure``).
* ``trick``    — who wins a trick.
* ``knowledge``, ``players``, ``bury``, ``declare`` — the random / greedy / smart players.
* ``tricks``   — the trick loop of one hand after the kitty is buried, with its action log.

numba caches a compiled function keyed on its own source file; these kernels inline constants
from one another, so ``drop_stale_cache`` (run on import) drops the family's cached code whenever
any of its sources (or the shared kernels/*.py) changed.
"""

from __future__ import annotations

_FAMILY = ("trick", "tractor", "hongwu")


def drop_stale_cache() -> None:
    import hashlib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.glob("*.py")) + sorted(p for d in _FAMILY for p in (root / d).glob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    want = digest.hexdigest()
    stamp = root / "trick" / "__pycache__" / "paiju-trick.sha256"
    try:
        if stamp.read_text() == want:
            return
    except OSError:
        pass
    try:
        for d in _FAMILY:
            cache = root / d / "__pycache__"
            if cache.is_dir():
                for old in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
                    old.unlink(missing_ok=True)
        stamp.parent.mkdir(exist_ok=True)
        stamp.write_text(want)
    except OSError:  # read-only install: numba caches elsewhere
        pass


drop_stale_cache()
