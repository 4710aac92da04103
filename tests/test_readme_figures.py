"""The README's figures can be reprinted: each registered figure (benchmarks/readme_figures.py) is
in the README as registered, each block of printed results starts with the command that prints
them and its section says when it was measured, and the reprint script flags a changed figure."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _figures_module():
    spec = importlib.util.spec_from_file_location("readme_figures", ROOT / "benchmarks" / "readme_figures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["readme_figures"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


figures = _figures_module()


def _result_blocks():
    """(code block body, README text before it) for every ``` block holding `#   ` result lines."""
    for m in re.finditer(r"^```[^\n]*\n(.*?)^```", README, re.S | re.M):
        if re.search(r"^#   ", m.group(1), re.M):
            yield m.group(1), README[:m.start()]


@pytest.mark.parametrize("fig", figures.FIGURES, ids=lambda f: f.id)
def test_every_registered_figure_is_in_the_readme_as_registered(fig):
    assert fig.readme in README, f"{fig.id}: the README no longer says {fig.readme!r}; re-measure and update both"
    assert re.compile(fig.pattern).groups >= 1
    assert re.fullmatch(r"20\d\d-\d\d-\d\d", fig.measured)
    if fig.band is None:  # an estimate by its seed: the command names one, and the README's text is its value
        assert "--seed" in fig.command and str(fig.expect) in fig.readme
    else:
        assert fig.band[0] < 1 < fig.band[1]


def test_figure_ids_are_unique_and_some_are_quick():
    ids = [f.id for f in figures.FIGURES]
    assert len(ids) == len(set(ids))
    assert any(f.quick for f in figures.FIGURES) and any(f.band is None for f in figures.FIGURES)


def test_every_block_of_results_starts_with_its_command_and_its_section_has_a_date():
    blocks = list(_result_blocks())
    assert len(blocks) >= 3
    for body, before in blocks:
        first = body.lstrip().splitlines()[0]
        assert re.match(r"(paiju|python) ", first), f"a block of results does not start with a command: {first!r}"
        section = re.split(r"^#{2,3} \S.*$", before, flags=re.M)[-1]
        assert re.search(r"20\d\d-\d\d-\d\d", section), f"no date in the section before the block {first!r}"


def test_same_text_rounds_to_the_readme_digits_and_no_further():
    assert figures.same_text("0.095986", "0.0960")
    assert figures.same_text("-1.1601", "-1.160")
    assert not figures.same_text("0.096086", "0.0960")
    assert not figures.same_text("12.7", "12.70 [x]")


def test_the_reprint_flags_a_changed_figure():
    band = figures.Figure("t", "t", "echo 'rate 2.0M'", r"rate ([\d.]+)M", 2.1, band=(0.9, 1.1))
    assert figures.run(band)[1] == "OK"
    assert figures.run(figures.Figure("t", "t", "echo 'rate 2.5M'", r"rate ([\d.]+)M", 2.1, band=(0.9, 1.1)))[1] == "STALE"
    assert figures.run(figures.Figure("t", "t", "echo 'P 0.12401'", r"P ([\d.]+)", "0.1235"))[1] == "STALE"
    assert figures.run(figures.Figure("t", "t", "echo 'P 0.12351'", r"P ([\d.]+)", "0.1235"))[1] == "OK"
    assert figures.run(figures.Figure("t", "t", "exit 3", r"P ([\d.]+)", "0.1"))[1] == "FAILED"
    per_cpu = figures.Figure("t", "t", "true", r"()", 1.0, band=(1e-9, 1e30), per_cpu=1.0)
    assert figures.run(per_cpu)[1] == "OK"
