"""The command line: user mistakes are one line and exit 2, with no output left behind."""

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from sim.cli import app

runner = CliRunner()


def _run(*args):
    return runner.invoke(app, list(args))


@pytest.mark.parametrize(
    "args, message",
    [
        (["census", "nosuchgame", "-n", "10"], "unknown game 'nosuchgame'"),
        (["census", "xiantao", "-n", "0"], "-n must be a positive"),
        (["census", "xiantao", "-n", "-5"], "-n must be a positive"),
        (["census", "xiantao", "-n", "10", "--threads", "0"], "--threads must be between 1"),
        (["census", "xiantao", "-n", "10", "--threads", "999"], "--threads must be between 1"),
        (["census", "xiantao", "-n", "10", "--variant", "nope"], "unknown variant 'nope'"),
        (["census", "xiantao", "-n", "10", "--set", "grade.huge=3"], "unknown option 'grade.huge'"),
        (["census", "xiantao", "-n", "10", "--set", "grade.da_qing=yes"], "option 'grade.da_qing' must be an integer"),
        (["census", "xiantao", "-n", "10", "--set", "call_card_rule=psychic"], "option 'call_card_rule' must be one of"),
    ],
)
def test_user_errors_are_one_line(tmp_path, args, message):
    out = tmp_path / "out"
    result = _run(*args, "--out", str(out))
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert not out.exists()


def test_bad_toml_and_unknown_key_in_toml(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("grade = [unclosed")
    result = _run("census", "xiantao", "-n", "10", "--rules", str(bad), "--out", str(tmp_path / "o1"))
    assert result.exit_code == 2 and "not valid TOML" in result.output
    unknown = tmp_path / "unknown.toml"
    unknown.write_text("[xi]\nnine = 12\n")
    result = _run("census", "xiantao", "-n", "10", "--rules", str(unknown), "--out", str(tmp_path / "o2"))
    assert result.exit_code == 2 and "unknown option 'xi.nine'" in result.output
    typed = tmp_path / "typed.toml"
    typed.write_text("pass_locks_trick = 1\n")
    result = _run("census", "xiantao", "-n", "10", "--rules", str(typed), "--out", str(tmp_path / "o3"))
    assert result.exit_code == 2 and "option 'pass_locks_trick' must be true or false" in result.output
    missing = _run("census", "xiantao", "-n", "10", "--rules", str(tmp_path / "nope.toml"), "--out", str(tmp_path / "o4"))
    assert missing.exit_code == 2 and "cannot read rules file" in missing.output
    assert not any((tmp_path / f"o{i}").exists() for i in range(1, 5))


def test_toml_overrides_reach_the_manifest(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("max_wilds_in_510k = 2\n[xi]\neight = 9\n")
    result = _run("census", "xiantao", "-n", "2000", "--rules", str(rules), "--out", str(tmp_path / "r"), "--quiet")
    assert result.exit_code == 0, result.output
    import json

    manifest = json.loads((tmp_path / "r" / "_run.json").read_text())
    assert manifest["ruleset"]["xi.eight"] == 9 and manifest["ruleset"]["max_wilds_in_510k"] == 2


def test_unreadable_run_directory_is_one_line(tmp_path):
    result = _run("report", str(tmp_path / "missing"))
    assert result.exit_code == 2
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1


def test_games_lists_every_variant_of_every_game():
    result = _run("games", "--long")
    assert result.exit_code == 0
    from sim.registry import GAMES, load_game

    text = result.output
    for name in GAMES:
        game = load_game(name)
        start = 0 if text.startswith(f"{name} ") else text.index(f"\n{name} ") + 1
        assert f"offers: {', '.join(game.offers())}" in text[start:].splitlines()[1]
        for variant, v in game.variants.items():
            assert f"--variant {variant}" in text and v.doc in text, (name, variant)
    assert "--variant openspiel" in text and "--variant extra-x4" in text and "--variant dagong-room" in text


def test_help_is_instant_and_imports_nothing_heavy():
    code = "import sys, sim.cli; print(any(m in sys.modules for m in ('numba', 'pyarrow', 'pandas', 'numpy')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    out = subprocess.run([sys.executable, "-m", "sim.cli", "--help"], capture_output=True, text=True, check=True)
    assert "warm-up" in out.stdout and "census" in out.stdout  # speed is what the import check above guards


def test_readme_table_of_commands_is_what_the_games_offer():
    """The README's offers table is the one ``python -m sim.docs`` generates from the registry: a
    game registered (or an offer added) makes this fail until the table is regenerated."""
    from sim import docs

    text = docs.README.read_text(encoding="utf-8")
    assert docs.TABLE_START in text and docs.TABLE_END in text
    assert docs.readme_with_table(text) == text, "the README's offers table is stale: run python -m sim.docs --write"


def test_offer_columns_keep_the_order_of_every_game():
    from sim.docs import offer_columns

    assert offer_columns([["census", "play", "replay", "--duplicate", "--hands-per-session"],
                          ["play", "replay", "--duplicate", "--fix"], ["census", "play", "sweep"]]) == \
        ["census", "play", "sweep", "replay", "--duplicate", "--fix", "--hands-per-session"]


def test_a_registered_game_is_in_the_generated_table(monkeypatch):
    from sim import docs, registry

    monkeypatch.setitem(registry.GAMES, "toy", "tests.toy")
    row = next(line for line in docs.offers_table().splitlines() if line.startswith("| `toy` |"))
    header = docs.offers_table().splitlines()[0]
    marks = dict(zip([c.strip(" `") for c in header.strip("|").split("|")][1:], [m.strip() for m in row.strip("|").split("|")][1:]))
    assert {c for c, m in marks.items() if m == "yes"} == set(registry.load_game("toy").offers())


