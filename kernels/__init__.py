"""numba kernels of paiju: plain arrays and scalars in and out, compiled on first use (cache=True).

Importing this package compiles nothing; each kernel module documents its encodings where they
are defined (``kernels.cards``, ``kernels.hand``, ``kernels.moves``).

numba's on-disk cache of a function is keyed on its own source file only, but kernels inline
functions and constants from one another: after an edit to ``kernels/rows.py`` a cached caller
would keep the old layout. So on import the cache is dropped whenever any kernel source differs
from the sources it was built from (a hash kept beside it; a few milliseconds).
"""

from __future__ import annotations


def _drop_stale_cache() -> None:
    import hashlib
    from pathlib import Path

    here = Path(__file__).resolve().parent
    cache = here / "__pycache__"
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    stamp = cache / "paiju-kernels.sha256"
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
