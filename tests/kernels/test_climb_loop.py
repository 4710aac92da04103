"""The climbing engine's shared steps: the action log never truncates a play, and each kernel
package's numba cache depends on exactly the kernel packages it imports."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kernels.climb.loop import (
    GS_LEN, GS_N_LOG, LOG_CARDS, LOG_MAX_CARDS, LOG_MOVE, LOG_NCARDS, LOG_WIDTH, log_pass, log_play,
)
from kernels.climb.moves import MOVE_FIELDS


def test_a_logged_play_keeps_all_its_cards():
    log = np.zeros((4, LOG_WIDTH), np.int64)
    gs = np.zeros(GS_LEN, np.int64)
    moves = np.array([[4, 3, 14, 6, -1, 1, 0][:MOVE_FIELDS]], np.int64)  # a 14-card bomb
    played = np.arange(32, dtype=np.int64)
    log_play(log, gs, 1, moves, 0, played, 14)
    assert gs[GS_N_LOG] == 1 and log[0, LOG_NCARDS] == 14 and log[0, LOG_CARDS:LOG_CARDS + 14].tolist() == list(range(14))
    log_play(log, gs, 2, moves, 0, played, LOG_MAX_CARDS)
    assert log[1, LOG_CARDS:LOG_CARDS + LOG_MAX_CARDS].tolist() == list(range(LOG_MAX_CARDS))
    with pytest.raises(ValueError, match="more cards than the log row holds"):
        log_play(log, gs, 3, moves, 0, played, LOG_MAX_CARDS + 1)
    log_pass(log, gs, 3)
    assert gs[GS_N_LOG] == 3 and log[2, LOG_NCARDS] == 0 and log[2, LOG_MOVE] == 0  # the PASS record


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


def _numba_cache_of(probe):
    """Where numba's own locators (``numba.core.caching``, the order numba tries them) cache a
    function of the source ``probe``: this is where a stale cache must be dropped."""
    from numba.core.caching import CacheImpl

    ns = {}
    exec(compile(probe.read_text(), str(probe), "exec"), ns)
    for locator in CacheImpl._locator_classes:
        found = locator.from_function(ns["f"], str(probe))
        if found is not None:
            return Path(found.get_cache_path())
    raise AssertionError("numba found no place to cache")


def _stale_tree(tmp_path, monkeypatch):
    """A kernels tree whose package ``game`` depends on ``block.py``; ``game/probe.py`` defines f."""
    import kernels

    root = tmp_path / "kernels"
    (root / "game").mkdir(parents=True)
    (root / "block.py").write_text("X = 1\n")
    (root / "game" / "play.py").write_text("from kernels.block import X\n")
    (root / "game" / "probe.py").write_text("def f():\n    return 1\n")
    monkeypatch.setattr(kernels, "_ROOT", root)
    return root


def _dropped_after_a_dependency_changes(root, cache):
    import kernels

    kernels.drop_stale_cache("kernels.game")  # the first stamp
    (cache / "probe.f-1.nbi").write_text("cached")
    kernels.drop_stale_cache("kernels.game")
    assert (cache / "probe.f-1.nbi").exists()  # nothing changed: kept
    (root / "block.py").write_text("X = 2\n")
    kernels.drop_stale_cache("kernels.game")
    return not (cache / "probe.f-1.nbi").exists()


def test_a_stale_cache_is_dropped_in_the_numba_cache_dir(tmp_path, monkeypatch):
    """With NUMBA_CACHE_DIR set numba caches outside the tree: the stale cache goes there."""
    from numba.core import config

    root = _stale_tree(tmp_path, monkeypatch)
    monkeypatch.setattr(config, "CACHE_DIR", str(tmp_path / "numba-cache"))
    cache = _numba_cache_of(root / "game" / "probe.py")
    assert cache.is_relative_to(tmp_path / "numba-cache")
    assert _dropped_after_a_dependency_changes(root, cache)
    assert not (root / "game" / "__pycache__").exists()  # nothing written beside the sources


def test_a_stale_cache_is_dropped_in_the_per_user_folder(tmp_path, monkeypatch):
    """An install numba cannot write to is cached in numba's per-user folder: a stale cache
    there goes too."""
    from numba.core import caching, config
    from numba.misc import appdirs

    class UserDirs:
        def __init__(self, **kw):
            self.user_cache_dir = str(tmp_path / "user-cache")

    root = _stale_tree(tmp_path, monkeypatch)
    monkeypatch.setattr(config, "CACHE_DIR", "")
    monkeypatch.setattr(caching, "AppDirs", UserDirs)
    monkeypatch.setattr(appdirs, "AppDirs", UserDirs)
    probe = root / "game" / "probe.py"
    cache = Path(caching.UserWideCacheLocator.from_function(lambda: 1, str(probe)).get_cache_path())
    assert cache.is_relative_to(tmp_path / "user-cache")
    assert _dropped_after_a_dependency_changes(root, cache)

def test_direction_end_rule_and_a_leader_who_cannot_play():
    """The hooks new games use: clockwise play, the game deciding the end, passing the lead."""
    from numba import njit

    from kernels.climb.loop import (
        CLOCKWISE, END_BY_GAME, GS_DIRECTION, GS_END_RULE, GS_LEN, GS_LONE_SIDE, GS_N_OUT, GS_TOP_SEAT, GS_TURN,
        SF_ROWS, advance, after_play, next_active, pass_lead,
    )

    @njit(cache=True)
    def scenario(direction, end_rule):
        hand_left = np.array([3, 0, 2, 1], np.int64)
        gs = np.zeros(GS_LEN, np.int64)
        gs[GS_DIRECTION] = direction
        gs[GS_END_RULE] = end_rule
        gs[GS_LONE_SIDE] = 1  # first player out ends the hand, unless the game decides
        gs[GS_TOP_SEAT] = -1
        flags = np.zeros((SF_ROWS, 4), np.int64)
        captured = np.zeros(4, np.int64)
        order = np.full(4, -1, np.int64)
        top = np.zeros(MOVE_FIELDS, np.int64)
        moves = np.zeros((1, MOVE_FIELDS), np.int64)
        moves[0, 0], moves[0, 2] = 1, 1
        first = next_active(0, hand_left, direction)
        leader = pass_lead(gs, 0, hand_left)  # seat 0 cannot lead
        over = after_play(gs, 3, 1, moves, 0, hand_left, flags, order, captured, top)  # seat 3 plays its last card
        ended = advance(gs, 3, hand_left, captured, flags, top, np.zeros(8, np.int64))
        return first, leader, over, gs[GS_N_OUT], ended, gs[GS_TURN]

    assert scenario(0, 0)[:4] == (2, 2, True, 1)  # counter-clockwise; the first out ends the hand
    nxt, leader, over, n_out, ended, turn = scenario(CLOCKWISE, END_BY_GAME)
    assert (nxt, leader, over, n_out) == (3, 3, False, 1)  # clockwise: 0 → 3; the game decides the end
    assert not ended and turn == 2  # seats 0 and 2 must still answer seat 3's play: clockwise from 3 is 2
