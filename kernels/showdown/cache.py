"""Dropping numba's stale on-disk cache in kernel subpackages (until ``kernels/__init__.py`` does).

numba keys a cached function on its own source file only, but a kernel in ``kernels/<game>/``
inlines functions and constants from ``kernels/showdown/``, ``kernels/rng.py`` and its layout:
after an edit there, the cached caller would keep running the old code. ``kernels/__init__.py``
guards the top-level folder; this does the same for subpackages: on import of a subpackage, if
any kernel source (top level or subpackage) changed since its cache was written, the cache of
that subpackage is dropped. A few milliseconds.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

KERNELS = Path(__file__).resolve().parent.parent


def drop_stale_cache(package_init: str | Path) -> None:
    """Drop the numba files of the package whose ``__init__.py`` is ``package_init`` when any
    ``kernels/**/*.py`` changed since they were written."""
    here = Path(package_init).resolve().parent
    cache = here / "__pycache__"
    digest = hashlib.sha256()
    for path in sorted(KERNELS.rglob("*.py")):
        digest.update(str(path.relative_to(KERNELS)).encode())
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
