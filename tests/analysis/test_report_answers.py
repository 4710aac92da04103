"""Reports answer the designer's question (issue 26 item 5): a rescored run says so at the top,
仙桃千分's headline counts wilds in 7张/8张, 牛牛's headline says what removes 庄家's edge, and a
landlord game's balance lists only the scoring components the game declares."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

from analysis.estimators import Stat
from analysis.report import HEADLINE, Report
from sim import registry
from sim.cli import app
from sim.ruleset import apply_overrides

runner = CliRunner()


def _ok(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_rescored_runs_report_says_so_at_the_top(tmp_path):
    registry.register("toy", "tests.toy")
    try:
        run, rescored = tmp_path / "run", tmp_path / "rescored"
        _ok("play", "toy", "-n", 200, "--out", run, "-q")
        _ok("rescore", run, "--out", rescored, "--set", "stake=3")
        from sim.reports import build_report
        from analysis.runs import open_run

        rep = build_report(open_run(rescored))
        assert rep.title.startswith("RESCORED")
        assert rep.summary[0].startswith("RESCORED: the hands of ") and "stake 1→3" in rep.summary[0]
        assert str(run.resolve()) in rep.summary[0]
        plain = build_report(open_run(run))
        assert not plain.title.startswith("RESCORED") and not any("RESCORED" in line for line in plain.summary)
    finally:
        registry.GAMES.pop("toy", None)


def test_headline_notes_are_shown_with_the_headline():
    s = Stat.proportion("P(x)", 3, 10)
    rep = Report("t", headline=[s], headline_notes=["the finding"])
    head = rep.display_sections()[0]
    assert head.title == HEADLINE and head.notes == ["the finding"]
    assert "_the finding_" in rep.to_markdown()


def test_xiantao_census_headline_counts_wilds(census_run):
    from sim.reports import build_report
    from analysis.runs import open_run

    rep = build_report(open_run(census_run))
    names = [s.name for s in rep.headline]
    assert names[:2] == ["P(7张+ with wilds)", "P(8张+ with wilds)"]
    seven = rep.headline[0]
    assert seven.exact == pytest.approx(0.2143874, abs=1e-6)  # exact: Σ_w P(w wilds)·P(a rank reaches 7 − w)
    assert seven.consistent(5)


def _balancing(rules):
    from sim.games.niuniu.exact import balancing_multiplier
    from sim.games.niuniu.rules import CATEGORY_FIELDS

    return [Stat(f"m* {f} (multipliers.{f})", 0.0, 0.0, 0.0, balancing_multiplier(rules, f), 0.0, 1, 1.0)
            for f in CATEGORY_FIELDS]


def test_niuniu_headline_says_what_removes_the_bankers_edge():
    from sim.games.niuniu.report_play import edge_finding

    game = registry.load_game("niuniu")
    rules = game.rules()
    line = edge_finding(rules, _balancing(rules))
    assert "no single multiplier removes it" in line and "banker_advantage = false does (edge exactly 0)" in line
    fair = apply_overrides(rules, game.variants["no-advantage"].overrides)
    assert "no edge" in edge_finding(fair, [])
    one = [Stat("m* niuniu (multipliers.niuniu)", 0, 0, 0, 3.25, 0, 1, 1.0)]
    assert "removed by one multiplier alone at m* niuniu = 3.25" in edge_finding(rules, one)


def _random_facts(game, rules, n_seats, n=4000, seed=3):
    rng = np.random.default_rng(seed)
    ranges = {"landlord": n_seats, "landlord_won": 2, "bid": (1, 4), "qiang": 3, "mingpai": 2, "bombs_played": 4,
              "rockets_played": 2, "tianwang_played": 2, "spring": 2, "fanchun": 2, "huangfan": 3, "mingwang": 2,
              "touliao": 2, "baodao": 3, "baodao_sets": (1, 3)}
    facts = {}
    for name in game.scoring.facts(rules, n_seats):
        lo, hi = ranges[name] if isinstance(ranges[name], tuple) else (0, ranges[name])
        facts[name] = rng.integers(lo, hi, n)
    return facts


@pytest.mark.parametrize("name", ["doudizhu", "doudizhu4", "shanghai"])
def test_landlord_balance_lists_the_components_the_game_has(name):
    game = registry.load_game(name)
    declared = set(game.scoring.component_labels)
    moved = set()
    for variant in game.variants.values():
        rules = apply_overrides(game.rules(), variant.overrides)
        n = game.seats(rules)
        facts = _random_facts(game, rules, n)
        comps = game.scoring.components(facts, game.scoring.score(facts, rules, n), rules, n)
        for key, value in comps.items():
            if np.any(np.asarray(value) != 0):
                moved.add(key)
    assert moved <= declared, moved - declared  # nothing the game moves money by is left out
    assert declared <= moved, declared - moved  # no row of zeros (荒番, 明王, 头撂, 报到 in 斗地主)
    if name.startswith("doudizhu"):
        assert not declared & {"f_huangfan", "f_mingwang", "f_touliao", "f_baodao"}
