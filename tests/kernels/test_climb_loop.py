"""The climbing engine's shared steps: the action log never truncates a play, and each kernel
package's numba cache depends on exactly the kernel packages it imports."""

from __future__ import annotations

import numpy as np
import pytest

from kernels.climb.loop import LOG_CARDS, LOG_MAX_CARDS, LOG_NCARDS, LOG_WIDTH, log_action
from kernels.climb.moves import MOVE_FIELDS


def test_a_logged_play_keeps_all_its_cards():
    log = np.zeros((4, LOG_WIDTH), np.int64)
    move = np.array([4, 3, 14, 6, -1, 1, 0][:MOVE_FIELDS], np.int64)  # a 14-card bomb
    played = np.arange(32, dtype=np.int64)
    n = log_action(log, 0, 1, 0, move, played, 14, False)
    assert n == 1 and log[0, LOG_NCARDS] == 14 and log[0, LOG_CARDS:LOG_CARDS + 14].tolist() == list(range(14))
    n = log_action(log, n, 2, 0, move, played, LOG_MAX_CARDS, False)
    assert log[1, LOG_CARDS:LOG_CARDS + LOG_MAX_CARDS].tolist() == list(range(LOG_MAX_CARDS))
    with pytest.raises(ValueError, match="more cards than the log row holds"):
        log_action(log, n, 3, 0, move, played, LOG_MAX_CARDS + 1, False)


def test_cache_closure_is_per_package():
    """An edit to one game's kernels drops that game's cache only; an edit to a shared block or a
    family drops every package that imports it."""
    import kernels

    xiantao, landlord = kernels._closure("kernels.xiantao"), kernels._closure("kernels.landlord")
    assert xiantao == ["kernels", "kernels.climb", "kernels.xiantao"]
    assert landlord == ["kernels", "kernels.climb", "kernels.landlord"]
    assert kernels._closure("kernels.climb") == ["kernels", "kernels.climb"]
    assert kernels._closure("kernels") == ["kernels"]


def test_a_stale_cache_is_dropped(tmp_path, monkeypatch):
    """A package's cached kernels go when a source it depends on changes, and stay otherwise."""
    import kernels

    root = tmp_path / "kernels"
    (root / "game").mkdir(parents=True)
    (root / "other").mkdir()
    (root / "block.py").write_text("X = 1\n")
    (root / "game" / "play.py").write_text("from kernels.block import X\n")
    (root / "other" / "play.py").write_text("Y = 2\n")
    for pkg in ("game", "other"):
        cache = root / pkg / "__pycache__"
        cache.mkdir()
        (cache / "play.f-1.nbi").write_text("cached")
    monkeypatch.setattr(kernels, "_ROOT", root)
    for pkg in ("kernels.game", "kernels.other"):
        kernels.drop_stale_cache(pkg)  # first stamp: nothing to compare with, caches go
    for pkg in ("game", "other"):
        (root / pkg / "__pycache__" / "play.f-1.nbi").write_text("cached")
    kernels.drop_stale_cache("kernels.game")
    kernels.drop_stale_cache("kernels.other")
    assert (root / "game" / "__pycache__" / "play.f-1.nbi").exists()  # nothing changed: kept
    (root / "block.py").write_text("X = 2\n")
    kernels.drop_stale_cache("kernels.game")
    kernels.drop_stale_cache("kernels.other")
    assert not (root / "game" / "__pycache__" / "play.f-1.nbi").exists()  # its dependency changed
    assert (root / "other" / "__pycache__" / "play.f-1.nbi").exists()  # does not import it: kept
