"""Kernels take a declared state, not two dozen arrays: no function of a kernel package (a numba
kernel or the plain-Python entry point over it, which takes a state and a run vector) has more than
``MAX_PARAMS`` parameters, and no package keeps its own copy of a search world."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

KERNELS = Path(__file__).resolve().parents[2] / "kernels"
MAX_PARAMS = 10
PACKAGES = sorted(p.name for p in KERNELS.iterdir() if p.is_dir() and (p / "__init__.py").exists())


def long_signatures(package: str) -> list[str]:
    out = []
    for path in sorted((KERNELS / package).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                n = len(node.args.args) + len(node.args.kwonlyargs)
                if n > MAX_PARAMS:
                    out.append(f"{path.relative_to(KERNELS.parent)}:{node.lineno} {node.name} takes {n}")
    return out


@pytest.mark.parametrize("package", PACKAGES)
def test_no_kernel_takes_more_than_ten_parameters(package):
    assert long_signatures(package) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_copies_a_world_by_hand(package):
    """Worlds are ``kernels.state.clone`` / ``copy_into`` of a declared state."""
    hits = [f"{p.name}" for p in (KERNELS / package).glob("*.py") if "def _copy_world" in p.read_text(encoding="utf-8")]
    assert hits == []
