"""Contract bridge (桥牌) kernels: card ids, dealing and census, bidding, card play, scoring.

Modules, one concern each: ``cards`` (the 0..51 card order, seats, strains), ``layout`` (the raw
facts of a census row, a board row and a double-dummy row), ``deal`` (the deal from the game's
stream), ``hand`` (suit holdings and their features), ``census`` (deals + features in bulk),
``auction`` (calls and auction legality), ``natural`` (the natural bidding system), ``bits`` (bit
counting), ``trick`` (follow suit, trick winner), ``cardplay`` (random and greedy card play),
``score`` (duplicate scoring, IMPs) and ``board`` (one board end to end, and ``play_range``).
"""

from __future__ import annotations


def _drop_stale_cache() -> None:
    """numba keys a function's on-disk cache on its own file only, and these kernels inline one
    another (and ``kernels.rng``): drop this package's cache whenever any source of it or of the
    shared kernels differs from the sources it was built from (as ``kernels/__init__.py`` does
    for the top-level kernels)."""
    import hashlib
    from pathlib import Path

    here = Path(__file__).resolve().parent
    cache = here / "__pycache__"
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")) + sorted(here.parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    stamp = cache / "paiju-bridge-kernels.sha256"
    want = digest.hexdigest()
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
    except OSError:  # a read-only install: numba then caches elsewhere, per user
        pass


_drop_stale_cache()
