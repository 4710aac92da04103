"""A run without a ``search`` seat does not compile the search player (issue 27: the compile budget).

numba compiles every branch of a kernel, so a search call guarded only by ``policies[seat] ==
SEARCH`` (a run-time value) compiled the whole search into every play engine. Each play kernel
takes ``search_on``: None unless a seat searches (the sim caller decides), and every call into a
search module sits under ``if search_on is not None:``, a test on the argument itself, the only
form numba's dead-branch pruning removes before typing (so the search is never compiled for a
None). This checks that form in every play kernel that calls a search, and that the sim side
passes None for a run without a search seat.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAY_KERNELS = sorted(p for p in (ROOT / "kernels").glob("*/play.py")
                      if "search" in p.read_text(encoding="utf-8"))


def _search_names(tree: ast.Module) -> set[str]:
    """Names imported from a ``kernels.<game>.search*`` module."""
    return {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module and node.module.split(".")[-1].startswith("search") for a in node.names}


def _guarded(node: ast.AST) -> bool:
    return (isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "search_on" and isinstance(node.test.ops[0], ast.IsNot)
            and isinstance(node.test.comparators[0], ast.Constant) and node.test.comparators[0].value is None)


def _unguarded_calls(tree: ast.Module, names: set[str]) -> list[str]:
    bad = []

    def walk(node, guarded, params):
        if isinstance(node, ast.FunctionDef):
            params = {a.arg for a in node.args.args}
            guarded = False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
            if not guarded or "search_on" not in params:
                bad.append(f"line {node.lineno}: {node.func.id}")
        if _guarded(node):
            for child in node.body:
                walk(child, True, params)
            for child in node.orelse:
                walk(child, guarded, params)
            return
        for child in ast.iter_child_nodes(node):
            walk(child, guarded, params)

    walk(tree, False, set())
    return bad


def test_the_climbing_play_kernels_are_found():
    assert len(PLAY_KERNELS) >= 6, PLAY_KERNELS


@pytest.mark.parametrize("path", PLAY_KERNELS, ids=[p.parent.name for p in PLAY_KERNELS])
def test_every_search_call_is_pruned_without_a_search_seat(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = _search_names(tree)
    assert names, f"{path}: no search imported"
    assert _unguarded_calls(tree, names) == []


def test_the_check_sees_an_unguarded_call():
    src = ("from kernels.x.search import search_move\n"
           "def play_hand(a, search_on):\n"
           "    if search_on is not None:\n"
           "        search_move(a)\n"
           "    if a == 3:\n"
           "        search_move(a)\n")
    assert _unguarded_calls(ast.parse(src), {"search_move"}) == ["line 6: search_move"]


@pytest.mark.parametrize("game", [p.parent.name for p in PLAY_KERNELS])
def test_the_sim_side_passes_none_without_a_search_seat(game):
    """The caller of ``play_range`` gives None unless a seat is ``search``."""
    play = ROOT / "sim" / "games" / game / "play.py"
    text = play.read_text(encoding="utf-8")
    assert 'True if "search" in spec.options["policies"] else None' in text
