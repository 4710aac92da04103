"""``paiju tune`` / ``sim.tune`` on a real game (斗地主): the answer equals a pandas computation on the
run's hands, the held-out and fresh-seed checks are the same setting rescored on other hands, play
options are refused without --replay and searched with it, and every mistake is one line."""

from __future__ import annotations

import numpy as np
import pytest
from typer.testing import CliRunner

import sim
from sim.cli import app

N = 2000


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("tune") / "ddz"
    sim.play("doudizhu", N, seed=11, out=out, progress=False)
    return out


def landlord_money(df: np.ndarray, base: float = 1.0) -> np.ndarray:
    """Per hand with a landlord: the landlord's money (stored at base 1), times ``base``."""
    money = df[["s0_money", "s1_money", "s2_money"]].to_numpy()
    ll = df["landlord"].to_numpy()
    has = ll >= 0
    return base * money[np.arange(len(df)), np.maximum(ll, 0)][has], has


def test_the_stake_meets_a_landlord_money_target_it_scales_linearly(run_dir):
    """money.landlord is proportional to ``base``: the target 3 × (its value at base 1) is met by
    base = 3 exactly, whatever the hands; the held-out row is the second half of the game indices."""
    df = sim.open_run(run_dir).to_pandas().sort_values("game_index")
    first, second = df[df.game_index < N // 2], df[df.game_index >= N // 2]
    m1 = landlord_money(first)[0].mean()
    t = sim.tune(run_dir, ["base=1..6"], target=[f"money.landlord={float(3 * m1)!r}"])
    assert t.feasible and t.best == {"base": 3}
    (searched, held) = t.report.sections[0].stats
    assert float(searched.cells[2]) == pytest.approx(3 * m1, rel=1e-4)
    assert held.cells[0].startswith("held out")
    assert float(held.cells[2]) == pytest.approx(landlord_money(second, 3.0)[0].mean(), rel=1e-4)
    best = t.result.best
    x = landlord_money(first, 3.0)[0]
    assert best.lhs[0].se == pytest.approx(x.std(ddof=1) / np.sqrt(len(x)), rel=1e-6)


def test_hands_tunes_on_the_first_game_indices(run_dir):
    df = sim.open_run(run_dir).to_pandas().sort_values("game_index")
    t = sim.tune(run_dir, ["base=1,2"], target=["money.landlord=0"], hands=600)
    assert t.result.n_search == 300 and t.result.checks[0].n_units == 300
    x = landlord_money(df[(df.game_index >= 300) & (df.game_index < 600)], 1.0)[0]
    assert t.result.checks[0].lhs[0].value == pytest.approx(x.mean(), rel=1e-9)
    res = CliRunner().invoke(app, ["tune", str(run_dir), "--vary", "base=1,2", "--target", "money.landlord=0",
                                   "--hands", "2"])
    assert res.exit_code == 2 and "--hands must be at least 4" in res.output


def test_an_unreachable_target_is_infeasible_in_the_cli(run_dir):
    res = CliRunner().invoke(app, ["tune", str(run_dir), "--vary", "bomb_factor=1..3", "--target",
                                   "money.landlord=-1000", "-f", "md"])
    assert res.exit_code == 0, res.output
    assert "**⚠ INFEASIBLE: target money.landlord = -1000 is not met" in res.output


def test_confirm_seed_rescores_a_fresh_run_of_the_same_players(run_dir):
    t = sim.tune(run_dir, ["bomb_factor=1,2,3"], target=["money.landlord=0"], confirm_seed=12)
    check = t.result.checks[-1]
    assert check.label == "fresh run, seed 12"
    fresh = sim.play("doudizhu", N, seed=12, rules={"bomb_factor": t.best["bomb_factor"]}, progress=False)
    x = landlord_money(fresh.to_pandas())[0]
    assert check.lhs[0].value == pytest.approx(x.mean(), rel=1e-9)


def test_headline_metrics_share_and_tail_can_be_targets(run_dir):
    df = sim.open_run(run_dir).to_pandas().sort_values("game_index")
    first = df[df.game_index < N // 2]
    t = sim.tune(run_dir, ["spring_factor=1,2"], constraint=['"P(landlord wins)" >= 0', "tail(1000) <= 1"],
                 minimise="share.f_spring")
    assert t.best == {"spring_factor": 1}  # a factor of 1 moves nothing
    has = first.landlord >= 0
    assert t.result.best.lhs[0].value == pytest.approx(first.landlord_won[has].mean())


def test_a_play_option_is_refused_without_replay(run_dir):
    res = CliRunner().invoke(app, ["tune", str(run_dir), "--vary", "trio_pair=true,false", "--target",
                                   "money.landlord=0"])
    assert res.exit_code == 2
    assert res.output.startswith("error: --vary trio_pair: trio_pair changes how the game is played")
    assert "--replay" in res.output and res.output.count("\n") == 1


@pytest.mark.parametrize("args, message", [
    (["--vary", "bomb_factor"], "--vary expects KEY=LO..HI"),
    (["--vary", "bomb_facto=1..3"], "did you mean 'bomb_factor'"),
    (["--vary", "bomb_factor=1.5..3"], "integer option"),
    (["--vary", "bomb_factor=a,b"], "must be an integer"),
    (["--vary", "bomb_factor=1..3", "--target", "money.landlord<0"], "a constraint is --constraint"),
    (["--vary", "bomb_factor=1..3", "--target", "money.landlords=0"], "did you mean 'landlord'"),
    (["--vary", "bomb_factor=1..3", "--target", "share.bombs=0"], "did you mean 'f_bombs'"),
    (["--vary", "bomb_factor=1..3"], "give at least one goal"),
    (["--target", "money.landlord=0"], "give at least one --vary"),
    (["--vary", "bomb_factor=1..3", "--target", "money.landlord=0", "--confirm-seed", "11"], "the run's own seed"),
    (["--vary", "bomb_factor=1..3", "--target", "money.landlord=0", "-f", "html"], "--format html needs --out"),
])
def test_cli_mistakes_are_one_line(run_dir, args, message):
    res = CliRunner().invoke(app, ["tune", str(run_dir), *args])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: ") and message in res.output and res.output.count("\n") == 1


def test_md_and_html_reports_carry_the_plots(run_dir, tmp_path):
    runner = CliRunner()
    args = ["tune", str(run_dir), "--vary", "bomb_factor=1..4", "--vary", "spring_factor=1,2",
            "--target", "money.landlord=2", "--constraint", "share.f_bombs<=0.5"]
    res = runner.invoke(app, args + ["-f", "md", "-o", str(tmp_path / "t.md")])
    assert res.exit_code == 0, res.output
    pngs = sorted(p.name for p in (tmp_path / "t_files").iterdir())
    assert pngs == ["tune_0_bomb_factor.png", "tune_0_spring_factor.png", "tune_1_bomb_factor.png",
                    "tune_1_spring_factor.png", "tune_front.png"]
    res = runner.invoke(app, args + ["-f", "html", "-o", str(tmp_path / "t.html")])
    assert res.exit_code == 0 and (tmp_path / "t.html").read_text().count("data:image/png;base64") == 5
    t = sim.tune(run_dir, ["bomb_factor=1..3"], target=["money.landlord=2"])  # from Python: one plot, no front
    assert t.write(tmp_path / "p.html", "html") == [tmp_path / "p.html"]
    assert (tmp_path / "p.html").read_text().count("data:image/png;base64") == 1
    with pytest.raises(sim.PaijuError, match="--format must be"):
        t.write(tmp_path / "p.pdf", "pdf")


def test_replay_tunes_a_play_option_by_successive_halving(run_dir):
    t = sim.tune(run_dir, ["trio_pair=true,false", "four_two_pairs=true,false"], target=["money.landlord=0"],
                 replay=True, n=400, confirm_seed=12)
    rounds = t.rounds
    first = [r for r in rounds if r[0] == 1]
    last = [r for r in rounds if r[0] == max(r[0] for r in rounds)]
    assert len(first) == 4 and first[0][1] == 200 and len(last) == 2 and last[0][1] == 400
    assert t.best is not None and set(t.best) == {"trio_pair", "four_two_pairs"}
    # the answer's figure is that of the setting played on the run's first 400 deals
    direct = sim.play("doudizhu", 400, seed=11, rules=t.best, progress=False).to_pandas()
    assert t.result.best.lhs[0].value == pytest.approx(landlord_money(direct)[0].mean(), rel=1e-9)
    fresh = sim.play("doudizhu", 400, seed=12, rules=t.best, progress=False).to_pandas()
    (check,) = t.result.checks
    assert check.label == "fresh deals, seed 12"
    assert check.lhs[0].value == pytest.approx(landlord_money(fresh)[0].mean(), rel=1e-9)
    with pytest.raises(sim.PaijuError, match="--replay needs -n"):
        sim.tune(run_dir, ["trio_pair=true,false"], target=["money.landlord=0"], replay=True)


def test_the_tuner_knows_a_game_only_by_its_interface(tmp_path):
    """The toy game of tests/toy: seat 0's money is linear in ace_multiplier (m): A + m·B per hand
    (B: the ace wins); the target set at m = 3 by pandas is met by m = 3 and by nothing else."""
    from sim import registry

    registry.register("toy", "tests.toy")
    try:
        run = sim.play("toy", 4000, seed=2, policy="high,random", out=tmp_path / "toy", progress=False)
        df = run.to_pandas().sort_values("game_index")
        first = df[df.game_index < 2000]
        sign = np.where(first.winner == 0, 1.0, -1.0)
        want = np.where(first.ace, 3.0 * sign, sign).mean()
        t = run.tune(["ace_multiplier=0..40"], target=[f"money.seat0={float(want)!r}"], budget=20)
        assert "bisection" in t.result.search.method  # 41 values > budget 20: a scan, then bisection
        assert t.best == {"ace_multiplier": 3} and t.feasible
        assert t.result.best.lhs[0].value == pytest.approx(want, rel=1e-12)
        with pytest.raises(sim.PaijuError, match="hand_size changes how the game is played"):
            run.tune(["hand_size=1,3"], target=["money.seat0=0"])
    finally:
        registry.GAMES.pop("toy")


def test_a_real_option_meets_its_target_by_brentq_on_a_real_game():
    """港式五张 pays chip_value per chip: seat 0's money is linear in it, so the target 2.5 × (its
    value at 1.0) on the searched half is met by chip_value = 2.5 to the root finder's precision."""
    run = sim.play("hkstud", 2000, seed=3, progress=False)
    df = run.to_pandas().sort_values("game_index")
    m1 = df[df.game_index < 1000].s0_money.mean()
    t = run.tune(["chip_value=0.5..4"], target=[f"money.seat0={float(2.5 * m1)!r}"])
    assert "brentq" in t.result.search.method and t.feasible
    assert t.best["chip_value"] == pytest.approx(2.5, abs=1e-6)
