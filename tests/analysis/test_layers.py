"""The layers have no cycle: ``sim`` (the simulator: CLI, registry, runner, writer, the games)
imports ``analysis``, never the reverse. ``analysis`` is a library that takes what it needs as
arguments (the ``Game``, the run, a ``Source``); dispatch from a run to its game is in ``sim``
(``sim.reports``, ``sim.rescore``). Every import statement counts, inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

ANALYSIS = Path(__file__).resolve().parents[2] / "analysis"


def sim_imports(source: str) -> list[tuple[int, str]]:
    """(line, module) of every import of ``sim`` or a module under it in ``source``, at any depth."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        out += [(node.lineno, n) for n in names if n == "sim" or n.startswith("sim.")]
    return out


def test_no_module_in_analysis_imports_sim():
    offenders = [f"analysis/{p.relative_to(ANALYSIS)}:{line}: {name}"
                 for p in sorted(ANALYSIS.rglob("*.py")) for line, name in sim_imports(p.read_text(encoding="utf-8"))]
    assert not offenders, "analysis/ imports sim (pass what it needs as arguments):\n" + "\n".join(offenders)


def test_the_check_sees_imports_inside_functions():
    code = ("import numpy\nfrom simulation import x\n\ndef f():\n    from sim.registry import load_game\n"
            "    import sim.api as api\n    from analysis import sim\n")
    assert sim_imports(code) == [(5, "sim.registry"), (6, "sim.api")]
    assert len(list(ANALYSIS.rglob("*.py"))) > 10
