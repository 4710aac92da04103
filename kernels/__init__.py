"""numba kernels of paiju: plain arrays and scalars in and out, compiled on first use (cache=True).

Importing this package compiles nothing; each kernel module documents its encodings where they
are defined (``kernels.cards``, ``kernels.hand``, ``kernels.layout``, ``kernels.climb.moves``).

Layout: shared building blocks (RNG, dealing, card and hand encodings, row layouts) are modules
at this level; each engine family (``climb/``) and each game's (or game family's) own kernels
is a subpackage named after it.

numba's on-disk cache of a function is keyed on its own source file only, but kernels inline
functions and constants from one another: after an edit to a row layout a cached caller would
keep the old offsets. So each kernel package drops its cache (its ``__pycache__``) when any
source of the package, or of a kernel package it imports (transitively), differs from the
sources the cache was built from. An edit to one game therefore recompiles that game only;
an edit here or to a family recompiles what uses it. The cache is dropped where numba keeps it:
the folder ``NUMBA_CACHE_DIR`` names when that is set, else the package's ``__pycache__`` (and
numba's per-user folder, where it caches an install it cannot write to).

Compile cost (the budget: one game's play engine in a minute and 2 GB): numba compiles a callee
once per distinct argument *type*, and an int literal is a type of its own (``f(x, 3)`` and
``f(x, 4)`` are two compiles of ``f``; so is ``n = 0`` passed before ``n`` is reassigned).
Kernels therefore pass ``np.int64(...)`` values where a call would otherwise take a literal,
and keep ``inline="always"`` for small helpers on the hot path (each inlined call copies the
callee into its caller).
"""

from __future__ import annotations

import re
from pathlib import Path

_ROOT = Path(__file__).resolve().parent
_IMPORT = re.compile(r"^\s*(?:from|import)\s+(kernels(?:\.\w+)*)(?:\s+import\s+([\w, ()]+))?", re.M)


def _package_of(module: str) -> str:
    """The kernel package a dotted module name lives in (``kernels.climb.loop`` → ``kernels.climb``)."""
    parts = module.split(".")
    path = _ROOT.joinpath(*parts[1:])
    return module if path.is_dir() else ".".join(parts[:-1])


def _imports(package: str) -> set[str]:
    """Kernel packages imported by the modules of ``package`` (not recursive into subpackages)."""
    out: set[str] = set()
    for path in sorted(_ROOT.joinpath(*package.split(".")[1:]).glob("*.py")):
        for m in _IMPORT.finditer(path.read_text(encoding="utf-8")):
            module, names = m.group(1), m.group(2)
            if names and module == "kernels":  # from kernels import climb / rng
                for name in re.findall(r"\w+", names):
                    if name != "as":
                        out.add(_package_of(f"kernels.{name}"))
            else:
                out.add(_package_of(module))
    return out


def _closure(package: str) -> list[str]:
    seen, todo = set(), [package]
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo += sorted(_imports(p) - seen)
    return sorted(seen)


def _cache_dirs(package_dir: Path) -> list[Path]:
    """The folders numba may keep ``package_dir``'s cache in, as its cache locators choose them
    (``numba.core.caching``): ``NUMBA_CACHE_DIR``'s folder for that source folder when the
    variable is set; else the package's ``__pycache__``, or the per-user folder where that is not
    writable."""
    from numba.core import config
    from numba.core.caching import UserProvidedCacheLocator, UserWideCacheLocator
    from numba.misc.appdirs import AppDirs

    source = str(package_dir / "__init__.py")  # the locators name the folder after the source's folder
    if config.CACHE_DIR:
        return [Path(config.CACHE_DIR) / UserProvidedCacheLocator.get_suitable_cache_subpath(source)]
    user = Path(AppDirs(appname="numba", appauthor=False).user_cache_dir)
    return [package_dir / "__pycache__", user / UserWideCacheLocator.get_suitable_cache_subpath(source)]


def drop_stale_cache(package: str) -> None:
    """Drop ``package``'s numba cache if its sources or those of its kernel imports changed."""
    import hashlib

    digest = hashlib.sha256()
    for pkg in _closure(package):
        for path in sorted(_ROOT.joinpath(*pkg.split(".")[1:]).glob("*.py")):
            digest.update(str(path.relative_to(_ROOT)).encode())
            digest.update(path.read_bytes())
    want = digest.hexdigest()
    where, *fallback = _cache_dirs(_ROOT.joinpath(*package.split(".")[1:]))
    for cache in [where] + [d for d in fallback if d.is_dir()]:  # (a fallback numba never used: nothing to drop)
        stamp = cache / "paiju-kernels.sha256"
        try:
            if stamp.read_text() == want:
                continue
        except OSError:
            pass
        try:
            cache.mkdir(parents=True, exist_ok=True)
            for old in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
                old.unlink(missing_ok=True)
            stamp.write_text(want)
        except OSError:  # a read-only install: numba then caches in the per-user folder
            pass


drop_stale_cache(__name__)
