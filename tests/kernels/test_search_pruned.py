"""A run without a ``search`` seat does not compile the search player (issue 27: the compile budget).

numba compiles every branch of a kernel, so a search call guarded only by ``policies[seat] ==
SEARCH`` (a run-time value) compiled the whole search into every play engine. Each play kernel
takes ``search_on``: None unless a seat searches (the sim caller decides), and every call into a
search module sits under ``if search_on is not None:``, a test on the argument itself, the only
form numba's dead-branch pruning removes before typing (so the search is never compiled for a
None). This checks that form in every kernel module that calls the search player (a name starting with
``search`` from a ``search*`` module, or ``search.<name>`` of the module imported whole), and that
the sim side passes None for a run without a search seat.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (ROOT / "kernels").glob("*/play.py") if (p.parent / "search.py").exists())


def _search_names(tree: ast.Module) -> set[str]:
    """The search player's entry points a module imports: ``search*`` names from a
    ``kernels.<game>.search*`` module, and ``search`` itself when the module is imported whole."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kernels."):
            from_search = node.module.split(".")[-1].startswith("search")
            for a in node.names:
                if (from_search and a.name.startswith("search")) or (not from_search and a.name == "search"):
                    out.add(a.asname or a.name)
    return out


def _callee(node: ast.Call) -> str | None:
    """``f`` of ``f(...)``, or ``m`` of ``m.f(...)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
        return node.func.value.id
    return None


def _callers(game: Path) -> list[Path]:
    """The game's modules, other than its search modules, that import the search player."""
    return [p for p in sorted(game.glob("*.py")) if not p.name.startswith("search")
            and _search_names(ast.parse(p.read_text(encoding="utf-8")))]


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
        if isinstance(node, ast.Call) and _callee(node) in names:
            if not guarded or "search_on" not in params:
                bad.append(f"line {node.lineno}: {_callee(node)}")
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


def test_the_climbing_games_with_search_are_found():
    assert len(GAMES) >= 6, GAMES


@pytest.mark.parametrize("game", GAMES, ids=[p.name for p in GAMES])
def test_every_search_call_is_pruned_without_a_search_seat(game):
    callers = _callers(game)
    assert callers, f"{game}: nothing calls its search player"
    for path in callers:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert _unguarded_calls(tree, _search_names(tree)) == [], path.name


def test_the_check_sees_an_unguarded_call():
    src = ("from kernels.x.search import search_move\n"
           "def play_hand(a, search_on):\n"
           "    if search_on is not None:\n"
           "        search_move(a)\n"
           "    if a == 3:\n"
           "        search_move(a)\n")
    assert _unguarded_calls(ast.parse(src), {"search_move"}) == ["line 6: search_move"]
    src = ("from kernels.x import search\n"
           "def play_on(a, search_on):\n"
           "    if a:\n"
           "        search.search_move(a)\n")
    assert _search_names(ast.parse(src)) == {"search"}
    assert _unguarded_calls(ast.parse(src), {"search"}) == ["line 4: search"]


@pytest.mark.parametrize("game", [p.name for p in GAMES])
def test_the_sim_side_passes_none_without_a_search_seat(game):
    """The caller of ``play_range`` gives None unless a seat is ``search``."""
    play = ROOT / "sim" / "games" / game / "play.py"
    text = play.read_text(encoding="utf-8")
    assert 'True if "search" in spec.options["policies"] else None' in text
