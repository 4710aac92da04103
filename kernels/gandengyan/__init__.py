"""干瞪眼 (Gan Deng Yan, 2–10 players, drawing from the stock; rules/gandengyan.md) kernels.

``moves`` (move records), ``rulevec`` (the rules vector the kernels read), ``movegen`` (patterns
with every joker completion, the "exactly +1" follow rule, bombs), ``deal`` (banker's deal, the
stock, first leader), ``census`` (per-seat deal facts over a game range), ``policies``
(``random``, ``greedy``, ``smart``), ``layout`` (raw facts of a played hand). Importing the
package compiles nothing.

numba keys its on-disk cache on a function's own source file, but these modules inline constants
from ``rulevec`` and ``moves``: the cache of this folder is dropped whenever any of its sources
changed (as ``kernels/__init__`` does for the top-level modules).
"""

from __future__ import annotations


def _drop_stale_cache() -> None:
    import hashlib
    from pathlib import Path

    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    stamp = here / "__pycache__" / "paiju-kernels.sha256"
    try:
        if stamp.read_text() == digest.hexdigest():
            return
    except OSError:
        pass
    try:
        stamp.parent.mkdir(exist_ok=True)
        for old in list(stamp.parent.glob("*.nbi")) + list(stamp.parent.glob("*.nbc")):
            old.unlink(missing_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # read-only install: numba caches elsewhere
        pass


_drop_stale_cache()
